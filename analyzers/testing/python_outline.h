// PythonOutline: one pass over Python source that splits it into logical lines of tokens, the
// way Python's own tokenizer does, without building a syntax tree: strings (prefixed, triple-
// quoted, f-strings whose `{...}` parts are code), comments, brackets, backslash continuations
// and the indentation of each logical line. It is what lets the workspace index summarize files
// it has not opened at tens of MB/s, where a full tree-sitter parse runs at a few (see
// fast_summary.h).
//
// The scan does not judge the grammar. It reports what it cannot follow (an unterminated string
// or bracket, a lone carriage return, a stray backslash, a NUL byte) by returning false; callers
// then parse the file in full.
//
// Pure; any thread.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/finding.h"

namespace pt2bb {

struct OutlineToken {
  enum Kind : uint8_t { Name, Number, String, Op };
  Kind kind = Op;
  char first = 0;      // The token's first byte (what most checks of an operator need).
  uint16_t depth = 0;  // Brackets open before the token (for a bracket: before it opens or closes).
  uint32_t begin = 0, end = 0;  // Byte offsets in the text.
  uint32_t partner = UINT32_MAX;  // For a bracket: the index of the bracket that matches it.
};

// A logical line: a statement's tokens (continued across physical lines inside brackets, strings
// and after backslashes), or a line holding only a comment.
struct OutlineLine {
  uint32_t first_token = 0, token_count = 0;
  uint32_t indent = 0;      // Width of the leading whitespace (a tab counts 8, as tree-sitter's does).
  uint32_t line_start = 0;  // Offset of the physical line the logical line starts on.
  uint32_t comment = UINT32_MAX;  // Offset of the '#' of a comment-only line (then no tokens).
  // Where the line ends for tree-sitter's blocks: after its last token, or after the comment
  // that follows it on the same line (or, for a comment-only line, after the comment).
  uint32_t end = 0;
  bool comment_only() const { return comment != UINT32_MAX; }
};

struct PythonOutline {
  std::vector<OutlineToken> tokens;
  std::vector<OutlineLine> lines;
  std::vector<uint32_t> line_starts;  // Offset of each physical line ('\n'-separated, as tree-sitter counts).

  // The tree-sitter point (row, byte column) of an offset.
  Point point(uint32_t offset) const;
};

// Fills `out` (its buffers are reused). False when the text has something the scan does not follow.
bool scan_python_outline(std::string_view text, PythonOutline& out);

}  // namespace pt2bb
