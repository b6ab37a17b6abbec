// workspace/executeCommand: routes to the handler registered under the command's name. The
// capability lists every registered command (filled in at initialize time).
#include "lsp/features.h"
#include "lsp/language_server.h"

namespace pt2bb {

void install_commands(LanguageServer& server) {
  server.on_request("workspace/executeCommand", [&server](const protocol::json& params, ReplyOnce& reply) {
    auto p = protocol::parse_params<protocol::ExecuteCommandParams>(params);
    auto it = server.features().commands.find(p.command);
    if (it == server.features().commands.end()) {
      reply.error(protocol::ErrorCode::InvalidParams, "unknown command " + p.command);
      return;
    }
    it->second(server, p.arguments, reply);
  });
}

}  // namespace pt2bb
