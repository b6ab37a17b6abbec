#include "lsp/convert.h"

#include "support/uri.h"

namespace pt2bb {

protocol::Position to_proto(const LineIndex& lines, Point p, PositionEncoding enc) {
  return {p.line, lines.character_of(p, enc)};
}

protocol::Range to_proto(const LineIndex& lines, const Range& r, PositionEncoding enc) {
  return {to_proto(lines, r.start, enc), to_proto(lines, r.end, enc)};
}

Point from_proto(const LineIndex& lines, const protocol::Position& p, PositionEncoding enc) {
  return lines.point_of(p.line, p.character, enc);
}

Range from_proto(const LineIndex& lines, const protocol::Range& r, PositionEncoding enc) {
  return {from_proto(lines, r.start, enc), from_proto(lines, r.end, enc)};
}

namespace {

protocol::Range convert_other(const Range& r, const std::string& path, const LineIndexLookup& other,
                              PositionEncoding enc) {
  const LineIndex* idx = other ? other(path) : nullptr;
  if (idx) return to_proto(*idx, r, enc);
  return {{r.start.line, r.start.column}, {r.end.line, r.end.column}};
}

}  // namespace

protocol::Diagnostic to_proto(const Finding& f, const LineIndex& lines, PositionEncoding enc,
                              const LineIndexLookup& other_files) {
  protocol::Diagnostic d;
  d.range = to_proto(lines, f.range, enc);
  d.severity = static_cast<int>(f.severity);
  if (!f.code.empty()) d.code = f.code;
  d.source = "pt2bb";
  d.message = f.message;
  if (f.unnecessary) d.tags = std::vector<int>{1};
  if (!f.related.empty()) {
    std::vector<protocol::DiagnosticRelatedInformation> rel;
    for (const auto& r : f.related) {
      const bool same_file = r.path.empty() || r.path == f.path;
      protocol::Range range = same_file ? to_proto(lines, r.range, enc) : convert_other(r.range, r.path, other_files, enc);
      rel.push_back({{uri_from_path(same_file ? f.path : r.path), range}, r.message});
    }
    d.relatedInformation = std::move(rel);
  }
  return d;
}

protocol::WorkspaceEdit to_proto(const Fix& fix, const std::string& default_path, const LineIndex& lines,
                                 PositionEncoding enc, const LineIndexLookup& other_files) {
  protocol::WorkspaceEdit edit;
  for (const auto& e : fix.edits) {
    const bool same_file = e.path.empty() || e.path == default_path;
    const std::string uri = uri_from_path(same_file ? default_path : e.path);
    protocol::Range range = same_file ? to_proto(lines, e.range, enc) : convert_other(e.range, e.path, other_files, enc);
    auto it = std::find_if(edit.changes.begin(), edit.changes.end(), [&](const auto& c) { return c.first == uri; });
    if (it == edit.changes.end()) {
      edit.changes.push_back({uri, {}});
      it = edit.changes.end() - 1;
    }
    it->second.push_back({range, e.new_text});
  }
  return edit;
}

}  // namespace pt2bb
