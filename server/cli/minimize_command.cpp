// `pt2bb minimize SCRIPT [--python PY] [--timeout S] [--jobs N] [--max-attempts N]`: shrinks a
// repro script while it keeps failing the same way, writes SCRIPT's <name>_min.py beside it and
// prints the diff. Progress goes to stderr. Exit 0 when a minimised script was written, 1 when
// the script does not fail or cannot run, 2 on bad usage.
#include <filesystem>
#include <iostream>

#include "cli/cli.h"
#include "jobs/cache_dir.h"
#include "jobs/steps.h"
#include "support/file_io.h"
#include "workflow/text_diff.h"

namespace pt2bb {
namespace {

struct MinimizeCliOptions {
  std::string script;
  std::string python;
  int timeout = 0;
  unsigned jobs = 2;
  size_t max_attempts = 400;
};

int run_minimize(const CliContext& cli, const MinimizeCliOptions& opts) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_regular_file(opts.script, ec)) {
    std::cerr << "pt2bb minimize: " << opts.script << ": no such file\n";
    return kExitUsage;
  }
  const Environment env = current_environment();
  auto py = configured_python({opts.python, ""}, env);
  if (!py) py = system_python(env);
  if (!py) {
    std::cerr << "pt2bb minimize: no Python found (no python3 or python on PATH); use --python\n";
    return kExitFindings;
  }
  std::string error;
  auto knowledge = TriageKnowledge::load_embedded(&error);
  if (!knowledge) {
    std::cerr << "pt2bb minimize: the triage knowledge does not load: " << error << "\n";
    return kExitUnknown;
  }
  CancelToken cancel;
  JobControl job(1, cancel, [](const std::string& message, std::optional<int>) { std::cerr << "  " << message << "\n"; },
                 std::max(1u, opts.jobs));
  StepContext ctx;
  ctx.job = &job;
  ctx.python = *py;
  ctx.env = env;
  ctx.cache_dir = cache_directory(env);
  ctx.knowledge = &*knowledge;
  ctx.lang = cli.resolved_lang();
  if (opts.timeout > 0) ctx.timeout = std::chrono::seconds(opts.timeout);
  MinimizeOptions mo;
  mo.max_attempts = opts.max_attempts;
  if (opts.timeout > 0) mo.candidate_timeout = std::chrono::seconds(opts.timeout);
  std::cerr << "pt2bb minimize: " << opts.script << " with " << py->name << "\n";
  const StepReport report = minimize(ctx, fs::absolute(opts.script).string(), mo);
  std::cerr << "pt2bb minimize: " << report.headline << "\n";
  if (!report.ok) return kExitFindings;
  const auto before = read_file(opts.script);
  const auto after = read_file(report.files.front());
  if (before && after)
    std::cout << unified_diff(*before, *after, fs::path(opts.script).filename().string(),
                              fs::path(report.files.front()).filename().string());
  std::cerr << "wrote " << report.files.front() << "\n";
  return kExitOk;
}

}  // namespace

void install_minimize_command(CLI::App& app, CliContext& ctx) {
  auto opts = std::make_shared<MinimizeCliOptions>();
  CLI::App* cmd = app.add_subcommand("minimize", "Shrink a failing repro script (writes <name>_min.py, prints the diff)");
  cmd->add_option("script", opts->script, "The repro script")->required();
  cmd->add_option("--python", opts->python, "The Python interpreter that runs it (default: python3 on PATH)");
  cmd->add_option("--timeout", opts->timeout, "Seconds each run may take (default: twice the first run, at least 10)");
  cmd->add_option("--jobs", opts->jobs, "Candidates run at once")->capture_default_str();
  cmd->add_option("--max-attempts", opts->max_attempts, "Candidates tried at most")->capture_default_str();
  cmd->callback([&ctx, opts] { ctx.exit_code = run_minimize(ctx, *opts); });
}

}  // namespace pt2bb
