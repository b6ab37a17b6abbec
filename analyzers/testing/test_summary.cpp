#include "testing/test_summary.h"

#include <algorithm>
#include <cstring>

#include "syntax/tree.h"

namespace pt2bb {
namespace {

Range node_range(TSNode n) {
  const TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
  return {{s.row, s.column}, {e.row, e.column}};
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}
bool contains(std::string_view s, std::string_view p) { return s.find(p) != std::string_view::npos; }

// Symbols compared by id in the hot walk: a string compare per node would cost more than the walk.
struct Symbols {
  TSSymbol call, decorator, keyword_argument, identifier, attribute;
  static const Symbols& get() {
    static const Symbols s = [] {
      const TSLanguage* lang = tree_sitter_python();
      auto sym = [lang](std::string_view name) {
        return ts_language_symbol_for_name(lang, name.data(), static_cast<uint32_t>(name.size()), true);
      };
      return Symbols{sym("call"), sym("decorator"), sym("keyword_argument"), sym("identifier"), sym("attribute")};
    }();
    return s;
  }
};

using summary_rules::last_component;
using summary_rules::squeeze;

// The expression a decorator applies: `@a.b(...)` -> "a.b", `@a` -> "a".
std::string decorator_callee(TSNode decorator, std::string_view text) {
  TSNode expr = ts_node_named_child(decorator, 0);
  if (ts_node_is_null(expr)) return {};
  if (node_type(expr) == "call") expr = field(expr, "function");
  return squeeze(node_text(expr, text).substr(0, 120));
}

class Extractor {
public:
  Extractor(std::string_view text, FileSummary& out) : text_(text), out_(out) {}

  void run(TSNode root) {
    if (node_type(root) == "ERROR") recover_from_error(root);
    else walk_module_block(root, std::nullopt);
    scan_all(root);
    summary_rules::finish(out_, std::move(ids_));
  }

private:
  // Statements of the module, or of a compound statement at module level (`if HAS_GPU:`,
  // `try:`): their classes and imports belong to the module. `top_end` is the end line of the
  // enclosing top-level statement, where hoisted imports would go after.
  void walk_module_block(TSNode block, std::optional<uint32_t> top_end) {
    const uint32_t n = ts_node_named_child_count(block);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode stmt = ts_node_named_child(block, i);
      const std::string_view type = node_type(stmt);
      const uint32_t stmt_end = top_end.value_or(ts_node_end_point(stmt).row);
      if (type == "import_statement" || type == "import_from_statement" || type == "future_import_statement") {
        add_import(stmt);
        if (!seen_definition_) out_.import_block_end_line = stmt_end;
      } else if (type == "class_definition") {
        seen_definition_ = true;
        add_class(stmt, stmt, "");
      } else if (type == "decorated_definition") {
        seen_definition_ = true;
        TSNode def = field(stmt, "definition");
        if (node_type(def) == "class_definition") add_class(def, stmt, "");
      } else if (type == "function_definition") {
        seen_definition_ = true;
      } else if (type == "if_statement") {
        TSNode cond = field(stmt, "condition");
        const std::string_view ct = node_text(cond, text_);
        if (contains(ct, "__name__") && contains(ct, "__main__")) {
          add_main_guard(stmt);
          continue;
        }
        walk_compound(stmt, stmt_end);
      } else if (type == "try_statement" || type == "with_statement") {
        walk_compound(stmt, stmt_end);
      } else if (type == "ERROR") {
        seen_definition_ = true;
        recover_from_error(stmt);
      }
    }
  }

  // A file being edited often does not parse; tree-sitter then wraps the broken class in an
  // ERROR node whose children are the `class` keyword, its name, its bases and the methods that
  // did parse. Rebuild the class from them so the index keeps its tests.
  void recover_from_error(TSNode err) {
    const uint32_t n = ts_node_child_count(err);
    std::optional<TestClass> current;
    for (uint32_t i = 0; i < n; ++i) {
      TSNode child = ts_node_child(err, i);
      const std::string_view type = node_type(child);
      if (type == "class" && i + 1 < n && node_type(ts_node_child(err, i + 1)) == "identifier") {
        if (current) out_.classes.push_back(std::move(*current));
        current.emplace();
        TSNode name = ts_node_child(err, i + 1);
        current->name = std::string(node_text(name, text_));
        current->name_range = node_range(name);
        current->range = {node_range(child).start, node_range(err).end};
        current->body_end_line = ts_node_end_point(err).row;
        if (i + 2 < n && node_type(ts_node_child(err, i + 2)) == "argument_list") {
          TSNode supers = ts_node_child(err, i + 2);
          for (uint32_t j = 0; j < ts_node_named_child_count(supers); ++j) {
            TSNode b = ts_node_named_child(supers, j);
            if (node_type(b) == "keyword_argument") continue;
            current->bases.push_back(squeeze(node_text(b, text_).substr(0, 160)));
            current->base_ranges.push_back(node_range(b));
          }
        }
        ++i;
      } else if (type == "class_definition") {
        add_class(child, child, "");
      } else if (current && (type == "function_definition" || type == "decorated_definition")) {
        TSNode def = type == "decorated_definition" ? field(child, "definition") : child;
        if (current->body_indent.empty()) {
          const uint32_t col = ts_node_start_point(child).column;
          const uint32_t start = ts_node_start_byte(child);
          if (col <= start) {
            const std::string_view lead = text_.substr(start - col, col);
            if (lead.find_first_not_of(" \t") == std::string_view::npos) current->body_indent = std::string(lead);
          }
        }
        if (node_type(def) == "function_definition") add_method(def, child, *current, 0);
      } else if (type == "import_statement" || type == "import_from_statement") {
        add_import(child);
      }
    }
    if (current) out_.classes.push_back(std::move(*current));
  }

  // The blocks of an if/try/with at module level, including elif/else/except/finally.
  void walk_compound(TSNode stmt, uint32_t top_end) {
    const uint32_t n = ts_node_named_child_count(stmt);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode child = ts_node_named_child(stmt, i);
      const std::string_view t = node_type(child);
      if (t == "block") {
        walk_module_block(child, top_end);
      } else if (t == "elif_clause" || t == "else_clause" || t == "except_clause" || t == "finally_clause" ||
                 t == "except_group_clause") {
        walk_compound(child, top_end);
      }
    }
  }

  void add_import(TSNode stmt) {
    ImportInfo imp;
    imp.range = node_range(stmt);
    const std::string_view type = node_type(stmt);
    if (type == "import_statement") {
      // `import a.b, c as d`: one ImportInfo per module, so lookups stay simple.
      const uint32_t n = ts_node_named_child_count(stmt);
      for (uint32_t i = 0; i < n; ++i) {
        TSNode name = ts_node_named_child(stmt, i);
        if (node_type(name) == "aliased_import") {
          ImportInfo one = imp;
          one.module = squeeze(node_text(field(name, "name"), text_));
          one.names.push_back(squeeze(node_text(field(name, "alias"), text_)));
          out_.imports.push_back(std::move(one));
        } else {
          ImportInfo one = imp;
          one.module = squeeze(node_text(name, text_));
          out_.imports.push_back(std::move(one));
        }
      }
      return;
    }
    imp.from = true;
    if (type == "future_import_statement") {
      imp.module = "__future__";
    } else {
      imp.module = squeeze(node_text(field(stmt, "module_name"), text_));
    }
    // The names are the named children after the `import` keyword (field lookups by child index
    // are unreliable across tree-sitter versions).
    const uint32_t n = ts_node_child_count(stmt);
    bool after_import = false;
    for (uint32_t i = 0; i < n; ++i) {
      TSNode child = ts_node_child(stmt, i);
      if (!ts_node_is_named(child)) {
        after_import = after_import || node_type(child) == "import";
        continue;
      }
      const std::string_view ct = node_type(child);
      if (!after_import || (ct != "dotted_name" && ct != "aliased_import" && ct != "identifier")) continue;
      if (ct == "aliased_import") child = field(child, "alias");
      imp.names.push_back(squeeze(node_text(child, text_)));
    }
    const uint32_t named = ts_node_named_child_count(stmt);
    if (named > 0 && node_type(ts_node_named_child(stmt, named - 1)) == "wildcard_import") imp.names.push_back("*");
    out_.imports.push_back(std::move(imp));
  }

  void add_main_guard(TSNode stmt) { out_.main_guard = summary_rules::main_guard(stmt, text_); }

  void add_class(TSNode def, TSNode outer, const std::string& prefix) {
    TestClass c;
    TSNode name = field(def, "name");
    c.name = prefix + std::string(node_text(name, text_));
    c.range = node_range(outer);
    c.name_range = node_range(name);
    TSNode supers = field(def, "superclasses");
    if (!ts_node_is_null(supers)) {
      const Range r = node_range(supers);
      // Inside the parentheses: the place a fix rewrites.
      c.bases_range = {{r.start.line, r.start.column + 1}, {r.end.line, r.end.column > 0 ? r.end.column - 1 : 0}};
      const uint32_t n = ts_node_named_child_count(supers);
      for (uint32_t i = 0; i < n; ++i) {
        TSNode b = ts_node_named_child(supers, i);
        const std::string_view bt = node_type(b);
        if (bt == "keyword_argument" || bt == "comment") continue;
        c.bases.push_back(squeeze(node_text(b, text_).substr(0, 160)));
        c.base_ranges.push_back(node_range(b));
      }
    }
    TSNode body = field(def, "body");
    if (!ts_node_is_null(body)) {
      c.body_end_line = ts_node_end_point(body).row;
      TSNode first = ts_node_named_child(body, 0);
      if (!ts_node_is_null(first)) {
        const TSPoint p = ts_node_start_point(first);
        const uint32_t start = ts_node_start_byte(first);
        if (p.column <= start) {
          std::string_view lead = text_.substr(start - p.column, p.column);
          // Only whitespace counts as indentation (a body on the `class` line has none).
          if (lead.find_first_not_of(" \t") == std::string_view::npos) c.body_indent = std::string(lead);
        }
      }
      walk_class_body(body, c, 0);
    }
    out_.classes.push_back(std::move(c));
  }

  void walk_class_body(TSNode block, TestClass& c, uint32_t branch) {
    const uint32_t n = ts_node_named_child_count(block);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode stmt = ts_node_named_child(block, i);
      const std::string_view type = node_type(stmt);
      if (type == "function_definition") {
        add_method(stmt, stmt, c, branch);
      } else if (type == "decorated_definition") {
        TSNode def = field(stmt, "definition");
        if (node_type(def) == "function_definition") add_method(def, stmt, c, branch);
        else if (node_type(def) == "class_definition") add_class(def, stmt, c.name + ".");
      } else if (type == "class_definition") {
        add_class(stmt, stmt, c.name + ".");
      } else if (type == "expression_statement") {
        add_generated_test(stmt, c, branch);
      } else if (type == "if_statement") {
        // `if not IS_WINDOWS:` around methods: still the class's methods.
        const uint32_t m = ts_node_named_child_count(stmt);
        for (uint32_t j = 0; j < m; ++j) {
          TSNode child = ts_node_named_child(stmt, j);
          if (node_type(child) == "block") {
            walk_class_body(child, c, ++branches_);
          } else if (node_type(child) == "else_clause" || node_type(child) == "elif_clause") {
            TSNode b = field(child, node_type(child) == "else_clause" ? "body" : "consequence");
            if (!ts_node_is_null(b)) walk_class_body(b, c, ++branches_);
          }
        }
      }
    }
  }

  void add_method(TSNode def, TSNode outer, TestClass& c, uint32_t branch) {
    ++c.method_count;
    TSNode name = field(def, "name");
    const std::string_view n = node_text(name, text_);
    if (!starts_with(n, "test")) return;
    TestMethod m;
    m.name = std::string(n);
    m.range = node_range(outer);
    m.name_range = node_range(name);
    m.branch = branch;
    if (outer.id != def.id) {
      const uint32_t k = ts_node_named_child_count(outer);
      for (uint32_t i = 0; i < k; ++i) {
        TSNode d = ts_node_named_child(outer, i);
        if (node_type(d) == "decorator") m.decorators.push_back(decorator_callee(d, text_));
      }
    }
    c.tests.push_back(std::move(m));
  }

  // `test_add = make_test(fn)` and friends: a test bound by assignment in the class body.
  void add_generated_test(TSNode stmt, TestClass& c, uint32_t branch) {
    TSNode assign = ts_node_named_child(stmt, 0);
    if (ts_node_is_null(assign) || node_type(assign) != "assignment") return;
    TSNode left = field(assign, "left");
    TSNode right = field(assign, "right");
    if (ts_node_is_null(left) || node_type(left) != "identifier" || ts_node_is_null(right)) return;
    const std::string_view n = node_text(left, text_);
    if (!starts_with(n, "test")) return;
    const std::string_view rt = node_type(right);
    if (rt != "call" && rt != "identifier" && rt != "attribute") return;
    TestMethod m;
    m.name = std::string(n);
    m.range = node_range(stmt);
    m.name_range = node_range(left);
    m.generated = true;
    m.branch = branch;
    c.tests.push_back(std::move(m));
  }

  // One pass over every node: conventions and the called names.
  void scan_all(TSNode root) {
    const Symbols& sym = Symbols::get();
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    bool descend = true;
    for (;;) {
      if (descend && ts_tree_cursor_goto_first_child(&cursor)) {
        TSNode n = ts_tree_cursor_current_node(&cursor);
        descend = visit(n, sym);
        continue;
      }
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        TSNode n = ts_tree_cursor_current_node(&cursor);
        descend = visit(n, sym);
        continue;
      }
      bool up = false;
      while ((up = ts_tree_cursor_goto_parent(&cursor))) {
        if (ts_tree_cursor_goto_next_sibling(&cursor)) break;
      }
      if (!up) break;
      descend = visit(ts_tree_cursor_current_node(&cursor), sym);
    }
    ts_tree_cursor_delete(&cursor);
  }

  // Returns whether to descend into `n`.
  bool visit(TSNode n, const Symbols& sym) {
    if (!ts_node_is_named(n)) return false;
    const TSSymbol s = ts_node_symbol(n);
    if (s == sym.call) {
      on_call(n, sym);
    } else if (s == sym.decorator) {
      out_.conventions |= summary_rules::decorator_conventions(decorator_callee(n, text_));
    } else if (s == sym.identifier || s == sym.attribute) {
      return s == sym.attribute;
    }
    return true;
  }

  void on_call(TSNode call, const Symbols& sym) {
    TSNode fn = field(call, "function");
    const TSSymbol fs = ts_node_symbol(fn);
    if (fs != sym.identifier && fs != sym.attribute) return;
    const std::string_view full = node_text(fn, text_);
    const std::string_view last = fs == sym.attribute ? node_text(field(fn, "attribute"), text_) : full;
    summary_rules::add_identifier(last, ids_);
    const summary_rules::CallKind kind = summary_rules::call_kind(last, full);
    out_.conventions |= kind.conventions;
    if (kind.keywords != summary_rules::CallKind::kNone) scan_keywords(call, kind.keywords);
  }

  void scan_keywords(TSNode call, summary_rules::CallKind::Keywords which) {
    TSNode args = field(call, "arguments");
    if (ts_node_is_null(args)) return;
    const uint32_t n = ts_node_named_child_count(args);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (node_type(a) != "keyword_argument") continue;
      out_.conventions |= summary_rules::keyword_conventions(which, node_text(field(a, "name"), text_),
                                                             node_text(field(a, "value"), text_));
    }
  }

  std::string_view text_;
  FileSummary& out_;
  std::vector<uint64_t> ids_;
  bool seen_definition_ = false;
  uint32_t branches_ = 0;
};

}  // namespace

namespace summary_rules {

std::string_view last_component(std::string_view dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

std::string squeeze(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s)
    if (c != ' ' && c != '\n' && c != '\t' && c != '\r' && c != '\\') out += c;
  return out;
}

uint32_t decorator_conventions(std::string_view callee) {
  const std::string_view last = last_component(callee);
  uint32_t out = 0;
  if (starts_with(last, "requires_") && (contains(last, "gpu") || contains(last, "cuda") || contains(last, "triton")))
    out |= kConvRequiresGpu;
  if (starts_with(last, "skipIf") || starts_with(last, "skip_if") || contains(last, "skipCUDAIf") || last == "skipIf" ||
      last == "skipUnless")
    out |= kConvSkipIf;
  if (last == "make_test") out |= kConvMakeTest;
  if (starts_with(last, "instantiate_") && ends_with(last, "_tests")) out |= kConvInstantiate;
  return out;
}

CallKind call_kind(std::string_view last, std::string_view full) {
  CallKind k;
  if (last == "common" && starts_with(full, "self")) k.conventions = kConvSelfCommon;
  else if (last == "CompileCounter" || last == "CompileCounterWithBackend") k.conventions = kConvCompileCounter;
  else if (((last == "compile") && (full == "torch.compile" || full == "compile")) || last == "optimize")
    k = {kConvTorchCompile, CallKind::kCompile};
  else if (last == "export" || last == "export_for_training" || last == "_export")
    k = {kConvExport, CallKind::kExport};
  else if (starts_with(last, "instantiate_") && ends_with(last, "_tests"))
    k.conventions = kConvInstantiate;
  else if (last == "make_test" || last == "make_dynamic_test")
    k.conventions = kConvMakeTest;
  else if (starts_with(last, "aot_function") || starts_with(last, "aot_module") || starts_with(last, "aot_export"))
    k.conventions = kConvAotFunction;
  return k;
}

uint32_t keyword_conventions(CallKind::Keywords which, std::string_view name, std::string_view value) {
  uint32_t out = 0;
  if (which == CallKind::kCompile && name == "backend") out |= kConvCompileBackend;
  if (which == CallKind::kCompile && name == "fullgraph" && value == "True") out |= kConvFullgraph;
  if (which == CallKind::kExport && name == "strict" && value == "False") out |= kConvExportNonStrict;
  return out;
}

void add_identifier(std::string_view name, std::vector<uint64_t>& ids) {
  if (name.size() >= 2) ids.push_back(identifier_hash(name));
}

namespace {

void collect_calls(TSNode n, std::string_view text, std::vector<std::string>& calls) {
  if (node_type(n) == "call") {
    std::string callee = squeeze(node_text(field(n, "function"), text).substr(0, 120));
    if (std::find(calls.begin(), calls.end(), callee) == calls.end()) calls.push_back(std::move(callee));
  }
  const uint32_t count = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < count; ++i) collect_calls(ts_node_named_child(n, i), text, calls);
}

// Test names say what they test: `test_sdpa_dropout` adds "sdpa" and "dropout".
void add_words(std::string_view name, std::vector<uint64_t>& ids) {
  size_t start = 0;
  while (start < name.size()) {
    size_t end = name.find('_', start);
    if (end == std::string_view::npos) end = name.size();
    std::string_view word = name.substr(start, end - start);
    if (word.size() >= 3 && word != "test") add_identifier(word, ids);
    start = end + 1;
  }
}

}  // namespace

MainGuard main_guard(TSNode if_statement, std::string_view text) {
  MainGuard g;
  g.range = node_range(if_statement);
  collect_calls(if_statement, text, g.calls);
  return g;
}

void finish(FileSummary& out, std::vector<uint64_t> ids) {
  std::sort(out.classes.begin(), out.classes.end(),
            [](const TestClass& a, const TestClass& b) { return a.range.start < b.range.start; });
  for (const auto& c : out.classes) {
    for (const auto& t : c.tests) add_words(t.name, ids);
    if (c.name == "CommonTemplate" || ends_with(c.name, ".CommonTemplate")) out.conventions |= kConvCommonTemplate;
  }
  for (const auto& imp : out.imports) {
    add_identifier(last_component(imp.module), ids);
    for (const auto& n : imp.names) add_identifier(last_component(n), ids);
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  out.identifiers = std::move(ids);
  // Summaries live as long as the index: no spare capacity.
  out.identifiers.shrink_to_fit();
  out.imports.shrink_to_fit();
  for (auto& c : out.classes) {
    c.tests.shrink_to_fit();
    for (auto& t : c.tests) t.decorators.shrink_to_fit();
  }
  out.classes.shrink_to_fit();
}

}  // namespace summary_rules

namespace {

uint64_t fnv1a(std::string_view text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

uint64_t content_hash(std::string_view text) {
  // FNV-1a over 8-byte words (then the tail byte by byte): the index hashes every file it
  // reads, and a byte at a time was a sixth of its time.
  uint64_t h = 1469598103934665603ull ^ text.size();
  size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    h ^= word;
    h *= 1099511628211ull;
    h ^= h >> 29;
  }
  for (; i < text.size(); ++i) {
    h ^= static_cast<unsigned char>(text[i]);
    h *= 1099511628211ull;
  }
  return h;
}

uint64_t identifier_hash(std::string_view name) { return fnv1a(name) | 1; }

uint32_t FileSummary::test_count() const {
  uint32_t n = 0;
  for (const auto& c : classes) n += static_cast<uint32_t>(c.tests.size());
  return n;
}

const TestClass* FileSummary::find_class(std::string_view name) const {
  for (const auto& c : classes)
    if (c.name == name) return &c;
  return nullptr;
}

bool FileSummary::imports_module(std::string_view module) const {
  for (const auto& imp : imports)
    if (imp.module == module) return true;
  return false;
}

bool FileSummary::imports_name(std::string_view name) const {
  for (const auto& imp : imports) {
    if (!imp.from && imp.names.empty() && imp.module == name) return true;
    for (const auto& n : imp.names)
      if (n == name) return true;
  }
  return false;
}

size_t FileSummary::memory_bytes() const {
  auto str = [](const std::string& s) { return s.capacity() > 15 ? s.capacity() + 1 : 0; };
  size_t total = sizeof(FileSummary) + str(path) + identifiers.capacity() * sizeof(uint64_t);
  total += classes.capacity() * sizeof(TestClass) + imports.capacity() * sizeof(ImportInfo);
  for (const auto& c : classes) {
    total += str(c.name) + str(c.body_indent) + c.tests.capacity() * sizeof(TestMethod);
    for (const auto& b : c.bases) total += sizeof(std::string) + str(b);
    for (const auto& t : c.tests) {
      total += str(t.name) + t.decorators.capacity() * sizeof(std::string);
      for (const auto& d : t.decorators) total += str(d);
    }
  }
  for (const auto& i : imports) {
    total += str(i.module) + i.names.capacity() * sizeof(std::string);
    for (const auto& n : i.names) total += str(n);
  }
  if (main_guard)
    for (const auto& c : main_guard->calls) total += sizeof(std::string) + str(c);
  return total;
}

FileSummary summarize_python(std::string_view path, std::string_view text, const TSTree* tree) {
  FileSummary out;
  out.path = std::string(path);
  out.content_hash = content_hash(text);
  out.bytes = static_cast<uint32_t>(text.size());
  out.line_count = static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  if (!tree) return out;
  TSNode root = ts_tree_root_node(tree);
  out.has_syntax_errors = ts_node_has_error(root);
  Extractor(text, out).run(root);
  return out;
}

FileSummary summarize_python(std::string_view path, std::string_view text, TSParser* parser) {
  ParserPtr own;
  if (!parser) {
    own = make_python_parser();
    parser = own.get();
  }
  TreePtr tree = parse_python(parser, text);
  return summarize_python(path, text, tree.get());
}

bool is_test_class(const TestClass& c) {
  if (!c.tests.empty()) return true;
  if (last_component(c.name) == "CommonTemplate") return true;
  for (const auto& b : c.bases) {
    const std::string_view last = last_component(b);
    if (ends_with(last, "TestCase") || ends_with(last, "Tests") || ends_with(last, "Test")) return true;
  }
  return false;
}

bool looks_like_test_path(std::string_view path) {
  const size_t slash = path.rfind('/');
  const std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
  if (!ends_with(file, ".py")) return false;
  return starts_with(file, "test_") || ends_with(file, "_test.py") || starts_with(path, "test/") ||
         contains(path, "/test/");
}

}  // namespace pt2bb
