// Celebrate: once verify passes, a summary of the fix (category and root cause, files changed
// from `git diff --stat`, tests added and verified) and a sign-off that differs from the recent
// ones (their ids are kept in <cache>/signoffs.txt).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <sstream>

#include <spdlog/fmt/fmt.h>

#include "jobs/steps.h"
#include "support/file_io.h"
#include "workflow/markdown.h"
#include "workflow/signoffs.h"

namespace pt2bb {
namespace fs = std::filesystem;

StepReport celebrate(const StepContext& ctx, const CelebrateInput& input) {
  StepReport report;
  std::string stat;
  if (!input.repo_dir.empty()) {
    ProcessSpec spec;
    spec.argv = {"git", "diff", "--stat", "HEAD"};
    spec.cwd = input.repo_dir;
    spec.env = ctx.env;
    spec.env["GIT_PAGER"] = "cat";
    spec.timeout = std::chrono::seconds(60);
    ProcessResult r = ctx.run(spec);
    stat = r.succeeded() ? r.out : "(git diff --stat failed: " + r.describe() + ")";
  }

  // The recent sign-offs, most recent last.
  const fs::path history = fs::path(ctx.cache_dir) / "signoffs.txt";
  std::vector<std::string> recent;
  if (auto text = read_file(history.string())) {
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) recent.push_back(line);
  }
  const auto seed = static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  const SignOff& signoff = pick_signoff(recent, seed);
  recent.erase(std::remove(recent.begin(), recent.end(), std::string(signoff.id)), recent.end());
  recent.push_back(std::string(signoff.id));
  const size_t keep = signoffs().size() - 1;
  if (recent.size() > keep) recent.erase(recent.begin(), recent.end() - static_cast<std::ptrdiff_t>(keep));
  std::string joined;
  for (const auto& id : recent) joined += id + "\n";
  std::error_code ec;
  fs::create_directories(ctx.cache_dir, ec);
  write_file(history.string(), joined);

  report.ok = true;
  report.category = input.category;
  report.root_cause = input.root_cause;
  report.headline = fmt::format("bug squashed: {} test(s) verified{}", input.tests_verified.size(),
                                input.category.empty() ? "" : " (" + input.category + ")");
  std::string md = "# Bug squashed\n\n";
  md += "| | |\n| --- | --- |\n";
  md += "| Category | " + md_cell(input.category.empty() ? "(not triaged)" : input.category) + " |\n";
  md += "| Root cause | " + md_cell(input.root_cause.empty() ? "(no note)" : input.root_cause, 400) + " |\n\n";
  md += "## Files changed\n\n" + (stat.empty() ? std::string("(no repository)\n") : md_code_block(stat)) + "\n";
  md += "## Tests added and verified\n\n";
  for (const auto& t : input.tests_verified) md += "- `" + t + "`\n";
  if (input.tests_verified.empty()) md += "(none recorded)\n";
  md += "\n---\n\n";
  md += signoff.ascii_art ? md_code_block(signoff.text) : "*" + std::string(signoff.text) + "*\n";
  report.markdown = md;
  return report;
}

}  // namespace pt2bb
