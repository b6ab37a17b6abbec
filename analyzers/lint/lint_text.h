// The user-facing text of the lints, from the knowledge files (lint_codes.json): each code's
// message with its {region} and {name} placeholders filled, its severity and its fix title.
// Pure; any thread.
#pragma once

#include <string>
#include <string_view>

#include "core/finding.h"
#include "core/lang.h"

namespace pt2bb {

struct LintText {
  std::string message;
  std::string fix;
  Severity severity = Severity::Information;
};

// The text of `code` in `lang`. A code missing from the knowledge (only possible with a broken
// --knowledge-dir) gets its code as message, so a finding is never silently dropped.
LintText lint_text(std::string_view code, Lang lang, std::string_view region = {}, std::string_view name = {});

// A label of the knowledge files ("fix.fullgraph", ...) in `lang`, with {code} replaced.
std::string lint_label(std::string_view id, Lang lang, std::string_view code = {});

}  // namespace pt2bb
