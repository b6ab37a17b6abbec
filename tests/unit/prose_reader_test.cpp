// ProseReader: which lines of a description each prose signature counts, within its limits.
#include <doctest/doctest.h>

#include <string>

#include "triage/prose_reader.h"
#include "triage_fixture.h"

using namespace pt2bb;
using namespace std::string_view_literals;

namespace {

// "category@line" for each hit, in order.
std::string check_hits(std::string_view text) {
  const ProseReader reader(triage_fixture::knowledge());
  std::string out;
  for (const ProseHit& h : reader.read(text)) {
    if (!out.empty()) out += " ";
    out += triage_fixture::knowledge().signatures()[h.signature].category + "@" + std::to_string(h.line);
  }
  return out;
}

}  // namespace

TEST_CASE("prose signatures count the lines that use their words") {
  struct Case {
    const char* name;
    std::string_view text;
    const char* expected;
  };
  const Case cases[] = {
      {"one line, one category", "the model segfaults\n", "runtime_crash@1"},
      {"line numbers count blank lines", "\n\nwe see NaNs\n", "accuracy@3"},
      {"code words that are not failures", "x = torch.isnan(y)\nfor i in range(3): pass\n", ""},
      {"a word inside another is not the word", "the recompiler-free path\n", ""},
      {"a line without a final newline", "graph breaks everywhere", "graph_break@1"},
      {"binary lines are skipped", "seg\0fault segfault\nsegfault\n"sv, "runtime_crash@2"},
  };
  for (const auto& c : cases) {
    CAPTURE(std::string(c.name));
    CHECK(check_hits(c.text) == c.expected);
  }
}

TEST_CASE("a word repeated down a long text counts a bounded number of lines") {
  std::string text;
  for (int i = 0; i < 50; ++i) text += "it segfaults again\n";
  const ProseReader reader(triage_fixture::knowledge());
  const auto hits = reader.read(text);
  CHECK(hits.size() == ProseReader::kMaxLinesPerSignature);
  CHECK(hits.back().line == ProseReader::kMaxLinesPerSignature);
}

TEST_CASE("an over-long line is read from its start only") {
  const ProseReader reader(triage_fixture::knowledge());
  CHECK(reader.read(std::string(ProseReader::kMaxLineBytes + 10, 'a') + " segfault\n").empty());
  CHECK(reader.read("segfault " + std::string(ProseReader::kMaxLineBytes + 10, 'a') + "\n").size() == 1);
}
