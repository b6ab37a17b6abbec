// Pieces every step shares: building the command for a target, and judging a run with the
// triage engine.
#include <filesystem>

#include "jobs/steps.h"

namespace pt2bb {
namespace fs = std::filesystem;

std::string package_root(const std::string& file) {
  fs::path dir = fs::path(file).parent_path();
  std::error_code ec;
  while (!dir.empty() && dir != dir.root_path() && fs::exists(dir / "__init__.py", ec)) dir = dir.parent_path();
  return dir.string();
}

ProcessSpec target_spec(const StepContext& ctx, const TestTarget& target,
                        const std::map<std::string, std::string>& extra_env) {
  const TestCommand cmd = test_command(target, ctx.workspace_root, package_root(target.file));
  ProcessSpec spec;
  spec.argv = ctx.python.launcher;
  spec.argv.insert(spec.argv.end(), cmd.args.begin(), cmd.args.end());
  spec.cwd = cmd.cwd;
  spec.env = ctx.env;
  for (const auto& [k, v] : extra_env) spec.env[k] = v;
  // Unbuffered output keeps stdout and stderr in a readable order for triage.
  spec.env["PYTHONUNBUFFERED"] = "1";
  spec.timeout = ctx.timeout;
  return spec;
}

TriageReport triage_run(const StepContext& ctx, const ProcessResult& r, const std::string& script) {
  if (!ctx.knowledge) return TriageReport{};
  TriageOptions options;
  options.knowledge = ctx.knowledge;
  options.registry = ctx.registry;
  options.lang = ctx.lang;
  options.script = script;
  return triage_text(r.combined(), options);
}

StepReport not_started(const std::string& title, const TestTarget& target, const ProcessResult& r) {
  StepReport report;
  report.headline = "cannot run " + target.display_name() + ": " + r.error;
  report.markdown = "# " + title + "\n\n" + report.headline + "\n";
  return report;
}

RunVerdict judge_run(const StepContext& ctx, const ProcessResult& r, const std::string& script) {
  const std::string output = r.combined();
  return make_verdict(triage_run(ctx, r, script), r.exit_code, r.timed_out, output);
}

}  // namespace pt2bb
