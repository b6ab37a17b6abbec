// Reading a description's words for the failure it describes. See prose_reader.h.
#include "triage/prose_reader.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>

#include <re2/re2.h>

#include "core/line_scan.h"
#include "triage/log_line.h"
#include "triage/log_text.h"

namespace pt2bb {
namespace {

// Lines that carry code or a tool's output rather than someone's words: a traceback's frame, the
// numbered source lines IPython prints around it ("989     # does include graph breaks", "--> 990
// code"), a Python warning ("x.py:1491: FutureWarning: ..."). Their words describe the code.
bool is_code_or_output(std::string_view line) {
  if (parse_frame_line(line)) return true;
  std::string_view rest = line;
  if (const size_t arrow = rest.find_first_not_of('-'); arrow > 0 && arrow != std::string_view::npos && rest[arrow] == '>')
    rest = ltrim(rest.substr(arrow + 1));
  size_t digits = 0;
  while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
  if (digits > 0 && (rest.size() == digits || rest.substr(digits).starts_with("  "))) return true;
  const size_t warning = line.find("Warning: ");
  return warning != std::string_view::npos && line.substr(0, warning).find(".py:") != std::string_view::npos;
}

// Whether the words just before `at` deny what follows: "no graph break", "without a recompile",
// "not a NaN". A description often lists what did not happen ("no error, no warning and no graph
// break"), and those words say nothing about the failure.
bool negated_at(std::string_view line, size_t at) {
  std::string_view before = line.substr(0, at);
  while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
  // An article may stand between the negation and the words: "without a graph break".
  for (std::string_view article : {" a", " an", " any", " the"}) {
    if (before.size() > article.size() && before.ends_with(article)) {
      before.remove_suffix(article.size());
      break;
    }
  }
  std::string lower(before.substr(before.size() > 12 ? before.size() - 12 : 0));
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (std::string_view word : {"no", "not", "without", "never", "zero", "nor"}) {
    if (!std::string_view(lower).ends_with(word)) continue;
    const size_t start = lower.size() - word.size();
    if (start == 0 || !std::isalnum(static_cast<unsigned char>(lower[start - 1]))) return true;
  }
  // A negation reaches the words after an "or" in its list: "no graph break or recompilation".
  if (before.ends_with(" or")) {
    before.remove_suffix(3);
    for (int words = 0; words < 3; ++words) {
      const size_t space = before.find_last_of(' ');
      if (space == std::string_view::npos) break;
      before = before.substr(0, space);
      if (negated_at(before, before.size())) return true;
    }
  }
  return false;
}

// Whether `re` matches somewhere in `line` with no negation just before the match.
bool affirmed_match(std::string_view line, const RE2& re) {
  re2::StringPiece match;
  size_t from = 0;
  while (from <= line.size() && re.Match(line, from, line.size(), RE2::UNANCHORED, &match, 1)) {
    const size_t at = static_cast<size_t>(match.data() - line.data());
    if (!negated_at(line, at)) return true;
    from = at + std::max<size_t>(1, match.size());
  }
  return false;
}

}  // namespace

ProseReader::ProseReader(const TriageKnowledge& kb) : kb_(kb) {
  const auto& sigs = kb_.signatures();
  for (size_t i = 0; i < sigs.size(); ++i)
    if (sigs[i].scope == "prose") prose_sigs_.push_back(static_cast<int>(i));
}

std::vector<ProseHit> ProseReader::read(std::string_view text) const {
  std::vector<ProseHit> hits;
  if (prose_sigs_.empty()) return hits;
  std::vector<size_t> used(prose_sigs_.size(), 0);
  const auto& sigs = kb_.signatures();
  std::vector<bool> vetoed(prose_sigs_.size(), false);  // Its "unless" matched a line.
  uint32_t line_no = 0;
  auto on_line = [&](std::string_view line, bool special) {
    ++line_no;
    // Binary data says nothing in words. (Terminal escapes are the caller's to remove: hits keep
    // views of the text.)
    if (special && std::memchr(line.data(), '\0', line.size())) return;
    line = trim(line.substr(0, std::min(line.size(), kMaxLineBytes)));
    if (line.empty()) return;
    // "unless" reads every line, code and tool output too: an error printed anywhere vetoes.
    for (size_t k = 0; k < prose_sigs_.size(); ++k)
      if (!vetoed[k] && sigs[prose_sigs_[k]].unless && RE2::PartialMatch(line, *sigs[prose_sigs_[k]].unless)) vetoed[k] = true;
    // A line under a TORCH_LOGS artifact tag is PyTorch listing its own work (generated kernels,
    // graphs, guards), not someone's words: the kernels' bounds checks read like a failure.
    if (!split_log_line(line).artifact.empty() || is_code_or_output(line)) return;
    for (size_t k = 0; k < prose_sigs_.size(); ++k) {
      if (used[k] >= kMaxLinesPerSignature) continue;
      if (!affirmed_match(line, *sigs[prose_sigs_[k]].re)) continue;
      ++used[k];
      hits.push_back({prose_sigs_[k], line_no, line});
    }
  };
  const size_t done = for_each_line(text, on_line);
  // The last line may have no '\n'.
  if (const std::string_view rest = text.substr(done); !rest.empty())
    on_line(rest, std::memchr(rest.data(), '\0', rest.size()) != nullptr);
  std::erase_if(hits, [&](const ProseHit& h) {
    const size_t k = static_cast<size_t>(std::find(prose_sigs_.begin(), prose_sigs_.end(), h.signature) - prose_sigs_.begin());
    return vetoed[k];
  });
  return hits;
}

}  // namespace pt2bb
