// The short fun sign-offs that end a Celebrate report: puns, quotes and small ASCII squashed
// bugs. Each has a stable id so the server can remember the recent ones (in its cache folder)
// and never repeat itself until they are all used. Pure.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pt2bb {

struct SignOff {
  std::string_view id;
  std::string_view text;  // May span several lines (ASCII art goes in a code block).
  bool ascii_art = false;
};

std::span<const SignOff> signoffs();

// A sign-off whose id is not in `recent` (the most recent last), chosen by `seed`; when every
// one was used, the least recently used one.
const SignOff& pick_signoff(const std::vector<std::string>& recent, uint64_t seed);

}  // namespace pt2bb
