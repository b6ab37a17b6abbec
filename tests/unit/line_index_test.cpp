// LineIndex: byte offsets <-> points <-> LSP positions in every encoding, with clamping.
#include <doctest/doctest.h>

#include "syntax/line_index.h"

using namespace pt2bb;

namespace {

// The LSP character of byte column `byte_col` on `line`, in each encoding: "u8/u16/u32".
std::string check_columns(std::string_view text, uint32_t line, uint32_t byte_col) {
  LineIndex idx(text);
  const Point p{line, byte_col};
  return std::to_string(idx.character_of(p, PositionEncoding::Utf8)) + "/" +
         std::to_string(idx.character_of(p, PositionEncoding::Utf16)) + "/" +
         std::to_string(idx.character_of(p, PositionEncoding::Utf32));
}

}  // namespace

TEST_CASE("columns in each encoding") {
  struct Case {
    const char* name;
    std::string_view text;
    uint32_t line, byte_col;
    const char* expected;
  };
  const Case cases[] = {
      {"ascii", "x = 1\ny = 2\n", 1, 4, "4/4/4"},
      {"accent (2 bytes, 1 unit)", "é = 1", 0, 2, "2/1/1"},
      {"CJK (3 bytes, 1 unit)", "名前 = 1", 0, 6, "6/2/2"},
      {"emoji outside the BMP (4 bytes, 2 UTF-16 units)", "s = '😀x'", 0, 9, "9/7/6"},
      {"past the end of the line clamps to its end", "ab\ncd", 0, 50, "2/2/2"},
      {"past the last line clamps to the end of the text", "ab\ncd", 9, 0, "2/2/2"},
      {"CRLF: the CR belongs to the line", "ab\r\ncd", 0, 3, "3/3/3"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    CHECK(check_columns(c.text, c.line, c.byte_col) == c.expected);
  }
}

TEST_CASE("LSP positions to byte offsets round-trip, and clamp") {
  const std::string text = "a = '😀é'\nprint(a)\n";
  LineIndex idx(text);
  // UTF-16: 'a',' ','=',' ','\'' = 5 units, then the emoji (2 units) starts at byte 5.
  CHECK(idx.offset_of(0, 5, PositionEncoding::Utf16) == 5);
  CHECK(idx.offset_of(0, 7, PositionEncoding::Utf16) == 9);   // After the emoji.
  CHECK(idx.offset_of(0, 8, PositionEncoding::Utf16) == 11);  // After 'é'.
  // A position inside the surrogate pair points at the emoji itself.
  CHECK(idx.offset_of(0, 6, PositionEncoding::Utf16) == 5);
  CHECK(idx.offset_of(0, 999, PositionEncoding::Utf16) == idx.line_end(0));
  CHECK(idx.offset_of(1, 3, PositionEncoding::Utf8) == idx.line_start(1) + 3);
  CHECK(idx.offset_of(99, 0, PositionEncoding::Utf16) == text.size());
  for (uint32_t off : {0u, 5u, 9u, 11u, 12u, 13u, static_cast<uint32_t>(text.size())}) {
    CAPTURE(off);
    const Point p = idx.point_at(off);
    CHECK(idx.offset_of(p.line, idx.character_of(p, PositionEncoding::Utf16), PositionEncoding::Utf16) == off);
  }
}

TEST_CASE("invalid UTF-8 counts one unit per bad byte and never overruns") {
  const std::string text = "x = '\xC3\x28\xFF'\n";  // A broken 2-byte sequence and a stray 0xFF.
  LineIndex idx(text);
  CHECK(idx.character_of({0, 8}, PositionEncoding::Utf16) == 8);
  CHECK(idx.offset_of(0, 100, PositionEncoding::Utf16) == idx.line_end(0));
  // A truncated 4-byte sequence at the very end of the text.
  const std::string cut = "a\xF0\x9F";
  LineIndex idx2(cut);
  CHECK(idx2.character_of({0, 3}, PositionEncoding::Utf16) == 3);
}

TEST_CASE("empty text has one empty line") {
  LineIndex idx("");
  CHECK(idx.line_count() == 1);
  CHECK(idx.offset_of(3, 3, PositionEncoding::Utf16) == 0);
  CHECK(idx.point_at(10) == Point{0, 0});
}
