// The workflow's pure helpers: test commands, test outcome parsing, run verdicts and the
// reproduce headline, the log environment from the triage knowledge, sign-offs, Markdown and
// diffs.
#include <doctest/doctest.h>

#include <set>

#include "triage/triage.h"
#include "workflow/log_env.h"
#include "workflow/markdown.h"
#include "workflow/run_verdict.h"
#include "workflow/signoffs.h"
#include "workflow/test_command.h"
#include "workflow/test_results.h"
#include "workflow/text_diff.h"

namespace pt2bb {
namespace {

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

void check_command(const TestTarget& t, const char* root, const char* package_root, const char* args, const char* cwd) {
  const TestCommand c = test_command(t, root, package_root);
  CHECK(joined(c.args) == args);
  CHECK(c.cwd == cwd);
}

const TriageKnowledge& kb() {
  static const TriageKnowledge k = [] {
    std::string error;
    auto loaded = TriageKnowledge::load_embedded(&error);
    REQUIRE_MESSAGE(loaded, error);
    return *loaded;
  }();
  return k;
}

RunVerdict verdict_of(const std::string& output, std::optional<int> code) {
  TriageOptions o;
  o.knowledge = &kb();
  return make_verdict(triage_text(output, o), code, false, output);
}

}  // namespace

TEST_CASE("test commands: pytest node ids, run_tests modules, scripts") {
  TestTarget pytest{"/ws/test/dynamo/test_x.py", "ReproTests", "test_view", false};
  check_command(pytest, "/ws", "/ws/test/dynamo", "-m pytest test/dynamo/test_x.py::ReproTests::test_view -x", "/ws");
  check_command(pytest, "/elsewhere", "/ws/test/dynamo", "-m pytest test_x.py::ReproTests::test_view -x", "/ws/test/dynamo");
  TestTarget module{"/ws/test/dynamo/test_x.py", "ReproTests", "test_view", true};
  check_command(module, "/ws", "/ws/test/dynamo", "-m test_x ReproTests.test_view", "/ws/test/dynamo");
  check_command(module, "/ws", "/ws", "-m test.dynamo.test_x ReproTests.test_view", "/ws");
  TestTarget script{"/ws/repro.py", "", "", false};
  check_command(script, "/ws", "/ws", "repro.py", "/ws");
  CHECK(script.display_name() == "repro.py");
  CHECK(module.display_name() == "ReproTests.test_view");
}

TEST_CASE("related tests: the same class and tests sharing a word") {
  TestTarget t{"/ws/test_x.py", "ReproTests", "test_dynamic_shape_view_2", false};
  CHECK(name_words(t.test_name) == std::vector<std::string>{"dynamic", "shape", "view"});
  CHECK(pytest_related_expression(t) == "test_dynamic_shape_view_2 or ReproTests or dynamic or shape or view");
  const TestCommand c = related_tests_command(t, "/ws", "/ws");
  CHECK(joined(c.args) == "-m pytest test_x.py -rA -k test_dynamic_shape_view_2 or ReproTests or dynamic or shape or view");
  t.run_tests = true;
  CHECK(joined(related_tests_command(t, "/ws", "/ws").args) ==
        "-m test_x -v -k test_dynamic_shape_view_2 -k ReproTests -k dynamic -k shape -k view");
}

TEST_CASE("test outcomes from pytest -rA and unittest -v output") {
  struct Case {
    const char* output;
    std::vector<std::pair<std::string, TestStatus>> expected;
  };
  const Case cases[] = {
      {"=== short test summary info ===\n"
       "PASSED test/test_x.py::ReproTests::test_a\n"
       "FAILED test/test_x.py::ReproTests::test_b - AssertionError: 1 != 2\n"
       "ERROR test/test_x.py::test_c - RuntimeError\n",
       {{"ReproTests.test_a", TestStatus::Passed}, {"ReproTests.test_b", TestStatus::Failed}, {"test_c", TestStatus::Error}}},
      {"test_a (__main__.AddTests.test_a) ... ok\n"
       "test_b (__main__.AddTests.test_b) ... FAIL\n"
       "test_c (__main__.AddTests) ... skipped 'no GPU'\n"
       "test_d (test_mod.AddTests.test_d) ... some print\nok\n"
       "test_e (__main__.AddTests.test_e) ... ERROR\n",
       {{"AddTests.test_a", TestStatus::Passed},
        {"AddTests.test_b", TestStatus::Failed},
        {"AddTests.test_c", TestStatus::Skipped},
        {"AddTests.test_d", TestStatus::Passed},
        {"AddTests.test_e", TestStatus::Error}}},
      {"no tests here\n", {}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.output);
    const auto got = parse_test_outcomes(c.output);
    REQUIRE(got.size() == c.expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
      CHECK(got[i].name == c.expected[i].first);
      CHECK(got[i].status == c.expected[i].second);
    }
  }
  CHECK(parse_test_outcomes(cases[0].output)[1].message == "AssertionError: 1 != 2");
}

TEST_CASE("run verdicts: category from triage, numbers blurred in the key") {
  const std::string gb =
      "Traceback (most recent call last):\n  File \"r.py\", line 3, in <module>\n    f(x)\n"
      "torch._dynamo.exc.Unsupported: Data-dependent branching\n"
      "  Explanation: Detected data-dependent branching.\n\nfrom user code:\n   File \"r.py\", line 2, in f\n    if x.sum() > 0:\n";
  RunVerdict v = verdict_of(gb, 1);
  CHECK(v.failed);
  CHECK(v.category == "graph_break");
  RunVerdict passing = verdict_of("all good\n", 0);
  CHECK_FALSE(passing.failed);
  CHECK(blur_numbers("size=[128, 256] at 0x7f") == "size=[N, N] at NxNf");
  const std::string small = "Traceback (most recent call last):\nRuntimeError: shape [2, 2] is invalid\n";
  const std::string big = "Traceback (most recent call last):\nRuntimeError: shape [128, 256] is invalid\n";
  const std::string other = "Traceback (most recent call last):\nRuntimeError: dtype mismatch\n";
  CHECK(verdict_of(small, 1).same_failure(verdict_of(big, 1)));
  CHECK_FALSE(verdict_of(small, 1).same_failure(verdict_of(other, 1)));
  CHECK(last_exception_line(big) == "RuntimeError: shape [128, 256] is invalid");
}

TEST_CASE("reproduce headline: consistent, flaky, absent") {
  RunVerdict fail_a{true, false, "graph_break", "gb", "m", "k1"};
  RunVerdict fail_b{true, false, "recompilation", "rc", "m", "k2"};
  RunVerdict pass{};
  struct Case {
    std::vector<RunVerdict> runs;
    const char* headline;
    const char* category;
  };
  const Case cases[] = {
      {{fail_a, fail_a, fail_a}, "reproduces 3/3 (consistent)", "graph_break"},
      {{pass, fail_a, pass}, "flaky 1/3", "graph_break"},
      {{pass, pass, pass}, "does not reproduce (0/3)", ""},
      {{fail_a, fail_b, fail_a}, "reproduces 3/3 (2 different failures)", "graph_break"},
  };
  for (const auto& c : cases) {
    const auto s = summarize_runs(c.runs);
    CHECK(s.headline == c.headline);
    CHECK(s.category == c.category);
  }
}

TEST_CASE("log environment comes from the category's next commands") {
  CHECK(leading_assignments("TORCH_LOGS=\"graph_breaks\" TORCHDYNAMO_VERBOSE=1 {run}") ==
        std::map<std::string, std::string>{{"TORCH_LOGS", "graph_breaks"}, {"TORCHDYNAMO_VERBOSE", "1"}});
  CHECK(leading_assignments("python minifier_launcher.py minify").empty());
  CHECK(leading_assignments("A='x y' B=2 cmd C=3") == std::map<std::string, std::string>{{"A", "x y"}, {"B", "2"}});
  CHECK(log_environment(kb(), "recompilation").at("TORCH_LOGS").find("recompiles") != std::string::npos);
  CHECK(log_environment(kb(), "graph_break").at("TORCH_LOGS") == "graph_breaks");
  CHECK(log_environment(kb(), "no_such_category").count("TORCHDYNAMO_VERBOSE") == 1);
}

TEST_CASE("sign-offs never repeat until every one was used") {
  std::vector<std::string> recent;
  std::set<std::string> seen;
  for (size_t i = 0; i < signoffs().size(); ++i) {
    const SignOff& s = pick_signoff(recent, i * 7919);
    CHECK(seen.insert(std::string(s.id)).second);
    recent.push_back(std::string(s.id));
  }
  // All used: the least recently used comes back first.
  CHECK(pick_signoff(recent, 3).id == recent.front());
}

TEST_CASE("markdown: fences longer than the content's backticks, escaped cells, file links") {
  CHECK(md_code_block("a ``` b", "sh") == "````sh\na ``` b\n````\n");
  CHECK(md_cell("a|b\nc") == "a\\|b c");
  CHECK(md_table({"x", "y"}, {{"1", "2|3"}}) == "| x | y |\n| --- | --- |\n| 1 | 2\\|3 |\n");
  CHECK(md_file_link("out (1).py", "/tmp/a b/out (1).py") == "[out (1).py](file:///tmp/a%20b/out%20%281%29.py)");
  CHECK(last_lines("1\n2\n3\n4\n", 2) == "3\n4\n");
  CHECK(last_lines("1\n2", 5) == "1\n2");
}

TEST_CASE("unified diff of a minimised script") {
  const std::string before = "import os\nimport sys\nx = 1\nprint(x)\nfail()\n";
  const std::string after = "import sys\nfail()\n";
  CHECK(unified_diff(before, after, "r.py", "r_min.py") ==
        "--- r.py\n+++ r_min.py\n@@ -1,5 +1,2 @@\n-import os\n import sys\n-x = 1\n-print(x)\n fail()\n");
  CHECK(unified_diff("same\n", "same\n", "a", "b") == "--- a\n+++ b\n");
}

}  // namespace pt2bb
