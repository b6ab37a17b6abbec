// Verify: run the new test and its related tests (the same class, and tests whose names share
// a word with it) and report a pass/fail table; the step succeeds only when all of them pass
// and the new test is among them.
#include <spdlog/fmt/fmt.h>

#include "jobs/steps.h"
#include "workflow/markdown.h"
#include "workflow/test_results.h"

namespace pt2bb {

StepReport verify(const StepContext& ctx, const TestTarget& target) {
  StepReport report;
  const TestCommand cmd = related_tests_command(target, ctx.workspace_root, package_root(target.file));
  ProcessSpec spec;
  spec.argv = ctx.python.launcher;
  spec.argv.insert(spec.argv.end(), cmd.args.begin(), cmd.args.end());
  spec.cwd = cmd.cwd;
  spec.env = ctx.env;
  spec.env["PYTHONUNBUFFERED"] = "1";
  spec.timeout = ctx.timeout;
  ctx.progress("running " + target.display_name() + " and related tests", 10);
  ProcessResult r = ctx.run(spec);
  std::string command;
  for (const auto& a : spec.argv) command += (command.empty() ? "" : " ") + a;
  auto header = [&] { return "# Verify " + target.display_name() + "\n\n**" + report.headline + "**\n\n"; };
  if (!r.started() || r.cancelled || r.timed_out) {
    report.cancelled = r.cancelled;
    report.headline = r.started() ? r.describe() : "cannot run the tests: " + r.error;
    report.markdown = header();
    return report;
  }
  const auto outcomes = parse_test_outcomes(r.combined());
  size_t passed = 0;
  bool has_new = false;
  const std::string wanted = target.display_name();
  std::vector<std::vector<std::string>> rows;
  for (const auto& o : outcomes) {
    if (o.status == TestStatus::Passed || o.status == TestStatus::Skipped) ++passed;
    if (o.name == wanted || o.name.ends_with("." + target.test_name)) has_new = true;
    rows.push_back({o.name == wanted ? "**" + o.name + "** (new)" : o.name,
                    o.status == TestStatus::Passed ? "pass" : test_status_name(o.status), o.message});
  }
  const size_t failing = outcomes.size() - passed;
  report.ok = has_new && failing == 0 && r.exit_code == 0;
  if (outcomes.empty()) report.headline = "no test ran (" + r.describe() + ")";
  else if (!has_new) report.headline = fmt::format("{} was not among the {} tests that ran", wanted, outcomes.size());
  else if (report.ok) report.headline = fmt::format("all {} tests pass", outcomes.size());
  else report.headline = fmt::format("{} of {} tests fail", failing, outcomes.size());
  for (const auto& o : outcomes)
    if (o.status == TestStatus::Passed) report.tests.push_back(o.name);
  std::string md = header();
  md += "Command (in `" + spec.cwd + "`):\n\n" + md_code_block(command, "sh") + "\n";
  if (!rows.empty()) md += md_table({"test", "result", "message"}, rows) + "\n";
  if (!report.ok) md += "## Output (last lines)\n\n" + md_code_block(last_lines(r.combined(), 60));
  report.markdown = md;
  return report;
}

}  // namespace pt2bb
