#include "check/syntax_errors.h"

#include <string>

#include "syntax/tree.h"

namespace pt2bb {
namespace {

constexpr size_t kMaxSnippet = 40;
// A file that is not Python at all would produce one error per line; past this many the rest
// add nothing the user can act on.
constexpr size_t kMaxErrors = 100;

Range node_range(TSNode n) {
  const TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
  return {{s.row, s.column}, {e.row, e.column}};
}

std::string snippet(TSNode n, std::string_view text) {
  std::string_view s = node_text(n, text);
  const size_t nl = s.find('\n');
  if (nl != std::string_view::npos) s = s.substr(0, nl);
  std::string out(s.substr(0, kMaxSnippet));
  if (s.size() > kMaxSnippet) out += "...";
  return out;
}

void collect(TSNode n, const FileContext& ctx, std::vector<Finding>& out) {
  if (out.size() >= kMaxErrors) return;
  if (ts_node_is_missing(n)) {
    Finding f;
    f.path = std::string(ctx.path);
    f.range = node_range(n);
    f.severity = Severity::Error;
    f.code = "syntax-error";
    const std::string_view type = ts_node_type(n);
    f.message = ctx.lang == Lang::Fr ? "Erreur de syntaxe : « " + std::string(type) + " » manquant"
                                     : "Syntax error: missing `" + std::string(type) + "`";
    out.push_back(std::move(f));
    return;
  }
  if (std::string_view(ts_node_type(n)) == "ERROR") {
    Finding f;
    f.path = std::string(ctx.path);
    f.range = node_range(n);
    f.severity = Severity::Error;
    f.code = "syntax-error";
    const std::string what = snippet(n, ctx.text);
    if (ctx.lang == Lang::Fr) {
      f.message = what.empty() ? "Erreur de syntaxe" : "Erreur de syntaxe : « " + what + " » inattendu";
    } else {
      f.message = what.empty() ? "Syntax error" : "Syntax error: unexpected `" + what + "`";
    }
    out.push_back(std::move(f));
    return;  // Errors nested in an ERROR node repeat the same problem.
  }
  if (!ts_node_has_error(n)) return;
  const uint32_t count = ts_node_child_count(n);
  for (uint32_t i = 0; i < count; ++i) collect(ts_node_child(n, i), ctx, out);
}

}  // namespace

std::vector<Finding> find_syntax_errors(const FileContext& ctx) {
  std::vector<Finding> out;
  if (!ctx.tree) return out;
  collect(ts_tree_root_node(ctx.tree), ctx, out);
  return out;
}

}  // namespace pt2bb
