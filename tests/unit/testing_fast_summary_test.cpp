// The index's fast path (a line-level outline, tree-sitter on the main guard only) builds the
// same FileSummary as the full tree-sitter parse: on tricky inline cases, on every fixture file,
// on generated files, and, when PT2BB_EQUIVALENCE_DIR names a folder (real PyTorch test files
// kept outside the repository), on every Python file under it.
#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <fstream>
#include <sstream>

#include "syntax/tree.h"
#include "testing/fast_summary.h"

using namespace pt2bb;
namespace fs = std::filesystem;

namespace {

std::string pt(const Point& p) { return std::to_string(p.line) + ":" + std::to_string(p.column); }
std::string rg(const Range& r) { return pt(r.start) + "-" + pt(r.end); }

// Every field of a summary, one fact per line, so that a difference reads as a line.
std::string describe(const FileSummary& s) {
  std::ostringstream o;
  o << "path " << s.path << "\nhash " << s.content_hash << " bytes " << s.bytes << " lines " << s.line_count
    << "\nconventions " << s.conventions << "\nsyntax_errors " << s.has_syntax_errors << "\nimport_block_end "
    << (s.import_block_end_line ? std::to_string(*s.import_block_end_line) : "none") << "\n";
  for (const auto& c : s.classes) {
    o << "class " << c.name << " " << rg(c.range) << " name " << rg(c.name_range) << " bases_range "
      << rg(c.bases_range) << " methods " << c.method_count << " indent '" << c.body_indent << "' body_end "
      << c.body_end_line << "\n";
    for (size_t i = 0; i < c.bases.size(); ++i) o << "  base " << c.bases[i] << " " << rg(c.base_ranges[i]) << "\n";
    for (const auto& t : c.tests) {
      o << "  test " << t.name << " " << rg(t.range) << " name " << rg(t.name_range) << " branch " << t.branch
        << (t.generated ? " generated" : "");
      for (const auto& d : t.decorators) o << " @" << d;
      o << "\n";
    }
  }
  for (const auto& i : s.imports) {
    o << "import " << (i.from ? "from " : "") << i.module << " " << rg(i.range);
    for (const auto& n : i.names) o << " " << n;
    o << "\n";
  }
  if (s.main_guard) {
    o << "main " << rg(s.main_guard->range);
    for (const auto& c : s.main_guard->calls) o << " " << c;
    o << "\n";
  }
  o << "identifiers";
  for (auto id : s.identifiers) o << " " << id;
  o << "\n";
  return o.str();
}

// The first line where two descriptions differ, for the failure message.
std::string first_difference(const std::string& a, const std::string& b) {
  std::istringstream x(a), y(b);
  std::string l1, l2;
  while (true) {
    const bool more1 = static_cast<bool>(std::getline(x, l1)), more2 = static_cast<bool>(std::getline(y, l2));
    if (!more1 && !more2) return "";
    if (!more1 || !more2 || l1 != l2) return "full: " + (more1 ? l1 : "<end>") + "\nfast: " + (more2 ? l2 : "<end>");
  }
}

enum class Path { Fast, Fallback, Either };

// Summarizes `text` both ways and checks they agree; `path` says whether the fast path itself
// must take it (Fast) or must leave it to the full parse (Fallback).
bool check_same(const std::string& name, std::string_view text, Path path) {
  auto parser = make_python_parser();
  const FileSummary full = summarize_python(name, text, parser.get());
  const std::optional<FileSummary> fast = summarize_python_outline(name, text, parser.get());
  CAPTURE(name);
  if (path == Path::Fast) CHECK_MESSAGE(fast.has_value(), "the fast path fell back");
  if (path == Path::Fallback) CHECK_FALSE(fast.has_value());
  const std::string want = describe(full);
  const std::string got = describe(summarize_python_fast(name, text, parser.get()));
  CHECK_MESSAGE(got == want, first_difference(want, got));
  return fast.has_value() && got == want;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("fast summary: tricky shapes give the full parse's summary") {
  struct Case {
    const char* name;
    const char* src;
    Path path;
  };
  const Case cases[] = {
      {"decorators spanning lines, defs with multi-line parameters", R"py(
import torch
from torch.testing._internal.common_utils import (  # a comment in the list
    parametrize as p,
    run_tests,
)


class T(torch._dynamo.test_case.TestCase):
    @p(
        "x",
        [1, 2],
    )
    @torch._dynamo.config.patch(
        capture_scalar_outputs=True
    )
    def test_a(
        self,
        x,
    ):
        return torch.compile(lambda y: y + x, backend="eager", fullgraph=True)(x)

    @unittest.skipIf(not HAS_GPU, "needs a GPU")
    async def test_async(self): pass

    def test_inner_decorators(self):
        @patch.object(config, "a", 1)
        @patch.object(config, "b", 2)
        def inner():
            pass

        @torch.compile(backend="eager")
        class Local: pass
        inner()
)py",
       Path::Fast},
      {"strings that hold `def test_`, class and brackets", R"py(
class T(TestCase):
    def test_doc(self):
        """
        def test_not_a_test(self):
            pass
        class NotAClass(
        """
        s = 'def test_x(self): ('
        t = f"{self.common(fn, (x,))} def test_y(" + rb'\d(' + f'{x!r:>{width}}'
        return s, t

    def test_after(self):
        u = """ ''' """ + ''' """ ''' + "\"" + '\''
)py",
       Path::Fast},
      {"nested classes, if-branches in class bodies, generated tests", R"py(
class Outer(TestCase):
    class Inner(TestCase):
        def test_inner(self): pass

    if IS_WINDOWS:
        def test_w(self): pass
    elif IS_MACOS:
        test_m = make_test(lambda: 1)
    else:
        def test_w(self): pass
        if HAS_GPU:
            test_gpu = functools.partial(run, "cuda")

    test_name = helper
    test_attr = module.helper
    test_none = None
    test_sum = a + b
    test_sub = table[0]
    test_ann: Callable = make_test(fn)
    test_a = test_b = make_test(fn)
)py",
       Path::Fast},
      {"make_test-style generated tests and module-level compounds", R"py(
import unittest

try:
    import numpy as np
except ImportError:
    np = None
if HAS_CUDA: import triton
with contextlib.suppress(Exception):
    from torch._inductor import config

def make_test(fn):
    return fn


class MiscTests(torch._dynamo.test_case.TestCase):
    test_add = make_test(lambda a, b: a + b)
    test_mul = make_dynamic_test(lambda a, b: a * b)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests(needs=("filelock",))
else:
    main()
)py",
       Path::Fast},
      {"a main guard inside a module-level block", R"py(
try:
    import triton
except ImportError as e:
    sys.stderr.write(f"{type(e)}: {e}\n")
    if __name__ == "__main__":
        sys.exit(0)
    raise
)py",
       Path::Fast},
      {"comments at odd places and blank lines with spaces", R"py(
import torch  # trailing
# a comment
class T(TestCase):  # after the header
    # before the first method

    def test_a(self):
        x = 1  # trailing
        # a comment at the end of the body
    # a comment at the class's indentation
  # a comment less indented

    def test_b(self):
        pass
        
# the end
)py",
       Path::Fast},
      {"comments that end blocks, and a first comment at another indentation", R"py(
class T(TestCase):
# a comment at column 0 first
    def test_a(self):
        return 1  # the last line's comment

    def test_b(self):
        if x:
            pass  # inner
            # inner block's comment
        # outer block's comment
    # class body's comment
# module's comment

if __name__ == "__main__":
    run_tests()  # run
    # the guard's last comment
)py",
       Path::Fast},
      {"splats before calls, as tree-sitter-python groups them",
       "names = {*globals().keys()}\nx = [*sorted(a), 1]\ny = *gen(), 2\nz = (*tup(), 1)\nf(*args(), **kw())\n"
       "w = a * b(c)\nd = {**make()}\nreturn_value = [x for x in (*q(),)]\na1 = [1, *one()]\na2 = {*two(), 1}\n"
       "a3 = [*three(x)]\na4 = 1, *four()\n",
       Path::Fast},
      {"a first comment deeper than the body", "class T(TestCase):\n        # deeper\n    def test_a(self):\n        pass\n",
       Path::Fast},
      {"CRLF line ends with comments", "class T(TestCase):\r\n    def test_a(self):\r\n        pass  # c\r\n        # d\r\n",
       Path::Fast},
      {"one-line classes and semicolons", R"py(
import os; import sys as system
class A(TestCase): pass
class B(metaclass=Meta): x = 1; y = 2
class C(Base[int], *mixins, **kw,):
    def test_c(self): return 1; 
)py",
       Path::Fast},
      {"backslash continuations and calls across lines", R"py(
from torch._dynamo.testing import \
    CompileCounter
class T(TestCase):
    def test_a(self):
        cnt = torch._dynamo.testing \
            .CompileCounter()
        opt = torch.compile(
            fn,
            backend=cnt,
        )
        self \
            .common(fn, (x,))
        export(M(), (x,), strict=False)
)py",
       Path::Fast},
      {"tabs", "class T(TestCase):\n\tdef test_tab(self):\n\t\tpass\n\n\tdef test_two(self):\n\t\tpass\n", Path::Fast},
      {"an unterminated triple-quoted string", "class T(TestCase):\n    def test_a(self):\n        s = \"\"\"open\n",
       Path::Fallback},
      {"a bracket left open", "class T(TestCase):\n    def test_broken(self:\n        x = (\n", Path::Fallback},
      {"a header without its colon", "class T(TestCase)\n    def test_a(self):\n        pass\n", Path::Fallback},
      {"an unexpected indent", "class T(TestCase):\n    def test_a(self):\n        pass\n          x = 1\n",
       Path::Fallback},
      {"a dedent to no block", "class T(TestCase):\n    def test_a(self):\n        pass\n  x = 1\n", Path::Fallback},
      {"pattern matching", "match x:\n    case 1:\n        pass\n", Path::Fallback},
      {"CRLF line ends", "import torch\r\nclass T(TestCase):\r\n    def test_a(self):\r\n        pass\r\n", Path::Fast},
      {"an empty file", "", Path::Fast},
  };
  for (const auto& c : cases) check_same(c.name, std::string_view(c.src).substr(c.src[0] == '\n' ? 1 : 0), c.path);
}

TEST_CASE("fast summary: every fixture file") {
  // Files that parse take the fast path; the others may fall back (the scan does not see every
  // syntax error), and must then give the full parse's summary all the same.
  size_t files = 0;
  auto parser = make_python_parser();
  for (const auto& e : fs::recursive_directory_iterator(fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures")) {
    if (e.path().extension() != ".py") continue;
    ++files;
    const std::string text = read(e.path());
    const bool clean = !summarize_python(e.path().string(), text, parser.get()).has_syntax_errors;
    check_same(e.path().string(), text, clean ? Path::Fast : Path::Either);
  }
  CHECK(files >= 10);
}

TEST_CASE("fast summary: generated PyTorch-shaped test files") {
  for (int seed = 0; seed < 20; ++seed) {
    std::string src = "import torch\nfrom torch._dynamo.testing import CompileCounter\n\n\nclass Gen" +
                      std::to_string(seed) + "Tests(torch._dynamo.test_case.TestCase):\n";
    for (int i = 0; i < 30; ++i) {
      const std::string n = std::to_string(seed * 100 + i);
      switch ((seed + i) % 4) {
        case 0: src += "    @skipIfRocm\n    @parametrize(\"dim\", [0, 1])\n"; break;
        case 1: src += "    @requires_gpu()\n"; break;
        case 2: src += "    test_gen_" + n + " = make_test(lambda x: x + " + n + ")\n\n"; break;
        default: break;
      }
      src += "    def test_case_" + n + "(self, *args):\n        cnt = CompileCounter()\n"
             "        def fn(x):\n            return torch.softmax(x * " + n + ", dim=-1)  # " + n + "\n"
             "        opt = torch.compile(fn, backend=cnt)\n        self.assertEqual(opt(torch.ones(4)), fn(torch.ones(4)))\n\n";
    }
    src += "\nif __name__ == \"__main__\":\n    run_tests()\n";
    check_same("gen" + std::to_string(seed), src, Path::Fast);
  }
}

// Random test files from pieces of PyTorch's shapes: classes with decorated, multi-line,
// generated and conditional tests, nested classes, comments at any indentation, tricky strings,
// splats, continuations, module-level try/if blocks and main guards. Deterministic (fixed seed).
class RandomTestFile {
public:
  explicit RandomTestFile(unsigned seed) : rng_(seed) {}

  std::string make() {
    std::string out;
    for (int i = 0, n = pick(1, 4); i < n; ++i) out += one_of(kImports);
    if (pick(0, 3) == 0) out += "try:\n    import numpy as np\nexcept ImportError:  # optional\n    np = None\n";
    for (int c = 0, n = pick(1, 3); c < n; ++c) out += "\n\n" + klass(0);
    if (pick(0, 1)) out += "\n\nif __name__ == \"__main__\":\n    " + one_of(kGuardBodies) + "\n";
    if (pick(0, 2) == 0) out += "# trailing comment\n";
    return out;
  }

private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  template <size_t N>
  std::string one_of(const std::array<const char*, N>& options) { return options[pick(0, N - 1)]; }

  std::string klass(int depth) {
    const std::string in(4 * depth, ' '), body(4 * depth + 4, ' ');
    const std::string decorator = one_of(kClassDecorators);
    std::string out = (decorator.empty() ? "" : in + decorator) + in + "class T" + std::to_string(counter_++) + one_of(kBases) +
                      ":" + one_of(kHeaderComments) + "\n";
    for (int i = 0, n = pick(1, 6); i < n; ++i) {
      switch (pick(0, 7)) {
        case 0: out += body + "test_gen_" + std::to_string(counter_++) + " = " + one_of(kGenerated) + "\n"; break;
        case 1:
          if (depth < 2) out += klass(depth + 1);
          break;
        case 2:
          out += body + "if HAS_GPU:" + one_of(kHeaderComments) + "\n" + method(depth + 2) + body + "else:\n" +
                 method(depth + 2);
          break;
        case 3: out += std::string(pick(0, 12), ' ') + "# a comment\n"; break;
        case 4: out += body + "\n"; break;  // A blank line with spaces.
        default: out += method(depth + 1);
      }
    }
    return out + method(depth + 1);
  }

  std::string method(int depth) {
    const std::string in(4 * depth, ' '), body(4 * depth + 4, ' ');
    std::string out;
    for (int i = 0, n = pick(0, 3); i < n; ++i) out += in + one_of(kDecorators);
    const std::string name = (pick(0, 4) ? "test_" : "helper_") + std::to_string(counter_++);
    out += in + (pick(0, 5) ? "def " : "async def ") + name + one_of(kParams) + ":" + one_of(kHeaderComments) + "\n";
    for (int i = 0, n = pick(1, 4); i < n; ++i) {
      std::string statement = one_of(kStatements);
      // Continuation lines are indented relative to the body.
      for (size_t p = 0; (p = statement.find('\n', p)) != std::string::npos; p += 1 + body.size())
        statement.insert(p + 1, body);
      out += body + statement + "\n";
    }
    if (pick(0, 3) == 0) out += std::string(pick(0, 12), ' ') + "# after the body\n";
    return out;
  }

  static constexpr std::array<const char*, 5> kImports = {
      "import torch\n", "from torch._dynamo.testing import CompileCounter, same\n",
      "from torch.testing._internal.common_utils import (\n    parametrize as p,  # short\n    run_tests,\n)\n",
      "import torch._dynamo.test_case; import unittest\n", "from . import helpers\n"};
  static constexpr std::array<const char*, 3> kClassDecorators = {"", "", "@instantiate_parametrized_tests\n"};
  static constexpr std::array<const char*, 5> kBases = {"(TestCase)", "(torch._dynamo.test_case.TestCase)", "",
                                                        "(\n    Base,\n    metaclass=Meta,\n)", "(*mixins)"};
  static constexpr std::array<const char*, 3> kHeaderComments = {"", "", "  # header comment"};
  static constexpr std::array<const char*, 4> kGenerated = {"make_test(lambda a: a + 1)", "other_test",
                                                            "module.attr", "functools.partial(run, \"cuda\")"};
  static constexpr std::array<const char*, 6> kDecorators = {
      "@skipIfRocm\n", "@parametrize(\"x\", [1, 2])\n", "@torch._dynamo.config.patch(\n    fullgraph=True\n)\n",
      "@requires_gpu()\n", "@unittest.skipIf(IS_WINDOWS, \"no\")  # why\n", "@make_test\n"};
  static constexpr std::array<const char*, 4> kParams = {"(self)", "(self, x)", "(\n        self,\n        x=1,\n    )",
                                                         "(self, *args, **kwargs) -> None"};
  static constexpr std::array<const char*, 3> kGuardBodies = {"run_tests()", "from torch._dynamo.test_case import run_tests\n\n    run_tests()",
                                                              "if sys.version_info >= (3, 8):\n        run_tests()  # run"};
  static constexpr std::array<const char*, 12> kStatements = {
      "pass",
      "x = torch.compile(fn, backend=\"eager\", fullgraph=True)(torch.ones(2))",
      "s = \"def test_not(self): (\"  # string",
      "t = f\"{self.common(fn, (x,))} {y!r:>{w}}\"",
      "u = '''\n    class Fake(TestCase):\n'''",
      "cnt = torch._dynamo.testing \\\n    .CompileCounter()",
      "names = [*sorted(kw)] + [*a, *b()]",
      "ep = export(M(), (x,), strict=False)",
      "if x: return 1",
      "for i in range(3):\n    y = i; z = i",
      "with torch.no_grad():\n    self.assertEqual(\n        a,\n        b,\n    )",
      "return  # done"};

  std::mt19937 rng_;
  int counter_ = 0;
};

TEST_CASE("fast summary: random PyTorch-shaped files (property)") {
  size_t fast = 0;
  for (unsigned seed = 0; seed < 300; ++seed) {
    const std::string src = RandomTestFile(seed).make();
    CHECK_FALSE(summarize_python("random", src).has_syntax_errors);  // The generator writes valid Python.
    fast += check_same("random" + std::to_string(seed), src, Path::Either);
  }
  // Every generated file is valid Python: the fast path must take all of them.
  CHECK(fast == 300);
}

TEST_CASE("fast summary: the Python files of PT2BB_EQUIVALENCE_DIR") {
  const char* dir = std::getenv("PT2BB_EQUIVALENCE_DIR");
  if (!dir) return;
  size_t files = 0, fast = 0, equal = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.path().extension() != ".py") continue;
    ++files;
    const std::string text = read(e.path());
    auto parser = make_python_parser();
    fast += summarize_python_outline(e.path().string(), text, parser.get()).has_value();
    equal += check_same(e.path().string(), text, Path::Either);
  }
  MESSAGE(files << " files: " << fast << " taken by the fast path, " << equal
                << " of them with the full parse's summary; the rest fell back to the full parse");
}
