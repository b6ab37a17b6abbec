// to_proto / from_proto: the one boundary between analyzer results (byte-column points, plain
// findings) and LSP wire types (encoded positions, diagnostics, edits).
#pragma once

#include <functional>
#include <string>

#include "core/finding.h"
#include "protocol/types.h"
#include "syntax/line_index.h"

namespace pt2bb {

protocol::Position to_proto(const LineIndex& lines, Point p, PositionEncoding enc);
protocol::Range to_proto(const LineIndex& lines, const Range& r, PositionEncoding enc);
Point from_proto(const LineIndex& lines, const protocol::Position& p, PositionEncoding enc);
Range from_proto(const LineIndex& lines, const protocol::Range& r, PositionEncoding enc);

// Resolves the line index of another file (for related locations and multi-file edits).
// Returns null when the file cannot be read; positions then keep their byte columns.
using LineIndexLookup = std::function<const LineIndex*(const std::string& path)>;

protocol::Diagnostic to_proto(const Finding& f, const LineIndex& lines, PositionEncoding enc,
                              const LineIndexLookup& other_files = {});

// Fix -> WorkspaceEdit. Edits without a path apply to `default_path`.
protocol::WorkspaceEdit to_proto(const Fix& fix, const std::string& default_path, const LineIndex& lines,
                                 PositionEncoding enc, const LineIndexLookup& other_files = {});

}  // namespace pt2bb
