// FileSummary extraction on PyTorch-shaped test files: classes, bases, tests, decorators,
// generated tests, nested and conditional classes, the main guard and the conventions.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "testing/test_summary.h"
#include "testing/workspace_index.h"
#include "testing_fixture.h"

using namespace pt2bb;

namespace {

std::string read(const std::string& rel) {
  std::ifstream in(std::string(PT2BB_SOURCE_DIR) + "/" + rel, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// One check helper: summarize `src` (markers: `[[name]]` around each test name, in order) and
// compare the tests found, in order, as "Class.test" strings.
void check_tests(std::string_view src, std::vector<std::string> expected) {
  auto m = testing_fixture::parse_markers(testing_fixture::trim_first_newline(src));
  const FileSummary s = summarize_python("test/x/test_fixture.py", m.text);
  std::vector<std::string> got;
  std::vector<Range> ranges;
  for (const auto& c : s.classes)
    for (const auto& t : c.tests) {
      got.push_back(c.name + "." + t.name);
      ranges.push_back(t.name_range);
    }
  auto join = [](const std::vector<std::string>& v) {
    std::string out;
    for (const auto& x : v) out += x + " ";
    return out;
  };
  CHECK(join(got) == join(expected));
  if (!m.ranges.empty()) {
    std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.start < b.start; });
    CHECK(ranges == m.ranges);
  }
}

}  // namespace

TEST_CASE("summary: test methods, decorated, generated, nested and conditional classes") {
  struct Case {
    const char* name;
    const char* src;
    std::vector<std::string> tests;
  };
  const Case cases[] = {
      {"plain and decorated tests; helpers are not tests", R"py(
import torch
class ReproTests(torch._dynamo.test_case.TestCase):
    def setUp(self):
        pass

    def [[test_a]](self):
        pass

    @skipIfRocm
    @parametrize("x", [1, 2])
    def [[test_b]](self, x):
        pass
)py",
       {"ReproTests.test_a", "ReproTests.test_b"}},
      {"make_test-generated tests are tests", R"py(
class MiscTests(TestCase):
    [[test_add]] = make_test(lambda a, b: a + b)
    helper = make_test(None)
)py",
       {"MiscTests.test_add"}},
      {"classes under `if HAS_GPU:` and nested classes", R"py(
if HAS_GPU:

    class GPUTests(TestCase):
        def [[test_gpu]](self):
            pass

        class Inner(TestCase):
            def [[test_inner]](self):
                pass
)py",
       {"GPUTests.test_gpu", "GPUTests.Inner.test_inner"}},
      {"a broken file still yields the tests it can", R"py(
class T(TestCase):
    def [[test_ok]](self):
        return 1

    def test_broken(self:
        x = (
)py",
       {"T.test_ok"}},
  };
  for (const auto& c : cases) {
    const std::string name = c.name;
    CAPTURE(name);
    check_tests(c.src, c.tests);
  }
}

TEST_CASE("summary: bases, imports, main guard and conventions of the fixture files") {
  const std::string text = read("tests/fixtures/workspace/test/inductor/test_torchinductor.py");
  const FileSummary s = summarize_python("test/inductor/test_torchinductor.py", text);
  const TestClass* tmpl = s.find_class("CommonTemplate");
  REQUIRE(tmpl);
  CHECK(tmpl->tests.size() == 4);
  CHECK(tmpl->tests[2].decorators == std::vector<std::string>{"skipIfRocm"});
  CHECK(tmpl->body_indent == "    ");
  const TestClass* gpu = s.find_class("GPUTests");
  REQUIRE(gpu);
  CHECK(gpu->bases == std::vector<std::string>{"TestCase"});
  CHECK(gpu->body_indent == "        ");
  REQUIRE(s.main_guard);
  CHECK(std::find(s.main_guard->calls.begin(), s.main_guard->calls.end(), "run_tests") != s.main_guard->calls.end());
  CHECK(s.uses(kConvSelfCommon));
  CHECK(s.uses(kConvCommonTemplate));
  CHECK(s.uses(kConvRequiresGpu));
  CHECK(s.uses(kConvSkipIf));
  CHECK(s.uses(kConvInstantiate));
  CHECK(s.uses(kConvCompileBackend));
  CHECK(s.imports_module("torch._dynamo"));
  CHECK(s.imports_name("InductorTestCase"));
  CHECK(s.imports_name("GPU_TYPE"));
  REQUIRE(s.import_block_end_line);
  CHECK(*s.import_block_end_line == 10);
  CHECK_FALSE(s.has_syntax_errors);

  const FileSummary e = summarize_python("test/export/test_export.py",
                                         read("tests/fixtures/workspace/test/export/test_export.py"));
  CHECK(e.uses(kConvExport));
  CHECK(e.uses(kConvExportNonStrict));
  CHECK(e.uses(kConvSkipIf));
  CHECK_FALSE(e.uses(kConvTorchCompile));
  const FileSummary r = summarize_python("test/dynamo/test_recompiles.py",
                                         read("tests/fixtures/workspace/test/dynamo/test_recompiles.py"));
  CHECK(r.uses(kConvCompileCounter));
  CHECK(r.find_class("RecompileTests")->tests.size() == 3);
  const FileSummary m = summarize_python("test/dynamo/test_misc.py", read("tests/fixtures/workspace/test/dynamo/test_misc.py"));
  CHECK(m.uses(kConvMakeTest));
  CHECK(m.find_class("MiscTests")->tests.size() == 5);
}

TEST_CASE("summary: identifiers include calls, imports and the words of test names") {
  const FileSummary s = summarize_python("test/t.py", R"py(
from torch.nn.functional import scaled_dot_product_attention
class T(TestCase):
    def test_flash_dropout(self):
        torch.cumsum(x, 0)
)py");
  auto has = [&](std::string_view n) {
    return std::binary_search(s.identifiers.begin(), s.identifiers.end(), identifier_hash(n));
  };
  CHECK(has("scaled_dot_product_attention"));
  CHECK(has("cumsum"));
  CHECK(has("flash"));
  CHECK(has("dropout"));
  CHECK_FALSE(has("matmul"));
}

TEST_CASE("workspace index: copy-on-write updates share unchanged summaries") {
  WorkspaceIndex base("/ws");
  base.put(std::make_shared<FileSummary>(summarize_python("test/a/test_a.py", "class A(TestCase):\n    def test_x(self): pass\n")));
  base.put(std::make_shared<FileSummary>(summarize_python("torch/b.py", "x = 1\n")));
  auto next = base.with(std::make_shared<FileSummary>(summarize_python("torch/b.py", "y = 2\n")));
  CHECK(next->size() == 2);
  CHECK(next->get("test/a/test_a.py") == base.get("test/a/test_a.py"));
  CHECK(next->get("torch/b.py") != base.get("torch/b.py"));
  CHECK(base.test_files().size() == 1);
  CHECK(next->without("test/a/test_a.py")->test_files().empty());
}
