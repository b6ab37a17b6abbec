// Analyzers see workspace-relative paths ("test/dynamo/test_misc.py"): that is what their
// messages show and what the workspace index is keyed by. Editors need absolute paths (URIs).
// resolve_finding_paths() turns the paths of findings, related locations and fix edits back into
// absolute ones under `root`. Any thread.
#pragma once

#include <string>
#include <vector>

#include "core/finding.h"

namespace pt2bb {

// `doc_path`: the analyzed file's absolute path; `rel`: the path the analyzers were given;
// `root`: the workspace folder relative paths start from (empty: leave other paths alone).
void resolve_finding_paths(std::vector<Finding>& findings, const std::string& doc_path, const std::string& rel,
                           const std::string& root);

}  // namespace pt2bb
