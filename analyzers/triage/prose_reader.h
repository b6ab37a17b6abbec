// ProseReader: reads a text in which no PyTorch output was recognised (an issue's description, a
// repro script, a few words pasted from a chat) for the kind of failure its words describe: "the
// loss becomes NaN after compiling", "a recompile happens on every call", "segfaults under
// max-autotune". The knowledge's "prose" signatures say which words count, and how much.
//
// A guess, not a finding from output: the engine asks it only when nothing else was recognised,
// and reports what it found with a low confidence.
//
// Immutable after construction; any thread may call read().
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "triage/triage_knowledge.h"

namespace pt2bb {

struct ProseHit {
  int signature = -1;      // Index into TriageKnowledge::signatures().
  uint32_t line = 0;       // 1-based line of the text.
  std::string_view text;   // That line, trimmed (a view into the text read).
};

class ProseReader {
public:
  explicit ProseReader(const TriageKnowledge& kb);

  // The lines each prose signature matches, in line order. A signature counts a line once and at
  // most kMaxLinesPerSignature lines in all: a word repeated down a long text says no more.
  std::vector<ProseHit> read(std::string_view text) const;

  static constexpr size_t kMaxLinesPerSignature = 8;
  // Lines longer than this are read from their start only (a minified blob, a data dump).
  static constexpr size_t kMaxLineBytes = 4096;

private:
  const TriageKnowledge& kb_;
  std::vector<int> prose_sigs_;
};

}  // namespace pt2bb
