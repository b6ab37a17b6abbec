// textDocument/codeAction: the fixes of every finding that overlaps the requested range (the
// file's own analysis and other sources such as triage), then the registered providers' actions
// (refactorings that need no diagnostic, e.g. "Add failing test").
#include "lsp/code_actions.h"

#include "check/pipeline.h"
#include "lsp/convert.h"
#include "lsp/diagnostics_publisher.h"
#include "lsp/features.h"
#include "lsp/language_server.h"
#include "support/file_io.h"

#include <map>

namespace pt2bb {
namespace {

bool overlaps(const Range& a, const Range& b) {
  return !(a.end < b.start) && !(b.end < a.start);
}

}  // namespace

std::vector<Finding> current_findings(LanguageServer& server, const OpenDocument& doc) {
  std::vector<Finding> findings = server.diagnostics().own_findings(doc.uri, doc.version);
  auto external = server.diagnostics().external_findings(doc.path);
  findings.insert(findings.end(), external.begin(), external.end());
  return findings;
}

protocol::CodeAction fix_to_action(LanguageServer& server, const OpenDocument& doc, const Finding& f,
                                   const Fix& fix) {
  const PositionEncoding enc = server.session().encoding;
  protocol::CodeAction action;
  action.title = fix.title;
  action.kind = fix.kind;
  if (fix.preferred) action.isPreferred = true;
  action.diagnostics = std::vector<protocol::Diagnostic>{to_proto(f, doc.doc->line_index(), enc)};
  // Analyzers may name this file by its workspace-relative path (as in the finding itself): its
  // edits are edits of this document, not of a "file://test/..." URI.
  Fix resolved = fix;
  const std::string relative = server.session().relative_path(doc.path);
  for (auto& e : resolved.edits)
    if (e.path == relative) e.path = doc.path;
  action.edit = to_proto(resolved, doc.path, doc.doc->line_index(), enc, other_file_lines(server));
  return action;
}

void install_code_actions(LanguageServer& server) {
  server.capabilities()["codeActionProvider"] =
      protocol::json{{"codeActionKinds", {"quickfix", "refactor", "refactor.rewrite", "source"}}};
  server.on_request("textDocument/codeAction", [&server](const protocol::json& params, ReplyOnce& reply) {
    auto p = protocol::parse_params<protocol::CodeActionParams>(params);
    OpenDocument* doc = server.session().find(p.textDocument.uri);
    protocol::json actions = protocol::json::array();
    if (!doc) {
      reply.result(actions);
      return;
    }
    const Range range = from_proto(doc->doc->line_index(), p.range, server.session().encoding);
    for (const Finding& f : current_findings(server, *doc)) {
      if (!f.path.empty() && f.path != doc->path && f.path != server.session().relative_path(doc->path)) continue;
      if (!overlaps(f.range, range)) continue;
      for (const Fix& fix : f.fixes) actions.push_back(protocol::to_json(fix_to_action(server, *doc, f, fix)));
    }
    const CodeActionQuery query{*doc, range, p};
    for (const auto& provider : server.features().code_actions)
      for (const auto& action : provider(server, query)) actions.push_back(protocol::to_json(action));
    reply.result(actions);
  });
}

}  // namespace pt2bb

namespace pt2bb {

LineIndexLookup other_file_lines(LanguageServer& server) {
  // Keeps each file's text and index alive for as long as the lookup is used.
  auto cache = std::make_shared<std::map<std::string, std::pair<std::unique_ptr<std::string>, std::unique_ptr<LineIndex>>>>();
  return [&server, cache](const std::string& path) -> const LineIndex* {
    for (auto& [uri, doc] : server.session().documents)
      if (doc.path == path) return &doc.doc->line_index();
    auto it = cache->find(path);
    if (it == cache->end()) {
      auto text = read_file(path);
      if (!text) return nullptr;
      auto owned = std::make_unique<std::string>(std::move(*text));
      auto index = std::make_unique<LineIndex>(*owned);
      it = cache->emplace(path, std::make_pair(std::move(owned), std::move(index))).first;
    }
    return it->second.second.get();
  };
}

}  // namespace pt2bb
