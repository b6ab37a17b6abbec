// test-in-test-misc: a test added to test/dynamo/test_misc.py. The file is a many-thousand-line
// catch-all that PyTorch is splitting into thematic files; new tests belong in the file of their
// theme. Only tests absent from the baseline (git HEAD, or the text when the editing session
// began) are flagged: existing tests are not the author's doing.
#include <cstdint>
#include <set>

#include "core/text_lines.h"
#include "syntax/tree.h"
#include "testing/hygiene.h"
#include "testing/repro.h"
#include "testing/target_ranking.h"
#include "testing/test_writer.h"
#include "testing/workspace_index.h"

namespace pt2bb {
namespace {

// Test names in the baseline text, by a line scan: the baseline need not parse, and scanning is
// far cheaper than a second parse of a 15,000-line file on every edit.
std::set<std::string> baseline_test_names(std::string_view text) {
  std::set<std::string> names;
  for (std::string_view line : split_lines(text)) {
    size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos) continue;
    line.remove_prefix(i);
    if (line.substr(0, 6) == "async ") line.remove_prefix(6);
    if (line.substr(0, 4) == "def ") line.remove_prefix(4);
    if (line.substr(0, 4) != "test") continue;
    size_t end = 0;
    while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_')) ++end;
    names.emplace(line.substr(0, end));
  }
  return names;
}

struct Suggestion {
  std::string path;
  std::string class_name;
};

// Where the test should go: ranked over the workspace index like "Add failing test", else the
// usual file of its theme.
Suggestion suggest(const FileContext& ctx, std::string_view method_text) {
  TreePtr tree = parse_python(method_text);
  Repro repro = analyze_repro(method_text, tree.get());
  if (ctx.workspace) {
    auto ranked = rank_targets(*ctx.workspace, repro, repro.inferred, 1);
    if (!ranked.empty()) return {ranked.front().path, ranked.front().class_name};
  }
  switch (repro.inferred) {
    case Category::Recompilation: return {"test/dynamo/test_recompiles.py", "RecompileTests"};
    case Category::Export: return {"test/export/test_export.py", "TestExport"};
    case Category::AotAutograd: return {"test/dynamo/test_aot_autograd.py", "AotAutogradFallbackTests"};
    default: return {"test/dynamo/test_repros.py", "ReproTests"};
  }
}

// The method's lines (decorators included) at column 0.
std::string method_text_at_col0(std::string_view text, const TestMethod& m, const LineIndex& lines) {
  std::string out;
  const uint32_t col = m.range.start.column;
  for (uint32_t l = m.range.start.line; l <= m.range.end.line; ++l) {
    std::string_view line = lines.line_text(l);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    size_t strip = 0;
    while (strip < col && strip < line.size() && (line[strip] == ' ' || line[strip] == '\t')) ++strip;
    out += line.substr(strip);
    out += '\n';
  }
  (void)text;
  return out;
}

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

}  // namespace

std::vector<Finding> find_tests_in_test_misc(const FileContext& ctx, const FileSummary& file) {
  std::vector<Finding> out;
  if (!is_test_misc(ctx.path) || !ctx.head_text || !ctx.lines) return out;
  const std::set<std::string> before = baseline_test_names(*ctx.head_text);
  for (const auto& c : file.classes) {
    for (const auto& t : c.tests) {
      if (before.count(t.name)) continue;
      const std::string method = method_text_at_col0(ctx.text, t, *ctx.lines);
      const Suggestion where = suggest(ctx, method);
      Finding f;
      f.path = std::string(ctx.path);
      f.range = t.name_range;
      f.severity = Severity::Warning;
      f.code = "test-in-test-misc";
      const std::string lines = std::to_string(file.line_count);
      f.message = ctx.lang == Lang::Fr
                      ? "Nouveau test dans test_misc.py, fichier surdimensionné (" + lines + " lignes) : placez `" + t.name +
                            "` dans " + where.path + " (" + where.class_name + ")"
                      : "New test in test_misc.py, an oversized file (" + lines + " lines): put `" + t.name + "` in " +
                            where.path + " (" + where.class_name + ")";
      // The fix needs the target's layout: only when the workspace index knows the file.
      const CompactSummary* target = ctx.workspace ? ctx.workspace->find(where.path) : nullptr;
      const CompactClass* cls = target ? target->find_class(where.class_name) : nullptr;
      if (cls) {
        Fix fix;
        fix.title = "Move test to " + where.path + "::" + where.class_name;
        fix.kind = "quickfix";
        uint32_t first = t.range.start.line;
        if (first > 0 && blank(ctx.lines->line_text(first - 1))) --first;
        fix.edits.push_back({std::string(ctx.path), {{first, 0}, {t.range.end.line + 1, 0}}, ""});
        // The target's text is not at hand here: place by its summary's line numbers.
        const uint32_t after = cls->test_count == 0 ? cls->body_end_line : cls->last_test_end_line;
        const std::string_view body_indent = target->body_indent(*cls);
        std::string indent = body_indent.empty() ? std::string(cls->start_column + 4, ' ') : std::string(body_indent);
        std::string block = "\n";
        size_t pos = 0;
        while (pos < method.size()) {
          size_t nl = method.find('\n', pos);
          if (nl == std::string::npos) nl = method.size();
          std::string_view line = std::string_view(method).substr(pos, nl - pos);
          if (!line.empty()) block += indent + std::string(line);
          block += '\n';
          pos = nl + 1;
        }
        TextEdit insert;
        insert.path = where.path;
        if (after + 1 < target->line_count) {
          insert.range.start = insert.range.end = Point{after + 1, 0};
        } else {
          insert.range.start = insert.range.end = Point{after, UINT32_MAX};
          block = "\n" + block;
        }
        insert.new_text = std::move(block);
        fix.edits.push_back(std::move(insert));
        f.fixes.push_back(std::move(fix));
      }
      out.push_back(std::move(f));
    }
  }
  return out;
}

}  // namespace pt2bb
