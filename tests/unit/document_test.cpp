// Document: incremental edits give exactly the tree of a fresh parse (a property test in the
// style of tree-sitter's own fuzzer), and the syntax-error analyzer reports what a user expects.
#include <doctest/doctest.h>

#include <random>

#include "check/pipeline.h"
#include "check/syntax_errors.h"
#include "syntax/document.h"

using namespace pt2bb;

namespace {

constexpr std::string_view kSeed = R"(import torch
import torch._dynamo as dynamo


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        if x.sum() > 0:
            return self.lin(x).relu()
        return x * 2  # résumé, 名前, 😀


@torch.compile(backend="eager")
def f(x, y):
    return torch.sin(x) + torch.cos(y)
)";

// Pieces the random edits insert: valid code, broken code, and multi-byte text.
const char* const kInserts[] = {"x", "(", ")", ":", "\n", "    ", "def ", "return x\n", "é", "😀", "名",
                                "if a:\n    pass\n", "'", "\"\"\"", "#", "lambda: 0", ""};

// The LSP position (UTF-16) of byte offset `off` in `text`.
TextChange::Position position_of(const std::string& text, uint32_t off) {
  LineIndex idx(text);
  const Point p = idx.point_at(off);
  return {p.line, idx.character_of(p, PositionEncoding::Utf16)};
}

// Moves `off` back to the start of a UTF-8 character so edits never split one.
uint32_t char_boundary(const std::string& text, uint32_t off) {
  while (off > 0 && off < text.size() && (static_cast<unsigned char>(text[off]) & 0xC0) == 0x80) --off;
  return off;
}

std::vector<std::string> check_syntax_errors(std::string_view text) {
  auto tree = parse_python(text);
  LineIndex lines(text);
  FileContext ctx;
  ctx.path = "t.py";
  ctx.text = text;
  ctx.tree = tree.get();
  ctx.lines = &lines;
  std::vector<std::string> out;
  for (const auto& f : find_syntax_errors(ctx))
    out.push_back(std::to_string(f.range.start.line + 1) + ":" + std::to_string(f.range.start.column + 1) + " " + f.message);
  return out;
}

}  // namespace

TEST_CASE("1,000 random incremental edits give the same tree as a fresh parse") {
  std::mt19937 rng(20261129);
  Document doc{std::string(kSeed)};
  std::string expected(kSeed);
  for (int i = 0; i < 1000; ++i) {
    const uint32_t size = static_cast<uint32_t>(expected.size());
    uint32_t a = char_boundary(expected, size ? rng() % (size + 1) : 0);
    uint32_t b = char_boundary(expected, std::min<uint32_t>(size, a + rng() % 12));
    std::string insert = kInserts[rng() % std::size(kInserts)];
    TextChange change;
    change.range = std::make_pair(position_of(expected, a), position_of(expected, b));
    change.text = insert;
    // Sometimes send two changes in one didChange, as editors do for multi-cursor edits.
    std::vector<TextChange> changes{change};
    expected.replace(a, b - a, insert);
    if (rng() % 4 == 0) {
      const uint32_t c = char_boundary(expected, rng() % (static_cast<uint32_t>(expected.size()) + 1));
      TextChange second;
      second.range = std::make_pair(position_of(expected, c), position_of(expected, c));
      second.text = "z";
      changes.push_back(second);
      expected.insert(c, "z");
    }
    doc.apply_changes(changes, PositionEncoding::Utf16);
    REQUIRE(doc.text() == expected);
    if (i % 10 == 0 || i == 999) {
      auto fresh = parse_python(expected);
      CAPTURE(i);
      REQUIRE(tree_string(doc.tree()) == tree_string(fresh.get()));
    }
  }
}

TEST_CASE("a full replacement and an edit past the end are both handled") {
  Document doc("x = 1\n");
  doc.apply_changes({TextChange{std::nullopt, "def f(:\n"}}, PositionEncoding::Utf16);
  CHECK(doc.text() == "def f(:\n");
  TextChange far;
  far.range = std::make_pair(TextChange::Position{40, 2}, TextChange::Position{90, 0});
  far.text = "# end\n";
  doc.apply_changes({far}, PositionEncoding::Utf16);
  CHECK(doc.text() == "def f(:\n# end\n");
  CHECK(tree_string(doc.tree()) == tree_string(parse_python(doc.text()).get()));
}

TEST_CASE("syntax errors name the unexpected text or the missing token") {
  CHECK(check_syntax_errors("x = 1\n").empty());
  CHECK(check_syntax_errors("def f(x):\n    return x.sin(\n\nxdef g():\n    pass\n").size() == 1);
  const auto unclosed = check_syntax_errors("print(1\n");
  REQUIRE(unclosed.size() == 1);
  CHECK(unclosed[0] == "1:1 Syntax error: unexpected `print(1`");
  const auto unexpected = check_syntax_errors("x = = 2\n");
  REQUIRE(unexpected.size() == 1);
  CHECK(unexpected[0].find("unexpected") != std::string::npos);
}

TEST_CASE("garbage input is capped, not one error per byte") {
  std::string garbage;
  for (int i = 0; i < 5000; ++i) garbage += ")(\x01]\n";
  CHECK(check_syntax_errors(garbage).size() <= 100);
}

TEST_CASE("a worker's parse is adopted only for the text it was taken of") {
  Document doc("x = 1\n");
  doc.tree();
  TextChange edit;
  edit.range = std::make_pair(TextChange::Position{0, 4}, TextChange::Position{0, 5});
  edit.text = "(";
  doc.apply_changes({edit}, PositionEncoding::Utf16);
  DocumentSnapshot snap = doc.snapshot("t.py", 2);
  CHECK_FALSE(snap.parsed);
  snap.parse();
  CHECK(snap.parsed);
  CHECK(tree_string(snap.tree.get()) == tree_string(parse_python("x = (\n").get()));

  // Another edit lands before the worker's result comes back: the stale parse is ignored.
  edit.text = "[";
  doc.apply_changes({edit}, PositionEncoding::Utf16);
  doc.install_parsed(snap);
  CHECK(tree_string(doc.tree()) == tree_string(parse_python("x = [\n").get()));

  // A document reopened with other text is not confused by the same revision number.
  Document other("y = 2\n");
  other.apply_changes({edit}, PositionEncoding::Utf16);
  other.install_parsed(snap);
  CHECK(tree_string(other.tree()) == tree_string(parse_python("y = [\n").get()));
}
