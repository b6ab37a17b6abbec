// TriageKnowledge: the triage categories and their signatures, parsed from the knowledge files
// (analyzers/knowledge/data/triage*.json, embedded at build time or read from --knowledge-dir)
// and validated: a malformed file gives a clear error naming the file and the entry.
//
// Immutable after load; any thread may read it.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/lang.h"
#include "knowledge/embedded.h"

namespace re2 {
class RE2;
}

namespace pt2bb {

// A text in English and French.
struct LocalText {
  std::string en;
  std::string fr;
  const std::string& in(Lang l) const { return l == Lang::Fr && !fr.empty() ? fr : en; }
};

// One signature: an RE2 pattern that, found on a log line, is evidence for a category.
struct TriageSignature {
  std::string id;
  std::string category;
  std::string pattern;
  double weight = 1;
  // Where the pattern counts: "line" (any line), "exception" (only on an exception's message
  // lines), "frame" (matched against a traceback frame's file path), "warning_log" (matched
  // against the path of the module that logged a warning-level glog line), "prose" (read only when
  // no PyTorch output was recognised at all: words of a description or a repro script that say
  // what kind of failure it describes), "compile_id" (matched against the compile id of a log
  // line, "8/47" for frame 8's 47th recompile).
  std::string scope = "line";
  // Evidence of the failure itself (an exception, a crash) rather than of a symptom logged on
  // the way (a graph break log line): terminal evidence decides the primary category.
  bool terminal = false;
  // The categories of errors this exception may carry in its message ("BackendCompilerFailed:
  // backend=... raised: RuntimeError: Triton Error [CUDA]: ..."): a terminal signature of one of
  // them there says more about what failed than the wrapper. Empty: not a wrapper.
  std::vector<std::string> wraps;
  LocalText description;
  // The compiled pattern, for the scopes matched one signature at a time (frame, warning_log,
  // compile_id, prose). Null for line and exception signatures: the engine matches those all at
  // once, through an RE2::Set and a LiteralGate that compile their own.
  std::shared_ptr<const re2::RE2> re;
  // Prose only, optional: the signature counts only in a text no line of which matches this
  // ("numbers printed, and no error anywhere").
  std::shared_ptr<const re2::RE2> unless;
  // Optional advice of this evidence's own, shown instead of its category's: a missing Triton is
  // fixed by installing one, not by the export advice the category `other` gives. Empty: the
  // category's advice holds.
  LocalText fix_approach;
  std::optional<std::vector<std::string>> next_commands;
  std::optional<std::vector<std::string>> key_files;
  std::optional<std::vector<std::string>> config_knobs;
};

struct TriageCategory {
  std::string id;
  LocalText title;
  LocalText summary;
  std::vector<std::string> next_commands;  // "{script}" is replaced by the user's script.
  std::vector<std::string> key_files;
  LocalText fix_approach;
  std::vector<std::string> config_knobs;
  std::vector<std::string> gb_types;       // Graph-break types that really belong here.
  std::vector<std::string> log_artifacts;  // TORCH_LOGS artifacts that are evidence ("recompiles").
};

class TriageKnowledge {
public:
  // Loads every file whose name starts with "triage" and ends in ".json". Returns nullopt and
  // sets `error` ("triage.json: signatures[3] (gb_old): invalid RE2 pattern: ...") on bad data.
  static std::optional<TriageKnowledge> load(std::span<const EmbeddedFile> files, std::string* error);
  static std::optional<TriageKnowledge> load_embedded(std::string* error);

  const std::vector<TriageCategory>& categories() const { return categories_; }
  const std::vector<TriageSignature>& signatures() const { return signatures_; }
  const TriageCategory* category(std::string_view id) const;
  const TriageSignature* signature(std::string_view id) const;

private:
  std::vector<TriageCategory> categories_;
  std::vector<TriageSignature> signatures_;
};

}  // namespace pt2bb
