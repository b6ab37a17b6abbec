#include "syntax/line_index.h"

#include <algorithm>

namespace pt2bb {
namespace {

// Length in bytes of the UTF-8 sequence starting at s[i], or 1 when it is not valid UTF-8.
uint32_t utf8_sequence_length(std::string_view s, size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  uint32_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
  if (n <= 1 || i + n > s.size()) return 1;
  for (uint32_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 1;
  }
  return n;
}

uint32_t code_units(uint32_t utf8_len, PositionEncoding enc) {
  switch (enc) {
  case PositionEncoding::Utf8: return utf8_len;
  case PositionEncoding::Utf16: return utf8_len == 4 ? 2 : 1;
  case PositionEncoding::Utf32: return 1;
  }
  return 1;
}

}  // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
  line_starts_.push_back(0);
  bool ascii = true;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) ascii = false;
    if (c == '\n') {
      line_is_ascii_.push_back(ascii);
      line_starts_.push_back(static_cast<uint32_t>(i + 1));
      ascii = true;
    }
  }
  line_is_ascii_.push_back(ascii);
}

uint32_t LineIndex::line_start(uint32_t line) const {
  return line_starts_[std::min<size_t>(line, line_starts_.size() - 1)];
}

uint32_t LineIndex::line_end(uint32_t line) const {
  if (line + 1 >= line_starts_.size()) return text_size();
  return line_starts_[line + 1] - 1;
}

std::string_view LineIndex::line_text(uint32_t line) const {
  const uint32_t start = line_start(line);
  return text_.substr(start, line_end(std::min(line, line_count() - 1)) - start);
}

Point LineIndex::point_at(uint32_t offset) const {
  offset = std::min(offset, text_size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const auto line = static_cast<uint32_t>(it - line_starts_.begin() - 1);
  return {line, offset - line_starts_[line]};
}

uint32_t LineIndex::offset_at(Point p) const {
  if (p.line >= line_count()) return text_size();
  const uint32_t start = line_starts_[p.line];
  return std::min(start + p.column, line_end(p.line));
}

uint32_t LineIndex::offset_of(uint32_t line, uint32_t character, PositionEncoding enc) const {
  if (line >= line_count()) return text_size();
  const uint32_t start = line_starts_[line];
  const uint32_t end = line_end(line);
  if (enc == PositionEncoding::Utf8 || line_is_ascii_[line]) return std::min(start + character, end);
  uint32_t offset = start;
  uint32_t units = 0;
  while (offset < end && units < character) {
    const uint32_t len = utf8_sequence_length(text_, offset);
    const uint32_t w = code_units(len, enc);
    // A position inside a surrogate pair points at the character itself.
    if (units + w > character) break;
    units += w;
    offset += len;
  }
  return offset;
}

Point LineIndex::point_of(uint32_t line, uint32_t character, PositionEncoding enc) const {
  return point_at(offset_of(line, character, enc));
}

uint32_t LineIndex::character_of(Point p, PositionEncoding enc) const {
  if (p.line >= line_count()) {
    p = point_at(text_size());
  }
  const uint32_t start = line_starts_[p.line];
  const uint32_t target = std::min(start + p.column, line_end(p.line));
  if (enc == PositionEncoding::Utf8 || line_is_ascii_[p.line]) return target - start;
  uint32_t units = 0;
  for (uint32_t offset = start; offset < target;) {
    const uint32_t len = utf8_sequence_length(text_, offset);
    units += code_units(len, enc);
    offset += len;
  }
  return units;
}

}  // namespace pt2bb
