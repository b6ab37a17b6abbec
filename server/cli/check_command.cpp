// `pt2bb check [--format text|json] [--workspace DIR] PATH...`: runs every file analyzer over files
// and folders. The test hygiene that ranks test files (test-in-test-misc's suggested file and its
// "Move test" fix) gets an index of the workspace: --workspace, else the git repository of the
// first path, else the folder the paths share. It is built only when a checked file needs it.
//
// JSON output (stable; documented in README.md):
//   {"version": 1, "files_checked": N,
//    "summary": {"error": n, "warning": n, "info": n, "hint": n},
//    "findings": [{"path", "line", "column", "end_line", "end_column",  // 1-based; columns in bytes
//                  "severity", "code", "message",
//                  "related": [{"path", "line", "column", "message"}],
//                  "fixes": [{"title", "edits": [{"path", "line", "column", "end_line",
//                                                 "end_column", "new_text"}]}]}],
//    "errors": [{"path", "message"}]}                                      // unreadable inputs
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "check/pipeline.h"
#include "cli/cli.h"
#include "support/file_io.h"
#include "support/source_files.h"
#include "syntax/tree.h"
#include "testing/target_ranking.h"
#include "workspace/finding_paths.h"
#include "workspace/git.h"
#include "workspace/workspace_scan.h"

namespace pt2bb {
namespace {

struct CheckOptions {
  std::string format = "text";
  std::string workspace;
  std::vector<std::string> paths;
};

// The folder the test hygiene ranks against (absolute): --workspace, else the git repository of
// the first path, else the deepest folder holding every path.
std::string workspace_root(const CheckOptions& opts) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!opts.workspace.empty()) return fs::weakly_canonical(fs::absolute(opts.workspace), ec).string();
  if (opts.paths.empty()) return {};
  if (auto top = git_toplevel(fs::absolute(opts.paths.front()).string())) return *top;
  std::optional<fs::path> common;
  for (const auto& p : opts.paths) {
    fs::path abs = fs::weakly_canonical(fs::absolute(p), ec);
    if (!fs::is_directory(abs, ec)) abs = abs.parent_path();
    if (!common) {
      common = abs;
      continue;
    }
    fs::path shared;
    for (auto a = common->begin(), b = abs.begin(); a != common->end() && b != abs.end() && *a == *b; ++a, ++b)
      shared /= *a;
    common = shared;
  }
  return common ? common->string() : std::string();
}

// `path` relative to `root` when it lies inside it.
std::optional<std::string> inside(const std::string& root, const std::string& path) {
  namespace fs = std::filesystem;
  if (root.empty()) return std::nullopt;
  std::error_code ec;
  const fs::path rel = fs::weakly_canonical(fs::absolute(path), ec).lexically_relative(root);
  if (ec || rel.empty() || *rel.begin() == "..") return std::nullopt;
  return rel.generic_string();
}

nlohmann::json point_json(const std::string& path, const Range& r) {
  return {{"path", path}, {"line", r.start.line + 1}, {"column", r.start.column + 1},
          {"end_line", r.end.line + 1}, {"end_column", r.end.column + 1}};
}

int run_check(const CliContext& ctx, const CheckOptions& opts) {
  const auto files = collect_python_files(opts.paths);
  nlohmann::json findings = nlohmann::json::array();
  nlohmann::json errors = nlohmann::json::array();
  std::map<std::string, int> summary = {{"error", 0}, {"warning", 0}, {"info", 0}, {"hint", 0}};
  for (const auto& missing : files.missing) {
    errors.push_back({{"path", missing}, {"message", "no such file or directory"}});
    std::cerr << "pt2bb check: " << missing << ": no such file or directory\n";
  }
  auto parser = make_python_parser();
  const std::string root = workspace_root(opts);
  std::shared_ptr<const WorkspaceIndex> index;  // Built on first need.
  for (const auto& path : files.files) {
    auto text = read_file(path);
    if (!text) {
      errors.push_back({{"path", path}, {"message", "cannot read file"}});
      std::cerr << "pt2bb check: " << path << ": cannot read file\n";
      continue;
    }
    TreePtr tree = parse_python(parser.get(), *text);
    const LineIndex lines(*text);
    // Analyzers see workspace-relative paths (what the index is keyed by); findings are printed
    // with the path as given, and other files' paths under the workspace.
    const std::optional<std::string> rel = inside(root, path);
    FileContext fc;
    fc.path = rel ? *rel : path;
    fc.text = *text;
    fc.tree = tree.get();
    fc.lines = &lines;
    fc.lang = ctx.resolved_lang();
    // Checks of *new* code compare with git HEAD; only test_misc.py has one today, and a git
    // process per file would slow big checks down for nothing.
    std::optional<std::string> head;
    if (is_test_misc(fc.path)) head = git_head_text(std::filesystem::absolute(path).string());
    if (head) fc.head_text = *head;
    if (rel && is_test_misc(*rel) && !index) {
      // Git lists what a repository tracks; elsewhere the folder is walked.
      index = index_files(root, list_python_files(root, ScanOptions{}), ScanOptions{});
      spdlog::info("check: indexed {} Python files of {}", index ? index->size() : 0, root);
    }
    if (rel) fc.workspace = index.get();
    std::vector<Finding> found = run_file_analyzers(fc);
    if (rel) resolve_finding_paths(found, path, *rel, root);
    for (const Finding& f : found) {
      ++summary[severity_name(f.severity)];
      if (opts.format == "text") {
        std::cout << f.path << ":" << f.range.start.line + 1 << ":" << f.range.start.column + 1 << ": "
                  << severity_name(f.severity) << " " << f.code << ": " << f.message << "\n";
        continue;
      }
      nlohmann::json j = point_json(f.path, f.range);
      j["severity"] = severity_name(f.severity);
      j["code"] = f.code;
      j["message"] = f.message;
      j["related"] = nlohmann::json::array();
      for (const auto& r : f.related) {
        nlohmann::json rel = point_json(r.path.empty() ? f.path : r.path, r.range);
        rel["message"] = r.message;
        j["related"].push_back(rel);
      }
      j["fixes"] = nlohmann::json::array();
      for (const auto& fix : f.fixes) {
        nlohmann::json edits = nlohmann::json::array();
        for (const auto& e : fix.edits) {
          nlohmann::json ej = point_json(e.path.empty() ? f.path : e.path, e.range);
          ej["new_text"] = e.new_text;
          edits.push_back(ej);
        }
        j["fixes"].push_back({{"title", fix.title}, {"edits", edits}});
      }
      findings.push_back(j);
    }
  }
  if (opts.format == "json") {
    nlohmann::json out = {{"version", 1},
                          {"files_checked", files.files.size()},
                          {"summary", summary},
                          {"findings", findings},
                          {"errors", errors}};
    std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    std::cout << files.files.size() << " file(s) checked: " << summary["error"] << " error(s), "
              << summary["warning"] << " warning(s), " << summary["info"] + summary["hint"] << " note(s)\n";
  }
  if (!files.missing.empty() && files.files.empty()) return kExitUsage;
  return summary["error"] > 0 ? kExitFindings : kExitOk;
}

}  // namespace

void install_check_command(CLI::App& app, CliContext& ctx) {
  auto opts = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Check Python files and folders and print findings");
  cmd->add_option("--format", opts->format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  cmd->add_option("--workspace", opts->workspace,
                  "The workspace whose test files the test hygiene ranks (default: the git repository of the "
                  "first path, else the folder the paths share)");
  cmd->add_option("paths", opts->paths, "Files or folders")->required();
  cmd->callback([&ctx, opts] { ctx.exit_code = run_check(ctx, *opts); });
}

}  // namespace pt2bb
