// Multi-root workspaces: every workspace folder is indexed (one progress bar each), and a file's
// analyses use the index of the folder that holds it, with paths relative to that folder and
// fixes resolved back under it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness.h"
#include "support/uri.h"

using namespace pt2bb;
using namespace pt2bb::test;
namespace fs = std::filesystem;

namespace {

// Two folders outside any git repository: `tools` (first) holds one unrelated test file;
// `pytorch` (second) is a copy of the fixture workspace.
struct TwoFolders {
  fs::path base, tools, pytorch;
  TwoFolders() {
    base = fs::temp_directory_path() / ("pt2bb_roots_" + std::to_string(::getpid()) + "_" + std::to_string(rand()));
    tools = base / "tools";
    pytorch = base / "pytorch";
    fs::create_directories(tools / "test");
    std::ofstream(tools / "test" / "test_cli.py")
        << "import unittest\n\n\nclass CliTests(unittest.TestCase):\n    def test_help(self):\n        pass\n";
    fs::copy(fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures/workspace", pytorch, fs::copy_options::recursive);
  }
  ~TwoFolders() { fs::remove_all(base); }
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
};

json folder(const fs::path& p) { return {{"uri", TestClient::uri(p.string())}, {"name", p.filename().string()}}; }

}  // namespace

TEST_CASE("multi-root: each folder is indexed and serves the files it holds") {
  TwoFolders ws;
  TestClient client;
  client.initialize({{"workspaceFolders", json::array({folder(ws.tools), folder(ws.pytorch)})},
                     {"capabilities", {{"window", {{"workDoneProgress", true}}}}}});
  auto indexed = [](const json& p) { return p["value"].value("kind", "") == "end"; };
  std::vector<std::string> ends = {client.wait_notification("$/progress", indexed, 20000)["value"]["message"],
                                   client.wait_notification("$/progress", indexed, 20000)["value"]["message"]};
  std::sort(ends.begin(), ends.end());
  CHECK(ends[0] == "1 files indexed");
  CHECK(ends[1].find("files indexed") != std::string::npos);

  // A test added to the second folder's test_misc.py: the move goes to that folder's file.
  const fs::path misc = ws.pytorch / "test/dynamo/test_misc.py";
  const std::string text = TwoFolders::read(misc);
  client.open(misc.string(), text);
  client.wait_diagnostics(misc.string());
  const size_t anchor = text.find("([1, 2, 3]), 3)\n");
  REQUIRE(anchor != std::string::npos);
  const int insert_line = static_cast<int>(std::count(text.begin(), text.begin() + anchor, '\n')) + 1;
  client.change(misc.string(), 2,
                json::array({{{"range", range(insert_line, 0, insert_line, 0)},
                              {"text", "\n    def test_dtype_change_recompiles(self):\n        cnt = CompileCounter()\n"
                                       "        opt = torch.compile(lambda x: x + 1, backend=cnt)\n"
                                       "        opt(torch.ones(2))\n        opt(torch.ones(2, dtype=torch.half))\n"
                                       "        self.assertEqual(cnt.frame_count, 1)\n"}}}));
  json flagged = client.wait_diagnostics(misc.string(), [](const json& p) {
    for (const auto& d : p["diagnostics"])
      if (d.value("code", "") == "test-in-test-misc") return true;
    return false;
  });
  json diag;
  for (const auto& d : flagged["diagnostics"])
    if (d.value("code", "") == "test-in-test-misc") diag = d;
  json actions = client.code_actions(misc.string(), diag["range"], json::array({diag}));
  json move;
  for (const auto& a : actions)
    if (a["title"] == "Move test to test/dynamo/test_recompiles.py::RecompileTests") move = a;
  REQUIRE(move.is_object());
  CHECK(move["edit"]["changes"].contains(TestClient::uri((ws.pytorch / "test/dynamo/test_recompiles.py").string())));

  // "Add failing test" from a repro in the second folder ranks that folder's test files.
  const fs::path repro = ws.pytorch / "repro_cumsum.py";
  client.open(repro.string(),
              "import torch\n\n\ndef fn(x):\n    if x.sum() > 0:\n        return x.cumsum(0)\n    return x\n\n\n"
              "torch.compile(fn, fullgraph=True)(torch.ones(4))\n");
  client.wait_diagnostics(repro.string());
  actions = client.code_actions(repro.string(), range(0, 0, 0, 0));
  json add;
  for (const auto& a : actions)
    if (a.value("isPreferred", false)) add = a;
  REQUIRE(add.is_object());
  CHECK(add["title"] == "Add failing test to test/dynamo/test_repros.py::ReproTests");
  CHECK(add["edit"]["changes"].contains(TestClient::uri((ws.pytorch / "test/dynamo/test_repros.py").string())));

  // The first folder's own file is summarized against the first folder: its unittest base is flagged.
  const fs::path cli = ws.tools / "test/test_cli.py";
  client.open(cli.string(), TwoFolders::read(cli));
  json p = client.wait_diagnostics(cli.string());
  bool flagged_base = false;
  for (const auto& d : p["diagnostics"]) flagged_base = flagged_base || d.value("code", "") == "unittest-testcase";
  CHECK(flagged_base);
}
