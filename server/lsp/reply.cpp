#include "lsp/reply.h"

#include <spdlog/spdlog.h>

namespace pt2bb {

ReplyOnce::ReplyOnce(protocol::RequestId id, std::string method, Sender send)
    : id_(std::move(id)), method_(std::move(method)), send_(std::move(send)),
      start_(std::chrono::steady_clock::now()) {}

ReplyOnce::ReplyOnce(ReplyOnce&& o) noexcept
    : id_(std::move(o.id_)), method_(std::move(o.method_)), send_(std::move(o.send_)), start_(o.start_),
      replied_(o.replied_) {
  o.moved_from_ = true;
}

ReplyOnce& ReplyOnce::operator=(ReplyOnce&& o) noexcept {
  if (this != &o) {
    if (!moved_from_ && !replied_) error(protocol::ErrorCode::InternalError, "reply handle overwritten");
    id_ = std::move(o.id_);
    method_ = std::move(o.method_);
    send_ = std::move(o.send_);
    start_ = o.start_;
    replied_ = o.replied_;
    moved_from_ = false;
    o.moved_from_ = true;
  }
  return *this;
}

ReplyOnce::~ReplyOnce() {
  if (moved_from_ || replied_) return;
  spdlog::error("bug: request {}({}) was dropped without a reply", method_, protocol::id_to_string(id_));
  error(protocol::ErrorCode::InternalError, "the server dropped this request without answering");
}

void ReplyOnce::result(const protocol::json& value) {
  finish(protocol::encode_result(id_, value), "ok");
}

void ReplyOnce::error(protocol::ErrorCode code, const std::string& message) {
  finish(protocol::encode_error(id_, {code, message, {}}), "error");
}

void ReplyOnce::finish(std::string body, const char* outcome) {
  if (moved_from_) return;
  if (replied_) {
    spdlog::error("bug: second reply to {}({}) dropped", method_, protocol::id_to_string(id_));
    return;
  }
  replied_ = true;
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_);
  spdlog::debug("--> reply:{}({}) {} {}ms", method_, protocol::id_to_string(id_), outcome, ms.count());
  send_(std::move(body));
}

}  // namespace pt2bb
