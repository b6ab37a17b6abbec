// Graph-break risks inside compiled regions (see compiled_regions.h): `.item()`, `.tolist()`,
// `.numpy()`, `if`/`while` on a tensor value, `torch._dynamo.graph_break()`, debugger calls,
// `print`, and calls into modules Dynamo does not trace (logging, subprocess, file I/O).
//
// Tuned for few false positives: a branch is flagged only when its condition is a tensor for
// sure (a reduction such as `.any()` / `x.sum() > 0`, a torch function's result, a name assigned
// from one), never for shape, dtype, None or attribute checks, which Dynamo handles.
// Severity hint/information; warning under fullgraph=True, where a break is a compile error.
// A FileAnalyzer; pure; any thread.
#pragma once

#include <vector>

#include "check/file_context.h"

namespace pt2bb {

std::vector<Finding> find_graph_break_risks(const FileContext& ctx);

}  // namespace pt2bb
