// Minimise: shrink a repro script while it keeps failing the same way (same triage category,
// signature and message). Candidates come from the tree-sitter reducer; batches of them run in
// parallel within the job's bound, and the first that still fails (in proposal order) is kept.
// The search resumes where it was, wraps around once more after a success, and stops when a
// full pass keeps nothing, at the attempt limit, or on cancel. Writes <name>_min.py beside the
// script and reports the diff.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include <spdlog/fmt/fmt.h>

#include "jobs/steps.h"
#include "minimize/reducer.h"
#include "support/file_io.h"
#include "workflow/markdown.h"
#include "workflow/text_diff.h"

namespace pt2bb {
namespace fs = std::filesystem;

StepReport minimize(const StepContext& ctx, const std::string& script, const MinimizeOptions& options) {
  StepReport report;
  auto fail = [&](std::string why) {
    report.headline = std::move(why);
    report.markdown = "# Minimise " + fs::path(script).filename().string() + "\n\n" + report.headline + "\n";
    return report;
  };
  const auto original = read_file(script);
  if (!original) return fail("cannot read " + script);
  std::error_code ec;
  const fs::path work = fs::path(ctx.cache_dir) / fmt::format("minimize-{}-{}", ::getpid(), ctx.job->id());
  fs::remove_all(work, ec);
  fs::create_directories(work, ec);
  if (ec) return fail("cannot create " + work.string() + ": " + ec.message());

  const fs::path script_path = fs::absolute(script);
  const std::string name = script_path.filename().string();
  // Each slot runs its candidate from its own folder, beside nothing else; the script's folder
  // goes on PYTHONPATH so its sibling imports still resolve, and the run's cwd is the script's.
  auto spec_for = [&](const fs::path& candidate, std::chrono::seconds timeout) {
    ProcessSpec spec;
    spec.argv = ctx.python.launcher;
    spec.argv.push_back(candidate.string());
    spec.cwd = script_path.parent_path().string();
    spec.env = ctx.env;
    const std::string dir = script_path.parent_path().string();
    const auto pp = spec.env.find("PYTHONPATH");
    const std::string rest = pp == spec.env.end() ? std::string() : pp->second;
    spec.env["PYTHONPATH"] = rest.empty() ? dir : dir + ":" + rest;
    spec.env.insert_or_assign("PYTHONUNBUFFERED", std::string("1"));
    spec.timeout = timeout;
    return spec;
  };

  ctx.progress("running the original script", 0);
  const fs::path base_file = work / "original" / name;
  fs::create_directories(base_file.parent_path(), ec);
  write_file(base_file.string(), *original);
  ProcessResult base_run = ctx.run(spec_for(base_file, ctx.timeout));
  if (!base_run.started()) return fail("cannot run " + name + ": " + base_run.error);
  if (base_run.cancelled) {
    report.cancelled = true;
    return fail("cancelled");
  }
  const RunVerdict target = judge_run(ctx, base_run, script);
  if (!target.failed) return fail(name + " does not fail (" + base_run.describe() + "): nothing to minimise");
  report.category = target.category;
  report.root_cause = target.message;
  const auto candidate_timeout =
      options.candidate_timeout.count() > 0
          ? options.candidate_timeout
          : std::max(std::chrono::seconds(10),
                     std::chrono::duration_cast<std::chrono::seconds>(base_run.duration * 2) + std::chrono::seconds(1));

  const unsigned parallel = std::max(1u, ctx.job->parallelism());
  std::string current = *original;
  size_t attempts = 0, kept = 0, pos = 0;
  bool progress_since_wrap = false;
  while (!ctx.cancelled() && attempts < options.max_attempts) {
    // Only the candidates up to this batch are built (each is parsed to check it): the list is
    // rebuilt after every kept reduction.
    auto candidates = reduction_candidates(current, pos + parallel);
    if (pos >= candidates.size()) {
      if (!progress_since_wrap) break;
      pos = 0;
      progress_since_wrap = false;
      continue;
    }
    const size_t n = std::min<size_t>({parallel, candidates.size() - pos, options.max_attempts - attempts});
    std::vector<RunVerdict> verdicts(n);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < n; ++i) {
      const fs::path file = work / fmt::format("slot{}", i) / name;
      fs::create_directories(file.parent_path(), ec);
      write_file(file.string(), candidates[pos + i].text);
      threads.emplace_back([&, i, file] {
        ProcessResult r = ctx.run(spec_for(file, candidate_timeout));
        if (r.started() && !r.cancelled) verdicts[i] = judge_run(ctx, r, script);
      });
    }
    for (auto& t : threads) t.join();
    attempts += n;
    size_t chosen = n;
    for (size_t i = 0; i < n; ++i)
      if (verdicts[i].same_failure(target)) {
        chosen = i;
        break;
      }
    if (chosen < n) {
      current = std::move(candidates[pos + chosen].text);
      ++kept;
      pos += chosen;  // The next proposal at this index is the one after the kept one.
      progress_since_wrap = true;
    } else {
      pos += n;
    }
    ctx.progress(fmt::format("{} bytes ({}% of the original), {} attempts, {} reductions kept", current.size(),
                             current.size() * 100 / std::max<size_t>(1, original->size()), attempts, kept),
                 static_cast<int>(std::min<size_t>(99, attempts * 100 / options.max_attempts)));
  }
  fs::remove_all(work, ec);
  report.cancelled = ctx.cancelled();

  const std::string stem = script_path.stem().string();
  const fs::path out_path = script_path.parent_path() / (stem + "_min.py");
  if (!write_file(out_path.string(), current)) return fail("cannot write " + out_path.string());
  report.files.push_back(out_path.string());
  report.ok = true;
  const auto count_lines = [](const std::string& s) { return std::count(s.begin(), s.end(), '\n'); };
  report.headline = fmt::format("{} -> {} lines, {} -> {} bytes after {} attempts{} ({})", count_lines(*original),
                                count_lines(current), original->size(), current.size(), attempts,
                                report.cancelled ? " (cancelled, best so far)" : "", target.category);
  std::string md = "# Minimise " + name + "\n\n**" + report.headline + "**\n\n";
  md += "Still fails with: `" + target.category + "`: " + md_cell(target.message, 300) + "\n\n";
  md += "Written to " + md_file_link(out_path.filename().string(), out_path.string()) + ".\n\n";
  md += "## Diff\n\n" + md_code_block(unified_diff(*original, current, name, out_path.filename().string()), "diff");
  report.markdown = md;
  return report;
}

}  // namespace pt2bb
