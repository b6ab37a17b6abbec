// A unified diff of two texts, for showing what the minimiser removed. Line-based LCS with
// three lines of context; texts too large for the quadratic table get a whole-file hunk. Pure.
#pragma once

#include <string>
#include <string_view>

namespace pt2bb {

std::string unified_diff(std::string_view before, std::string_view after, std::string_view before_name,
                         std::string_view after_name);

}  // namespace pt2bb
