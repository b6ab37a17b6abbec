// Splits one raw log line into its decorations (a Markdown quote, CI or container timestamps,
// vLLM's process tag and logger prefix, rank, glog prefix, compile id, artifact tag, pytest's
// "E   " marker, TORCH_TRACE payload tab) and the message text, so the triage parser sees the same
// text whatever logging format printed it.
//
// Pure functions; any thread.
#pragma once

#include <string>
#include <string_view>

namespace pt2bb {

struct LogLine {
  std::string_view text;        // The message, decorations removed, trailing '\r' removed.
  std::string_view compile_id;  // "0/1", "0/0_1", "!0/0/0"; empty when none.
  std::string_view artifact;    // "graph_breaks", "recompiles"...; empty when none.
  // The module that logged an error- or warning-level glog line ("E0101 ... path.py:12] " ->
  // "path.py"), and that level ('E' or 'W'; 0 for other lines). One field for both: every line of
  // a huge log fills this struct.
  std::string_view logged_by;
  char level = 0;
  bool prefixed = false;        // A glog or logging-module prefix was removed.
  bool pytest_error = false;    // pytest's "E   " marker was removed.
  bool trace_payload = false;   // A TORCH_TRACE payload line (leading tab removed).
  bool boxed = false;           // Rich's box sides ("│ ... │") were removed: a line of a Rich traceback.

  std::string_view error_source() const { return level == 'E' ? logged_by : std::string_view(); }
  std::string_view warning_source() const { return level == 'W' ? logged_by : std::string_view(); }
};

// Never fails: a line with no known decoration comes back whole in `text`.
LogLine split_log_line(std::string_view raw);

// The line as a terminal shows it, without its escape sequences: the colours of pytest --color=yes,
// of a CI job's log or of Rich ("\x1b[31mE   RuntimeError\x1b[0m"), cursor and title sequences. Writes
// the text to `out` and returns true when `raw` holds an ESC; returns false (and leaves `out`
// alone) when it holds none. A sequence cut off by the line's end is dropped; in a text of many
// lines, line ends are kept.
bool strip_terminal_escapes(std::string_view raw, std::string& out);

// A shortcut for the line classifier of huge logs, most of whose lines are glog lines with an
// artifact tag ("V1103 09:12:44.100123 5521 f.py:920] [0/0] [__trace_bytecode] ..."): it finds
// that tag with a few vector compares over the line's first 128 bytes instead of the whole split.
// True only when split_log_line(line).artifact would be exactly `*artifact`, and non-empty. False
// whenever it cannot tell within those 128 bytes (another shape, a tag that ends later, a line
// near its end, fewer than 128 bytes readable from line.data() to `readable_end`, no SSE2): the
// caller then splits the line in full. It reads up to 128 bytes from line.data(), past the line's
// end but never past `readable_end`.
//
// Pure; any thread.
bool quick_glog_artifact(std::string_view line, const char* readable_end,
                         std::string_view* artifact);

}  // namespace pt2bb
