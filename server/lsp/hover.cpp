// textDocument/hover: asks the registered hover providers, in order, and answers with the first
// note, as Markdown when the client takes it and plain text otherwise. Unknown targets answer
// null at once.
#include "lsp/convert.h"
#include "lsp/features.h"
#include "lsp/language_server.h"

namespace pt2bb {

void install_hover(LanguageServer& server) {
  server.capabilities()["hoverProvider"] = true;
  server.on_request("textDocument/hover", [&server](const protocol::json& params, ReplyOnce& reply) {
    auto p = protocol::parse_params<protocol::TextDocumentPositionParams>(params);
    OpenDocument* doc = server.session().find(p.textDocument.uri);
    if (!doc) {
      reply.result(nullptr);  // Not an error: the client may hover a file we never saw.
      return;
    }
    const LineIndex& lines = doc->doc->line_index();
    const PositionEncoding enc = server.session().encoding;
    const Point point = from_proto(lines, p.position, enc);
    const HoverQuery query{*doc, point, lines.offset_at(point)};
    for (const auto& provider : server.features().hover) {
      std::optional<HoverNote> note = provider(server, query);
      if (!note) continue;
      protocol::Hover hover;
      const bool markdown = server.session().client.hoverMarkdown;
      hover.contents = {markdown ? "markdown" : "plaintext", markdown ? note->markdown : note->plaintext};
      if (note->range) hover.range = to_proto(lines, *note->range, enc);
      reply.result(protocol::to_json(hover));
      return;
    }
    reply.result(nullptr);
  });
}

}  // namespace pt2bb
