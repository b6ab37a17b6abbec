// OutputCapture: keeps the first and the last bytes of a child's output within a fixed budget.
//
// A failing compile can print hundreds of megabytes (TORCH_LOGS=+dynamo, output_code dumps);
// the head holds the command's start and the tail holds the traceback that matters for triage,
// so the middle is dropped and counted. Not thread-safe: one reader thread owns it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pt2bb {

class OutputCapture {
public:
  // `cap`: the most bytes kept, split evenly between head and tail.
  explicit OutputCapture(size_t cap = 4 * 1024 * 1024);

  void append(std::string_view bytes);

  // Head + "\n[... N bytes omitted ...]\n" + tail when truncated, else the whole output.
  std::string text() const;
  size_t total_bytes() const { return total_; }
  bool truncated() const { return total_ > head_.size() + tail_size(); }

private:
  size_t tail_size() const { return tail_full_ ? tail_.size() : tail_pos_; }

  size_t head_cap_;
  size_t tail_cap_;
  std::string head_;
  std::string tail_;  // A ring buffer of tail_cap_ bytes once full.
  size_t tail_pos_ = 0;
  bool tail_full_ = false;
  size_t total_ = 0;
};

}  // namespace pt2bb
