// Validate on main: does the new test fail without the fix? A detached worktree of the base
// branch is made under the cache folder, the test file (with the new test) is copied in at the
// same relative path, and that one test runs there: it must fail. The worktree is always
// removed (`git worktree remove --force`), on success, failure, error and cancel alike.
#include <unistd.h>

#include <filesystem>

#include <spdlog/fmt/fmt.h>

#include "jobs/steps.h"
#include "workflow/markdown.h"

namespace pt2bb {
namespace fs = std::filesystem;
namespace {

std::string trimmed(const std::string& s) {
  const size_t b = s.find_first_not_of(" \r\n\t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \r\n\t") + 1 - b);
}

// Git commands never wait for a prompt or a pager.
ProcessSpec git(const StepContext& ctx, const std::string& cwd, std::vector<std::string> args) {
  ProcessSpec spec;
  spec.argv = {"git"};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.cwd = cwd;
  spec.env = ctx.env;
  spec.env.insert_or_assign("GIT_TERMINAL_PROMPT", std::string("0"));
  spec.env.insert_or_assign("GIT_PAGER", std::string("cat"));
  spec.timeout = std::chrono::seconds(300);
  return spec;
}

}  // namespace

StepReport validate_on_main(const StepContext& ctx, const TestTarget& target, const std::string& base) {
  StepReport report;
  auto fail = [&](std::string why) {
    report.headline = std::move(why);
    report.markdown = "# Validate on " + base + ": " + target.display_name() + "\n\n" + report.headline + "\n";
    return report;
  };
  const fs::path file = fs::absolute(target.file);
  ProcessResult top = ctx.run(git(ctx, file.parent_path().string(), {"rev-parse", "--show-toplevel"}));
  if (!top.started()) return fail("cannot run git: " + top.error);
  if (!top.succeeded()) return fail(file.parent_path().string() + " is not in a git repository");
  const fs::path repo = trimmed(top.out);
  ProcessResult rev = ctx.run(git(ctx, repo.string(), {"rev-parse", "--verify", "--quiet", base + "^{commit}"}));
  if (!rev.succeeded()) return fail("no commit named `" + base + "` in " + repo.string() + " (set pt2bb.validateBase)");
  const std::string base_commit = trimmed(rev.out);

  std::error_code ec;
  fs::create_directories(ctx.cache_dir, ec);
  const fs::path wt = fs::path(ctx.cache_dir) / fmt::format("wt-{}-{}", ::getpid(), ctx.job->id());
  ctx.progress("git worktree add " + base, 10);
  ProcessResult add = ctx.run(git(ctx, repo.string(), {"worktree", "add", "--detach", wt.string(), base_commit}));
  // Removal must happen whatever follows, and must not be skipped by the job's own
  // cancellation: it runs under a fresh token.
  struct Cleanup {
    const StepContext& ctx;
    fs::path repo, wt;
    ~Cleanup() {
      run_process(git(ctx, repo.string(), {"worktree", "remove", "--force", wt.string()}));
      std::error_code e;
      if (fs::exists(wt, e)) {
        fs::remove_all(wt, e);
        run_process(git(ctx, repo.string(), {"worktree", "prune"}));
      }
    }
  } cleanup{ctx, repo, wt};
  if (!add.succeeded()) {
    if (add.cancelled) report.cancelled = true;
    return fail("git worktree add failed: " + trimmed(add.err));
  }
  const fs::path rel = fs::relative(file, repo, ec);
  const fs::path copy = wt / rel;
  fs::create_directories(copy.parent_path(), ec);
  fs::copy_file(file, copy, fs::copy_options::overwrite_existing, ec);
  if (ec) return fail("cannot copy the test file into the worktree: " + ec.message());

  TestTarget there = target;
  there.file = copy.string();
  StepContext wt_ctx = ctx;
  wt_ctx.workspace_root = (wt / fs::relative(ctx.workspace_root.empty() ? repo : fs::path(ctx.workspace_root), repo, ec)).lexically_normal().string();
  if (ec || wt_ctx.workspace_root.find("..") != std::string::npos) wt_ctx.workspace_root = wt.string();
  ctx.progress("running " + target.display_name() + " on " + base, 50);
  const ProcessSpec spec = target_spec(wt_ctx, there);
  ProcessResult r = ctx.run(spec);
  if (r.cancelled) {
    report.cancelled = true;
    return fail("cancelled");
  }
  if (!r.started()) return fail("cannot run the test: " + r.error);
  const RunVerdict v = judge_run(ctx, r, there.file);
  report.category = v.failed ? v.category : "";
  report.root_cause = v.message;
  report.ok = v.failed;
  report.headline = v.failed ? fmt::format("fails on {} as expected ({}: {})", base, v.category, v.message)
                             : fmt::format("passes on {}: the test does not catch the bug", base);
  std::string md = "# Validate on " + base + ": " + target.display_name() + "\n\n**" + report.headline + "**\n\n";
  md += fmt::format("Base `{}` ({}), test file copied to `{}` in a temporary worktree (removed).\n\n", base,
                    base_commit.substr(0, 12), rel.string());
  md += "## Output (last lines)\n\n" + md_code_block(last_lines(r.combined(), 60));
  report.markdown = md;
  return report;
}

}  // namespace pt2bb
