// RunVerdict: what one run of a test or repro says about the bug, judged by the triage engine,
// and the words the workflow reports about several runs ("reproduces 3/3 (consistent)").
//
// Two runs fail "the same way" when their keys match: the triage category, the signature that
// recognised the primary finding and its message with numbers blurred, so that the minimiser
// may shrink `torch.randn(128, 256)` without the shapes in the message telling the runs apart.
// Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "triage/triage.h"

namespace pt2bb {

struct RunVerdict {
  bool failed = false;      // Non-zero exit, a crash or a timeout.
  bool timed_out = false;
  std::string category;     // The triage category ("graph_break", ...), "unknown" when none.
  std::string signature;    // The primary finding's signature id, "" when none.
  std::string message;      // The primary finding's message, or the last exception line.
  std::string key;          // category|signature|message with digit runs as N.

  bool same_failure(const RunVerdict& o) const { return failed && o.failed && key == o.key; }
};

// `exit_code` absent: killed by a signal (a crash). The report comes from triage_text over the
// run's stdout and stderr.
RunVerdict make_verdict(const TriageReport& report, std::optional<int> exit_code, bool timed_out,
                        std::string_view output);

// "1 2  3" -> "N N  N": digit runs collapsed, for comparing messages across shapes and ids.
std::string blur_numbers(std::string_view text);

// The last "SomeError: message" line of the last Python traceback in `output`, or "".
std::string last_exception_line(std::string_view output);

struct ReproduceSummary {
  int runs = 0;
  int failures = 0;
  bool consistent = false;  // Every run failed, all the same way.
  std::string category;     // The most frequent failing category ("" when no run failed).
  std::string message;
  std::string headline;     // "reproduces 3/3 (consistent)", "flaky 1/3", "does not reproduce (0/3)".
};

ReproduceSummary summarize_runs(const std::vector<RunVerdict>& runs);

}  // namespace pt2bb
