// The jobs' hot paths: capturing a child's output (a failing compile can print gigabytes), and
// generating the minimiser's candidates. Each is measured against a floor in the same run:
//   capture    OutputCapture::append vs memcpy into a reused buffer, 512 MiB in 64 KiB chunks
//   runner     `head -c N /dev/zero` captured through the runner vs `dd` writing to /dev/null
//              (the same bytes, no pipe), N = 256 MiB
//   reducer    reduction_candidates of a generated 12 KB repro vs one tree-sitter parse of it
// Prints medians of 5 runs and the ratios.
#include <cstring>
#include <string>
#include <vector>

#include "bench_common.h"
#include "jobs/output_capture.h"
#include "jobs/process_runner.h"
#include "minimize/reducer.h"
#include "syntax/tree.h"

using namespace pt2bb;
using namespace pt2bb::bench;

int main() {
  constexpr int kRuns = 5;
  {
    const std::string chunk(64 * 1024, 'x');
    constexpr size_t kTotal = 512ull << 20;
    std::vector<double> capture_ms, copy_ms;
    std::vector<char> sink(chunk.size());
    for (int r = 0; r < kRuns; ++r) {
      double t0 = now_ms();
      OutputCapture cap;
      for (size_t n = 0; n < kTotal; n += chunk.size()) cap.append(chunk);
      capture_ms.push_back(now_ms() - t0);
      t0 = now_ms();
      for (size_t n = 0; n < kTotal; n += chunk.size()) {
        std::memcpy(sink.data(), chunk.data(), chunk.size());
        asm volatile("" : : "r"(sink.data()) : "memory");
      }
      copy_ms.push_back(now_ms() - t0);
    }
    const double c = median(capture_ms), m = median(copy_ms);
    std::printf("capture  512 MiB: OutputCapture %.0f ms (%.0f MB/s), memcpy %.0f ms, ratio %.2f\n", c,
                512.0 / (c / 1000.0), m, c / m);
  }
  {
    constexpr int kMiB = 256;
    ProcessSpec piped, direct;
    piped.argv = {"head", "-c", std::to_string(kMiB) + "M", "/dev/zero"};
    direct.argv = {"dd", "if=/dev/zero", "of=/dev/null", "bs=64k", "count=" + std::to_string(kMiB * 16)};
    for (auto* s : {&piped, &direct}) {
      s->cwd = "/";
      s->env = current_environment();
    }
    std::vector<double> piped_ms, direct_ms;
    for (int r = 0; r < kRuns; ++r) {
      double t0 = now_ms();
      ProcessResult a = run_process(piped);
      piped_ms.push_back(now_ms() - t0);
      t0 = now_ms();
      ProcessResult b = run_process(direct);
      direct_ms.push_back(now_ms() - t0);
      if (!a.succeeded() || !b.succeeded() || a.out_bytes != size_t(kMiB) << 20) {
        std::printf("runner: unexpected result (%s / %s)\n", a.describe().c_str(), b.describe().c_str());
        return 1;
      }
    }
    const double p = median(piped_ms), d = median(direct_ms);
    std::printf("runner   %d MiB: captured %.0f ms (%.0f MB/s), dd to /dev/null %.0f ms, ratio %.2f\n", kMiB, p,
                kMiB / (p / 1000.0), d, p / d);
  }
  {
    const std::string src = generate_python(12 * 1024);
    std::vector<double> gen_ms, parse_ms;
    size_t count = 0;
    for (int r = 0; r < kRuns; ++r) {
      double t0 = now_ms();
      count = reduction_candidates(src).size();
      gen_ms.push_back(now_ms() - t0);
      t0 = now_ms();
      TreePtr t = parse_python(src);
      parse_ms.push_back(now_ms() - t0);
    }
    const double g = median(gen_ms), p = median(parse_ms);
    std::printf("reducer  %zu KB: %zu candidates in %.1f ms (%.3f ms each), one parse %.2f ms, ratio per candidate %.2f\n",
                src.size() / 1024, count, g, g / static_cast<double>(count), p, g / static_cast<double>(count) / p);
  }
  return 0;
}
