// quick_glog_artifact, the classifier's shortcut for glog lines with an artifact tag: whenever it
// answers, split_log_line must give the very same non-empty artifact. Checked on every line of the
// fixture and example logs, on benchmark-shaped lines cut at every length and swept across each
// limit it reads up to (the 128-byte window, the 24 bytes of a compile id, the 48 of a tag), and on
// random mutations of those lines, each placed both with bytes readable after it and right at the
// end of what may be read. Also strip_terminal_escapes, which gives a coloured log's lines as a
// terminal shows them.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "triage/log_line.h"

using namespace pt2bb;
namespace fs = std::filesystem;

namespace {

constexpr size_t kWindow = 128; // The bytes the shortcut may read from a line's start.

// Bytes after a line that would complete its tags, were the shortcut to read them as the line's
// own: a "] " or a ' ' that closes the prefix, a compile id, a tag, a tag's ']'. Each is at least a
// window long, to fill the block check_placed puts a line in.
const std::vector<std::string>& baits() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> out;
    for (const char* head : {"] [__bait] ]] [0/0] [__trace_bytecode] ", " [__bait] ",
                             "[0/0] [__bait] ", "__bait] ", "0/0] [__bait] ", " ] "}) {
      std::string bait = head;
      while (bait.size() < kWindow)
        bait += "] ";
      out.push_back(bait);
    }
    return out;
  }();
  return all;
}

// Tallies the lines checked, how many took the shortcut, and the first disagreements.
struct Tally {
  size_t lines = 0;
  size_t quick = 0;
  size_t wrong = 0;
  std::vector<std::string> first_wrong;

  // Checks the shortcut on `line`, which may be read up to `readable_end`; true when it answered.
  bool check(std::string_view line, const char* readable_end) {
    ++lines;
    std::string_view tag;
    if (!quick_glog_artifact(line, readable_end, &tag))
      return false;
    ++quick;
    const LogLine full = split_log_line(line);
    // The same bytes of the same line, not only the same name.
    if (full.artifact.empty() || full.artifact.data() != tag.data() ||
        full.artifact.size() != tag.size()) {
      ++wrong;
      if (first_wrong.size() < 5)
        first_wrong.push_back("[" + std::string(line) + "] quick [" + std::string(tag) +
                              "] full [" + std::string(full.artifact) + "]");
    }
    return true;
  }

  // Checks `line` placed as the classifier may meet it: followed by each bait, all readable, then
  // alone in a heap block of its own size (at least the window, so that the shortcut reads up to
  // its very end, and a sanitizer build sees any read past it).
  void check_placed(std::string_view line) {
    for (const std::string& bait : baits()) {
      const std::string padded = std::string(line) + bait;
      check(std::string_view(padded).substr(0, line.size()), padded.data() + padded.size());
    }
    const std::string& bait = baits()[lines % baits().size()];
    const size_t room = std::max(line.size(), kWindow);
    const std::unique_ptr<char[]> block(new char[room]);
    std::copy(line.begin(), line.end(), block.get());
    std::copy(bait.begin(), bait.begin() + static_cast<ptrdiff_t>(room - line.size()),
              block.get() + line.size());
    check(std::string_view(block.get(), line.size()), block.get() + room);
    // One byte short of the window: the shortcut must not answer at all.
    std::string_view tag;
    if (quick_glog_artifact(std::string_view(block.get(), line.size()), block.get() + kWindow - 1,
                            &tag)) {
      ++wrong;
      if (first_wrong.size() < 5)
        first_wrong.push_back("[" + std::string(line) + "] answered with 127 bytes readable");
    }
  }

  void report() const {
    for (const auto& w : first_wrong)
      FAIL_CHECK("disagrees with split_log_line: " << w);
    CHECK(wrong == 0);
  }
};

// The shape of most lines of the benchmark's log.
std::string bench_line(std::string_view compile_id, std::string_view tag, size_t path_pad = 0) {
  std::string line = "V1103 09:12:44.100123 5521 torch/_dynamo/" + std::string(path_pad, 'x') +
                     "symbolic_convert.py:920] ";
  if (!compile_id.empty())
    line += "[" + std::string(compile_id) + "] ";
  line +=
      "[__" + std::string(tag) + "] TRACE LOAD_FAST x [TensorVariable(), ConstantVariable(int: 0)]";
  return line;
}

// Every line of the fixture and example logs, and the files they came from.
std::vector<std::string> log_files() {
  std::vector<std::string> files;
  for (const char* dir : {"/tests/fixtures/logs", "/examples"}) {
    const fs::path root = fs::path(PT2BB_SOURCE_DIR) / fs::path(dir).relative_path();
    if (!fs::exists(root))
      continue;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (!entry.is_regular_file())
        continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      files.push_back(text.str());
    }
  }
  return files;
}

} // namespace

TEST_CASE("quick_glog_artifact agrees with split_log_line on every fixture and example line") {
  const std::vector<std::string> files = log_files();
  REQUIRE(files.size() > 10);
  Tally tally;
  for (const auto& file : files) {
    // As the classifier meets them: inside the file, readable up to its end.
    for (size_t start = 0; start < file.size();) {
      size_t end = file.find('\n', start);
      if (end == std::string::npos)
        end = file.size();
      const std::string_view line = std::string_view(file).substr(start, end - start);
      tally.check(line, file.data() + file.size());
      tally.check_placed(line);
      start = end + 1;
    }
  }
  tally.report();
  CHECK(tally.lines > 1000);
  CHECK(tally.quick > 20); // The fixtures do have artifact lines the shortcut answers.
}

TEST_CASE("quick_glog_artifact answers on benchmark-shaped lines, and agrees when they are cut "
          "anywhere") {
  std::vector<std::string> lines;
  for (const char* id : {"0/0", "", "!0/0/0", "0/0_1", "12/3"})
    for (const char* tag : {"trace_bytecode", "trace_source", "graph_code", "recompiles", "x"})
      lines.push_back(bench_line(id, tag));
  lines.push_back("I1103 09:12:44.100000 5521 torch/_dynamo/convert_frame.py:1000] [0/0] "
                  "[__graph_breaks] Graph break");
  lines.push_back(
      "W1103 09:12:44.100000 5521 torch/_dynamo/guards.py:2300] [__guards] | +- TENSOR_MATCH");

  for (const char level : std::string_view("IWECD")) { // Every glog level, not only V.
    lines.push_back(bench_line("0/0", "trace_bytecode"));
    lines.back()[0] = level;
  }
  Tally tally;
  for (const auto& line : lines) {
    CAPTURE(line);
    // The whole line, with bytes to read after it: the shortcut must answer, with the same tag.
    const std::string padded = line + baits()[0];
    std::string_view tag;
    CHECK(quick_glog_artifact(std::string_view(padded).substr(0, line.size()),
                              padded.data() + padded.size(), &tag));
    CHECK(tag == split_log_line(line).artifact);
    // With the '\r' of a Windows log, which both drop.
    const std::string crlf = line + "\r" + baits()[0];
    CHECK(quick_glog_artifact(std::string_view(crlf).substr(0, line.size() + 1),
                              crlf.data() + crlf.size(), &tag));
    CHECK(tag == split_log_line(line).artifact);
    for (const std::string& variant :
         {line, line + "\r", line.substr(0, 60) + "\r" + line.substr(60)})
      for (size_t n = 0; n <= std::min<size_t>(200, variant.size()); ++n)
        tally.check_placed(variant.substr(0, n));
  }
  tally.report();
  CHECK(tally.quick > lines.size() * 100); // Cut after their tag, most lines still answer.
}

TEST_CASE("quick_glog_artifact agrees at each limit it reads up to") {
  // The prefix's "] " moves across the window's end, the compile id across its 24 bytes and the
  // tag across its 48, in lines that end at, before and after each of them.
  Tally tally;
  for (size_t pad = 0; pad <= 75; ++pad) {
    for (size_t id_len = 0; id_len <= 26; ++id_len) {
      for (size_t tag_len = 0; tag_len <= 50; tag_len += (pad % 5 == 0 ? 1 : 7)) {
        // The compile id's ']' lies id_len + 1 bytes after its '[', the tag's tag_len + 3.
        const std::string line =
            bench_line(std::string(id_len, '7'), std::string(tag_len, 't'), pad);
        const std::string tagged = line.substr(0, line.find("] TRACE") + 1);
        for (const std::string& l :
             {line, tagged, tagged + " ", tagged + "\r", line.substr(0, kWindow),
              line.substr(0, kWindow - 1), line.substr(0, kWindow + 1)})
          tally.check_placed(l);
      }
    }
  }
  // Short lines around glog_prefix's 24-byte minimum: "V1103 09:] [__t]" has the shape, not the
  // length.
  for (size_t path = 0; path <= 16; ++path)
    for (size_t tag_len = 0; tag_len <= 12; ++tag_len)
      for (const char* id : {"", "[0] "})
        tally.check_placed("V1103 09:" + std::string(path, 'p') + "] " + id + "[__" +
                           std::string(tag_len, 't') + "]");
  tally.report();
  CHECK(tally.quick > 1000);
}

TEST_CASE("quick_glog_artifact agrees on random mutations of glog lines") {
  const std::vector<std::string> bases = {
      bench_line("0/0", "trace_bytecode"),
      bench_line("", "trace_source"),
      bench_line("!0/0/0", "graph_code", 20),
      bench_line("0/0_1", "guards", 55),
      "E1103 09:12:44.100000 5521 torch/_dynamo/convert_frame.py:1000] [0/0] [__graph_breaks] "
      "Graph break",
      "V1103 09:12:44.100000 5521 torch/_dynamo/output_graph.py:2166] [0/0] create_graph_input "
      "L_x_"};
  constexpr std::string_view kAlphabet = "] [_\r0123456789:Vx";
  std::mt19937 rng(20240517);
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  Tally tally;
  for (int i = 0; i < 60000; ++i) {
    std::string line = bases[pick(bases.size())];
    const size_t mutations = 1 + pick(4);
    for (size_t m = 0; m < mutations; ++m) {
      const size_t at = pick(std::min<size_t>(line.size(), 130) + 1);
      const char c = kAlphabet[pick(kAlphabet.size())];
      switch (pick(3)) {
      case 0:
        line.insert(line.begin() + static_cast<ptrdiff_t>(at), c);
        break;
      case 1:
        if (at < line.size())
          line[at] = c;
        break;
      default:
        if (at < line.size())
          line.erase(line.begin() + static_cast<ptrdiff_t>(at));
      }
    }
    if (pick(4) == 0)
      line.resize(pick(std::min<size_t>(line.size(), 140) + 1)); // Cut near the window.
    tally.check_placed(line);
  }
  tally.report();
  // Both answers occur: the mutations neither always spoil the shape nor never do.
  CHECK(tally.quick > tally.lines / 10);
  CHECK(tally.quick < tally.lines * 9 / 10);
}

TEST_CASE("a coloured line reads as the terminal shows it") {
  struct Case {
    const char* name;
    std::string raw;
    std::string shown;  // Empty: no ESC, nothing to strip.
  };
  const std::vector<Case> cases = {
      {"no escape", "E   RuntimeError: boom", ""},
      {"pytest's red error line", "\x1b[31mE   RuntimeError: boom\x1b[0m", "E   RuntimeError: boom"},
      {"bold and 256 colours", "\x1b[1m\x1b[38;5;196mFAILED\x1b[0m test_x.py::T::test_a", "FAILED test_x.py::T::test_a"},
      {"a colour splitting a word", "Graph\x1b[0m break", "Graph break"},
      {"a GitHub Actions group marker", "\x1b[36;1mpython test/inductor/test_x.py\x1b[0m",
       "python test/inductor/test_x.py"},
      {"a hyperlink keeps its text", "\x1b]8;;file:///w/model.py\x1b\\model.py\x1b]8;;\x1b\\:12", "model.py:12"},
      {"a title ended by BEL", "\x1b]0;pytest\x07" "collected 3 items", "collected 3 items"},
      {"a charset switch", "\x1b(BTraceback (most recent call last):", "Traceback (most recent call last):"},
      {"erase to the line's end", "loss 0.25\x1b[K", "loss 0.25"},
      {"a sequence cut by the line's end", "KeyError: 'x'\x1b[3", "KeyError: 'x'"},
      {"a lone ESC at the end", "done\x1b", "done"},
      {"an unterminated title ends with its line", "\x1b]0;pytest\nFAILED\x1b[0m", "\nFAILED"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    std::string out = "untouched";
    const bool had = strip_terminal_escapes(c.raw, out);
    CHECK(had == !c.shown.empty());
    CHECK(out == (had ? c.shown : "untouched"));
  }
}
