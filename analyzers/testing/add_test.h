// "Add failing test": from a repro to the edits that add a failing TestCase method to the best
// test files of the workspace (best first, then two alternatives). Shared by the code action and
// `pt2bb add-test`.
//
// Pure: the caller supplies the targets' current text through `read_text` (open documents first,
// then the disk). Any thread.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "testing/categories.h"
#include "testing/repro.h"
#include "testing/target_ranking.h"
#include "testing/test_writer.h"
#include "testing/workspace_index.h"

namespace pt2bb {

class TriageKnowledge;

struct AddTestPlan {
  std::vector<WrittenTest> tests;     // Best first.
  std::vector<RankedTarget> ranked;   // The same files, with scores and reasons.
  Category category = Category::Unknown;
  std::string error;                  // Set when no test could be planned.
};

using ReadText = std::function<std::optional<std::string>(const std::string& rel_path)>;

AddTestPlan plan_add_test(const WorkspaceIndex& index, const Repro& repro, Category category, const ReadText& read_text,
                          size_t count = 3);

// The category for a repro: the explicit one, else what the triage engine recognises in the
// error text the repro carries (comments and strings: pasted tracebacks and logs), else a guess
// from the code. `knowledge` may be null (no triage).
Category resolve_category(std::optional<Category> given, const Repro& repro, std::string_view repro_text,
                          const TSTree* repro_tree, const TriageKnowledge* knowledge);

}  // namespace pt2bb
