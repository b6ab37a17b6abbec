// The process runner against real processes: exit codes, separate streams, explicit env and
// cwd, timeout, cancel (the whole process group is gone), huge output (head and tail kept),
// leftovers of a finished job killed, and clear errors for what cannot start.
#include <doctest/doctest.h>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "jobs/process_runner.h"
#include "support/file_io.h"

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace pt2bb {
namespace {

// True once `pid` no longer runs (gone, or a zombie waiting for init to reap it).
bool process_gone(int pid, std::chrono::milliseconds within = 3000ms) {
  const auto until = std::chrono::steady_clock::now() + within;
  do {
    if (::kill(pid, 0) != 0) return true;
    auto stat = read_file("/proc/" + std::to_string(pid) + "/stat");
    if (stat) {
      const auto close = stat->rfind(')');
      if (close != std::string::npos && close + 2 < stat->size() && (*stat)[close + 2] == 'Z') return true;
    }
    std::this_thread::sleep_for(20ms);
  } while (std::chrono::steady_clock::now() < until);
  return false;
}

fs::path scratch_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("pt2bb-proc-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

ProcessSpec python(const std::string& code, std::chrono::milliseconds timeout = 20s) {
  ProcessSpec spec;
  spec.argv = {"python3", "-c", code};
  spec.cwd = fs::temp_directory_path().string();
  spec.env = current_environment();
  spec.timeout = timeout;
  return spec;
}

}  // namespace

TEST_CASE("process runner: exit codes and separate streams") {
  struct Case {
    const char* code;
    int exit_code;
    const char* out;
    const char* err;
  };
  const Case cases[] = {
      {"print('hello')", 0, "hello\n", ""},
      {"import sys; print('to err', file=sys.stderr); sys.exit(3)", 3, "", "to err\n"},
      {"raise RuntimeError('boom')", 1, "", "RuntimeError: boom"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.code);
    ProcessResult r = run_process(python(c.code));
    REQUIRE(r.started());
    CHECK(r.exit_code == c.exit_code);
    CHECK(r.out == c.out);
    CHECK(r.err.find(c.err) != std::string::npos);
    CHECK(r.succeeded() == (c.exit_code == 0));
    CHECK(r.describe() == "exit code " + std::to_string(c.exit_code));
  }
}

TEST_CASE("process runner: the environment and working directory are exactly the given ones") {
  const fs::path dir = scratch_dir("env");
  ProcessSpec spec = python("import os; print(os.getcwd()); print(sorted(k for k in os.environ if k.startswith('PT2BB_')))");
  spec.cwd = dir.string();
  spec.env = {{"PATH", current_environment()["PATH"]}, {"PT2BB_ONLY", "1"}};
  ProcessResult r = run_process(spec);
  REQUIRE(r.succeeded());
  CHECK(r.out == fs::canonical(dir).string() + "\n['PT2BB_ONLY']\n");
  fs::remove_all(dir);
}

TEST_CASE("process runner: a timeout kills the process") {
  const auto start = std::chrono::steady_clock::now();
  ProcessResult r = run_process(python("import time; print('started', flush=True); time.sleep(30)", 2000ms));
  const auto took = std::chrono::steady_clock::now() - start;
  CHECK(r.timed_out);
  CHECK_FALSE(r.succeeded());
  CHECK(r.out == "started\n");
  CHECK(r.describe().rfind("timed out after", 0) == 0);
  CHECK(took < 5s);
  CHECK(process_gone(r.pid));
}

TEST_CASE("process runner: cancel kills the whole process group, grandchildren included") {
  const fs::path dir = scratch_dir("cancel");
  const fs::path pid_file = dir / "grandchild.pid";
  // The child starts a grandchild that ignores SIGTERM, then waits: only a group kill with
  // SIGKILL after the grace period gets rid of both.
  const std::string code =
      "import subprocess, sys, time\n"
      "p = subprocess.Popen([sys.executable, '-c', 'import signal, time; "
      "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)'])\n"
      "open(sys.argv[1], 'w').write(str(p.pid))\n"
      "time.sleep(60)\n";
  ProcessSpec spec = python(code);
  spec.argv.push_back(pid_file.string());
  spec.kill_grace = 200ms;
  CancelToken token;
  std::thread canceller([&] {
    for (int i = 0; i < 500 && !fs::exists(pid_file); ++i) std::this_thread::sleep_for(10ms);
    std::this_thread::sleep_for(50ms);
    token.cancel();
  });
  ProcessResult r = run_process(spec, token);
  canceller.join();
  CHECK(r.cancelled);
  CHECK(r.describe() == "cancelled");
  REQUIRE(fs::exists(pid_file));
  const int grandchild = std::stoi(*read_file(pid_file.string()));
  CHECK(process_gone(r.pid));
  CHECK(process_gone(grandchild));
  fs::remove_all(dir);
}

TEST_CASE("process runner: a background process left by a finished command is killed") {
  const fs::path dir = scratch_dir("leftover");
  const fs::path pid_file = dir / "bg.pid";
  const std::string code =
      "import subprocess, sys\n"
      "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], "
      "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
      "open(sys.argv[1], 'w').write(str(p.pid))\n";
  ProcessSpec spec = python(code);
  spec.argv.push_back(pid_file.string());
  ProcessResult r = run_process(spec);
  CHECK(r.succeeded());
  REQUIRE(fs::exists(pid_file));
  CHECK(process_gone(std::stoi(*read_file(pid_file.string()))));
  fs::remove_all(dir);
}

TEST_CASE("process runner: huge output keeps the head and the tail within the cap") {
  // 40 MB on stdout, markers at both ends.
  ProcessSpec spec = python(
      "import sys\n"
      "w = sys.stdout.write\n"
      "w('HEAD-MARKER\\n')\n"
      "line = 'x' * 1023 + '\\n'\n"
      "for _ in range(40 * 1024): w(line)\n"
      "w('Traceback (most recent call last):\\nTAIL-MARKER: the error\\n')\n");
  spec.output_cap = 256 * 1024;
  ProcessResult r = run_process(spec);
  REQUIRE(r.succeeded());
  CHECK(r.truncated);
  CHECK(r.out_bytes > 40u * 1024 * 1024);
  CHECK(r.out.size() < spec.output_cap + 200);
  CHECK(r.out.rfind("HEAD-MARKER\n", 0) == 0);
  CHECK(r.out.find("bytes omitted by pt2bb") != std::string::npos);
  CHECK(r.out.ends_with("TAIL-MARKER: the error\n"));
}

TEST_CASE("process runner: what cannot start is a clear error, not a crash") {
  struct Case {
    std::vector<std::string> argv;
    std::string cwd;
    std::string error;
  };
  const std::string tmp = fs::temp_directory_path().string();
  const Case cases[] = {
      {{"pt2bb-no-such-program"}, tmp, "`pt2bb-no-such-program` was not found on PATH"},
      {{"/nonexistent/python"}, tmp, "`/nonexistent/python` was not found or is not executable"},
      {{"python3", "-c", "pass"}, "/nonexistent/dir", "working directory does not exist: /nonexistent/dir"},
      {{}, tmp, "no command to run"},
  };
  for (const auto& c : cases) {
    ProcessSpec spec;
    spec.argv = c.argv;
    spec.cwd = c.cwd;
    spec.env = current_environment();
    ProcessResult r = run_process(spec);
    CHECK_FALSE(r.started());
    CHECK(r.error == c.error);
    CHECK(r.describe() == c.error);
  }
}

TEST_CASE("process runner: an already cancelled token starts nothing") {
  CancelToken token;
  token.cancel();
  ProcessResult r = run_process(python("print('never')"), token);
  CHECK(r.cancelled);
  CHECK(r.pid == 0);
}

TEST_CASE("process runner: many processes run in parallel without mixing their output") {
  std::vector<std::thread> threads;
  std::vector<ProcessResult> results(8);
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([i, &results] { results[i] = run_process(python("print(" + std::to_string(i) + ")")); });
  }
  for (auto& t : threads) t.join();
  for (int i = 0; i < 8; ++i) CHECK(results[i].out == std::to_string(i) + "\n");
}

}  // namespace pt2bb
