// Target ranking: which indexed test file (and class) a new failing test belongs in.
//
// Each test file scores on: the area the failure category and compile mode call for
// (test/export/ for export, test/inductor/ for Inductor, Triton and codegen, test/dynamo/ for
// Dynamo with test_recompiles.py for recompilation and test_repros.py as the general fallback,
// test/functorch/ or test_aot_autograd.py for AOTAutograd), the conventions it already uses
// (export, CompileCounter, fullgraph), and the names the repro uses compared with the file's
// imports, calls and test names (weighted by rarity across the workspace).
// test/dynamo/test_misc.py is never chosen. Pure, any thread.
#pragma once

#include <string>
#include <vector>

#include "testing/categories.h"
#include "testing/repro.h"
#include "testing/workspace_index.h"

namespace pt2bb {

struct RankedTarget {
  std::string path;        // Workspace-relative.
  std::string class_name;  // The class the test goes in.
  double score = 0;
  std::vector<std::string> reasons;  // Short phrases, for --format json and logs.
};

// The best targets first (at most `limit`). Files with syntax errors and test_misc.py are skipped.
std::vector<RankedTarget> rank_targets(const WorkspaceIndex& index, const Repro& repro, Category category,
                                       size_t limit = 3);

// The class of `file` a new test goes in: CommonTemplate in Inductor's template files, else the
// TestCase class with the most tests. Empty when the file has none.
std::string target_class(const CompactSummary& file);
std::string target_class(const FileSummary& file);

// The oversized Dynamo file no new test should go to.
bool is_test_misc(std::string_view rel_path);

}  // namespace pt2bb
