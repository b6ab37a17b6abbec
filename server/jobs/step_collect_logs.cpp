// Collect logs: rerun with the logging the triage category calls for (from the knowledge
// file's next commands), triage the output and turn its findings into diagnostics on the
// user's lines.
#include <filesystem>

#include <spdlog/fmt/fmt.h>

#include "jobs/steps.h"
#include "support/file_io.h"
#include "workflow/log_env.h"
#include "workflow/markdown.h"

namespace pt2bb {
namespace fs = std::filesystem;
namespace {

// The log's file name made local: absolute paths that exist, or paths relative to the run's
// folder or the workspace. Logs from other machines name files that are not here: skipped.
std::optional<std::string> local_file(const std::string& logged, const std::string& cwd, const std::string& root) {
  std::error_code ec;
  fs::path p(logged);
  if (p.is_absolute()) {
    if (fs::is_regular_file(p, ec)) return fs::weakly_canonical(p, ec).string();
    return std::nullopt;
  }
  for (const auto& base : {cwd, root}) {
    if (base.empty()) continue;
    fs::path q = fs::path(base) / p;
    if (fs::is_regular_file(q, ec)) return fs::weakly_canonical(q, ec).string();
  }
  return std::nullopt;
}

// The non-blank part of line `line` (1-based) of `text`, as a range.
Range line_range(const std::string& text, uint32_t line) {
  size_t start = 0;
  for (uint32_t l = 1; l < line && start != std::string::npos; ++l) {
    start = text.find('\n', start);
    if (start != std::string::npos) ++start;
  }
  if (start == std::string::npos) return {{line - 1, 0}, {line - 1, 0}};
  size_t end = text.find('\n', start);
  if (end == std::string::npos) end = text.size();
  size_t first = start;
  while (first < end && (text[first] == ' ' || text[first] == '\t')) ++first;
  return {{line - 1, static_cast<uint32_t>(first - start)}, {line - 1, static_cast<uint32_t>(end - start)}};
}

}  // namespace

StepReport collect_logs(const StepContext& ctx, const TestTarget& target, const std::string& category_hint) {
  StepReport report;
  std::string category = category_hint;
  if (category.empty() || category == "unknown") {
    // No category yet: one plain run says which logs to ask for.
    ctx.progress("classifying the failure", 10);
    ProcessResult first = ctx.run(target_spec(ctx, target));
    if (!first.started()) return not_started("Collect logs", target, first);
    category = judge_run(ctx, first, target.file).category;
  }
  if (ctx.cancelled()) {
    report.cancelled = true;
    report.headline = "cancelled";
    return report;
  }
  const auto vars = ctx.knowledge ? log_environment(*ctx.knowledge, category)
                                  : std::map<std::string, std::string>{{"TORCHDYNAMO_VERBOSE", "1"}};
  std::string env_text;
  for (const auto& [k, v] : vars) env_text += (env_text.empty() ? "" : " ") + k + "=" + v;
  ctx.progress("rerunning with " + env_text, 40);
  const ProcessSpec spec = target_spec(ctx, target, vars);
  ProcessResult r = ctx.run(spec);
  if (!r.started()) return not_started("Collect logs", target, r);
  if (r.cancelled) {
    report.cancelled = true;
    report.headline = "cancelled";
    return report;
  }
  ctx.progress("triaging " + std::to_string(r.out_bytes + r.err_bytes) + " bytes of output", 80);
  const TriageReport tr = triage_run(ctx, r, target.file);
  report.ok = true;
  report.category = tr.category;
  if (!tr.findings.empty()) report.root_cause = tr.findings.front().message;

  std::map<std::string, std::string> texts;  // Files read for ranges.
  size_t placed = 0;
  for (const auto& f : tr.findings) {
    if (!f.has_user_frame || f.user_frame.line == 0) continue;
    auto path = local_file(f.user_frame.file, spec.cwd, ctx.workspace_root);
    if (!path) continue;
    if (!texts.count(*path)) texts[*path] = read_file(*path).value_or("");
    Finding d;
    d.path = *path;
    d.range = line_range(texts[*path], f.user_frame.line);
    d.severity = f.terminal ? Severity::Error : Severity::Warning;
    d.code = "job." + f.category;
    d.message = f.title + ": " + f.message;
    if (!f.detail.empty()) d.message += "\n" + f.detail;
    if (!f.gb_id.empty()) d.message += "\n" + f.gb_id + (f.gb_type.empty() ? "" : " (" + f.gb_type + ")");
    for (const auto& h : f.gb_hints) d.message += "\nHint: " + h;
    if (f.count > 1) d.message += fmt::format("\n(seen {} times)", f.count);
    report.findings[*path].push_back(std::move(d));
    ++placed;
  }
  report.headline = fmt::format("{}: {} finding(s), {} on your code ({})", tr.category, tr.findings.size(), placed, env_text);

  std::string md = "# Collect logs: " + target.display_name() + "\n\n**" + report.headline + "**\n\n";
  md += "Environment added to the run:\n\n" + md_code_block(env_text, "sh") + "\n";
  std::vector<std::vector<std::string>> rows;
  for (const auto& f : tr.findings) {
    std::string where = f.has_user_frame ? f.user_frame.file + ":" + std::to_string(f.user_frame.line) : "";
    rows.push_back({f.category, f.message, where, std::to_string(f.count)});
    if (rows.size() >= 50) break;
  }
  if (!rows.empty()) md += md_table({"category", "message", "user code", "count"}, rows) + "\n";
  if (!tr.findings.empty()) {
    const auto& top = tr.findings.front();
    if (!top.fix_approach.empty()) md += "## Fix approach\n\n" + top.fix_approach + "\n\n";
    if (!top.key_files.empty()) {
      md += "## Key files\n\n";
      for (const auto& k : top.key_files) md += "- `" + k + "`\n";
      md += "\n";
    }
  }
  md += fmt::format("## Output (last lines of {} bytes{})\n\n", r.out_bytes + r.err_bytes,
                    r.truncated ? ", middle dropped" : "");
  md += md_code_block(last_lines(r.combined(), 80));
  report.markdown = md;
  return report;
}

}  // namespace pt2bb
