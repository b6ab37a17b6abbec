// Reading a description's words for the failure it describes. See prose_reader.h.
#include "triage/prose_reader.h"

#include <cstring>

#include <re2/re2.h>

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
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++line_no;
    // Binary data says nothing in words.
    if (std::memchr(line.data(), '\0', line.size()) != nullptr) continue;
    line = trim(line.substr(0, std::min(line.size(), kMaxLineBytes)));
    if (line.empty()) continue;
    for (size_t k = 0; k < prose_sigs_.size(); ++k) {
      if (used[k] >= kMaxLinesPerSignature) continue;
      if (!RE2::PartialMatch(line, *sigs[prose_sigs_[k]].re)) continue;
      ++used[k];
      hits.push_back({prose_sigs_[k], line_no, line});
    }
  }
  return hits;
}

}  // namespace pt2bb
