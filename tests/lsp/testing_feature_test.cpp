// The testing features through the real server: the workspace is indexed in the background
// with progress, "Add failing test" offers the best file as the preferred action and two
// alternatives, a test added to test_misc.py during the session is flagged with a move to the
// right file, and related information points at real files.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness.h"
#include "support/uri.h"

using namespace pt2bb;
using namespace pt2bb::test;
namespace fs = std::filesystem;

namespace {

// A copy of the fixture workspace outside any git repository: the baseline of an open file is
// then its text at open ("added in this editing session").
struct TempWorkspace {
  fs::path root;
  TempWorkspace() {
    root = fs::temp_directory_path() / ("pt2bb_ws_" + std::to_string(::getpid()) + "_" + std::to_string(rand()));
    fs::copy(fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures/workspace", root, fs::copy_options::recursive);
  }
  ~TempWorkspace() { fs::remove_all(root); }
  std::string path(const std::string& rel) const { return (root / rel).string(); }
  std::string read(const std::string& rel) const {
    std::ifstream in(path(rel), std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
};

// Starts the server on `ws` with progress support and waits until the index is built.
void start(TestClient& client, const TempWorkspace& ws) {
  client.initialize({{"rootUri", TestClient::uri(ws.root.string())},
                     {"capabilities", {{"window", {{"workDoneProgress", true}}}}}});
  json end = client.wait_notification(
      "$/progress", [](const json& p) { return p["value"].value("kind", "") == "end"; }, 20000);
  CHECK(end["value"].value("message", "").find("files indexed") != std::string::npos);
}

// Applies LSP text edits (UTF-16 = bytes here: the fixtures are ASCII) to `text`.
std::string apply(std::string text, json edits) {
  auto offset = [&](const json& pos) {
    size_t off = 0;
    for (int l = 0; l < pos["line"].get<int>(); ++l) off = text.find('\n', off) + 1;
    return off + pos["character"].get<size_t>();
  };
  std::vector<json> sorted(edits.begin(), edits.end());
  std::sort(sorted.begin(), sorted.end(), [&](const json& a, const json& b) {
    return offset(a["range"]["start"]) > offset(b["range"]["start"]);
  });
  for (const auto& e : sorted) {
    const size_t s = offset(e["range"]["start"]), en = offset(e["range"]["end"]);
    text.replace(s, en - s, e["newText"].get<std::string>());
  }
  return text;
}

bool py_compiles(const std::string& text) {
  const fs::path f = fs::temp_directory_path() / ("pt2bb_lsp_pyc_" + std::to_string(::getpid()) + ".py");
  std::ofstream(f, std::ios::binary) << text;
  const bool ok = std::system(("python3 -m py_compile '" + f.string() + "' 2>/dev/null").c_str()) == 0;
  fs::remove(f);
  return ok;
}

}  // namespace

TEST_CASE("Add failing test: preferred target and two alternatives, each edit compiles") {
  TempWorkspace ws;
  TestClient client;
  start(client, ws);
  const std::string repro = ws.path("repro_cumsum_graph_break.py");
  client.open(repro,
              "import torch\n\n\ndef fn(x):\n    if x.sum() > 0:  # graph break on a data-dependent branch\n"
              "        return x.cumsum(0)\n    return x\n\n\ntorch.compile(fn, fullgraph=True)(torch.ones(4))\n");
  client.wait_diagnostics(repro);
  json actions = json::array();
  for (const auto& a : client.code_actions(repro, range(0, 0, 0, 0)))
    if (a["title"].get<std::string>().rfind("Add failing test", 0) == 0) actions.push_back(a);
  REQUIRE(actions.size() == 3);
  CHECK(actions[0]["title"] == "Add failing test to test/dynamo/test_repros.py::ReproTests");
  CHECK(actions[0]["isPreferred"] == true);
  CHECK_FALSE(actions[1].contains("isPreferred"));
  for (const auto& a : actions) {
    CAPTURE(a["title"].get<std::string>());
    CHECK(a["title"].get<std::string>().find("test_misc.py") == std::string::npos);
    REQUIRE(a["edit"]["changes"].size() == 1);
    const std::string uri = a["edit"]["changes"].begin().key();
    const std::string rel = path_from_uri(uri)->substr(ws.root.string().size() + 1);
    const std::string edited = apply(ws.read(rel), a["edit"]["changes"][uri]);
    CHECK(edited.find("def test_cumsum_no_graph_break(self):") != std::string::npos);
    CHECK(py_compiles(edited));
  }
}

TEST_CASE("a test added to test_misc.py in this session is flagged, with a move to the right file") {
  TempWorkspace ws;
  TestClient client;
  start(client, ws);
  const std::string misc = ws.path("test/dynamo/test_misc.py");
  const std::string text = ws.read("test/dynamo/test_misc.py");
  client.open(misc, text);
  json first = client.wait_diagnostics(misc);
  for (const auto& d : first["diagnostics"]) CHECK(d.value("code", "") != "test-in-test-misc");

  // Insert a recompilation test after test_len_of_list (the last test of MiscTests).
  size_t line = 0, pos = 0;
  const size_t anchor = text.find("([1, 2, 3]), 3)\n");
  REQUIRE(anchor != std::string::npos);
  while ((pos = text.find('\n', pos)) != std::string::npos && pos < anchor) ++line, ++pos;
  const int insert_line = static_cast<int>(line) + 1;
  client.change(misc, 2,
                json::array({{{"range", range(insert_line, 0, insert_line, 0)},
                              {"text", "\n    def test_dtype_change_recompiles(self):\n        cnt = CompileCounter()\n"
                                       "        opt = torch.compile(lambda x: x + 1, backend=cnt)\n"
                                       "        opt(torch.ones(2))\n        opt(torch.ones(2, dtype=torch.half))\n"
                                       "        self.assertEqual(cnt.frame_count, 1)\n"}}}));
  json flagged = client.wait_diagnostics(misc, [](const json& p) {
    for (const auto& d : p["diagnostics"])
      if (d.value("code", "") == "test-in-test-misc") return true;
    return false;
  });
  json diag;
  int count = 0;
  for (const auto& d : flagged["diagnostics"])
    if (d.value("code", "") == "test-in-test-misc") diag = d, ++count;
  CHECK(count == 1);
  CHECK(diag["message"].get<std::string>().find("test/dynamo/test_recompiles.py") != std::string::npos);

  json move;
  for (const auto& a : client.code_actions(misc, diag["range"], json::array({diag})))
    if (a["title"] == "Move test to test/dynamo/test_recompiles.py::RecompileTests") move = a;
  REQUIRE(move.is_object());
  const auto& changes = move["edit"]["changes"];
  REQUIRE(changes.size() == 2);
  const std::string target_uri = TestClient::uri(ws.path("test/dynamo/test_recompiles.py"));
  REQUIRE(changes.contains(target_uri));
  const std::string moved = apply(ws.read("test/dynamo/test_recompiles.py"), changes[target_uri]);
  CHECK(moved.find("    def test_dtype_change_recompiles(self):") != std::string::npos);
  CHECK(py_compiles(moved));
}

TEST_CASE("duplicate-test related information points at the same file by absolute URI") {
  TempWorkspace ws;
  TestClient client;
  start(client, ws);
  const std::string file = ws.path("test/dynamo/test_dup.py");
  client.open(file,
              "import torch._dynamo.test_case\n\n\nclass T(torch._dynamo.test_case.TestCase):\n"
              "    def test_a(self):\n        pass\n\n    def test_a(self):\n        pass\n\n\n"
              "if __name__ == \"__main__\":\n    from torch._dynamo.test_case import run_tests\n\n    run_tests()\n");
  json p = client.wait_diagnostics(file);
  REQUIRE(p["diagnostics"].size() == 1);
  const json& d = p["diagnostics"][0];
  CHECK(d["code"] == "duplicate-test");
  CHECK(d["range"]["start"]["line"] == 7);
  CHECK(d["relatedInformation"][0]["location"]["uri"] == TestClient::uri(file));
  CHECK(d["relatedInformation"][0]["location"]["range"]["start"]["line"] == 4);
}
