// Hand-written prefix matching: this runs on every line of multi-gigabyte logs, so it only looks
// at a few bytes and never allocates.
#include "triage/log_line.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pt2bb {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

constexpr std::string_view kBoxSide = "\u2502";  // Rich's box side, "│".

// The first `c` among the first `limit` bytes of `s`; npos when none. The tags it looks through
// ("[0/1]", "[__trace_bytecode]") end within 16 or 32 bytes: one or two vector compares find
// them without memchr's call, and without a byte loop whose exit mispredicts as names vary.
size_t find_near(std::string_view s, char c, size_t limit) {
  const size_t end = std::min(s.size(), limit);
  size_t i = 0;
#if defined(__SSE2__)
  const __m128i needle = _mm_set1_epi8(c);
  for (; i < end && i + 16 <= s.size(); i += 16) {  // Reads stay inside `s`.
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
    if (const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, needle)))) {
      const size_t at = i + static_cast<size_t>(__builtin_ctz(mask));
      return at < end ? at : std::string_view::npos;
    }
  }
#endif
  for (; i < end; ++i)
    if (s[i] == c) return i;
  return std::string_view::npos;
}

// The first "] " at or after `from`, within `limit` bytes of the start; npos when none. Hand-rolled
// because string_view::find("] ") measures its needle and compares it on every ']' it meets, on
// every line of multi-gigabyte logs.
size_t find_close_space(std::string_view s, size_t from, size_t limit) {
  const size_t end = std::min(s.size(), limit);
  while (from < end) {
    const void* hit = std::memchr(s.data() + from, ']', end - from);
    if (!hit) return std::string_view::npos;
    const size_t at = static_cast<size_t>(static_cast<const char*>(hit) - s.data());
    if (at + 1 < s.size() && s[at + 1] == ' ') return at;
    from = at + 1;
  }
  return std::string_view::npos;
}

// "[rank0]:" / "[default3]:" (torchrun), "[01:17:10.938]:" (a job runner's clock) at the start
// of the line: a short bracketed tag with a digit in it, then a colon. Some launchers write the
// rank tag without the colon ("[rank3]   File ..."): a tag that starts with a letter may end with
// a space instead (a compile id "[0/1] " or a date "[2023-..." starts with a digit).
size_t rank_prefix(std::string_view s) {
  if (s.size() < 4 || s[0] != '[') return 0;
  size_t close = s.find("]:", 1);
  if (close == std::string_view::npos || close > 40) {
    const size_t bracket = find_near(s, ']', 40);
    const bool letter = (s[1] >= 'a' && s[1] <= 'z') || (s[1] >= 'A' && s[1] <= 'Z');
    if (!letter || bracket == std::string_view::npos || bracket + 1 >= s.size() || s[bracket + 1] != ' ') return 0;
    for (size_t i = 1; i < bracket; ++i)
      if (s[i] == '[' || s[i] == ' ' || s[i] == ':') return 0;
    bool digit = false;
    for (size_t i = 1; i < bracket; ++i) digit = digit || is_digit(s[i]);
    return digit ? bracket + 2 : 0;
  }
  bool digit = false;
  for (size_t i = 1; i < close; ++i) {
    const char c = s[i];
    if (c == ']' || c == '[' || c == ' ') return 0;
    digit = digit || is_digit(c);
  }
  if (!digit) return 0;
  return close + 2 + (s.size() > close + 2 && s[close + 2] == ' ' ? 1 : 0);
}

// "2024-05-01T12:00:00.1234567Z " (GitHub Actions) or "[2025-04-24T17:33:36.217Z] " (Jenkins)
// at the start of the line.
size_t ci_timestamp(std::string_view s) {
  const size_t b = !s.empty() && s[0] == '[' ? 1 : 0;
  if (s.size() < b + 21 || !is_digit(s[b]) || s[b + 4] != '-' || s[b + 10] != 'T' || s[b + 13] != ':') return 0;
  size_t z = s.find(b ? "Z] " : "Z ", b + 19);
  return z != std::string_view::npos && z < 40 ? z + (b ? 3 : 2) : 0;
}

// "2026-08-12 19:05:26 " or "2026-08-12 19:05:26,123 " at the start of the line: the clock a
// container runtime or a job scheduler puts before each line it collects.
size_t plain_timestamp(std::string_view s) {
  if (s.size() < 21 || !is_digit(s[0]) || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':')
    return 0;
  for (size_t i : {1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18})
    if (!is_digit(s[i])) return 0;
  size_t p = 19;
  if (s[p] == '.' || s[p] == ',') {
    ++p;
    while (p < s.size() && is_digit(s[p])) ++p;
  }
  return p < s.size() && s[p] == ' ' ? p + 1 : 0;
}

// A glog prefix's end, "path:line] ", starting at `from` and closing within `limit` bytes of the
// start: the length up to and with its "] ", or 0.
size_t module_line_end(std::string_view s, size_t from, size_t limit) {
  const size_t close = find_close_space(s, from, limit);
  if (close == std::string_view::npos || close < from + 2 || !is_digit(s[close - 1])) return 0;
  size_t colon = close - 1;
  while (colon > from && is_digit(s[colon - 1])) --colon;
  if (colon == from || s[colon - 1] != ':') return 0;
  for (size_t i = from; i < colon; ++i)
    if (s[i] == ' ') return 0;  // A path has no spaces: this is prose.
  return close + 2;
}

// "...torch/_dynamo/symbolic_convert.py:436] ": a glog prefix whose start the reporter replaced by
// an ellipsis to shorten the lines of a paste. The "path:line] " end is still there.
size_t elided_glog_prefix(std::string_view s) { return s.starts_with("...") ? module_line_end(s, 3, 401) : 0; }

// vLLM's process tag, "(VllmWorkerProcess pid=802) " or "(EngineCore_DP0 pid=26353) ": a
// parenthesised name with its pid, before each line a worker process writes.
size_t process_tag(std::string_view s) {
  if (s.size() < 8 || s[0] != '(') return 0;
  const size_t close = find_near(s, ')', 80);
  if (close == std::string_view::npos || close + 1 >= s.size() || s[close + 1] != ' ') return 0;
  if (s.substr(1, close - 1).find("pid=") == std::string_view::npos) return 0;
  return close + 2;
}

// TorchX's tag, "trainer/0 " (the role, then the replica): it writes it before each line a
// replica prints, the rank tag or the line's own indentation after it ("trainer/0 [0]:Traceback",
// "trainer/0     File ..."). Only a tag followed by either counts: "step/1 loss" is a word.
size_t role_replica_tag(std::string_view s) {
  size_t i = 0;
  if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return 0;
  while (i < s.size() && i < 32 && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' || s[i] == '-')) ++i;
  if (i >= s.size() || s[i] != '/') return 0;
  const size_t digits = ++i;
  while (i < s.size() && i - digits < 6 && is_digit(s[i])) ++i;
  if (i == digits || i + 1 >= s.size() || s[i] != ' ' || (s[i + 1] != ' ' && s[i + 1] != '[')) return 0;
  return i + 1;
}

// vLLM's logger prefix: "ERROR 04-23 00:04:19 multiproc_worker_utils.py:240] " (older) or
// "INFO 12-17 13:32:44 [gpu_model_runner.py:815] ": a level word, a month-day clock, and the
// "file.py:line] " that ends it.
size_t vllm_prefix(std::string_view s) {
  static constexpr std::string_view levels[] = {"DEBUG ", "INFO ", "WARNING ", "ERROR ", "CRITICAL "};
  size_t p = 0;
  for (std::string_view level : levels)
    if (s.starts_with(level)) p = level.size();
  if (p == 0 || s.size() < p + 16) return 0;
  const std::string_view clock = s.substr(p, 14);  // "04-23 00:04:19"
  if (!is_digit(clock[0]) || clock[2] != '-' || clock[5] != ' ' || clock[8] != ':' || clock[11] != ':') return 0;
  const size_t close = find_close_space(s, p + 14, p + 200);
  if (close == std::string_view::npos || !is_digit(s[close - 1])) return 0;
  return close + 2;
}

// "V0812 15:05:52.194000 1848694 torch/_dynamo/symbolic_convert.py:556] " -> its length.
size_t glog_prefix(std::string_view s) {
  if (s.size() < 24) return 0;
  const char l = s[0];
  if (l != 'V' && l != 'I' && l != 'W' && l != 'E' && l != 'C' && l != 'D') return 0;
  for (int i = 1; i <= 4; ++i)
    if (!is_digit(s[i])) return 0;
  if (s[5] != ' ') return 0;
  // Shortened by the reporter to the level, the date and the module: "V0627 torch/_dynamo/exc.py:209] ".
  if (!is_digit(s[6])) return module_line_end(s, 6, 200);
  if (!is_digit(s[7]) || s[8] != ':') return 0;
  // The "path:line] " ends the prefix; it must come soon.
  const size_t close = find_close_space(s, 9, 401);
  if (close == std::string_view::npos) {
    if (s.size() > 9 && s.back() == ']' && s.size() < 400) return s.size();  // Cut after the prefix.
    return 0;
  }
  return close + 2;
}

// "[2023-03-29 07:54:55,549] [0/0] torch._dynamo.output_graph: [WARNING] " (torch 2.0-2.2). An
// artifact logger of those versions is named after its module plus "__<artifact>"
// ("torch._dynamo.symbolic_convert.__graph_breaks"): that suffix is the artifact tag.
size_t logging_prefix(std::string_view s, std::string_view* compile_id, std::string_view* artifact) {
  if (s.size() < 30 || s[0] != '[' || !is_digit(s[1]) || !is_digit(s[4]) || s[5] != '-') return 0;
  size_t close = s.find("] ", 1);
  if (close == std::string_view::npos || close > 40) return 0;
  size_t p = close + 2;
  if (p < s.size() && s[p] == '[') {
    size_t c2 = s.find("] ", p);
    if (c2 != std::string_view::npos && c2 - p < 24) {
      *compile_id = s.substr(p + 1, c2 - p - 1);
      p = c2 + 2;
    }
  }
  size_t level = s.find(": [", p);
  if (level == std::string_view::npos || level - p > 120) return p;
  const std::string_view logger = s.substr(p, level - p);
  if (const size_t tag = logger.rfind(".__"); tag != std::string_view::npos) *artifact = logger.substr(tag + 3);
  size_t lclose = s.find("] ", level + 3);
  if (lclose == std::string_view::npos || lclose - level > 12) {
    if (s.size() > level + 3 && s.back() == ']') return s.size();
    return p;
  }
  return lclose + 2;
}

// Rich draws its traceback in a box: "│ /p/x.py:12 in f        │". Takes the sides off `s`.
void strip_box_sides(std::string_view& s, LogLine& out) {
  if (!s.starts_with(kBoxSide)) return;
  out.boxed = true;
  s.remove_prefix(kBoxSide.size());
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  if (s.ends_with(kBoxSide)) s.remove_suffix(kBoxSide.size());
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
}

// The rest of a line whose prefix (`n` bytes: glog, logging module or elided glog) was found.
// Fills `out` in place: returning a copy made every line pay for a store-forwarding stall.
void split_glog_tail(std::string_view s, size_t n, LogLine& out) {
  out.prefixed = true;
  if ((s[0] == 'E' || s[0] == 'W') && s[n - 2] == ']') {
    // An error- or warning-level glog line ends its prefix with "path:line] ": keep the module that
    // logged it. Only these levels: the parser reads no other, and this runs on every line of huge
    // logs.
    const std::string_view head = s.substr(0, n - 2);
    const size_t colon = head.rfind(':');
    const size_t space = head.rfind(' ', colon);
    if (colon != std::string_view::npos && space != std::string_view::npos && colon > space + 1) {
      out.logged_by = head.substr(space + 1, colon - space - 1);
      out.level = s[0];
    }
  }
  s.remove_prefix(n);
  // Optional " [compile_id]" and " [__artifact]" tags, in that order.
  if (s.size() > 2 && s[0] == '[' && s[1] != '_') {
    const size_t close = find_near(s, ']', 24);
    if (close != std::string_view::npos) {
      out.compile_id = s.substr(1, close - 1);
      s.remove_prefix(std::min(s.size(), close + 2));
    }
  }
  if (s.size() > 3 && s[0] == '[' && s[1] == '_' && s[2] == '_') {
    const size_t close = find_near(s, ']', 48);
    if (close != std::string_view::npos) {
      out.artifact = s.substr(3, close - 3);
      s.remove_prefix(std::min(s.size(), close + 2));
    }
  }
  out.text = s;
}

#if defined(__SSE2__)
// Bit i is set when block[i] == c, for the 64 bytes at `block`.
uint64_t byte_mask64(const char* block, __m128i needle) {
  uint64_t mask = 0;
  for (int i = 0; i < 4; ++i) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * i));
    mask |=
        static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, needle))))
        << (16 * i);
  }
  return mask;
}

// Whether p[0..8) is "MMDD HH:" (four digits, a space, two digits, a colon): glog's columns 1 to 8,
// checked on one 8-byte word. XOR with '0' leaves a digit as 0..9; a byte is a digit when its high
// nibble is then 0 and adding 6 to it does not reach 0x10 (no carry crosses a byte: each is at most
// 0x0F + 6 by then).
bool glog_date_columns(const char* p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  constexpr uint64_t kDigits = 0x00FFFF00FFFFFFFFull;  // Bytes 0-3, 5 and 6.
  const uint64_t y = (x ^ 0x3030303030303030ull) & kDigits;
  if ((y & 0xF0F0F0F0F0F0F0F0ull) != 0) return false;
  if (((y + (0x0606060606060606ull & kDigits)) & 0xF0F0F0F0F0F0F0F0ull) != 0) return false;
  return (x & ~kDigits) == ((uint64_t{':'} << 56) | (uint64_t{' '} << 32));
}

// The bits below `n` (n <= 64): a 64-bit shift by 64 is undefined, so n == 64 is its own case.
uint64_t low_bits(size_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

// The first set bit at or after `from` of the 128-bit mask {lo, hi}; 128 when none.
size_t first_bit_from(uint64_t lo, uint64_t hi, size_t from) {
  if (from < 64) {
    if (const uint64_t m = lo & (~uint64_t{0} << from))
      return static_cast<size_t>(__builtin_ctzll(m));
    from = 64;
  }
  if (from >= 128)
    return 128;
  const uint64_t m = hi & (~uint64_t{0} << (from - 64));
  return m ? 64 + static_cast<size_t>(__builtin_ctzll(m)) : 128;
}
#endif

}  // namespace

LogLine split_log_line(std::string_view s) {
  LogLine out;
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  if (!s.empty() && s[0] == '\t') {
    out.trace_payload = true;
    out.text = s.substr(1);
    return out;
  }
  if (s.empty()) {
    out.text = s;
    return out;
  }
  // Most lines of a big log are glog lines ("V0812 15:05:52.194000 ..."): no other decoration
  // starts with a level letter and a digit, so those skip the other checks.
  if (const size_t glog = s.size() > 1 && is_digit(s[1]) ? glog_prefix(s) : 0; glog > 0) {
    split_glog_tail(s, glog, out);
    return out;
  }
  // A log pasted inside a Markdown list or an indented block keeps its glog prefix, vLLM's logger
  // prefix, a worker's process tag, torchrun's rank tag or a CI job's timestamp after a few spaces.
  if (s[0] == ' ') {
    const size_t lead = s.find_first_not_of(' ');
    if (lead != std::string_view::npos && lead <= 8 && s.size() > lead + 1) {
      const std::string_view rest = s.substr(lead);
      if (is_digit(rest[1])) {
        if (const size_t glog = glog_prefix(rest); glog > 0) {
          split_glog_tail(rest, glog, out);
          return out;
        }
      }
      if ((rest[0] == '(' && process_tag(rest) > 0) || (rest[0] == '[' && rank_prefix(rest) > 0) ||
          vllm_prefix(rest) > 0 || (is_digit(rest[0]) && ci_timestamp(rest) > 0))
        s = rest;
    }
  }
  // A reply that quotes a log in Markdown puts "> " before each of its lines; a repro script that
  // keeps the output it printed puts "# ".
  while (s.size() >= 2 && (s[0] == '>' || s[0] == '#') && s[1] == ' ') s.remove_prefix(2);
  strip_box_sides(s, out);
  if (size_t n = ci_timestamp(s)) s.remove_prefix(n);
  else if (size_t m = plain_timestamp(s)) s.remove_prefix(m);
  for (int i = 0; i < 3 && !s.empty() && s[0] == '('; ++i) {
    const size_t n = process_tag(s);
    if (n == 0) break;
    s.remove_prefix(n);
  }
  if (size_t n = vllm_prefix(s)) {
    out.prefixed = true;
    s.remove_prefix(n);
  }
  if (size_t n = role_replica_tag(s)) s.remove_prefix(n);
  for (int i = 0; i < 3 && !s.empty() && s[0] == '['; ++i) {
    size_t n = rank_prefix(s);
    if (n == 0) break;
    s.remove_prefix(n);
  }
  // torchrun tags each line of a rank's output, Rich's box included: "[rank0]: │ ... │".
  if (!out.boxed) strip_box_sides(s, out);
  size_t n = glog_prefix(s);
  if (n == 0 && !s.empty() && s[0] == '[') n = logging_prefix(s, &out.compile_id, &out.artifact);
  if (n == 0 && !s.empty() && s[0] == '.') n = elided_glog_prefix(s);
  if (n > 0) {
    split_glog_tail(s, n, out);
    return out;
  }
  if (s.size() >= 2 && s[0] == 'E' && s[1] == ' ' && (s.size() == 2 || s[2] == ' ')) {
    // pytest marks the exception lines of a failure with "E" in column 0 and 3 more spaces.
    out.pytest_error = true;
    s.remove_prefix(std::min<size_t>(s.size(), 4));
    // An exception message that carries a worker's output keeps that output's own prefixes
    // ("E       [rank0]: ...", "E       E0813 ... subproc_pool.py:205] ...").
    const size_t lead = std::min(s.find_first_not_of(' '), s.size());
    std::string_view rest = s.substr(lead);
    for (int i = 0; i < 3 && !rest.empty() && rest[0] == '['; ++i) {
      const size_t n = rank_prefix(rest);
      if (n == 0) break;
      rest.remove_prefix(n);
    }
    if (const size_t glog = rest.size() > 1 && is_digit(rest[1]) ? glog_prefix(rest) : 0; glog > 0) {
      split_glog_tail(rest, glog, out);
      return out;
    }
    if (rest.size() + lead < s.size()) s = rest;
  }
  out.text = s;
  return out;
}

bool strip_terminal_escapes(std::string_view raw, std::string& out) {
  constexpr char kEsc = '\x1b';
  size_t esc = raw.find(kEsc);
  if (esc == std::string_view::npos) return false;
  // Whether raw[i] exists and lies in [lo, hi].
  auto in = [&](size_t i, unsigned char lo, unsigned char hi) {
    return i < raw.size() && static_cast<unsigned char>(raw[i]) >= lo && static_cast<unsigned char>(raw[i]) <= hi;
  };
  out.clear();
  size_t at = 0;
  while (esc != std::string_view::npos) {
    out.append(raw.substr(at, esc - at));
    size_t i = esc + 1;
    if (i < raw.size() && raw[i] == '[') {
      // CSI (colours, cursor moves): parameter and intermediate bytes, then one final byte.
      for (++i; in(i, 0x20, 0x3f); ++i) {
      }
      if (in(i, 0x40, 0x7e)) ++i;
    } else if (i < raw.size() && raw[i] == ']') {
      // OSC (window titles, hyperlinks): up to BEL or ESC '\'. A hyperlink's text lies outside it.
      // An unterminated one ends with its line, in a text of many lines.
      for (++i; i < raw.size() && raw[i] != '\x07' && raw[i] != '\n' && !(raw[i] == kEsc && in(i + 1, '\\', '\\')); ++i) {
      }
      if (i < raw.size() && raw[i] != '\n') i += raw[i] == '\x07' ? 1 : 2;
    } else {
      // Any other sequence: intermediate bytes, then one final byte ("\x1b(B", "\x1b=").
      while (in(i, 0x20, 0x2f)) ++i;
      if (i < raw.size()) ++i;
    }
    at = std::min(i, raw.size());
    esc = raw.find(kEsc, at);
  }
  out.append(raw.substr(at));
  return true;
}

// The same rules as split_log_line's glog path (glog_prefix, find_close_space, split_glog_tail),
// read from a bit mask of the ']' in the line's first 128 bytes: each search there stops at the
// first ']' it meets (for the prefix, the first one followed by a space), which is the lowest bit
// of the mask at or after where the search starts. Every
// position used must lie inside the line and inside the 128 bytes; a search that would go on past
// them gives up, and so does the whole shortcut.
bool quick_glog_artifact(std::string_view line, const char* readable_end,
                         std::string_view* artifact) {
#if defined(__SSE2__)
  constexpr size_t kWindow = 128;
  const char* s = line.data();
  if (readable_end < s || static_cast<size_t>(readable_end - s) < kWindow)
    return false;
  // split_log_line drops a trailing '\r' first: the limits below count up to the line's end as the
  // split sees it.
  size_t len = line.size();
  if (len > 0 && s[len - 1] == '\r')
    --len;
  // glog_prefix's fixed columns: "V1103 09:" (a letter after the date is the shortened form).
  if (len < 24)
    return false;
  const char l = s[0];
  if (l != 'V' && l != 'I' && l != 'W' && l != 'E' && l != 'C' && l != 'D')
    return false;
  if (!glog_date_columns(s + 1))
    return false;

  const __m128i close_needle = _mm_set1_epi8(']');
  uint64_t close0 = byte_mask64(s, close_needle), close1 = byte_mask64(s + 64, close_needle);
  // The bytes at and past the line's end are another line's (or none): they must match nothing.
  if (len < kWindow) {
    close0 &= low_bits(len);
    close1 &= len > 64 ? low_bits(len - 64) : 0;
  }
  // The prefix ends after the first "] " at or after column 9. A line holds few ']' in its first
  // 128 bytes, so each is checked for its space rather than building a mask of spaces. The space
  // must lie inside the line and inside the 128 bytes read.
  size_t prefix_close = first_bit_from(close0, close1, 9);
  while (prefix_close + 1 < kWindow && !(prefix_close + 1 < len && s[prefix_close + 1] == ' '))
    prefix_close = first_bit_from(close0, close1, prefix_close + 1);
  if (prefix_close + 1 >= kWindow)
    return false;
  size_t at = prefix_close + 2;

  // An optional compile id, "[0/1]": '[' then not '_', its ']' among the next 24 bytes; the tag
  // after it starts 2 bytes past that ']'.
  if (len - at > 2) {
    if (at + 1 >= kWindow)
      return false;
    if (s[at] == '[' && s[at + 1] != '_') {
      const size_t end = at + std::min<size_t>(len - at, 24);
      const size_t id_close = first_bit_from(close0, close1, at);
      // No ']' in reach: split_log_line keeps the '[' as text, and then finds no artifact.
      if (id_close >= end || id_close >= kWindow)
        return false;
      at = std::min(len, id_close + 2);
    }
  }

  // The artifact tag, "[__trace_bytecode]": its ']' among its first 48 bytes.
  if (len - at <= 3 || at + 3 >= kWindow)
    return false;
  if (s[at] != '[' || s[at + 1] != '_' || s[at + 2] != '_')
    return false;
  const size_t end = at + std::min<size_t>(len - at, 48);
  const size_t tag_close = first_bit_from(close0, close1, at);
  // No ']' within the split's 48 bytes (no tag), none within the window (unknown here), or one
  // right after "[__" (an empty tag, which the caller does not count as one).
  if (tag_close >= end || tag_close >= kWindow || tag_close == at + 3)
    return false;
  *artifact = std::string_view(s + at + 3, tag_close - at - 3);
  return true;
#else
  (void)line;
  (void)readable_end;
  (void)artifact;
  return false;
#endif
}

}  // namespace pt2bb
