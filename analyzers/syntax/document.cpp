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

namespace {

std::shared_ptr<const TSTree> share(TreePtr t) { return std::shared_ptr<const TSTree>(t.release(), TreeDeleter{}); }

}  // namespace

Document::Document(std::string text)
    : parser_(make_python_parser()), text_(std::make_shared<const std::string>(std::move(text))) {
  index_ = std::make_unique<LineIndex>(*text_);
  dirty_ = true;
}

const TSTree* Document::tree() const {
  if (dirty_) reparse();
  return tree_.get();
}

void Document::reparse() const {
  TreePtr fresh = parse_python(parser_.get(), *text_, tree_.get());
  // Without a cancellation flag or timeout a parse only fails on allocation failure; keep the
  // old tree rather than none.
  if (fresh) {
    tree_ = share(std::move(fresh));
    dirty_ = false;
  }
}

void DocumentSnapshot::parse() {
  if (parsed) return;
  auto parser = make_python_parser();
  TreePtr fresh = parse_python(parser.get(), *text, tree.get());
  if (!fresh) return;
  tree = share(std::move(fresh));
  parsed = true;
}

void Document::install_parsed(const DocumentSnapshot& parsed) {
  // The same shared text object, not just the same revision: a reopened document starts its
  // revisions again.
  if (parsed.text == text_ && parsed.revision == revision_ && parsed.parsed && dirty_ && parsed.tree) {
    tree_ = parsed.tree;  // The worker is done with it.
    dirty_ = false;
  }
}

void Document::apply_changes(const std::vector<TextChange>& changes, PositionEncoding enc) {
  if (changes.empty()) return;
  std::string text = *text_;
  // Edits go into a private copy of the tree: snapshots may share the current one.
  TreePtr edited = tree_ ? copy_tree(tree_.get()) : nullptr;
  for (const auto& change : changes) {
    if (!change.range) {
      text = change.text;
      edited.reset();  // Nothing of the old tree can be reused.
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
    if (edited) {
      TSInputEdit edit{start,
                       old_end,
                       new_end,
                       {start_point.line, start_point.column},
                       {old_end_point.line, old_end_point.column},
                       {new_end_point.line, new_end_point.column}};
      ts_tree_edit(edited.get(), &edit);
    }
    index_ = std::make_unique<LineIndex>(text);
  }
  text_ = std::make_shared<const std::string>(std::move(text));
  index_ = std::make_unique<LineIndex>(*text_);
  tree_ = share(std::move(edited));
  dirty_ = true;
  ++revision_;
}

DocumentSnapshot Document::snapshot(std::string path, int64_t version) const {
  DocumentSnapshot snap;
  snap.path = std::move(path);
  snap.version = version;
  snap.revision = revision_;
  snap.text = text_;
  snap.tree = tree_ ? share(copy_tree(tree_.get())) : nullptr;
  snap.parsed = !dirty_;
  return snap;
}

}  // namespace pt2bb
