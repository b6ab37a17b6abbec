// The triage engine's public API: classify PT2 failure output (a pytest run, a traceback, a
// TORCH_LOGS run, a TORCH_TRACE file) into one primary category and a ranked list of findings.
//
//   TriageKnowledge kb = *TriageKnowledge::load_embedded(&err);   // once, at start-up
//   TriageOptions opts{.knowledge = &kb, .registry = &gb_registry, .lang = Lang::En};
//   TriageReport r = triage_text(log_text, opts);                 // whole text in memory
//
//   Triager t(opts);                                              // or streaming:
//   while (n = read(fd, buf, 1 << 20)) t.feed({buf, n});          // memory stays bounded
//   TriageReport r = t.finish();
//
// Pure: no I/O, no threads. A Triager is fed by one thread at a time (classify() excepted, see
// below); TriageKnowledge and the GraphBreakRegistry are immutable and may be shared by any
// number of threads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/lang.h"
#include "knowledge/gb_registry.h"
#include "triage/triage_knowledge.h"

namespace re2 {
class RE2;
}  // namespace re2

namespace pt2bb {

// The fixed category ids, used in every output.
inline constexpr std::string_view kTriageCategories[] = {
    "graph_break",   "backend_compiler_failed", "recompilation",         "accuracy",
    "dynamo_internal_error", "runtime_crash",   "triton_kernel_failure", "other",
    "unknown"};

// One frame of a Python traceback (or a "File:line" reference) found in the log.
struct LogFrame {
  std::string file;       // As printed in the log (often an absolute path from another machine).
  uint32_t line = 0;      // 1-based line in `file`; 0 when unknown.
  std::string function;   // Empty when unknown.
  std::string code;       // The source line the traceback printed, trimmed; may be empty.
  uint32_t log_line = 0;  // 1-based line of the log where the frame was printed.
  // Printed by Python's faulthandler (`File "x.py", line 12 in f`, no comma before "in"), which
  // dumps the stacks when the process receives a fatal signal (SIGSEGV, SIGFPE, SIGABRT, SIGBUS,
  // SIGILL).
  bool fatal_dump = false;
  // Printed most recent call first: faulthandler's dumps, and pybind11's stack of an error it
  // carries ("At:").
  bool innermost_first = false;
  // The log ended inside this frame's line (no '\n' after it): its function name may be cut
  // short ("in _precom"), so only its file counts.
  bool cut = false;
};

// Details of a recompilation's guard failure, when the guard is a tensor size mismatch: enough
// for the editor's `mark_dynamic` quick fix.
struct SizeMismatch {
  std::string tensor;     // "x" (from "tensor 'x' size mismatch at index 0" or "L['x']").
  uint32_t dim = 0;       // The index that changed.
  std::string function;   // The recompiled function ("forward").
  LogFrame function_def;  // Where it is defined ("Recompiling function f in /p/x.py:3").
};

// One deduplicated finding. Text fields are already in the requested language.
struct TriageFinding {
  std::string category;    // One of kTriageCategories (never "unknown").
  std::string signature;   // The knowledge signature id that recognised it ("gb_current", ...).
  uint32_t count = 1;      // Occurrences merged into this finding.
  double confidence = 0;   // 0..1.
  bool terminal = false;   // Part of the exception or crash that ended the run.
  bool from_words = false; // Read from a description's words (a "prose" signature), not from output.
  std::string title;       // The category's title.
  std::string message;     // What was found: the reason / exception line, one line.
  std::string detail;      // Inner error, guard failure, explanation... may be empty.
  std::string why;         // What the recognising signature says about this evidence; may be empty.
  std::vector<uint32_t> evidence;  // 1-based log line numbers (a bounded number of them).
  bool has_user_frame = false;
  LogFrame user_frame;                 // Where in the user's code (when has_user_frame).
  std::vector<LogFrame> compiler_frames;  // Innermost PyTorch/Triton frames, innermost last.
  // Graph-break registry data (when the GB type or id is known).
  std::string gb_id;        // "GB0170".
  std::string gb_type;      // "Data-dependent branching".
  std::string gb_explanation;
  std::vector<std::string> gb_hints;
  std::vector<std::string> next_commands;  // With the user's script or test filled in.
  std::vector<std::string> key_files;
  std::string fix_approach;
  std::vector<std::string> config_knobs;
  std::vector<SizeMismatch> size_mismatches;  // Recompilations only.
  double score = 0;  // Ranking score (higher first).
};

struct TriageReport {
  std::string category = "unknown";  // The primary category id.
  double confidence = 0;
  std::vector<TriageFinding> findings;  // Ranked, primary first.
  uint64_t lines = 0;   // Lines read.
  uint64_t bytes = 0;   // Bytes read.
  bool binary = false;  // The input held NUL or mostly non-text bytes (they were skipped).
  bool truncated = false;  // The input ended inside a traceback or block.
  // No PyTorch output was recognised: the category was read from the words of the text (a
  // description, a repro script), and its confidence is low.
  bool guessed = false;
  std::string script;   // The user's script or test the log names, "" when none was seen.
};

struct TriageOptions {
  const TriageKnowledge* knowledge = nullptr;     // Required.
  const GraphBreakRegistry* registry = nullptr;   // Optional: GB explanations and hints.
  Lang lang = Lang::En;
  std::string script;            // Fills {script} in next commands; else guessed from the log.
  uint32_t max_evidence = 16;    // Evidence lines kept per finding.
  uint32_t max_findings = 200;   // Distinct findings kept (the rest only counted).
};

class TriageEngine;  // The parser and scorer (triage/engine.h).
class LiteralGate;   // The prefilter (triage/literal_gate.h).

// Which lines of a chunk the parser may skip while it is between records: the stateless part of
// triage (splitting lines, removing log prefixes, the listing and prefilter checks), which costs
// most of the time on a big log and can run on other threads, one chunk each, ahead of feed().
// Only the lines worth reading are listed: on a big log they are a few in a hundred, and the
// parser jumps from one to the next while no record is open.
struct ChunkLines {
  size_t begin = 0;  // Just past the chunk's first '\n': the first line classified.
  size_t end = 0;    // Just past its last '\n' (== begin when the chunk holds fewer than 2).
  uint32_t count = 0;  // Lines classified, from begin to end.
  enum Kind : uint8_t { Skip, Read, Binary };
  struct Mark {
    uint32_t offset;  // Where the line starts in the chunk...
    uint32_t line;    // ...its index among the classified lines...
    Kind kind;        // ...and why it is listed (Read, or Binary: it holds a NUL).
  };
  std::vector<Mark> marks;  // The lines that are not Skip, in order.
};

// Classifies chunks for one Triager with its own copy of the prefilter (triage/literal_gate.h):
// RE2 takes a lock on every search, and threads that share one expression pass that lock's cache
// line back and forth. One per classifying thread; it must not outlive its Triager.
class ChunkClassifier {
public:
  ChunkClassifier(ChunkClassifier&&) noexcept;
  ChunkClassifier& operator=(ChunkClassifier&&) noexcept;
  ~ChunkClassifier();
  ChunkLines classify(std::string_view chunk) const;  // The same as Triager::classify.

private:
  friend class Triager;
  ChunkClassifier(const TriageEngine& engine, std::unique_ptr<LiteralGate> prefilter);
  const TriageEngine* engine_;
  std::unique_ptr<LiteralGate> prefilter_;
};

// Streaming triage: feed any chunking of the log, then finish(). Memory is bounded by the
// number of distinct findings, not by the log's size.
class Triager {
public:
  explicit Triager(const TriageOptions& options);
  ~Triager();
  Triager(Triager&&) noexcept;
  Triager& operator=(Triager&&) noexcept;

  void feed(std::string_view chunk);
  // The same as feed(chunk), faster: `lines` must be classify(chunk) of this very chunk.
  void feed(std::string_view chunk, const ChunkLines& lines);
  // Classifies the lines of a chunk. Const and thread-safe: other threads may classify the next
  // chunks while this one is fed.
  ChunkLines classify(std::string_view chunk) const;
  ChunkClassifier classifier() const;  // For a thread that classifies many chunks.
  TriageReport finish();  // Call once.

private:
  std::unique_ptr<TriageEngine> engine_;
};

TriageReport triage_text(std::string_view log, const TriageOptions& options);

}  // namespace pt2bb
