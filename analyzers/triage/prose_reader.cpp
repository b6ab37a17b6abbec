// Reading a description's words for the failure it describes. See prose_reader.h.
#include "triage/prose_reader.h"

#include <algorithm>
#include <cstring>

#include <re2/re2.h>

#include "core/line_scan.h"
#include "triage/log_text.h"

namespace pt2bb {

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
  uint32_t line_no = 0;
  auto on_line = [&](std::string_view line, bool has_nul) {
    ++line_no;
    if (has_nul) return;  // Binary data says nothing in words.
    line = trim(line.substr(0, std::min(line.size(), kMaxLineBytes)));
    if (line.empty()) return;
    for (size_t k = 0; k < prose_sigs_.size(); ++k) {
      if (used[k] >= kMaxLinesPerSignature) continue;
      if (!RE2::PartialMatch(line, *sigs[prose_sigs_[k]].re)) continue;
      ++used[k];
      hits.push_back({prose_sigs_[k], line_no, line});
    }
  };
  const size_t done = for_each_line(text, on_line);
  // The last line may have no '\n'.
  if (const std::string_view rest = text.substr(done); !rest.empty())
    on_line(rest, std::memchr(rest.data(), '\0', rest.size()) != nullptr);
  return hits;
}

}  // namespace pt2bb
