// LiteralGate: whether a text matches any of a set of RE2 patterns, the same answer as one RE2
// of their alternation, but without running RE2 over texts that cannot match.
//
// On a big TORCH_LOGS log most lines match none of the triage patterns, and RE2's unanchored
// DFA reads every byte of them at about 3 ns a byte: the largest cost of a triage. Nearly every
// pattern needs some literal text to match ("Graph break", "Error", "triggered by the
// following"). From FilteredRE2's analysis of each pattern the gate keeps one small set of
// literals, in the case the pattern spells them, such that the pattern cannot match a text
// holding none of them, preferring rare literals. It then looks each 4-byte window of a text up
// in a bitmap of one chosen window per literal (8 KiB, so it stays in L1) and compares the few
// candidates. Only when a literal is found does RE2 run, and only the patterns that need it.
//
// Patterns anchored at the text's start by a literal ("^FAILED ", "^\s*<FrameSummary file ")
// are checked at the start only: their literal is common mid-line ("at ", "file ").
//
// A pattern with no literal to look for makes the gate fall back to one RE2 of the alternation.
//
// Immutable after construction but for each pattern's RE2, compiled when a text first needs it;
// any thread may call matches() at the same time (one copy per busy thread is faster).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace pt2bb {

class LiteralGate {
public:
  // `patterns` are RE2 patterns with default options (case-sensitive unless they say (?i)).
  // `simd` false: the scalar search even where AVX2 runs (for tests).
  explicit LiteralGate(const std::vector<std::string>& patterns, bool simd = true);

  ~LiteralGate();
  // A copy compiles its own RE2s: RE2 takes a lock on every search, and threads that share one
  // pass that lock's cache line back and forth.
  LiteralGate(const LiteralGate& other);
  LiteralGate& operator=(const LiteralGate&) = delete;

  // Whether some pattern matches somewhere in `text`.
  bool matches(std::string_view text) const;

  bool passes_everything() const { return pass_all_; }  // It fell back to plain RE2.
  // Whether every literal is found by a 4-byte window. Only then does the AVX2 scan run (8
  // windows at a time): one literal of 3 bytes sends every text through the scalar loop.
  bool four_byte_windows_only() const { return windows3_.empty(); }
  // The literals searched for (those searched without case in lowercase), for tests and benches.
  std::vector<std::string> literals() const;

  // One step of what a pattern spells right after one of its literals: a byte of a set, `min` to
  // `max` times. Checked where the literal is found, before RE2 runs: "x.py:30" at a text's end
  // has the ".py:" of "\.py:\d+: " but not the ": " after the digits, and a run of RE2 costs
  // several hundred instructions.
  struct Step {
    static constexpr uint16_t kMany = UINT16_MAX;
    std::array<uint64_t, 4> set{};
    uint16_t min = 1, max = 1;
    void add(uint8_t b) { set[b / 64] |= uint64_t{1} << (b % 64); }
    bool has(uint8_t b) const { return (set[b / 64] >> (b % 64)) & 1; }
    bool disjoint(const Step& o) const {
      return !((set[0] & o.set[0]) | (set[1] & o.set[1]) | (set[2] & o.set[2]) | (set[3] & o.set[3]));
    }
  };

private:
  static constexpr int kSlotsLog = 16;  // Bits in a window bitmap: 64 Ki (8 KiB).

  // A pattern that starts with "^" or "^\s*" and then a literal: it can only match a text that
  // starts with that literal (after the leading spaces when `skip_space`).
  struct AnchoredHead {
    std::string literal;
    bool skip_space = false;
    int regex = 0;  // Into regexes_.
  };
  // A literal, found by one of its windows: `key` is the window's bytes (3 for a 3-byte
  // literal), `offset` where the window lies in the literal. A literal found without ASCII case
  // (`fold`, then `literal` is lowercase) has a Window for each case of its window's letters.
  struct Window {
    uint32_t key;
    uint32_t offset;
    std::string literal;
    bool fold = false;
    int regex = 0;            // Into regexes_: what runs when the literal is found...
    bool at_literal = false;  // ...anchored where it starts (every match starts with it), or anywhere.
    std::vector<Step> after;  // What the pattern spells right after the literal (see continues()).
  };

  bool heads_match(std::string_view text, std::vector<int>& tried) const;
  bool literals_match(std::string_view text, std::vector<int>& tried) const;
  // Whether a literal whose window key is `key` lies at text[i - offset...] and its pattern,
  // not yet in `tried`, matches the text.
  bool window_matches(const std::vector<Window>& windows, const std::vector<uint32_t>& buckets, uint32_t key,
                      std::string_view text, size_t i, std::vector<int>& tried) const;
  static bool continues(const std::vector<Step>& steps, std::string_view text, size_t at);
  bool pattern_matches(int regex, std::string_view text, std::vector<int>& tried) const;

  // A pattern compiled the first time a text needs it. On a big log the gate lets few texts
  // through, so most patterns never run: compiling them all up front cost a triage ~35 ms before
  // the first byte was read, and again in each classifying thread's copy. Any thread may call
  // get(); two that race both compile, and one keeps its RE2.
  class LazyRegex {
  public:
    explicit LazyRegex(std::string pattern) : pattern_(std::move(pattern)) {}
    ~LazyRegex();
    LazyRegex(const LazyRegex&) = delete;
    LazyRegex& operator=(const LazyRegex&) = delete;
    const std::string& pattern() const { return pattern_; }
    const re2::RE2& get() const;

  private:
    const std::string pattern_;
    mutable std::atomic<re2::RE2*> compiled_{nullptr};
  };

  bool pass_all_ = false;
  bool simd_ = true;
  std::unique_ptr<LazyRegex> any_;  // The alternation of all patterns, when pass_all_.
  // Each pattern, and the alternatives that are run alone (those with a leading literal).
  std::vector<std::unique_ptr<LazyRegex>> regexes_;
  std::vector<AnchoredHead> heads_;
  std::array<bool, 256> head_starts_{};  // The first bytes of heads_.
  // The windows in the order of their bitmap slots. A hit on a slot comes back to the few windows
  // of its bucket of 16 slots: buckets[b] is the first window of bucket b (a binary search of all
  // the windows cost the gate a fifth of its time on a +dynamo log).
  static constexpr int kBucketShift = 4;
  std::vector<Window> windows4_, windows3_;
  std::vector<uint32_t> buckets4_, buckets3_;
  std::vector<uint64_t> bits4_, bits3_;      // A bit per hashed key of windows4_ / windows3_.
};

}  // namespace pt2bb
