// Reproduce: run the test or script N times, judge each run with the triage engine and say
// whether the failure is consistent, flaky or absent.
#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "jobs/steps.h"
#include "workflow/markdown.h"

namespace pt2bb {

StepReport reproduce(const StepContext& ctx, const TestTarget& target, int runs) {
  StepReport report;
  runs = std::clamp(runs, 1, 100);
  const ProcessSpec spec = target_spec(ctx, target);
  std::vector<RunVerdict> verdicts;
  std::vector<ProcessResult> results;
  for (int i = 0; i < runs; ++i) {
    if (ctx.cancelled()) break;
    ctx.progress("run " + std::to_string(i + 1) + "/" + std::to_string(runs), i * 100 / runs);
    ProcessResult r = ctx.run(spec);
    if (!r.started()) return not_started("Reproduce " + target.display_name(), target, r);
    if (r.cancelled) break;
    verdicts.push_back(judge_run(ctx, r, target.file));
    results.push_back(std::move(r));
  }
  if (ctx.cancelled()) {
    report.cancelled = true;
    report.headline = "cancelled after " + std::to_string(verdicts.size()) + " run(s)";
    report.markdown = "# Reproduce " + target.display_name() + "\n\n" + report.headline + "\n";
    return report;
  }
  const ReproduceSummary summary = summarize_runs(verdicts);
  report.ok = summary.failures > 0;
  report.category = summary.category;
  report.root_cause = summary.message;
  report.headline = summary.headline + (summary.category.empty() ? "" : ": " + summary.category);

  std::string cmd;
  for (const auto& a : spec.argv) cmd += (cmd.empty() ? "" : " ") + a;
  std::string md = "# Reproduce " + target.display_name() + "\n\n**" + report.headline + "**\n\n";
  md += "Command (in `" + spec.cwd + "`):\n\n" + md_code_block(cmd, "sh") + "\n";
  std::vector<std::vector<std::string>> rows;
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const auto& v = verdicts[i];
    rows.push_back({std::to_string(i + 1), v.failed ? "fails" : "passes", results[i].describe(),
                    fmt::format("{:.1f} s", results[i].duration.count() / 1000.0),
                    v.failed ? v.category : "", v.failed ? v.message : ""});
  }
  md += md_table({"run", "result", "exit", "time", "category", "message"}, rows) + "\n";
  // The output of the first failing run (or the last run) shows what happened.
  size_t shown = results.size() - 1;
  for (size_t i = 0; i < verdicts.size(); ++i)
    if (verdicts[i].failed) {
      shown = i;
      break;
    }
  md += "## Output of run " + std::to_string(shown + 1) + " (last lines)\n\n" +
        md_code_block(last_lines(results[shown].combined(), 60));
  if (const TriageCategory* c = ctx.knowledge ? ctx.knowledge->category(summary.category) : nullptr) {
    md += "\n## " + c->title.in(ctx.lang) + "\n\n" + c->summary.in(ctx.lang) + "\n";
  }
  report.markdown = md;
  return report;
}

}  // namespace pt2bb
