// duplicate-test: `def test_x` twice in one class body. Python keeps the later one, so the
// earlier test silently never runs.
#include <map>

#include "testing/hygiene.h"

namespace pt2bb {

std::vector<Finding> find_duplicate_tests(const FileContext& ctx, const FileSummary& file) {
  std::vector<Finding> out;
  for (const auto& c : file.classes) {
    std::map<std::pair<std::string, uint32_t>, const TestMethod*> first;
    for (const auto& t : c.tests) {
      auto [it, inserted] = first.emplace(std::make_pair(t.name, t.branch), &t);
      if (inserted) continue;
      const TestMethod& earlier = *it->second;
      Finding f;
      f.path = std::string(ctx.path);
      f.range = t.name_range;
      f.severity = Severity::Error;
      f.code = "duplicate-test";
      const std::string line = std::to_string(earlier.name_range.start.line + 1);
      if (ctx.lang == Lang::Fr) {
        f.message = "`" + t.name + "` est défini deux fois dans `" + c.name + "` : cette définition remplace celle de la ligne " +
                    line + ", qui ne s'exécute jamais";
        f.related.push_back({std::string(ctx.path), earlier.name_range, "première définition, remplacée"});
      } else {
        f.message = "`" + t.name + "` is defined twice in `" + c.name + "`: this definition replaces the one on line " +
                    line + ", which never runs";
        f.related.push_back({std::string(ctx.path), earlier.name_range, "first definition, replaced"});
      }
      out.push_back(std::move(f));
    }
  }
  return out;
}

}  // namespace pt2bb
