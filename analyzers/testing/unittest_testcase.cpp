// unittest-testcase: a test class in a PyTorch test file that derives from unittest.TestCase
// directly. PyTorch's TestCase (or the area's subclass) adds what the suite relies on: tensor-aware
// assertEqual, seeding, leak checks, and the dynamo/inductor state resets between tests.
#include "testing/area_conventions.h"
#include "testing/hygiene.h"

namespace pt2bb {

std::vector<Finding> find_unittest_testcase(const FileContext& ctx, const FileSummary& file) {
  std::vector<Finding> out;
  bool torch_file = looks_like_test_path(ctx.path);
  for (const auto& imp : file.imports) torch_file = torch_file || imp.module.rfind("torch", 0) == 0;
  if (!torch_file) return out;
  bool testcase_from_unittest = false;
  for (const auto& imp : file.imports)
    if (imp.from && imp.module == "unittest")
      for (const auto& n : imp.names) testcase_from_unittest = testcase_from_unittest || n == "TestCase";
  const AreaConventions area = area_conventions(file);
  for (const auto& c : file.classes) {
    for (size_t i = 0; i < c.bases.size() && i < c.base_ranges.size(); ++i) {
      const std::string& base = c.bases[i];
      if (base != "unittest.TestCase" && !(base == "TestCase" && testcase_from_unittest)) continue;
      Finding f;
      f.path = std::string(ctx.path);
      f.range = c.base_ranges[i];
      f.severity = Severity::Warning;
      f.code = "unittest-testcase";
      f.message = ctx.lang == Lang::Fr
                      ? "`" + c.name + "` dérive de unittest.TestCase : les tests PyTorch dérivent de " + area.test_case_base +
                            " (assertEqual sur tenseurs, graines, remise à zéro de l'état du compilateur)"
                      : "`" + c.name + "` derives from unittest.TestCase: PyTorch tests derive from " + area.test_case_base +
                            " (tensor-aware assertEqual, seeding, compiler state reset between tests)";
      Fix fix;
      fix.title = "Derive from " + area.test_case_base;
      fix.preferred = true;
      fix.edits.push_back({std::string(ctx.path), c.base_ranges[i], area.test_case_base});
      if (!area.test_case_import.empty()) fix.edits.push_back(import_insertion(file, ctx.path, area.test_case_import));
      f.fixes.push_back(std::move(fix));
      out.push_back(std::move(f));
    }
  }
  return out;
}

}  // namespace pt2bb
