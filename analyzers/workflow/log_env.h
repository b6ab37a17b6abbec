// The environment a rerun needs to collect the logs a triage category calls for, read from the
// category's next commands in the triage knowledge file:
//   'TORCH_LOGS="recompiles,recompiles_verbose,guards" {run}' -> {TORCH_LOGS: recompiles,...}.
// Pure.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "triage/triage_knowledge.h"

namespace pt2bb {

// The leading VAR=value assignments of a shell-like command line (values may be quoted); stops
// at the first word that is not an assignment.
std::map<std::string, std::string> leading_assignments(std::string_view command);

// The variables of the first next command of `category` that sets any and runs the user's
// code ({run} or {script}). Unknown or empty categories get a general-purpose set
// (TORCHDYNAMO_VERBOSE=1 with graph-break and recompile logs).
std::map<std::string, std::string> log_environment(const TriageKnowledge& kb, std::string_view category);

}  // namespace pt2bb
