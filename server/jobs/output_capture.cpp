#include "jobs/output_capture.h"

#include <algorithm>

namespace pt2bb {

OutputCapture::OutputCapture(size_t cap) : head_cap_(cap / 2), tail_cap_(cap - cap / 2) {
  tail_.resize(tail_cap_);
}

void OutputCapture::append(std::string_view bytes) {
  total_ += bytes.size();
  if (head_.size() < head_cap_) {
    const size_t n = std::min(bytes.size(), head_cap_ - head_.size());
    head_.append(bytes.substr(0, n));
    bytes.remove_prefix(n);
  }
  if (bytes.empty() || tail_cap_ == 0) return;
  // Only the last tail_cap_ bytes of this chunk can survive.
  if (bytes.size() > tail_cap_) bytes.remove_prefix(bytes.size() - tail_cap_);
  while (!bytes.empty()) {
    const size_t n = std::min(bytes.size(), tail_cap_ - tail_pos_);
    std::copy_n(bytes.data(), n, tail_.begin() + static_cast<std::ptrdiff_t>(tail_pos_));
    bytes.remove_prefix(n);
    tail_pos_ += n;
    if (tail_pos_ == tail_cap_) {
      tail_pos_ = 0;
      tail_full_ = true;
    }
  }
}

std::string OutputCapture::text() const {
  std::string out = head_;
  if (truncated()) {
    out += "\n[... " + std::to_string(total_ - head_.size() - tail_size()) + " bytes omitted by pt2bb ...]\n";
  }
  if (tail_full_) {
    out.append(tail_, tail_pos_, std::string::npos);
    out.append(tail_, 0, tail_pos_);
  } else {
    out.append(tail_, 0, tail_pos_);
  }
  return out;
}

}  // namespace pt2bb
