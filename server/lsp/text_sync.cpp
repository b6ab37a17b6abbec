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

// Only Python documents go through the Python pipeline (a log file is not broken Python).
bool is_python(const OpenDocument& doc) {
  return doc.language_id == "python" || doc.path.ends_with(".py") || doc.path.ends_with(".pyi");
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
    const bool python = is_python(doc);
    auto& stored = docs.insert_or_assign(p.textDocument.uri, std::move(doc)).first->second;
    if (python) server.diagnostics().document_changed(p.textDocument.uri);
    for (const auto& hook : server.features().document_opened) hook(server, stored);
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
    if (is_python(*doc)) server.diagnostics().document_changed(p.textDocument.uri);
    for (const auto& hook : server.features().document_changed) hook(server, *doc);
  });
  server.on_notification("textDocument/didClose", [&server](const protocol::json& params) {
    auto p = protocol::parse_params<protocol::DidCloseTextDocumentParams>(params);
    server.session().documents.erase(p.textDocument.uri);
    server.diagnostics().document_closed(p.textDocument.uri);
    for (const auto& hook : server.features().document_closed) hook(server, p.textDocument.uri);
  });
  server.on_notification("textDocument/didSave", [&server](const protocol::json& params) {
    auto p = protocol::parse_params<protocol::DidSaveTextDocumentParams>(params);
    if (server.session().find(p.textDocument.uri)) server.diagnostics().document_changed(p.textDocument.uri);
  });
}

}  // namespace pt2bb
