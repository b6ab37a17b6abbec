// Plain result types shared by every analyzer: findings, fixes and text edits.
//
// Positions are tree-sitter points: 0-based line and 0-based *byte* column in the UTF-8 text.
// The server converts them to LSP positions (UTF-16 or UTF-8) with a LineIndex; the CLI prints
// them 1-based. Nothing here knows about LSP or JSON.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pt2bb {

struct Point {
  uint32_t line = 0;
  uint32_t column = 0;  // Bytes from the start of the line.
  friend bool operator==(const Point&, const Point&) = default;
  friend auto operator<=>(const Point&, const Point&) = default;
};

struct Range {
  Point start;
  Point end;
  friend bool operator==(const Range&, const Range&) = default;
};

enum class Severity { Error = 1, Warning = 2, Information = 3, Hint = 4 };

const char* severity_name(Severity s);

// A replacement of `range` by `new_text` in the file `path` (empty: the file being analyzed).
struct TextEdit {
  std::string path;
  Range range;
  std::string new_text;
};

// A quick fix or refactoring the user can apply. All edits apply together.
struct Fix {
  std::string title;
  std::vector<TextEdit> edits;
  bool preferred = false;
  std::string kind = "quickfix";  // "quickfix", "refactor.rewrite", ...
};

// Another place that explains a finding (the earlier duplicate, a compiler frame, ...).
struct RelatedLocation {
  std::string path;
  Range range;
  std::string message;
};

// One problem found in one file. `code` is stable and documented in the README.
struct Finding {
  std::string path;
  Range range;
  Severity severity = Severity::Warning;
  std::string code;
  std::string message;
  std::vector<RelatedLocation> related;
  std::vector<Fix> fixes;
  bool unnecessary = false;  // Rendered faded by editors (DiagnosticTag.Unnecessary).
};

}  // namespace pt2bb
