// The workflow steps with real processes: reproduce (consistent, flaky, absent), collect logs
// (findings on the user's line), inspect artifacts (the debug folder's files as links), validate
// on main in a real git repository (the worktree is always removed), verify (pass/fail table),
// celebrate (sign-offs differ), and the environment: the fake conda, missing python/conda/git.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "jobs_fixture.h"

namespace fs = std::filesystem;

namespace pt2bb {
namespace {

// Runs `args` in `dir` and requires success (test set-up).
void must(const std::string& dir, std::vector<std::string> args) {
  ProcessSpec spec;
  spec.argv = std::move(args);
  spec.cwd = dir;
  spec.env = current_environment();
  spec.env["GIT_AUTHOR_NAME"] = spec.env["GIT_COMMITTER_NAME"] = "pt2bb tests";
  spec.env["GIT_AUTHOR_EMAIL"] = spec.env["GIT_COMMITTER_EMAIL"] = "tests@pt2bb.invalid";
  ProcessResult r = run_process(spec);
  const std::string what = spec.argv[0] + " " + spec.argv[1] + ": " + r.combined();
  REQUIRE_MESSAGE(r.succeeded(), what);
}

// A repository whose main has a bug in mylib.add; the working tree fixes it and adds a test.
struct BugRepo {
  test::Scratch scratch{"repo"};
  std::string root = scratch.dir.string();
  std::string test_file;
  BugRepo() {
    scratch.write("mylib.py", "def add(a, b):\n    return a - b\n");
    const std::string head_tests =
        "import unittest\n\nfrom mylib import add\n\n\ndef run_tests():\n    unittest.main()\n\n\n"
        "class AddTests(unittest.TestCase):\n    def test_add_zero(self):\n        self.assertEqual(add(3, 0), 3)\n\n\n"
        "if __name__ == \"__main__\":\n    run_tests()\n";
    test_file = scratch.write("test_mylib.py", head_tests);
    must(root, {"git", "init", "-q", "-b", "main"});
    must(root, {"git", "add", "."});
    must(root, {"git", "commit", "-q", "-m", "buggy add"});
    // The fix and the new test, not committed.
    scratch.write("mylib.py", "def add(a, b):\n    return a + b\n");
    std::string with_new = head_tests;
    with_new.replace(with_new.find("\n\n\nif __name__"), 0,
                     "\n\n    def test_add_positive(self):\n        self.assertEqual(add(2, 3), 5)\n"
                     "\n    def test_unrelated(self):\n        self.assertTrue(True)\n");
    scratch.write("test_mylib.py", with_new);
  }
  TestTarget target(const std::string& name = "test_add_positive") const {
    return TestTarget{test_file, "AddTests", name, true};
  }
  std::string worktrees() const {
    ProcessSpec spec;
    spec.argv = {"git", "worktree", "list", "--porcelain"};
    spec.cwd = root;
    spec.env = current_environment();
    return run_process(spec).out;
  }
};

size_t count_of(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t p = text.find(needle); p != std::string::npos; p = text.find(needle, p + 1)) ++n;
  return n;
}


// The 0-based line of `if total > 0:` in check_branch (the graph break's user line).
uint32_t branch_line(const std::string& text) {
  const size_t at = text.find("    total = sum(x)\n    if total > 0:");
  return static_cast<uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
}

}  // namespace

TEST_CASE("reproduce: consistent, flaky and absent failures, judged by triage") {
  test::Scratch scratch("repro");
  test::StepHarness h(scratch.path("cache"));
  const std::string gb = scratch.write("gb.py", *read_file((test::jobs_fixtures() / "graph_break_repro.py").string()));
  // Fails on the second run only: a counter file beside it.
  const std::string flaky = scratch.write("flaky.py",
                                          "import os, sys\n"
                                          "n = int(open('count').read()) if os.path.exists('count') else 0\n"
                                          "open('count', 'w').write(str(n + 1))\n"
                                          "if n == 1:\n"
                                          "    sys.stderr.write('Traceback (most recent call last):\\n"
                                          "RuntimeError: CUDA error: an illegal memory access was encountered\\n')\n"
                                          "    sys.exit(1)\n");
  const std::string fine = scratch.write("fine.py", "print('ok')\n");
  struct Case {
    std::string file;
    const char* headline;
    bool ok;
  };
  const Case cases[] = {
      {gb, "reproduces 3/3 (consistent): graph_break", true},
      {flaky, "flaky 1/3: runtime_crash", true},
      {fine, "does not reproduce (0/3)", false},
  };
  for (const auto& c : cases) {
    const StepReport r = reproduce(h.ctx, TestTarget{c.file, "", "", false}, 3);
    CHECK(r.headline == c.headline);
    CHECK(r.ok == c.ok);
    CHECK(r.markdown.find("| run | result |") != std::string::npos);
  }
}

TEST_CASE("reproduce: a missing python is a clear message") {
  test::Scratch scratch("nopy");
  test::StepHarness h(scratch.path("cache"));
  h.ctx.python.launcher = {"/nonexistent/bin/python"};
  const std::string fine = scratch.write("fine.py", "print('ok')\n");
  const StepReport r = reproduce(h.ctx, TestTarget{fine, "", "", false}, 3);
  CHECK_FALSE(r.ok);
  CHECK(r.headline == "cannot run fine.py: `/nonexistent/bin/python` was not found or is not executable");
}

TEST_CASE("collect logs: reruns with the category's TORCH_LOGS and puts findings on the user's line") {
  test::Scratch scratch("logs");
  test::StepHarness h(scratch.path("cache"));
  const std::string gb = scratch.write("gb.py", *read_file((test::jobs_fixtures() / "graph_break_repro.py").string()));
  const StepReport r = collect_logs(h.ctx, TestTarget{gb, "", "", false}, "graph_break");
  INFO(r.markdown);
  CHECK(r.ok);
  CHECK(r.category == "graph_break");
  CHECK(r.markdown.find("TORCH_LOGS=graph_breaks") != std::string::npos);
  // The graph-break log printed only under TORCH_LOGS=graph_breaks reached triage.
  CHECK(r.markdown.find("Graph break in user code") != std::string::npos);
  REQUIRE(r.findings.count(gb) == 1);
  bool on_branch = false;
  for (const auto& f : r.findings.at(gb)) {
    CHECK(f.code == "job.graph_break");
    if (f.range.start.line == branch_line(*read_file(gb))) {
      on_branch = true;
      CHECK(f.range.start.column == 4);  // `if total > 0:`, indented.
      CHECK(f.message.find("Data-dependent branching") != std::string::npos);
    }
  }
  CHECK(on_branch);
}

TEST_CASE("collect logs without a category classifies first") {
  test::Scratch scratch("logs2");
  test::StepHarness h(scratch.path("cache"));
  const std::string gb = scratch.write("gb.py", *read_file((test::jobs_fixtures() / "graph_break_repro.py").string()));
  const StepReport r = collect_logs(h.ctx, TestTarget{gb, "", "", false}, "");
  CHECK(r.category == "graph_break");
  CHECK(h.progress.front() == "classifying the failure");
}

TEST_CASE("inspect artifacts: the newest debug run's files as links, written under the cache") {
  test::Scratch scratch("artifacts");
  test::StepHarness h(scratch.path("cache"));
  const std::string gb = scratch.write("gb.py", *read_file((test::jobs_fixtures() / "graph_break_repro.py").string()));
  const StepReport r = inspect_artifacts(h.ctx, TestTarget{gb, "", "", false});
  INFO(r.markdown);
  CHECK(r.ok);
  CHECK(r.headline.find("3 file(s) in run_2026_11_29") == 0);
  const size_t readable = r.markdown.find("fx_graph_readable.py](file://");
  const size_t ir = r.markdown.find("ir_pre_fusion.txt](file://");
  const size_t code = r.markdown.find("output_code.py](file://");
  CHECK(readable != std::string::npos);
  CHECK(ir != std::string::npos);
  CHECK(code != std::string::npos);
  CHECK(readable < ir);  // The FX graph first, then IR, then generated code.
  CHECK(ir < code);
  CHECK_FALSE(fs::exists(scratch.path("torch_compile_debug")));  // Nothing in the workspace.
}

TEST_CASE("validate on main: the new test fails on main, the worktree is removed") {
  BugRepo repo;
  test::Scratch cache("validate-cache");
  test::StepHarness h(cache.dir.string());
  h.ctx.workspace_root = repo.root;
  const StepReport r = validate_on_main(h.ctx, repo.target(), "main");
  INFO(r.markdown);
  CHECK(r.ok);
  CHECK(r.headline.rfind("fails on main as expected", 0) == 0);
  CHECK(count_of(repo.worktrees(), "worktree ") == 1);
  CHECK(fs::is_empty(cache.dir));
  // A test that passes on main too does not catch the bug.
  const StepReport passes = validate_on_main(h.ctx, repo.target("test_add_zero"), "main");
  CHECK_FALSE(passes.ok);
  CHECK(passes.headline == "passes on main: the test does not catch the bug");
  CHECK(count_of(repo.worktrees(), "worktree ") == 1);
}

TEST_CASE("validate on main: errors and cancel still remove the worktree") {
  BugRepo repo;
  test::Scratch cache("validate-cancel");
  test::StepHarness h(cache.dir.string());
  StepReport r = validate_on_main(h.ctx, repo.target(), "no-such-branch");
  CHECK(r.headline == "no commit named `no-such-branch` in " + repo.root + " (set pt2bb.validateBase)");
  // Cancelled while the test runs: a test that sleeps.
  std::string text = *read_file(repo.test_file);
  text.replace(text.find("    def test_unrelated"), 0, "    def test_sleepy(self):\n        import time; time.sleep(60)\n\n");
  write_file(repo.test_file, text);
  JobControl job(2, h.cancel, [&](const std::string& m, std::optional<int>) {
    if (m.rfind("running", 0) == 0) h.cancel.cancel();
  }, 1);
  h.ctx.job = &job;
  r = validate_on_main(h.ctx, repo.target("test_sleepy"), "main");
  CHECK(r.cancelled);
  CHECK(count_of(repo.worktrees(), "worktree ") == 1);
  CHECK(fs::is_empty(cache.dir));
}

TEST_CASE("validate on main: outside git, or without git, a clear message") {
  test::Scratch scratch("nogit");
  test::StepHarness h(scratch.path("cache"));
  const std::string file = scratch.write("test_x.py", "print(1)\n");
  StepReport r = validate_on_main(h.ctx, TestTarget{file, "C", "test_x", true}, "main");
  CHECK(r.headline == scratch.dir.string() + " is not in a git repository");
  h.ctx.env["PATH"] = "/nonexistent";
  r = validate_on_main(h.ctx, TestTarget{file, "C", "test_x", true}, "main");
  CHECK(r.headline == "cannot run git: `git` was not found on PATH");
}

TEST_CASE("verify: the new test and its related tests, as a table") {
  BugRepo repo;
  test::Scratch cache("verify-cache");
  test::StepHarness h(cache.dir.string());
  h.ctx.workspace_root = repo.root;
  StepReport r = verify(h.ctx, repo.target());
  INFO(r.markdown);
  CHECK(r.ok);
  CHECK(r.headline == "all 3 tests pass");
  CHECK(r.markdown.find("| **AddTests.test_add_positive** (new) | pass |") != std::string::npos);
  CHECK(std::set<std::string>(r.tests.begin(), r.tests.end()) ==
        std::set<std::string>{"AddTests.test_add_positive", "AddTests.test_add_zero", "AddTests.test_unrelated"});
  // Break the fix: the table shows the failure and verify is not done.
  repo.scratch.write("mylib.py", "def add(a, b):\n    return a * b\n");
  r = verify(h.ctx, repo.target());
  CHECK_FALSE(r.ok);
  CHECK(r.headline == "2 of 3 tests fail");
}

TEST_CASE("celebrate: summary with the diff stat, and a different sign-off each time") {
  BugRepo repo;
  test::Scratch cache("celebrate-cache");
  test::StepHarness h(cache.dir.string());
  CelebrateInput in{"graph_break", "Data-dependent branching", {"AddTests.test_add_positive"}, repo.root};
  std::set<std::string> endings;
  for (int i = 0; i < 5; ++i) {
    const StepReport r = celebrate(h.ctx, in);
    CHECK(r.ok);
    CHECK(r.markdown.find("| Category | graph_break |") != std::string::npos);
    CHECK(r.markdown.find("mylib.py") != std::string::npos);
    CHECK(r.markdown.find("- `AddTests.test_add_positive`") != std::string::npos);
    endings.insert(r.markdown.substr(r.markdown.rfind("---")));
  }
  CHECK(endings.size() == 5);
}

TEST_CASE("environment: pythonPath, conda run through the fake conda, missing conda and torch") {
  Environment env = current_environment();
  const std::string fake_bin = (test::jobs_fixtures() / "bin").string();
  env["PATH"] = fake_bin + ":" + env["PATH"];
  env.erase("CONDA_DEFAULT_ENV");
  CancelToken none;

  const CondaEnvs envs = conda_environments(env, none);
  CHECK(envs.error.empty());
  CHECK(envs.names == std::vector<std::string>{"base", "pt2", "old"});

  auto pt2 = configured_python({"", "pt2"}, env);
  REQUIRE(pt2);
  CHECK(pt2->name == "conda env pt2");
  TorchProbe probe = probe_torch(*pt2, env, "/", none);
  CHECK(probe.ok);
  CHECK(probe.version == "2.7.0+fake");

  auto old = configured_python({"", "old"}, env);
  probe = probe_torch(*old, env, "/", none);
  CHECK_FALSE(probe.ok);
  CHECK(probe.error == "ModuleNotFoundError: No module named 'torch'");
  CHECK(refusal_message(*old, probe) ==
        "PyTorch does not import in conda env old (ModuleNotFoundError: No module named 'torch'): install PyTorch in "
        "it (conda activate old) or choose another env with pt2bb.condaEnv.");

  probe = probe_torch(*configured_python({"", "nope"}, env), env, "/", none);
  CHECK(probe.error.find("EnvironmentLocationNotFound") == 0);

  env["PATH"] = "/nonexistent";
  CHECK(conda_environments(env, none).error == "`conda` was not found on PATH");
  probe = probe_torch(*configured_python({"", "pt2"}, env), env, "/", none);
  CHECK(probe.error == "`conda` was not found on PATH");
  CHECK_FALSE(system_python(env));
  probe = probe_torch(*configured_python({"/nonexistent/python3", ""}, env), env, "/", none);
  CHECK(probe.error == "`/nonexistent/python3` was not found or is not executable");

  Environment active = current_environment();
  active["CONDA_DEFAULT_ENV"] = "myenv";
  auto py = configured_python({}, active);
  REQUIRE(py);
  CHECK(py->name == "conda env myenv (active)");
}

}  // namespace pt2bb
