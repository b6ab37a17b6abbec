// Small Markdown builders for the job reports: fenced blocks that survive backticks in the
// content, tables whose cells survive pipes and newlines, and file links. Pure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pt2bb {

// A fenced code block, with a fence longer than any backtick run inside `text`.
std::string md_code_block(std::string_view text, std::string_view language = "");
// A table cell: pipes escaped, newlines as spaces, at most `max` characters.
std::string md_cell(std::string_view text, size_t max = 200);
std::string md_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);
// [label](file:///abs/path) with the path percent-encoded where Markdown needs it.
std::string md_file_link(std::string_view label, std::string_view absolute_path);
// The last `max_lines` lines of `text` (all when shorter).
std::string last_lines(std::string_view text, size_t max_lines);

}  // namespace pt2bb
