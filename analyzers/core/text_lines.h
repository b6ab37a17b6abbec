// Splitting text into lines without copying; shared by the analyzers that edit or diff text.
#pragma once

#include <string_view>
#include <vector>

namespace pt2bb {

// The lines of `text` without their '\n'; a final line without '\n' is kept, a trailing '\n'
// adds no empty line.
inline std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace pt2bb
