#include "workflow/run_verdict.h"

#include <cctype>
#include <map>

#include <re2/re2.h>

#include "core/text_lines.h"

namespace pt2bb {

std::string blur_numbers(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool in_digits = false;
  for (char ch : text) {
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      if (!in_digits) out += 'N';
      in_digits = true;
    } else {
      out += ch;
      in_digits = false;
    }
  }
  return out;
}

std::string last_exception_line(std::string_view output) {
  // A traceback ends with "Type: message" (or a bare "Type") at column 0 after indented frames.
  static const RE2 exception_line(R"(^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Failed|Unsupported|Violation|Node)\b.*)$)");
  const size_t tb = output.rfind("Traceback (most recent call last):");
  std::string_view tail = tb == std::string_view::npos ? output : output.substr(tb);
  std::string last;
  for (const std::string_view line : split_lines(tail)) {
    std::string m;
    if (RE2::FullMatch(line, exception_line, &m)) {
      last = m;
      if (tb != std::string_view::npos) break;  // The first such line after the frames.
    }
  }
  return last;
}

RunVerdict make_verdict(const TriageReport& report, std::optional<int> exit_code, bool timed_out,
                        std::string_view output) {
  RunVerdict v;
  v.timed_out = timed_out;
  v.failed = timed_out || !exit_code || *exit_code != 0;
  v.category = report.category.empty() ? "unknown" : report.category;
  const TriageFinding* primary = nullptr;
  for (const auto& f : report.findings) {
    if (f.category == v.category) {
      primary = &f;
      break;
    }
  }
  if (primary) {
    v.signature = primary->signature;
    v.message = primary->message;
  }
  if (v.message.empty()) v.message = last_exception_line(output);
  if (v.message.empty() && timed_out) v.message = "timed out";
  if (v.message.empty() && !exit_code) v.message = "killed by a signal";
  v.key = v.category + "|" + v.signature + "|" + blur_numbers(v.message);
  return v;
}

ReproduceSummary summarize_runs(const std::vector<RunVerdict>& runs) {
  ReproduceSummary s;
  s.runs = static_cast<int>(runs.size());
  std::map<std::string, int> keys;
  for (const auto& r : runs) {
    if (!r.failed) continue;
    ++s.failures;
    ++keys[r.key];
  }
  std::string best;
  int best_count = 0;
  for (const auto& [k, n] : keys)
    if (n > best_count) best = k, best_count = n;
  for (const auto& r : runs) {
    if (r.failed && r.key == best) {
      s.category = r.category;
      s.message = r.message;
      break;
    }
  }
  const std::string ratio = std::to_string(s.failures) + "/" + std::to_string(s.runs);
  s.consistent = s.runs > 0 && s.failures == s.runs && keys.size() == 1;
  if (s.failures == 0) s.headline = "does not reproduce (" + ratio + ")";
  else if (s.consistent) s.headline = "reproduces " + ratio + " (consistent)";
  else if (s.failures == s.runs) s.headline = "reproduces " + ratio + " (" + std::to_string(keys.size()) + " different failures)";
  else s.headline = "flaky " + ratio;
  return s;
}

}  // namespace pt2bb
