#include "check/pipeline.h"

#include <algorithm>

#include "check/syntax_errors.h"
#include "testing/hygiene.h"

namespace pt2bb {

const std::vector<FileAnalyzer>& file_analyzers() {
  static const std::vector<FileAnalyzer> analyzers = {
      &find_syntax_errors,
      &check_test_hygiene,
  };
  return analyzers;
}

std::vector<Finding> run_file_analyzers(const FileContext& ctx) {
  std::vector<Finding> all;
  for (FileAnalyzer analyze : file_analyzers()) {
    auto found = analyze(ctx);
    all.insert(all.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  std::stable_sort(all.begin(), all.end(), [](const Finding& a, const Finding& b) {
    return a.range.start < b.range.start;
  });
  return all;
}

}  // namespace pt2bb
