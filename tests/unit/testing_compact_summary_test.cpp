// CompactSummary: the index's packed form of a FileSummary keeps what the index's readers use
// (classes, bases, tests with their lines and decorators, imports, conventions, identifiers) and
// stays under a tenth of the source.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "testing/compact_summary.h"
#include "testing/target_ranking.h"

using namespace pt2bb;

namespace {

std::string join(const std::vector<std::string_view>& v) {
  std::string out;
  for (auto s : v) out += std::string(s) + ",";
  return out;
}

// One line per class: "Name(bases) [tests] indent=N lines=A-B body_end=C last_test_end=D test?".
std::vector<std::string> describe(const CompactSummary& s) {
  std::vector<std::string> out;
  for (const auto& c : s.classes) {
    std::string line = std::string(s.name(c)) + "(" + join(s.bases_of(c)) + ") [";
    const auto names = s.test_names(c);
    size_t i = 0;
    for (const CompactTest* t = s.tests_begin(c); t != s.tests_end(c); ++t, ++i) {
      line += names[i] + "@" + std::to_string(t->start_line) + "+" + std::to_string(t->line_count);
      if (t->generated()) line += "(generated)";
      const auto decorators = s.decorators_of(*t);
      if (!decorators.empty()) line += "{" + join(decorators) + "}";
      line += " ";
    }
    line += "] indent=" + std::to_string(s.body_indent(c).size()) + " lines=" + std::to_string(c.start_line) + "-" +
            std::to_string(c.end_line) + " body_end=" + std::to_string(c.body_end_line) +
            " last_test_end=" + std::to_string(c.last_test_end_line) + (s.is_test_class(c) ? " test" : "");
    out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("compact summary: the facts the index's readers use survive packing") {
  const char* src = R"py(import torch
from torch.testing._internal.common_utils import (
    parametrize,
    skipIfRocm,
)
import numpy as np


class Helpers:
    def helper(self):
        pass


class ReproTests(torch._dynamo.test_case.TestCase):
    @skipIfRocm
    @parametrize("x", [1, 2])
    @my_project.special_marker
    def test_first(self, x):
        pass

    test_generated = make_test(lambda a: a + 1)

    def test_first_variant_with_a_name_longer_than_two_hundred_and_fifty_five_bytes_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(self):
        pass

    @torch._dynamo.config.patch(capture_scalar_outputs=True)
    def test_last(self):
        x = 1
        return x


if __name__ == "__main__":
    run_tests()
)py";
  const FileSummary full = summarize_python("test/dynamo/test_x.py", src);
  const CompactSummary s = compact_summary(full);
  CHECK(describe(s) == std::vector<std::string>{
                           "Helpers() [] indent=4 lines=8-10 body_end=10 last_test_end=0",
                           "ReproTests(torch._dynamo.test_case.TestCase,) [test_first@14+4{skipIfRocm,parametrize,"
                           "my_project.special_marker,} test_generated@20+0(generated) "
                           "test_first_variant_with_a_name_longer_than_two_hundred_and_fifty_five_bytes_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx@22+1 "
                           "test_last@25+3{torch._dynamo.config.patch,} ] indent=4 lines=13-28 body_end=28 "
                           "last_test_end=28 test"});
  CHECK(s.path == "test/dynamo/test_x.py");
  CHECK(s.content_hash == content_hash(src));
  CHECK(s.line_count == full.line_count);
  CHECK(s.conventions == full.conventions);
  CHECK(s.identifiers == full.identifiers);
  CHECK(s.import_block_end_line == full.import_block_end_line);
  CHECK(s.has_main_guard);
  CHECK_FALSE(s.has_syntax_errors);
  struct Lookup {
    const char* name;
    bool module, bound;
  };
  for (const Lookup& l : {Lookup{"torch", true, true}, Lookup{"numpy", true, false}, Lookup{"np", false, true},
                          Lookup{"skipIfRocm", false, true}, Lookup{"torch.testing._internal.common_utils", true, false},
                          Lookup{"parametrize", false, true}, Lookup{"sys", false, false}}) {
    CAPTURE(l.name);
    CHECK(s.imports_module(l.name) == full.imports_module(l.name));
    CHECK(s.imports_module(l.name) == l.module);
    CHECK(s.imports_name(l.name) == full.imports_name(l.name));
    CHECK(s.imports_name(l.name) == l.bound);
  }
  CHECK(target_class(s) == "ReproTests");
  CHECK(target_class(full) == "ReproTests");
}

TEST_CASE("compact summary: under a tenth of the source for a test file of PyTorch-sized tests") {
  // Tests of about 400 bytes, as in test_repros.py and the benchmark; each adds a number to the
  // identifiers. A summary costs about 12 bytes per test, its name, and 8 per distinct word.
  std::string src = "import torch\nfrom torch._dynamo.testing import CompileCounter\n\n\nclass T(TestCase):\n";
  for (int i = 0; src.size() < 60000; ++i) {
    const std::string n = std::to_string(i);
    src += "    @skipIfRocm\n    def test_case_" + n + "_softmax(self):\n        cnt = CompileCounter()\n"
           "        opt = torch.compile(lambda x: torch.softmax(x * " + n + ", 0), backend=cnt)\n"
           "        fn = functools.partial(torch.nn.functional.gelu, approximate=\"tanh\")\n"
           "        x, y = torch.randn(4, 8), torch.randn(4, 8)\n"
           "        self.assertEqual(opt(x).shape[0], fn(y).shape[0])\n        self.assertEqual(cnt.frame_count, 1)\n\n";
  }
  const CompactSummary s = compact_summary(summarize_python("test/t.py", src));
  CHECK(s.test_count() > 150);
  CHECK(s.memory_bytes() * 10 < src.size());
}
