// ReplyOnce: the handle a request handler uses to answer. Move-only; each request gets exactly
// one reply. Destroying an unanswered handle answers InternalError and logs the bug; a second
// reply is dropped with an error log. It also times the request for the trace log.
//
// May be moved to and used from any thread: sending goes through the thread-safe transport.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "protocol/jsonrpc.h"

namespace pt2bb {

class ReplyOnce {
public:
  using Sender = std::function<void(std::string)>;
  ReplyOnce(protocol::RequestId id, std::string method, Sender send);
  ReplyOnce(ReplyOnce&& other) noexcept;
  ReplyOnce& operator=(ReplyOnce&& other) noexcept;
  ReplyOnce(const ReplyOnce&) = delete;
  ReplyOnce& operator=(const ReplyOnce&) = delete;
  ~ReplyOnce();

  void result(const protocol::json& value);
  void error(protocol::ErrorCode code, const std::string& message);

  const protocol::RequestId& id() const { return id_; }
  const std::string& method() const { return method_; }
  bool replied() const { return replied_; }
  // True while this handle still has to answer (not answered, not moved away).
  bool held() const { return !replied_ && !moved_from_; }

private:
  void finish(std::string body, const char* outcome);

  protocol::RequestId id_;
  std::string method_;
  Sender send_;
  std::chrono::steady_clock::time_point start_;
  bool replied_ = false;
  bool moved_from_ = false;
};

}  // namespace pt2bb
