#include "testing/repro.h"

#include <algorithm>
#include <set>

#include "syntax/tree.h"
#include "testing/test_summary.h"

namespace pt2bb {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool contains(std::string_view s, std::string_view p) { return s.find(p) != std::string_view::npos; }

std::string_view last_component(std::string_view dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

struct Replacement {
  uint32_t start, end;  // Bytes in the file.
  std::string text;
};

// The statement's full lines, dedented by the statement's own column: the text as it would
// read at module level. `replacements` (sorted, inside the statement) are applied first.
std::string dedented_lines(TSNode n, std::string_view text, const std::vector<Replacement>& replacements = {}) {
  const uint32_t start = ts_node_start_byte(n);
  const uint32_t col = ts_node_start_point(n).column;
  const uint32_t line_start = start >= col ? start - col : start;
  std::string raw(text.substr(line_start, ts_node_end_byte(n) - line_start));
  for (auto it = replacements.rbegin(); it != replacements.rend(); ++it)
    if (it->start >= line_start && it->end <= ts_node_end_byte(n))
      raw.replace(it->start - line_start, it->end - it->start, it->text);
  const std::string_view body = raw;
  std::string out;
  size_t pos = 0;
  while (pos <= body.size()) {
    size_t nl = body.find('\n', pos);
    if (nl == std::string_view::npos) nl = body.size();
    std::string_view line = body.substr(pos, nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    size_t strip = 0;
    while (strip < col && strip < line.size() && (line[strip] == ' ' || line[strip] == '\t')) ++strip;
    if (!out.empty() || pos > 0) out += '\n';
    out += line.substr(strip);
    pos = nl + 1;
  }
  return out;
}

// Torch APIs too common to say what a repro is about.
bool is_generic_api(std::string_view name) {
  static const std::set<std::string_view> generic = {
      "randn", "rand", "ones", "zeros", "tensor", "empty", "arange", "compile", "export", "manual_seed",
      "print", "range", "len", "Linear", "Module", "super", "__init__", "forward", "to", "cuda", "cpu",
      "item", "reset", "optimize", "allclose", "assert_close", "isinstance", "list", "dict", "tuple",
      "randint", "float", "int", "str", "device", "no_grad", "backward", "sum", "eval", "train", "requires_grad_",
      "CompileCounter", "is_available", "set_grad_enabled", "mark_dynamic", "main", "fn", "f", "func", "model",
      "clone", "detach", "size", "view", "shape", "dim", "numel", "contiguous", "append", "format"};
  return generic.count(name) > 0;
}

class ReproReader {
public:
  ReproReader(std::string_view text, std::optional<Range> selection, Repro& out)
      : text_(text), selection_(selection), out_(out) {}

  void run(TSNode root) {
    std::vector<TSNode> statements;
    flatten(root, statements);
    for (TSNode stmt : statements) {
      const std::string_view type = node_type(stmt);
      if (type == "import_statement" || type == "import_from_statement" || type == "future_import_statement") {
        if (type != "future_import_statement") out_.imports.push_back(dedented_lines(stmt, text_));
        continue;
      }
      if (selection_ && !overlaps(stmt)) continue;
      take(stmt);
    }
    scan(root);
    std::sort(ids_.begin(), ids_.end());
    ids_.erase(std::unique(ids_.begin(), ids_.end()), ids_.end());
    out_.identifiers = std::move(ids_);
    // In reading order: `F.gelu(x).cumsum(-1)` is about gelu first.
    std::sort(called_at_.begin(), called_at_.end());
    for (auto& [at, name] : called_at_)
      if (std::find(out_.called.begin(), out_.called.end(), name) == out_.called.end()) out_.called.push_back(name);
  }

private:
  bool overlaps(TSNode n) const {
    const TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
    const Point ns{s.row, s.column}, ne{e.row, e.column};
    return !(ne < selection_->start) && !(selection_->end < ns);
  }

  // Module statements, with the bodies of `if __name__ == "__main__":` and of a `main()` the
  // guard calls spliced in: repros often put their calls there.
  void flatten(TSNode block, std::vector<TSNode>& out) {
    const uint32_t n = ts_node_named_child_count(block);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode stmt = ts_node_named_child(block, i);
      const std::string_view type = node_type(stmt);
      if (type == "comment") continue;
      if (type == "if_statement") {
        const std::string_view cond = node_text(field(stmt, "condition"), text_);
        if (contains(cond, "__name__") && contains(cond, "__main__")) {
          TSNode body = field(stmt, "consequence");
          if (!ts_node_is_null(body)) flatten(body, out);
          continue;
        }
      }
      if (type == "function_definition" && node_text(field(stmt, "name"), text_) == "main") {
        main_body_ = field(stmt, "body");
        continue;
      }
      if (type == "expression_statement" && !ts_node_is_null(main_body_) &&
          node_text(stmt, text_).substr(0, 6) == "main()") {
        flatten(main_body_, out);
        continue;
      }
      out.push_back(stmt);
    }
  }

  // Classifies one statement: a compile or export site, a statement that calls the compiled
  // function, noise (print, assert), or setup kept in the test.
  void take(TSNode stmt) {
    const std::string_view type = node_type(stmt);
    if (type == "assert_statement") {
      find_compiled_calls(stmt);  // Still tells the inputs: `assert ... opt(x) ...`.
      return;
    }
    if (type == "decorated_definition") {
      take_decorated(stmt);
      return;
    }
    if (type == "expression_statement") {
      TSNode expr = ts_node_named_child(stmt, 0);
      TSNode value = expr;
      std::string target;
      if (node_type(expr) == "assignment") {
        target = std::string(node_text(field(expr, "left"), text_));
        value = field(expr, "right");
      }
      if (!ts_node_is_null(value) && node_type(value) == "call") {
        TSNode fn = field(value, "function");
        const std::string callee = squeeze(node_text(fn, text_));
        // opt = torch.compile(fn, ...)
        if (is_compile_callee(callee)) {
          read_compile_call(value);
          if (!target.empty()) compiled_var_ = target;
          out_.body.push_back({ReproStatement::Kind::CompileSite, ""});
          return;
        }
        // opt = torch._dynamo.optimize("inductor")(fn)
        if (node_type(fn) == "call" && ends_with_optimize(squeeze(node_text(field(fn, "function"), text_)))) {
          read_optimize(fn, value);
          if (!target.empty()) compiled_var_ = target;
          out_.body.push_back({ReproStatement::Kind::CompileSite, ""});
          return;
        }
        if (is_export_callee(callee)) {
          read_export_call(value);
          return;
        }
      }
    }
    // A statement that calls the compiled function (`out = opt(x)`, `print(opt(x))`, a loop of
    // calls, `torch.compile(fn)(x)`): kept with the callee replaced, so the writer can call its
    // own compiled function there.
    std::vector<Replacement> calls = find_compiled_calls(stmt);
    if (!calls.empty()) {
      if (type == "expression_statement" && is_print(ts_node_named_child(stmt, 0))) {
        out_.body.push_back({ReproStatement::Kind::Call, "\x01(" + first_call_args_ + ")"});
      } else {
        out_.body.push_back({ReproStatement::Kind::Call, dedented_lines(stmt, text_, calls)});
      }
      return;
    }
    if (type == "expression_statement" && is_print(ts_node_named_child(stmt, 0))) return;
    // Lines that only look at results are dropped once something was compiled: the test writes
    // its own assertion.
    if (!compiled_var_.empty() && uses_name(stmt, compiled_var_) && type != "function_definition" &&
        type != "class_definition")
      return;
    out_.body.push_back({ReproStatement::Kind::Setup, dedented_lines(stmt, text_)});
  }

  bool is_print(TSNode expr) const {
    if (ts_node_is_null(expr) || node_type(expr) != "call") return false;
    const std::string callee = squeeze(node_text(field(expr, "function"), text_));
    return callee == "print" || callee == "pprint";
  }

  // The calls of the compiled function inside `n`, as replacements of their callee by '\x01'.
  // An inline `torch.compile(fn, ...)(x)` counts too, and is read as the compile site.
  std::vector<Replacement> find_compiled_calls(TSNode n) {
    std::vector<Replacement> out;
    collect_compiled_calls(n, out);
    std::sort(out.begin(), out.end(), [](const Replacement& a, const Replacement& b) { return a.start < b.start; });
    return out;
  }

  void collect_compiled_calls(TSNode n, std::vector<Replacement>& out) {
    if (node_type(n) == "call") {
      TSNode fn = field(n, "function");
      bool hit = false;
      if (!compiled_var_.empty() && node_type(fn) == "identifier" && node_text(fn, text_) == compiled_var_) {
        hit = true;
      } else if (node_type(fn) == "call" && is_compile_callee(squeeze(node_text(field(fn, "function"), text_)))) {
        read_compile_call(fn);
        if (!saw_inline_compile_) out_.body.push_back({ReproStatement::Kind::CompileSite, ""});
        saw_inline_compile_ = true;
        hit = true;
      }
      if (hit) {
        out.push_back({ts_node_start_byte(fn), ts_node_end_byte(fn), "\x01"});
        if (first_call_args_.empty()) {
          first_call_args_ = args_text(n);
          record_call(first_call_args_);
        }
        TSNode args = field(n, "arguments");
        if (!ts_node_is_null(args)) collect_compiled_calls(args, out);
        return;
      }
    }
    const uint32_t c = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < c; ++i) collect_compiled_calls(ts_node_named_child(n, i), out);
  }

  // `@torch.compile(...)` on a def: keep the def undecorated and remember it as the target.
  void take_decorated(TSNode stmt) {
    TSNode def = field(stmt, "definition");
    std::string kept;
    const uint32_t n = ts_node_named_child_count(stmt);
    bool compiled = false;
    for (uint32_t i = 0; i < n; ++i) {
      TSNode d = ts_node_named_child(stmt, i);
      if (node_type(d) != "decorator") continue;
      TSNode expr = ts_node_named_child(d, 0);
      const std::string callee =
          squeeze(node_text(node_type(expr) == "call" ? field(expr, "function") : expr, text_));
      if (is_compile_callee(callee)) {
        if (node_type(expr) == "call") read_compile_call(expr);
        else out_.mode = CompileMode::TorchCompile;
        compiled = true;
        continue;
      }
      kept += dedented_lines(d, text_) + "\n";
    }
    kept += dedented_lines(def, text_);
    out_.body.push_back({ReproStatement::Kind::Setup, kept});
    if (compiled) {
      const std::string name(node_text(field(def, "name"), text_));
      out_.compiled = name;
      compiled_var_ = name;
      out_.body.push_back({ReproStatement::Kind::CompileSite, ""});
    }
  }

  static bool is_compile_callee(std::string_view callee) {
    return callee == "torch.compile" || callee == "compile";
  }
  static bool ends_with_optimize(std::string_view callee) {
    return callee == "torch._dynamo.optimize" || callee == "dynamo.optimize" || callee == "_dynamo.optimize";
  }
  static bool is_export_callee(std::string_view callee) {
    const std::string_view last = last_component(callee);
    return last == "export" || last == "export_for_training" || last == "_export";
  }

  void read_compile_call(TSNode call) {
    out_.mode = CompileMode::TorchCompile;
    TSNode args = field(call, "arguments");
    const uint32_t n = ts_node_named_child_count(args);
    std::string kwargs;
    for (uint32_t i = 0; i < n; ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (node_type(a) == "comment") continue;
      if (node_type(a) != "keyword_argument") {
        if (out_.compiled.empty()) out_.compiled = squeeze(node_text(a, text_));
        continue;
      }
      const std::string_view k = node_text(field(a, "name"), text_);
      const std::string_view v = node_text(field(a, "value"), text_);
      if (k == "backend") {
        out_.backend = std::string(v);
      } else if (k == "fullgraph") {
        out_.fullgraph = v == "True";
      } else {
        if (!kwargs.empty()) kwargs += ", ";
        kwargs += std::string(node_text(a, text_));
      }
    }
    out_.compile_kwargs = kwargs;
  }

  // torch._dynamo.optimize("inductor")(fn): the backend is the first argument of the inner call.
  void read_optimize(TSNode inner, TSNode outer) {
    out_.mode = CompileMode::TorchCompile;
    TSNode args = field(inner, "arguments");
    TSNode first = ts_node_named_child(args, 0);
    if (!ts_node_is_null(first) && node_type(first) != "keyword_argument") out_.backend = std::string(node_text(first, text_));
    TSNode fn = ts_node_named_child(field(outer, "arguments"), 0);
    if (!ts_node_is_null(fn)) out_.compiled = squeeze(node_text(fn, text_));
  }

  void read_export_call(TSNode call) {
    out_.mode = CompileMode::ExportStrict;
    TSNode args = field(call, "arguments");
    const uint32_t n = ts_node_named_child_count(args);
    int positional = 0;
    for (uint32_t i = 0; i < n; ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (node_type(a) == "comment") continue;
      if (node_type(a) == "keyword_argument") {
        const std::string_view k = node_text(field(a, "name"), text_);
        const std::string_view v = node_text(field(a, "value"), text_);
        if (k == "strict" && v == "False") out_.mode = CompileMode::ExportNonStrict;
        if (k == "args") out_.export_args = std::string(v);
        continue;
      }
      if (positional == 0) out_.compiled = std::string(node_text(a, text_));
      if (positional == 1) out_.export_args = std::string(node_text(a, text_));
      ++positional;
    }
  }

  std::string args_text(TSNode call) const {
    std::string_view a = node_text(field(call, "arguments"), text_);
    if (a.size() >= 2 && a.front() == '(' && a.back() == ')') a = a.substr(1, a.size() - 2);
    return std::string(a);
  }

  void record_call(std::string args) {
    if (out_.call_args.empty()) out_.call_args = std::move(args);
  }

  bool uses_name(TSNode n, std::string_view name) const {
    if (node_type(n) == "identifier" && node_text(n, text_) == name) return true;
    const uint32_t c = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < c; ++i)
      if (uses_name(ts_node_named_child(n, i), name)) return true;
    return false;
  }

  static std::string squeeze(std::string_view s) {
    std::string out;
    for (char c : s)
      if (c != ' ' && c != '\n' && c != '\t' && c != '\r' && c != '\\') out += c;
    return out;
  }

  // Names the repro calls and imports, for ranking and for the test's name.
  void scan(TSNode n) {
    const std::string_view type = node_type(n);
    if (type == "call") {
      TSNode fn = field(n, "function");
      std::string_view last;
      if (node_type(fn) == "identifier") last = node_text(fn, text_);
      else if (node_type(fn) == "attribute") last = node_text(field(fn, "attribute"), text_);
      if (!last.empty()) {
        ids_.push_back(identifier_hash(last));
        if (contains(last, "CompileCounter")) saw_counter_ = true;
        const std::string full = squeeze(node_text(fn, text_));
        const bool torch_api = starts_with(full, "torch.") || starts_with(full, "F.") || starts_with(full, "nn.") ||
                               (node_type(fn) == "attribute" && !starts_with(full, "self."));
        if (torch_api && !is_generic_api(last)) called_at_.emplace_back(ts_node_end_byte(fn), std::string(last));
        if (last == "allclose" || last == "assert_close" || last == "assertEqual" || last == "assert_allclose")
          saw_compare_ = true;
        if (last == "export" || last == "export_for_training" || last == "_export") saw_export_ = true;
        if (starts_with(last, "aot_function") || starts_with(last, "aot_module") || starts_with(last, "aot_export"))
          saw_aot_ = true;
      }
    } else if (type == "import_from_statement" || type == "import_statement") {
      const uint32_t c = ts_node_named_child_count(n);
      for (uint32_t i = 0; i < c; ++i) {
        TSNode name = ts_node_named_child(n, i);
        if (node_type(name) == "aliased_import") name = field(name, "name");
        ids_.push_back(identifier_hash(last_component(squeeze(node_text(name, text_)))));
      }
      return;
    } else if (type == "comment" || type == "string") {
      const std::string_view t = node_text(n, text_);
      if (contains(t, "recompil")) saw_recompile_word_ = true;
      if (contains(t, "graph break") || contains(t, "Graph break")) saw_graph_break_word_ = true;
    } else if (type == "assert_statement") {
      saw_compare_ = true;
    }
    const uint32_t c = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < c; ++i) scan(ts_node_named_child(n, i));
  }

public:
  void infer_category() {
    if (out_.mode == CompileMode::ExportStrict || out_.mode == CompileMode::ExportNonStrict || saw_export_) {
      out_.inferred = Category::Export;
    } else if (saw_aot_) {
      out_.mode = out_.mode == CompileMode::None ? CompileMode::AotAutograd : out_.mode;
      out_.inferred = Category::AotAutograd;
    } else if (saw_counter_ || saw_recompile_word_) {
      out_.inferred = Category::Recompilation;
    } else if (out_.fullgraph || saw_graph_break_word_) {
      out_.inferred = Category::GraphBreak;
    } else if (saw_compare_) {
      out_.inferred = Category::Accuracy;
    } else if (out_.backend == "\"eager\"" || out_.backend == "'eager'") {
      out_.inferred = Category::DynamoInternalError;
    } else {
      out_.inferred = Category::BackendCompilerFailed;
    }
  }

private:
  std::string_view text_;
  std::optional<Range> selection_;
  Repro& out_;
  std::vector<uint64_t> ids_;
  std::string compiled_var_;
  std::string first_call_args_;
  bool saw_inline_compile_ = false;
  std::vector<std::pair<uint32_t, std::string>> called_at_;  // (where the name ends, name)
  TSNode main_body_{};
  bool saw_counter_ = false, saw_recompile_word_ = false, saw_graph_break_word_ = false;
  bool saw_compare_ = false, saw_aot_ = false, saw_export_ = false;
};

// A test-name word from a file name: "repro_sdpa_mask.py" -> "sdpa_mask"; generic names give "".
std::string topic_from_stem(std::string_view stem) {
  std::string s(stem);
  for (std::string_view p : {"repro_", "repro-", "test_", "bug_", "issue_"})
    if (starts_with(s, p)) s = s.substr(p.size());
  std::string out;
  for (char c : s) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out += c;
    else if (c >= 'A' && c <= 'Z') out += static_cast<char>(c - 'A' + 'a');
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  // The test name says the category already: "cumsum_graph_break" -> "cumsum".
  for (std::string_view word : {"_graph_break", "_graph_breaks", "_recompiles", "_recompile", "_recompilation",
                                "_accuracy", "_crash", "_export", "_repro", "_bug"}) {
    if (out.size() > word.size() && out.compare(out.size() - word.size(), word.size(), word) == 0)
      out.resize(out.size() - word.size());
  }
  static const std::set<std::string> generic = {"", "repro", "main", "test", "bug", "script", "example", "untitled",
                                                "minifier_launcher", "minified", "tmp", "a", "x"};
  if (generic.count(out) || (out[0] >= '0' && out[0] <= '9')) return "";
  return out.substr(0, 40);
}

}  // namespace

Repro analyze_repro(std::string_view text, const TSTree* tree, std::optional<Range> selection,
                    std::string_view file_stem) {
  Repro out;
  if (!tree) return out;
  TSNode root = ts_tree_root_node(tree);
  out.has_syntax_errors = ts_node_has_error(root);
  ReproReader reader(text, selection, out);
  reader.run(root);
  reader.infer_category();
  out.topic = topic_from_stem(file_stem);
  if (out.topic.empty() && !out.called.empty()) {
    for (char c : out.called.front()) out.topic += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

}  // namespace pt2bb
