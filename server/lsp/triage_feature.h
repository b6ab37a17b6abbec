// The triage feature: the `pt2bb.triage` command (a background job with progress and
// cancellation), triage findings as diagnostics on the source files they point to, log files
// triaged on open with diagnostics on their evidence lines, hover on those lines, and the
// `mark_dynamic` quick fix for size-mismatch recompilations. Installed from bind_methods().
//
// Also the loaders shared with `pt2bb triage`: the knowledge (embedded or --knowledge-dir) and
// the graph-break registry (--torch-root or a workspace folder). Loaders may run on any thread;
// everything else runs on the session thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "knowledge/gb_registry.h"
#include "triage/triage.h"

namespace pt2bb {

class LanguageServer;

// The embedded knowledge, or the triage*.json files of `knowledge_dir` when it is not empty.
// Null with `error` set ("triage.json: signatures[2] (x): invalid RE2 pattern: ...").
std::shared_ptr<const TriageKnowledge> load_triage_knowledge(const std::string& knowledge_dir, std::string* error);

// The first readable torch/_dynamo/graph_break_registry.json under any of `roots`; null when
// none. `found` receives its path.
std::shared_ptr<const GraphBreakRegistry> load_gb_registry(const std::vector<std::string>& roots,
                                                           std::string* found = nullptr);

// Maps a path printed in a log (absolute, from another machine or a site-packages install) onto
// a file under one of `roots` by the longest matching suffix of path components. The file must
// exist. Returns nullopt when no component suffix (at least the file name) matches.
std::optional<std::string> map_log_path(const std::string& log_path, const std::vector<std::string>& roots);

void install_triage_feature(LanguageServer& server);

}  // namespace pt2bb
