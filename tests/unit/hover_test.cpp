// Hover notes: every kind of target (key files, exceptions, config knobs, functions, env vars,
// TORCH_LOGS values, compile modes, GB ids, diagnostic codes), found through imports and aliases,
// in strings and comments, in English and French; unknown targets give nothing. Also the
// embedded knowledge files load and validate, and `explain` finds the same notes by name.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "hover/hover.h"
#include "knowledge/embedded.h"
#include "syntax/tree.h"

using namespace pt2bb;

namespace {

const GraphBreakRegistry& test_registry() {
  static const GraphBreakRegistry reg = [] {
    std::ifstream in(std::string(PT2BB_SHARED_DIR) + "/data/graph_break_registry.json");
    std::stringstream ss;
    ss << in.rdbuf();
    auto r = GraphBreakRegistry::parse(ss.str());
    REQUIRE(r);
    return *r;
  }();
  return reg;
}

// A fixture with `$0` at the cursor and, optionally, `[[...]]` around the expected hover range.
struct Fixture {
  std::string text;
  Point cursor;
  std::optional<Range> range;
};

Point point_of(const std::string& text, size_t off) {
  Point p;
  for (size_t i = 0; i < off; ++i) {
    if (text[i] == '\n') ++p.line, p.column = 0;
    else ++p.column;
  }
  return p;
}

Fixture parse_fixture(std::string_view src) {
  Fixture f;
  size_t cursor = std::string::npos, open = std::string::npos, close = std::string::npos;
  for (size_t i = 0; i < src.size(); ++i) {
    if (src.substr(i, 2) == "$0") cursor = f.text.size(), ++i;
    else if (src.substr(i, 2) == "[[") open = f.text.size(), ++i;
    else if (src.substr(i, 2) == "]]") close = f.text.size(), ++i;
    else f.text += src[i];
  }
  REQUIRE(cursor != std::string::npos);
  f.cursor = point_of(f.text, cursor);
  if (open != std::string::npos) f.range = Range{point_of(f.text, open), point_of(f.text, close)};
  return f;
}

// Hovers the `$0` of `src` in a file at `path`; returns the note's first plain-text line (its
// title), or "" when there is no note. Checks the range when the fixture marks one.
std::string check_hover(std::string_view src, std::string_view path = "model.py", Lang lang = Lang::En,
                        std::string* plaintext = nullptr) {
  Fixture f = parse_fixture(src);
  auto tree = parse_python(f.text);
  HoverContext ctx{path, f.text, tree.get(), &HoverKnowledge::embedded(), &test_registry(), lang};
  auto note = hover_at(ctx, f.cursor);
  if (!note) return "";
  if (f.range) {
    REQUIRE(note->range);
    CHECK(note->range->start == f.range->start);
    CHECK(note->range->end == f.range->end);
  }
  if (plaintext) *plaintext = note->plaintext;
  return note->plaintext.substr(0, note->plaintext.find('\n'));
}

struct Case {
  const char* name;
  const char* code;
  const char* title;  // First line of the note; "" for no note.
  const char* path = "model.py";
};

}  // namespace

TEST_CASE("the embedded knowledge files load and validate") {
  INFO(HoverKnowledge::embedded_error());
  CHECK(HoverKnowledge::embedded_error().empty());
  const auto& k = HoverKnowledge::embedded();
  CHECK(k.notes().size() > 100);
  // The defaults the issue names, checked against PyTorch's config files.
  CHECK(k.find(NoteKind::Config, "torch._dynamo.config.recompile_limit")->default_value == "8");
  CHECK(k.find(NoteKind::Config, "torch._dynamo.config.cache_size_limit")->default_value == "8");
  CHECK(k.find(NoteKind::Config, "torch._dynamo.config.fail_on_recompile_limit_hit")->default_value == "False");
  CHECK(k.find(NoteKind::Config, "torch._dynamo.config.repro_tolerance")->default_value == "1e-3");
  CHECK(k.find(NoteKind::Config, "torch._inductor.config.triton.debug_sync_kernel")->default_value == "False");
  // Every note carries both languages.
  for (const auto& n : k.notes()) {
    INFO(n.key);
    CHECK_FALSE(n.en.summary.empty());
    CHECK_FALSE(n.fr.summary.empty());
    CHECK(n.en.summary != n.fr.summary);
  }
}

TEST_CASE("bad knowledge files are rejected with the file and the entry named") {
  auto load = [](std::string_view json) {
    std::string err;
    const EmbeddedFile files[] = {{"hover_bad.json", json}};
    auto k = HoverKnowledge::load(files, &err);
    CHECK_FALSE(k);
    return err;
  };
  CHECK(load("{") == "hover_bad.json: not valid JSON");
  CHECK(load(R"({"version": 2})") == "hover_bad.json: \"version\" must be 1");
  CHECK(load(R"({"version": 1, "notes": [{"kind": "config", "key": "a.b", "en": {"title": "t", "summary": "s"}, "fr": {"title": "t", "summary": "s"}}]})") ==
        "hover_bad.json: notes[0] (a.b): a config note needs its default");
  CHECK(load(R"({"version": 1, "notes": [{"kind": "env", "key": "X", "en": {"title": "t", "summary": "s"}}]})") ==
        "hover_bad.json: notes[0] (X): missing fr text");
  CHECK(load(R"({"version": 1, "notes": [{"kind": "weird", "key": "X"}]})") == "hover_bad.json: notes[0] (X): unknown kind \"weird\"");
  // Merged with valid files, a duplicate key is caught across files.
  std::string err;
  std::vector<EmbeddedFile> files(embedded_knowledge_files().begin(), embedded_knowledge_files().end());
  files.push_back({"hover_dup.json", R"({"version": 1, "notes": [{"kind": "env", "key": "TORCH_LOGS", "en": {"title": "t", "summary": "s"}, "fr": {"title": "t", "summary": "s"}}]})"});
  CHECK_FALSE(HoverKnowledge::load(files, &err));
  CHECK(err == "hover_dup.json: notes[0] (TORCH_LOGS): \"TORCH_LOGS\" is already the key or alias of another env note");
}

TEST_CASE("hover finds notes through imports, aliases, strings and comments") {
  const Case cases[] = {
      // Config knobs, through every import style.
      {"import alias", "import torch._dynamo as dynamo\ndynamo.config.[[recompile$0_limit]] = 16\n",
       "How many times one function may be compiled"},
      {"from import", "from torch._dynamo import config\nconfig.[[fail_on_recompile_limit_hit$0]] = True\n",
       "Make hitting the recompile limit a hard error"},
      {"from import as", "from torch._dynamo import config as dc\nx = dc.[[repro_$0tolerance]]\n",
       "Tolerance of the accuracy minifier"},
      {"module alias", "import torch._dynamo.config as dcfg\ndcfg.[[cache_size_$0limit]] = 4\n",
       "How many times one function may be compiled"},
      {"plain torch", "import torch\ntorch._inductor.config.triton.[[debug_sync_$0kernel]] = True\n",
       "Synchronize after every kernel"},
      {"export config", "import torch\ntorch._export.config.[[use_new_tracer_$0experimental]]\n",
       "Which Dynamo capture torch.export uses"},
      {"config.patch keyword", "import torch\n@torch._dynamo.config.patch([[capture_scalar$0_outputs]]=True)\ndef f(): pass\n",
       "Trace .item() into the graph"},
      // Exceptions.
      {"from exc import", "from torch._dynamo.exc import Unsupported\ntry:\n    pass\nexcept [[Unsup$0ported]]:\n    pass\n",
       "Dynamo cannot trace this code (a graph break)"},
      {"import line name", "from torch._dynamo.exc import [[Backend$0CompilerFailed]]\n", "The backend compiler failed"},
      {"inductor exc", "import torch._inductor.exc as iexc\nraise iexc.[[Inductor$0Error]]\n", "Inductor failed while compiling"},
      {"relative import in torch", "import os\nfrom ..exc import [[Unsup$0ported]]\n", "Dynamo cannot trace this code (a graph break)",
       "torch/_dynamo/variables/misc.py"},
      // Functions.
      {"mark_dynamic", "import torch\ntorch._dynamo.[[mark_$0dynamic]](x, 0)\n", "Declare a dimension dynamic before compiling"},
      {"allow_in_graph alias", "from torch.compiler import allow_in_graph\n[[allow_in$0_graph]](f)\n", "Keep a function as one opaque node"},
      {"is_exporting", "import torch\nif torch.compiler.[[is_export$0ing]]():\n    pass\n", "True while torch.export traces"},
      {"same_two_models", "from torch._dynamo.debug_utils import same_two_models\n[[same_two$0_models]](a, b, c)\n",
       "Compare a compiled model with eager"},
      {"explain", "import torch._dynamo\ntorch._dynamo.[[exp$0lain]](f)(x)\n", "Count and explain graph breaks"},
      {"_compiling_state_context", "from torch._export.utils import _compiling_state_context\nwith [[_compiling_$0state_context]]():\n    pass\n",
       "The context torch.export traces in"},
      // Compile modes.
      {"torch.compile", "import torch\n@torch.[[com$0pile]](fullgraph=True)\ndef f(x): return x\n", "torch.compile: Dynamo + Inductor"},
      {"export strict", "import torch\nep = torch.export.[[ex$0port]](m, args, strict=True)\n", "torch.export, strict mode (strict=True)"},
      {"export default", "from torch.export import export\nep = [[ex$0port]](m, args)\n",
       "torch.export, non-strict mode (the default in recent releases)"},
      {"export strict keyword", "import torch\nep = torch.export.export(m, args, [[str$0ict]]=False)\n",
       "torch.export, non-strict mode (the default in recent releases)"},
      // Key modules imported from elsewhere.
      {"import key module", "import torch._dynamo.[[symbolic_$0convert]]\n", "Dynamo's bytecode interpreter"},
      {"from import key module", "from torch._inductor import [[low$0ering]]\n", "Inductor's lowerings"},
      {"from key module import", "from torch._inductor.[[sched$0uler]] import Scheduler\n", "Inductor's scheduler"},
      {"variables folder", "from torch._dynamo.[[vari$0ables]] import TensorVariable\n", "Dynamo's variable trackers"},
      // Environment variables and TORCH_LOGS values in strings.
      {"os.environ", "import os\nos.environ[\"[[TORCH_COMPILE$0_DEBUG]]\"] = \"1\"\n", "Dump every compilation artifact"},
      {"getenv", "import os\nos.getenv('[[CUDA_LAUNCH$0_BLOCKING]]')\n", "Make CUDA kernel launches synchronous"},
      {"TORCH_LOGS value", "import os\nos.environ[\"TORCH_LOGS\"] = \"+dynamo,[[graph_$0breaks]],recompiles\"\n", "Every graph break"},
      {"TORCH_LOGS plus", "import os\nos.environ[\"TORCH_LOGS\"] = \"[[+dyn$0amo]],graph_breaks\"\n", "Dynamo's log"},
      {"TORCH_LOGS setenv", "monkeypatch.setenv(\"TORCH_LOGS\", \"[[recompiles$0_verbose]]\")\n", "Every failing guard of each recompile"},
      {"TORCH_LOGS in a command", "cmd = 'TORCH_LOGS=\"[[output$0_code]],schedule\" python x.py'\n", "The generated code"},
      {"TORCH_LOGS dict", "env = {\"TORCH_LOGS\": \"[[gua$0rds]]\"}\n", "The guards of each compiled graph"},
      {"env var in comment", "# run with [[TORCHDYNAMO_REPRO$0_AFTER]]=aot\n", "Turn on the minifier"},
      {"TORCH_LOGS value in comment", "# TORCH_LOGS=\"+dynamo,[[recomp$0iles]]\" python x.py\n", "Why each recompile happened"},
      {"dotted name in comment", "# see [[torch._dynamo.config.recompile_lim$0it]].\n", "How many times one function may be compiled"},
      {"path in string", "p = \"[[torch/_inductor/codegen/triton$0.py]]\"\n", "Triton code generation"},
      // GB ids anywhere.
      {"GB id in comment", "# broke with [[GB00$025]] again\n", "Call to torch._dynamo.graph_break()"},
      {"GB id in string", "msg = \"[[GB01$024]]\"\n", "Unsupported Tensor.item() call with capture_scalar_outputs=False"},
      {"unknown GB id", "# [[GB99$099]]\n", "GB9999"},
      // Diagnostic codes.
      {"ignore comment", "x.item()  # pt2bb: ignore[ [[gb-it$0em]]]\n", ".item() in a compiled region"},
      {"ignore second code", "x.item()  # pt2bb: ignore[gb-print, [[debug-$0print]]]\n", "Debug print left in a compiler source"},
      // Key files: first line and module docstring, by path.
      {"first line of key file", "[[# mypy: allow-untyped$0-defs]]\nimport os\n", "Dynamo's bytecode interpreter",
       "torch/_dynamo/symbolic_convert.py"},
      {"module docstring", "[[\"\"\"The sched$0uler.\"\"\"]]\nimport os\n", "Inductor's scheduler", "/src/pytorch/torch/_inductor/scheduler.py"},
      {"file in variables folder", "[[\"\"\"Builtins$0.\"\"\"]]\n", "Dynamo's variable trackers", "torch/_dynamo/variables/builtin.py"},
      // Nothing to say.
      {"unknown attribute", "import torch\ntorch.nn.Lin$0ear(3, 3)\n", ""},
      {"local variable", "x = 1\nprint(x$0)\n", ""},
      {"unknown env var", "os.environ['HO$0ME']\n", ""},
      {"second line of key file", "import os\nx = 1$0\n", "", "torch/_dynamo/symbolic_convert.py"},
      {"first line of other file", "# hel$0lo\n", ""},
      {"TORCH_LOGS word elsewhere", "x = \"graph_$0breaks\"\n", ""},
      {"shadowed config", "config = {}\nconfig.recompile$0_limit\n", ""},
  };
  for (const auto& c : cases) {
    SUBCASE(c.name) { CHECK(check_hover(c.code, c.path) == std::string(c.title)); }
  }
}

TEST_CASE("hover speaks French when the session does") {
  std::string text;
  CHECK(check_hover("import torch\ntorch._dynamo.config.recompile$0_limit\n", "m.py", Lang::Fr, &text) ==
        "Combien de fois une fonction peut être compilée");
  CHECK(text.find("Défaut: 8") != std::string::npos);
  CHECK(text.find("Catégories de défaillance: Recompilations") != std::string::npos);
  CHECK(check_hover("# GB00$025\n", "m.py", Lang::Fr, &text) == "Call to torch._dynamo.graph_break()");
  CHECK(text.find("Pistes:") != std::string::npos);
  CHECK(check_hover("os.environ['CUDA_LAUNCH$0_BLOCKING']\n", "m.py", Lang::Fr) ==
        "Rendre synchrones les lancements de noyaux CUDA");
}

TEST_CASE("a note shows its default, categories, logs and registry links") {
  std::string text;
  check_hover("import torch\ntorch._dynamo.config.recompile$0_limit\n", "m.py", Lang::En, &text);
  CHECK(text.find("Config knob: torch._dynamo.config.recompile_limit") != std::string::npos);
  CHECK(text.find("Default: 8") != std::string::npos);
  CHECK(text.find("Failure categories: Recompilations") != std::string::npos);
  CHECK(text.find("Logs that show it: TORCH_LOGS=\"recompiles\"") != std::string::npos);
  check_hover("# GB00$025\n", "m.py", Lang::En, &text);
  CHECK(text.find("Explanation: User-inserted graph break.") != std::string::npos);
  CHECK(text.find("https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0025.html") != std::string::npos);
  // A lint code's note links its graph-break id, found by type in the user's registry.
  auto note = code_note("gb-item", HoverKnowledge::embedded(), &test_registry(), Lang::En);
  REQUIRE(note);
  CHECK(note->plaintext.find("GB0124 (Unsupported Tensor.item() call") != std::string::npos);
}

TEST_CASE("explain finds the same notes by name") {
  auto title = [](std::string_view topic) {
    auto n = explain_topic(topic, HoverKnowledge::embedded(), &test_registry(), Lang::En);
    return n ? n->plaintext.substr(0, n->plaintext.find('\n')) : std::string();
  };
  CHECK(title("torch._dynamo.config.recompile_limit") == "How many times one function may be compiled");
  CHECK(title("TORCHDYNAMO_VERBOSE") == "Keep Dynamo's internal stack traces");
  CHECK(title("gb0025") == "Call to torch._dynamo.graph_break()");
  CHECK(title("gb-tensor-cond") == "Python branch on a tensor value");
  CHECK(title("+dynamo") == "Dynamo's log");
  CHECK(title("TORCH_LOGS=graph_breaks") == "Every graph break");
  CHECK(title("/home/me/pytorch/torch/_dynamo/guards.py:1200") == "Guard generation");
  CHECK(title("torch/_dynamo/variables/builtin.py") == "Dynamo's variable trackers");
  CHECK(title("torch._inductor.lowering") == "Inductor's lowerings");
  CHECK(title("torch.export.export") == "torch.export, non-strict mode (the default in recent releases)");
  CHECK(title("torch.nn.Linear") == "");
  CHECK(title("") == "");
}
