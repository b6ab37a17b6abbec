#include "testing/add_test.h"

#include "syntax/tree.h"
#include "testing/fast_summary.h"
#include "triage/triage.h"

namespace pt2bb {

AddTestPlan plan_add_test(const WorkspaceIndex& index, const Repro& repro, Category category, const ReadText& read_text,
                          size_t count) {
  AddTestPlan plan;
  plan.category = category;
  if (index.test_files().empty()) {
    plan.error = "the workspace has no test files (no class with test methods was found)";
    return plan;
  }
  // Rank more than we need: a target whose text changed so that the test no longer fits is
  // skipped for the next one.
  auto ranked = rank_targets(index, repro, category, count + 3);
  if (ranked.empty()) {
    plan.error = "no test file in the workspace can take a new test (test_misc.py is never chosen)";
    return plan;
  }
  // The fast path gives the full parse's summary without its cost on big test files.
  ParserPtr parser = make_python_parser();
  for (const auto& target : ranked) {
    if (plan.tests.size() >= count) break;
    auto text = read_text(target.path);
    if (!text) continue;
    // The index keeps compact summaries, and may lag behind the file: the writer gets the full
    // summary of the text it is about to edit.
    const auto indexed = index.get(target.path);
    const bool up_to_date = indexed && indexed->content_hash == content_hash(*text);
    const FileSummary current = summarize_python_fast(target.path, *text, parser.get());
    const std::string cls = up_to_date ? target.class_name : target_class(current);
    if (cls.empty()) continue;
    WriteResult written = write_test(repro, category, target.path, *text, current, cls);
    if (!written.test) {
      if (plan.error.empty()) plan.error = written.error;
      continue;
    }
    plan.tests.push_back(std::move(*written.test));
    plan.ranked.push_back(target);
  }
  if (!plan.tests.empty()) plan.error.clear();
  else if (plan.error.empty()) plan.error = "no test file could take the test";
  return plan;
}

namespace {

void collect_error_text(TSNode n, std::string_view text, std::string& out) {
  const std::string_view type = node_type(n);
  if (type == "comment" || type == "string") {
    std::string_view t = node_text(n, text);
    if (type == "comment" && !t.empty()) t.remove_prefix(1);
    out.append(t);
    out += '\n';
    return;
  }
  const uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; ++i) collect_error_text(ts_node_named_child(n, i), text, out);
}

}  // namespace

Category resolve_category(std::optional<Category> given, const Repro& repro, std::string_view repro_text,
                          const TSTree* repro_tree, const TriageKnowledge* knowledge) {
  if (given && *given != Category::Unknown && *given != Category::Other) return *given;
  if (knowledge && repro_tree) {
    std::string errors;
    collect_error_text(ts_tree_root_node(repro_tree), repro_text, errors);
    if (errors.size() > 40) {
      TriageOptions opts;
      opts.knowledge = knowledge;
      const TriageReport report = triage_text(errors, opts);
      if (auto c = parse_category(report.category); c && *c != Category::Unknown && *c != Category::Other) {
        // An export repro stays an export test whatever the error says.
        if (repro.mode == CompileMode::ExportStrict || repro.mode == CompileMode::ExportNonStrict) return Category::Export;
        return *c;
      }
    }
  }
  return repro.inferred;
}

}  // namespace pt2bb
