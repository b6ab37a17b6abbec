// Splits one raw log line into its decorations (a Markdown quote, CI or container timestamps,
// vLLM's process tag and logger prefix, rank, glog prefix, compile id, artifact tag, pytest's
// "E   " marker, TORCH_TRACE payload tab) and the message text, so the triage parser sees the same
// text whatever logging format printed it.
//
// Pure functions; any thread.
#pragma once

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

}  // namespace pt2bb
