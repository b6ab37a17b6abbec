// Reading a --knowledge-dir folder: the JSON files that replace the embedded knowledge.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pt2bb {

// The `.json` files of `dir` whose names start with one of `prefixes`, as (file name, text) pairs
// sorted by name so that loading does not depend on the directory's order. nullopt, with `error`
// naming the folder or the file, when the folder or one of those files cannot be read.
std::optional<std::vector<std::pair<std::string, std::string>>> read_knowledge_dir(
    const std::string& dir, const std::vector<std::string_view>& prefixes, std::string* error);

}  // namespace pt2bb
