// Test-file hygiene checks: what each flags (`[[...]]` marks the expected range), what it leaves
// alone, and that every fix leaves a file that parses and byte-compiles.
#include <doctest/doctest.h>


#include "syntax/line_index.h"
#include "syntax/tree.h"
#include "testing/hygiene.h"
#include "testing/test_writer.h"
#include "testing_fixture.h"
#include "workspace/workspace_scan.h"

using namespace pt2bb;

namespace {

using testing_fixture::kWorkspace;
using testing_fixture::py_compiles;
using testing_fixture::read;

bool parses_clean(const std::string& text) {
  TreePtr t = parse_python(text);
  return t && !ts_node_has_error(ts_tree_root_node(t.get()));
}

struct Expect {
  std::string code;
  std::string message_part;  // Empty: any.
  std::string fix_title;     // Empty: no fix expected.
  std::string fixed_contains;  // After applying the fix to this file.
};

// One check helper: runs the hygiene analyzer on `src` at `path` and compares the findings of
// `expect.code` with the marked ranges; applies the first fix's same-file edits and checks the
// result parses, byte-compiles and contains `fixed_contains`.
std::vector<Finding> check_hygiene(const std::string& path, std::string_view src, const Expect& expect,
                                   std::optional<std::string> head = std::nullopt,
                                   const WorkspaceIndex* workspace = nullptr) {
  auto m = testing_fixture::parse_markers(testing_fixture::trim_first_newline(src));
  TreePtr tree = parse_python(m.text);
  LineIndex lines(m.text);
  FileContext ctx;
  ctx.path = path;
  ctx.text = m.text;
  ctx.tree = tree.get();
  ctx.lines = &lines;
  if (head) ctx.head_text = *head;
  ctx.workspace = workspace;
  std::vector<Finding> found;
  for (auto& f : check_test_hygiene(ctx))
    if (f.code == expect.code) found.push_back(f);
  REQUIRE(found.size() == m.ranges.size());
  for (size_t i = 0; i < found.size(); ++i) {
    CHECK(found[i].range == m.ranges[i]);
    if (!expect.message_part.empty()) CHECK(found[i].message.find(expect.message_part) != std::string::npos);
  }
  if (!expect.fix_title.empty()) {
    REQUIRE(!found.empty());
    REQUIRE(!found[0].fixes.empty());
    CHECK(found[0].fixes[0].title == expect.fix_title);
    std::vector<TextEdit> here;
    for (const auto& e : found[0].fixes[0].edits)
      if (e.path == path) here.push_back(e);
    const std::string fixed = apply_edits(m.text, here);
    CHECK(parses_clean(fixed));
    CHECK(py_compiles(fixed));
    if (!expect.fixed_contains.empty()) CHECK(fixed.find(expect.fixed_contains) != std::string::npos);
  }
  return found;
}

}  // namespace

TEST_CASE("duplicate-test: the later definition is flagged, with the earlier as related information") {
  auto found = check_hygiene("test/dynamo/test_x.py", R"py(
class T(TestCase):
    def test_a(self):
        pass

    def test_b(self):
        pass

    def [[test_a]](self):
        pass
)py",
                             {"duplicate-test", "replaces the one on line 2"});
  REQUIRE(found.size() == 1);
  CHECK(found[0].severity == Severity::Error);
  REQUIRE(found[0].related.size() == 1);
  CHECK(found[0].related[0].range.start == Point{1, 8});
}

TEST_CASE("duplicate-test: tests in different branches of an `if`, or in different classes, are fine") {
  check_hygiene("test/dynamo/test_x.py", R"py(
class T(TestCase):
    if IS_WINDOWS:
        def test_a(self):
            pass
    else:
        def test_a(self):
            pass

class U(TestCase):
    def test_a(self):
        pass
)py",
                {"duplicate-test"});
}

TEST_CASE("unittest-testcase: flagged with a fix to PyTorch's TestCase, or the area's own subclass") {
  check_hygiene("test/test_foo.py", R"py(
import unittest

import torch


class FooTests([[unittest.TestCase]]):
    def test_a(self):
        self.assertEqual(torch.ones(1), torch.ones(1))


if __name__ == "__main__":
    from torch.testing._internal.common_utils import run_tests

    run_tests()
)py",
                {"unittest-testcase", "unittest.TestCase", "Derive from TestCase",
                 "from torch.testing._internal.common_utils import TestCase\n"});
  // A Dynamo file that already uses torch._dynamo.test_case gets that TestCase.
  check_hygiene("test/dynamo/test_foo.py", R"py(
import unittest

import torch
import torch._dynamo.test_case


class A(torch._dynamo.test_case.TestCase):
    def test_a(self):
        pass


class B([[unittest.TestCase]]):
    def test_b(self):
        pass


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
)py",
                {"unittest-testcase", "", "Derive from torch._dynamo.test_case.TestCase",
                 "class B(torch._dynamo.test_case.TestCase)"});
  // Not a PyTorch file: a plain unittest module is left alone.
  check_hygiene("tools/check.py", R"py(
import unittest

class Tool(unittest.TestCase):
    def test_a(self):
        pass
)py",
                {"unittest-testcase"});
}

TEST_CASE("missing-run-tests: a test file without the guard gets one with the area's import") {
  check_hygiene("test/inductor/test_foo.py", R"py(
import torch
import torch._inductor.test_case


class [[FooTests]](torch._inductor.test_case.TestCase):
    def test_a(self):
        pass
)py",
                {"missing-run-tests", "run_tests()", "Add `if __name__ == \"__main__\": run_tests()`",
                 "\n\n\nif __name__ == \"__main__\":\n    from torch._inductor.test_case import run_tests\n\n    run_tests()\n"});
  // run_tests already imported at the top: the guard only calls it.
  check_hygiene("test/test_bar.py", R"py(
from torch.testing._internal.common_utils import run_tests, TestCase


class [[BarTests]](TestCase):
    def test_a(self):
        pass)py",
                {"missing-run-tests", "", "Add `if __name__ == \"__main__\": run_tests()`",
                 "        pass\n\n\nif __name__ == \"__main__\":\n    run_tests()\n"});
  // A guard that calls run_tests (even nested in an `if`), or a file without tests: nothing.
  check_hygiene("test/test_ok.py", R"py(
class T(TestCase):
    def test_a(self):
        pass


if __name__ == "__main__":
    if HAS_CPU:
        run_tests(needs="filelock")
)py",
                {"missing-run-tests"});
  check_hygiene("test/helpers.py", "def helper():\n    pass\n", {"missing-run-tests"});
  // A syntax error mid-edit may swallow the guard into an ERROR node: no guess, the syntax
  // error is the finding.
  check_hygiene("test/dynamo/test_broken.py", R"py(
class T(TestCase):
    def test_a(self):
        def fn(x):
            return x.cos(
        fn(1)


if __name__ == "__main__":
    run_tests()
)py",
                {"missing-run-tests"});
}

TEST_CASE("test-in-test-misc: only tests absent from the baseline, with a move to the right file") {
  const std::string misc = read(kWorkspace + "/test/dynamo/test_misc.py");
  // The file as HEAD has it plus one new recompilation test at the end of MiscTests.
  const std::string anchor = "        self.assertEqual(torch.compile(fn, backend=\"eager\")([1, 2, 3]), 3)\n";
  const size_t at = misc.find(anchor);
  REQUIRE(at != std::string::npos);
  std::string edited = misc;
  edited.insert(at + anchor.size(), R"py(
    def [[test_guard_on_shape_recompiles]](self):
        cnt = CompileCounter()
        opt = torch.compile(lambda x: x * 2, backend=cnt)
        opt(torch.ones(2))
        opt(torch.ones(3))
        self.assertEqual(cnt.frame_count, 1)
)py");
  auto files = list_python_files(kWorkspace, ScanOptions{}, nullptr, /*allow_git=*/false);
  auto index = index_files(kWorkspace, files, ScanOptions{});
  REQUIRE(index);
  auto found = check_hygiene("test/dynamo/test_misc.py", edited,
                             {"test-in-test-misc", "test/dynamo/test_recompiles.py (RecompileTests)",
                              "Move test to test/dynamo/test_recompiles.py::RecompileTests"},
                             misc, index.get());
  // The insertion half of the move: the target still parses and compiles, with the test in it.
  const auto& edits = found.at(0).fixes.at(0).edits;
  std::vector<TextEdit> there;
  for (const auto& e : edits)
    if (e.path == "test/dynamo/test_recompiles.py") there.push_back(e);
  REQUIRE(there.size() == 1);
  const std::string target = apply_edits(read(kWorkspace + "/test/dynamo/test_recompiles.py"), there);
  CHECK(target.find("    def test_guard_on_shape_recompiles(self):\n        cnt = CompileCounter()") != std::string::npos);
  CHECK(parses_clean(target));
  CHECK(py_compiles(target));
  // Without a baseline nothing is new; without a workspace the usual file is still named.
  check_hygiene("test/dynamo/test_misc.py", edited.substr(0, 0) + misc, {"test-in-test-misc"}, misc);
  check_hygiene("test/dynamo/test_misc.py", edited, {"test-in-test-misc", "test/dynamo/test_recompiles.py"}, misc);
  // The same file elsewhere is not test_misc.py.
  check_hygiene("test/inductor/test_misc_things.py", edited.substr(0, 0) + misc, {"test-in-test-misc"}, "");
}
