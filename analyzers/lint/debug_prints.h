// Temporary debug prints left in compiler sources: a `print(` call in torch/_dynamo/**,
// torch/_inductor/**, torch/_functorch/** or torch/export/** that the file at git HEAD does not
// have (compared as whitespace-free call texts, counted, so a second copy of an old print is
// new). Warning "remove before submitting", with a fix deleting the statement (or replacing it
// with `pass` when it is alone in its block). Files without a HEAD version are not checked: we
// cannot tell new prints from old ones.
// A FileAnalyzer; pure; any thread.
#pragma once

#include <vector>

#include "check/file_context.h"

namespace pt2bb {

std::vector<Finding> find_debug_prints(const FileContext& ctx);

// True for paths inside the compiler's sources (any prefix before "torch/").
bool is_compiler_source(std::string_view path);

}  // namespace pt2bb
