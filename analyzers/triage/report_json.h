// The triage report as JSON: the schema printed by `pt2bb triage --format json` (documented in
// README.md, "### pt2bb triage") and returned by the editor command `pt2bb.triage`.
//
// Pure; any thread.
#pragma once

#include <nlohmann/json.hpp>

#include "triage/triage.h"

namespace pt2bb {

nlohmann::json triage_report_json(const TriageReport& report, const TriageKnowledge& knowledge, Lang lang);

// The human report printed by `pt2bb triage` (text format).
std::string triage_report_text(const TriageReport& report, const TriageKnowledge& knowledge, Lang lang);

}  // namespace pt2bb
