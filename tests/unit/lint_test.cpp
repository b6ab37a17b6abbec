// PT2 lints: graph-break risks in compiled regions (true and false positives side by side),
// the fullgraph=True quick fix, debug prints left in compiler sources (against the HEAD text),
// and `# pt2bb: ignore[CODE]` suppressions with their quick fix, through the real pipeline.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "check/pipeline.h"
#include "lint/compiled_regions.h"
#include "lint/suppression.h"
#include "syntax/tree.h"

using namespace pt2bb;

namespace {

struct Lint {
  std::vector<Finding> findings;
  std::string text;
};

Lint run_lints(std::string_view text, std::string_view path = "model.py",
               std::optional<std::string_view> head = std::nullopt, Lang lang = Lang::En) {
  Lint out;
  out.text = std::string(text);
  auto tree = parse_python(out.text);
  LineIndex lines(out.text);
  FileContext ctx;
  ctx.path = path;
  ctx.text = out.text;
  ctx.tree = tree.get();
  ctx.lines = &lines;
  ctx.head_text = head;
  ctx.lang = lang;
  for (auto& f : run_file_analyzers(ctx))
    if (f.code != "syntax-error" && f.code.rfind("test-", 0) != 0) out.findings.push_back(std::move(f));
  return out;
}

// "line:column code" (1-based) of each lint finding, in order.
std::vector<std::string> check_lints(std::string_view text, std::string_view path = "model.py") {
  std::vector<std::string> out;
  for (const auto& f : run_lints(text, path).findings)
    out.push_back(std::to_string(f.range.start.line + 1) + ":" + std::to_string(f.range.start.column + 1) + " " + f.code);
  return out;
}

// Applies the edits of `fix` (all on the analyzed file) to `text`.
std::string apply(std::string text, const Fix& fix) {
  LineIndex lines(text);
  std::vector<std::pair<uint32_t, std::pair<uint32_t, std::string>>> edits;
  for (const auto& e : fix.edits) edits.push_back({lines.offset_at(e.range.start), {lines.offset_at(e.range.end), e.new_text}});
  std::sort(edits.rbegin(), edits.rend());
  for (const auto& [b, rest] : edits) text.replace(b, rest.first - b, rest.second);
  return text;
}

const Fix* fix_titled(const Finding& f, std::string_view prefix) {
  for (const auto& fix : f.fixes)
    if (fix.title.rfind(prefix, 0) == 0) return &fix;
  return nullptr;
}

struct Case {
  const char* name;
  const char* code;
  std::vector<std::string> expected;
};

}  // namespace

TEST_CASE("graph-break risks: true positives and the look-alikes that are fine") {
  const Case cases[] = {
      {".item() in a decorated function",
       "import torch\n@torch.compile\ndef f(x):\n    return x.sum().item() + 1\n", {"4:20 gb-item"}},
      {".item() outside any compiled region", "import torch\ndef f(x):\n    return x.sum().item()\n", {}},
      {".tolist() and .numpy() in torch.compile(fn)",
       "import torch\ndef f(x):\n    a = x.tolist()\n    b = x.cpu().numpy()\n    return a, b\ng = torch.compile(f)\n",
       {"3:11 gb-tolist", "4:17 gb-numpy"}},
      {"data-dependent if in a compiled forward",
       "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x\n        return -x\nm = torch.compile(M())\n",
       {"4:12 gb-tensor-cond"}},
      {"shape, None, dtype and training checks are fine",
       "import torch\nclass M(torch.nn.Module):\n    def forward(self, x, mask=None):\n"
       "        if x.shape[0] > 1 and x.dim() == 3:\n            x = x * 2\n        if mask is not None:\n            x = x + mask\n"
       "        if x.dtype == torch.float16 or self.training:\n            x = x.float()\n        if isinstance(x, tuple):\n            pass\n"
       "        while x.size(0) < 4:\n            x = torch.cat([x, x])\n        return x\nmodel = M()\nmodel = torch.compile(model)\n",
       {}},
      {"an int parameter compared is fine, a tensor built from it is not",
       "import torch\n@torch.compile(dynamic=True)\ndef f(x, n: int):\n    if n > 2:\n        x = x + 1\n    m = x > 0\n    if m.any():\n        x = x * 2\n    return x\n",
       {"7:8 gb-tensor-cond"}},
      {"string comparisons of method results are fine",
       "import torch\n@torch.compile\ndef f(x, act):\n    if act.lower() == 'relu':\n        return x.relu()\n    return x\n", {}},
      {"annotated tensor parameter in a while condition",
       "import torch\n@torch.compile\ndef f(x: torch.Tensor):\n    while x:\n        x = x - 1\n    return x\n", {"4:11 gb-tensor-cond"}},
      {"torch.any and allclose", "import torch\n@torch.compile\ndef f(x, y):\n    if torch.any(x < 0) or torch.allclose(x, y):\n        return y\n    return x\n",
       {"4:8 gb-tensor-cond"}},
      {"explicit break, debugger and print",
       "import pdb\nimport torch\nimport torch._dynamo as dynamo\n@torch.compile\ndef f(x):\n    dynamo.graph_break()\n    breakpoint()\n    pdb.set_trace()\n    print(x)\n    return x\n",
       {"6:5 gb-explicit", "7:5 gb-debugger", "8:5 gb-debugger", "9:5 gb-print"}},
      {"logging, subprocess and file I/O",
       "import logging, subprocess, torch\nlog = logging.getLogger(__name__)\n@torch.compile\ndef f(x):\n    log.info('x')\n    logging.warning('y')\n    subprocess.run(['ls'])\n    open('/tmp/x').read()\n    return x\n",
       {"5:5 gb-untraceable", "6:5 gb-untraceable", "7:5 gb-untraceable", "8:5 gb-untraceable"}},
      {"helpers called from a compiled function are compiled too",
       "import torch\ndef helper(x):\n    return x.item()\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return self.post(helper(x))\n"
       "    def post(self, y):\n        print(y)\n        return y\n    def unused(self, z):\n        return z.item()\ncompiled = torch.compile(M())\n",
       {"3:14 gb-item", "8:9 gb-print"}},
      {"code only run eagerly is skipped",
       "import torch\n@torch.compile\ndef f(x):\n    if not torch.compiler.is_compiling():\n        print('eager')\n    if torch.compiler.is_compiling():\n        pass\n    else:\n        x.item()\n    return x\n",
       {}},
      {"disabled functions are not regions",
       "import torch\n@torch.compiler.disable\ndef log_stats(x):\n    print(x.mean().item())\n@torch.compile\ndef f(x):\n    log_stats(x)\n    return x\n",
       {}},
      {"a nested function passed to torch.compile in a test",
       "import torch\nclass T:\n    def test_it(self):\n        def fn(x):\n            return x.tolist()\n        opt = torch.compile(fn, backend='eager')\n        opt(torch.ones(2))\n",
       {"5:22 gb-tolist"}},
      {"error messages are only built on failure",
       "import torch\n@torch.compile\ndef f(x):\n    assert x.dim() == 2, f'bad {x.shape} {x.tolist()}'\n    if x.shape[0] > 8:\n        raise ValueError(f'too big: {x.sum().item()}')\n    assert bool((x > 0).all()), 'negative'\n    return x\n",
       {}},
      {"builtin compile and re.compile are not torch.compile",
       "import re\ndef f(x):\n    print(x)\npat = re.compile(f)\ncode = compile('x', 'f', 'eval')\n", {}},
      {"from torch import compile; torch._dynamo.optimize",
       "import torch\nfrom torch import compile as tc\ndef f(x):\n    return x.item()\ndef g(x):\n    print(x)\nf2 = tc(f)\ng2 = torch._dynamo.optimize('inductor')(g)\n",
       {"4:14 gb-item", "6:5 gb-print"}},
      {"model.compile() on a module of this file",
       "import torch\nclass Net(torch.nn.Module):\n    def forward(self, x):\n        return x.numpy()\nnet = Net().cuda()\nnet.compile()\n",
       {"4:18 gb-numpy"}},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) { CHECK(check_lints(c.code) == c.expected); }
  }
}

TEST_CASE("graph-break risk messages, severities and the fullgraph=True fix") {
  auto lint = run_lints("import torch\n@torch.compile\ndef f(x):\n    return x.item()\n");
  REQUIRE(lint.findings.size() == 1);
  const Finding& f = lint.findings[0];
  CHECK(f.severity == Severity::Information);
  CHECK(f.message.find("`.item()` in `f`, which torch.compile compiles") == 0);
  const Fix* fix = fix_titled(f, "Compile with fullgraph=True");
  REQUIRE(fix);
  CHECK(apply(lint.text, *fix) == "import torch\n@torch.compile(fullgraph=True)\ndef f(x):\n    return x.item()\n");

  lint = run_lints("import torch\ndef f(x):\n    print(x)\ng = torch.compile(f, backend='eager')\n");
  REQUIRE(lint.findings.size() == 1);
  CHECK(lint.findings[0].severity == Severity::Hint);
  fix = fix_titled(lint.findings[0], "Compile with fullgraph=True");
  REQUIRE(fix);
  CHECK(apply(lint.text, *fix) == "import torch\ndef f(x):\n    print(x)\ng = torch.compile(f, backend='eager', fullgraph=True)\n");

  lint = run_lints("import torch\n@torch.compile()\ndef f(x):\n    print(x)\n");
  REQUIRE(lint.findings.size() == 1);
  CHECK(apply(lint.text, *fix_titled(lint.findings[0], "Compile with")) == "import torch\n@torch.compile(fullgraph=True)\ndef f(x):\n    print(x)\n");

  // Under fullgraph=True a break is a compile error: a warning, and no fullgraph fix.
  lint = run_lints("import torch\n@torch.compile(fullgraph=True)\ndef f(x):\n    return x.item()\n");
  REQUIRE(lint.findings.size() == 1);
  CHECK(lint.findings[0].severity == Severity::Warning);
  CHECK(lint.findings[0].message.find("With fullgraph=True this is a compile error") != std::string::npos);
  CHECK_FALSE(fix_titled(lint.findings[0], "Compile with"));

  // French.
  lint = run_lints("import torch\n@torch.compile\ndef f(x):\n    return x.item()\n", "m.py", std::nullopt, Lang::Fr);
  REQUIRE(lint.findings.size() == 1);
  CHECK(lint.findings[0].message.find("`.item()` dans `f`, que compile torch.compile") == 0);
  CHECK(fix_titled(lint.findings[0], "Compiler avec fullgraph=True"));
}

TEST_CASE("debug prints left in compiler sources, compared with git HEAD") {
  const char* head = "def f(x):\n    print('kept')\n    return x\n";
  const char* now =
      "def f(x):\n    print('kept')\n    print(\"DEBUG\", x)\n    if x:\n        print(x)\n    y = g(print(x))\n    return x\n";
  auto lint = run_lints(now, "torch/_dynamo/symbolic_convert.py", std::string_view(head));
  std::vector<std::string> got;
  for (const auto& f : lint.findings) got.push_back(std::to_string(f.range.start.line + 1) + " " + f.code);
  CHECK(got == std::vector<std::string>{"3 debug-print", "5 debug-print", "6 debug-print"});
  CHECK(lint.findings[0].severity == Severity::Warning);
  CHECK(lint.findings[0].message == "Temporary debug print( in a compiler source (not in git HEAD): remove before submitting.");
  // The fix deletes the line; alone in its block it becomes `pass`; inside an expression, no fix.
  const Fix* del = fix_titled(lint.findings[0], "Delete this debug print");
  REQUIRE(del);
  CHECK(apply(lint.text, *del).find("print(\"DEBUG\"") == std::string::npos);
  CHECK(apply(lint.text, *del).find("    print('kept')\n    if x:") != std::string::npos);
  CHECK(apply(lint.text, *fix_titled(lint.findings[1], "Delete")).find("    if x:\n        pass\n") != std::string::npos);
  CHECK_FALSE(fix_titled(lint.findings[2], "Delete"));
  // Not a compiler source, or no HEAD version: nothing.
  CHECK(run_lints(now, "tools/script.py", std::string_view(head)).findings.empty());
  CHECK(run_lints(now, "torch/_inductor/lowering.py", std::nullopt).findings.empty());
  // A second copy of an old print is new.
  auto twice = run_lints("def f(x):\n    print('kept')\n    print('kept')\n", "a/torch/_inductor/graph.py", std::string_view(head));
  REQUIRE(twice.findings.size() == 1);
  CHECK(twice.findings[0].range.start.line == 2);
}

TEST_CASE("# pt2bb: ignore[CODE] suppresses one code, and the quick fix writes it") {
  CHECK(line_suppresses("x.item()  # pt2bb: ignore[gb-item]", "gb-item"));
  CHECK(line_suppresses("x.item()  # pt2bb: ignore[gb-print, gb-item]", "gb-item"));
  CHECK(line_suppresses("x.item()  # pt2bb: ignore", "gb-item"));
  CHECK_FALSE(line_suppresses("x.item()  # pt2bb: ignore[gb-print]", "gb-item"));
  CHECK_FALSE(line_suppresses("s = 'pt2bb: ignore'", "gb-item"));

  const char* src = "import torch\n@torch.compile\ndef f(x):\n    print(x.item())\n";
  auto lint = run_lints(src);
  REQUIRE(lint.findings.size() == 2);
  const Fix* fix = fix_titled(lint.findings[1], "Suppress gb-item");
  REQUIRE(fix);
  const std::string once = apply(lint.text, *fix);
  CHECK(once == "import torch\n@torch.compile\ndef f(x):\n    print(x.item())  # pt2bb: ignore[gb-item]\n");
  lint = run_lints(once);
  REQUIRE(lint.findings.size() == 1);
  CHECK(lint.findings[0].code == "gb-print");
  const std::string twice = apply(lint.text, *fix_titled(lint.findings[0], "Suppress gb-print"));
  CHECK(twice == "import torch\n@torch.compile\ndef f(x):\n    print(x.item())  # pt2bb: ignore[gb-item, gb-print]\n");
  CHECK(run_lints(twice).findings.empty());
}

TEST_CASE("real-model-shaped fixtures: exactly the lines marked `# expect: CODE` are flagged") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures/lint";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".py") continue;
    ++files;
    std::ifstream in(entry.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    std::set<std::string> expected;
    std::istringstream lines(text);
    std::string line;
    for (int n = 1; std::getline(lines, line); ++n) {
      for (size_t at = line.find("# expect: "); at != std::string::npos; at = line.find("# expect: ", at + 1)) {
        const size_t b = at + 10;
        expected.insert(std::to_string(n) + " " + line.substr(b, line.find_first_of(" \t", b) - b));
      }
    }
    std::set<std::string> got;
    for (const auto& f : run_lints(text, entry.path().filename().string()).findings)
      got.insert(std::to_string(f.range.start.line + 1) + " " + f.code);
    auto join = [](const std::set<std::string>& v) {
      std::string s;
      for (const auto& x : v) s += x + "; ";
      return s;
    };
    INFO(entry.path().string());
    CHECK(join(got) == join(expected));
  }
  CHECK(files >= 3);
}
