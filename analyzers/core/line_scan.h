// Finding the lines of a large buffer at memory speed, for the analyzers that stream logs of
// gigabytes. Calling memchr once per line costs more than the scan itself on 100-byte log lines
// (a call, a vector prologue and a mispredicted exit per line), so this finds every '\n' and NUL
// of a 64-byte block at once and walks the bits.
//
// Pure functions; any thread.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pt2bb {

namespace line_scan_detail {

// Bit i is set when block[i] == c, for the 64 bytes at `block`.
inline uint64_t byte_mask64(const char* block, char c) {
#if defined(__SSE2__)
  const __m128i needle = _mm_set1_epi8(c);
  uint64_t mask = 0;
  for (int i = 0; i < 4; ++i) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * i));
    mask |= static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, needle)))) << (16 * i);
  }
  return mask;
#else
  uint64_t mask = 0;
  for (int i = 0; i < 64; ++i) mask |= static_cast<uint64_t>(block[i] == c) << i;
  return mask;
#endif
}

}  // namespace line_scan_detail

// Calls on_line(line, has_nul) for every '\n'-terminated line of `buf`, without its '\n', in
// order; `has_nul` says whether the line holds a NUL byte (binary data). Returns the offset just
// past the last '\n': the bytes after it are an unfinished line, left to the caller.
template <class OnLine>
size_t for_each_line(std::string_view buf, OnLine&& on_line) {
  const char* data = buf.data();
  const size_t size = buf.size();
  size_t line_start = 0;
  bool nul = false;
  size_t pos = 0;
  for (; pos + 64 <= size; pos += 64) {
    uint64_t newlines = line_scan_detail::byte_mask64(data + pos, '\n');
    uint64_t nuls = line_scan_detail::byte_mask64(data + pos, '\0');
    while (newlines) {
      const unsigned bit = static_cast<unsigned>(__builtin_ctzll(newlines));
      const uint64_t before = (uint64_t{1} << bit) - 1;  // Bits of this block before the '\n'.
      const bool line_nul = nul || (nuls & before) != 0;
      on_line(std::string_view(data + line_start, pos + bit - line_start), line_nul);
      line_start = pos + bit + 1;
      nul = false;
      nuls &= ~(before | (uint64_t{1} << bit));  // Those NULs belonged to the line just ended.
      newlines &= newlines - 1;
    }
    nul = nul || nuls != 0;
  }
  for (; pos < size; ++pos) {
    if (data[pos] == '\0') nul = true;
    if (data[pos] == '\n') {
      on_line(std::string_view(data + line_start, pos - line_start), nul);
      line_start = pos + 1;
      nul = false;
    }
  }
  return line_start;
}

}  // namespace pt2bb
