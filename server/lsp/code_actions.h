// Helpers shared by code-action providers.
#pragma once

#include <vector>

#include "core/finding.h"
#include "lsp/convert.h"
#include "protocol/types.h"

namespace pt2bb {

class LanguageServer;
struct OpenDocument;

// The findings now shown on `doc` (its own analysis at its current version, plus other sources).
std::vector<Finding> current_findings(LanguageServer& server, const OpenDocument& doc);
// A quick fix of finding `f` as an LSP code action.
protocol::CodeAction fix_to_action(LanguageServer& server, const OpenDocument& doc, const Finding& f, const Fix& fix);
// Line indexes of other files (open documents first, then the disk), for multi-file edits.
LineIndexLookup other_file_lines(LanguageServer& server);

}  // namespace pt2bb
