// Document: the text of one open Python file and its incremental tree-sitter parse.
//
// Changes are applied exactly as tree-sitter expects: for each change in order, convert its range
// to bytes against the current text, ts_tree_edit with start / old-end / new-end bytes, splice the
// text, and derive the new-end point from the spliced text; then reparse once with the old tree.
//
// Owned by the session thread. Snapshots (shared text + copied tree) may cross threads.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "syntax/line_index.h"
#include "syntax/tree.h"

namespace pt2bb {

// One content change as an editor sends it: a range in `encoding` units, or none for a full
// replacement of the text.
struct TextChange {
  struct Position {
    uint32_t line = 0;
    uint32_t character = 0;
  };
  std::optional<std::pair<Position, Position>> range;
  std::string text;
};

// An immutable view of a document at one version, safe to hand to a worker thread.
struct DocumentSnapshot {
  std::string path;
  int64_t version = 0;
  std::shared_ptr<const std::string> text;
  std::shared_ptr<const TSTree> tree;  // A copy owned by this snapshot.
};

class Document {
public:
  explicit Document(std::string text);

  // Applies the changes in order and reparses once. Positions past the end are clamped.
  void apply_changes(const std::vector<TextChange>& changes, PositionEncoding enc);

  const std::string& text() const { return *text_; }
  std::shared_ptr<const std::string> shared_text() const { return text_; }
  const TSTree* tree() const { return tree_.get(); }
  const LineIndex& line_index() const { return *index_; }

  DocumentSnapshot snapshot(std::string path, int64_t version) const;

private:
  void reparse(const TSTree* old_tree);

  ParserPtr parser_;
  std::shared_ptr<const std::string> text_;
  std::unique_ptr<LineIndex> index_;
  TreePtr tree_;
};

// Byte length and end point of inserting `inserted` at `start`.
Point end_point_after_insert(Point start, std::string_view inserted);

}  // namespace pt2bb
