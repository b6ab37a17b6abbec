// textDocument/codeLens: concatenates the registered providers' lenses.
#include "lsp/features.h"
#include "lsp/language_server.h"

namespace pt2bb {

void install_code_lens(LanguageServer& server) {
  server.capabilities()["codeLensProvider"] = protocol::json{{"resolveProvider", false}};
  server.on_request("textDocument/codeLens", [&server](const protocol::json& params, ReplyOnce& reply) {
    protocol::TextDocumentIdentifier td;
    if (!params.is_object() || !params.contains("textDocument"))
      throw protocol::RpcError(protocol::ErrorCode::InvalidParams, "params.textDocument: missing");
    protocol::from_json(params["textDocument"], td, "params.textDocument");
    OpenDocument* doc = server.session().find(td.uri);
    protocol::json lenses = protocol::json::array();
    if (doc) {
      for (const auto& provider : server.features().code_lens)
        for (const auto& lens : provider(server, *doc)) lenses.push_back(protocol::to_json(lens));
    }
    reply.result(lenses);
  });
}

}  // namespace pt2bb
