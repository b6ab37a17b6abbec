// TriageEngine: the line-by-line parser and scorer behind Triager. It keeps only the current
// block (one traceback, graph-break or recompile record) and the deduplicated findings, so its
// memory does not grow with the log.
//
// One thread at a time (owned by a Triager).
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <re2/re2.h>
#include <re2/set.h>

#include "triage/literal_gate.h"
#include "triage/log_line.h"
#include "triage/prose_reader.h"
#include "triage/triage.h"

namespace pt2bb {

class TriageEngine {
public:
  explicit TriageEngine(const TriageOptions& options);

  void feed(std::string_view chunk);
  void feed(std::string_view chunk, const ChunkLines& lines);
  ChunkLines classify(std::string_view chunk) const { return classify(chunk, *prefilter_); }
  // Reads only the immutable members; `prefilter` is prefilter_ or a copy_prefilter().
  ChunkLines classify(std::string_view chunk, const LiteralGate& prefilter) const;
  std::unique_ptr<LiteralGate> copy_prefilter() const;
  TriageReport finish();

private:
  // A traceback or bare exception being read.
  struct Exception {
    uint32_t first_line = 0;
    std::string type;                  // "torch._dynamo.exc.BackendCompilerFailed"; empty: none seen.
    std::string header_type;           // IPython names the final exception in its header line.
    std::vector<std::string> message;  // The exception line and its continuation lines.
    std::deque<LogFrame> frames;       // Innermost last (bounded).
    std::vector<LogFrame> user_code;   // "from user code:" frames.
    std::vector<uint32_t> evidence;
    std::vector<int> hits;             // Signature indices seen on its message lines.
    std::string gb_id;
    bool chained = false;              // Another exception follows it in the same chain.
    bool prefixed = false;             // Its exception line came with a logging prefix...
    std::string compile_id;            // ...and this compile id: other records end its message.
    bool dynamo_context = false;       // Dynamo's "from user code:" or verbose hints followed it.
    bool fatal_report = false;         // faulthandler's: its header first, then its stacks.
    bool pybind_stack = false;         // pybind11's "At:" under the message: frames follow.
    bool graph_break_log = false;      // Printed under the [__graph_breaks] artifact tag.
  };
  // A graph-break record (any era), an explain() break reason or a TORCH_TRACE reason.
  struct GraphBreak {
    uint32_t first_line = 0;
    std::string reason;  // The first reason line: the GB type in 2.7+.
    std::string explanation;
    std::vector<std::string> hints;
    std::string gb_id;
    LogFrame at;  // "in user code at f:l".
    bool have_at = false;
    std::vector<LogFrame> frames;
    std::vector<uint32_t> evidence;
  };
  struct Recompile {
    uint32_t first_line = 0;
    bool limit = false;
    std::string function;
    LogFrame def;
    bool have_def = false;
    std::vector<std::string> reasons;
    std::vector<uint32_t> evidence;
  };
  enum class Mode { None, Traceback, Message, UserCode, GraphBreak, GbFrames, Recompile, Explain, Stack };

  // Between records: a line that may be skipped then has no effect on the parser.
  // A Rich path fragment waiting for the line that finishes it makes the next line count too.
  bool idle() const { return mode_ == Mode::None && trace_artifact_.empty() && path_head_.empty(); }
  bool skippable_when_idle(std::string_view raw, const LiteralGate& prefilter) const;
  bool prefilter_matches(std::string_view text) const;
  void feed_lines(std::string_view chunk);
  void append_partial(std::string_view piece);
  void flush_carry();
  void on_line(std::string_view raw, bool has_nul);
  void process(const LogLine& line);
  bool handle_structure(const LogLine& line, std::string_view t, std::string_view trimmed, std::string& head);
  void on_trace_json(std::string_view t);
  void note_margin(std::string_view t);
  void note_numbered_item(std::string_view t);
  // Opens the graph-break record of the numbered item last noted (2.0's explain() reasons).
  void open_numbered_reason();
  void add_hits(std::string_view t, std::vector<int>& out);
  void add_frame(LogFrame f);
  // Finishes `frame`, whose path was wrapped onto line `ln` (text `t`); false when `t` does not
  // go on with it.
  bool complete_wrapped_frame(LogFrame& frame, std::string_view t, uint32_t ln);
  void close_block();
  void close_exception();
  void close_graph_break();
  void close_recompile();
  void standalone(int sig, std::string_view text);
  int carried_by(int wrapper, const std::vector<int>& hits) const;
  Exception& open_exception(uint32_t ln, Mode mode);
  void logged_error(const LogLine& line);
  void compile_id_seen(std::string_view id);
  void close_compile_ids();
  void logged_warning(const LogLine& line);
  // The "warning_log" signature matching the module that logged a warning ("torch/_dynamo/exc.py",
  // either slash); -1 when none. Const: classifying threads ask it too.
  int warning_signature(std::string_view source) const;
  int strongest_frame_sig(std::string_view where) const;
  int strongest_frame_sig(const LogFrame& f) const;
  int component_of_frames(const Exception& e, double* weight) const;
  TriageFinding& finding(const std::string& key, const std::string& category, const std::string& signature,
                         double weight, bool terminal);
  void note_evidence(TriageFinding& f, const std::vector<uint32_t>& lines);
  void note_script(const LogFrame& f);
  void keep_head(std::string_view chunk);
  bool read_prose();
  void fill_size_mismatch(std::string_view reason, Recompile& rc, std::vector<SizeMismatch>& out);

  TriageOptions opts_;
  const TriageKnowledge& kb_;
  std::unique_ptr<LiteralGate> prefilter_;  // Any structural or signature pattern.
  std::string shown_;  // The line on_line() reads, when it had terminal escapes to remove.
  std::vector<int> line_sigs_;  // Signatures of scope "line" or "exception", matched by set_.
  std::unique_ptr<RE2::Set> set_;  // Built by add_hits() on first use.
  std::vector<int> set_to_sig_;  // RE2::Set index -> signature index.
  std::vector<int> frame_sigs_;
  std::vector<int> warning_sigs_;  // Signatures of scope "warning_log".
  std::vector<int> compile_id_sigs_;  // Signatures of scope "compile_id".
  int backend_call_sig_ = -1;      // "fr_backend_call": Dynamo's call into the backend.
  int compiled_call_sig_ = -1;     // "fr_compiled_call": Dynamo's wrappers around compiled code.
  int compiled_runner_sig_ = -1;   // "fr_compiled_runner": the compiled program running.
  int aot_sig_ = -1;               // "fr_aot": AOTAutograd.
  int export_sig_ = -1;            // "fr_export": torch.export's own modules.
  int resume_sig_ = -1;            // "fr_resume_frame": Dynamo's resume function after a break.
  // Frame signatures inside helper modules that decide before the pass-through ones (see the
  // constructor): Dynamo raising Unsupported, Dynamo running a node on fake tensors.
  std::vector<int> helper_frame_sigs_;
  ProseReader prose_;

  std::string carry_;
  bool skipping_ = false;  // Dropping the rest of an over-long line.
  uint64_t line_no_ = 0;
  // The left margin of a text pasted indented as a whole (a Markdown list item, a quote): the
  // spaces every line so far began with. -1 before the first line that is not blank.
  int margin_ = -1;
  // The last line that was a numbered item ("1. generic_jump"), and where: in PyTorch 2.0,
  // explain() lists each break reason so, with the user's frame on the next line.
  std::string numbered_item_;
  uint64_t numbered_item_line_ = 0;
  uint64_t bytes_ = 0;
  uint64_t nul_lines_ = 0;
  // The start of the input, for the prose reader when nothing else is recognised: a description
  // is short, and a huge log with no PyTorch output in its first lines has none in words either.
  std::string head_;

  Mode mode_ = Mode::None;
  std::unique_ptr<Exception> exc_;
  std::unique_ptr<GraphBreak> gb_;
  std::unique_ptr<Recompile> rc_;
  std::string trace_artifact_;  // The TORCH_TRACE artifact whose payload lines follow.
  // A chained control-flow exception Dynamo observed in the traced code, kept until the chain's
  // next exception shows up; read as the failure if none does.
  std::unique_ptr<Exception> cut_chain_;
  std::string last_compile_id_;  // The compile id of the last line read that had one.
  int cid_sig_ = -1;             // The strongest "compile_id" signature seen, its id and line.
  std::string cid_id_;
  uint64_t cid_line_ = 0;
  std::vector<std::string> trace_payload_;
  uint32_t trace_payload_line_ = 0;

  // Findings by dedupe key, in first-seen order.
  std::map<std::string, size_t> by_key_;
  std::vector<TriageFinding> findings_;
  std::vector<uint64_t> order_;      // Log line of the latest occurrence, per finding.
  uint64_t dropped_ = 0;
  std::string script_;
  std::vector<int> scratch_;
  std::string source_scratch_;  // "path\t" of an error-level log line, reused to stay allocation-free.
  std::string path_head_;       // Rich wraps a long frame path: its first part, awaiting the rest.
};

}  // namespace pt2bb
