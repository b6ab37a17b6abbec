// LiteralGate: a set of rare literals, one of which every pattern needs, found with a bitmap of
// hashed 4-byte windows (see literal_gate.h).
#include "triage/literal_gate.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

#include <re2/filtered_re2.h>
#include <re2/re2.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace pt2bb {
namespace {

constexpr int kMinLiteral = 3;  // FilteredRE2 drops shorter literals (the pattern then needs none).

constexpr std::array<uint8_t, 256> make_fold() {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) t[c] = static_cast<uint8_t>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return t;
}
constexpr std::array<uint8_t, 256> kFold = make_fold();

// A window's key: its first `bytes` bytes (of 4 read), as they are.
uint32_t window_key(const char* p, int bytes) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  return bytes == 4 ? w : (w & 0x00ffffffu);
}

uint32_t slot_of(uint32_t key, int slots_log) { return (key * 0x9E3779B1u) >> (32 - slots_log); }

bool test_bit(const std::vector<uint64_t>& bits, uint32_t slot) { return (bits[slot / 64] >> (slot % 64)) & 1; }

bool equal_folded(const char* p, std::string_view lower) {
  for (size_t i = 0; i < lower.size(); ++i)
    if (kFold[static_cast<uint8_t>(p[i])] != static_cast<uint8_t>(lower[i])) return false;
  return true;
}

// RE2's \s: space, \t, \n, \f, \r (not \v).
bool is_re2_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

// How rare a window is likely to be in a log. Lowercase words are everywhere, and words share
// their letters ("torchdynamo", "compile"), so what scores is capitals, the inside of a CamelCase
// name ("dCom" of "BackendCompilerFailed"), digits, punctuation and the join of two words.
int rarity(std::string_view window) {
  // Except the name of a Python file: every glog prefix and every frame of a PyTorch log has one.
  if (window.starts_with(".py")) return 1;
  int score = 0;
  for (size_t i = 0; i < window.size(); ++i) {
    const auto c = static_cast<unsigned char>(window[i]);
    if (std::islower(c)) continue;
    if (std::isupper(c)) {
      score += (i > 0 && std::islower(static_cast<unsigned char>(window[i - 1]))) ? 4 : 2;
    } else {
      if (c == ' ') {
        // A word's start or end ("not ", " in ", "ing ") is everywhere; a window that joins the
        // end of one word to the start of the next ("h br" of "Graph break") needs that pair of
        // words. That is rarer than any one word, whose start other names share: "Dyna" of
        // "Dynamo" is in every "DimDynamic", "rch." of "torch.compile" in every "torch.Tensor".
        if (i > 0 && i + 1 < window.size() && window[i - 1] != ' ' && window[i + 1] != ' ') score += 3;
        continue;
      }
      score += (std::isdigit(c) || c == '_' || c == '.' || c == '/') ? 2 : 3;
    }
  }
  return score;
}

// The offset of a literal's rarest 4-byte window; among equals, the one nearest the middle,
// which words share less than their starts.
size_t best_window(std::string_view literal) {
  size_t best = 0;
  int best_score = -1;
  const double middle = (static_cast<double>(literal.size()) - 4) / 2;
  for (size_t o = 0; o + 4 <= literal.size(); ++o) {
    const int s = rarity(literal.substr(o, 4));
    if (s > best_score || (s == best_score && std::abs(o - middle) < std::abs(best - middle))) {
      best = o;
      best_score = s;
    }
  }
  return best;
}

int literal_rarity(std::string_view literal) {
  return literal.size() < 4 ? rarity(literal) : rarity(literal.substr(best_window(literal), 4));
}

// FilteredRE2 reports every literal in lowercase. To learn the case a case-sensitive pattern
// needs, the pattern is first rewritten with each uppercase ASCII letter as a Latin-1 control
// byte (0x80 + letter), which has no case, and read as Latin-1; the controls in the literals
// are then turned back into letters. Literals keep their case: "BackendCompilerFailed" is rare
// in a log, "backendcompilerfailed" without case is not ("torchdynamo" hides in
// "InternalTorchDynamoError"). Returns nothing for constructs that could name a letter some
// other way (\x41, \Q...\E, \p{Lu}), a range across cases, or non-ASCII text.
constexpr uint8_t kUpperBase = 0x80;

std::optional<std::string> relabel_uppercase(std::string_view p) {
  std::string out;
  bool in_class = false;
  for (size_t i = 0; i < p.size(); ++i) {
    const auto c = static_cast<unsigned char>(p[i]);
    if (c >= 0x80) return std::nullopt;
    if (c == '\\') {
      if (i + 1 >= p.size()) return std::nullopt;
      const char n = p[i + 1];
      if (std::isdigit(static_cast<unsigned char>(n)) || std::strchr("xQEpPC", n) != nullptr) return std::nullopt;
      out += p.substr(i, 2);  // \d, \w, \s, \b, \A, \z, \. ...: kept as they are.
      ++i;
      continue;
    }
    if (!in_class && c == '(' && p.substr(i).starts_with("(?")) {
      const size_t close = p.find_first_of(":)>", i);  // Flags or a group name: kept as they are.
      if (close == std::string_view::npos) return std::nullopt;
      out += p.substr(i, close - i + 1);
      i = close;
      continue;
    }
    if (in_class && p.substr(i).starts_with("[:")) {  // [[:upper:]]: a class name.
      const size_t close = p.find(":]", i);
      if (close == std::string_view::npos) return std::nullopt;
      out += p.substr(i, close + 2 - i);
      i = close + 1;
      continue;
    }
    if (c == '[' && !in_class) {
      in_class = true;
      out += '[';
      if (p.substr(i + 1).starts_with("^")) out += p[++i];
      if (p.substr(i + 1).starts_with("]")) out += p[++i];  // "[]...]": a leading ']' is a member.
      continue;
    }
    if (c == ']' && in_class) in_class = false;
    if (in_class && c == '-' && !out.empty() && i + 1 < p.size() && p[i + 1] != ']') {
      // A range keeps its order only when both ends are uppercase or neither is.
      const bool from_upper = static_cast<uint8_t>(out.back()) >= kUpperBase;
      if (from_upper != static_cast<bool>(std::isupper(static_cast<unsigned char>(p[i + 1])))) return std::nullopt;
    }
    out += std::isupper(c) ? static_cast<char>(kUpperBase + (c - 'A')) : static_cast<char>(c);
  }
  return out;
}

// The alternatives of a pattern's top level: "a|b(c|d)" -> "a", "b(c|d)". A text matches the
// pattern when it matches one of them, so each can be ruled out on its own: RE2 would factor
// "\.py in |\.py\](" into ".py" and a choice, and lose the longer literals.
std::vector<std::string_view> top_level_alternatives(std::string_view p) {
  std::vector<std::string_view> out;
  int depth = 0;
  bool in_class = false;
  size_t start = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '\\') {
      ++i;
    } else if (in_class) {
      in_class = c != ']';
    } else if (c == '[') {
      in_class = true;
      if (i + 1 < p.size() && p[i + 1] == '^') ++i;
      if (i + 1 < p.size() && p[i + 1] == ']') ++i;  // "[]...]": a leading ']' is a member.
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      --depth;
    } else if (c == '|' && depth == 0) {
      out.push_back(p.substr(start, i - start));
      start = i + 1;
    }
  }
  out.push_back(p.substr(start));
  return out;
}

// Where a counted repeat that opens at p[i] ("{2}", "{1,}", "{2,5}") ends, or npos: RE2 reads
// any other '{' as the character itself.
size_t counted_repeat_end(std::string_view p, size_t i) {
  size_t j = i + 1;
  auto digits = [&]() {
    const size_t from = j;
    while (j < p.size() && std::isdigit(static_cast<unsigned char>(p[j]))) ++j;
    return j > from;
  };
  if (i >= p.size() || p[i] != '{' || !digits()) return std::string_view::npos;
  if (j < p.size() && p[j] == ',') {
    ++j;
    digits();
  }
  return j < p.size() && p[j] == '}' ? j + 1 : std::string_view::npos;
}

// One atom of a pattern's source and the quantifier after it, as the readers below see it: a
// character the pattern spells, a shorthand class (\d, \w, \s), a bracketed class, a group's
// opening or closing, or some other construct (., ^, $, |, \b, \x41, a stray quantifier).
struct Atom {
  enum Kind { Char, Shorthand, Class, Open, Close, Other };
  Kind kind = Other;
  char c = 0;           // The character (Char) or the shorthand's letter (Shorthand).
  char quantifier = 0;  // '*', '+', '?', '{' for a counted repeat, or none.
  bool lazy = false;    // "*?", "+?", "??", "{2,}?".
  size_t end = 0;       // Where the next atom starts.
};

// The atom at p[i]; none when the source ends inside it (a trailing '\', an unclosed class).
std::optional<Atom> read_atom(std::string_view p, size_t i) {
  Atom a;
  size_t next = i + 1;
  const char c = p[i];
  if (c == '\\') {
    if (next >= p.size()) return std::nullopt;
    const char e = p[next++];
    a.kind = e == 'd' || e == 'w' || e == 's' ? Atom::Shorthand
             : std::isalnum(static_cast<unsigned char>(e)) ? Atom::Other
                                                            : Atom::Char;
    a.c = e;
  } else if (c == '[') {
    // Read whole: "[]...]" and "[^]...]" hold a leading ']'.
    if (next < p.size() && p[next] == '^') ++next;
    if (next < p.size() && p[next] == ']') ++next;
    while (next < p.size() && p[next] != ']') next += p[next] == '\\' ? 2 : 1;
    if (next >= p.size()) return std::nullopt;
    ++next;
    a.kind = Atom::Class;
  } else if (c == '(') {
    a.kind = Atom::Open;
  } else if (c == ')') {
    a.kind = Atom::Close;
  } else if (std::strchr(".|^$*+?", c) != nullptr || counted_repeat_end(p, i) != std::string_view::npos) {
    a.kind = Atom::Other;
  } else {
    a.kind = Atom::Char;  // ']', '}' and a '{' that opens no repeat are characters too.
    a.c = c;
  }
  if (a.kind != Atom::Open && next < p.size()) {
    if (std::strchr("*+?", p[next]) != nullptr) {
      a.quantifier = p[next++];
    } else if (const size_t repeat = counted_repeat_end(p, next); repeat != std::string_view::npos) {
      a.quantifier = '{';
      next = repeat;
    }
    if (a.quantifier != 0 && next < p.size() && p[next] == '?') {
      a.lazy = true;
      ++next;
    }
  }
  a.end = next;
  return a;
}

// The literal an alternative starts with, and where it must lie: "^FAILED " at the text's start,
// "^\s*File \[" after its leading spaces, "\breason='..." or "Recompiling function" anywhere
// (every match then starts with it). None when the alternative starts otherwise.
struct LeadingLiteral {
  enum Anchor { TextStart, AfterSpaces, Anywhere };
  std::string literal;
  Anchor anchor = Anywhere;
  size_t end = 0;  // Where the alternative goes on after the literal.
};

std::optional<LeadingLiteral> leading_literal(std::string_view p) {
  LeadingLiteral out;
  size_t i = 0;
  if (p.starts_with('^')) {
    out.anchor = LeadingLiteral::TextStart;
    i = 1;
    if (p.substr(i).starts_with("\\s*")) {
      out.anchor = LeadingLiteral::AfterSpaces;
      i += 3;
    }
  } else if (p.starts_with("\\b")) {
    i = 2;  // A word boundary before the literal: the search, started at the literal, checks it.
  }
  // A character that may repeat or be absent ends the literal before it.
  for (std::optional<Atom> a; i < p.size() && (a = read_atom(p, i)) && a->kind == Atom::Char && !a->quantifier; i = a->end)
    out.literal += a->c;
  if (out.literal.empty()) return std::nullopt;
  out.end = i;
  return out;
}

// What a pattern says about the bytes right after its leading literal, read up to the first
// construct this does not follow ("\.py:\d+: " gives a digit or more, ':' and ' ').
std::vector<LiteralGate::Step> continuation(std::string_view p, size_t i) {
  std::vector<LiteralGate::Step> steps;
  while (i < p.size() && steps.size() < 8) {
    const std::optional<Atom> a = read_atom(p, i);
    if (!a || a->lazy || a->quantifier == '{') break;  // Lazy or counted repeats: not followed.
    LiteralGate::Step step;
    if (a->kind == Atom::Char) {
      step.add(static_cast<uint8_t>(a->c));
    } else if (a->kind == Atom::Shorthand && a->c == 'd') {
      for (int b = '0'; b <= '9'; ++b) step.add(static_cast<uint8_t>(b));
    } else if (a->kind == Atom::Shorthand && a->c == 'w') {
      for (int b = 0; b < 256; ++b)
        if (std::isalnum(b) || b == '_') step.add(static_cast<uint8_t>(b));
    } else if (a->kind == Atom::Shorthand) {
      for (const char b : {' ', '\t', '\n', '\f', '\r'}) step.add(static_cast<uint8_t>(b));
    } else {
      break;
    }
    if (a->quantifier != 0) {
      step.min = a->quantifier == '+' ? 1 : 0;
      step.max = a->quantifier == '?' ? 1 : LiteralGate::Step::kMany;
    }
    steps.push_back(step);
    i = a->end;
  }
  return steps;
}

// Where `literal` ends in the source of `p` (a pattern without alternatives), when the pattern
// spells it exactly once outside groups and classes, its characters neither repeated nor optional:
// every match then holds the literal there, followed by what the source goes on to say. None
// when it is spelled elsewhere too, or only through constructs (a group, a class).
std::optional<size_t> literal_site(std::string_view p, std::string_view literal) {
  std::optional<size_t> site;
  std::string run;               // The literal characters read since the last construct...
  std::vector<size_t> ends;      // ...and where each ends in the source.
  auto close_run = [&]() {
    for (size_t at = run.find(literal); at != std::string::npos; at = run.find(literal, at + 1)) {
      if (site) return false;  // Spelled twice.
      site = ends[at + literal.size() - 1];
    }
    run.clear();
    ends.clear();
    return true;
  };
  int depth = 0;
  for (size_t i = 0; i < p.size();) {
    const std::optional<Atom> a = read_atom(p, i);
    if (!a) return std::nullopt;
    if (a->kind == Atom::Open) ++depth;
    if (a->kind == Atom::Close) --depth;
    if (a->kind == Atom::Char && depth == 0 && !a->quantifier) {
      run += a->c;
      ends.push_back(a->end);
    } else if (!close_run()) {
      return std::nullopt;
    }
    i = a->end;
  }
  if (!close_run()) return std::nullopt;
  return site;
}

// Whether a flag group turns case-insensitivity on somewhere: "(?i)", "(?si)", "(?i:...)", but
// not "(?-i)". Its effect may reach any later alternative.
bool ignores_case(std::string_view p) {
  for (size_t at = p.find("(?"); at != std::string_view::npos; at = p.find("(?", at + 2)) {
    if (at > 0 && p[at - 1] == '\\') continue;  // An escaped "(".
    for (size_t i = at + 2; i < p.size() && std::isalpha(static_cast<unsigned char>(p[i])); ++i)
      if (p[i] == 'i') return true;
  }
  return false;
}

// The pattern without its "(?i)" flags. FilteredRE2 reads a case-insensitive pattern as a class
// per letter and gives up on literals longer than a few letters. Whatever text the (?i) pattern
// matches, the plain one matches that text with some letters' case changed, which holds the same
// literals case aside: searched without case, they rule the pattern out just as well.
std::string without_case_flags(std::string pattern) {
  for (size_t at; (at = pattern.find("(?i)")) != std::string::npos;) pattern.erase(at, 4);
  for (size_t at; (at = pattern.find("(?i:")) != std::string::npos;) pattern.replace(at, 4, "(?:");
  return pattern;
}

struct NeededLiteral {
  std::string text;  // Lowercase when `fold`.
  bool fold = false;  // Found without ASCII case.
};

// Literals such that `pattern` cannot match a text that holds none of them, the rare ones kept:
// FilteredRE2 knows which literals the pattern needs, as a tree of ANDs and ORs; asking it with
// ever more literals present finds a smallest set whose absence still rules the pattern out.
// Empty when the pattern needs no literal (or FilteredRE2 cannot read it).
std::vector<NeededLiteral> needed_literals(const std::string& pattern, bool caseless) {
  std::optional<std::string> relabelled = caseless ? std::nullopt : relabel_uppercase(pattern);
  const bool fold = !relabelled.has_value();
  RE2::Options options;
  options.set_log_errors(false);
  if (!fold) options.set_encoding(RE2::Options::EncodingLatin1);
  re2::FilteredRE2 filter(kMinLiteral);
  int id = 0;
  if (filter.Add(fold ? without_case_flags(pattern) : *relabelled, options, &id) != RE2::NoError) return {};
  std::vector<std::string> atoms;
  filter.Compile(&atoms);
  auto possible = [&](const std::vector<int>& present) {
    std::vector<int> out;
    filter.AllPotentials(present, &out);
    return !out.empty();
  };
  if (possible({})) return {};
  for (auto& a : atoms) {
    for (char& ch : a) {
      const auto b = static_cast<uint8_t>(ch);
      if (b >= 0x80 && (fold || b >= kUpperBase + 26)) return {};  // Not a letter this search can find.
      if (b >= 0x80) ch = static_cast<char>('A' + (b - kUpperBase));
    }
  }
  // 3-byte literals cost the search a second lookup per byte: when the pattern can be ruled out
  // by longer ones alone, the short ones count as present everywhere.
  std::vector<int> present, order;
  for (size_t a = 0; a < atoms.size(); ++a) (atoms[a].size() < 4 ? present : order).push_back(static_cast<int>(a));
  if (possible(present)) {
    order.insert(order.end(), present.begin(), present.end());
    present.clear();
  }
  std::sort(order.begin(), order.end(), [&](int x, int y) {
    const bool lx = atoms[x].size() >= 4, ly = atoms[y].size() >= 4;
    if (lx != ly) return !lx;
    const int rx = literal_rarity(atoms[x]), ry = literal_rarity(atoms[y]);
    return rx != ry ? rx < ry : atoms[x].size() < atoms[y].size();
  });
  // Common atoms first: each one that can be present without letting the pattern through is not
  // needed. What stays absent is needed.
  std::vector<NeededLiteral> needed;
  for (int a : order) {
    present.push_back(a);
    if (possible(present)) {
      present.pop_back();
      needed.push_back({atoms[a], fold});
    }
  }
  return needed;
}

}  // namespace

LiteralGate::LiteralGate(const std::vector<std::string>& patterns, bool simd) : simd_(simd) {
  std::set<std::tuple<std::string, bool, int, bool>> literals;  // Text, fold, regex, at_literal.
  std::map<std::pair<std::string, int>, std::vector<Step>> follows;  // What follows a literal, by literal and regex.
  for (size_t index = 0; index < patterns.size() && !pass_all_; ++index) {
    const std::string& pattern = patterns[index];
    const int id = static_cast<int>(regexes_.size());
    regexes_.push_back(std::make_unique<LazyRegex>(pattern));
    // A "(?i)" anywhere may reach later alternatives too: then all of them are searched without case.
    const bool caseless = ignores_case(pattern);
    // Other flags ("(?s)") also reach later alternatives: those are only ever run as the whole pattern.
    bool own_flags = false;
    for (size_t at = pattern.find("(?"); at != std::string::npos; at = pattern.find("(?", at + 2))
      own_flags = own_flags || (at + 2 < pattern.size() && pattern[at + 2] != ':' && pattern[at + 2] != 'P');
    const std::vector<std::string_view> alternatives = top_level_alternatives(pattern);
    // The regex that runs one alternative alone: the pattern itself when it has no other.
    auto alone = [&](std::string_view alternative) {
      if (alternatives.size() == 1) return id;
      regexes_.push_back(std::make_unique<LazyRegex>(std::string(alternative)));
      return static_cast<int>(regexes_.size()) - 1;
    };
    for (std::string_view alternative : alternatives) {
      const auto lead = caseless || own_flags ? std::nullopt : leading_literal(alternative);
      if (lead && lead->anchor != LeadingLiteral::Anywhere) {
        heads_.push_back({lead->literal, lead->anchor == LeadingLiteral::AfterSpaces, alone(alternative)});
        head_starts_[static_cast<uint8_t>(lead->literal[0])] = true;
        continue;
      }
      // Every match starts with this literal: each place it is found is tried alone, anchored there.
      if (lead && lead->literal.size() >= 4) {
        const int regex = alone(alternative);
        literals.insert({lead->literal, false, regex, true});
        follows[{lead->literal, regex}] = continuation(alternative, lead->end);
        continue;
      }
      const std::vector<NeededLiteral> needed = needed_literals(std::string(alternative), caseless);
      if (needed.empty()) {  // It needs no literal: nothing can be ruled out without RE2.
        pass_all_ = true;
        break;
      }
      for (const auto& l : needed) {
        literals.insert({l.text, l.fold, id, false});
        // Where the pattern is this one alternative and spells the literal in one place, what it
        // spells after it holds wherever it matches.
        const std::optional<size_t> site = alternatives.size() == 1 && !l.fold ? literal_site(alternative, l.text)
                                                                            : std::nullopt;
        if (site) follows[{l.text, id}] = continuation(alternative, *site);
      }
    }
  }
  if (pass_all_) {
    std::string all;
    for (const auto& p : patterns) all += (all.empty() ? "(?:" : "|(?:") + p + ")";
    any_ = std::make_unique<LazyRegex>(all);
    return;
  }
  bits4_.assign((size_t{1} << kSlotsLog) / 64, 0);
  bits3_.assign((size_t{1} << kSlotsLog) / 64, 0);
  for (const auto& [text, fold, regex, at_literal] : literals) {
    const int width = text.size() >= 4 ? 4 : 3;
    const size_t offset = width == 4 ? best_window(text) : 0;
    // A literal found without case is listed under every case of its window's letters.
    std::vector<std::string> cases{text.substr(offset, width)};
    for (int k = 0; fold && k < width; ++k) {
      if (!std::isalpha(static_cast<unsigned char>(cases[0][k]))) continue;
      const size_t n = cases.size();
      for (size_t v = 0; v < n; ++v) {
        std::string upper = cases[v];
        upper[k] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[k])));
        cases.push_back(upper);
      }
    }
    for (const auto& window : cases) {
      char bytes[4] = {};
      std::memcpy(bytes, window.data(), width);
      const uint32_t key = window_key(bytes, width);
      const uint32_t slot = slot_of(key, kSlotsLog);
      (width == 4 ? bits4_ : bits3_)[slot / 64] |= uint64_t{1} << (slot % 64);
      const auto after = follows.find({text, regex});
      (width == 4 ? windows4_ : windows3_)
          .push_back({key, static_cast<uint32_t>(offset), text, fold, regex, at_literal,
                      after != follows.end() ? after->second : std::vector<Step>{}});
    }
  }
  for (auto [windows, buckets] : {std::pair{&windows4_, &buckets4_}, std::pair{&windows3_, &buckets3_}}) {
    std::stable_sort(windows->begin(), windows->end(), [](const Window& a, const Window& b) {
      return slot_of(a.key, kSlotsLog) < slot_of(b.key, kSlotsLog);
    });
    buckets->assign((size_t{1} << (kSlotsLog - kBucketShift)) + 1, 0);
    size_t w = 0;
    for (size_t b = 0; b < buckets->size(); ++b) {
      while (w < windows->size() && (slot_of((*windows)[w].key, kSlotsLog) >> kBucketShift) < b) ++w;
      (*buckets)[b] = static_cast<uint32_t>(w);
    }
  }
}

LiteralGate::~LiteralGate() = default;

LiteralGate::LazyRegex::~LazyRegex() { delete compiled_.load(std::memory_order_acquire); }

const RE2& LiteralGate::LazyRegex::get() const {
  RE2* re = compiled_.load(std::memory_order_acquire);
  if (re) return *re;
  RE2::Options options;
  options.set_log_errors(false);
  // The alternation of every pattern (when some pattern needs no literal) is large.
  options.set_max_mem(64 << 20);
  auto fresh = std::make_unique<RE2>(pattern_, options);
  if (compiled_.compare_exchange_strong(re, fresh.get(), std::memory_order_acq_rel)) return *fresh.release();
  return *re;  // Another thread compiled it first.
}

LiteralGate::LiteralGate(const LiteralGate& other)
    : pass_all_(other.pass_all_),
      simd_(other.simd_),
      heads_(other.heads_),
      head_starts_(other.head_starts_),
      windows4_(other.windows4_),
      windows3_(other.windows3_),
      buckets4_(other.buckets4_),
      buckets3_(other.buckets3_),
      bits4_(other.bits4_),
      bits3_(other.bits3_) {
  if (other.any_) any_ = std::make_unique<LazyRegex>(other.any_->pattern());
  for (const auto& r : other.regexes_) regexes_.push_back(std::make_unique<LazyRegex>(r->pattern()));
}

std::vector<std::string> LiteralGate::literals() const {
  std::set<std::string> out;
  for (const auto& w : windows4_) out.insert(w.literal);
  for (const auto& w : windows3_) out.insert(w.literal);
  return {out.begin(), out.end()};
}

bool LiteralGate::pattern_matches(int regex, std::string_view text, std::vector<int>& tried) const {
  if (std::find(tried.begin(), tried.end(), regex) != tried.end()) return false;
  tried.push_back(regex);
  return RE2::PartialMatch(text, regexes_[regex]->get());
}

bool LiteralGate::heads_match(std::string_view text, std::vector<int>& tried) const {
  size_t spaces = 0;
  while (spaces < text.size() && is_re2_space(text[spaces])) ++spaces;
  const auto first = [&](size_t at) { return at < text.size() && head_starts_[static_cast<uint8_t>(text[at])]; };
  if (!first(0) && !first(spaces)) return false;  // Most texts: no head starts with their first byte.
  for (const auto& head : heads_) {
    const bool found = text.starts_with(head.literal) || (head.skip_space && text.substr(spaces).starts_with(head.literal));
    if (found && pattern_matches(head.regex, text, tried)) return true;
  }
  return false;
}

// Whether the bytes from `at` on can start what `steps` describe. A step that repeats is taken as
// far as it goes when the next step needs a byte it cannot take: any match must stop it there.
// Past a step that may stop earlier, nothing more is known, and the answer is yes.
bool LiteralGate::continues(const std::vector<Step>& steps, std::string_view text, size_t at) {
  for (size_t k = 0; k < steps.size(); ++k) {
    const Step& step = steps[k];
    size_t run = 0;
    while (run < step.max && at + run < text.size() && step.has(static_cast<uint8_t>(text[at + run]))) ++run;
    if (run < step.min) return false;
    if (step.min == step.max) {
      at += run;
    } else if (k + 1 < steps.size() && steps[k + 1].min > 0 && step.disjoint(steps[k + 1])) {
      at += run;
    } else {
      return true;
    }
  }
  return true;
}

bool LiteralGate::window_matches(const std::vector<Window>& windows, const std::vector<uint32_t>& buckets,
                                 uint32_t key, std::string_view text, size_t i, std::vector<int>& tried) const {
  const uint32_t bucket = slot_of(key, kSlotsLog) >> kBucketShift;
  for (auto it = windows.begin() + buckets[bucket], end = windows.begin() + buckets[bucket + 1]; it != end; ++it) {
    if (it->key != key) continue;
    if (i < it->offset || i - it->offset + it->literal.size() > text.size()) continue;
    const char* start = text.data() + (i - it->offset);
    const bool found =
        it->fold ? equal_folded(start, it->literal) : std::memcmp(start, it->literal.data(), it->literal.size()) == 0;
    if (!found) continue;
    if (!continues(it->after, text, i - it->offset + it->literal.size())) continue;
    if (it->at_literal ? regexes_[it->regex]->get().Match(text, i - it->offset, text.size(), RE2::ANCHOR_START, nullptr, 0)
                       : pattern_matches(it->regex, text, tried))
      return true;
  }
  return false;
}

#if defined(__x86_64__) && defined(__GNUC__)
namespace {

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

// Bit j: the 4-byte window at p + first + j (j < 8) has its bit set in the bitmap `words` of
// 2^slots_log bits; `first` is 0 or 5, so that the windows read at most p[0..15]. The hash is
// window_key's and slot_of's, lane by lane.
template <int first>
__attribute__((target("avx2"), always_inline)) inline uint32_t window_hits8(const char* p, const int* words,
                                                                            int slots_log) {
  const __m256i spread = _mm256_setr_epi8(first + 0, first + 1, first + 2, first + 3, first + 1, first + 2,
                                          first + 3, first + 4, first + 2, first + 3, first + 4, first + 5,
                                          first + 3, first + 4, first + 5, first + 6,  //
                                          first + 4, first + 5, first + 6, first + 7, first + 5, first + 6,
                                          first + 7, first + 8, first + 6, first + 7, first + 8, first + 9,
                                          first + 7, first + 8, first + 9, first + 10);
  const __m256i bytes = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  const __m256i windows = _mm256_shuffle_epi8(bytes, spread);
  const __m256i hashed = _mm256_mullo_epi32(windows, _mm256_set1_epi32(static_cast<int>(0x9E3779B1u)));
  const __m256i slots = _mm256_srl_epi32(hashed, _mm_cvtsi32_si128(32 - slots_log));
  const __m256i word = _mm256_i32gather_epi32(words, _mm256_srli_epi32(slots, 5), 4);
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i bit = _mm256_and_si256(_mm256_srlv_epi32(word, _mm256_and_si256(slots, _mm256_set1_epi32(31))), one);
  return static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(bit, one))));
}

// Calls on_hit(i) for each window of `text` (at least 4 bytes) whose bit is set in `bits`, 8
// windows at a time, until it returns true. No load passes the text's end.
template <class OnHit>
__attribute__((target("avx2"))) bool scan_windows_avx2(std::string_view text, const uint64_t* bits, int slots_log,
                                                         OnHit&& on_hit) {
  // Little-endian: bit k of the map is bit k % 32 of 32-bit word k / 32.
  const int* words = reinterpret_cast<const int*>(bits);
  const char* data = text.data();
  const size_t n = text.size();
  const size_t windows = n - 3;  // Windows that lie wholly inside the text (n >= 4).
  auto report = [&](uint32_t m, size_t base) {
    for (; m != 0; m &= m - 1)
      if (on_hit(base + static_cast<size_t>(__builtin_ctz(m)))) return true;
    return false;
  };
  if (n < 16) {  // Too short for one load: from a zero-padded copy.
    alignas(16) char padded[32] = {};
    std::memcpy(padded, data, n);
    const uint32_t low = window_hits8<0>(padded, words, slots_log);
    const uint32_t high = window_hits8<0>(padded + 8, words, slots_log);
    const uint32_t all = (low | (high << 8)) & ((1u << windows) - 1);
    return report(all, 0);
  }
  size_t i = 0;
  for (; i + 16 <= n; i += 8)
    if (report(window_hits8<0>(data + i, words, slots_log), i)) return true;
  // Up to 12 windows are left (i > n - 16), read with loads that end inside the text: 8 from
  // data + i - 5 when more than 8 are left (i >= 8 here), then the last 8 (n - 11 .. n - 4) from
  // the text's last 16 bytes, those already seen masked off.
  if (windows - i > 8) {
    if (report(window_hits8<5>(data + i - 5, words, slots_log), i)) return true;
    i += 8;
  }
  if (i >= windows) return false;
  const size_t base = n - 11;
  const uint32_t seen = static_cast<uint32_t>(i - base);  // 0 <= i - base < 8.
  return report(window_hits8<5>(data + n - 16, words, slots_log) & ~((1u << seen) - 1), base);
}

}  // namespace
#endif

bool LiteralGate::literals_match(std::string_view text, std::vector<int>& tried) const {
  const size_t n = text.size();
  if (n < kMinLiteral) return false;
  const uint64_t* bits4 = bits4_.data();
  const bool short3 = !windows3_.empty();
#if defined(__x86_64__) && defined(__GNUC__)
  if (simd_ && !short3 && n >= 4 && cpu_has_avx2()) {
    return scan_windows_avx2(text, bits4, kSlotsLog, [&](size_t i) {
      return window_matches(windows4_, buckets4_, window_key(text.data() + i, 4), text, i, tried);
    });
  }
#endif
  // One window: its bitmap bit first (almost always clear), then the exact keys.
  auto at = [&](const char* p, size_t i) {
    const uint32_t key = window_key(p, 4);
    const uint32_t slot = slot_of(key, kSlotsLog);
    if (__builtin_expect((bits4[slot / 64] >> (slot % 64)) & 1, 0) && i + 4 <= n &&
        window_matches(windows4_, buckets4_, key, text, i, tried))
      return true;
    if (!short3) return false;
    const uint32_t slot3 = slot_of(key & 0x00ffffffu, kSlotsLog);
    return test_bit(bits3_, slot3) && window_matches(windows3_, buckets3_, key & 0x00ffffffu, text, i, tried);
  };
  // Windows are read 4 bytes at a time; the last three come from a padded copy.
  const size_t direct = n >= 4 ? n - 3 : 0;
  const char* data = text.data();
  for (size_t i = 0; i < direct; ++i)
    if (at(data + i, i)) return true;
  char tail[8] = {};
  std::memcpy(tail, data + direct, n - direct);
  for (size_t i = direct; i + kMinLiteral <= n; ++i)
    if (at(tail + (i - direct), i)) return true;
  return false;
}

bool LiteralGate::matches(std::string_view text) const {
  if (pass_all_) return RE2::PartialMatch(text, any_->get());
  thread_local std::vector<int> tried;  // Patterns already run on this text.
  tried.clear();
  return heads_match(text, tried) || literals_match(text, tried);
}

}  // namespace pt2bb
