#include "testing/test_writer.h"
#include "core/text_lines.h"

#include <algorithm>
#include <functional>
#include <set>

#include "syntax/tree.h"

namespace pt2bb {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// Byte offset of the start of `line` (the end of the text past the last line).
size_t line_offset(std::string_view text, uint32_t line) {
  size_t pos = 0;
  for (uint32_t i = 0; i < line; ++i) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) return text.size();
    pos = nl + 1;
  }
  return pos;
}

Point point_of_offset(std::string_view text, size_t offset) {
  Point p;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 0;
    } else {
      ++p.column;
    }
  }
  return p;
}

size_t offset_of_point(std::string_view text, Point p) {
  const size_t start = line_offset(text, p.line);
  size_t end = text.find('\n', start);
  if (end == std::string_view::npos) end = text.size();
  return std::min(start + p.column, end);
}

// Indents every non-empty line of `block` (lines at column 0) with `indent`.
std::string indent_block(std::string_view block, std::string_view indent) {
  std::string out;
  for (std::string_view line : split_lines(block)) {
    if (!line.empty()) {
      out += indent;
      out += line;
    }
    out += '\n';
  }
  return out;
}

// "x" -> "(x,)", "x, y" -> "(x, y)": a tuple of call arguments for self.common.
std::string as_tuple(std::string_view args) {
  int depth = 0;
  bool top_comma = false;
  for (char c : args) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == ',' && depth == 0) top_comma = true;
  }
  std::string a(args);
  while (!a.empty() && (a.back() == ' ' || a.back() == '\n')) a.pop_back();
  if (a.empty()) return "()";
  return top_comma ? "(" + a + ")" : "(" + a + ",)";
}

bool is_identifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

std::string squeeze(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != '\n' && c != '\\' && c != '(' && c != ')') out += c;
  return out;
}

std::vector<std::string> split_names(std::string_view list) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    if (comma == std::string_view::npos) comma = list.size();
    std::string_view item = list.substr(pos, comma - pos);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) out.emplace_back(item);
    pos = comma + 1;
  }
  return out;
}

// The import lines of the repro that the target does not already have.
std::vector<std::string> missing_imports(const std::vector<std::string>& imports, const FileSummary& target) {
  std::vector<std::string> out;
  for (const std::string& raw : imports) {
    const std::string imp = squeeze(raw);
    if (starts_with(imp, "import ")) {
      for (const std::string& item : split_names(std::string_view(imp).substr(7))) {
        const size_t as = item.find(" as ");
        const std::string module = item.substr(0, as);
        const std::string alias = as == std::string::npos ? "" : item.substr(as + 4);
        const bool have = alias.empty() ? target.imports_module(module) : target.imports_name(alias);
        if (!have) out.push_back("import " + item);
      }
    } else if (starts_with(imp, "from ")) {
      const size_t imp_at = imp.find(" import ");
      if (imp_at == std::string::npos) continue;
      const std::string module = imp.substr(5, imp_at - 5);
      std::vector<std::string> missing;
      for (const std::string& item : split_names(std::string_view(imp).substr(imp_at + 8))) {
        const size_t as = item.find(" as ");
        const std::string bound = as == std::string::npos ? item : item.substr(as + 4);
        if (item == "*" || !target.imports_name(bound)) missing.push_back(item);
      }
      if (missing.empty()) continue;
      std::string line = "from " + module + " import ";
      for (size_t i = 0; i < missing.size(); ++i) line += (i ? ", " : "") + missing[i];
      out.push_back(line);
    }
  }
  // The same line from two repro imports once only.
  std::vector<std::string> unique;
  for (auto& l : out)
    if (std::find(unique.begin(), unique.end(), l) == unique.end()) unique.push_back(std::move(l));
  return unique;
}

std::string backend_for(const Repro& repro, Category category) {
  if (!repro.backend.empty()) return repro.backend;
  switch (category) {
    case Category::GraphBreak:
    case Category::DynamoInternalError:
    case Category::Recompilation: return "\"eager\"";
    case Category::AotAutograd: return "\"aot_eager\"";
    default: return "\"inductor\"";
  }
}

std::string name_suffix(Category category) {
  switch (category) {
    case Category::Accuracy: return "matches_eager";
    case Category::GraphBreak: return "no_graph_break";
    case Category::Recompilation: return "no_recompile";
    case Category::Export: return "export";
    case Category::TritonKernelFailure: return "triton_kernel";
    case Category::RuntimeCrash: return "runs";
    case Category::DynamoInternalError: return "dynamo";
    case Category::AotAutograd: return "aot_autograd";
    default: return "compiles";
  }
}

struct Body {
  std::vector<std::string> lines;  // Relative to the method body.
  // A blank line after each multi-line statement (a def, a class), as PyTorch's tests read.
  void add(std::string_view block) {
    const auto split = split_lines(block);
    if (split.size() > 1 && !lines.empty() && !lines.back().empty()) lines.emplace_back();
    for (std::string_view l : split) lines.emplace_back(l);
    if (split.size() > 1) lines.emplace_back();
  }
};

}  // namespace

std::string apply_edits(std::string_view text, std::vector<TextEdit> edits) {
  std::stable_sort(edits.begin(), edits.end(),
                   [](const TextEdit& a, const TextEdit& b) { return b.range.start < a.range.start; });
  std::string out(text);
  for (const auto& e : edits) {
    const size_t s = offset_of_point(out, e.range.start);
    const size_t en = std::max(s, offset_of_point(out, e.range.end));
    out.replace(s, en - s, e.new_text);
  }
  return out;
}

TextEdit method_insertion(std::string_view target_path, std::string_view target_text, const TestClass& cls,
                          std::string_view method) {
  const uint32_t after = cls.tests.empty() ? cls.body_end_line : cls.tests.back().range.end.line;
  std::string indent = cls.body_indent.empty() ? std::string(cls.range.start.column + 4, ' ') : cls.body_indent;
  TextEdit e;
  e.path = std::string(target_path);
  std::string block = "\n" + indent_block(method, indent);
  const size_t off = line_offset(target_text, after + 1);
  if (off >= target_text.size() && !target_text.empty() && target_text.back() != '\n') block = "\n" + block;
  e.range.start = e.range.end = point_of_offset(target_text, off);
  e.new_text = std::move(block);
  return e;
}

WriteResult write_test(const Repro& repro, Category category, std::string_view target_path,
                       std::string_view target_text, const FileSummary& target, std::string_view class_name) {
  WriteResult result;
  const TestClass* cls = target.find_class(class_name);
  if (!cls) {
    result.error = "class " + std::string(class_name) + " not found in " + std::string(target_path);
    return result;
  }
  bool has_code = false;
  for (const auto& s : repro.body) has_code = has_code || !s.text.empty();
  if (!has_code && repro.compiled.empty()) {
    result.error = "the repro has no code to put in a test";
    return result;
  }
  // The unit of indentation of the file: the class body's indent beyond the class's own column.
  const size_t class_col = cls->range.start.column;
  const size_t unit = cls->body_indent.size() > class_col ? cls->body_indent.size() - class_col : 4;
  const std::string method_indent = cls->body_indent.empty() ? std::string(class_col + unit, ' ') : cls->body_indent;

  std::vector<std::string> extra_imports;
  auto need_module = [&](const std::string& module) {
    if (!target.imports_module(module)) extra_imports.push_back("import " + module);
  };

  const bool template_class = class_name == "CommonTemplate";
  const std::string fn = repro.compiled;
  const std::string args = repro.call_args;
  const std::string backend = backend_for(repro, category);
  const std::string kwargs = repro.compile_kwargs.empty() ? "" : ", " + repro.compile_kwargs;
  const Assertion assertion = repro.mode == CompileMode::ExportStrict || repro.mode == CompileMode::ExportNonStrict
                                  ? Assertion::Export
                                  : assertion_for(category);

  Body body;
  // The repro's statements in order. Calls of the compiled function go to `caller` (dropped when
  // empty: the assertion makes its own call); `at_compile` runs where the repro compiled.
  auto setup = [&](const std::string& caller, const std::function<void()>& at_compile = {}) {
    bool compiled = false;
    for (const auto& s : repro.body) {
      switch (s.kind) {
        case ReproStatement::Kind::Setup: body.add(s.text); break;
        case ReproStatement::Kind::Call:
          if (!caller.empty()) {
            std::string t = s.text;
            for (size_t p = t.find('\x01'); p != std::string::npos; p = t.find('\x01', p + caller.size()))
              t.replace(p, 1, caller);
            body.add(t);
          }
          break;
        case ReproStatement::Kind::CompileSite:
          if (at_compile && !compiled) at_compile();
          compiled = true;
          break;
      }
    }
    if (at_compile && !compiled) at_compile();
  };

  if (fn.empty()) {
    // Nothing compiled that we could see: the repro's own code is the test; it fails while the
    // bug is there.
    setup("");
  } else if (template_class && assertion != Assertion::Export && assertion != Assertion::FrameCount) {
    setup("");
    body.add("self.common(" + fn + ", " + as_tuple(args) + ")");
  } else {
    switch (assertion) {
      case Assertion::CompareWithEager:
        setup("");
        body.add("expected = " + fn + "(" + args + ")");
        body.add("actual = torch.compile(" + fn + ", backend=" + backend + kwargs + ")(" + args + ")");
        body.add("self.assertEqual(actual, expected)");
        break;
      case Assertion::Fullgraph:
        setup("");
        body.add("# fullgraph=True turns a graph break into an error.");
        body.add("torch.compile(" + fn + ", backend=" + backend + ", fullgraph=True" + kwargs + ")(" + args + ")");
        break;
      case Assertion::FrameCount: {
        std::string counter;
        if (target.imports_name("CompileCounter")) {
          counter = "CompileCounter()";
        } else {
          need_module("torch._dynamo.testing");
          counter = "torch._dynamo.testing.CompileCounter()";
        }
        setup("opt_fn", [&] {
          body.add("cnt = " + counter);
          body.add("opt_fn = torch.compile(" + fn + ", backend=cnt" + kwargs + ")");
        });
        bool called = false;
        for (const auto& s : repro.body) called = called || s.kind == ReproStatement::Kind::Call;
        if (!called) body.add("opt_fn(" + args + ")");
        body.add("self.assertEqual(cnt.frame_count, 1)");
        break;
      }
      case Assertion::CallCompiled:
        setup("");
        body.add("torch.compile(" + fn + ", backend=" + backend + kwargs + ")(" + args + ")");
        break;
      case Assertion::Export: {
        setup("");
        std::string mod = fn;
        if (!is_identifier(fn)) {
          body.add("mod = " + fn);
          mod = "mod";
        }
        std::string inputs = repro.export_args.empty() ? as_tuple(args) : repro.export_args;
        body.add("inputs = " + inputs);
        const std::string exporter = target.imports_name("export") ? "export" : "torch.export.export";
        const std::string strict = repro.mode == CompileMode::ExportNonStrict ? ", strict=False" : "";
        body.add("ep = " + exporter + "(" + mod + ", inputs" + strict + ")");
        body.add("self.assertEqual(ep.module()(*inputs), " + mod + "(*inputs))");
        break;
      }
    }
  }
  if (!target.imports_module("torch") && !target.imports_name("torch")) extra_imports.insert(extra_imports.begin(), "import torch");

  // A descriptive name, unique in the class.
  std::string stem = "test_" + (repro.topic.empty() ? std::string("repro") : repro.topic);
  const std::string suffix = name_suffix(category);
  if (!ends_with(stem, suffix)) stem += "_" + suffix;
  std::set<std::string> taken;
  for (const auto& t : cls->tests) taken.insert(t.name);
  std::string name = stem;
  for (int i = 2; taken.count(name); ++i) name = stem + "_" + std::to_string(i);

  while (!body.lines.empty() && body.lines.back().empty()) body.lines.pop_back();
  std::string method = "def " + name + "(self):\n";
  const std::string step(unit, ' ');
  bool any = false;
  for (const auto& l : body.lines) {
    if (l.empty()) {
      method += "\n";
      continue;
    }
    method += step + l + "\n";
    any = true;
  }
  if (!any) method += step + "pass\n";

  WrittenTest out;
  out.path = std::string(target_path);
  out.class_name = std::string(class_name);
  out.test_name = name;
  (void)method_indent;
  out.edits.push_back(method_insertion(target_path, target_text, *cls, method));

  std::vector<std::string> hoisted = missing_imports(repro.imports, target);
  for (auto& e : extra_imports)
    if (std::find(hoisted.begin(), hoisted.end(), e) == hoisted.end()) hoisted.push_back(e);
  if (!hoisted.empty()) {
    std::string block;
    for (const auto& h : hoisted) block += h + "\n";
    TextEdit e;
    e.path = std::string(target_path);
    const uint32_t line = target.import_block_end_line ? *target.import_block_end_line + 1 : 0;
    const size_t off = line_offset(target_text, line);
    if (off >= target_text.size() && !target_text.empty() && target_text.back() != '\n') block = "\n" + block;
    e.range.start = e.range.end = point_of_offset(target_text, off);
    e.new_text = block;
    out.edits.push_back(std::move(e));
  }
  out.new_text = apply_edits(target_text, out.edits);
  TreePtr tree = parse_python(out.new_text);
  if (!tree || (ts_node_has_error(ts_tree_root_node(tree.get())) && !target.has_syntax_errors)) {
    result.error = "the generated test does not parse in " + std::string(target_path);
    return result;
  }
  result.test = std::move(out);
  return result;
}

// ---- Unified diff (Myers, on lines) ------------------------------------------------------------

std::string unified_diff(std::string_view path, std::string_view before, std::string_view after) {
  const auto a = split_lines(before), b = split_lines(after);
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size());
  const int max = n + m;
  std::vector<int> v(2 * max + 2, 0);
  std::vector<std::vector<int>> trace;
  int found_d = -1;
  for (int d = 0; d <= max && found_d < 0; ++d) {
    trace.push_back(v);
    for (int k = -d; k <= d; k += 2) {
      int x = (k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max])) ? v[k + 1 + max] : v[k - 1 + max] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[k + max] = x;
      if (x >= n && y >= m) {
        found_d = d;
        break;
      }
    }
  }
  // Walk back to a script of ' ', '-', '+' operations.
  struct Op {
    char kind;
    int ai, bi;
  };
  std::vector<Op> ops;
  int x = n, y = m;
  for (int d = found_d; d > 0; --d) {
    const auto& pv = trace[d];
    const int k = x - y;
    const bool down = k == -d || (k != d && pv[k - 1 + max] < pv[k + 1 + max]);
    const int pk = down ? k + 1 : k - 1;
    const int px = pv[pk + max], py = px - pk;
    while (x > px && y > py) ops.push_back({' ', --x, --y});
    if (down) ops.push_back({'+', x, --y});
    else ops.push_back({'-', --x, y});
  }
  while (x > 0 && y > 0) ops.push_back({' ', --x, --y});
  std::reverse(ops.begin(), ops.end());

  std::string out;
  if (found_d <= 0) return out;
  out += "--- a/" + std::string(path) + "\n+++ b/" + std::string(path) + "\n";
  const int ctx = 3;
  size_t i = 0;
  while (i < ops.size()) {
    while (i < ops.size() && ops[i].kind == ' ') ++i;
    if (i >= ops.size()) break;
    size_t start = i >= static_cast<size_t>(ctx) ? i - ctx : 0;
    size_t end = i;
    // Extend the hunk while changes are closer than 2*ctx lines apart.
    for (size_t j = i; j < ops.size(); ++j) {
      if (ops[j].kind != ' ') end = j;
      else if (j - end > static_cast<size_t>(2 * ctx)) break;
    }
    const size_t stop = std::min(ops.size(), end + ctx + 1);
    int a_start = -1, b_start = -1, a_len = 0, b_len = 0;
    std::string lines;
    for (size_t j = start; j < stop; ++j) {
      const Op& op = ops[j];
      if (op.kind != '+') {
        if (a_start < 0) a_start = op.ai;
        ++a_len;
      }
      if (op.kind != '-') {
        if (b_start < 0) b_start = op.bi;
        ++b_len;
      }
      lines += op.kind;
      lines += std::string(op.kind == '+' ? b[op.bi] : a[op.ai]);
      lines += '\n';
    }
    if (a_start < 0) a_start = ops[start].ai;
    if (b_start < 0) b_start = ops[start].bi;
    out += "@@ -" + std::to_string(a_len ? a_start + 1 : a_start) + "," + std::to_string(a_len) + " +" +
           std::to_string(b_len ? b_start + 1 : b_start) + "," + std::to_string(b_len) + " @@\n" + lines;
    i = stop;
  }
  return out;
}

}  // namespace pt2bb
