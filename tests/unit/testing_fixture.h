// Inline fixtures for the testing features' tests: `[[...]]` marks expected ranges and `$0` the
// cursor, as in rust-analyzer's fixtures. Markers are removed from the text; ranges are in
// tree-sitter points (0-based line, byte column) of the cleaned text.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.h"

namespace pt2bb::testing_fixture {

struct Marked {
  std::string text;
  std::vector<Range> ranges;
  std::optional<Point> cursor;
};

inline Marked parse_markers(std::string_view src) {
  Marked m;
  Point here;
  std::vector<Point> open;
  for (size_t i = 0; i < src.size();) {
    if (src.compare(i, 2, "[[") == 0) {
      open.push_back(here);
      i += 2;
    } else if (src.compare(i, 2, "]]") == 0 && !open.empty()) {
      m.ranges.push_back({open.back(), here});
      open.pop_back();
      i += 2;
    } else if (src.compare(i, 2, "$0") == 0) {
      m.cursor = here;
      i += 2;
    } else {
      m.text += src[i];
      if (src[i] == '\n') {
        ++here.line;
        here.column = 0;
      } else {
        ++here.column;
      }
      ++i;
    }
  }
  return m;
}

// Drops the first line when it is empty, so fixtures can start on the line after R"py(.
inline std::string_view trim_first_newline(std::string_view s) {
  return !s.empty() && s.front() == '\n' ? s.substr(1) : s;
}

}  // namespace pt2bb::testing_fixture
