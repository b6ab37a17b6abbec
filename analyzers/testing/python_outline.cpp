#include "testing/python_outline.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace pt2bb {
namespace {

// What a byte can start, for the scanner's dispatch (one table lookup per token).
enum CharClass : uint8_t { kOther, kSpace, kNewline, kBackslash, kHash, kQuote, kName, kDigit, kOpen, kClose, kNul };

struct CharTable {
  CharClass cls[256];
  bool name_char[256];
  constexpr CharTable() : cls(), name_char() {
    for (int c = 0; c < 256; ++c) {
      const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
      const bool digit = c >= '0' && c <= '9';
      name_char[c] = alpha || digit;
      cls[c] = alpha ? kName : digit ? kDigit : kOther;
    }
    cls[int(' ')] = cls[int('\t')] = cls[int('\f')] = kSpace;
    cls[int('\n')] = cls[int('\r')] = kNewline;
    cls[int('\\')] = kBackslash;
    cls[int('#')] = kHash;
    cls[int('"')] = cls[int('\'')] = kQuote;
    cls[int('(')] = cls[int('[')] = cls[int('{')] = kOpen;
    cls[int(')')] = cls[int(']')] = cls[int('}')] = kClose;
    cls[0] = kNul;
  }
};
constexpr CharTable kChars;

bool is_name_char(unsigned char c) { return kChars.name_char[c]; }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// A name right before a quote is a string prefix when it is one of Python's (any case).
bool is_string_prefix(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(c | 0x20);
  return lower == "r" || lower == "u" || lower == "b" || lower == "f" || lower == "br" || lower == "rb" ||
         lower == "fr" || lower == "rf";
}

// The scanner proper: a cursor over the text that appends tokens and logical lines.
class Scanner {
public:
  Scanner(std::string_view text, PythonOutline& out) : text_(text), n_(text.size()), out_(out) {}

  bool run() {
    size_t pos = 0;
    while (pos < n_) {
      // At the start of a physical line outside brackets: indentation, blank and comment lines.
      if (at_line_start_) {
        at_line_start_ = false;
        uint32_t indent = 0;
        size_t p = pos;
        for (; p < n_; ++p) {
          const char c = text_[p];
          if (c == ' ') ++indent;
          else if (c == '\t') indent += 8;
          else if (c == '\f') indent = 0;
          else break;
        }
        if (p >= n_) break;
        if (text_[p] == '\n' || (text_[p] == '\r' && p + 1 < n_ && text_[p + 1] == '\n')) {
          pos = p + (text_[p] == '\r' ? 2 : 1);
          at_line_start_ = true;
          continue;
        }
        if (text_[p] == '#') {
          OutlineLine line;
          line.indent = indent;
          line.line_start = static_cast<uint32_t>(pos);
          line.comment = static_cast<uint32_t>(p);
          line.first_token = static_cast<uint32_t>(out_.tokens.size());
          const void* nl = std::memchr(text_.data() + p, '\n', n_ - p);
          line.end = static_cast<uint32_t>(nl ? static_cast<const char*>(nl) - text_.data() : n_);
          out_.lines.push_back(line);
          if (!nl) return true;
          pos = static_cast<const char*>(nl) - text_.data() + 1;
          at_line_start_ = true;
          continue;
        }
        OutlineLine line;
        line.indent = indent;
        line.line_start = static_cast<uint32_t>(pos);
        line.first_token = static_cast<uint32_t>(out_.tokens.size());
        out_.lines.push_back(line);
        in_line_ = true;
        pos = p;
      }
      if (!code(pos, /*interpolation=*/false)) return false;
    }
    if (!stack_.empty()) return false;  // EOF inside brackets.
    close_line();
    return true;
  }

private:
  void close_line() {
    if (!in_line_) return;
    in_line_ = false;
    OutlineLine& line = out_.lines.back();
    line.token_count = static_cast<uint32_t>(out_.tokens.size()) - line.first_token;
    if (line.token_count > 0) line.end = std::max(line.end, out_.tokens.back().end);
  }

  void push(OutlineToken::Kind kind, size_t begin, size_t end) {
    OutlineToken t;
    t.kind = kind;
    t.first = text_[begin];
    t.depth = static_cast<uint16_t>(stack_.size());
    t.begin = static_cast<uint32_t>(begin);
    t.end = static_cast<uint32_t>(end);
    out_.tokens.push_back(t);
  }

  // Scans code from `pos` until the end of the physical line (outside brackets), or, inside an
  // f-string's `{...}` (`interpolation`), until its closing brace or format spec's colon. Returns
  // false on what the scan does not follow.
  bool code(size_t& pos, bool interpolation) {
    const size_t base = stack_.size();
    while (pos < n_) {
      const unsigned char c = static_cast<unsigned char>(text_[pos]);
      CharClass cls = kChars.cls[c];
      if (c == '.' && pos + 1 < n_ && is_digit(static_cast<unsigned char>(text_[pos + 1]))) cls = kDigit;
      switch (cls) {
        case kSpace:
          ++pos;
          break;
        case kNewline:
          if (c == '\r' && (pos + 1 >= n_ || text_[pos + 1] != '\n')) return false;  // A lone CR.
          pos += c == '\r' ? 2 : 1;
          if (interpolation && !triple_) return false;
          if (stack_.empty() && !interpolation) {
            close_line();
            at_line_start_ = true;
            return true;
          }
          break;
        case kBackslash:
          if (pos + 1 < n_ && text_[pos + 1] == '\n') pos += 2;
          else if (pos + 2 < n_ && text_[pos + 1] == '\r' && text_[pos + 2] == '\n') pos += 3;
          else return false;
          break;
        case kHash: {
          if (interpolation) return false;
          const void* nl = std::memchr(text_.data() + pos, '\n', n_ - pos);
          pos = nl ? static_cast<const char*>(nl) - text_.data() : n_;
          if (stack_.empty() && in_line_) out_.lines.back().end = static_cast<uint32_t>(pos);
          break;
        }
        case kQuote:
          if (!string(pos, pos, false)) return false;  // `begin` is a copy taken before `pos` moves.
          break;
        case kName: {
          const size_t begin = pos;
          while (pos < n_ && is_name_char(static_cast<unsigned char>(text_[pos]))) ++pos;
          if (pos < n_ && (text_[pos] == '"' || text_[pos] == '\'') && pos - begin <= 2 &&
              is_string_prefix(text_.substr(begin, pos - begin))) {
            bool f = false;
            for (size_t i = begin; i < pos; ++i) f = f || (text_[i] | 0x20) == 'f';
            if (!string(begin, pos, f)) return false;
          } else {
            push(OutlineToken::Name, begin, pos);
          }
          break;
        }
        case kDigit: {
          const size_t begin = pos;
          while (pos < n_) {
            const unsigned char d = static_cast<unsigned char>(text_[pos]);
            if (is_name_char(d) || d == '.') ++pos;
            else if ((d == '+' || d == '-') && ((text_[pos - 1] | 0x20) == 'e') && !(text_[begin + 1] == 'x' || text_[begin + 1] == 'X')) ++pos;
            else break;
          }
          push(OutlineToken::Number, begin, pos);
          break;
        }
        case kOpen:
          push(OutlineToken::Op, pos, pos + 1);
          stack_.push_back(static_cast<uint32_t>(out_.tokens.size() - 1));
          ++pos;
          break;
        case kClose: {
          if (interpolation && stack_.size() == base && c == '}') return true;  // The caller consumes it.
          if (stack_.size() <= base) return false;
          const uint32_t open = stack_.back();
          const char want = c == ')' ? '(' : c == ']' ? '[' : '{';
          if (text_[out_.tokens[open].begin] != want) return false;
          stack_.pop_back();
          push(OutlineToken::Op, pos, pos + 1);
          out_.tokens.back().partner = open;
          out_.tokens[open].partner = static_cast<uint32_t>(out_.tokens.size() - 1);
          ++pos;
          break;
        }
        case kNul:
          return false;
        case kOther:
          if (interpolation && stack_.size() == base && (c == ':' || c == '!') &&
              !(pos + 1 < n_ && text_[pos + 1] == '=')) {
            return true;  // A format spec or a conversion: the caller reads it as string text.
          }
          push(OutlineToken::Op, pos, pos + op_length(pos));
          pos = out_.tokens.back().end;
          break;
      }
    }
    return !interpolation;
  }

  // Operators of two or three characters; everything else is one.
  size_t op_length(size_t pos) const {
    const char a = text_[pos], b = pos + 1 < n_ ? text_[pos + 1] : 0, c = pos + 2 < n_ ? text_[pos + 2] : 0;
    if (a == '.' ) return b == '.' && c == '.' ? 3 : 1;
    if ((a == '*' || a == '/' || a == '>' || a == '<') && b == a) return c == '=' ? 3 : 2;
    if (a == '-' && b == '>') return 2;
    if (b == '=' && std::strchr("=!<>:+-*/%&|^@", a)) return 2;
    return 1;
  }

  // A string literal: prefix at `begin`, quote at `pos` (left after the string). Appends one String token (f-strings:
  // the code of their `{...}` parts as tokens too, between the string's pieces).
  bool string(size_t begin, size_t& pos, bool f) {
    const char q = text_[pos];
    const bool triple = pos + 2 < n_ && text_[pos + 1] == q && text_[pos + 2] == q;
    pos += triple ? 3 : 1;
    const bool outer_triple = triple_;
    triple_ = triple_ || triple;
    size_t piece = begin;
    for (;;) {
      if (pos >= n_) return false;
      const char c = text_[pos];
      if (c == '\\') {
        pos += 2;
      } else if (c == q && (!triple || (pos + 2 < n_ && text_[pos + 1] == q && text_[pos + 2] == q))) {
        pos += triple ? 3 : 1;
        break;
      } else if (c == '\n' && !triple) {
        return false;
      } else if (f && c == '{') {
        if (pos + 1 < n_ && text_[pos + 1] == '{') {
          pos += 2;
          continue;
        }
        push(OutlineToken::String, piece, pos);
        if (!interpolation(pos)) return false;
        piece = pos;
      } else {
        ++pos;
      }
    }
    triple_ = outer_triple;
    push(OutlineToken::String, piece, pos);
    return true;
  }

  // `{expr[!conv][:spec]}` of an f-string, from its '{'. Leaves `pos` after the '}'.
  bool interpolation(size_t& pos) {
    push(OutlineToken::Op, pos, pos + 1);
    stack_.push_back(static_cast<uint32_t>(out_.tokens.size() - 1));
    ++pos;
    size_t inner = pos;
    if (!code(inner, /*interpolation=*/true)) return false;
    // A conversion or format spec: text up to the closing brace, with nested `{...}` as code.
    while (inner < n_ && text_[inner] != '}') {
      if (text_[inner] == '{') {
        if (!interpolation(inner)) return false;
      } else if (text_[inner] == '\n' && !triple_) {
        return false;
      } else {
        ++inner;
      }
    }
    if (inner >= n_) return false;
    const uint32_t open = stack_.back();
    stack_.pop_back();
    push(OutlineToken::Op, inner, inner + 1);
    out_.tokens.back().partner = open;
    out_.tokens[open].partner = static_cast<uint32_t>(out_.tokens.size() - 1);
    pos = inner + 1;
    return true;
  }

  std::string_view text_;
  size_t n_;
  PythonOutline& out_;
  std::vector<uint32_t> stack_;
  bool at_line_start_ = true;
  bool in_line_ = false;
  bool triple_ = false;  // Inside a triple-quoted string (newlines allowed in its interpolations).
};

}  // namespace

Point PythonOutline::point(uint32_t offset) const {
  auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
  const uint32_t row = static_cast<uint32_t>(it - line_starts.begin()) - 1;
  return {row, offset - line_starts[row]};
}

bool scan_python_outline(std::string_view text, PythonOutline& out) {
  out.tokens.clear();
  out.lines.clear();
  out.line_starts.clear();
  out.line_starts.push_back(0);
  for (const char* p = text.data(); (p = static_cast<const char*>(std::memchr(p, '\n', text.data() + text.size() - p)));)
    out.line_starts.push_back(static_cast<uint32_t>(++p - text.data()));
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") return false;  // A BOM: let the parser judge.
  Scanner scanner(text, out);
  return scanner.run();
}

}  // namespace pt2bb
