// The minimiser: candidate generation on inline scripts, then real reductions of fixture
// scripts whose failure comes from one known statement (the result keeps it, drops the rest).
#include <doctest/doctest.h>

#include <algorithm>

#include "jobs_fixture.h"
#include "minimize/reducer.h"

namespace pt2bb {
namespace {

// The candidates of `source` of `kind`, as their descriptions.
std::vector<std::string> descriptions(const std::string& source, const std::string& kind) {
  std::vector<std::string> out;
  for (const auto& c : reduction_candidates(source))
    if (c.kind == kind) out.push_back(c.description);
  return out;
}

// Whether some candidate of `kind` turns `source` into exactly `expected`.
bool proposes(const std::string& source, const std::string& kind, const std::string& expected) {
  for (const auto& c : reduction_candidates(source))
    if (c.kind == kind && c.text == expected) return true;
  return false;
}

}  // namespace

TEST_CASE("reducer: the kinds of candidates") {
  struct Case {
    const char* kind;
    const char* source;
    const char* expected;
  };
  const Case cases[] = {
      {"unused-def", "def unused():\n    return 1\n\nfail()\n", "\nfail()\n"},
      {"unused-def", "@decorate\nclass Unused:\n    pass\nfail()\n", "fail()\n"},
      {"statement", "x = 1\nprint(x)\nfail()\n", "x = 1\nfail()\n"},
      {"statement", "if c:\n    print(x)\nfail()\n", "if c:\n    pass\nfail()\n"},
      {"argument", "f(a, b, c)\n", "f(a, c)\n"},
      {"argument", "f(a, b, c)\n", "f(a, b)\n"},
      {"argument", "f(only)\n", "f()\n"},
      {"expression", "x = long_name + b\n", "x = b\n"},
      {"expression", "x = (a)\n", "x = a\n"},
      {"expression", "x = a if cond else other\n", "x = a\n"},
      {"shape", "x = torch.randn(128, 256)\n", "x = torch.randn(2, 2)\n"},
      {"shape", "x = torch.zeros((64, 2), dtype=torch.float16)\n", "x = torch.zeros((2, 2), dtype=torch.float16)\n"},
      {"shape", "x = torch.ones(size=(16, 16), device=dev)\n", "x = torch.ones(size=(2, 2), device=dev)\n"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.source);
    CAPTURE(c.expected);
    CHECK(proposes(c.source, c.kind, c.expected));
  }
}

TEST_CASE("reducer: every candidate is shorter and parses; used definitions are not 'unused'") {
  const std::string src =
      "import torch\n\ndef used(x):\n    return x + 1\n\ndef spare():\n    pass\n\n"
      "for i in range(3):\n    print(i)\nused(torch.randn(8, 8))\n";
  const auto all = reduction_candidates(src);
  CHECK(all.size() > 5);
  for (const auto& c : all) {
    CHECK(c.text.size() <= src.size());
    CHECK((c.text.size() < src.size() || c.kind == "shape"));
    CHECK_FALSE(c.description.empty());
  }
  CHECK(descriptions(src, "unused-def") == std::vector<std::string>{"remove unused function spare"});
  // No candidate leaves `for` without a body.
  CHECK(proposes(src, "statement", "import torch\n\ndef used(x):\n    return x + 1\n\ndef spare():\n    pass\n\n"
                                   "for i in range(3):\n    pass\nused(torch.randn(8, 8))\n"));
  // The int 1 in `x + 1` is not a shape; torch.randn's 8s are.
  CHECK(descriptions(src, "shape") == std::vector<std::string>{"shrink the sizes of torch.randn(8, 8)"});
  CHECK(reduction_candidates(src, 3).size() == 3);
  // Class bases are not call arguments.
  CHECK(descriptions("class M(torch.nn.Module):\n    pass\nM()\n", "argument").empty());
  CHECK(reduction_candidates("").empty());
}

TEST_CASE("minimise: a graph-break repro keeps the failing statement and drops the rest") {
  test::Scratch scratch("min-gb");
  const std::string script = scratch.write("repro.py", *read_file((test::jobs_fixtures() / "graph_break_repro.py").string()));
  test::StepHarness h(scratch.path("cache"), false, 4);
  MinimizeOptions options;
  options.candidate_timeout = std::chrono::seconds(20);
  const StepReport r = minimize(h.ctx, script, options);
  INFO(r.markdown);
  REQUIRE(r.ok);
  CHECK(r.category == "graph_break");
  REQUIRE(r.files.size() == 1);
  CHECK(r.files.front() == scratch.path("repro_min.py"));
  const std::string out = *read_file(r.files.front());
  CHECK(out.find("check_branch(values)") != std::string::npos);
  CHECK(out.find("if total > 0:") != std::string::npos);
  for (const char* gone : {"def unused_helper", "class Unused", "print(\"before\"", "import time", "never reached"})
    CHECK_MESSAGE(out.find(gone) == std::string::npos, gone);
  CHECK(out.size() < read_file(script)->size() / 2 + 1500);
  CHECK(r.markdown.find("```diff") != std::string::npos);
  CHECK(r.markdown.find("-class Unused:") != std::string::npos);
  // Progress told size and attempts.
  CHECK(std::any_of(h.progress.begin(), h.progress.end(),
                    [](const std::string& p) { return p.find("attempts") != std::string::npos; }));
  // The original is untouched and the scratch files are gone from the cache.
  CHECK(read_file(script)->find("class Unused") != std::string::npos);
  CHECK(std::filesystem::is_empty(scratch.path("cache")));
}

TEST_CASE("minimise: tensor shapes shrink while the failure stays the same") {
  test::Scratch scratch("min-shape");
  const std::string script = scratch.write("lowering.py", *read_file((test::jobs_fixtures() / "lowering_repro.py").string()));
  test::StepHarness h(scratch.path("cache"), true, 4);
  const StepReport r = minimize(h.ctx, script);
  INFO(r.markdown);
  REQUIRE(r.ok);
  CHECK(r.category == "backend_compiler_failed");
  const std::string out = *read_file(scratch.path("lowering_min.py"));
  CHECK(out.find("lower(x)") != std::string::npos);
  CHECK(out.find("torch.randn(2, 2)") != std::string::npos);
  CHECK(out.find("torch.ones") == std::string::npos);
  CHECK(out.find("def unused") == std::string::npos);
  CHECK(out.find("print(") == std::string::npos);
}

TEST_CASE("minimise: a script that does not fail, or does not exist, is a clear error") {
  test::Scratch scratch("min-pass");
  test::StepHarness h(scratch.path("cache"));
  const std::string ok = scratch.write("fine.py", "print('fine')\n");
  StepReport r = minimize(h.ctx, ok);
  CHECK_FALSE(r.ok);
  CHECK(r.headline == "fine.py does not fail (exit code 0): nothing to minimise");
  CHECK_FALSE(std::filesystem::exists(scratch.path("fine_min.py")));
  r = minimize(h.ctx, scratch.path("missing.py"));
  CHECK(r.headline == "cannot read " + scratch.path("missing.py"));
}

TEST_CASE("minimise: cancel stops early and keeps the best so far") {
  test::Scratch scratch("min-cancel");
  const std::string script = scratch.write("repro.py", *read_file((test::jobs_fixtures() / "graph_break_repro.py").string()));
  test::StepHarness h(scratch.path("cache"), false, 1);
  // Cancel after the first reduction is reported.
  JobControl job(1, h.cancel, [&](const std::string& m, std::optional<int>) {
    if (m.find("reductions kept") != std::string::npos) h.cancel.cancel();
  }, 1);
  h.ctx.job = &job;
  const StepReport r = minimize(h.ctx, script);
  CHECK(r.cancelled);
  CHECK(r.headline.find("cancelled, best so far") != std::string::npos);
  CHECK(std::filesystem::exists(scratch.path("repro_min.py")));
}

}  // namespace pt2bb
