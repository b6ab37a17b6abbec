// "Add failing test" against the fixture workspace: which file and class each kind of repro
// goes to, what the test asserts, and that every edited file parses with no ERROR node and
// byte-compiles with `python3 -m py_compile`.
#include <doctest/doctest.h>

#include "syntax/tree.h"
#include "testing/add_test.h"
#include "testing_fixture.h"
#include "triage/triage_knowledge.h"
#include "workspace/workspace_scan.h"

using namespace pt2bb;

namespace {

using testing_fixture::kWorkspace;
using testing_fixture::py_compiles;
using testing_fixture::read;

const WorkspaceIndex& fixture_index() {
  static const std::shared_ptr<WorkspaceIndex> index = [] {
    auto files = list_python_files(kWorkspace, ScanOptions{}, nullptr, /*allow_git=*/false);
    return index_files(kWorkspace, files, ScanOptions{});
  }();
  return *index;
}

const TriageKnowledge* knowledge() {
  static const std::optional<TriageKnowledge> kb = [] {
    std::string error;
    return TriageKnowledge::load_embedded(&error);
  }();
  return kb ? &*kb : nullptr;
}

struct Expected {
  std::string category;
  std::string file;
  std::string cls;
  std::vector<std::string> contains;  // In the inserted test (or anywhere in the edited file).
};

// One check helper: plans the test for `repro` (category `given` or resolved), checks the best
// target and the text it writes, and that all three targets still parse and compile.
AddTestPlan check_add_test(std::string_view repro_text, const Expected& e, std::optional<Category> given = std::nullopt,
                           std::string_view stem = "repro") {
  TreePtr tree = parse_python(repro_text);
  Repro repro = analyze_repro(repro_text, tree.get(), std::nullopt, stem);
  const Category category = resolve_category(given, repro, repro_text, tree.get(), knowledge());
  CHECK(category_id(category) == e.category);
  AddTestPlan plan = plan_add_test(fixture_index(), repro, category,
                                   [](const std::string& rel) { return std::optional<std::string>(read(kWorkspace + "/" + rel)); });
  REQUIRE_MESSAGE(!plan.tests.empty(), plan.error);
  CHECK(plan.tests.size() == 3);
  const WrittenTest& best = plan.tests.front();
  CHECK(best.path == e.file);
  CHECK(best.class_name == e.cls);
  for (const auto& part : e.contains) {
    CAPTURE(part);
    CHECK(best.new_text.find(part) != std::string::npos);
  }
  for (const auto& t : plan.tests) {
    CAPTURE(t.path);
    CHECK(t.path != "test/dynamo/test_misc.py");
    TreePtr edited = parse_python(t.new_text);
    CHECK_FALSE(ts_node_has_error(ts_tree_root_node(edited.get())));
    CHECK(py_compiles(t.new_text));
  }
  return plan;
}

}  // namespace

TEST_CASE("add test: graph break repro goes to test_repros.py with fullgraph=True") {
  check_add_test(R"py(
import torch

def fn(x):
    # graph break: data-dependent branch
    if x.sum() > 0:
        return x.sin()
    return x.cos()

x = torch.randn(8)
opt = torch.compile(fn, fullgraph=True)
print(opt(x))
)py",
                 {"graph_break", "test/dynamo/test_repros.py", "ReproTests",
                  {"    def test_sin_no_graph_break(self):\n        def fn(x):\n",
                   "        x = torch.randn(8)\n        # fullgraph=True turns a graph break into an error.\n"
                   "        torch.compile(fn, backend=\"eager\", fullgraph=True)(x)\n"}});
}

TEST_CASE("add test: recompilation counts frames in test_recompiles.py") {
  check_add_test(R"py(
import torch

@torch.compile(backend="eager")
def scale(x, factor):
    return x * factor

for n in range(3):
    scale(torch.ones(n + 1), 2.0)
)py",
                 {"recompilation", "test/dynamo/test_recompiles.py", "RecompileTests",
                  {"        cnt = torch._dynamo.testing.CompileCounter()\n        opt_fn = torch.compile(scale, backend=cnt)\n",
                   "        def scale(x, factor):\n", "            opt_fn(torch.ones(n + 1), 2.0)\n",
                   "        self.assertEqual(cnt.frame_count, 1)\n"}},
                 Category::Recompilation);
}

TEST_CASE("add test: an Inductor accuracy repro goes to CommonTemplate with self.common") {
  auto plan = check_add_test(R"py(
import torch
import torch.nn.functional as F

def fn(x):
    return F.gelu(x).cumsum(-1)

x = torch.randn(16, 32)
expected = fn(x)
actual = torch.compile(fn)(x)
assert torch.allclose(expected, actual)
)py",
                             {"accuracy", "test/inductor/test_torchinductor.py", "CommonTemplate",
                              {"    def test_gelu_matches_eager(self):\n", "        self.common(fn, (x,))\n",
                               "import torch.nn.functional as F\n"}});
  // Hoisted after the leading import block, not inside a class.
  const std::string& text = plan.tests.front().new_text;
  CHECK(text.find("import torch.nn.functional as F\n") < text.find("def check_model"));
  // Inserted after the last CommonTemplate test, before `if HAS_CPU:`.
  CHECK(text.find("test_gelu_matches_eager") > text.find("def test_index_put_accumulate"));
  CHECK(text.find("test_gelu_matches_eager") < text.find("if HAS_CPU:"));
}

TEST_CASE("add test: a non-strict export repro goes to test_export.py and exports non-strict") {
  check_add_test(R"py(
import torch
from torch.export import export

class M(torch.nn.Module):
    def forward(self, x):
        return x.nonzero()

ep = export(M(), (torch.randn(4),), strict=False)
)py",
                 {"export", "test/export/test_export.py", "TestExport",
                  {"        mod = M()\n        inputs = (torch.randn(4),)\n        ep = export(mod, inputs, strict=False)\n",
                   "        self.assertEqual(ep.module()(*inputs), mod(*inputs))\n"}},
                 std::nullopt, "repro_nonzero_export");
}

TEST_CASE("add test: the category comes from the traceback pasted into the repro") {
  check_add_test(R"py(
import torch

def fn(a, b):
    return torch.addmm(b, a, a).relu()

torch.compile(fn)(torch.randn(4, 4), torch.randn(4))

"""
Traceback (most recent call last):
  File "repro.py", line 6, in <module>
    torch.compile(fn)(torch.randn(4, 4), torch.randn(4))
torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:
LoweringException: AssertionError: unexpected layout
  target: aten.addmm.default
"""
)py",
                 {"backend_compiler_failed", "test/inductor/test_torchinductor.py", "CommonTemplate",
                  {"        self.common(fn, (torch.randn(4, 4), torch.randn(4)))\n"}},
                 std::nullopt, "addmm_relu");
}

TEST_CASE("add test: AOTAutograd and Dynamo crashes go to their areas") {
  check_add_test(R"py(
import torch

def fn(x):
    return x.mul(2).sin()

x = torch.randn(3, requires_grad=True)
torch.compile(fn, backend="aot_eager")(x).sum().backward()
)py",
                 {"aot_autograd", "test/dynamo/test_aot_autograd.py", "AotAutogradFallbackTests",
                  {"torch.compile(fn, backend=\"aot_eager\")(x)"}},
                 Category::AotAutograd);
  check_add_test(R"py(
import torch

def fn(d):
    return d["a"] + 1

torch.compile(fn, backend="eager")({"a": torch.ones(1)})
)py",
                 {"dynamo_internal_error", "test/dynamo/test_repros.py", "ReproTests",
                  {"torch.compile(fn, backend=\"eager\")({\"a\": torch.ones(1)})"}});
}

TEST_CASE("add test: names stay unique in the class; bad input gets a clear error") {
  const std::string repro = "import torch\n\ndef fn(x):\n    return x.cumsum(0)\n\ntorch.compile(fn, fullgraph=True)(torch.ones(3))\n";
  TreePtr tree = parse_python(repro);
  Repro r = analyze_repro(repro, tree.get(), std::nullopt, "repro");
  std::string target = read(kWorkspace + "/test/dynamo/test_repros.py");
  for (const char* expected : {"test_cumsum_no_graph_break", "test_cumsum_no_graph_break_2"}) {
    const FileSummary s = summarize_python("test/dynamo/test_repros.py", target);
    WriteResult w = write_test(r, Category::GraphBreak, "test/dynamo/test_repros.py", target, s, "ReproTests");
    REQUIRE(w.test);
    CHECK(w.test->test_name == expected);
    target = w.test->new_text;
  }
  CHECK(py_compiles(target));
  // An empty workspace index: no target.
  WorkspaceIndex empty;
  auto plan = plan_add_test(empty, r, Category::GraphBreak, [](const std::string&) { return std::nullopt; });
  CHECK(plan.tests.empty());
  CHECK(plan.error.find("no test files") != std::string::npos);
  CHECK_FALSE(parse_category("not_a_category"));
  CHECK(parse_category("graph-break") == Category::GraphBreak);
}

TEST_CASE("unified diff: hunks with context, line numbers of both sides") {
  const std::string before = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
  const std::string after = "a\nNEW\nb\nc\nd\ne\nf\ng\nh\ni\nj\nTAIL\n";
  const std::string diff = unified_diff("x.py", before, after);
  CHECK(diff ==
        "--- a/x.py\n+++ b/x.py\n@@ -1,4 +1,5 @@\n a\n+NEW\n b\n c\n d\n@@ -8,3 +9,4 @@\n h\n i\n j\n+TAIL\n");
  CHECK(unified_diff("x.py", before, before).empty());
}
