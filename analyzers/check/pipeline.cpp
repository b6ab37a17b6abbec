#include "check/pipeline.h"

#include <algorithm>

#include "check/syntax_errors.h"
#include "lint/debug_prints.h"
#include "lint/graph_break_risks.h"
#include "lint/suppression.h"
#include "testing/hygiene.h"

namespace pt2bb {

const std::vector<FileAnalyzer>& file_analyzers() {
  static const std::vector<FileAnalyzer> analyzers = {
      &find_syntax_errors,
      &check_test_hygiene,
      &find_graph_break_risks,
      &find_debug_prints,
  };
  return analyzers;
}

std::vector<Finding> run_file_analyzers(const FileContext& ctx) {
  std::vector<Finding> all;
  for (FileAnalyzer analyze : file_analyzers()) {
    auto found = analyze(ctx);
    all.insert(all.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  // `# pt2bb: ignore[CODE]` applies to every analyzer's findings, here in one place.
  apply_suppressions(ctx, all);
  std::stable_sort(all.begin(), all.end(), [](const Finding& a, const Finding& b) {
    return a.range.start < b.range.start;
  });
  return all;
}

}  // namespace pt2bb
