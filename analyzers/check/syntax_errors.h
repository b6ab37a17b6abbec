// Syntax errors: one finding per outermost ERROR node and per MISSING node of the parse.
#pragma once

#include <vector>

#include "check/file_context.h"

namespace pt2bb {

std::vector<Finding> find_syntax_errors(const FileContext& ctx);

}  // namespace pt2bb
