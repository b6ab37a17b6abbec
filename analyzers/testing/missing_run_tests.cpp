// missing-run-tests: a test file with tests but no `if __name__ == "__main__": run_tests()`.
// PyTorch's CI runs each test file as a script (python test/x.py), and run_tests() is what
// parses its flags (sharding, --import-slow-tests, ...): without the guard the file runs nothing.
#include "testing/area_conventions.h"
#include "testing/hygiene.h"

namespace pt2bb {
namespace {

bool calls_run_tests(const MainGuard& g) {
  for (const auto& c : g.calls) {
    const size_t dot = c.rfind('.');
    const std::string_view last = dot == std::string::npos ? std::string_view(c) : std::string_view(c).substr(dot + 1);
    if (last == "run_tests") return true;
  }
  return false;
}

}  // namespace

std::vector<Finding> find_missing_run_tests(const FileContext& ctx, const FileSummary& file) {
  std::vector<Finding> out;
  if (!looks_like_test_path(ctx.path)) return out;
  const TestClass* first = nullptr;
  for (const auto& c : file.classes) {
    if (c.tests.empty() || c.bases.empty() || !is_test_class(c)) continue;
    first = &c;
    break;
  }
  if (!first) return out;
  if (file.main_guard && calls_run_tests(*file.main_guard)) return out;
  // A syntax error can swallow the guard into an ERROR node; the file is being edited, and the
  // syntax error is what the user needs to see, not a guess that the guard is missing.
  if (ctx.tree && ts_node_has_error(ts_tree_root_node(ctx.tree)) &&
      ctx.text.find("__main__") != std::string_view::npos && ctx.text.find("run_tests") != std::string_view::npos)
    return out;
  const AreaConventions area = area_conventions(file);
  Finding f;
  f.path = std::string(ctx.path);
  f.range = first->name_range;
  f.severity = Severity::Warning;
  f.code = "missing-run-tests";
  if (file.main_guard) {
    f.message = ctx.lang == Lang::Fr
                    ? "Le bloc `if __name__ == \"__main__\":` n'appelle pas run_tests() : la CI de PyTorch lance ce fichier comme un script"
                    : "The `if __name__ == \"__main__\":` block does not call run_tests(): PyTorch's CI runs this file as a script";
    out.push_back(std::move(f));
    return out;
  }
  f.message = ctx.lang == Lang::Fr
                  ? "Fichier de tests sans `if __name__ == \"__main__\": run_tests()` : lancé comme script, il n'exécute aucun test"
                  : "Test file without `if __name__ == \"__main__\": run_tests()`: run as a script, it runs no test";
  // Append at the end, two blank lines after the last statement, as PyTorch's files do.
  const std::string_view text = ctx.text;
  size_t keep = text.size();
  while (keep > 0 && (text[keep - 1] == '\n' || text[keep - 1] == ' ' || text[keep - 1] == '\r')) --keep;
  const Point end = ctx.lines ? ctx.lines->point_at(static_cast<uint32_t>(text.size())) : Point{file.line_count, 0};
  const Point from = ctx.lines ? ctx.lines->point_at(static_cast<uint32_t>(keep)) : end;
  std::string guard = "\n\n\nif __name__ == \"__main__\":\n";
  if (!area.run_tests_import.empty()) guard += "    " + area.run_tests_import + "\n\n";
  guard += "    run_tests()\n";
  Fix fix;
  fix.title = "Add `if __name__ == \"__main__\": run_tests()`";
  fix.preferred = true;
  fix.edits.push_back({std::string(ctx.path), {from, end}, guard});
  f.fixes.push_back(std::move(fix));
  out.push_back(std::move(f));
  return out;
}

}  // namespace pt2bb
