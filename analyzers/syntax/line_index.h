// LineIndex: the one place that converts between byte offsets, tree-sitter points (line, byte
// column) and LSP positions (line, column in UTF-8, UTF-16 or UTF-32 code units).
//
// Lines end at '\n' only, as tree-sitter counts them; a '\r' before it belongs to the line.
// Every conversion clamps: a position past the end of a line maps to the line's end, a line past
// the end of the text maps to the end of the text. Invalid UTF-8 bytes count as one code unit
// each, so a document with broken bytes still round-trips.
//
// A LineIndex keeps a view of the text it was built from; the owner keeps both together.
// Immutable after construction, so any thread may read it.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/finding.h"

namespace pt2bb {

enum class PositionEncoding { Utf8, Utf16, Utf32 };

class LineIndex {
public:
  explicit LineIndex(std::string_view text);

  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }
  uint32_t text_size() const { return static_cast<uint32_t>(text_.size()); }
  // Byte offset of the first byte of `line` (clamped to the last line).
  uint32_t line_start(uint32_t line) const;
  // Byte offset just before the line's '\n' (or the end of the text).
  uint32_t line_end(uint32_t line) const;
  std::string_view line_text(uint32_t line) const;

  Point point_at(uint32_t offset) const;
  uint32_t offset_at(Point p) const;

  // LSP position <-> byte offset / point, in the negotiated encoding.
  uint32_t offset_of(uint32_t line, uint32_t character, PositionEncoding enc) const;
  Point point_of(uint32_t line, uint32_t character, PositionEncoding enc) const;
  // Column of `p` in code units of `enc` (p.column is in bytes).
  uint32_t character_of(Point p, PositionEncoding enc) const;

private:
  std::string_view text_;
  std::vector<uint32_t> line_starts_;
  std::vector<bool> line_is_ascii_;
};

}  // namespace pt2bb
