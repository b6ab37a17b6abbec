#include "minimize/reducer.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

#include "syntax/tree.h"

namespace pt2bb {
namespace {

struct Edit {
  uint32_t start, end;  // Bytes replaced.
  std::string replacement;
};

// Calls whose integer arguments are tensor sizes.
constexpr std::array<std::string_view, 12> kShapeFactories = {
    "randn", "rand", "zeros", "ones", "empty", "full", "randint", "randn_like", "empty_strided", "arange",
    "randperm", "tensor_placeholder"};

bool is_shape_factory(TSNode call, std::string_view src) {
  TSNode fn = field(call, "function");
  if (ts_node_is_null(fn)) return false;
  std::string_view name;
  if (node_type(fn) == "attribute") {
    TSNode obj = field(fn, "object");
    if (ts_node_is_null(obj) || node_text(obj, src) != "torch") return false;
    name = node_text(field(fn, "attribute"), src);
  } else if (node_type(fn) == "identifier") {
    name = node_text(fn, src);
  } else {
    return false;
  }
  return std::find(kShapeFactories.begin(), kShapeFactories.end(), name) != kShapeFactories.end();
}

// Depth-first walk over every node.
template <typename F>
void walk(TSNode root, F&& visit) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  for (;;) {
    visit(ts_tree_cursor_current_node(&cursor));
    if (ts_tree_cursor_goto_first_child(&cursor)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        ts_tree_cursor_delete(&cursor);
        return;
      }
    }
  }
}

uint32_t line_start(std::string_view src, uint32_t byte) {
  while (byte > 0 && src[byte - 1] != '\n') --byte;
  return byte;
}

// The end of the line holding `byte`, past its newline.
uint32_t line_end(std::string_view src, uint32_t byte) {
  while (byte < src.size() && src[byte] != '\n') ++byte;
  return byte < src.size() ? byte + 1 : byte;
}

bool only_space(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

// Whether what follows `byte` on its line is blank or a comment.
bool rest_of_line_blank(std::string_view src, uint32_t byte) {
  const uint32_t end = line_end(src, byte);
  std::string_view rest = src.substr(byte, end - byte);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  return rest.empty() || rest.front() == '\n' || rest.front() == '#' || rest.front() == '\r';
}

std::string one_line(std::string_view text) {
  std::string s(text.substr(0, text.find('\n')));
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

bool is_statement_container(TSNode n) {
  const auto t = node_type(n);
  return t == "module" || t == "block";
}

uint32_t named_statement_count(TSNode container) {
  uint32_t count = 0;
  for (uint32_t i = 0; i < ts_node_named_child_count(container); ++i)
    if (node_type(ts_node_named_child(container, i)) != "comment") ++count;
  return count;
}

// The edit removing statement `s` (whole lines), or replacing it by `pass` when it is the only
// statement of its block. Empty replacement range when the statement shares its lines.
std::optional<Edit> remove_statement(TSNode s, std::string_view src) {
  const uint32_t b = ts_node_start_byte(s), e = ts_node_end_byte(s);
  const uint32_t ls = line_start(src, b);
  if (!only_space(src.substr(ls, b - ls)) || !rest_of_line_blank(src, e)) return std::nullopt;
  const uint32_t le = line_end(src, e);
  TSNode parent = ts_node_parent(s);
  if (node_type(parent) == "block" && named_statement_count(parent) == 1) {
    return Edit{ls, le, std::string(src.substr(ls, b - ls)) + "pass\n"};
  }
  return Edit{ls, le, ""};
}

// Removing one argument: the argument and the comma that separates it from its neighbour.
Edit remove_argument(TSNode args, uint32_t index, std::string_view src) {
  TSNode arg = ts_node_named_child(args, index);
  uint32_t b = ts_node_start_byte(arg), e = ts_node_end_byte(arg);
  const uint32_t count = ts_node_named_child_count(args);
  if (index + 1 < count) {
    e = ts_node_start_byte(ts_node_named_child(args, index + 1));  // "a, b" -> "b".
  } else if (index > 0) {
    b = ts_node_end_byte(ts_node_named_child(args, index - 1));    // "a, b" -> "a".
  } else {
    // The only argument: also drop a trailing comma.
    uint32_t x = e;
    while (x < src.size() && (src[x] == ' ' || src[x] == ',')) ++x;
    if (x < src.size() && src[x] == ')') e = x;
  }
  return Edit{b, e, ""};
}

std::string apply_edits(std::string_view src, const std::vector<Edit>& edits) {
  std::vector<Edit> sorted = edits;
  std::sort(sorted.begin(), sorted.end(), [](const Edit& x, const Edit& y) { return x.start > y.start; });
  std::string out(src);
  for (const auto& e : sorted) out.replace(e.start, e.end - e.start, e.replacement);
  return out;
}

}  // namespace

std::vector<ReductionCandidate> reduction_candidates(std::string_view src, size_t max_candidates) {
  TreePtr tree = parse_python(src);
  if (!tree) return {};
  TSNode root = ts_tree_root_node(tree.get());

  // Proposals by kind; assembled in kind order at the end.
  std::vector<std::pair<std::string, std::pair<std::string, std::vector<Edit>>>> proposals;
  auto propose = [&](std::string kind, std::string description, std::vector<Edit> edits) {
    proposals.push_back({std::move(kind), {std::move(description), std::move(edits)}});
  };

  // Identifier use counts, for unused definitions.
  std::map<std::string, int, std::less<>> uses;
  walk(root, [&](TSNode n) {
    if (node_type(n) == "identifier") ++uses[std::string(node_text(n, src))];
  });

  // Top-level unused functions and classes.
  for (uint32_t i = 0; i < ts_node_named_child_count(root); ++i) {
    TSNode s = ts_node_named_child(root, i);
    TSNode def = node_type(s) == "decorated_definition" ? field(s, "definition") : s;
    if (ts_node_is_null(def) || (node_type(def) != "function_definition" && node_type(def) != "class_definition"))
      continue;
    const std::string_view name = node_text(field(def, "name"), src);
    auto it = uses.find(name);
    if (it == uses.end() || it->second != 1) continue;
    if (auto e = remove_statement(s, src))
      propose("unused-def", "remove unused " + std::string(node_type(def) == "class_definition" ? "class " : "function ") +
                                std::string(name),
              {*e});
  }

  walk(root, [&](TSNode n) {
    const auto type = node_type(n);
    if (is_statement_container(n)) {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode s = ts_node_named_child(n, i);
        if (node_type(s) == "comment") continue;
        if (auto e = remove_statement(s, src)) {
          const uint32_t line = ts_node_start_point(s).row + 1;
          propose("statement", "remove line " + std::to_string(line) + ": " + one_line(node_text(s, src)), {*e});
        }
      }
    } else if (type == "argument_list" && node_type(ts_node_parent(n)) == "call") {
      // (Class bases are an argument_list too, under a class_definition: left alone.)
      TSNode call = ts_node_parent(n);
      const uint32_t count = ts_node_named_child_count(n);
      for (uint32_t i = 0; i < count; ++i) {
        TSNode arg = ts_node_named_child(n, i);
        if (node_type(arg) == "comment") continue;
        propose("argument", "remove argument " + one_line(node_text(arg, src)) + " of " +
                                one_line(node_text(field(call, "function"), src)),
                {remove_argument(n, i, src)});
      }
    } else if (type == "binary_operator" || type == "boolean_operator") {
      TSNode l = field(n, "left"), r = field(n, "right");
      if (!ts_node_is_null(l) && !ts_node_is_null(r)) {
        const std::string text(node_text(n, src));
        propose("expression", "simplify " + one_line(text) + " to its left side",
                {{ts_node_start_byte(n), ts_node_end_byte(n), std::string(node_text(l, src))}});
        propose("expression", "simplify " + one_line(text) + " to its right side",
                {{ts_node_start_byte(n), ts_node_end_byte(n), std::string(node_text(r, src))}});
      }
    } else if (type == "conditional_expression" && ts_node_named_child_count(n) >= 1) {
      TSNode body = ts_node_named_child(n, 0);
      propose("expression", "simplify " + one_line(node_text(n, src)) + " to its first branch",
              {{ts_node_start_byte(n), ts_node_end_byte(n), std::string(node_text(body, src))}});
    } else if (type == "parenthesized_expression" && ts_node_named_child_count(n) == 1) {
      TSNode inner = ts_node_named_child(n, 0);
      if (node_type(inner) != "parenthesized_expression")
        propose("expression", "drop the parentheses of " + one_line(node_text(n, src)),
                {{ts_node_start_byte(n), ts_node_end_byte(n), std::string(node_text(inner, src))}});
    }
  });

  // Shapes: one candidate per call, and one for every call at once.
  std::vector<Edit> all_shapes;
  size_t shape_calls = 0;
  walk(root, [&](TSNode n) {
    if (node_type(n) != "call" || !is_shape_factory(n, src)) return;
    TSNode args = field(n, "arguments");
    if (ts_node_is_null(args)) return;
    std::vector<Edit> edits;
    walk(args, [&](TSNode x) {
      if (node_type(x) != "integer") return;
      // Sizes only: skip keyword arguments other than size=, and dtype/device expressions.
      for (TSNode p = ts_node_parent(x); !ts_node_is_null(p) && !ts_node_eq(p, args); p = ts_node_parent(p)) {
        if (node_type(p) == "keyword_argument" && node_text(field(p, "name"), src) != "size") return;
        if (node_type(p) == "call" || node_type(p) == "attribute") return;
      }
      const std::string_view digits = node_text(x, src);
      if (digits.size() > 1 || (digits.size() == 1 && digits[0] > '2'))
        if (digits.find_first_not_of("0123456789") == std::string_view::npos)
          edits.push_back({ts_node_start_byte(x), ts_node_end_byte(x), "2"});
    });
    if (edits.empty()) return;
    all_shapes.insert(all_shapes.end(), edits.begin(), edits.end());
    ++shape_calls;
    propose("shape", "shrink the sizes of " + one_line(node_text(n, src)), std::move(edits));
  });
  if (shape_calls > 1) propose("shape", "shrink every tensor size to 2", all_shapes);

  static constexpr std::array<std::string_view, 5> kOrder = {"unused-def", "statement", "shape", "argument",
                                                             "expression"};
  std::vector<ReductionCandidate> out;
  std::set<std::string> seen;
  auto parser = make_python_parser();
  for (auto kind : kOrder) {
    for (auto& [k, p] : proposals) {
      if (k != kind) continue;
      if (max_candidates && out.size() >= max_candidates) return out;
      std::string text = apply_edits(src, p.second);
      // Shrinking "8" to "2" keeps the length but lowers a number that never grows back, so
      // shape candidates may be as long as the source; every other kind must be shorter.
      const bool smaller = text.size() < src.size() || (kind == "shape" && text.size() == src.size() && text != src);
      if (!smaller || !seen.insert(text).second) continue;
      TreePtr t = parse_python(parser.get(), text);
      if (!t || ts_node_has_error(ts_tree_root_node(t.get()))) continue;
      out.push_back({k, p.first, std::move(text)});
    }
  }
  return out;
}

}  // namespace pt2bb
