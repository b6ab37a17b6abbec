// The "Add failing test" code action: from a selection in a Python file, a whole repro script,
// or a triage finding (a `triage.<category>` diagnostic in the request's context), offer to add
// a failing TestCase method to the best-ranked test files of the workspace index: the best as
// the preferred action, the next two as alternatives, each titled with the file and class.
//
// Runs on the session thread. The plan (ranking, writing, re-parsing the edited targets) is
// cached per document version, selection and category, because editors ask for code actions on
// every cursor move.
#include <spdlog/spdlog.h>

#include <filesystem>

#include "lsp/code_actions.h"
#include "lsp/language_server.h"
#include "lsp/triage_feature.h"
#include "support/file_io.h"
#include "testing/add_test.h"
#include "workspace/workspace_service.h"

namespace pt2bb {
namespace {

struct CachedPlan {
  std::string key;
  std::shared_ptr<const WorkspaceIndex> index;
  std::shared_ptr<const AddTestPlan> plan;
};

bool is_python(const OpenDocument& doc) {
  return doc.language_id == "python" || doc.path.ends_with(".py");
}

// The category a triage diagnostic names in its code ("triage.graph_break").
std::optional<Category> category_from_context(const protocol::CodeActionParams& p) {
  for (const auto& d : p.context.diagnostics) {
    if (!d.code || d.code->rfind("triage.", 0) != 0) continue;
    std::string id = d.code->substr(7);
    if (auto dot = id.find('.'); dot != std::string::npos) id = id.substr(0, dot);
    if (auto c = parse_category(id)) return c;
  }
  return std::nullopt;
}

bool wants_kind(const protocol::CodeActionParams& p, std::string_view kind) {
  if (!p.context.only) return true;
  for (const auto& k : *p.context.only)
    if (kind == k || kind.rfind(k + ".", 0) == 0) return true;
  return false;
}

// A script that compiles or exports something, and is not itself a test file: a repro.
bool looks_like_repro(const OpenDocument& doc) {
  const std::string& t = doc.doc->text();
  const bool compiles = t.find("torch.compile") != std::string::npos || t.find("_dynamo.optimize") != std::string::npos ||
                        t.find("export(") != std::string::npos;
  return compiles && t.find("TestCase") == std::string::npos;
}

std::vector<protocol::CodeAction> add_test_actions(LanguageServer& server, const CodeActionQuery& q,
                                                   std::shared_ptr<CachedPlan> cache) {
  const OpenDocument& doc = q.doc;
  if (!is_python(doc) || !server.workspace().ready()) return {};
  const bool selected = q.range.start != q.range.end;
  std::optional<Category> given = category_from_context(q.params);
  if (!selected && !given && !looks_like_repro(doc)) return {};
  const std::string_view kind = given ? "quickfix" : "refactor";
  if (!wants_kind(q.params, kind)) return {};
  // The folder of the repro (else the first): its index, and the root its paths are relative to.
  const auto index = server.workspace().index_for(doc.path);
  const std::string root = server.workspace().root_for(doc.path);
  if (root.empty()) return {};

  const std::string key = doc.uri + "#" + std::to_string(doc.version) + "#" +
                          (selected ? std::to_string(q.range.start.line) + ":" + std::to_string(q.range.start.column) +
                                          "-" + std::to_string(q.range.end.line) + ":" + std::to_string(q.range.end.column)
                                    : "all") +
                          "#" + (given ? std::string(category_id(*given)) : "");
  std::shared_ptr<const AddTestPlan> plan;
  if (cache->key == key && cache->index == index) {
    plan = cache->plan;
  } else {
    const std::string stem = std::filesystem::path(doc.path).stem().string();
    Repro repro = analyze_repro(doc.doc->text(), doc.doc->tree(),
                                selected ? std::optional<Range>(q.range) : std::nullopt, stem);
    static const std::shared_ptr<const TriageKnowledge> knowledge = [] {
      std::string error;
      auto kb = load_triage_knowledge("", &error);
      if (!kb) spdlog::warn("add-test: triage knowledge unavailable: {}", error);
      return kb;
    }();
    const Category category = resolve_category(given, repro, doc.doc->text(), doc.doc->tree(), knowledge.get());
    auto read_text = [&server, &root](const std::string& rel) -> std::optional<std::string> {
      const std::string path = root + "/" + rel;
      for (const auto& [uri, open] : server.session().documents)
        if (open.path == path) return open.doc->text();
      return read_file(path);
    };
    plan = std::make_shared<const AddTestPlan>(plan_add_test(*index, repro, category, read_text));
    *cache = {key, index, plan};
  }

  std::vector<protocol::CodeAction> actions;
  const PositionEncoding enc = server.session().encoding;
  const LineIndexLookup lines = other_file_lines(server);
  for (size_t i = 0; i < plan->tests.size(); ++i) {
    const WrittenTest& t = plan->tests[i];
    Fix fix;
    fix.title = "Add failing test to " + t.path + "::" + t.class_name + (i == 0 ? "" : " (alternative)");
    for (TextEdit e : t.edits) {
      e.path = root + "/" + t.path;
      fix.edits.push_back(std::move(e));
    }
    const std::string target = root + "/" + t.path;
    const LineIndex* target_lines = lines(target);
    if (!target_lines) continue;
    protocol::CodeAction action;
    action.title = fix.title;
    action.kind = std::string(kind);
    if (i == 0) action.isPreferred = true;
    action.edit = to_proto(fix, target, *target_lines, enc, lines);
    actions.push_back(std::move(action));
  }
  return actions;
}

}  // namespace

void install_testing_feature(LanguageServer& server) {
  auto cache = std::make_shared<CachedPlan>();
  server.features().code_actions.push_back(
      [cache](LanguageServer& s, const CodeActionQuery& q) { return add_test_actions(s, q, cache); });
}

}  // namespace pt2bb
