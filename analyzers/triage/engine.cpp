// The triage parser: one pass over the lines, a small state machine for the multi-line records
// (tracebacks, graph-break records, recompile records, explain() output, TORCH_TRACE payloads),
// and the knowledge signatures matched on every line a cheap prefilter lets through.
#include "triage/engine.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "core/line_scan.h"
#include "triage/log_text.h"

namespace pt2bb {
namespace {

constexpr size_t kMaxLine = 64 * 1024;    // Longer lines are cut (a minified JSON, a binary blob).
constexpr size_t kProseHead = 64 * 1024;  // Bytes kept for the prose reader.
constexpr double kGuessConfidence = 0.3;  // The most a category read from prose alone is worth.
constexpr size_t kMaxFrames = 48;         // Frames kept per traceback (the innermost ones).
constexpr size_t kMaxMessageLines = 40;   // Continuation lines kept per exception message.
constexpr size_t kMaxText = 400;          // Characters kept of one message line.
// Frame signatures below this weight mark pass-through frames (the compile driver's wrappers, on
// the path of every failure): they decide a traceback's component only when no other frame does.
constexpr double kDecisiveFrameWeight = 3;

// What close_exception() gives the signatures for Dynamo's "from user code:" note when the
// excerpt lost the exception line above it. No log prints this text.
constexpr const char* kCutUserCodeNote = "from user code: (the exception line was cut)";
// The note a traceback cut before its exception line gets when Dynamo's graph-break logger
// printed it: the "gb_logged_traceback" signature reads it.
constexpr const char* kGraphBreakLogNote = "[__graph_breaks] traceback (the exception line was cut)";

// Lines that start or continue a record, beyond what the signatures themselves catch.
constexpr const char* kStructural[] = {
    R"(Traceback \(most recent call last\))",
    R"(Stack \(most recent call last\))",
    R"(File ")",
    R"(^[^\s"]+\.py", line \d+, in )",  // A frame line cut before its `File "`.
    R"(from user code:)",
    R"(Graph [Bb]reak)",
    R"(Recompiling function)",
    R"(Break Reason)",
    R"(User Stack:)",
    R"(^\s*<FrameSummary file )",  // A frame of explain()'s "User Stack:"; mid-line ones start nothing.
    R"(^FAILED )",
    R"(^ERROR )",
    R"(^___+ )",
    R"(\.py:\d+: )",
    R"(^\s*(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Failed|Unsupported|Interrupt|Exit)(?::|$))",
    R"("compilation_metrics")",
    R"("artifact")",
    R"(The above exception)",
    R"(During handling of the above)",
    R"(hit config\.)",
    R"(last reason:)",
    R"(triggered by the following)",
    R"(^(?:python|python3|pytest) \S+\.py)",
    R"(^\s*File [^"\s]+:\d+, in )",
    R"(^\s*File \[[^\]\s]+:\d+\]\()",  // Jupyter Lab: "File [~/x.py:12](http://...), in f".
    R"(\.py in [\w<]|\.py\]\([^)]*\) in [\w<])",
    R"(^\s*\S+\.py:\d+ in [\w<])",  // Rich: "/p/x.py:12 in f".
};

// Artifacts whose lines are code or data listings: they quote kernels and guards, never failures.
bool listing_artifact(std::string_view a) {
  // Most lines of a +dynamo log are trace_* artifacts: answer those without the table (and
  // without string_view::starts_with, which GCC leaves as a call on this hot path).
  if (a.size() >= 6 && std::memcmp(a.data(), "trace_", 6) == 0) return true;
  static constexpr std::string_view kinds[] = {
      "output_code", "graph_code", "graph", "aot_graphs", "aot_joint_graph", "bytecode", "trace_source",
      "trace_call", "trace_bytecode", "guards", "graph_sizes", "schedule", "fusion", "ir_pre_fusion",
      "ir_post_fusion", "kernel_code", "post_grad_graphs", "graph_code_verbose", "verbose_guards"};
  return std::find(std::begin(kinds), std::end(kinds), a) != std::end(kinds);
}

// A tab-led line is a TORCH_TRACE payload only under the envelope that announced one
// (`envelope_open`); elsewhere it is a log pasted indented by a tab, its lines read as they are.
LogLine split_line(std::string_view raw, bool envelope_open) {
  LogLine line = split_log_line(raw);
  if (line.trace_payload && !envelope_open) line = split_log_line(line.text);
  return line;
}

bool trace_payload_wanted(std::string_view name) {
  return name == "dynamo_error" || name == "dynamo_graph_break_reason" || name == "recompile_reasons" ||
         name.find("error") != std::string_view::npos || name.find("exception") != std::string_view::npos;
}

std::string clip(std::string_view s, size_t n = kMaxText) {
  if (s.size() <= n) return std::string(s);
  size_t cut = n;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // Keep UTF-8 whole.
  return std::string(s.substr(0, cut)) + "…";
}

// PyTorch or Triton itself (not the standard library, not a test runner).
bool is_compiler_path(std::string_view p) {
  return p.find("torch/") != std::string_view::npos || p.find("triton/") != std::string_view::npos ||
         p.find("torchinductor_") != std::string_view::npos;
}

std::string frame_key(const LogFrame& f) { return f.file + ":" + std::to_string(f.line); }

// Exceptions PyTorch raises and catches itself (codecache.py's cache bypasses, Dynamo's SkipFrame
// and its replayed user exceptions): `type` as printed, qualified or not.
bool control_flow_exception(std::string_view type) {
  const size_t dot = type.rfind('.');
  if (dot != std::string_view::npos) type.remove_prefix(dot + 1);
  static constexpr std::string_view kTypes[] = {"BypassFxGraphCache", "BypassAOTAutogradCache", "SkipFrame",
                                                "ObservedException", "ObservedUserStopIteration",
                                                "ObservedAttributeError", "ObservedKeyError"};
  return std::find(std::begin(kTypes), std::end(kTypes), type) != std::end(kTypes);
}

// Dynamo's exceptions for what the traced code raised (ObservedKeyError...), among the above.
bool observed_exception(std::string_view type) {
  const size_t dot = type.rfind('.');
  return control_flow_exception(type) && type.substr(dot == std::string_view::npos ? 0 : dot + 1).starts_with("Observed");
}

bool is_absolute_path(std::string_view p) {
  return p.starts_with('/') || p.starts_with('~') || p.starts_with('<') || p.starts_with('\\') ||
         (p.size() > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/'));
}

// The first part of a frame path that Rich wrapped: an absolute path with no spaces that is not
// yet a frame ("/venv/lib/python3.11/site-packages/torch/_").
bool is_path_fragment(std::string_view t) {
  if (t.size() < 8 || !is_absolute_path(t) || t.starts_with('<')) return false;
  if (t.find_first_of(" \t") != std::string_view::npos || t.find(".py:") != std::string_view::npos) return false;
  return std::count(t.begin(), t.end(), '/') + std::count(t.begin(), t.end(), '\\') >= 3;
}

// "L['x']" -> "x"; "L['self'].x" stays.
std::string local_name(std::string_view s) {
  if (s.starts_with("L['") && s.ends_with("']") && s.size() > 5) return std::string(s.substr(3, s.size() - 5));
  return std::string(s);
}

// Whether `t` has the shape of the line that ends a Python traceback: the exception's qualified
// name ("KeyError", "torch._dynamo.exc.Unsupported"), alone or followed by ": message". Python's
// traceback module prints nothing else there; a line of another shape (a log prefix cut mid-line,
// "V0403 11:") means the excerpt stopped before the exception line.
bool exception_line_shape(std::string_view t) {
  size_t i = 0;
  for (;;) {
    if (i >= t.size() || !(std::isalpha(static_cast<unsigned char>(t[i])) || t[i] == '_')) return false;
    while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
    if (i < t.size() && t[i] == '.') {
      ++i;
      continue;
    }
    return i == t.size() || t[i] == ':';
  }
}

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

}  // namespace

TriageEngine::TriageEngine(const TriageOptions& options)
    : opts_(options), kb_(*options.knowledge), prose_(*options.knowledge) {
  std::vector<std::string> prefilter_patterns(std::begin(kStructural), std::end(kStructural));
  const auto& sigs = kb_.signatures();
  for (size_t i = 0; i < sigs.size(); ++i) {
    if (sigs[i].scope == "frame") {
      frame_sigs_.push_back(static_cast<int>(i));
      continue;
    }
    if (sigs[i].scope == "warning_log") {
      warning_sigs_.push_back(static_cast<int>(i));
      continue;
    }
    if (sigs[i].scope == "compile_id") {
      compile_id_sigs_.push_back(static_cast<int>(i));
      continue;
    }
    if (sigs[i].scope == "prose") continue;  // Read by prose_, and only in finish().
    line_sigs_.push_back(static_cast<int>(i));
    prefilter_patterns.push_back(sigs[i].pattern);
  }
  prefilter_ = std::make_unique<LiteralGate>(prefilter_patterns);
  auto frame_signature = [&](const char* id) {
    const TriageSignature* f = kb_.signature(id);
    return f && f->scope == "frame" ? static_cast<int>(f - sigs.data()) : -1;
  };
  backend_call_sig_ = frame_signature("fr_backend_call");
  compiled_call_sig_ = frame_signature("fr_compiled_call");
  compiled_runner_sig_ = frame_signature("fr_compiled_runner");
  aot_sig_ = frame_signature("fr_aot");
  export_sig_ = frame_signature("fr_export");
  resume_sig_ = frame_signature("fr_resume_frame");
  // Dynamo code whose line raises Unsupported is a graph break, and Dynamo's run of a node on fake
  // tensors wraps whatever fails below it in a TorchRuntimeError: both lie in helper modules that
  // are otherwise passed through (utils.py's proxy_args_kwargs calling unimplemented(), its
  // run_node), so they are matched before the pass-through signatures.
  for (const char* id : {"fr_unimplemented", "fr_dynamo_fake_run"})
    if (const int s = frame_signature(id); s >= 0) helper_frame_sigs_.push_back(s);
}

// ---- Line splitting -------------------------------------------------------------------------

void TriageEngine::feed(std::string_view chunk) {
  bytes_ += chunk.size();
  keep_head(chunk);
  feed_lines(chunk);
}

void TriageEngine::keep_head(std::string_view chunk) {
  if (head_.size() < kProseHead) head_.append(chunk.substr(0, kProseHead - head_.size()));
}

void TriageEngine::feed_lines(std::string_view chunk) {
  // First the line the previous chunk left unfinished (or the over-long one being dropped).
  if (skipping_ || !carry_.empty()) {
    const void* nl = std::memchr(chunk.data(), '\n', chunk.size());
    const size_t len = nl ? static_cast<size_t>(static_cast<const char*>(nl) - chunk.data()) : chunk.size();
    if (!skipping_) append_partial(chunk.substr(0, len));
    if (!nl) return;
    if (!carry_.empty()) flush_carry();
    skipping_ = false;
    chunk.remove_prefix(len + 1);
  }
  const size_t done = for_each_line(chunk, [this](std::string_view line, bool special) {
    line = line.substr(0, std::min(line.size(), kMaxLine));
    on_line(line, special && std::memchr(line.data(), '\0', line.size()));
  });
  append_partial(chunk.substr(done));
}

bool TriageEngine::prefilter_matches(std::string_view text) const { return prefilter_->matches(text); }

std::unique_ptr<LiteralGate> TriageEngine::copy_prefilter() const { return std::make_unique<LiteralGate>(*prefilter_); }

bool TriageEngine::skippable_when_idle(std::string_view raw, const LiteralGate& prefilter) const {
  // The same early exits as process() takes when no record is open.
  // Idle: no TORCH_TRACE envelope is open.
  const LogLine line = split_line(raw.substr(0, std::min(raw.size(), kMaxLine)), false);
  if (line.trace_payload) return true;
  if (!line.artifact.empty()) return listing_artifact(line.artifact);
  // Rich tracebacks are rare in big logs, and their lines need no keyword to matter: a frame
  // path Rich wrapped starts on a line that is only part of a path (see handle_structure).
  if (line.pytest_error || line.boxed || !line.error_source().empty()) return false;
  // Warnings are common in big logs, and only a few modules' warnings mean anything.
  if (!line.warning_source().empty() && warning_signature(line.warning_source()) >= 0) return false;
  // process() reads a line from the text's left margin, which one line does not tell: an
  // indented line is kept when its text without the indent matches.
  if (prefilter.matches(line.text)) return false;
  return line.text.empty() || line.text[0] != ' ' || !prefilter.matches(ltrim(line.text));
}

ChunkLines TriageEngine::classify(std::string_view chunk, const LiteralGate& prefilter) const {
  ChunkLines out;
  if (chunk.size() > UINT32_MAX) return out;  // Offsets are 32-bit: such a chunk is fed unclassified.
  const void* nl = std::memchr(chunk.data(), '\n', chunk.size());
  if (!nl) return out;
  out.begin = static_cast<size_t>(static_cast<const char*>(nl) - chunk.data()) + 1;
  out.end = out.begin;
  uint32_t count = 0;
  // The lines lie inside the chunk: the glog shortcut may read ahead of a line up to its end.
  const char* const readable_end = chunk.data() + chunk.size();
  const size_t done =
      for_each_line(chunk.substr(out.begin), [&](std::string_view line, bool special) {
        ChunkLines::Kind kind = ChunkLines::Binary;
        if (special) {
          // A NUL makes it binary; an ESC starts a terminal escape (a coloured log): what counts
          // is the text a terminal shows, as on_line() will read it.
          line = line.substr(0, std::min(line.size(), kMaxLine));
          if (!std::memchr(line.data(), '\0', line.size())) {
            thread_local std::string shown;
            strip_terminal_escapes(line, shown);
            kind = skippable_when_idle(shown, prefilter) ? ChunkLines::Skip : ChunkLines::Read;
          }
        } else {
          // Most lines of a big log are glog lines with an artifact tag: their tag alone decides,
          // as in skippable_when_idle, and the shortcut finds it without splitting the whole line.
          std::string_view artifact;
          if (quick_glog_artifact(line.substr(0, std::min(line.size(), kMaxLine)), readable_end,
                                  &artifact))
            kind = listing_artifact(artifact) ? ChunkLines::Skip : ChunkLines::Read;
          else
            kind = skippable_when_idle(line, prefilter) ? ChunkLines::Skip : ChunkLines::Read;
        }
        if (kind != ChunkLines::Skip)
          out.marks.push_back({static_cast<uint32_t>(line.data() - chunk.data()), count, kind});
        ++count;
      });
  out.end = out.begin + done;
  out.count = count;
  return out;
}

void TriageEngine::feed(std::string_view chunk, const ChunkLines& lines) {
  bytes_ += chunk.size();
  keep_head(chunk);
  if (lines.end <= lines.begin) {  // Fewer than two line ends: nothing was classified.
    feed_lines(chunk);
    return;
  }
  // The head ends with the chunk's first '\n': it finishes the carried line, or is a line.
  feed_lines(chunk.substr(0, lines.begin));
  const auto& marks = lines.marks;
  size_t m = 0;         // The first mark at or after `line`.
  size_t pos = lines.begin;
  uint32_t line = 0;    // Index of the line at `pos` among the classified ones.
  while (line < lines.count) {
    if (idle()) {
      // Between records: jump to the next line worth reading, counting the skipped ones.
      if (m == marks.size()) {
        line_no_ += lines.count - line;
        break;
      }
      line_no_ += marks[m].line - line;
      line = marks[m].line;
      pos = marks[m].offset;
    }
    const char* start = chunk.data() + pos;
    const size_t len = static_cast<size_t>(static_cast<const char*>(std::memchr(start, '\n', lines.end - pos)) - start);
    const bool marked = m < marks.size() && marks[m].line == line;
    on_line(std::string_view(start, std::min(len, kMaxLine)), marked && marks[m].kind == ChunkLines::Binary);
    if (marked) ++m;
    pos += len + 1;
    ++line;
  }
  feed_lines(chunk.substr(lines.end));
}

void TriageEngine::append_partial(std::string_view piece) {
  const size_t room = kMaxLine + 1 > carry_.size() ? kMaxLine + 1 - carry_.size() : 0;
  carry_.append(piece.substr(0, std::min(piece.size(), room)));
  if (carry_.size() > kMaxLine) {  // Over-long line: analyse its start, drop the rest.
    carry_.resize(kMaxLine);
    flush_carry();
    skipping_ = true;
  }
}

void TriageEngine::flush_carry() {
  on_line(carry_, std::memchr(carry_.data(), '\0', carry_.size()) != nullptr);
  carry_.clear();
}

void TriageEngine::on_line(std::string_view raw, bool has_nul) {
  ++line_no_;
  if (has_nul) {
    ++nul_lines_;
    return;  // Binary data: nothing to read here.
  }
  // A coloured log (pytest --color=yes, a CI job, Rich) is read as a terminal shows it.
  if (strip_terminal_escapes(raw, shown_)) raw = shown_;
  process(split_line(raw, !trace_artifact_.empty()));
}

// ---- Per-line processing --------------------------------------------------------------------

void TriageEngine::note_margin(std::string_view t) {
  const size_t spaces = std::min<size_t>(t.find_first_not_of(' '), 16);
  // A blank line, or one indented deeper than any margin, says nothing about it.
  if (spaces == 16 || spaces >= t.size()) return;
  margin_ = margin_ < 0 ? static_cast<int>(spaces) : std::min(margin_, static_cast<int>(spaces));
}

void TriageEngine::note_numbered_item(std::string_view t) {
  const size_t dot = t.find_first_not_of("0123456789");
  if (dot == std::string_view::npos || dot > 3 || !t.substr(dot).starts_with(". ")) return;
  std::string_view item = trim(t.substr(dot + 2));
  while (!item.empty() && item.back() == ',') item = trim(item.substr(0, item.size() - 1));
  if (item.empty() || item[0] == ' ') return;
  numbered_item_ = clip(item);
  numbered_item_line_ = line_no_;
}

void TriageEngine::open_numbered_reason() {
  gb_ = std::make_unique<GraphBreak>();
  gb_->first_line = static_cast<uint32_t>(numbered_item_line_);
  gb_->reason = numbered_item_;
  gb_->evidence.push_back(gb_->first_line);
}

void TriageEngine::add_hits(std::string_view t, std::vector<int>& out) {
  // The set is built when a line first passes the prefilter: a big log may have none, and
  // building it is a tenth of a small triage's time.
  if (!set_) {
    RE2::Options ro;
    ro.set_log_errors(false);
    ro.set_max_mem(64 << 20);
    set_ = std::make_unique<RE2::Set>(ro, RE2::UNANCHORED);
    for (int i : line_sigs_)
      if (set_->Add(kb_.signatures()[i].pattern, nullptr) >= 0) set_to_sig_.push_back(i);
    set_->Compile();
  }
  scratch_.clear();
  if (!set_->Match(t, &scratch_)) return;
  for (int i : scratch_) out.push_back(set_to_sig_[i]);
}

void TriageEngine::process(const LogLine& line) {
  // The start of a path Rich wrapped belongs to the very next line only, whatever that line is.
  std::string head;
  head.swap(path_head_);
  std::string_view t = line.text;
  if (line.trace_payload) {
    if (!trace_payload_wanted(trace_artifact_)) return;
  } else if (!trace_artifact_.empty()) {
    trace_artifact_.clear();
  }
  if (!line.artifact.empty() && listing_artifact(line.artifact)) {
    if (mode_ != Mode::None) close_block();
    return;
  }
  if (margin_ != 0 && !t.empty()) note_margin(t);
  // Signatures read a line from the text's left margin, where a pattern's "^" means what it
  // says in the log: a log pasted indented as a whole (a Markdown list item) keeps them.
  std::string_view at_margin = t;
  if (margin_ > 0)
    at_margin.remove_prefix(std::min({at_margin.find_first_not_of(' '), at_margin.size(), static_cast<size_t>(margin_)}));
  if (!at_margin.empty() && at_margin[0] >= '0' && at_margin[0] <= '9') note_numbered_item(at_margin);
  if (!line.error_source().empty()) logged_error(line);
  if (!line.warning_source().empty()) logged_warning(line);
  const bool matched = prefilter_matches(at_margin);
  if (mode_ == Mode::None && !matched && line.artifact.empty() && !line.pytest_error && !line.boxed) return;
  if (!line.compile_id.empty() && line.compile_id != last_compile_id_) compile_id_seen(line.compile_id);

  std::string_view trimmed = trim(t);
  if (!t.empty() && t[0] == '{' && (t.find("\"compilation_metrics\"") != std::string_view::npos ||
                                    t.find("\"artifact\"") != std::string_view::npos ||
                                    t.find("\"has_payload\"") != std::string_view::npos)) {
    on_trace_json(t);
    return;
  }
  const bool structure = handle_structure(line, t, trimmed, head);
  // Dynamo's graph-break logger prints, with its message, the stack of the construct it could not
  // trace ("Graph break: skip: from user code at:", exc_info=True): a traceback under its tag.
  if (exc_ && line.artifact == "graph_breaks") exc_->graph_break_log = true;
  if (structure) return;
  if (!matched) return;

  std::vector<int> hits;
  add_hits(at_margin, hits);
  if (hits.empty()) return;
  if (mode_ == Mode::Message && exc_) {
    exc_->hits.insert(exc_->hits.end(), hits.begin(), hits.end());
    if (exc_->evidence.size() < opts_.max_evidence) exc_->evidence.push_back(static_cast<uint32_t>(line_no_));
    return;
  }
  if (mode_ == Mode::GraphBreak || mode_ == Mode::GbFrames || mode_ == Mode::Recompile) return;
  // A numbered break reason of 2.0's explain() that names a known construct: a graph-break record,
  // which the user's frame on the next line completes.
  const auto& sigs = kb_.signatures();
  if (mode_ == Mode::None && numbered_item_line_ == line_no_ &&
      std::all_of(hits.begin(), hits.end(), [&](int h) { return sigs[h].category == "graph_break" && !sigs[h].terminal; })) {
    open_numbered_reason();
    mode_ = Mode::GraphBreak;
    return;
  }
  // A bare exception line without a traceback (a pasted excerpt, a FAILED summary): its
  // continuation lines belong to it.
  // A wrapper and the error it carries on one line (a quoted message) read as in an exception.
  for (int s : hits)
    if (carried_by(s, hits) < 0) standalone(s, trimmed);
}

// The error a wrapper's signature (`wrapper`, one with `wraps`) carries among `hits`: the
// strongest terminal line signature that is no wrapper, when it is of a kind the wrapper names
// ("InductorError: SubprocException: ..."). -1 when `wrapper` wraps nothing or carries another
// kind (an illegal memory access inside a backend wrapper stays a backend failure).
int TriageEngine::carried_by(int wrapper, const std::vector<int>& hits) const {
  const auto& sigs = kb_.signatures();
  const auto& carries = sigs[wrapper].wraps;
  if (carries.empty()) return -1;
  int carried = -1;
  for (int h : hits)
    if (sigs[h].terminal && sigs[h].scope == "line" && sigs[h].wraps.empty() &&
        (carried < 0 || sigs[h].weight > sigs[carried].weight))
      carried = h;
  if (carried < 0 || std::find(carries.begin(), carries.end(), sigs[carried].category) == carries.end()) return -1;
  return carried;
}

// `head`: the start of a frame path Rich wrapped on the line before (see "Frames" below), or "".
bool TriageEngine::handle_structure(const LogLine& line, std::string_view t, std::string_view trimmed,
                                    std::string& head) {
  const uint32_t ln = static_cast<uint32_t>(line_no_);
  const bool indented = !t.empty() && (t[0] == ' ' || t[0] == '\t');

  // Chained exceptions and new tracebacks end the current record.
  // IPython: "XError   Traceback (...)" at the text's left margin (a whole paste may be indented,
  // as in a Markdown code block); Rich: "╭───── Traceback (most recent call last) ─────╮".
  const bool past_margin =
      !t.empty() && (t[0] == '\t' || t.find_first_not_of(' ') > static_cast<size_t>(std::max(margin_, 0)));
  if (trimmed.starts_with("Traceback (most recent call last)") ||
      (trimmed.ends_with("Traceback (most recent call last)") && !past_margin) ||
      (trimmed.starts_with("\u256D") && trimmed.find("Traceback (most recent call last)") != std::string_view::npos)) {
    Exception& e = open_exception(ln, Mode::Traceback);
    if (!trimmed.starts_with("Traceback")) {
      // IPython's header names the exception that ends the traceback: pastes often stop before it.
      if (auto type = exception_type(trimmed.substr(0, trimmed.find(' ')))) e.header_type = std::string(*type);
    }
    return true;
  }
  // faulthandler's report of a fatal signal: its header, then each thread's stack most recent
  // call first ("Current thread 0x... (most recent call first):"). The crashing thread's stack is
  // the record's traceback; the other threads' stacks are skipped like a logged call stack.
  if (trimmed.starts_with("Fatal Python error: ")) {
    Exception& e = open_exception(ln, Mode::Message);
    e.type = "Fatal Python error";
    e.fatal_report = true;
    e.message.push_back(clip(trimmed));
    return false;  // Let the signatures read it.
  }
  if (exc_ && exc_->fatal_report && trimmed.ends_with("(most recent call first):")) {
    if (trimmed.starts_with("Current thread ")) mode_ = Mode::Traceback;
    else if (trimmed.starts_with("Thread ")) mode_ = Mode::Stack;
    return true;
  }
  // A logged call stack ("Step 1: ... Stack (most recent call last):"): frames, but no failure.
  if (trimmed.starts_with("Stack (most recent call last)")) {
    close_block();
    mode_ = Mode::Stack;
    return true;
  }
  if (mode_ == Mode::Stack) {
    if (indented || trimmed.empty() || parse_frame_line(trimmed)) return true;
    if (exc_) close_block();  // The stacks of a fatal signal's other threads: its record ends.
    mode_ = Mode::None;
  }
  if (trimmed.starts_with("The above exception was the direct cause") ||
      trimmed.starts_with("During handling of the above exception")) {
    if (exc_) exc_->chained = true;
    close_block();
    return true;
  }
  if (line.pytest_error == false && (trimmed.starts_with("_____") || trimmed.starts_with("=====")) &&
      mode_ != Mode::None && mode_ != Mode::GraphBreak) {
    close_block();
    return true;
  }

  // Graph-break records.
  if (trimmed.starts_with("Graph break in user code at ") ||
      trimmed.starts_with("Graph break (details suppressed) in user code at ")) {
    close_block();
    gb_ = std::make_unique<GraphBreak>();
    gb_->first_line = ln;
    gb_->evidence.push_back(ln);
    if (auto f = parse_file_colon_line(trimmed.substr(trimmed.find(" at ") + 4))) {
      gb_->at = *f;
      gb_->at.log_line = ln;
      gb_->have_at = true;
    }
    mode_ = Mode::GraphBreak;
    return true;
  }
  if (trimmed.starts_with("Graph Break Reason: ") || trimmed.starts_with("Graph break: ")) {
    const bool legacy = trimmed.starts_with("Graph break: ");
    if (!gb_ || !gb_->reason.empty() || (mode_ != Mode::GraphBreak && mode_ != Mode::GbFrames)) {
      close_block();
      gb_ = std::make_unique<GraphBreak>();
      gb_->first_line = ln;
    }
    std::string_view reason = trimmed.substr(legacy ? 13 : 20);
    if (legacy) {
      size_t at = reason.rfind(" from user code at");
      if (at != std::string_view::npos) {
        reason = reason.substr(0, at);
        mode_ = Mode::GbFrames;
      } else {
        mode_ = Mode::GraphBreak;
      }
    } else {
      mode_ = Mode::GraphBreak;
    }
    gb_->reason = clip(trim(reason));
    gb_->evidence.push_back(ln);
    return true;
  }
  if (trimmed.starts_with("Recompiling function ")) {
    close_block();
    rc_ = std::make_unique<Recompile>();
    rc_->first_line = ln;
    rc_->evidence.push_back(ln);
    std::string_view rest = trimmed.substr(21);
    size_t in = rest.find(" in ");
    rc_->function = std::string(in == std::string_view::npos ? rest : rest.substr(0, in));
    if (in != std::string_view::npos) {
      if (auto f = parse_file_colon_line(rest.substr(in + 4))) {
        rc_->def = *f;
        rc_->def.function = rc_->function;
        rc_->def.log_line = ln;
        rc_->have_def = true;
      }
    }
    mode_ = Mode::Recompile;
    return true;
  }
  if (trimmed.find("hit config.") != std::string_view::npos &&
      (trimmed.find("recompile_limit") != std::string_view::npos ||
       trimmed.find("cache_size_limit") != std::string_view::npos)) {
    close_block();
    rc_ = std::make_unique<Recompile>();
    rc_->first_line = ln;
    rc_->limit = true;
    rc_->evidence.push_back(ln);
    mode_ = Mode::Recompile;
    return true;
  }
  if (trimmed.starts_with("Break Reason ") && trimmed.ends_with(":")) {
    close_block();
    gb_ = std::make_unique<GraphBreak>();
    gb_->first_line = ln;
    gb_->evidence.push_back(ln);
    mode_ = Mode::Explain;
    return true;
  }

  // Dynamo's note after an error raised while it traced, in an excerpt cut above the exception
  // line: the frames that follow are the user's code it was tracing, not where the error was
  // raised, and the note itself says that Dynamo was tracing.
  if (mode_ == Mode::None && trimmed == "from user code:") {
    open_exception(ln, Mode::UserCode).dynamo_context = true;
    return true;
  }

  // A record cut at its start: the artifact tag still says what it is.
  if (mode_ == Mode::None && !line.artifact.empty()) {
    if (line.artifact == "graph_breaks") {
      gb_ = std::make_unique<GraphBreak>();
      gb_->first_line = ln;
      mode_ = Mode::GraphBreak;
    } else if (line.artifact == "recompiles" || line.artifact == "recompiles_verbose") {
      rc_ = std::make_unique<Recompile>();
      rc_->first_line = ln;
      mode_ = Mode::Recompile;
    }
  }

  // A Rich frame whose path wraps, at the top of an excerpt cut below the traceback's header.
  if (mode_ == Mode::None && line.boxed &&
      (head.empty() ? is_path_fragment(trimmed) : is_path_fragment(head + std::string(trimmed)))) {
    path_head_ = head + std::string(trimmed);
    return true;
  }

  // A frame line wrapped inside its path, as a terminal or an issue's fixed-width box does: the
  // path goes on at the start of the next line (`py", line 438, in _fn`), which finishes the frame.
  if (mode_ == Mode::Traceback && exc_ && !exc_->frames.empty() && complete_wrapped_frame(exc_->frames.back(), trimmed, ln))
    return true;

  // Frames. Rich draws a traceback in a fixed-width box and wraps a path longer than the box onto
  // the next line ("│ /venv/lib/python3.11/site-packages/torch/_ │" then "│ inductor/graph.py:12 in f │"):
  // the frame line then starts mid-path, and the part before it came on the line(s) above.
  if (auto frame = parse_frame_line(trimmed)) {
    frame->log_line = ln;
    if (!head.empty() && !frame->file.empty() && !is_absolute_path(frame->file)) {
      std::replace(head.begin(), head.end(), '\\', '/');
      frame->file = head + frame->file;
    }
    switch (mode_) {
      case Mode::UserCode:
        if (exc_) exc_->user_code.push_back(*frame);
        return true;
      case Mode::GbFrames:
      case Mode::Explain:
        if (gb_) {
          note_script(*frame);
          gb_->frames.push_back(*frame);
          if (gb_->frames.size() > 16) gb_->frames.erase(gb_->frames.begin());
        }
        return true;
      case Mode::GraphBreak:
        if (gb_) {
          note_script(*frame);
          gb_->frames.push_back(*frame);
          mode_ = Mode::GbFrames;
        }
        return true;
      case Mode::Traceback:
        add_frame(*frame);
        return true;
      case Mode::Recompile:
        return true;
      case Mode::Message:
        if (exc_ && exc_->pybind_stack) {  // The stack pybind11 printed under the error's message.
          add_frame(*frame);
          return true;
        }
        [[fallthrough]];
      default:
        if (mode_ == Mode::None && numbered_item_line_ + 1 == ln && !numbered_item_.empty()) {
          // explain() in PyTorch 2.0: "1. <reason>", then the user's frame where it broke.
          open_numbered_reason();
          note_script(*frame);
          gb_->frames.push_back(*frame);
          mode_ = Mode::GbFrames;
          return true;
        }
        // A traceback cut before its header, or frames after an exception line: a new record.
        close_block();
        exc_ = std::make_unique<Exception>();
        exc_->first_line = ln;
        mode_ = Mode::Traceback;
        add_frame(*frame);
        return true;
    }
  }

  switch (mode_) {
    case Mode::Traceback: {
      if (trimmed.empty()) return true;
      if (head.empty() ? is_path_fragment(trimmed) : is_path_fragment(head + std::string(trimmed))) {
        path_head_ = head + std::string(trimmed);  // Very long paths wrap more than once.
        return true;
      }
      if (trimmed.find_first_not_of("^~ ") == std::string_view::npos) return true;  // Caret line.
      // IPython prints source context as "     54  code" and marks the line the frame is executing
      // with an arrow ("---> 55     code", "-> [1798](link) code"): that line is the frame's code.
      if (const size_t arrow = trimmed.find_first_not_of('-'); arrow > 0 && arrow != std::string_view::npos &&
                                                               trimmed[arrow] == '>') {
        std::string_view code = ltrim(trimmed.substr(arrow + 1));
        if (code.starts_with('[')) {
          const size_t link_end = code.find(')');
          code = link_end == std::string_view::npos ? std::string_view() : code.substr(link_end + 1);
        } else {
          code.remove_prefix(std::min(code.size(), code.find_first_not_of("0123456789")));
        }
        code = trim(code);
        if (exc_ && !exc_->frames.empty() && exc_->frames.back().code.empty() && !code.empty())
          exc_->frames.back().code = clip(code, 200);
        return true;
      }
      // explain()'s next numbered break reason ("3. generic_jump") ends the frames of the one
      // before it, which read as a traceback when the excerpt starts below that reason's number.
      // No traceback prints a line so: Python's source lines are indented, IPython's numbers
      // them without a dot.
      if (numbered_item_line_ == ln && !numbered_item_.empty() && exc_ && exc_->type.empty()) {
        close_block();
        return false;
      }
      if ((trimmed[0] >= '0' && trimmed[0] <= '9') || trimmed.starts_with("...") || trimmed.starts_with("[... skipping"))
        return true;
      // Rich's glyphs: its arrow at the current line ("❱ 397 │ code") and the bottom of its box.
      if (trimmed.starts_with("\u2771") || trimmed.starts_with("\u2570")) return true;
      if (indented) {
        // The code line of the last frame. After it comes the exception line, which may be
        // indented too when the whole traceback was pasted indented (a Markdown code block).
        const bool have_code = exc_ && !exc_->frames.empty() && !exc_->frames.back().code.empty();
        if (!have_code) {
          if (exc_ && !exc_->frames.empty()) exc_->frames.back().code = clip(trimmed, 200);
          return true;
        }
        if (!exception_type(trimmed)) return true;  // More source lines (3.11+ prints ranges).
      }
      // A fatal signal's stack comes after its header: what follows it is another record.
      if (exc_->fatal_report) {
        close_block();
        return false;
      }
      // The exception line ends the traceback. A line that cannot be one ends it too, without
      // naming the exception: the excerpt was cut there.
      auto type = exception_type(trimmed);
      if (!type && !exception_line_shape(trimmed)) {
        close_block();
        return false;
      }
      exc_->type = type ? std::string(*type) : std::string(trimmed.substr(0, trimmed.find(':')));
      exc_->prefixed = line.prefixed;
      exc_->compile_id = std::string(line.compile_id);
      exc_->message.push_back(clip(trimmed));
      exc_->evidence.push_back(ln);
      mode_ = Mode::Message;
      return false;  // Let the signatures read it.
    }
    case Mode::Message: {
      if (line.prefixed && (!exc_->prefixed || line.compile_id != exc_->compile_id)) {
        close_block();
        return false;
      }
      if (trimmed == "At:") {  // pybind11: the Python stack of the error follows.
        exc_->pybind_stack = true;
        return true;
      }
      if (trimmed.starts_with("from user code:")) {
        exc_->dynamo_context = true;
        mode_ = Mode::UserCode;
        return true;
      }
      if (trimmed.starts_with("Set TORCHDYNAMO_VERBOSE=1") || trimmed.starts_with("Set TORCH_LOGS=\"+dynamo\""))
        exc_->dynamo_context = true;
      if (exc_->message.size() >= kMaxMessageLines) {
        close_block();
        return false;
      }
      if (line.pytest_error || !trimmed.empty()) exc_->message.push_back(clip(trimmed));
      if (trimmed.starts_with("For more details about this graph break")) {
        size_t p = trimmed.find("/gb/gb");
        if (p != std::string_view::npos && p + 10 <= trimmed.size())
          exc_->gb_id = "GB" + std::string(trimmed.substr(p + 6, 4));
      }
      return false;
    }
    case Mode::UserCode: {
      if (indented || trimmed.empty()) return true;  // Code lines of the user frames.
      if (exc_->type.empty()) {  // The note of a cut excerpt (above): its frames were all of it.
        close_block();
        return false;
      }
      mode_ = Mode::Message;
      exc_->message.push_back(clip(trimmed));
      return false;
    }
    case Mode::GraphBreak:
    case Mode::GbFrames:
    case Mode::Explain: {
      if (trimmed.empty()) return true;
      if (mode_ == Mode::GbFrames && indented && !gb_->frames.empty() && gb_->frames.back().code.empty() &&
          !trimmed.starts_with("File ")) {
        gb_->frames.back().code = clip(trimmed, 200);  // The source line under a frame.
        return true;
      }
      if (trimmed.starts_with("Explanation: ")) {
        gb_->explanation = clip(trimmed.substr(13));
      } else if (trimmed.starts_with("Hint: ")) {
        if (gb_->hints.size() < 8) gb_->hints.push_back(clip(trimmed.substr(6)));
      } else if (trimmed.starts_with("Reason: ") && gb_->reason.empty()) {
        gb_->reason = clip(trimmed.substr(8));
        gb_->evidence.push_back(ln);
      } else if (trimmed.starts_with("For more details about this graph break")) {
        size_t p = trimmed.find("/gb/gb");
        if (p != std::string_view::npos && p + 10 <= trimmed.size())
          gb_->gb_id = "GB" + std::string(trimmed.substr(p + 6, 4));
      } else if (trimmed.starts_with("User code traceback:") || trimmed.starts_with("User Stack:")) {
        mode_ = mode_ == Mode::Explain ? Mode::Explain : Mode::GbFrames;
      } else if (trimmed.starts_with("Developer debug context:") || trimmed.starts_with("Higher Order Operator:") ||
                 trimmed.starts_with("NOTE:") || trimmed.starts_with("====") || indented) {
        // Part of the record.
      } else if (gb_->reason.empty() && line.trace_payload) {
        gb_->reason = clip(trimmed);  // TORCH_TRACE dynamo_graph_break_reason: the first line.
      } else if (!line.artifact.empty() && line.artifact == "graph_breaks") {
        if (gb_->reason.empty()) gb_->reason = clip(trimmed);
      } else {
        close_block();
        return false;
      }
      return true;
    }
    case Mode::Recompile: {
      if (trimmed.empty()) return true;
      if (trimmed.starts_with("function: ")) {
        std::string_view rest = trimmed.substr(10);
        if (rest.size() > 2 && rest[0] == '\'') {
          size_t q = rest.find('\'', 1);
          if (q != std::string_view::npos) rc_->function = std::string(rest.substr(1, q - 1));
        }
        if (auto f = parse_file_colon_line(rest)) {
          rc_->def = *f;
          rc_->def.function = rc_->function;
          rc_->def.log_line = ln;
          rc_->have_def = true;
        }
        return true;
      }
      std::string_view reason;
      if (trimmed.starts_with("- ")) reason = trimmed.substr(2);
      else if (trimmed.starts_with("last reason: ")) reason = trimmed.substr(13);
      else if (trimmed.starts_with("triggered by the following guard failure: ")) reason = trimmed.substr(43);
      if (!reason.empty()) {
        // "0/0: tensor 'x' ..." -> drop the compile id.
        size_t colon = reason.find(": ");
        if (colon != std::string_view::npos && colon < 12 && reason.substr(0, colon).find('/') != std::string_view::npos)
          reason = reason.substr(colon + 2);
        if (rc_->reasons.size() < 8 &&
            std::find(rc_->reasons.begin(), rc_->reasons.end(), reason) == rc_->reasons.end())
          rc_->reasons.push_back(clip(reason));
        if (rc_->evidence.size() < opts_.max_evidence) rc_->evidence.push_back(ln);
        return true;
      }
      if (indented || trimmed.starts_with("triggered by") || trimmed.starts_with("guard ") ||
          trimmed.starts_with("To log all") || trimmed.starts_with("To diagnose") ||
          (!line.artifact.empty() && line.artifact.starts_with("recompiles")))
        return true;
      close_block();
      return false;
    }
    case Mode::None:
    case Mode::Stack:
      break;
  }

  // Outside any record: a bare exception line starts one (pasted excerpts often begin there).
  std::string_view body = trimmed;
  // pytest's short summary: "FAILED test/x.py::T::test_a - RuntimeError: ...". Only a test id
  // makes it one: Dynamo prints "ERROR RUNNING GUARDS forward /w/m.py:40" itself.
  const size_t dash = body.find(" - ");
  const std::string_view test =
      body.starts_with("FAILED ") || body.starts_with("ERROR ")
          ? body.substr(body.find(' ') + 1, dash == std::string_view::npos ? std::string_view::npos : dash - body.find(' ') - 1)
          : std::string_view();
  const std::string_view test_id = test.substr(0, test.find(' '));
  if (test_id.find(".py") != std::string_view::npos || test_id.find("::") != std::string_view::npos) {
    if (script_.empty() && test.find(".py") != std::string_view::npos) script_ = "pytest " + std::string(trim(test));
    if (dash == std::string_view::npos) return true;
    body = body.substr(dash + 3);
  } else if (script_.empty() && (body.starts_with("python ") || body.starts_with("python3 ") || body.starts_with("pytest "))) {
    size_t end = body.find(".py");
    if (end != std::string_view::npos) script_ = std::string(body.substr(0, body.find_first_of(" \t", end) == std::string_view::npos ? body.size() : body.find_first_of(" \t", end)));
  }
  // BackendCompilerFailed's message begins "backend='inductor' raised:" on a line of its own,
  // and the error it carries follows: an excerpt that starts there starts at that exception.
  const bool backend_raised = body.starts_with("backend='") && body.ends_with("' raised:");
  // An exception line starts at the text's left margin; one indented beyond it is quoted code or a
  // continuation.
  const bool beyond_margin = t.find_first_not_of(' ') > static_cast<size_t>(std::max(margin_, 0)) || t[0] == '\t';
  if (!beyond_margin && (exception_type(body) || backend_raised)) {
    close_block();
    exc_ = std::make_unique<Exception>();
    exc_->first_line = ln;
    exc_->type = backend_raised ? std::string("torch._dynamo.exc.BackendCompilerFailed") : std::string(*exception_type(body));
    exc_->prefixed = line.prefixed;
    exc_->compile_id = std::string(line.compile_id);
    exc_->message.push_back(clip(body));
    exc_->evidence.push_back(ln);
    mode_ = Mode::Message;
    std::vector<int> hits;
    add_hits(body, hits);
    exc_->hits.insert(exc_->hits.end(), hits.begin(), hits.end());
    return true;
  }
  return false;
}

bool TriageEngine::complete_wrapped_frame(LogFrame& frame, std::string_view t, uint32_t ln) {
  if (frame.line != 0 || !frame.function.empty() || frame.file.ends_with(".py") || frame.log_line + 1 != ln) return false;
  const std::optional<LogFrame> tail = parse_frame_line_tail(t);
  if (!tail) return false;
  frame.file += tail->file;
  frame.line = tail->line;
  frame.function = tail->function;
  frame.log_line = ln;
  return true;
}

// Ends the open record and starts an exception record at line `ln`, read next in `mode`.
TriageEngine::Exception& TriageEngine::open_exception(uint32_t ln, Mode mode) {
  close_block();
  exc_ = std::make_unique<Exception>();
  exc_->first_line = ln;
  exc_->evidence.push_back(ln);
  mode_ = mode;
  return *exc_;
}

void TriageEngine::add_frame(LogFrame f) {
  if (!exc_) return;
  note_script(f);
  // faulthandler prints the stack most recent call first, a traceback most recent call last.
  // Frames are kept innermost last either way, and the innermost ones when there are too many.
  if (f.innermost_first) {
    if (exc_->frames.size() < kMaxFrames) exc_->frames.push_front(std::move(f));
    return;
  }
  if (exc_->frames.size() >= kMaxFrames) exc_->frames.pop_front();
  exc_->frames.push_back(std::move(f));
}

void TriageEngine::note_script(const LogFrame& f) {
  if (!script_.empty() || f.function != "<module>" || is_library_path(f.file)) return;
  if (f.file.ends_with(".py")) script_ = "python " + f.file;
}

// ---- TORCH_TRACE ----------------------------------------------------------------------------

void TriageEngine::on_trace_json(std::string_view t) {
  close_block();
  auto j = nlohmann::json::parse(t, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return;  // A cut line: nothing reliable in it.
  const uint32_t ln = static_cast<uint32_t>(line_no_);
  trace_artifact_.clear();
  if (j.contains("artifact") && j["artifact"].is_object() && j["artifact"].contains("name") &&
      j["artifact"]["name"].is_string()) {
    trace_artifact_ = j["artifact"]["name"].get<std::string>();
    if (trace_artifact_ == "dynamo_graph_break_reason") {
      gb_ = std::make_unique<GraphBreak>();
      gb_->first_line = ln;
      gb_->evidence.push_back(ln);
      mode_ = Mode::GraphBreak;
    } else if (trace_artifact_ == "recompile_reasons") {
      rc_ = std::make_unique<Recompile>();
      rc_->first_line = ln;
      rc_->evidence.push_back(ln);
      mode_ = Mode::Recompile;
    }
    return;
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.value().is_object() && it.key() != "compilation_metrics") trace_artifact_ = it.key();
  }
  if (!j.contains("compilation_metrics") || !j["compilation_metrics"].is_object()) return;
  const auto& m = j["compilation_metrics"];
  if (!m.contains("fail_type") || !m["fail_type"].is_string()) return;
  exc_ = std::make_unique<Exception>();
  exc_->first_line = ln;
  exc_->evidence.push_back(ln);
  std::string type = m["fail_type"].get<std::string>();
  std::string reason = m.contains("fail_reason") && m["fail_reason"].is_string() ? m["fail_reason"].get<std::string>() : "";
  exc_->type = type;
  std::string first = type + ": ";
  size_t nl = reason.find('\n');
  first += reason.substr(0, nl);
  exc_->message.push_back(clip(first));
  add_hits(first, exc_->hits);
  while (nl != std::string::npos && exc_->message.size() < kMaxMessageLines) {
    size_t next = reason.find('\n', nl + 1);
    std::string part = reason.substr(nl + 1, next == std::string::npos ? std::string::npos : next - nl - 1);
    add_hits(part, exc_->hits);
    exc_->message.push_back(clip(part));
    nl = next;
  }
  if (m.contains("fail_user_frame_filename") && m["fail_user_frame_filename"].is_string()) {
    LogFrame f;
    f.file = m["fail_user_frame_filename"].get<std::string>();
    if (m.contains("fail_user_frame_lineno") && m["fail_user_frame_lineno"].is_number_unsigned())
      f.line = m["fail_user_frame_lineno"].get<uint32_t>();
    f.log_line = ln;
    exc_->user_code.push_back(f);
  }
  mode_ = Mode::Message;
  close_block();
}

// ---- Records become findings ----------------------------------------------------------------

TriageFinding& TriageEngine::finding(const std::string& key, const std::string& category,
                                     const std::string& signature, double weight, bool terminal) {
  auto it = by_key_.find(key);
  if (it != by_key_.end()) {
    TriageFinding& f = findings_[it->second];
    ++f.count;
    order_[it->second] = line_no_;
    f.terminal = f.terminal || terminal;
    f.score = std::max(f.score, weight);
    return f;
  }
  if (findings_.size() >= opts_.max_findings) {
    // Keep memory bounded: merge the overflow into one catch-all finding per category.
    ++dropped_;
    std::string k = "overflow|" + category;
    auto ov = by_key_.find(k);
    if (ov != by_key_.end()) {
      ++findings_[ov->second].count;
      return findings_[ov->second];
    }
  }
  by_key_[key] = findings_.size();
  TriageFinding f;
  f.category = category;
  f.signature = signature;
  f.terminal = terminal;
  f.score = weight;  // The signature weight until finish() turns it into a ranking score.
  findings_.push_back(std::move(f));
  order_.push_back(line_no_);
  return findings_.back();
}

void TriageEngine::note_evidence(TriageFinding& f, const std::vector<uint32_t>& lines) {
  for (uint32_t l : lines) {
    if (f.evidence.size() >= opts_.max_evidence) return;
    if (std::find(f.evidence.begin(), f.evidence.end(), l) == f.evidence.end()) f.evidence.push_back(l);
  }
}

void TriageEngine::standalone(int s, std::string_view text) {
  const TriageSignature& sig = kb_.signatures()[s];
  if (sig.scope != "line") return;
  TriageFinding& f = finding("sig|" + sig.id, sig.category, sig.id, sig.weight, sig.terminal);
  if (f.message.empty()) f.message = clip(text);
  note_evidence(f, {static_cast<uint32_t>(line_no_)});
}

void TriageEngine::close_block() {
  close_exception();
  close_graph_break();
  close_recompile();
  mode_ = Mode::None;
}

void TriageEngine::close_exception() {
  if (!exc_) return;
  std::unique_ptr<Exception> e = std::move(exc_);
  cut_chain_.reset();  // The chain went on: its next exception says what failed.
  const auto& sigs = kb_.signatures();
  // The code line the innermost frame printed often names the check that failed
  // ("assert torch.allclose(...)").
  // Not an assert statement of PyTorch's own, though: its words are the invariant that broke
  // ("assert rule == SkipFunctionVariable"), and the frame's module says whose it was.
  if (!e->frames.empty() && !e->frames.back().code.empty() &&
      !(e->frames.back().code.starts_with("assert ") && is_library_path(e->frames.back().file)))
    add_hits(e->frames.back().code, e->hits);
  if (!e->header_type.empty()) add_hits(e->header_type + ": ", e->hits);
  // faulthandler prints its frames under "Fatal Python error: <signal>", which excerpts often
  // cut: the frames' own format says the process died of a fatal signal.
  const bool fatal_signal =
      e->fatal_report || std::any_of(e->frames.begin(), e->frames.end(), [](const LogFrame& f) { return f.fatal_dump; });
  if (fatal_signal) add_hits("Fatal Python error", e->hits);
  if (e->message.empty()) {
    // Cut before its exception line. "raise X(...).with_traceback(tb)" prints the frames of tb
    // after its own, so a frame whose code raises a named exception shows what is in flight; the
    // outermost such wrapper is the one that reached the user.
    for (const LogFrame& f : e->frames) {
      if (!f.code.starts_with("raise ")) continue;
      std::string_view name = std::string_view(f.code).substr(6);
      name = name.substr(0, name.find_first_of("( "));
      if (exception_type(name)) {
        add_hits(std::string(name) + ": ", e->hits);
        break;
      }
    }
  }
  // Dynamo appends "from user code:" and its verbose-logging hints to whatever was raised while it
  // traced the user's code (convert_frame's augment_exc_message). A plain Python error there is
  // usually Dynamo failing on its own: dy_traced_exception names which types count, and weighs
  // less than any signature of the message itself.
  if (e->dynamo_context && !e->type.empty()) {
    const size_t dot = e->type.rfind('.');
    add_hits("from user code: " + e->type.substr(dot == std::string::npos ? 0 : dot + 1) + ":", e->hits);
  } else if (e->dynamo_context && e->type.empty()) {
    add_hits(kCutUserCodeNote, e->hits);  // The note alone: the exception line was cut away.
  }
  if (e->graph_break_log && e->message.empty()) add_hits(kGraphBreakLogNote, e->hits);
  // PyTorch raises a few exceptions to steer its own control flow and catches them at once: a
  // cache bypass, a frame Dynamo decided to skip. One seen ahead of another in a chain is only the
  // context the real failure happened in ("During handling of the above exception...").
  if (e->chained && control_flow_exception(e->type)) {
    // Unless the excerpt ends before that next exception: then an exception Dynamo observed in
    // the traced code, and could not handle, is what it shows (see finish()).
    if (observed_exception(e->type)) cut_chain_ = std::move(e);
    return;
  }
  int best = -1;
  for (int h : e->hits)
    if (best < 0 || sigs[h].weight > sigs[best].weight) best = h;
  double weight = best >= 0 ? sigs[best].weight : 0;
  // A wrapper's message goes on with the error it carries. When the carried error, read on its
  // own, is of a kind the wrapper names (Triton could not compile or load its kernel), that kind
  // is what failed, at the wrapper's certainty.
  if (best >= 0) {
    if (const int carried = carried_by(best, e->hits); carried >= 0) best = carried;
  }
  // A fatal signal names no component; where the dying thread was does. Inside a compiler
  // (Inductor lowering a graph, Triton building its IR) it is that compiler failing, to be
  // minified like any compile failure, not the compiled program crashing. A message that says
  // more than "a crash" keeps its say.
  if (fatal_signal && best >= 0 && sigs[best].category == "runtime_crash") {
    double frame_weight = 0;
    const int where = component_of_frames(*e, &frame_weight);
    if (where >= 0 && (sigs[where].category == "backend_compiler_failed" || sigs[where].category == "triton_kernel_failure"))
      best = where;
  }
  // No message signature: where the exception was raised says which component failed.
  if (best < 0) best = component_of_frames(*e, &weight);
  if (best < 0) return;
  const bool terminal = (!e->type.empty() && !e->message.empty()) || !e->header_type.empty();
  if (!terminal) weight *= 0.6;

  // The user's frame: Dynamo's "from user code" if printed, else the innermost user frame.
  LogFrame user;
  bool have_user = false;
  if (!e->user_code.empty()) {
    user = e->user_code.back();
    have_user = true;
  } else {
    for (auto it = e->frames.rbegin(); it != e->frames.rend(); ++it) {
      if (!is_library_path(it->file)) {
        user = *it;
        have_user = true;
        break;
      }
    }
  }
  std::string type_last = e->type.substr(e->type.rfind('.') == std::string::npos ? 0 : e->type.rfind('.') + 1);
  const std::string key = "exc|" + sigs[best].category + "|" + sigs[best].id + "|" + type_last + "|" +
                          (have_user ? frame_key(user) : "");
  TriageFinding& f = finding(key, sigs[best].category, sigs[best].id, weight, terminal);
  if (f.count == 1) {
    f.message = !e->message.empty()      ? e->message.front()
                : !e->header_type.empty() ? e->header_type
                : e->frames.empty()       ? ""
                                          : "traceback ends in " + frame_key(e->frames.back());
    // Wrappers ("backend='inductor' raised:", "LoweringException: AssertionError:") put the
    // real error on the next lines.
    for (size_t i = 1; i < e->message.size() && f.detail.empty(); ++i) {
      std::string_view m = trim(e->message[i]);
      if (!m.empty() && !m.starts_with("Set TORCHDYNAMO_VERBOSE") && !m.starts_with("You can suppress"))
        f.detail = std::string(m);
    }
    f.has_user_frame = have_user;
    f.user_frame = user;
    for (auto it = e->frames.rbegin(); it != e->frames.rend() && f.compiler_frames.size() < 6; ++it)
      if (is_compiler_path(it->file)) f.compiler_frames.push_back(*it);
    std::reverse(f.compiler_frames.begin(), f.compiler_frames.end());
    f.gb_id = e->gb_id;
    if (sigs[best].category == "graph_break" && !e->message.empty()) {
      std::string_view m = e->message.front();
      size_t c = m.find(": ");
      if (c != std::string_view::npos) f.gb_type = std::string(trim(m.substr(c + 2)));
    }
  }
  note_evidence(f, e->evidence);
}

// The strongest frame signature matching `where`; a pass-through one when any matches (a wrapper
// of the compile driver is a wrapper whatever else its path says).
int TriageEngine::strongest_frame_sig(std::string_view where) const {
  const auto& sigs = kb_.signatures();
  for (int fs : helper_frame_sigs_)
    if (RE2::PartialMatch(where, *sigs[fs].re)) return fs;
  int best = -1;
  for (int fs : frame_sigs_) {
    if (!RE2::PartialMatch(where, *sigs[fs].re)) continue;
    if (sigs[fs].weight < kDecisiveFrameWeight) return fs;
    if (best < 0 || sigs[fs].weight > sigs[best].weight) best = fs;
  }
  return best;
}

// Frame signatures read "file<TAB>function", then "<TAB>code" when the frame printed its source
// line: some stages are told apart by the function (the compiled program's runner in
// compile_fx.py, the generated module's `call`), some by the call a frame is making (Dynamo's
// compile_and_call_fx_graph assembles the graph itself before its one call into the backend).
int TriageEngine::strongest_frame_sig(const LogFrame& f) const {
  std::string where = modern_module_path(f.file) + "\t" + (f.cut ? std::string() : f.function);
  if (!f.code.empty()) where += "\t" + f.code;
  return strongest_frame_sig(where);
}

// The component a traceback's frames point at, innermost first. The first frame with a decisive
// signature decides; pass-through frames decide only when nothing else does; the user's own code
// ends the search (a frame cut mid-path is not the user's), unless Dynamo's call into the backend
// lies further out: then that code is the backend (a resume function further out only hints
// that it ran under compiled code). Inductor code running under the compiled
// program (an outer frame with a runtime signature) failed at run time; AOTAutograd under
// torch.export's frames is the export's own tracing.
int TriageEngine::component_of_frames(const Exception& e, double* weight) const {
  const auto& sigs = kb_.signatures();
  auto user_code = [](const LogFrame& f) {
    const bool cut = f.line == 0 && f.function.empty();
    return !cut && !is_library_path(f.file);
  };
  int decided = -1;
  int passed = -1;
  int inner = -1;  // The signature of the frame just inside the current one.
  auto it = e.frames.rbegin();
  for (; it != e.frames.rend(); ++it) {
    const int s = strongest_frame_sig(*it);
    // A path the excerpt cut short ("site-packages/torch/_inductor/tri") names a folder, not a
    // module: it decides only when nothing else does.
    const bool path_cut = it->line == 0 && it->function.empty() && !it->file.ends_with(".py");
    if (s >= 0 && sigs[s].weight >= kDecisiveFrameWeight && !path_cut) {
      decided = s;
      ++it;
      break;
    }
    if (s >= 0 && passed < 0) passed = s;
    if (s < 0 && user_code(*it) && inner >= 0 && inner == compiled_call_sig_ && compiled_runner_sig_ >= 0 &&
        (it->code.starts_with("@") || it->code.starts_with("def "))) {
      // A user frame stopped at its decorator or def line, calling into Dynamo's wrapper of a
      // compiled graph: the bytecode Dynamo wrote for the function runs there (Python 3.11+
      // shows it at the function's first line), so the failure came at run time.
      decided = compiled_runner_sig_;
      it = e.frames.rend();
      break;
    }
    inner = s;
    if (s < 0 && user_code(*it)) {
      // Code outside PyTorch that Dynamo's backend call leads to is the backend itself (vLLM's
      // compiler, a user's own backend function): it failed compiling the captured graph.
      auto further_out = [&](int sig) {
        return sig >= 0 && std::any_of(it, e.frames.rend(), [&](const LogFrame& f) { return strongest_frame_sig(f) == sig; });
      };
      if (further_out(backend_call_sig_)) decided = backend_call_sig_;
      // User code called from the function Dynamo wrote to resume after a graph break runs
      // under compiled code: a weak sign that the failure came at run time.
      else if (passed < 0 && further_out(resume_sig_)) passed = resume_sig_;
      it = e.frames.rend();
      break;
    }
  }
  if (decided >= 0 && sigs[decided].category == "backend_compiler_failed") {
    const bool aot = decided == aot_sig_;
    for (; it != e.frames.rend(); ++it) {
      const int s = strongest_frame_sig(*it);
      if (s >= 0 && sigs[s].category == "runtime_crash") {
        decided = s;
        break;
      }
      // torch.export runs AOTAutograd's tracing itself, to get the ATen graph it returns: no
      // backend compiler is involved, the export failed.
      if (aot && s >= 0 && s == export_sig_) {
        decided = s;
        break;
      }
      if (s < 0 && user_code(*it)) break;
    }
  }
  const int chosen = decided >= 0 ? decided : passed;
  if (chosen >= 0) *weight = sigs[chosen].weight;
  return chosen;
}

// A compile id ("8/47": frame 8, its 47th recompile) says how often Dynamo compiled a frame again,
// even in an excerpt that shows none of the recompile messages. Read on the lines the reader keeps
// (here, after the early exits), so that a big log read by the threaded reader gives the same
// findings; a run of lines with one id is read once. The strongest id seen becomes one finding in
// finish(), unless the log's own recompile messages already say more.
void TriageEngine::compile_id_seen(std::string_view id) {
  last_compile_id_.assign(id);
  for (int s : compile_id_sigs_) {
    if (!RE2::PartialMatch(id, *kb_.signatures()[s].re)) continue;
    if (cid_sig_ < 0 || kb_.signatures()[s].weight > kb_.signatures()[cid_sig_].weight) {
      cid_sig_ = s;
      cid_id_ = last_compile_id_;
      cid_line_ = line_no_;
    }
  }
}

void TriageEngine::close_compile_ids() {
  if (cid_sig_ < 0) return;
  const TriageSignature& sig = kb_.signatures()[cid_sig_];
  if (std::any_of(findings_.begin(), findings_.end(), [&](const TriageFinding& f) { return f.category == sig.category; }))
    return;
  const std::string key = "cid|" + sig.id;
  TriageFinding& f = finding(key, sig.category, sig.id, sig.weight, sig.terminal);
  f.message = "compile id [" + cid_id_ + "]: " + sig.description.in(opts_.lang);
  note_evidence(f, {static_cast<uint32_t>(cid_line_)});
  order_[by_key_.at(key)] = cid_line_;
}

// An error-level glog line names the module that logged it: that module is where something failed
// (Inductor's Triton launcher logs the source of a kernel that did not compile, line by line). Weak
// evidence: many logged errors are recovered from.
void TriageEngine::logged_error(const LogLine& line) {
  source_scratch_.assign(line.error_source());
  std::replace(source_scratch_.begin(), source_scratch_.end(), '\\', '/');
  source_scratch_ += '\t';
  const int s = strongest_frame_sig(source_scratch_);
  if (s < 0) return;
  const TriageSignature& sig = kb_.signatures()[s];
  if (sig.weight < kDecisiveFrameWeight) return;
  TriageFinding& f = finding("log|" + sig.id, sig.category, sig.id, sig.weight * 0.5, false);
  if (f.message.empty()) f.message = "error logged by " + std::string(line.error_source());
  note_evidence(f, {static_cast<uint32_t>(line_no_)});
}

// A warning-level glog line names the module that logged it. Most warnings are recovered from and
// say nothing, but a few modules warn only on the way to a known outcome: the "warning_log"
// signatures name those modules.
int TriageEngine::warning_signature(std::string_view source) const {
  if (warning_sigs_.empty()) return -1;
  std::string slashed;  // Windows paths: the signatures are written with '/'.
  if (source.find('\\') != std::string_view::npos) {
    slashed.assign(source);
    std::replace(slashed.begin(), slashed.end(), '\\', '/');
    source = slashed;
  }
  const auto& sigs = kb_.signatures();
  for (int s : warning_sigs_)
    if (RE2::PartialMatch(source, *sigs[s].re)) return s;
  return -1;
}

void TriageEngine::logged_warning(const LogLine& line) {
  const int s = warning_signature(line.warning_source());
  if (s < 0) return;
  const auto& sig = kb_.signatures()[s];
  // One warning spans many lines, all with its compile id: count it once.
  const std::string key = "warn|" + sig.id + "|" + std::string(line.compile_id);
  if (auto it = by_key_.find(key); it != by_key_.end()) {
    note_evidence(findings_[it->second], {static_cast<uint32_t>(line_no_)});
    return;
  }
  TriageFinding& f = finding(key, sig.category, sig.id, sig.weight, false);
  f.message = "warning logged by " + std::string(line.warning_source());
  note_evidence(f, {static_cast<uint32_t>(line_no_)});
}

void TriageEngine::close_graph_break() {
  if (!gb_) return;
  std::unique_ptr<GraphBreak> g = std::move(gb_);
  std::string category = "graph_break";
  for (const auto& c : kb_.categories())
    if (std::find(c.gb_types.begin(), c.gb_types.end(), g->reason) != c.gb_types.end()) category = c.id;
  LogFrame user;
  bool have_user = false;
  if (g->have_at) {
    user = g->at;
    have_user = true;
    for (const auto& fr : g->frames)
      if (fr.file == user.file && fr.line == user.line) user = fr;
  } else if (!g->frames.empty()) {
    user = g->frames.back();
    have_user = true;
  }
  std::string reason_key = g->reason.substr(0, 160);
  const std::string key = "gb|" + category + "|" + reason_key + "|" + (have_user ? frame_key(user) : "");
  const TriageSignature* sig = kb_.signature(category == "graph_break" ? "gb_reason" : "bc_gb_backend");
  const double weight = category == "recompilation" ? 9 : (sig ? sig->weight : 6);
  TriageFinding& f = finding(key, category, g->gb_id.empty() ? "graph_break_log" : "graph_break_log_gb", weight, false);
  if (f.count == 1) {
    f.message = g->reason.empty() ? "graph break (record cut before its reason)" : g->reason;
    f.gb_type = g->reason;
    f.gb_id = g->gb_id;
    f.gb_explanation = g->explanation;
    f.gb_hints = g->hints;
    f.has_user_frame = have_user;
    f.user_frame = user;
    if (!g->explanation.empty()) f.detail = g->explanation;
  }
  note_evidence(f, g->evidence);
}

void TriageEngine::fill_size_mismatch(std::string_view reason, Recompile& rc, std::vector<SizeMismatch>& out) {
  static const RE2 tensor_re(R"(tensor '(.+?)' size mismatch at index (\d+))");
  static const RE2 expr_re(R"(^(L\['\w+'\])\.size\(\)\[(\d+)\] == \d+)");
  std::string name;
  uint32_t dim = 0;
  if (!RE2::PartialMatch(reason, tensor_re, &name, &dim) && !RE2::PartialMatch(reason, expr_re, &name, &dim)) return;
  SizeMismatch m;
  m.tensor = local_name(name);
  m.dim = dim;
  m.function = rc.function;
  m.function_def = rc.def;
  for (const auto& o : out)
    if (o.tensor == m.tensor && o.dim == m.dim) return;
  if (out.size() < 8) out.push_back(std::move(m));
}

void TriageEngine::close_recompile() {
  if (!rc_) return;
  std::unique_ptr<Recompile> r = std::move(rc_);
  const std::string key = std::string(r->limit ? "rclimit|" : "rc|") + r->function + "|" +
                          (r->have_def ? frame_key(r->def) : "");
  const TriageSignature* sig = kb_.signature(r->limit ? "rc_limit" : "rc_recompiling");
  TriageFinding& f = finding(key, "recompilation", r->limit ? "recompile_limit" : "recompile",
                             sig ? sig->weight : 6, false);
  if (f.count == 1) {
    f.message = r->limit ? "recompile limit hit" : "recompiled";
    if (!r->function.empty()) f.message += " for function '" + r->function + "'";
    f.has_user_frame = r->have_def;
    f.user_frame = r->def;
  }
  for (const auto& reason : r->reasons) {
    if (f.detail.empty()) f.detail = reason;
    fill_size_mismatch(reason, *r, f.size_mismatches);
  }
  note_evidence(f, r->evidence);
}

// ---- The report -----------------------------------------------------------------------------

// Nothing was recognised: the text may describe the failure in words (an issue's description, a
// repro script with a tell-tale config knob) instead of showing its output. Each prose signature
// becomes a weak finding on the lines it matched; the usual scoring then picks the category.
bool TriageEngine::read_prose() {
  std::string plain;  // The head without terminal escapes, when it had some.
  const std::string_view text = strip_terminal_escapes(head_, plain) ? std::string_view(plain) : std::string_view(head_);
  const std::vector<ProseHit> hits = prose_.read(text);
  for (const ProseHit& h : hits) {
    const TriageSignature& sig = kb_.signatures()[h.signature];
    const std::string key = "prose|" + sig.id;
    TriageFinding& f = finding(key, sig.category, sig.id, sig.weight, false);
    f.from_words = true;
    if (f.message.empty()) f.message = clip(h.text);
    note_evidence(f, {h.line});
    order_[by_key_.at(key)] = h.line;  // Ties go to the later words, as with log evidence.
  }
  return !hits.empty();
}

TriageReport TriageEngine::finish() {
  if (!carry_.empty()) {
    flush_carry();
    // The log's last line had no '\n': it was cut, and a frame on it may have lost part of its
    // function's name. (A frame line the log merely ends on is whole: its function counts.)
    if (exc_ && !exc_->frames.empty() && exc_->frames.back().log_line == line_no_) exc_->frames.back().cut = true;
  }
  TriageReport report;
  // A fatal signal's stack has no exception line after it: a log may well end there.
  report.truncated = (mode_ == Mode::Traceback && exc_ && !exc_->fatal_report) ||
                     (mode_ == Mode::Message && exc_ && exc_->message.size() <= 1 && !exc_->message.empty() &&
                      exc_->message.front().ends_with(":"));
  close_block();
  if (cut_chain_) {
    exc_ = std::move(cut_chain_);
    exc_->chained = false;
    close_exception();
  }
  close_compile_ids();
  // Words are read when the output says nothing, and also when all it gave is a guess: frames of
  // the compile driver or Dynamo's wrappers, cut before the exception, are passed through on the
  // way to every kind of failure, and the reporter's "this causes a graph break" then says which.
  const bool only_guesses = std::all_of(findings_.begin(), findings_.end(), [](const TriageFinding& f) {
    return !f.terminal && f.score < kDecisiveFrameWeight * 0.6;
  });
  report.guessed = only_guesses && read_prose();
  report.lines = line_no_;
  report.bytes = bytes_;
  report.binary = nul_lines_ > 0;
  report.script = !opts_.script.empty() ? opts_.script : script_;

  const Lang lang = opts_.lang;
  std::string run = report.script;
  if (run.empty()) run = "python your_script.py";
  else if (!run.starts_with("python") && !run.starts_with("pytest")) run = (run.find("::") != std::string::npos ? "pytest " : "python ") + run;

  // Scores: the signature weight, more for repeated evidence, doubled for the failure itself.
  for (size_t i = 0; i < findings_.size(); ++i) {
    TriageFinding& f = findings_[i];
    const double w = f.score;
    f.score = w * (1 + std::log2(static_cast<double>(f.count))) * (f.terminal ? 2 : 1);
    f.confidence = w;  // Temporarily the weight (used below).
    // The signature's own words say what this evidence means; its own advice, where it has
    // some, replaces the category's general advice ("no working Triton: install one that
    // matches this PyTorch", not export's "read the exportdb case").
    const TriageSignature* sig = kb_.signature(f.signature);
    if (sig) f.why = sig->description.in(lang);
    if (const TriageCategory* c = kb_.category(f.category)) {
      f.title = c->title.in(lang);
      const auto& commands = sig && sig->next_commands ? *sig->next_commands : c->next_commands;
      for (const auto& cmd : commands) f.next_commands.push_back(replace_all(cmd, "{run}", run));
      if (!f.size_mismatches.empty()) {
        for (const auto& m : f.size_mismatches)
          f.next_commands.push_back("torch._dynamo.mark_dynamic(" + m.tensor + ", " + std::to_string(m.dim) + ")");
      }
      f.key_files = sig && sig->key_files ? *sig->key_files : c->key_files;
      f.fix_approach = sig && !sig->fix_approach.en.empty() ? sig->fix_approach.in(lang) : c->fix_approach.in(lang);
      f.config_knobs = sig && sig->config_knobs ? *sig->config_knobs : c->config_knobs;
    }
    if (opts_.registry && (!f.gb_id.empty() || !f.gb_type.empty())) {
      std::string id = f.gb_id;
      if (id.empty()) {
        if (auto found = opts_.registry->id_for_type(f.gb_type)) id = *found;
      }
      const auto& variants = opts_.registry->find(id);
      if (!variants.empty()) {
        f.gb_id = id;
        // The registry keeps every historical variant, some with placeholders from the source
        // ("_gb_type", "_explanation"): take the newest variant that is real text.
        auto quality = [&](const GraphBreakEntry& v) {
          const bool real = !v.explanation.empty() && v.explanation[0] != '_' && v.explanation[0] != '"';
          return (v.gb_type == f.gb_type ? 4 : 0) + (v.gb_type.starts_with("_") ? 0 : 2) + (real ? 2 : 0) +
                 (v.hints.empty() ? 0 : 1);
        };
        const GraphBreakEntry* best = &variants.back();
        for (auto it = variants.rbegin(); it != variants.rend(); ++it)
          if (quality(*it) > quality(*best)) best = &*it;
        const GraphBreakEntry& e = *best;
        if (f.gb_type.empty()) f.gb_type = e.gb_type;
        if (f.gb_explanation.empty()) f.gb_explanation = e.explanation;
        if (f.gb_hints.empty()) f.gb_hints = e.hints;
      }
    }
  }

  // The primary category: the strongest terminal evidence (the failure that ended the run; the
  // latest one on ties), else the category with the largest total score.
  int primary = -1;
  for (size_t i = 0; i < findings_.size(); ++i) {
    const auto& f = findings_[i];
    if (!f.terminal) continue;
    if (primary < 0 || f.confidence > findings_[primary].confidence ||
        (f.confidence == findings_[primary].confidence && order_[i] > order_[primary]))
      primary = static_cast<int>(i);
  }
  std::map<std::string, double> totals;
  std::map<std::string, uint64_t> latest;  // Per category, the log line of its latest evidence.
  double total = 0;
  for (size_t i = 0; i < findings_.size(); ++i) {
    const auto& f = findings_[i];
    totals[f.category] += f.score;
    latest[f.category] = std::max(latest[f.category], order_[i]);
    total += f.score;
  }
  std::string category = "unknown";
  if (primary >= 0) {
    category = findings_[primary].category;
  } else {
    // On a tie the later evidence wins: a paste ends near the failure.
    double best = 0;
    for (const auto& [c, s] : totals)
      if (s > best || (s == best && best > 0 && latest[c] > latest[category])) best = s, category = c;
  }
  report.category = category;
  // Having all of the evidence says little when the evidence is weak (a pass-through frame alone
  // is a guess): the share counts in full only from a decisive weight on.
  auto strength = [](double weight) { return std::min(1.0, weight / kDecisiveFrameWeight); };
  if (category != "unknown") {
    const double share = total > 0 ? totals[category] / total : 0;
    report.confidence = primary >= 0 ? std::min(0.97, 0.6 + 0.03 * findings_[primary].confidence + 0.1 * share)
                                     : std::min(0.9, 0.25 + 0.04 * totals[category] / (1 + std::log2(1 + findings_.size())) +
                                                         0.3 * share * strength(totals[category]));
    if (report.guessed) report.confidence = std::min(report.confidence, kGuessConfidence);
    report.confidence = std::round(report.confidence * 100) / 100;
  }
  for (auto& f : findings_) {
    const double share = total > 0 ? f.score / total : 0;
    f.confidence = std::min(0.97, (f.terminal ? 0.55 : 0.3) + 0.025 * f.confidence + 0.2 * share * strength(f.confidence));
    if (report.guessed) f.confidence = std::min(f.confidence, kGuessConfidence);
    f.confidence = std::round(f.confidence * 100) / 100;
  }

  // Rank: the primary category first (its terminal finding at the top), then by score.
  std::vector<size_t> idx(findings_.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    const auto& fa = findings_[a];
    const auto& fb = findings_[b];
    if (static_cast<int>(a) == primary || static_cast<int>(b) == primary) return static_cast<int>(a) == primary;
    const bool pa = fa.category == category, pb = fb.category == category;
    if (pa != pb) return pa;
    return fa.score > fb.score;
  });
  for (size_t i : idx) report.findings.push_back(std::move(findings_[i]));
  findings_.clear();
  by_key_.clear();
  return report;
}

}  // namespace pt2bb
