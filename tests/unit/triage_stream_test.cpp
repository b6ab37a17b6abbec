// triage_stream: the threaded reader/classifier pipeline gives the same report as the whole text
// in memory, for any number of classifying threads; read errors and cancellation are reported.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "support/file_io.h"
#include "support/triage_stream.h"
#include "triage/report_json.h"
#include "triage/triage.h"
#include "triage_fixture.h"

using namespace pt2bb;
namespace fs = std::filesystem;

namespace {

using triage_fixture::knowledge;

TriageOptions options() {
  TriageOptions o;
  o.knowledge = &knowledge();
  return o;
}

// A log of several MiB (so that it spans many chunks): quiet +dynamo lines, with a graph break,
// a recompile and, at the end, the traceback that ended the run.
std::string big_log() {
  std::string log;
  for (int i = 0; log.size() < (5u << 20); ++i) {
    const std::string n = std::to_string(i);
    log += "V1103 09:12:44.100000 5521 torch/_dynamo/symbolic_convert.py:920] [0/0] [__trace_bytecode] TRACE LOAD_FAST x" + n + "\n";
    log += "V1103 09:12:44.100000 5521 torch/_dynamo/variables/builder.py:2853] [0/0] wrap_to_fake L['x'] (8, " + n + ")\n";
    if (i % 5000 == 17) {
      log += "V1103 09:12:44.100000 5521 torch/_dynamo/symbolic_convert.py:552] [0/0] [__graph_breaks] Graph break in user code at /home/u/m.py:41\n";
      log += "V1103 09:12:44.100000 5521 torch/_dynamo/symbolic_convert.py:552] [0/0] [__graph_breaks] Reason: Unsupported: Tensor.item\n";
    }
    if (i == 100) {  // A warning that means a graph break, and one that means nothing.
      log += "W1103 09:12:44.100000 5521 torch/_dynamo/exc.py:525] [0/0] skipping frame f in /home/u/m.py\n";
      log += "W1103 09:12:44.100000 5521 torch/_inductor/utils.py:1250] [0/0] not enough SMs to use max_autotune_gemm mode\n";
    }
    if (i % 7000 == 3) {
      log += "V1103 09:12:44.100000 5521 torch/_dynamo/guards.py:2760] [0/1] [__recompiles] Recompiling function f in /home/u/m.py:3\n";
      log += "V1103 09:12:44.100000 5521 torch/_dynamo/guards.py:2760] [0/1] [__recompiles]     triggered by the following guard failure(s):\n";
      log += "V1103 09:12:44.100000 5521 torch/_dynamo/guards.py:2760] [0/1] [__recompiles]     - 0/0: tensor 'x' size mismatch at index 0. expected 8, actual 9\n";
    }
  }
  log += "Traceback (most recent call last):\n  File \"/home/u/m.py\", line 9, in <module>\n    f(x)\n"
         "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: boom\n";
  return log;
}

struct TempFile {
  fs::path path = fs::temp_directory_path() / ("pt2bb_stream_" + std::to_string(::getpid()) + ".log");
  explicit TempFile(const std::string& text) { REQUIRE(write_file(path.string(), text)); }
  ~TempFile() { fs::remove(path); }
};

std::string json_of(const TriageReport& r) { return triage_report_json(r, knowledge(), Lang::En).dump(); }

}  // namespace

TEST_CASE("the pipeline's report equals the in-memory one, for any number of classifying threads") {
  // The big log spans many chunks; the small one, its end, is read by the calling thread alone
  // whatever number of threads is asked for.
  const std::string big = big_log();
  for (const std::string& log : {big, big.substr(big.size() - (300u << 10))}) {
    CAPTURE(log.size());
    const TempFile file(log);
    const TriageReport expected = triage_text(log, options());
    REQUIRE(expected.category == "backend_compiler_failed");
    REQUIRE(expected.findings.size() == (log.size() == big.size() ? 4u : 1u));
    for (unsigned threads : {0u, 1u, 3u}) {
      CAPTURE(threads);
      Triager triager(options());
      const int fd = ::open(file.path.c_str(), O_RDONLY);
      REQUIRE(fd >= 0);
      TriageStreamOptions stream;
      stream.classify_threads = threads;
      uint64_t progressed = 0;
      stream.progress = [&](uint64_t bytes) { progressed = bytes; };
      std::string error;
      CHECK(triage_stream(fd, triager, stream, &error));
      ::close(fd);
      CHECK(error.empty());
      CHECK(progressed == log.size());
      CHECK(json_of(triager.finish()) == json_of(expected));
    }
  }
}

TEST_CASE("a read error and a cancellation stop the stream with what they say") {
  // A directory opens but cannot be read.
  const int dir = ::open(fs::temp_directory_path().c_str(), O_RDONLY);
  REQUIRE(dir >= 0);
  for (unsigned threads : {0u, 2u}) {
    Triager triager(options());
    TriageStreamOptions stream;
    stream.classify_threads = threads;
    std::string error;
    CHECK_FALSE(triage_stream(dir, triager, stream, &error));
    CHECK(error.find("directory") != std::string::npos);
  }
  ::close(dir);

  const std::string log = big_log();
  const TempFile file(log);
  const uint64_t all_lines = triage_text(log, options()).lines;
  for (unsigned threads : {0u, 2u}) {
    Triager triager(options());
    const int fd = ::open(file.path.c_str(), O_RDONLY);
    TriageStreamOptions stream;
    stream.classify_threads = threads;
    std::atomic<int> polls = 0;
    stream.cancelled = [&] { return ++polls > 2; };
    std::string error = "unchanged";
    CHECK_FALSE(triage_stream(fd, triager, stream, &error));
    CHECK(error == "unchanged");
    ::close(fd);
    // Stopped after two chunks of 1 MiB: well short of the whole log.
    const uint64_t read = triager.finish().lines;
    CHECK(read > 0);
    CHECK(read < all_lines / 2);
  }
}
