#include "syntax/document.h"

namespace pt2bb {

Point end_point_after_insert(Point start, std::string_view inserted) {
  Point end = start;
  for (char c : inserted) {
    if (c == '\n') {
      ++end.line;
      end.column = 0;
    } else {
      ++end.column;
    }
  }
  return end;
}

Document::Document(std::string text)
    : parser_(make_python_parser()), text_(std::make_shared<const std::string>(std::move(text))) {
  index_ = std::make_unique<LineIndex>(*text_);
  reparse(nullptr);
}

void Document::reparse(const TSTree* old_tree) {
  TreePtr fresh = parse_python(parser_.get(), *text_, old_tree);
  // Without a cancellation flag or timeout a parse only fails on allocation failure; keep the
  // old tree rather than none.
  if (fresh) tree_ = std::move(fresh);
}

void Document::apply_changes(const std::vector<TextChange>& changes, PositionEncoding enc) {
  if (changes.empty()) return;
  std::string text = *text_;
  bool incremental = true;
  for (const auto& change : changes) {
    if (!change.range) {
      text = change.text;
      incremental = false;
      index_ = std::make_unique<LineIndex>(text);
      continue;
    }
    // The index must describe the current text; it is rebuilt after each change below.
    const auto& [from, to] = *change.range;
    uint32_t start = index_->offset_of(from.line, from.character, enc);
    uint32_t old_end = index_->offset_of(to.line, to.character, enc);
    if (old_end < start) std::swap(start, old_end);
    const Point start_point = index_->point_at(start);
    const Point old_end_point = index_->point_at(old_end);
    text.replace(start, old_end - start, change.text);
    const uint32_t new_end = start + static_cast<uint32_t>(change.text.size());
    const Point new_end_point = end_point_after_insert(start_point, change.text);
    if (incremental && tree_) {
      TSInputEdit edit{start,
                       old_end,
                       new_end,
                       {start_point.line, start_point.column},
                       {old_end_point.line, old_end_point.column},
                       {new_end_point.line, new_end_point.column}};
      ts_tree_edit(tree_.get(), &edit);
    }
    index_ = std::make_unique<LineIndex>(text);
  }
  text_ = std::make_shared<const std::string>(std::move(text));
  index_ = std::make_unique<LineIndex>(*text_);
  reparse(incremental ? tree_.get() : nullptr);
}

DocumentSnapshot Document::snapshot(std::string path, int64_t version) const {
  return DocumentSnapshot{std::move(path), version, text_,
                          std::shared_ptr<const TSTree>(copy_tree(tree_.get()).release(), TreeDeleter{})};
}

}  // namespace pt2bb
