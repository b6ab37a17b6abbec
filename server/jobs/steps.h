// The workflow's running steps, each a blocking function over a StepContext: reproduce, collect
// logs, inspect artifacts, minimise, validate on main, verify, celebrate. The language server
// runs them as jobs (lsp/jobs_feature.cpp) and the CLI calls them directly, so both report the
// same thing. Each returns a StepReport: a headline, a Markdown report, findings to publish and
// a success flag.
//
// Thread-safety: call from a job thread or the CLI, never the session thread (they block on
// processes). A StepContext is used by one step at a time; the knowledge it points to is
// immutable and shared.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.h"
#include "core/lang.h"
#include "jobs/job_engine.h"
#include "jobs/python_env.h"
#include "triage/triage.h"
#include "workflow/run_verdict.h"
#include "workflow/test_command.h"

namespace pt2bb {

struct StepContext {
  const JobControl* job = nullptr;  // Cancellation, progress and the runner.
  PythonEnv python;
  Environment env;             // The children's base environment (server env + user additions).
  std::string workspace_root;  // May be empty (no workspace): commands run beside the file.
  std::string cache_dir;       // Reports, worktrees, debug dirs; created on demand.
  std::chrono::seconds timeout{600};
  const TriageKnowledge* knowledge = nullptr;
  const GraphBreakRegistry* registry = nullptr;
  Lang lang = Lang::En;

  ProcessResult run(const ProcessSpec& spec) const { return job->run(spec); }
  void progress(const std::string& message, std::optional<int> pct = std::nullopt) const { job->progress(message, pct); }
  bool cancelled() const { return job->cancelled(); }
};

struct StepReport {
  bool ok = false;
  bool cancelled = false;
  std::string headline;  // One line: "reproduces 3/3 (consistent): graph_break".
  std::string markdown;  // The full report.
  // Findings to publish as diagnostics, by file path (replacing this step's previous ones).
  std::map<std::string, std::vector<Finding>> findings;
  std::string category;        // The triage category the step saw, when any.
  std::string root_cause;      // The primary finding's message or fix approach, when any.
  std::vector<std::string> files;  // Files the step wrote (the minimised script).
  std::vector<std::string> tests;  // Tests that ran and passed (verify).
};

// The command that runs `target` once with the context's Python, plus `extra_env`.
ProcessSpec target_spec(const StepContext& ctx, const TestTarget& target,
                        const std::map<std::string, std::string>& extra_env = {});
// The first folder above `file` without an __init__.py (where `python -m pkg.mod` works).
std::string package_root(const std::string& file);
// Triage of a finished run.
TriageReport triage_run(const StepContext& ctx, const ProcessResult& r, const std::string& script = "");
RunVerdict judge_run(const StepContext& ctx, const ProcessResult& r, const std::string& script = "");
// The report of a step whose run of `target` did not start (`r.error` says why), under `title`.
StepReport not_started(const std::string& title, const TestTarget& target, const ProcessResult& r);

StepReport reproduce(const StepContext& ctx, const TestTarget& target, int runs);
StepReport collect_logs(const StepContext& ctx, const TestTarget& target, const std::string& category_hint);
StepReport inspect_artifacts(const StepContext& ctx, const TestTarget& target);

struct MinimizeOptions {
  size_t max_attempts = 400;
  std::chrono::seconds candidate_timeout{0};  // 0: twice the original run, at least 10 s.
};
StepReport minimize(const StepContext& ctx, const std::string& script, const MinimizeOptions& options = {});

StepReport validate_on_main(const StepContext& ctx, const TestTarget& target, const std::string& base);
StepReport verify(const StepContext& ctx, const TestTarget& target);

struct CelebrateInput {
  std::string category;
  std::string root_cause;
  std::vector<std::string> tests_verified;  // "C.test_x"
  std::string repo_dir;                     // Where to run `git diff --stat`.
};
StepReport celebrate(const StepContext& ctx, const CelebrateInput& input);

}  // namespace pt2bb
