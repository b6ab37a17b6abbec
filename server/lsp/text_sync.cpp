// textDocument/didOpen, didChange, didClose, didSave: keeps the session's documents and their
// incremental parses current, and asks for fresh diagnostics.
#include <spdlog/spdlog.h>

#include "lsp/diagnostics_publisher.h"
#include "lsp/language_server.h"
#include "support/uri.h"

namespace pt2bb {
namespace {

std::vector<TextChange> to_changes(const std::vector<protocol::TextDocumentContentChangeEvent>& events) {
  std::vector<TextChange> out;
  out.reserve(events.size());
  for (const auto& e : events) {
    TextChange c;
    c.text = e.text;
    if (e.range) {
      c.range = std::make_pair(TextChange::Position{e.range->start.line, e.range->start.character},
                               TextChange::Position{e.range->end.line, e.range->end.character});
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

void install_text_sync(LanguageServer& server) {
  server.on_notification("textDocument/didOpen", [&server](const protocol::json& params) {
    auto p = protocol::parse_params<protocol::DidOpenTextDocumentParams>(params);
    auto& docs = server.session().documents;
    OpenDocument doc;
    doc.uri = p.textDocument.uri;
    doc.path = path_from_uri(doc.uri).value_or(doc.uri);
    doc.language_id = p.textDocument.languageId;
    doc.version = p.textDocument.version;
    doc.doc = std::make_unique<Document>(std::move(p.textDocument.text));
    docs.insert_or_assign(p.textDocument.uri, std::move(doc));
    server.diagnostics().document_changed(p.textDocument.uri);
  });
  server.on_notification("textDocument/didChange", [&server](const protocol::json& params) {
    auto p = protocol::parse_params<protocol::DidChangeTextDocumentParams>(params);
    OpenDocument* doc = server.session().find(p.textDocument.uri);
    if (!doc) {
      spdlog::warn("didChange for {} which is not open; ignored", p.textDocument.uri);
      return;
    }
    doc->doc->apply_changes(to_changes(p.contentChanges), server.session().encoding);
    doc->version = p.textDocument.version;
    server.diagnostics().document_changed(p.textDocument.uri);
  });
  server.on_notification("textDocument/didClose", [&server](const protocol::json& params) {
    auto p = protocol::parse_params<protocol::DidCloseTextDocumentParams>(params);
    server.session().documents.erase(p.textDocument.uri);
    server.diagnostics().document_closed(p.textDocument.uri);
  });
  server.on_notification("textDocument/didSave", [&server](const protocol::json& params) {
    auto p = protocol::parse_params<protocol::DidSaveTextDocumentParams>(params);
    if (server.session().find(p.textDocument.uri)) server.diagnostics().document_changed(p.textDocument.uri);
  });
}

}  // namespace pt2bb
