#include "jobs/process_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <thread>

#include "jobs/output_capture.h"

extern char** environ;

namespace pt2bb {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Closes a file descriptor once, on scope exit.
struct Fd {
  int fd = -1;
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

bool is_directory(const std::string& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string signal_name(int sig) {
  if (const char* abbrev = sigabbrev_np(sig)) return std::string("SIG") + abbrev;
  return "signal " + std::to_string(sig);
}

// Reads what is available on `fd` into `capture`; false at end of stream.
bool drain(int fd, OutputCapture& capture) {
  std::array<char, 64 * 1024> buffer;
  for (;;) {
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n > 0) {
      capture.append(std::string_view(buffer.data(), static_cast<size_t>(n)));
      if (static_cast<size_t>(n) < buffer.size()) return true;
      continue;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

}  // namespace

Environment current_environment() {
  Environment env;
  for (char** e = environ; e && *e; ++e) {
    std::string_view kv(*e);
    const size_t eq = kv.find('=');
    if (eq == std::string_view::npos || eq == 0) continue;
    env.emplace(std::string(kv.substr(0, eq)), std::string(kv.substr(eq + 1)));
  }
  return env;
}

std::optional<std::string> find_executable(const std::string& program, const std::string& path_env) {
  if (program.empty()) return std::nullopt;
  auto usable = [](const std::string& p) {
    struct stat st{};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos) return usable(program) ? std::optional(program) : std::nullopt;
  size_t start = 0;
  while (start <= path_env.size()) {
    size_t end = path_env.find(':', start);
    if (end == std::string::npos) end = path_env.size();
    // An empty PATH entry means the current directory; a server should not run programs from
    // wherever it happens to be, so it is skipped.
    if (end > start) {
      std::string candidate = path_env.substr(start, end - start) + "/" + program;
      if (usable(candidate)) return candidate;
    }
    start = end + 1;
  }
  return std::nullopt;
}

std::string ProcessResult::combined() const {
  if (err.empty()) return out;
  if (out.empty()) return err;
  return out + (out.back() == '\n' ? "" : "\n") + err;
}

std::string ProcessResult::describe() const {
  if (!error.empty()) return error;
  if (cancelled) return "cancelled";
  if (timed_out) return "timed out after " + std::to_string(duration.count() / 1000) + " s";
  if (term_signal) return "killed by " + signal_name(term_signal);
  return "exit code " + std::to_string(exit_code.value_or(-1));
}

ProcessResult run_process(const ProcessSpec& spec, const CancelToken& cancel) {
  ProcessResult result;
  const auto start = Clock::now();
  if (spec.argv.empty()) {
    result.error = "no command to run";
    return result;
  }
  if (spec.cwd.empty() || !is_directory(spec.cwd)) {
    result.error = "working directory does not exist: " + (spec.cwd.empty() ? std::string("(none given)") : spec.cwd);
    return result;
  }
  if (cancel.cancelled()) {
    result.cancelled = true;  // Not an error: nothing was started, as asked.
    return result;
  }
  auto path_it = spec.env.find("PATH");
  const std::string path_env = path_it == spec.env.end() ? "/usr/local/bin:/usr/bin:/bin" : path_it->second;
  const auto program = find_executable(spec.argv[0], path_env);
  if (!program) {
    result.error = "`" + spec.argv[0] + "` was not found" +
                   (spec.argv[0].find('/') == std::string::npos ? " on PATH" : " or is not executable");
    return result;
  }

  // Pipes are close-on-exec so that concurrent spawns never inherit each other's ends; dup2 in
  // the child clears the flag on the copies it keeps.
  Fd out_r, out_w, err_r, err_w;
  int p[2];
  if (::pipe2(p, O_CLOEXEC) != 0) {
    result.error = std::string("cannot create a pipe: ") + std::strerror(errno);
    return result;
  }
  out_r.fd = p[0];
  out_w.fd = p[1];
  if (::pipe2(p, O_CLOEXEC) != 0) {
    result.error = std::string("cannot create a pipe: ") + std::strerror(errno);
    return result;
  }
  err_r.fd = p[0];
  err_w.fd = p[1];

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_w.fd, 1);
  posix_spawn_file_actions_adddup2(&actions, err_w.fd, 2);
  posix_spawn_file_actions_addchdir_np(&actions, spec.cwd.c_str());

  // Own process group (so the whole tree can be killed), default signal handling and an empty
  // mask (the server may ignore SIGPIPE or block signals on its threads).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> argv;
  for (const auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> env_strings;
  env_strings.reserve(spec.env.size());
  for (const auto& [k, v] : spec.env) env_strings.push_back(k + "=" + v);
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);

  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, program->c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    result.error = "cannot start `" + spec.argv[0] + "`: " + std::strerror(rc);
    return result;
  }
  result.pid = pid;
  out_w.reset();
  err_w.reset();
  for (int fd : {out_r.fd, err_r.fd}) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    // Bigger pipes mean fewer wake-ups for chatty children (TORCH_LOGS=+dynamo); best effort.
    ::fcntl(fd, F_SETPIPE_SZ, 1 << 20);
  }

  OutputCapture out(spec.output_cap), err(spec.output_cap);
  bool leader_exited = false, group_killed_after_exit = false;
  bool terminating = false, sigkilled = false;
  Clock::time_point term_sent{}, drain_deadline{};
  const auto deadline = start + spec.timeout;

  auto terminate = [&](bool timed_out) {
    terminating = true;
    result.timed_out = timed_out;
    result.cancelled = !timed_out;
    ::kill(-pid, SIGTERM);
    term_sent = Clock::now();
  };

  for (;;) {
    const auto now = Clock::now();
    if (!leader_exited) {
      // WNOWAIT leaves the leader a zombie, which keeps its pid and group id reserved while we
      // kill what is left of the group.
      siginfo_t info{};
      if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) {
        leader_exited = true;
      }
    }
    if (leader_exited && !group_killed_after_exit) {
      ::kill(-pid, SIGKILL);  // Stray grandchildren: nothing outlives the job.
      group_killed_after_exit = true;
      drain_deadline = Clock::now() + milliseconds(500);
      int status = 0;
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
      else if (WIFSIGNALED(status)) result.term_signal = WTERMSIG(status);
    }
    if (leader_exited && ((out_r.fd < 0 && err_r.fd < 0) || Clock::now() > drain_deadline)) break;
    if (!leader_exited && !terminating) {
      if (cancel.cancelled()) terminate(false);
      else if (now >= deadline) terminate(true);
    }
    if (terminating && !sigkilled && !leader_exited && now - term_sent >= spec.kill_grace) {
      ::kill(-pid, SIGKILL);
      sigkilled = true;
    }

    std::array<pollfd, 2> fds{};
    nfds_t n = 0;
    if (out_r.fd >= 0) fds[n++] = {out_r.fd, POLLIN, 0};
    if (err_r.fd >= 0) fds[n++] = {err_r.fd, POLLIN, 0};
    // A short tick bounds how late a cancel, a timeout or the leader's exit is noticed.
    int wait_ms = 20;
    if (!terminating && !leader_exited) {
      const auto left = std::chrono::duration_cast<milliseconds>(deadline - now).count();
      wait_ms = static_cast<int>(std::clamp<long long>(left, 0, 20));
    }
    const int ready = ::poll(fds.data(), n, wait_ms);
    if (ready <= 0) continue;
    for (nfds_t i = 0; i < n; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const bool is_out = fds[i].fd == out_r.fd;
      if (!drain(fds[i].fd, is_out ? out : err)) (is_out ? out_r : err_r).reset();
    }
  }

  result.out = out.text();
  result.err = err.text();
  result.out_bytes = out.total_bytes();
  result.err_bytes = err.total_bytes();
  result.truncated = out.truncated() || err.truncated();
  result.duration = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
  return result;
}

}  // namespace pt2bb
