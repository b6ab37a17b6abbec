#include "syntax/tree.h"

#include <cstdlib>

namespace pt2bb {

ParserPtr make_python_parser() {
  ParserPtr p(ts_parser_new());
  ts_parser_set_language(p.get(), tree_sitter_python());
  return p;
}

TreePtr parse_python(TSParser* parser, std::string_view text, const TSTree* old_tree,
                     const size_t* cancel_flag) {
  ts_parser_set_cancellation_flag(parser, cancel_flag);
  TSTree* t = ts_parser_parse_string_encoding(parser, old_tree, text.data(),
                                              static_cast<uint32_t>(text.size()), TSInputEncodingUTF8);
  ts_parser_set_cancellation_flag(parser, nullptr);
  if (!t) ts_parser_reset(parser);  // A cancelled parse must not be resumed with other text.
  return TreePtr(t);
}

TreePtr parse_python(std::string_view text) {
  auto parser = make_python_parser();
  return parse_python(parser.get(), text);
}

std::string tree_string(const TSTree* t) {
  if (!t) return {};
  char* s = ts_node_string(ts_tree_root_node(t));
  std::string out(s);
  std::free(s);
  return out;
}

}  // namespace pt2bb
