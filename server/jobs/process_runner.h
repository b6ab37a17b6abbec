// The one way pt2bb runs an external command (python, pytest, git, conda).
//
//   ProcessSpec spec;
//   spec.argv = {"python3", "repro.py"};
//   spec.cwd = "/home/me/ws";
//   spec.env = current_environment();
//   spec.env["TORCH_LOGS"] = "graph_breaks";
//   spec.timeout = std::chrono::seconds(60);
//   ProcessResult r = run_process(spec, token);   // blocks the calling thread
//
// Rules, because a stuck or leaked compile is the common case when debugging PyTorch:
// - argv only, never a shell string; argv[0] is resolved on the spec's own PATH, and a missing
//   program, a missing working directory or a bad spec is a clear `error`, not a crash.
// - the child runs in its own process group with stdin on /dev/null; on timeout, cancel
//   (the token, polled every few milliseconds) or normal exit, the whole group is killed
//   (SIGTERM, then SIGKILL after `kill_grace`), so no grandchild survives and nothing is left
//   as a zombie: the leader is always reaped before returning.
// - stdout and stderr are captured separately, each kept within `output_cap` (head + tail).
//
// Thread-safety: run_process may be called from any thread except the server's session thread
// (it blocks); many calls may run at once. The CLI calls it directly.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/cancel.h"

namespace pt2bb {

using Environment = std::map<std::string, std::string>;

// The server's own environment, as a map.
Environment current_environment();

// The absolute path of `program` on `path_env` (a PATH value), or nullopt. A program containing
// a slash is checked as given.
std::optional<std::string> find_executable(const std::string& program, const std::string& path_env);

struct ProcessSpec {
  std::vector<std::string> argv;
  std::string cwd;  // Must exist; required.
  Environment env;  // The child's whole environment.
  std::chrono::milliseconds timeout{std::chrono::minutes(10)};
  std::chrono::milliseconds kill_grace{500};
  size_t output_cap = 4 * 1024 * 1024;  // Per stream.
};

struct ProcessResult {
  std::string error;              // Could not start (missing program, bad cwd); empty when it ran.
  std::optional<int> exit_code;   // Set when the leader exited normally.
  int term_signal = 0;            // Set when the leader was killed by a signal.
  bool timed_out = false;
  bool cancelled = false;
  std::string out;                // Captured stdout (head + tail when truncated).
  std::string err;                // Captured stderr.
  size_t out_bytes = 0, err_bytes = 0;  // Totals, including dropped middles.
  bool truncated = false;
  int pid = 0;                    // The leader's pid (= its process group id).
  std::chrono::milliseconds duration{0};

  bool started() const { return error.empty(); }
  bool succeeded() const { return started() && !timed_out && !cancelled && exit_code == 0; }
  // stdout then stderr, for triage (Python prints tracebacks and TORCH_LOGS to stderr).
  std::string combined() const;
  // "exit code 1", "killed by SIGSEGV", "timed out after 30 s", "cancelled", or the error.
  std::string describe() const;
};

ProcessResult run_process(const ProcessSpec& spec, const CancelToken& cancel = CancelToken());

}  // namespace pt2bb
