// RAII owners for tree-sitter objects and small helpers over TSNode.
//
// A TSTree is not thread-safe: copy it (ts_tree_copy, cheap) to hand it to another thread.
// A TSParser belongs to one thread at a time.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <tree_sitter/api.h>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace pt2bb {

struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};
struct ParserDeleter {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;
using ParserPtr = std::unique_ptr<TSParser, ParserDeleter>;

// A parser set to Python.
ParserPtr make_python_parser();

// Parses `text` as Python. `old_tree`, if given, must already carry the edits (ts_tree_edit).
// `cancel_flag`, if given, aborts the parse when it becomes non-zero; the result is then null.
TreePtr parse_python(TSParser* parser, std::string_view text, const TSTree* old_tree = nullptr,
                     const size_t* cancel_flag = nullptr);
// Convenience for one-off parses (tests, CLI): a fresh parser each call.
TreePtr parse_python(std::string_view text);

inline TreePtr copy_tree(const TSTree* t) { return TreePtr(t ? ts_tree_copy(t) : nullptr); }

inline std::string_view node_text(TSNode n, std::string_view source) {
  const uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (b >= source.size() || e <= b) return {};
  return source.substr(b, std::min<size_t>(e, source.size()) - b);
}

inline std::string_view node_type(TSNode n) { return ts_node_type(n); }

// The field child `name` of `n` (null node when absent).
inline TSNode field(TSNode n, std::string_view name) {
  return ts_node_child_by_field_name(n, name.data(), static_cast<uint32_t>(name.size()));
}

// S-expression of the tree, for tests comparing trees.
std::string tree_string(const TSTree* t);

}  // namespace pt2bb
