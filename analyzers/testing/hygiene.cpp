#include "testing/hygiene.h"

namespace pt2bb {

TextEdit import_insertion(const FileSummary& file, std::string_view path, const std::string& line) {
  TextEdit e;
  e.path = std::string(path);
  const uint32_t at = file.import_block_end_line ? *file.import_block_end_line + 1 : 0;
  e.range.start = e.range.end = Point{at, 0};
  e.new_text = line + "\n";
  return e;
}

std::vector<Finding> check_test_hygiene(const FileContext& ctx) {
  std::vector<Finding> out;
  if (!ctx.tree) return out;
  // Only files that can hold tests: skip the summary walk for everything else.
  if (!looks_like_test_path(ctx.path) && ctx.text.find("TestCase") == std::string_view::npos) return out;
  const FileSummary file = summarize_python(ctx.path, ctx.text, ctx.tree);
  for (auto check : {&find_tests_in_test_misc, &find_unittest_testcase, &find_missing_run_tests, &find_duplicate_tests}) {
    auto found = check(ctx, file);
    out.insert(out.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  return out;
}

}  // namespace pt2bb
