// Resolution of the hovered thing: identifiers and attribute chains (through the file's imports),
// import statements, config.patch(...) keywords, strings, comments, and the first line or module
// docstring of a key source file. Each path ends in one table lookup, so unknown words are cheap.
#include "hover/hover.h"

#include <cctype>
#include <functional>

#include "hover/imports.h"
#include "hover/render.h"
#include "syntax/tree.h"

namespace pt2bb {
namespace {

struct Target {
  const KnowledgeNote* note = nullptr;
  std::string gb_id;  // Set instead of `note` for graph-break ids.
  Range range;
};

Point to_point(TSPoint p) { return {p.row, p.column}; }
Range node_range(TSNode n) { return {to_point(ts_node_start_point(n)), to_point(ts_node_end_point(n))}; }
bool same(TSNode a, TSNode b) { return !ts_node_is_null(a) && !ts_node_is_null(b) && ts_node_eq(a, b); }

bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The byte offset of `p` inside `n` (which contains it).
uint32_t offset_in(TSNode n, Point p, std::string_view text) {
  uint32_t off = ts_node_start_byte(n);
  uint32_t row = ts_node_start_point(n).row;
  uint32_t col = ts_node_start_point(n).column;
  while (row < p.line && off < text.size()) {
    if (text[off++] == '\n') ++row, col = 0;
  }
  return std::min<uint32_t>(static_cast<uint32_t>(text.size()), off + (p.column - col));
}

// The run of characters accepted by `ok` around `off`, within [lo, hi).
std::pair<uint32_t, uint32_t> run_at(std::string_view text, uint32_t lo, uint32_t hi, uint32_t off,
                                     const std::function<bool(char)>& ok) {
  uint32_t b = off, e = off;
  while (b > lo && ok(text[b - 1])) --b;
  while (e < hi && ok(text[e])) ++e;
  return {b, e};
}

// A token on one line: its range from its byte offsets, given the cursor's point and offset.
Range token_range(Point cursor, uint32_t cursor_off, uint32_t b, uint32_t e) {
  return {{cursor.line, cursor.column - (cursor_off - b)}, {cursor.line, cursor.column + (e - cursor_off)}};
}

class Resolver {
public:
  Resolver(const HoverContext& ctx, Point point) : ctx_(ctx), k_(*ctx.knowledge), point_(point) {}

  std::optional<Target> resolve() {
    TSNode root = ts_tree_root_node(ctx_.tree);
    const TSPoint p{point_.line, point_.column};
    TSNode node = ts_node_descendant_for_point_range(root, p, p);
    if (ts_node_is_null(node)) return std::nullopt;
    if (node_type(node) != "identifier" && p.column > 0) {
      // A cursor just after a word (where editors often put it) lands on what follows.
      const TSPoint before{p.row, p.column - 1};
      TSNode prev = ts_node_descendant_for_point_range(root, before, before);
      if (!ts_node_is_null(prev) && node_type(prev) == "identifier") node = prev;
    }
    const std::string_view type = node_type(node);
    std::optional<Target> t;
    if (type == "comment") t = comment(node);
    else if (TSNode s = enclosing_string(node); !ts_node_is_null(s)) t = string(s);
    else if (type == "identifier") t = identifier(node);
    if (!t) t = key_file(root);
    return t;
  }

private:
  const ImportMap& imports() {
    if (!imports_) imports_ = imports_at(ts_tree_root_node(ctx_.tree), ctx_.text, ctx_.path, point_);
    return *imports_;
  }

  static TSNode enclosing_string(TSNode n) {
    for (int i = 0; i < 2 && !ts_node_is_null(n); ++i, n = ts_node_parent(n))
      if (node_type(n) == "string") return n;
    return TSNode{};
  }

  // A dotted name: a knowledge note, or the note of the key file that module is.
  const KnowledgeNote* lookup_qualified(std::string_view q) const {
    if (const KnowledgeNote* n = k_.find_dotted(q)) return n;
    std::string path(q);
    for (char& c : path)
      if (c == '.') c = '/';
    if (const KnowledgeNote* n = k_.find(NoteKind::File, path + ".py")) return n;
    if (const KnowledgeNote* n = k_.find(NoteKind::File, path + "/")) return n;
    return nullptr;
  }

  // "a.b.c" from an identifier/attribute chain; nullopt for anything else (calls, subscripts).
  std::optional<std::string> dotted(TSNode n) const {
    const std::string_view t = node_type(n);
    if (t == "identifier") return std::string(node_text(n, ctx_.text));
    if (t != "attribute") return std::nullopt;
    auto obj = dotted(field(n, "object"));
    if (!obj) return std::nullopt;
    return *obj + "." + std::string(node_text(field(n, "attribute"), ctx_.text));
  }

  // A dotted expression with its head resolved through the imports.
  std::optional<std::string> qualified(TSNode expr) {
    auto d = dotted(expr);
    if (!d) return std::nullopt;
    const size_t dot = d->find('.');
    const std::string head = d->substr(0, dot);
    auto it = imports().find(head);
    if (it == imports().end()) return d;  // `torch` without an import in view, or a local name.
    return dot == std::string::npos ? it->second : it->second + d->substr(dot);
  }

  std::optional<Target> note_at(const KnowledgeNote* n, Range r) const {
    if (!n) return std::nullopt;
    return Target{n, {}, r};
  }

  std::optional<Target> identifier(TSNode node) {
    TSNode parent = ts_node_parent(node);
    const std::string_view ptype = ts_node_is_null(parent) ? "" : node_type(parent);
    const Range r = node_range(node);
    if (ptype == "dotted_name") return import_name(node, parent);
    if (ptype == "keyword_argument" && same(field(parent, "name"), node)) return keyword(node, parent);
    TSNode expr = node;
    if (ptype == "attribute" && same(field(parent, "attribute"), node)) expr = parent;
    auto q = qualified(expr);
    if (!q) return std::nullopt;
    if (*q == "torch.export.export") return note_at(export_mode(expr), r);
    return note_at(lookup_qualified(*q), r);
  }

  // torch.export.export(...): the strict or non-strict note, from the call's `strict=` argument.
  const KnowledgeNote* export_mode(TSNode callee) const {
    TSNode call = ts_node_parent(callee);
    bool strict = false;
    if (!ts_node_is_null(call) && node_type(call) == "call" && same(field(call, "function"), callee)) {
      TSNode args = field(call, "arguments");
      for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
        TSNode a = ts_node_named_child(args, i);
        if (node_type(a) == "keyword_argument" && node_text(field(a, "name"), ctx_.text) == "strict")
          strict = node_text(field(a, "value"), ctx_.text) == "True";
      }
    }
    return k_.find(NoteKind::Mode, strict ? "torch.export.export:strict" : "torch.export.export:non-strict");
  }

  // An identifier inside an import statement's dotted name.
  std::optional<Target> import_name(TSNode node, TSNode dotted_name) {
    const std::string_view full = node_text(dotted_name, ctx_.text);
    const std::string prefix(full.substr(0, ts_node_end_byte(node) - ts_node_start_byte(dotted_name)));
    TSNode holder = ts_node_parent(dotted_name);
    if (ts_node_is_null(holder)) return std::nullopt;
    std::string q;
    if (node_type(holder) == "relative_import") {
      TSNode stmt = ts_node_parent(holder);
      if (ts_node_is_null(stmt)) return std::nullopt;
      q = import_from_module(stmt, ctx_.text, ctx_.path);
      // import_from_module resolved the whole module; keep only the hovered prefix of its tail.
      const std::string tail(full);
      if (q.size() >= tail.size()) q = q.substr(0, q.size() - tail.size()) + prefix;
    } else {
      TSNode stmt = node_type(holder) == "aliased_import" ? ts_node_parent(holder) : holder;
      if (ts_node_is_null(stmt)) return std::nullopt;
      if (node_type(stmt) == "import_from_statement" && !same(field(stmt, "module_name"), dotted_name)) {
        const std::string module = import_from_module(stmt, ctx_.text, ctx_.path);
        if (module.empty()) return std::nullopt;
        q = module + "." + prefix;
      } else {
        q = prefix;
      }
    }
    if (q == "torch.export.export") return note_at(k_.find(NoteKind::Mode, "torch.export.export:non-strict"), node_range(node));
    return note_at(lookup_qualified(q), node_range(node));
  }

  // `config.patch(recompile_limit=...)`, `set_logs(graph_breaks=True)`, `export(strict=True)`.
  std::optional<Target> keyword(TSNode name, TSNode kw) {
    TSNode args = ts_node_parent(kw);
    TSNode call = ts_node_is_null(args) ? args : ts_node_parent(args);
    if (ts_node_is_null(call) || node_type(call) != "call") return std::nullopt;
    auto f = qualified(field(call, "function"));
    if (!f) return std::nullopt;
    const std::string word(node_text(name, ctx_.text));
    const Range r = node_range(name);
    constexpr std::string_view patch = ".patch";
    if (f->size() > patch.size() && f->compare(f->size() - patch.size(), patch.size(), patch) == 0)
      return note_at(k_.find(NoteKind::Config, f->substr(0, f->size() - patch.size()) + "." + word), r);
    if (*f == "torch._logging.set_logs") return note_at(k_.find(NoteKind::Log, word), r);
    if (*f == "torch.export.export" && word == "strict") return note_at(export_mode(field(call, "function")), r);
    return std::nullopt;
  }

  // Does the string sit where TORCH_LOGS's value goes (os.environ["TORCH_LOGS"] = ...,
  // setenv("TORCH_LOGS", ...), {"TORCH_LOGS": ...}, dict(TORCH_LOGS=...))?
  bool is_torch_logs_value(TSNode s) const {
    TSNode p = ts_node_parent(s);
    if (ts_node_is_null(p)) return false;
    const std::string_view t = node_type(p);
    auto mentions = [&](TSNode n) { return !ts_node_is_null(n) && node_text(n, ctx_.text).find("TORCH_LOGS") != std::string_view::npos; };
    if (t == "assignment") return same(field(p, "right"), s) && mentions(field(p, "left"));
    if (t == "pair") return same(field(p, "value"), s) && mentions(field(p, "key"));
    if (t == "keyword_argument") return node_text(field(p, "name"), ctx_.text) == "TORCH_LOGS";
    if (t == "argument_list") {
      TSNode prev = ts_node_prev_named_sibling(s);
      return !ts_node_is_null(prev) && node_type(prev) == "string" && mentions(prev);
    }
    return false;
  }

  std::optional<Target> string(TSNode s) {
    const uint32_t off = offset_in(s, point_, ctx_.text);
    return text_word(ts_node_start_byte(s), ts_node_end_byte(s), off, is_torch_logs_value(s));
  }

  std::optional<Target> comment(TSNode c) {
    const uint32_t lo = ts_node_start_byte(c), hi = ts_node_end_byte(c), off = offset_in(c, point_, ctx_.text);
    // `# pt2bb: ignore[gb-item, debug-print]`: the code under the cursor.
    const std::string_view body = ctx_.text.substr(lo, hi - lo);
    if (size_t at = body.find("pt2bb: ignore["); at != std::string_view::npos) {
      const uint32_t open = lo + static_cast<uint32_t>(at + 14);
      const size_t close_rel = body.find(']', at);
      const uint32_t close = close_rel == std::string_view::npos ? hi : lo + static_cast<uint32_t>(close_rel);
      if (off >= open && off <= close) {
        auto [b, e] = run_at(ctx_.text, open, close, off, [](char ch) { return is_word(ch) || ch == '-'; });
        if (b < e) {
          if (auto t = note_at(k_.find(NoteKind::Code, ctx_.text.substr(b, e - b)), token_range(point_, off, b, e)))
            return t;
        }
      }
    }
    return text_word(lo, hi, off, false);
  }

  // A word inside free text (a string or a comment): GB id, TORCH_LOGS value, env var, dotted
  // name, or a source path.
  std::optional<Target> text_word(uint32_t lo, uint32_t hi, uint32_t off, bool torch_logs_value) {
    const std::string_view text = ctx_.text;
    auto [b, e] = run_at(text, lo, hi, off, is_word);
    if (b == e) return std::nullopt;
    const std::string_view w = text.substr(b, e - b);
    if (is_gb_id(w)) return Target{nullptr, std::string(w), token_range(point_, off, b, e)};
    if (torch_logs_value || after_torch_logs_assignment(lo, b)) {
      uint32_t shown = b;
      if (shown > lo && (text[shown - 1] == '+' || text[shown - 1] == '-')) --shown;
      if (auto t = note_at(k_.find(NoteKind::Log, w), token_range(point_, off, shown, e))) return t;
    }
    if (auto t = note_at(k_.find(NoteKind::Env, w), token_range(point_, off, b, e))) return t;
    // A dotted name, up to the end of the hovered word (hovering `config` in
    // `torch._dynamo.config.recompile_limit` explains the config module).
    auto [db, de] = run_at(text, lo, hi, off, [](char c) { return is_word(c) || c == '.'; });
    while (db < b && text[db] == '.') ++db;
    if (db < b || e < de) {
      if (auto t = note_at(lookup_qualified(text.substr(db, e - db)), token_range(point_, off, db, e))) return t;
    }
    // A source path ("torch/_dynamo/exc.py", "…/torch/_inductor/codegen/triton.py:120").
    auto [pb, pe] = run_at(text, lo, hi, off, [](char c) { return is_word(c) || c == '.' || c == '/' || c == '-'; });
    const std::string_view path = text.substr(pb, pe - pb);
    if (path.find('/') != std::string_view::npos) {
      if (auto t = note_at(k_.find_file(path), token_range(point_, off, pb, pe))) return t;
    }
    return std::nullopt;
  }

  // Is the word at `b` part of a `TORCH_LOGS=...` value written in the same text
  // (`TORCH_LOGS="+dynamo,graph_breaks" python x.py`)?
  bool after_torch_logs_assignment(uint32_t lo, uint32_t b) const {
    const std::string_view text = ctx_.text.substr(lo, b - lo);
    const size_t at = text.rfind("TORCH_LOGS=");
    if (at == std::string_view::npos) return false;
    char quote = 0;
    for (size_t i = at + 11; i < text.size(); ++i) {
      const char c = text[i];
      if (i == at + 11 && (c == '"' || c == '\'')) {
        quote = c;
        continue;
      }
      if (c == quote) return false;  // The quoted value ended before the word.
      if (!quote && std::isspace(static_cast<unsigned char>(c))) return false;
      if (c == '\n') return false;
    }
    return true;
  }

  // The first line, or the module docstring, of a key source file.
  std::optional<Target> key_file(TSNode root) const {
    const KnowledgeNote* n = k_.find_file(ctx_.path);
    if (!n) return std::nullopt;
    TSNode first = ts_node_named_child(root, 0);
    if (!ts_node_is_null(first) && node_type(first) == "expression_statement") {
      TSNode doc = ts_node_named_child(first, 0);
      if (!ts_node_is_null(doc) && node_type(doc) == "string") {
        const Range r = node_range(doc);
        if (!(point_ < r.start) && !(r.end < point_)) return Target{n, {}, r};
      }
    }
    if (point_.line != 0) return std::nullopt;
    const size_t eol = ctx_.text.find('\n');
    const uint32_t len = static_cast<uint32_t>(eol == std::string_view::npos ? ctx_.text.size() : eol);
    return Target{n, {}, {{0, 0}, {0, len}}};
  }

  const HoverContext& ctx_;
  const HoverKnowledge& k_;
  Point point_;
  std::optional<ImportMap> imports_;
};

HoverText render(const Target& t, const HoverKnowledge& k, const GraphBreakRegistry* registry, Lang lang) {
  HoverText out = t.note ? render_note(*t.note, k, registry, lang) : render_graph_break(t.gb_id, k, registry, lang);
  out.range = t.range;
  return out;
}

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

}  // namespace

std::optional<HoverText> hover_at(const HoverContext& ctx, Point point) {
  if (!ctx.tree || !ctx.knowledge) return std::nullopt;
  Resolver r(ctx, point);
  auto t = r.resolve();
  if (!t) return std::nullopt;
  return render(*t, *ctx.knowledge, ctx.registry, ctx.lang);
}

std::optional<HoverText> code_note(std::string_view code, const HoverKnowledge& k, const GraphBreakRegistry* registry,
                                   Lang lang) {
  const KnowledgeNote* n = k.find(NoteKind::Code, code);
  if (!n) return std::nullopt;
  return render_note(*n, k, registry, lang);
}

std::optional<HoverText> explain_topic(std::string_view raw, const HoverKnowledge& k, const GraphBreakRegistry* registry,
                                       Lang lang) {
  std::string topic = trim(raw);
  if (topic.empty()) return std::nullopt;
  std::string upper = topic;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (is_gb_id(upper)) return render_graph_break(upper, k, registry, lang);
  if (const KnowledgeNote* n = k.find(NoteKind::Code, topic)) return render_note(*n, k, registry, lang);
  if (const KnowledgeNote* n = k.find(NoteKind::Env, topic)) return render_note(*n, k, registry, lang);
  // "TORCH_LOGS=graph_breaks", "+dynamo", "graph_breaks".
  std::string log = topic;
  if (log.rfind("TORCH_LOGS=", 0) == 0) log = log.substr(11);
  while (!log.empty() && (log.front() == '"' || log.front() == '\'' || log.front() == '+' || log.front() == '-'))
    log.erase(0, 1);
  while (!log.empty() && (log.back() == '"' || log.back() == '\'')) log.pop_back();
  if (const KnowledgeNote* n = k.find(NoteKind::Log, log)) return render_note(*n, k, registry, lang);
  if (const KnowledgeNote* n = k.find_dotted(topic)) return render_note(*n, k, registry, lang);
  const KnowledgeNote* non_strict = k.find(NoteKind::Mode, "torch.export.export:non-strict");
  const KnowledgeNote* strict = k.find(NoteKind::Mode, "torch.export.export:strict");
  if ((topic == "torch.export.export" || topic == "torch.export") && non_strict && strict) {
    // Both modes: the difference between them is the point of the note.
    HoverText a = render_note(*non_strict, k, registry, lang);
    HoverText b = render_note(*strict, k, registry, lang);
    return HoverText{a.markdown + "\n---\n\n" + b.markdown, a.plaintext + "\n----\n\n" + b.plaintext, std::nullopt};
  }
  std::string path = topic;
  if (path.find('/') == std::string::npos && path.find('\\') == std::string::npos) {
    // A module name: torch._dynamo.symbolic_convert.
    if (path.size() > 3 && path.compare(path.size() - 3, 3, ".py") == 0) path.resize(path.size() - 3);
    for (char& c : path)
      if (c == '.') c = '/';
    if (const KnowledgeNote* n = k.find(NoteKind::File, path + ".py")) return render_note(*n, k, registry, lang);
    if (const KnowledgeNote* n = k.find(NoteKind::File, path + "/")) return render_note(*n, k, registry, lang);
    return std::nullopt;
  }
  // A path, possibly with ":line" after it.
  if (auto colon = path.find(':', 2); colon != std::string::npos) path.resize(colon);
  if (const KnowledgeNote* n = k.find_file(path)) return render_note(*n, k, registry, lang);
  return std::nullopt;
}

}  // namespace pt2bb
