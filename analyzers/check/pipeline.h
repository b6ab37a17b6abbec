// The check pipeline: every per-file analyzer, run in a fixed order, with
// `# pt2bb: ignore[CODE]` suppressions applied. Used by `pt2bb check` and by the server's
// diagnostics, so both always report the same findings.
#pragma once

#include <vector>

#include "check/file_context.h"

namespace pt2bb {

using FileAnalyzer = std::vector<Finding> (*)(const FileContext&);

// The registered analyzers, in order. To add one, append it in pipeline.cpp.
const std::vector<FileAnalyzer>& file_analyzers();

// Runs every analyzer on one file and returns the findings sorted by position.
std::vector<Finding> run_file_analyzers(const FileContext& ctx);

}  // namespace pt2bb
