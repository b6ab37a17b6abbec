// for_each_line, the line scan of the analyzers that stream big logs: each of its scans (SSE2, and
// AVX2 where the CPU has it) must give the lines, their special-byte flags (NUL or ESC) and the
// unfinished tail that a byte-at-a-time split gives, on buffers whose '\n', NUL and ESC bytes fall
// at every offset of the 64-byte blocks it reads.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "core/line_scan.h"

using namespace pt2bb;

namespace {

struct Scan {
  std::vector<std::pair<std::string, bool>> lines; // Each line and whether it holds a NUL or ESC.
  size_t done = 0;                                 // The offset past the last '\n'.
  bool operator==(const Scan&) const = default;
};

// The answer: one byte at a time.
Scan reference(std::string_view buf) {
  Scan s;
  size_t start = 0;
  bool nul = false;
  for (size_t i = 0; i < buf.size(); ++i) {
    if (buf[i] == '\0' || buf[i] == '\x1b')
      nul = true;
    if (buf[i] == '\n') {
      s.lines.emplace_back(std::string(buf.substr(start, i - start)), nul);
      start = i + 1;
      nul = false;
    }
  }
  s.done = start;
  return s;
}

// One of the scans, chosen by name: "dispatch" is for_each_line itself.
Scan scan(std::string_view buf, std::string_view which) {
  Scan s;
  auto on_line = [&](std::string_view line, bool has_nul) {
    s.lines.emplace_back(std::string(line), has_nul);
  };
  if (which == "sse2")
    s.done = line_scan_detail::for_each_line_sse2(buf, on_line);
#if PT2BB_LINE_SCAN_AVX2
  else if (which == "avx2")
    s.done = line_scan_detail::for_each_line_avx2(buf, on_line);
#endif
  else
    s.done = for_each_line(buf, on_line);
  return s;
}

std::vector<std::string_view> scans() {
  std::vector<std::string_view> out = {"sse2", "dispatch"};
#if PT2BB_LINE_SCAN_AVX2
  if (line_scan_detail::cpu_has_avx2())
    out.push_back("avx2");
#endif
  return out;
}

} // namespace

TEST_CASE("every line scan splits as a byte-at-a-time split does") {
  size_t checked = 0;
  for (const std::string_view which : scans()) {
    CAPTURE(which);
    // A '\n', a NUL or an ESC alone at each offset of buffers up to three blocks long, and with a
    // line end.
    for (size_t n = 0; n <= 200; ++n) {
      for (size_t at = 0; at < n; ++at) {
        for (const char c : {'\n', '\0', '\x1b'}) {
          std::string buf(n, 'x');
          buf[at] = c;
          CHECK(scan(buf, which) == reference(buf));
          buf[n - 1 - at] = c == '\n' ? '\0' : '\n';
          CHECK(scan(buf, which) == reference(buf));
          ++checked;
        }
      }
    }
    // Random buffers, dense and sparse in line ends, NULs and ESCs, at random offsets of a bigger one
    // (the loads need no alignment).
    std::mt19937 rng(77);
    const std::string big(4096 + 64, 'y');
    for (int i = 0; i < 3000; ++i) {
      const size_t n = std::uniform_int_distribution<size_t>(0, 1000)(rng);
      const int newline_in = std::uniform_int_distribution<int>(1, 200)(rng);
      const int nul_in = std::uniform_int_distribution<int>(1, 2000)(rng);
      std::string padded = big;
      const size_t offset = std::uniform_int_distribution<size_t>(0, 63)(rng);
      for (size_t k = 0; k < n; ++k) {
        const int r = std::uniform_int_distribution<int>(0, 1 << 20)(rng);
        padded[offset + k] = r % newline_in == 0 ? '\n'
                             : r % nul_in == 1   ? '\0'
                             : r % nul_in == 2   ? '\x1b'
                                                 : static_cast<char>('a' + r % 26);
      }
      const std::string_view buf = std::string_view(padded).substr(offset, n);
      const Scan want = reference(buf);
      CHECK(scan(buf, which) == want);
      ++checked;
    }
  }
  CHECK(checked > 100000);
}
