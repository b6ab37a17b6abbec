// CancelToken: cooperative cancellation shared between whoever starts work and the work itself.
//
//   CancelToken token;                        // Session thread: keep one, hand out copies.
//   pool.run([token] { while (...) { if (token.cancelled()) return; ... } });
//   token.cancel();                           // Any thread, e.g. on $/cancelRequest.
//
// Checking is a relaxed atomic load, cheap but not free: poll at coarse points (per file, per
// 64 KiB of log), not per byte. The flag is a size_t so tree-sitter's cancellation flag can
// point at it directly.
#pragma once

#include <atomic>
#include <memory>

namespace pt2bb {

class CancelToken {
public:
  CancelToken() : flag_(std::make_shared<std::atomic<size_t>>(0)) {}
  void cancel() const { flag_->store(1, std::memory_order_relaxed); }
  bool cancelled() const { return flag_->load(std::memory_order_relaxed) != 0; }
  // For ts_parser_set_cancellation_flag (which reads a plain size_t).
  const size_t* raw_flag() const { return reinterpret_cast<const size_t*>(flag_.get()); }

private:
  std::shared_ptr<std::atomic<size_t>> flag_;
};

}  // namespace pt2bb
