// Running git for the workspace index and for head_text: argv only (never a shell), a timeout,
// stdout captured with a cap, stderr discarded. A small fork/exec helper of our own, so the
// testing features do not wait on the job engine's process runner.
//
// Blocking: call from a worker thread or the CLI, never from the session thread.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace pt2bb {

// `git <args>` run in `cwd`; its stdout when it exits with 0, else nullopt (not a repository,
// no git installed, timeout, output over `cap` bytes).
std::optional<std::string> run_git(const std::string& cwd, const std::vector<std::string>& args,
                                   std::chrono::milliseconds timeout = std::chrono::seconds(20),
                                   size_t cap = size_t(512) << 20);

// The repository's top folder containing `path` (a file or folder), or nullopt.
std::optional<std::string> git_toplevel(const std::string& path);

// The text of `abs_path` at HEAD, or nullopt (no git, untracked, new file).
std::optional<std::string> git_head_text(const std::string& abs_path);

}  // namespace pt2bb
