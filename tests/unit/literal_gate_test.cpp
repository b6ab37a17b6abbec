// LiteralGate, the triage prefilter: it must answer exactly as one RE2 of the patterns'
// alternation would, on texts built to reach each of its paths (literals kept in their case or
// found without it, anchored heads, literals every match starts with, the last bytes of a text,
// patterns with no literal), on every line of the fixture logs, and on random texts.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include <re2/re2.h>

#include "triage/literal_gate.h"
#include "triage_fixture.h"

using namespace pt2bb;
namespace fs = std::filesystem;

namespace {

// One RE2 of the alternation: the answer the gate must give.
struct Reference {
  explicit Reference(const std::vector<std::string>& patterns) {
    std::string all;
    for (const auto& p : patterns) all += (all.empty() ? "(?:" : "|(?:") + p + ")";
    RE2::Options options;
    options.set_log_errors(false);
    options.set_max_mem(64 << 20);
    re = std::make_unique<RE2>(all, options);
  }
  bool matches(std::string_view text) const { return RE2::PartialMatch(text, *re); }
  std::unique_ptr<RE2> re;
};

// Checks the gate against RE2 on `text`, and says what both answered.
bool check_same(const LiteralGate& gate, const Reference& ref, std::string_view text) {
  const bool expected = ref.matches(text);
  INFO("text: [" << text << "]");
  CHECK(gate.matches(text) == expected);
  return expected;
}

// Every line of the fixture and example logs.
std::vector<std::string> fixture_lines() {
  std::vector<std::string> lines;
  for (const char* dir : {"/tests/fixtures/logs", "/examples"}) {
    const fs::path root = fs::path(PT2BB_SOURCE_DIR) / fs::path(dir).relative_path();
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (!entry.is_regular_file()) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      for (std::string line; std::getline(in, line);) lines.push_back(line);
    }
  }
  return lines;
}

}  // namespace

TEST_CASE("the gate answers as RE2 does, on each of its paths") {
  struct Case {
    const char* what;
    std::vector<std::string> patterns;
    std::vector<std::pair<const char*, bool>> texts;  // Text and whether it matches.
  };
  const std::vector<Case> cases = {
      {"a literal keeps its case",
       {"BackendCompilerFailed"},
       {{"torch._dynamo.exc.BackendCompilerFailed: backend='inductor'", true},
        {"backendcompilerfailed in lowercase", false},
        {"BackendCompilerFaile", false}}},
      {"a (?i) pattern is found in any case",
       {"(?i)max(?:imum)?[ _]abs(?:olute)?[ _]diff", "(?si)Graph BREAK|Recompiling"},
       {{"Max Abs Diff: 0.5", true},
        {"MAXIMUM_ABSOLUTE_DIFF=3", true},
        {"max rel diff", false},
        {"GRAPH break", true},
        {"recompiling f", true}}},
      {"a head anchored at the text's start",
       {"^FAILED ", "^\\s*File \\[[^\\]\\s]+:\\d+\\]\\("},
       {{"FAILED test/test_x.py::T::test_a", true},
        {" FAILED test/test_x.py", false},
        {"\t File [~/x.py:12](http://h/x.py), in f", true},
        {"see File [~/x.py:12](", false}}},
      {"a literal every match starts with, after a word boundary",
       {"\\breason='(?:[^r']|r[^e']|re[^t'])[^']*', user_stack=\\["},
       {{"GraphCompileReason(reason='graph break', user_stack=[<F>])", true},
        {"GraphCompileReason(reason='return_value', user_stack=[<F>])", false},
        {"xreason='graph break', user_stack=[", false},
        {"reason='a' reason='b', user_stack=[", true}}},
      {"uppercase in classes and ranges",
       {"[A-Z][a-z]+Error: ", "[Bb]reak Reason", "x[]A-Z]+y"},
       {{"ValueError: bad", true},
        {"valueError: bad", false},
        {"break Reason 1", true},
        {"BREAK REASON", false},
        {"x]ABy", true},
        {"xaby", false}}},
      {"literals at the end of the text and across 16-byte blocks",
       {"Graph break", "\\.py:\\d+: "},
       {{"Graph break", true},
        {"xGraph break", true},
        {"0123456789abcdeGraph break", true},
        {"0123456789abcdefGraph brea", false},
        {"a/b.py:1: ", true},
        {"a/b.py:1:", false}}},
      {"what a pattern spells after its literal is checked at each place the literal is found",
       {"\\.py:\\d+: ", "^\\s*\\S+\\.py:\\d+ in [\\w<]", "Error\\d*: x", "abcd\\w+_x", "Gr ab.*Gr ab"},
       {{"start tracing forward /p/net.py:30", false},
        {"/p/x.py:30: in test_a", true},
        {"/p/x.py:: in f", false},
        {"a.py:1 b.py:22: AssertionError", true},
        {"  /p/x.py:12 in forward", true},
        {"/p/a.py:x/b.py:3 in <module>", true},
        {"/p/a.py:3 and more", false},
        {"Error: x", true},
        {"ValueError12: x", true},
        {"Error12 x", false},
        {"abcdq_x", true},
        {"abcd_x", false},
        {"Gr ab then Gr ab", true},
        {"Gr ab once", false}}},
      {"braces and brackets read as RE2 reads them: a counted repeat, or the character itself",
       {"Gr ab\\d{2}: x", "kw{a}rgs", "x\\]yz]w", "ab{,2}cd"},
       {{"Gr ab12: x", true},
        {"Gr ab1: x", false},
        {"Gr ab123: x", false},
        {"kw{a}rgs", true},
        {"kwargs", false},
        {"x]yz]w", true},
        {"x]yzw", false},
        {"ab{,2}cd", true},
        {"abcd", false}}},
      {"a pattern that needs no literal falls back to RE2",
       {"^\\w+$", "Graph break"},
       {{"word", true}, {"two words", false}, {"a Graph break here", true}}},
      {"an escape that names a letter another way",
       {"\\x41rror", "Segmentation fault"},
       {{"Arror", true}, {"arror", false}, {"Segmentation fault (core dumped)", true}}},
  };
  for (const auto& c : cases) {
    for (const bool simd : {true, false}) {
      CAPTURE(c.what);
      CAPTURE(simd);
      const LiteralGate gate(c.patterns, simd);
      const Reference ref(c.patterns);
      for (const auto& [text, matches] : c.texts) {
        INFO("text: " << text);
        CHECK(ref.matches(text) == matches);  // The case itself is right...
        check_same(gate, ref, text);          // ...and the gate agrees.
      }
    }
  }
}

TEST_CASE("the gate searches for the literals a pattern needs, in the case it spells them") {
  // Case kept: the capitals of a CamelCase name are what make it rare in a log.
  CHECK(LiteralGate({"x?BackendCompilerFailed"}).literals() == std::vector<std::string>{"BackendCompilerFailed"});
  // (?i): found in any case, listed in lowercase.
  CHECK(LiteralGate({"(?i)x?Graph Break"}).literals() == std::vector<std::string>{"graph break"});
  // Each top-level alternative on its own: RE2 would factor ".py" out and lose the longer literals.
  CHECK(LiteralGate({"\\.py in [\\w<]|\\.py\\]\\([^)]*\\) in [\\w<]"}).literals() ==
        std::vector<std::string>{".py in ", ".py]("});
  // A pattern anchored by a literal at the text's start is checked there, not searched for.
  CHECK(LiteralGate({"^FAILED "}).literals().empty());
  // Of two literals a pattern needs, not the name of a Python file: nearly every log line has one.
  CHECK(LiteralGate({"\\w\\.py:\\d+:\\d+: error: ", "Graph break"}).literals() ==
        std::vector<std::string>{": error: ", "Graph break"});
}

TEST_CASE("a 3-byte literal takes the gate off its 4-byte windows") {
  CHECK(LiteralGate({"Graph break", "Unsupported"}).four_byte_windows_only());
  CHECK_FALSE(LiteralGate({"Graph break", "\\bPCC\\b"}).four_byte_windows_only());
}

TEST_CASE("the gate falls back to RE2 only when a pattern needs no literal") {
  CHECK_FALSE(LiteralGate({"Graph break", "^FAILED ", "(?i)not (?:all)?close"}).passes_everything());
  CHECK(LiteralGate({"Graph break", "^\\w+$"}).passes_everything());
}

TEST_CASE("the gate over the knowledge signatures agrees with RE2 on every fixture line and on random texts") {
  std::vector<std::string> patterns;
  for (const auto& sig : triage_fixture::knowledge().signatures())
    if (sig.scope == "line" || sig.scope == "exception") patterns.push_back(sig.pattern);  // As the engine gates.
  const LiteralGate gate(patterns), scalar(patterns, false);
  CHECK_FALSE(gate.passes_everything());  // Otherwise it would be only a cost.
  // A signature needing only a 3-byte literal ("PCC") would send every line through the scalar search.
  CHECK(gate.four_byte_windows_only());
  const Reference ref(patterns);

  const std::vector<std::string> lines = fixture_lines();
  REQUIRE(lines.size() > 500);
  size_t matched = 0;
  for (const auto& line : lines) {
    matched += check_same(gate, ref, line);
    check_same(scalar, ref, line);
  }
  CHECK(matched > 20);  // The fixtures do reach the patterns.

  // Random texts: fixture lines cut anywhere, spliced together, and with letters' case flipped,
  // so that literals land at every offset, at the ends, and in every case.
  std::mt19937 rng(1234);
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  for (int i = 0; i < 20000; ++i) {
    const std::string& a = lines[pick(lines.size())];
    const std::string& b = lines[pick(lines.size())];
    std::string text = a.substr(pick(a.size() + 1)) + b.substr(0, pick(b.size() + 1));
    if (i % 3 == 0 && !text.empty()) {
      const size_t at = pick(text.size());
      text[at] = static_cast<char>(std::isupper(static_cast<unsigned char>(text[at])) ? std::tolower(text[at])
                                                                                        : std::toupper(text[at]));
    }
    check_same(gate, ref, text);
    check_same(scalar, ref, text);
  }
}

TEST_CASE("a literal is found at every offset of texts of every length up to 64") {
  // The search reads 16-byte blocks, then the last windows from loads that end inside the text:
  // each offset of each length takes one of those paths.
  const std::vector<std::string> patterns = {"Graph break", "\\.py:\\d+: ", "(?i)close"};
  const Reference ref(patterns);
  for (const bool simd : {true, false}) {
    CAPTURE(simd);
    const LiteralGate gate(patterns, simd);
    for (const std::string literal : {"Graph break", "a.py:1: ", "CLOSE"}) {
      for (size_t n = literal.size(); n <= 64; ++n) {
        for (size_t at = 0; at + literal.size() <= n; ++at) {
          std::string text(n, '-');
          text.replace(at, literal.size(), literal);
          CHECK(check_same(gate, ref, text));
          text[at + literal.size() - 2] = '#';  // Spoiled: no longer the literal.
          CHECK_FALSE(check_same(gate, ref, text));
        }
      }
    }
  }
}

TEST_CASE("threads sharing one gate, whose patterns compile when first needed, answer as RE2 does") {
  // Each pattern's RE2 is compiled by whichever thread first needs it; threads that race must all
  // get a working one. Doctest's checks are not thread-safe: each thread counts its disagreements.
  std::vector<std::string> patterns;
  for (const auto& sig : triage_fixture::knowledge().signatures())
    if (sig.scope == "line" || sig.scope == "exception") patterns.push_back(sig.pattern);
  const Reference ref(patterns);
  const std::vector<std::string> lines = fixture_lines();
  std::vector<bool> expected;
  size_t matching = 0;
  for (const auto& line : lines) {
    expected.push_back(ref.matches(line));
    matching += expected.back();
  }
  REQUIRE(matching > 20);
  for (int round = 0; round < 3; ++round) {
    const LiteralGate gate(patterns);  // Fresh: nothing compiled yet.
    std::vector<size_t> wrong(4, 0);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < wrong.size(); ++t)
      threads.emplace_back([&, t] {
        for (size_t i = 0; i < lines.size(); ++i) wrong[t] += gate.matches(lines[i]) != expected[i];
      });
    for (auto& th : threads) th.join();
    for (size_t w : wrong) CHECK(w == 0);
  }
}
