#include "testing/fast_summary.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "syntax/tree.h"
#include "testing/python_outline.h"

namespace pt2bb {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool contains(std::string_view s, std::string_view p) { return s.find(p) != std::string_view::npos; }

bool is_keyword(std::string_view w) {
  // Every keyword starts with a letter in "FNTabcdefgilnoprtwy" and has 2 to 8 characters.
  if (w.size() < 2 || w.size() > 8 || !std::strchr("FNTabcdefgilnoprtwy", w[0])) return false;
  static constexpr std::array<std::string_view, 35> kKeywords = {
      "False", "None",   "True",  "and",      "as",     "assert", "async", "await",  "break",
      "class", "continue", "def", "del",      "elif",   "else",   "except", "finally", "for",
      "from",  "global", "if",    "import",   "in",     "is",     "lambda", "nonlocal", "not",
      "or",    "pass",   "raise", "return",   "try",    "while",  "with",  "yield"};
  return std::find(kKeywords.begin(), kKeywords.end(), w) != kKeywords.end();
}

// A statement of the outline: a simple statement, a compound statement's header (up to its
// colon), a decorator line, or a comment line.
struct Stmt {
  enum Kind : uint8_t { Simple, Compound, Decorator, Comment };
  Kind kind = Simple;
  bool same_line = false;  // After a ';' or a header's colon on the same line.
  uint32_t indent = 0;
  uint32_t first = 0, last = 0;  // Tokens, inclusive.
  uint32_t offset = 0;           // The first token's (or the comment's) offset.
  uint32_t line_start = 0;
  uint32_t line_end = 0;     // The end of its line (see OutlineLine::end) when it is the line's last piece.
  std::string_view keyword;      // Compound: "class", "def", "if", ... ("async def" -> "def").
};

// A statement with what it governs, as tree-sitter nests them.
struct Node {
  uint32_t stmt = 0;
  std::vector<uint32_t> decorators;  // Stmt indices, in order.
  std::vector<Node> body;
  std::vector<Node> clauses;  // elif / else / except / finally, each with its body.
  uint32_t first_item = UINT32_MAX;  // Offset of the body's first statement.
  uint32_t first_item_line_start = 0;
  bool same_line_body = false;
  uint32_t end = 0;        // Offset where the node ends (its last clause's block, ...), as tree-sitter has it.
  uint32_t last_stmt = 0;  // The last statement of the node's subtree.
};

class Builder {
public:
  Builder(std::string_view path, std::string_view text, const PythonOutline& outline, TSParser* parser)
      : text_(text), o_(outline), t_(outline.tokens), parser_(parser) {
    out_.path = std::string(path);
  }

  std::optional<FileSummary> run() {
    if (!split_statements()) return std::nullopt;
    size_t i = 0;
    std::vector<Node> module;
    uint32_t first = UINT32_MAX, first_line = 0;
    if (!parse_block(i, 0, module, first, first_line) || i != stmts_.size()) return std::nullopt;
    if (!walk_module_block(module, std::nullopt)) return std::nullopt;
    if (!scan_calls_and_decorators()) return std::nullopt;
    out_.content_hash = content_hash(text_);
    out_.bytes = static_cast<uint32_t>(text_.size());
    out_.line_count = static_cast<uint32_t>(o_.line_starts.size());
    summary_rules::finish(out_, std::move(ids_));
    return std::move(out_);
  }

private:
  // --- Tokens -------------------------------------------------------------------------------

  std::string_view tok(uint32_t i) const { return text_.substr(t_[i].begin, t_[i].end - t_[i].begin); }
  bool is_op(uint32_t i, std::string_view op) const {
    const OutlineToken& t = t_[i];
    return t.kind == OutlineToken::Op && t.first == op[0] && t.end - t.begin == op.size() &&
           (op.size() == 1 || tok(i) == op);
  }
  bool is_name(uint32_t i) const { return t_[i].kind == OutlineToken::Name && !is_keyword(tok(i)); }
  std::string_view span(uint32_t a, uint32_t b) const { return text_.substr(t_[a].begin, t_[b].end - t_[a].begin); }
  Point start_of(uint32_t i) const { return o_.point(t_[i].begin); }
  Point end_of(uint32_t i) const { return o_.point(t_[i].end); }

  // The first token of the primary expression (`a.b(c)[d].e`) that ends at token `e`; `from`
  // bounds the search (the logical line's first token).
  uint32_t chain_start(uint32_t e, uint32_t from) const {
    uint32_t j = e;
    for (;;) {
      const OutlineToken& t = t_[j];
      if (t.kind == OutlineToken::Op && (is_op(j, ")") || is_op(j, "]"))) {
        const uint32_t m = t.partner;
        if (m > from && (is_name(m - 1) || is_op(m - 1, ")") || is_op(m - 1, "]") || t_[m - 1].kind == OutlineToken::String)) {
          j = m - 1;
          continue;
        }
        return m;
      }
      if (t.kind == OutlineToken::Op && is_op(j, "}")) return t.partner;
      if (j >= from + 2 && is_op(j - 1, ".")) {
        j -= 2;
        continue;
      }
      if (t.kind == OutlineToken::String && j > from && t_[j - 1].kind == OutlineToken::String) {
        --j;
        continue;
      }
      return j;
    }
  }

  // --- Statements and blocks ----------------------------------------------------------------

  bool split_statements() {
    for (const OutlineLine& line : o_.lines) {
      if (line.comment_only()) {
        Stmt s;
        s.kind = Stmt::Comment;
        s.indent = line.indent;
        s.offset = line.comment;
        s.line_start = line.line_start;
        s.line_end = line.end;
        stmts_.push_back(s);
        continue;
      }
      if (line.token_count == 0) continue;
      const uint32_t a = line.first_token, b = line.first_token + line.token_count - 1;
      Stmt s;
      s.indent = line.indent;
      s.line_start = line.line_start;
      s.first = a;
      s.offset = t_[a].begin;
      if (is_op(a, "@")) {
        s.kind = Stmt::Decorator;
        s.last = b;
        s.line_end = line.end;
        stmts_.push_back(s);
        continue;
      }
      std::string_view kw = t_[a].kind == OutlineToken::Name ? tok(a) : std::string_view();
      if ((kw == "match" || kw == "case") && is_op(b, ":")) return false;  // Pattern matching: not modelled.
      if (kw == "async" && a < b) kw = tok(a + 1);
      const bool compound = kw == "class" || kw == "def" || kw == "if" || kw == "elif" || kw == "else" ||
                            kw == "while" || kw == "for" || kw == "try" || kw == "except" || kw == "finally" ||
                            kw == "with";
      uint32_t next = a;
      if (compound) {
        uint32_t colon = UINT32_MAX;
        for (uint32_t i = a; i <= b; ++i) {
          if (t_[i].depth != t_[a].depth) continue;
          if (is_op(i, ":")) {
            colon = i;
            break;
          }
          if (tok(i) == "lambda") return false;  // Its colon would be taken for the header's.
        }
        if (colon == UINT32_MAX) return false;
        s.kind = Stmt::Compound;
        s.keyword = kw;
        s.last = colon;
        s.line_end = colon == b ? line.end : t_[colon].end;
        stmts_.push_back(s);
        if (colon == b) continue;
        next = colon + 1;
      }
      // Simple statements separated by ';' (after a header: its one-line body).
      bool after_first = compound;
      size_t last_piece = SIZE_MAX;
      uint32_t begin = next;
      for (uint32_t i = next; i <= b + 1; ++i) {
        if (i <= b && !(is_op(i, ";") && t_[i].depth == t_[a].depth)) continue;
        if (i > begin) {
          Stmt piece;
          piece.kind = Stmt::Simple;
          piece.same_line = after_first;
          piece.indent = line.indent;
          piece.line_start = line.line_start;
          piece.first = begin;
          piece.last = i - 1;
          piece.offset = t_[begin].begin;
          piece.line_end = t_[i - 1].end;
          if (t_[begin].kind == OutlineToken::Name) {
            const std::string_view k = tok(begin);
            if (k == "class" || k == "def" || k == "if" || k == "for" || k == "while" || k == "try" ||
                k == "with" || k == "async" || k == "elif" || k == "else" || k == "except" || k == "finally")
              return false;
          }
          stmts_.push_back(piece);
          after_first = true;
          last_piece = stmts_.size() - 1;
        }
        begin = i + 1;
      }
      // A block that ends with this line ends after its ';' and comment too.
      if (last_piece != SIZE_MAX) stmts_[last_piece].line_end = line.end;
    }
    return true;
  }

  // The statements of one block at `indent`, from stmts_[i]; stops at a dedent. Records the
  // offset of the block's first statement in `first_item`.
  bool parse_block(size_t& i, uint32_t indent, std::vector<Node>& out, uint32_t& first_item, uint32_t& first_line) {
    while (i < stmts_.size()) {
      const Stmt& s = stmts_[i];
      if (s.kind == Stmt::Comment) {
        // Comments before a block's first statement are not its first child for tree-sitter.
        ++i;
        continue;
      }
      if (s.same_line) return false;  // Handled with the statement it follows.
      if (s.indent < indent) return true;
      if (s.indent > indent) return false;  // An unexpected indent.
      if (first_item == UINT32_MAX) first_item = s.offset, first_line = s.line_start;
      Node node;
      while (i < stmts_.size() && (stmts_[i].kind == Stmt::Decorator || (stmts_[i].kind == Stmt::Comment && !node.decorators.empty()))) {
        if (stmts_[i].kind == Stmt::Decorator) {
          if (stmts_[i].indent != indent) return false;
          node.decorators.push_back(static_cast<uint32_t>(i));
        }
        ++i;
      }
      if (i >= stmts_.size()) return false;
      const Stmt& head = stmts_[i];
      if (head.indent != indent || head.same_line) return false;
      if (!node.decorators.empty() && !(head.kind == Stmt::Compound && (head.keyword == "def" || head.keyword == "class")))
        return false;
      node.stmt = static_cast<uint32_t>(i);
      node.end = t_[head.last].end;
      node.last_stmt = static_cast<uint32_t>(i);
      ++i;
      // Statements after ';' on the same line are siblings.
      if (head.kind == Stmt::Simple) {
        out.push_back(std::move(node));
        while (i < stmts_.size() && stmts_[i].same_line) {
          Node sibling;
          sibling.stmt = static_cast<uint32_t>(i);
          sibling.end = t_[stmts_[i].last].end;
          sibling.last_stmt = static_cast<uint32_t>(i);
          out.push_back(std::move(sibling));
          ++i;
        }
        continue;
      }
      if (!parse_suite(i, head, node)) return false;
      const std::string_view kw = head.keyword;
      if (kw == "elif" || kw == "else" || kw == "except" || kw == "finally") {
        if (out.empty() || !node.decorators.empty()) return false;
        Node& owner = out.back();
        const std::string_view ok = stmts_[owner.stmt].kind == Stmt::Compound ? stmts_[owner.stmt].keyword : "";
        const bool fits = (kw == "elif" && ok == "if") || (kw == "else" && (ok == "if" || ok == "for" || ok == "while" || ok == "try")) ||
                          ((kw == "except" || kw == "finally") && ok == "try");
        if (!fits) return false;
        owner.end = node.end;
        owner.last_stmt = node.last_stmt;
        owner.clauses.push_back(std::move(node));
        continue;
      }
      out.push_back(std::move(node));
    }
    return true;
  }

  // The body of the compound statement `head` (stmts_[i - 1]): on its line, or indented below.
  bool parse_suite(size_t& i, const Stmt& head, Node& node) {
    if (i < stmts_.size() && stmts_[i].same_line) {
      node.same_line_body = true;
      node.first_item = stmts_[i].offset;
      node.first_item_line_start = stmts_[i].line_start;
      while (i < stmts_.size() && stmts_[i].same_line) {
        Node leaf;
        leaf.stmt = static_cast<uint32_t>(i);
        leaf.end = t_[stmts_[i].last].end;
        leaf.last_stmt = static_cast<uint32_t>(i);
        node.body.push_back(std::move(leaf));
        ++i;
      }
      // A one-line block ends with its line (';' and comment included), and takes no comment
      // lines after it.
      node.end = stmts_[node.body.back().stmt].line_end;
      node.last_stmt = node.body.back().last_stmt;
      return true;
    }
    size_t j = i;
    while (j < stmts_.size() && stmts_[j].kind == Stmt::Comment) ++j;
    if (j >= stmts_.size() || stmts_[j].indent <= head.indent) return false;  // No body.
    // Nothing inside a function is summarized: its body is only checked and measured.
    if (head.keyword == "def") return skip_block(i, stmts_[j].indent, node);
    if (!parse_block(i, stmts_[j].indent, node.body, node.first_item, node.first_item_line_start)) return false;
    if (node.body.empty()) return false;
    node.end = block_end(node.body, stmts_[j].indent);
    node.last_stmt = node.body.back().last_stmt;
    return true;
  }

  // An indented block whose statements the summary never looks at (a function's body): checks
  // that its indentation is consistent, as parse_block() would, and sets where it ends (see
  // block_end()) without building its nodes.
  bool skip_block(size_t& i, uint32_t indent, Node& node) {
    std::vector<uint32_t>& levels = levels_;
    levels.assign(1, indent);
    bool wants_body = false;       // The previous statement was a header that has no body yet.
    bool wants_definition = false;  // The previous statement was a decorator.
    size_t last = SIZE_MAX;
    for (; i < stmts_.size(); ++i) {
      const Stmt& s = stmts_[i];
      if (s.kind == Stmt::Comment || s.same_line) continue;
      if (s.indent < indent) break;
      if (wants_body) {
        if (s.indent <= levels.back()) return false;
        levels.push_back(s.indent);
      } else if (s.indent > levels.back()) {
        return false;
      } else {
        while (s.indent < levels.back()) levels.pop_back();
        if (s.indent != levels.back()) return false;
      }
      if (wants_definition && s.kind != Stmt::Decorator &&
          !(s.kind == Stmt::Compound && (s.keyword == "def" || s.keyword == "class")))
        return false;
      wants_definition = s.kind == Stmt::Decorator;
      wants_body = s.kind == Stmt::Compound && !(i + 1 < stmts_.size() && stmts_[i + 1].same_line);
      last = i;
    }
    if (wants_body || wants_definition || last == SIZE_MAX) return false;
    // The last statement may carry a one-line body after it.
    while (last + 1 < stmts_.size() && stmts_[last + 1].same_line) ++last;
    uint32_t end = stmts_[last].line_end;
    for (size_t k = last + 1; k < stmts_.size() && stmts_[k].kind == Stmt::Comment; ++k) {
      if (stmts_[k].indent < indent) break;
      end = stmts_[k].line_end;
    }
    node.end = end;
    node.last_stmt = static_cast<uint32_t>(last);
    return true;
  }

  // Where an indented block ends for tree-sitter: after its last statement's line (with its ';'
  // and comment) or its last compound statement, and after the comment lines that follow it
  // while they are indented at least as deep as the block (tree-sitter-python's scanner holds
  // the dedent back for them).
  uint32_t block_end(const std::vector<Node>& body, uint32_t indent) const {
    const Node& last = body.back();
    uint32_t end = stmts_[last.stmt].kind == Stmt::Simple ? stmts_[last.last_stmt].line_end : last.end;
    for (size_t k = last.last_stmt + 1; k < stmts_.size() && stmts_[k].kind == Stmt::Comment; ++k) {
      if (stmts_[k].indent < indent) break;
      end = stmts_[k].line_end;
    }
    return end;
  }

  // --- The summary, by the rules of the tree-sitter walk (test_summary.cpp) ----------------

  Range node_range(const Node& n, bool with_decorators = true) const {
    const Stmt& s = stmts_[with_decorators && !n.decorators.empty() ? n.decorators.front() : n.stmt];
    return {start_of(s.first), o_.point(n.end)};
  }

  bool walk_module_block(const std::vector<Node>& block, std::optional<uint32_t> top_end) {
    for (const Node& n : block) {
      const Stmt& s = stmts_[n.stmt];
      const uint32_t stmt_end = top_end.value_or(o_.point(n.end).line);
      if (s.kind == Stmt::Simple) {
        const std::string_view first = tok(s.first);
        if (t_[s.first].kind == OutlineToken::Name && (first == "import" || first == "from")) {
          if (!add_import(s)) return false;
          if (!seen_definition_) out_.import_block_end_line = stmt_end;
        }
        continue;
      }
      if (s.keyword == "class") {
        seen_definition_ = true;
        if (!add_class(n, "")) return false;
      } else if (s.keyword == "def") {
        seen_definition_ = true;
      } else if (s.keyword == "if") {
        const std::string_view cond = s.last > s.first + 1 ? span(s.first + 1, s.last - 1) : std::string_view();
        if (contains(cond, "__name__") && contains(cond, "__main__")) {
          if (!add_main_guard(n)) return false;
          continue;
        }
        if (!walk_compound(n, stmt_end)) return false;
      } else if (s.keyword == "try" || s.keyword == "with") {
        if (!walk_compound(n, stmt_end)) return false;
      }
    }
    return true;
  }

  bool walk_compound(const Node& n, uint32_t top_end) {
    if (!walk_module_block(n.body, top_end)) return false;
    for (const Node& c : n.clauses)
      if (!walk_module_block(c.body, top_end)) return false;
    return true;
  }

  bool add_import(const Stmt& s) {
    ImportInfo imp;
    imp.range = {start_of(s.first), end_of(s.last)};
    uint32_t i = s.first + 1;
    // One item of an import list: a dotted name, `as` and an alias.
    auto item = [&](uint32_t& k, std::string& name, std::string& alias) {
      const uint32_t begin = k;
      while (k <= s.last && (t_[k].kind == OutlineToken::Name || is_op(k, ".")) && tok(k) != "as") ++k;
      if (k == begin) return false;
      name = summary_rules::squeeze(span(begin, k - 1));
      alias.clear();
      if (k <= s.last && tok(k) == "as") {
        if (k + 1 > s.last || t_[k + 1].kind != OutlineToken::Name) return false;
        alias = summary_rules::squeeze(tok(k + 1));
        k += 2;
      }
      return true;
    };
    std::string name, alias;
    if (tok(s.first) == "import") {
      while (i <= s.last) {
        if (!item(i, name, alias)) return false;
        ImportInfo one = imp;
        one.module = name;
        if (!alias.empty()) one.names.push_back(alias);
        out_.imports.push_back(std::move(one));
        if (i <= s.last && !is_op(i, ",")) return false;
        ++i;
      }
      return true;
    }
    imp.from = true;
    uint32_t k = i;
    while (k <= s.last && !(t_[k].kind == OutlineToken::Name && tok(k) == "import")) ++k;
    if (k == i || k > s.last) return false;
    imp.module = summary_rules::squeeze(span(i, k - 1));
    i = k + 1;
    if (i <= s.last && is_op(i, "*")) {
      if (i != s.last) return false;
      imp.names.push_back("*");
    } else {
      const bool parens = i <= s.last && is_op(i, "(");
      const uint32_t end = parens ? t_[i].partner - 1 : s.last;
      if (parens && t_[i].partner != s.last) return false;
      if (parens) ++i;
      while (i <= end) {
        if (!item(i, name, alias)) return false;
        imp.names.push_back(alias.empty() ? name : alias);
        if (i <= end && !is_op(i, ",")) return false;
        ++i;
      }
    }
    out_.imports.push_back(std::move(imp));
    return true;
  }

  // The guard's calls come from tree-sitter, parsing only the guard's lines.
  bool add_main_guard(const Node& n) {
    // A guard may sit in a module-level block (`except ImportError:` ... `if __name__ ...`):
    // the range then starts at its `if`, which tree-sitter takes as the first line's indentation.
    const Range r = node_range(n);
    if (!parser_) return false;
    const uint32_t begin = t_[stmts_[n.stmt].first].begin, end = n.end;
    TSRange range{{r.start.line, r.start.column}, {r.end.line, r.end.column}, begin, end};
    if (!ts_parser_set_included_ranges(parser_, &range, 1)) return false;
    TreePtr tree = parse_python(parser_, text_);
    ts_parser_set_included_ranges(parser_, nullptr, 0);
    if (!tree) return false;
    TSNode root = ts_tree_root_node(tree.get());
    if (ts_node_has_error(root) || ts_node_named_child_count(root) != 1) return false;
    TSNode guard = ts_node_named_child(root, 0);
    if (node_type(guard) != "if_statement" || ts_node_start_byte(guard) != begin || ts_node_end_byte(guard) != end)
      return false;
    out_.main_guard = summary_rules::main_guard(guard, text_);
    return true;
  }

  bool add_class(const Node& n, const std::string& prefix) {
    const Stmt& s = stmts_[n.stmt];
    const uint32_t name = s.first + 1;
    if (name >= s.last || !is_name(name)) return false;
    TestClass c;
    c.name = prefix + std::string(tok(name));
    c.range = node_range(n);
    c.name_range = {start_of(name), end_of(name)};
    if (name + 1 != s.last) {
      const uint32_t open = name + 1;
      if (!is_op(open, "(") || t_[open].partner != s.last - 1) return false;
      const uint32_t close = s.last - 1;
      const Point a = start_of(open), b = end_of(close);
      c.bases_range = {{a.line, a.column + 1}, {b.line, b.column > 0 ? b.column - 1 : 0}};
      uint32_t begin = open + 1;
      for (uint32_t i = open + 1; i <= close; ++i) {
        if (i < close && !(is_op(i, ",") && t_[i].depth == t_[open].depth + 1)) continue;
        if (i > begin) {
          const bool keyword = i - begin >= 2 && t_[begin].kind == OutlineToken::Name && is_op(begin + 1, "=");
          if (!keyword) {
            c.bases.push_back(summary_rules::squeeze(span(begin, i - 1).substr(0, 160)));
            c.base_ranges.push_back({start_of(begin), end_of(i - 1)});
          }
        }
        begin = i + 1;
      }
    }
    c.body_end_line = o_.point(n.end).line;
    if (n.first_item != UINT32_MAX && !n.same_line_body) {
      const std::string_view lead = text_.substr(n.first_item_line_start, n.first_item - n.first_item_line_start);
      if (lead.find_first_not_of(" \t") == std::string_view::npos) c.body_indent = std::string(lead);
    }
    if (!walk_class_body(n.body, c, 0)) return false;
    out_.classes.push_back(std::move(c));
    return true;
  }

  bool walk_class_body(const std::vector<Node>& block, TestClass& c, uint32_t branch) {
    for (const Node& n : block) {
      const Stmt& s = stmts_[n.stmt];
      if (s.kind == Stmt::Simple) {
        add_generated_test(n, c, branch);
      } else if (s.keyword == "def") {
        if (!add_method(n, c, branch)) return false;
      } else if (s.keyword == "class") {
        if (!add_class(n, c.name + ".")) return false;
      } else if (s.keyword == "if") {
        if (!walk_class_body(n.body, c, ++branches_)) return false;
        for (const Node& clause : n.clauses)
          if (!walk_class_body(clause.body, c, ++branches_)) return false;
      }
    }
    return true;
  }

  bool add_method(const Node& n, TestClass& c, uint32_t branch) {
    const Stmt& s = stmts_[n.stmt];
    const uint32_t name = tok(s.first) == "async" ? s.first + 2 : s.first + 1;
    if (name + 1 >= s.last || !is_name(name) || !is_op(name + 1, "(")) return false;
    ++c.method_count;
    if (!starts_with(tok(name), "test")) return true;
    TestMethod m;
    m.name = std::string(tok(name));
    m.range = node_range(n);
    m.name_range = {start_of(name), end_of(name)};
    m.branch = branch;
    for (uint32_t d : n.decorators) m.decorators.push_back(decorator_callee(stmts_[d]));
    c.tests.push_back(std::move(m));
    return true;
  }

  // `@a.b(...)` -> "a.b", `@a` -> "a": as decorator_callee() of the tree-sitter walk.
  std::string decorator_callee(const Stmt& d) const {
    const uint32_t a = d.first + 1, b = d.last;
    if (a > b) return {};
    uint32_t end = b;
    if (is_op(b, ")")) {
      const uint32_t open = t_[b].partner;
      if (open > a && chain_start(b, a) == a) end = open - 1;
    }
    return summary_rules::squeeze(span(a, end).substr(0, 120));
  }

  // `test_add = make_test(fn)`: a test bound by assignment (a call, a name or an attribute).
  void add_generated_test(const Node& n, TestClass& c, uint32_t branch) {
    const Stmt& s = stmts_[n.stmt];
    const uint32_t left = s.first;
    if (!is_name(left) || !starts_with(tok(left), "test") || left + 2 > s.last) return;
    uint32_t rhs = UINT32_MAX;
    if (is_op(left + 1, "=")) {
      rhs = left + 2;
    } else if (is_op(left + 1, ":")) {
      for (uint32_t i = left + 2; i <= s.last; ++i)
        if (is_op(i, "=") && t_[i].depth == t_[left].depth) {
          rhs = i + 1;
          break;
        }
    }
    if (rhs == UINT32_MAX || rhs > s.last) return;
    if (chain_start(s.last, rhs) != rhs) return;
    if (!(is_name(rhs) || t_[rhs].kind == OutlineToken::String || is_op(rhs, "(") || is_op(rhs, "[") || is_op(rhs, "{")))
      return;
    const bool call = is_op(s.last, ")") && t_[s.last].partner > rhs;
    const bool attribute = is_name(s.last) && s.last >= rhs + 2 && is_op(s.last - 1, ".");
    const bool identifier = is_name(s.last) && s.last == rhs;
    if (!call && !attribute && !identifier) return;
    TestMethod m;
    m.name = std::string(tok(left));
    m.range = {start_of(s.first), end_of(s.last)};
    m.name_range = {start_of(left), end_of(left)};
    m.generated = true;
    m.branch = branch;
    c.tests.push_back(std::move(m));
  }

  // tree-sitter-python reads `[*f(x)]`, `{*f(x)}` (the only element) and `a = *f(x), b` (outside
  // brackets) as a call of `*f` (call(function: list_splat(f))), not as the splat of a call; in
  // parentheses (arguments, tuples, bases) and among other elements it is the splat of a call.
  // A call of `*f` names nothing.
  bool splat_swallows_call(uint32_t name, uint32_t from) const {
    if (name < from + 1 || !is_op(name - 1, "*")) return false;
    if (name >= from + 2) {
      const uint32_t before = name - 2;
      const bool operand = t_[before].kind != OutlineToken::Op || is_op(before, ")") || is_op(before, "]") ||
                           is_op(before, "}");
      if (operand && !(t_[before].kind == OutlineToken::Name && is_keyword(tok(before)))) return false;  // a * f(x)
    }
    if (t_[name].depth == 0) return true;
    for (uint32_t k = name - 1; k-- > from;) {
      if (!(t_[k].depth == t_[name].depth - 1 && t_[k].partner > name)) continue;
      if (is_op(k, "(")) return false;
      for (uint32_t e = k + 1; e < t_[k].partner; ++e)
        if (t_[e].depth == t_[name].depth && is_op(e, ",")) return false;
      return true;
    }
    return false;
  }

  // Every call (its name, and the conventions it marks) and every decorator, anywhere.
  bool scan_calls_and_decorators() {
    for (const OutlineLine& line : o_.lines) {
      if (line.token_count == 0) continue;
      const uint32_t from = line.first_token, to = line.first_token + line.token_count;
      if (is_op(from, "@")) {
        Stmt d;
        d.first = from;
        d.last = to - 1;
        out_.conventions |= summary_rules::decorator_conventions(decorator_callee(d));
      }
      for (uint32_t i = from + 1; i < to; ++i) {
        if (!is_op(i, "(") || !is_name(i - 1)) continue;
        if (i >= from + 2 && t_[i - 2].kind == OutlineToken::Name && (tok(i - 2) == "def" || tok(i - 2) == "class"))
          continue;
        if (splat_swallows_call(i - 1, from)) continue;
        const std::string_view last = tok(i - 1);
        const std::string_view full = span(chain_start(i - 1, from), i - 1);
        if (last.size() >= 2) {
          // Most calls repeat (assertEqual, torch.randn): a small table of recent names keeps
          // the list to sort short.
          const uint64_t h = identifier_hash(last);
          uint64_t& slot = recent_ids_[h & (recent_ids_.size() - 1)];
          if (slot != h) ids_.push_back(slot = h);
        }
        const summary_rules::CallKind kind = summary_rules::call_kind(last, full);
        out_.conventions |= kind.conventions;
        if (kind.keywords == summary_rules::CallKind::kNone) continue;
        const uint32_t close = t_[i].partner;
        uint32_t begin = i + 1;
        for (uint32_t k = i + 1; k <= close; ++k) {
          if (k < close && !(is_op(k, ",") && t_[k].depth == t_[i].depth + 1)) continue;
          if (k >= begin + 3 && t_[begin].kind == OutlineToken::Name && is_op(begin + 1, "="))
            out_.conventions |= summary_rules::keyword_conventions(kind.keywords, tok(begin), span(begin + 2, k - 1));
          begin = k + 1;
        }
      }
    }
    return true;
  }

  std::string_view text_;
  const PythonOutline& o_;
  const std::vector<OutlineToken>& t_;
  TSParser* parser_;
  std::vector<Stmt> stmts_;
  std::vector<uint32_t> levels_;  // skip_block()'s indentation stack.
  FileSummary out_;
  std::vector<uint64_t> ids_;
  std::array<uint64_t, 64> recent_ids_{};
  bool seen_definition_ = false;
  uint32_t branches_ = 0;
};

}  // namespace

std::optional<FileSummary> summarize_python_outline(std::string_view path, std::string_view text, TSParser* parser) {
  // The buffers are kept from one file to the next on each thread, but not after a giant file
  // (a worker would otherwise hold its tokens for good).
  thread_local PythonOutline outline;
  struct Trim {
    PythonOutline& o;
    ~Trim() {
      if (o.tokens.capacity() > (size_t(1) << 18)) o = PythonOutline();
    }
  } trim{outline};
  if (!scan_python_outline(text, outline)) return std::nullopt;
  return Builder(path, text, outline, parser).run();
}

FileSummary summarize_python_fast(std::string_view path, std::string_view text, TSParser* parser,
                                  bool* took_fast_path) {
  std::optional<FileSummary> fast = summarize_python_outline(path, text, parser);
  if (took_fast_path) *took_fast_path = fast.has_value();
  if (fast) return std::move(*fast);
  return summarize_python(path, text, parser);
}

}  // namespace pt2bb
