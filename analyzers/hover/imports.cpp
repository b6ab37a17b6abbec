#include "hover/imports.h"

#include <cstring>
#include <vector>

#include "hover/node_children.h"
#include "syntax/tree.h"

namespace pt2bb {
namespace {

// The named children of `n` stored under field `name` (a field may hold several children, which
// ts_node_child_by_field_name cannot return).
std::vector<TSNode> field_children(TSNode n, const char* name) {
  std::vector<TSNode> out;
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      const char* f = ts_tree_cursor_current_field_name(&c);
      if (f && std::strcmp(f, name) == 0) out.push_back(ts_tree_cursor_current_node(&c));
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  return out;
}

bool contains(TSNode n, Point p) {
  const TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
  const Point start{s.row, s.column}, end{e.row, e.column};
  return !(p < start) && !(end < p);
}

void bind_import(TSNode stmt, std::string_view text, std::string_view path, ImportMap& out) {
  const std::string_view type = node_type(stmt);
  if (type == "import_statement") {
    for (TSNode name : field_children(stmt, "name")) {
      if (node_type(name) == "aliased_import") {
        out[std::string(node_text(field(name, "alias"), text))] = std::string(node_text(field(name, "name"), text));
      } else {
        // `import torch._dynamo` binds `torch` to itself.
        std::string dotted(node_text(name, text));
        const std::string head = dotted.substr(0, dotted.find('.'));
        out[head] = head;
      }
    }
    return;
  }
  if (type != "import_from_statement") return;
  const std::string module = import_from_module(stmt, text, path);
  if (module.empty()) return;
  for (TSNode name : field_children(stmt, "name")) {
    if (node_type(name) == "aliased_import") {
      out[std::string(node_text(field(name, "alias"), text))] =
          module + "." + std::string(node_text(field(name, "name"), text));
    } else {
      std::string n(node_text(name, text));
      out[n] = module + "." + n;
    }
  }
}

// Statement containers we descend into; definitions only when they enclose the point.
void walk(TSNode n, std::string_view text, std::string_view path, Point point, ImportMap& out) {
  for_each_named_child(n, [&](TSNode c) {
    const std::string_view t = node_type(c);
    if (t == "import_statement" || t == "import_from_statement") {
      bind_import(c, text, path, out);
    } else if (t == "function_definition" || t == "class_definition" || t == "decorated_definition") {
      if (contains(c, point)) walk(c, text, path, point, out);
    } else if (t == "block" || t == "if_statement" || t == "elif_clause" || t == "else_clause" ||
               t == "try_statement" || t == "except_clause" || t == "finally_clause" || t == "with_statement" ||
               t == "for_statement" || t == "while_statement") {
      walk(c, text, path, point, out);
    }
  });
}

}  // namespace

std::string package_of(std::string_view path) {
  std::string p(path);
  for (char& c : p)
    if (c == '\\') c = '/';
  size_t at = std::string::npos;
  for (size_t pos = p.find("torch/"); pos != std::string::npos; pos = p.find("torch/", pos + 1))
    if (pos == 0 || p[pos - 1] == '/') at = pos;
  if (at == std::string::npos) return {};
  std::string rel = p.substr(at);
  const size_t slash = rel.rfind('/');
  std::string pkg = rel.substr(0, slash);  // The folder of the file is its package.
  for (char& c : pkg)
    if (c == '/') c = '.';
  return pkg;
}

std::string resolve_relative(std::string_view package, int levels, std::string_view module) {
  std::string base(package);
  for (int i = 1; i < levels; ++i) {
    const size_t dot = base.rfind('.');
    if (dot == std::string::npos) return {};
    base.resize(dot);
  }
  if (base.empty()) return {};
  return module.empty() ? base : base + "." + std::string(module);
}

std::string import_from_module(TSNode stmt, std::string_view text, std::string_view path) {
  TSNode mod = field(stmt, "module_name");
  if (ts_node_is_null(mod)) return {};
  if (node_type(mod) != "relative_import") return std::string(node_text(mod, text));
  int levels = 0;
  std::string_view name;
  for (uint32_t i = 0; i < ts_node_named_child_count(mod); ++i) {
    TSNode c = ts_node_named_child(mod, i);
    if (node_type(c) == "import_prefix") levels = static_cast<int>(node_text(c, text).size());
    else if (node_type(c) == "dotted_name") name = node_text(c, text);
  }
  return resolve_relative(package_of(path), levels, name);
}

ImportMap imports_at(TSNode root, std::string_view text, std::string_view path, Point point) {
  ImportMap out;
  walk(root, text, path, point, out);
  return out;
}

}  // namespace pt2bb
