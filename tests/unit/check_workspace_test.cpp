// `pt2bb check` ranks test files against an index of the workspace, as the editor does: a test
// added to test/dynamo/test_misc.py names its file and gets the "Move test" fix with the target
// under the workspace, whether the workspace is given (--workspace) or found (git repository).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/cli.h"

using namespace pt2bb;
namespace fs = std::filesystem;

namespace {

// A git repository holding the fixture workspace, with one recompilation test added to
// test_misc.py after the commit.
struct MiscRepo {
  fs::path root;
  MiscRepo() {
    root = fs::temp_directory_path() / ("pt2bb_check_ws_" + std::to_string(::getpid()) + "_" + std::to_string(rand()));
    fs::copy(fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures/workspace", root, fs::copy_options::recursive);
    const std::string git = "git -C '" + root.string() + "' -c user.name=t -c user.email=t@pt2bb.invalid ";
    REQUIRE(std::system((git + "init -q && " + git + "add . && " + git + "commit -q -m fixture").c_str()) == 0);
    std::ifstream in(root / "test/dynamo/test_misc.py", std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    std::string text = s.str();
    const std::string anchor = "([1, 2, 3]), 3)\n";
    const size_t at = text.find(anchor);
    REQUIRE(at != std::string::npos);
    text.insert(at + anchor.size(),
                "\n    def test_shape_change_recompiles(self):\n        cnt = CompileCounter()\n"
                "        opt = torch.compile(lambda x: x * 2, backend=cnt)\n        opt(torch.ones(2))\n"
                "        opt(torch.ones(3))\n        self.assertEqual(cnt.frame_count, 1)\n");
    std::ofstream(root / "test/dynamo/test_misc.py", std::ios::binary) << text;
  }
  ~MiscRepo() { fs::remove_all(root); }
};

// Runs `pt2bb check` with `args` and returns its JSON output.
nlohmann::json check(std::vector<std::string> args) {
  CLI::App app;
  CliContext ctx;
  install_check_command(app, ctx);
  std::vector<std::string> argv = {"check", "--format", "json"};
  argv.insert(argv.end(), args.begin(), args.end());
  std::reverse(argv.begin(), argv.end());  // CLI11 takes the arguments last first.
  std::ostringstream out;
  std::streambuf* old = std::cout.rdbuf(out.rdbuf());
  app.parse(argv);
  std::cout.rdbuf(old);
  return nlohmann::json::parse(out.str());
}

}  // namespace

TEST_CASE("check: test-in-test-misc ranks against the workspace's index") {
  MiscRepo repo;
  const std::string misc = (repo.root / "test/dynamo/test_misc.py").string();
  const std::string target = (repo.root / "test/dynamo/test_recompiles.py").string();
  struct Case {
    const char* name;
    std::vector<std::string> args;
  };
  const Case cases[] = {
      {"the workspace given", {"--workspace", repo.root.string(), misc}},
      {"the git repository of the file", {misc}},
      {"a path relative to the current folder", {"dynamo/test_misc.py"}},
  };
  // Run from test/, so that a relative path is relative to somewhere else than the workspace.
  struct InFolder {
    fs::path before = fs::current_path();
    explicit InFolder(const fs::path& p) { fs::current_path(p); }
    ~InFolder() { fs::current_path(before); }
  } in_test(repo.root / "test");
  for (const auto& c : cases) {
    const std::string name = c.name;
    CAPTURE(name);
    const nlohmann::json out = check(c.args);
    const std::string given = c.args.back();
    nlohmann::json found;
    for (const auto& f : out["findings"])
      if (f["code"] == "test-in-test-misc") found = f;
    REQUIRE(found.is_object());
    CHECK(found["path"] == given);
    CHECK(found["message"].get<std::string>().find("test/dynamo/test_recompiles.py (RecompileTests)") !=
          std::string::npos);
    nlohmann::json move;
    for (const auto& fix : found["fixes"])
      if (fix["title"] == "Move test to test/dynamo/test_recompiles.py::RecompileTests") move = fix;
    REQUIRE(move.is_object());
    std::vector<std::string> paths;
    for (const auto& e : move["edits"]) paths.push_back(e["path"]);
    CHECK(paths == std::vector<std::string>{given, target});
  }
  // A workspace without the suggested file: the suggestion stays, the fix needs the index to know it.
  const fs::path elsewhere = repo.root.parent_path() / (repo.root.filename().string() + "_empty");
  fs::create_directories(elsewhere);
  const nlohmann::json out = check({"--workspace", elsewhere.string(), misc});
  fs::remove_all(elsewhere);
  nlohmann::json found;
  for (const auto& f : out["findings"])
    if (f["code"] == "test-in-test-misc") found = f;
  REQUIRE(found.is_object());
  for (const auto& fix : found["fixes"]) CHECK(fix["title"].get<std::string>().rfind("Move test", 0) != 0);
}
