#include "lint/suppression.h"

#include <cctype>

#include "lint/lint_text.h"

namespace pt2bb {
namespace {

constexpr std::string_view kMarker = "pt2bb: ignore";

// The text of `line` (without its newline), from the line index or by scanning.
std::string_view line_of(const FileContext& ctx, uint32_t line) {
  if (ctx.lines) return ctx.lines->line_text(line);
  size_t start = 0;
  for (uint32_t i = 0; i < line; ++i) {
    start = ctx.text.find('\n', start);
    if (start == std::string_view::npos) return {};
    ++start;
  }
  const size_t end = ctx.text.find('\n', start);
  return ctx.text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

bool line_suppresses(std::string_view line, std::string_view code) {
  const size_t hash = line.find('#');
  if (hash == std::string_view::npos) return false;
  for (size_t at = line.find(kMarker, hash); at != std::string_view::npos; at = line.find(kMarker, at + 1)) {
    std::string_view rest = line.substr(at + kMarker.size());
    if (rest.empty() || rest[0] != '[') return true;  // A bare `# pt2bb: ignore` silences every code.
    const size_t close = rest.find(']');
    std::string_view list = rest.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1);
    while (!list.empty()) {
      const size_t comma = list.find(',');
      if (trim(list.substr(0, comma)) == code) return true;
      if (comma == std::string_view::npos) break;
      list.remove_prefix(comma + 1);
    }
  }
  return false;
}

void apply_suppressions(const FileContext& ctx, std::vector<Finding>& findings) {
  std::vector<Finding> kept;
  kept.reserve(findings.size());
  for (Finding& f : findings) {
    const std::string_view line = line_of(ctx, f.range.start.line);
    if (!f.code.empty() && line_suppresses(line, f.code)) continue;
    // Findings about another file (related locations) or syntax errors get no suppression fix.
    const bool own_file = f.path.empty() || f.path == ctx.path;
    if (!f.code.empty() && f.code != "syntax-error" && own_file) {
      Fix fix;
      fix.title = lint_label("fix.suppress", ctx.lang, f.code);
      std::string_view content = line;
      if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
      const size_t marker = content.find(std::string(kMarker) + "[");
      const size_t close = marker == std::string_view::npos ? marker : content.find(']', marker);
      if (close != std::string_view::npos) {
        const Point at{f.range.start.line, static_cast<uint32_t>(close)};
        fix.edits.push_back({"", {at, at}, ", " + f.code});
      } else {
        const Point at{f.range.start.line, static_cast<uint32_t>(content.size())};
        fix.edits.push_back({"", {at, at}, "  # pt2bb: ignore[" + f.code + "]"});
      }
      f.fixes.push_back(std::move(fix));
    }
    kept.push_back(std::move(f));
  }
  findings = std::move(kept);
}

}  // namespace pt2bb
