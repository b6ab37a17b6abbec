// Inspect artifacts: rerun with TORCH_COMPILE_DEBUG=1 and TORCH_TRACE, then list what the
// newest torch_compile_debug/run_*/ folder holds (FX graphs, Inductor IR, generated code) and
// the structured trace files, as links in the report. The debug folder is redirected into the
// cache (TORCH_COMPILE_DEBUG_DIR) so the workspace stays clean.
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include <spdlog/fmt/fmt.h>

#include "jobs/steps.h"
#include "workflow/markdown.h"

namespace pt2bb {
namespace fs = std::filesystem;
namespace {

// The files worth opening first, in this order; anything else is listed after them.
constexpr std::string_view kInteresting[] = {
    "fx_graph_readable.py", "fx_graph_transformed.py", "fx_graph_runnable.py", "ir_pre_fusion.txt",
    "ir_post_fusion.txt",   "output_code.py",          "debug.log"};

int rank_of(const fs::path& p) {
  const std::string name = p.filename().string();
  for (size_t i = 0; i < std::size(kInteresting); ++i)
    if (name == kInteresting[i]) return static_cast<int>(i);
  if (name.ends_with("_debug.log")) return static_cast<int>(std::size(kInteresting));
  return 100;
}

std::optional<fs::path> newest_run_dir(const std::vector<fs::path>& roots) {
  std::optional<fs::path> best;
  fs::file_time_type best_time{};
  std::error_code ec;
  for (const auto& root : roots) {
    const fs::path dir = root / "torch_compile_debug";
    if (!fs::is_directory(dir, ec)) continue;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (!e.is_directory(ec) || !e.path().filename().string().starts_with("run_")) continue;
      const auto t = fs::last_write_time(e.path(), ec);
      // run_YYYY_MM_DD_HH_MM_SS_ffffff-pid_N sorts by time; the mtime breaks ties.
      if (!best || e.path().filename() > best->filename() ||
          (e.path().filename() == best->filename() && t > best_time)) {
        best = e.path();
        best_time = t;
      }
    }
  }
  return best;
}

}  // namespace

StepReport inspect_artifacts(const StepContext& ctx, const TestTarget& target) {
  StepReport report;
  std::error_code ec;
  const fs::path work = fs::path(ctx.cache_dir) / fmt::format("artifacts-{}-{}", ::getpid(), ctx.job->id());
  fs::remove_all(work, ec);
  fs::create_directories(work / "trace", ec);
  if (ec) {
    report.headline = "cannot create " + work.string() + ": " + ec.message();
    report.markdown = "# Inspect artifacts\n\n" + report.headline + "\n";
    return report;
  }
  const ProcessSpec spec = target_spec(ctx, target,
                                       {{"TORCH_COMPILE_DEBUG", "1"},
                                        {"TORCH_COMPILE_DEBUG_DIR", work.string()},
                                        {"TORCH_TRACE", (work / "trace").string()}});
  ctx.progress("running with TORCH_COMPILE_DEBUG=1", 20);
  ProcessResult r = ctx.run(spec);
  if (!r.started()) return not_started("Inspect artifacts", target, r);
  if (r.cancelled) {
    report.cancelled = true;
    report.headline = "cancelled";
    return report;
  }
  const RunVerdict verdict = judge_run(ctx, r, target.file);
  report.category = verdict.failed ? verdict.category : "";
  // Older PyTorch ignores TORCH_COMPILE_DEBUG_DIR and writes beside the run.
  const auto run_dir = newest_run_dir({work, fs::path(spec.cwd)});
  std::string md = "# Inspect artifacts: " + target.display_name() + "\n\n";
  md += std::string("Run: ") + (verdict.failed ? "fails (" + verdict.category + ": " + verdict.message + ")" : "passes") +
        ", " + r.describe() + "\n\n";
  size_t listed = 0;
  if (run_dir) {
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(*run_dir, ec); it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (ec) break;
      if (it->is_regular_file(ec)) files.push_back(it->path());
      if (files.size() >= 2000) break;
    }
    std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
      const int ra = rank_of(a), rb = rank_of(b);
      return ra != rb ? ra < rb : a < b;
    });
    md += "## " + md_file_link(run_dir->filename().string(), run_dir->string()) + "\n\n";
    for (const auto& f : files) {
      md += "- " + md_file_link(fs::relative(f, *run_dir, ec).string(), f.string()) +
            fmt::format(" ({} bytes)\n", fs::file_size(f, ec));
      if (++listed >= 200) {
        md += fmt::format("- ... and {} more\n", files.size() - listed);
        break;
      }
    }
    md += "\n";
  } else {
    md += "No `torch_compile_debug/run_*` folder was written: the run may have failed before compiling, "
          "or PyTorch is too old for TORCH_COMPILE_DEBUG.\n\n";
  }
  std::vector<fs::path> traces;
  for (const auto& e : fs::directory_iterator(work / "trace", ec))
    if (e.is_regular_file(ec)) traces.push_back(e.path());
  if (!traces.empty()) {
    md += "## TORCH_TRACE\n\n";
    for (const auto& t : traces) md += "- " + md_file_link(t.filename().string(), t.string()) + "\n";
    md += "\nRender it with `tlparse " + traces.front().string() + "`.\n\n";
  }
  md += "## Output (last lines)\n\n" + md_code_block(last_lines(r.combined(), 40));
  report.ok = run_dir.has_value() || !traces.empty();
  report.headline = run_dir ? fmt::format("{} file(s) in {}", listed, run_dir->filename().string())
                            : fmt::format("no debug folder written ({} trace file(s))", traces.size());
  report.markdown = md;
  return report;
}

}  // namespace pt2bb
