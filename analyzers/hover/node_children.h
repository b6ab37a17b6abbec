// Iterating a node's named children with a tree cursor. ts_node_named_child(n, i) walks the
// siblings from the first each time, so an index loop over a module's thousands of statements is
// quadratic; these helpers are linear. Pure; any thread.
#pragma once

#include <vector>

#include <tree_sitter/api.h>

namespace pt2bb {

template <typename F>
void for_each_named_child(TSNode n, F&& f) {
  if (ts_node_is_null(n)) return;
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&c);
      if (ts_node_is_named(child)) f(child);
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

inline std::vector<TSNode> named_children(TSNode n) {
  std::vector<TSNode> out;
  for_each_named_child(n, [&](TSNode c) { out.push_back(c); });
  return out;
}

// Pre-order walk of the named nodes under `root` (root included) with one cursor, no allocation.
// `f(node)` returns whether to descend into the node's children.
template <typename F>
void visit_named(TSNode root, F&& f) {
  if (ts_node_is_null(root)) return;
  TSTreeCursor c = ts_tree_cursor_new(root);
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    const bool descend = !ts_node_is_named(n) || f(n);
    if (descend && ts_tree_cursor_goto_first_child(&c)) continue;
    bool moved = false;
    while (!moved) {
      if (ts_tree_cursor_goto_next_sibling(&c)) {
        moved = true;
      } else if (!ts_tree_cursor_goto_parent(&c)) {
        ts_tree_cursor_delete(&c);
        return;
      }
    }
  }
}

}  // namespace pt2bb
