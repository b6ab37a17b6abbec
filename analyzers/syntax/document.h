// Document: the text of one open Python file and its incremental tree-sitter parse.
//
// Changes are applied exactly as tree-sitter expects: for each change in order, convert its range
// to bytes against the current text, ts_tree_edit with start / old-end / new-end bytes, splice the
// text, and derive the new-end point from the spliced text; then reparse once with the old tree.
//
// The reparse is deferred: apply_changes() only splices and edits the tree (cheap), so a burst
// of keystrokes costs one parse, not one per key. The parse happens either on a worker, from a
// snapshot (DocumentSnapshot::parse(), then install_parsed() back on the session thread), or
// on the session thread when someone asks for tree() first.
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
  uint64_t revision = 0;  // Document::revision() when taken.
  std::shared_ptr<const std::string> text;
  // A copy owned by this snapshot: the parse of `text` when `parsed`, else the last parse with
  // the later edits applied (an old tree for parse()).
  std::shared_ptr<const TSTree> tree;
  bool parsed = true;

  // Makes `tree` the parse of `text` (incremental from the old tree). Worker threads only.
  void parse();
};

class Document {
public:
  explicit Document(std::string text);

  // Applies the changes in order and reparses once. Positions past the end are clamped.
  void apply_changes(const std::vector<TextChange>& changes, PositionEncoding enc);

  const std::string& text() const { return *text_; }
  std::shared_ptr<const std::string> shared_text() const { return text_; }
  // The parse of text(); parses first (on the calling thread) if an edit is pending.
  const TSTree* tree() const;
  const LineIndex& line_index() const { return *index_; }
  // Counts apply_changes() calls; identifies the text a snapshot was taken of.
  uint64_t revision() const { return revision_; }

  DocumentSnapshot snapshot(std::string path, int64_t version) const;
  // Adopts a worker's parse if it is of this document's current text; else ignores it.
  void install_parsed(const DocumentSnapshot& parsed);

private:
  void reparse() const;

  mutable ParserPtr parser_;
  std::shared_ptr<const std::string> text_;
  std::unique_ptr<LineIndex> index_;
  // The last parse, with every later edit applied by ts_tree_edit (null after a full
  // replacement until the next parse).
  mutable std::shared_ptr<const TSTree> tree_;
  mutable bool dirty_ = false;  // text_ changed since tree_ was parsed.
  uint64_t revision_ = 0;
};

// Byte length and end point of inserting `inserted` at `start`.
Point end_point_after_insert(Point start, std::string_view inserted);

}  // namespace pt2bb
