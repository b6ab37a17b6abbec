#include "testing/target_ranking.h"

#include <algorithm>
#include <cmath>

namespace pt2bb {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
bool contains(std::string_view s, std::string_view p) { return s.find(p) != std::string_view::npos; }

// "test/dynamo/x.py" also matches "pytorch/test/dynamo/x.py" (a workspace above the checkout).
bool in_area(std::string_view path, std::string_view area) {
  return starts_with(path, area) || contains(path, std::string("/") + std::string(area));
}

bool is_inductor_backend(const Repro& r) {
  return r.backend.empty() || contains(r.backend, "inductor");
}

struct AreaWeights {
  std::vector<std::pair<std::string_view, double>> prefixes;  // Area folders.
  std::vector<std::pair<std::string_view, double>> files;     // Specific files (suffix match).
};

AreaWeights areas_for(Category category, const Repro& repro) {
  const bool exporting = repro.mode == CompileMode::ExportStrict || repro.mode == CompileMode::ExportNonStrict ||
                         category == Category::Export;
  if (exporting)
    return {{{"test/export/", 40}, {"test/dynamo/", 5}}, {{"test/export/test_export.py", 15}}};
  switch (category) {
    case Category::Recompilation:
      return {{{"test/dynamo/", 25}},
              {{"test/dynamo/test_recompiles.py", 50}, {"test/dynamo/test_recompile_ux.py", 20}}};
    case Category::AotAutograd:
      return {{{"test/functorch/", 35}, {"test/dynamo/", 10}},
              {{"test/dynamo/test_aot_autograd.py", 45}, {"test/functorch/test_aotdispatch.py", 15}}};
    case Category::TritonKernelFailure:
    case Category::BackendCompilerFailed:
    case Category::RuntimeCrash:
      if (is_inductor_backend(repro))
        return {{{"test/inductor/", 40}}, {{"test/inductor/test_torchinductor.py", 15}}};
      return {{{"test/dynamo/", 40}}, {{"test/dynamo/test_repros.py", 15}}};
    case Category::Accuracy:
      if (is_inductor_backend(repro))
        return {{{"test/inductor/", 40}, {"test/dynamo/", 10}}, {{"test/inductor/test_torchinductor.py", 15}}};
      return {{{"test/dynamo/", 40}}, {{"test/dynamo/test_repros.py", 15}}};
    case Category::GraphBreak:
    case Category::DynamoInternalError:
    default:
      return {{{"test/dynamo/", 40}}, {{"test/dynamo/test_repros.py", 15}}};
  }
}

}  // namespace

bool is_test_misc(std::string_view rel_path) {
  return rel_path == "test/dynamo/test_misc.py" || ends_with(rel_path, "/test/dynamo/test_misc.py");
}

std::string target_class(const CompactSummary& file) {
  for (const auto& c : file.classes)
    if (file.name(c) == "CommonTemplate" &&
        (file.uses(kConvSelfCommon) || ends_with(file.path, "test_torchinductor.py")))
      return std::string(file.name(c));
  const CompactClass* best = nullptr;
  for (const auto& c : file.classes) {
    if (!file.is_test_class(c) || contains(file.name(c), ".")) continue;
    if (!best || c.test_count > best->test_count) best = &c;
  }
  if (!best)
    for (const auto& c : file.classes)
      if (file.is_test_class(c) && (!best || c.test_count > best->test_count)) best = &c;
  return best ? std::string(file.name(*best)) : "";
}

std::string target_class(const FileSummary& file) { return target_class(compact_summary(file)); }

std::vector<RankedTarget> rank_targets(const WorkspaceIndex& index, const Repro& repro, Category category,
                                       size_t limit) {
  const auto files = index.test_files();
  // Rarity of each repro name across the test files: a name every file calls says nothing.
  std::vector<double> idf(repro.identifiers.size(), 0);
  for (size_t i = 0; i < repro.identifiers.size(); ++i) {
    size_t df = 0;
    for (const CompactSummary* f : files)
      if (std::binary_search(f->identifiers.begin(), f->identifiers.end(), repro.identifiers[i])) ++df;
    idf[i] = df == 0 ? 0 : std::log(1.0 + static_cast<double>(files.size()) / static_cast<double>(df));
  }
  const AreaWeights areas = areas_for(category, repro);
  std::vector<RankedTarget> ranked;
  for (const CompactSummary* f : files) {
    if (is_test_misc(f->path) || f->has_syntax_errors) continue;
    RankedTarget t;
    t.path = f->path;
    t.class_name = target_class(*f);
    if (t.class_name.empty()) continue;
    for (const auto& [prefix, w] : areas.prefixes)
      if (in_area(f->path, prefix)) {
        t.score += w;
        t.reasons.push_back("area " + std::string(prefix));
        break;
      }
    for (const auto& [file, w] : areas.files)
      if (f->path == file || ends_with(f->path, "/" + std::string(file))) {
        t.score += w;
        t.reasons.push_back("the usual file for " + std::string(category_id(category)));
      }
    const bool exporting = repro.mode == CompileMode::ExportStrict || repro.mode == CompileMode::ExportNonStrict;
    if (exporting && f->uses(kConvExport)) t.score += 10, t.reasons.push_back("uses export(");
    if (repro.mode == CompileMode::ExportNonStrict && f->uses(kConvExportNonStrict))
      t.score += 5, t.reasons.push_back("non-strict export");
    if (repro.mode == CompileMode::TorchCompile && (f->uses(kConvTorchCompile) || f->uses(kConvSelfCommon)))
      t.score += 3;
    if (category == Category::Recompilation && f->uses(kConvCompileCounter))
      t.score += 8, t.reasons.push_back("uses CompileCounter");
    if (category == Category::GraphBreak && f->uses(kConvFullgraph)) t.score += 3;
    if (category == Category::AotAutograd && f->uses(kConvAotFunction)) t.score += 8;
    double overlap = 0;
    for (size_t i = 0; i < repro.identifiers.size(); ++i)
      if (std::binary_search(f->identifiers.begin(), f->identifiers.end(), repro.identifiers[i])) overlap += idf[i];
    if (overlap > 0) {
      const double bonus = std::min(25.0, overlap * 2.0);
      t.score += bonus;
      if (bonus >= 5) t.reasons.push_back("shares the repro's names");
    }
    ranked.push_back(std::move(t));
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const RankedTarget& a, const RankedTarget& b) { return a.score > b.score; });
  if (ranked.size() > limit) ranked.resize(limit);
  return ranked;
}

}  // namespace pt2bb
