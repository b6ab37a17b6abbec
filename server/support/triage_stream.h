// triage_stream: feeds a file descriptor through a Triager with the work spread over threads.
// A few worker threads each read the next page-aligned 1 MiB chunk (taking turns, so chunks stay
// in file order) and classify its lines (the stateless part: prefixes, listing artifacts, the
// prefilter); the calling thread feeds the classified chunks to the Triager in order, skipping
// the quiet lines between records. The result is the same report as feeding the file on one
// thread, line for line.
//
// Called from any one thread; the helper threads are its own and are joined before it returns.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "triage/triage.h"

namespace pt2bb {

struct TriageStreamOptions {
  // Classifying threads; 0 classifies on the calling thread (no helper threads at all).
  unsigned classify_threads = default_classify_threads();
  std::function<bool()> cancelled;             // Polled between chunks; may be empty.
  std::function<void(uint64_t bytes)> progress;  // Bytes fed so far; may be empty.

  static unsigned default_classify_threads();
};

// Feeds everything `fd` holds to `triager` (then the caller calls finish()). Returns false on a
// read error (with `error` set) or when cancelled (with `error` empty); what was read before is
// fed either way.
bool triage_stream(int fd, Triager& triager, const TriageStreamOptions& options, std::string* error);

}  // namespace pt2bb
