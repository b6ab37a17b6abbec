#include "workspace/git.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

namespace pt2bb {

std::optional<std::string> run_git(const std::string& cwd, const std::vector<std::string>& args,
                                   std::chrono::milliseconds timeout, size_t cap) {
  // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
  std::vector<std::string> argv_store = {"git"};
  argv_store.insert(argv_store.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_store) argv.push_back(a.data());
  argv.push_back(nullptr);
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) return std::nullopt;
  const pid_t pid = fork();
  if (pid < 0) {
    close(out[0]);
    close(out[1]);
    return std::nullopt;
  }
  if (pid == 0) {
    setpgid(0, 0);
    const int devnull = open("/dev/null", O_RDWR);
    if (devnull >= 0) {
      dup2(devnull, 0);
      dup2(devnull, 2);
    }
    dup2(out[1], 1);
    if (chdir(cwd.c_str()) != 0) _exit(127);
    execvp("git", argv.data());
    _exit(127);
  }
  close(out[1]);
  std::string output;
  bool ok = true;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  char buf[64 * 1024];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      ok = false;
      break;
    }
    pollfd p{out[0], POLLIN, 0};
    const int r = poll(&p, 1, static_cast<int>(std::min<int64_t>(left.count(), 1000)));
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) continue;
    const ssize_t n = read(out[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    output.append(buf, static_cast<size_t>(n));
    if (output.size() > cap) {
      ok = false;
      break;
    }
  }
  close(out[0]);
  if (!ok) kill(-pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!ok || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return output;
}

std::optional<std::string> git_toplevel(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path dir = fs::is_directory(path, ec) ? fs::path(path) : fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  auto out = run_git(dir.string(), {"rev-parse", "--show-toplevel"}, std::chrono::seconds(5));
  if (!out) return std::nullopt;
  while (!out->empty() && (out->back() == '\n' || out->back() == '\r')) out->pop_back();
  if (out->empty()) return std::nullopt;
  return out;
}

std::optional<std::string> git_head_text(const std::string& abs_path) {
  namespace fs = std::filesystem;
  auto top = git_toplevel(abs_path);
  if (!top) return std::nullopt;
  std::error_code ec;
  const fs::path rel = fs::relative(fs::weakly_canonical(abs_path, ec), fs::weakly_canonical(*top, ec), ec);
  if (ec || rel.empty() || rel.string().rfind("..", 0) == 0) return std::nullopt;
  return run_git(*top, {"show", "HEAD:" + rel.generic_string()}, std::chrono::seconds(10));
}

}  // namespace pt2bb
