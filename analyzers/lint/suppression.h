// `# pt2bb: ignore[CODE]` comments: a finding whose first line carries one naming its code (or a
// bare `# pt2bb: ignore`) is dropped; every other finding with a code gets a quick fix that
// adds (or extends) such a comment on its line. Called by run_file_analyzers for every analyzer.
// Pure; any thread.
#pragma once

#include <string_view>
#include <vector>

#include "check/file_context.h"

namespace pt2bb {

// Does `line` suppress `code`?
bool line_suppresses(std::string_view line, std::string_view code);

void apply_suppressions(const FileContext& ctx, std::vector<Finding>& findings);

}  // namespace pt2bb
