// Shared by the testing features' tests: inline fixtures where `[[...]]` marks expected ranges and
// `$0` the cursor, as in rust-analyzer's fixtures (markers are removed from the text; ranges are
// in tree-sitter points, 0-based line and byte column, of the cleaned text); the fixture
// workspace's folder; reading a file; and whether Python compiles a text.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.h"

namespace pt2bb::testing_fixture {

// The PyTorch-shaped miniature workspace the tests rank and edit.
inline const std::string kWorkspace = std::string(PT2BB_SOURCE_DIR) + "/tests/fixtures/workspace";

inline std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `python3 -m py_compile` on `text`, in a temporary file: the edited file must still compile.
inline bool py_compiles(const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / ("pt2bb_py_compile_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "candidate.py";
  std::ofstream(file, std::ios::binary) << text;
  const bool ok = std::system(("python3 -m py_compile '" + file.string() + "' 2>/dev/null").c_str()) == 0;
  std::filesystem::remove_all(dir);
  return ok;
}

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
