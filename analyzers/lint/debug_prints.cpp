#include "lint/debug_prints.h"

#include <cctype>
#include <map>

#include "lint/lint_text.h"
#include "hover/node_children.h"
#include "syntax/tree.h"

namespace pt2bb {
namespace {

Point pt(TSPoint p) { return {p.row, p.column}; }

std::string squeeze(std::string_view s) {
  std::string out;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  return out;
}

// Every `print(...)` call, as its expression statement (or the call itself when it is part of a
// larger expression).
void collect_prints(TSNode n, std::string_view text, std::vector<TSNode>& out) {
  visit_named(n, [&](TSNode c) {
    if (node_type(c) == "call") {
      TSNode f = field(c, "function");
      if (!ts_node_is_null(f) && node_type(f) == "identifier" && node_text(f, text) == "print") out.push_back(c);
    }
    return true;
  });
}

}  // namespace

bool is_compiler_source(std::string_view path) {
  std::string p(path);
  for (char& c : p)
    if (c == '\\') c = '/';
  for (std::string_view dir : {"torch/_dynamo/", "torch/_inductor/", "torch/_functorch/", "torch/export/"}) {
    for (size_t at = p.find(dir); at != std::string::npos; at = p.find(dir, at + 1))
      if (at == 0 || p[at - 1] == '/') return true;
  }
  return false;
}

std::vector<Finding> find_debug_prints(const FileContext& ctx) {
  if (!ctx.tree || !ctx.head_text || !is_compiler_source(ctx.path)) return {};
  if (ctx.text.find("print(") == std::string_view::npos) return {};
  std::vector<TSNode> now;
  collect_prints(ts_tree_root_node(ctx.tree), ctx.text, now);
  if (now.empty()) return {};
  // The prints HEAD already has, by whitespace-free text, with their counts.
  std::map<std::string, int> old;
  if (ctx.head_text->find("print(") != std::string_view::npos) {
    TreePtr head = parse_python(*ctx.head_text);
    std::vector<TSNode> before;
    if (head) collect_prints(ts_tree_root_node(head.get()), *ctx.head_text, before);
    for (TSNode p : before) ++old[squeeze(node_text(p, *ctx.head_text))];
  }
  std::vector<Finding> out;
  for (TSNode call : now) {
    auto it = old.find(squeeze(node_text(call, ctx.text)));
    if (it != old.end() && it->second > 0) {
      --it->second;
      continue;
    }
    const LintText t = lint_text("debug-print", ctx.lang);
    Finding f;
    f.path = std::string(ctx.path);
    f.range = {pt(ts_node_start_point(call)), pt(ts_node_end_point(call))};
    f.code = "debug-print";
    f.severity = t.severity;
    f.message = t.message;
    // The fix deletes the whole statement line(s) when the print is the statement; a print
    // nested in a larger expression is left to the user.
    TSNode stmt = ts_node_parent(call);
    if (!ts_node_is_null(stmt) && node_type(stmt) == "expression_statement" && ts_node_named_child_count(stmt) == 1) {
      TSNode block = ts_node_parent(stmt);
      uint32_t statements = 0;
      for_each_named_child(block, [&](TSNode c) { statements += node_type(c) != "comment"; });
      const Point s = pt(ts_node_start_point(stmt)), e = pt(ts_node_end_point(stmt));
      // Only when the statement owns its lines (nothing else before or after it on them).
      const std::string_view before = ctx.text.substr(ts_node_start_byte(stmt) - s.column, s.column);
      size_t eol = ctx.text.find('\n', ts_node_end_byte(stmt));
      if (eol == std::string_view::npos) eol = ctx.text.size();
      const std::string_view after = ctx.text.substr(ts_node_end_byte(stmt), eol - ts_node_end_byte(stmt));
      auto blank = [](std::string_view v) {
        for (char c : v)
          if (!std::isspace(static_cast<unsigned char>(c))) return false;
        return true;
      };
      if (blank(before) && blank(after)) {
        Fix fix;
        fix.title = t.fix;
        fix.preferred = true;
        if (statements <= 1 && node_type(block) == "block") {
          fix.edits.push_back({"", {s, e}, "pass"});  // Alone in its block: keep the block valid.
        } else {
          fix.edits.push_back({"", {{s.line, 0}, {e.line + 1, 0}}, ""});
        }
        f.fixes.push_back(std::move(fix));
      }
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace pt2bb
