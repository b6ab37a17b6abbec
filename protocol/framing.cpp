#include "protocol/framing.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace pt2bb::protocol {
namespace {

bool iequals_prefix(std::string_view line, std::string_view prefix) {
  if (line.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(line[i])) != std::tolower(static_cast<unsigned char>(prefix[i])))
      return false;
  }
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string encode_frame(std::string_view body) {
  std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out.append(body);
  return out;
}

std::vector<FrameEvent> FrameParser::feed(std::string_view bytes) {
  std::vector<FrameEvent> out;
  while (!bytes.empty()) {
    if (skipping_ > 0) {
      const size_t n = std::min(skipping_, bytes.size());
      skipping_ -= n;
      bytes.remove_prefix(n);
      continue;
    }
    if (in_body_) {
      const size_t n = std::min(body_remaining_, bytes.size());
      buffer_.append(bytes.substr(0, n));
      body_remaining_ -= n;
      bytes.remove_prefix(n);
      if (body_remaining_ == 0) {
        in_body_ = false;
        out.emplace_back(std::move(buffer_));
        buffer_.clear();
      }
      continue;
    }
    // Header mode: take bytes up to and including the blank line, if it has arrived.
    const size_t before = buffer_.size();
    buffer_.append(bytes);
    const size_t end = buffer_.find("\r\n\r\n", before >= 3 ? before - 3 : 0);
    if (end == std::string::npos) {
      bytes = {};
      if (buffer_.size() > kMaxHeaderBytes) {
        out.emplace_back(FrameError{"header section longer than " + std::to_string(kMaxHeaderBytes) +
                                    " bytes without a blank line; discarded"});
        buffer_.clear();
      }
      break;
    }
    // Bytes after the blank line go back to the loop as body bytes.
    const size_t header_len = end + 4;
    const size_t consumed_from_bytes = header_len - before;
    bytes.remove_prefix(consumed_from_bytes);
    buffer_.resize(header_len);
    parse_header(out);
  }
  return out;
}

bool FrameParser::parse_header(std::vector<FrameEvent>& out) {
  std::string_view headers(buffer_);
  std::optional<size_t> length;
  bool bad_length = false;
  while (!headers.empty()) {
    const size_t eol = headers.find("\r\n");
    std::string_view line = headers.substr(0, eol);
    headers.remove_prefix(eol == std::string_view::npos ? headers.size() : eol + 2);
    if (line.empty()) continue;
    if (iequals_prefix(line, "content-length:")) {
      std::string_view value = trim(line.substr(15));
      size_t n = 0;
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc() || ptr != value.data() + value.size() || value.empty()) {
        bad_length = true;
      } else {
        length = n;
      }
    }
    // Other headers (Content-Type) are accepted and ignored.
  }
  buffer_.clear();
  if (bad_length || !length) {
    out.emplace_back(FrameError{bad_length ? "malformed Content-Length header"
                                           : "message without a Content-Length header"});
    return false;
  }
  if (*length > max_body_) {
    out.emplace_back(FrameError{"Content-Length " + std::to_string(*length) + " exceeds the limit of " +
                                std::to_string(max_body_) + " bytes; message skipped"});
    skipping_ = *length;
    return false;
  }
  if (*length == 0) {
    out.emplace_back(std::string());
    return true;
  }
  in_body_ = true;
  body_remaining_ = *length;
  buffer_.reserve(*length);
  return true;
}

}  // namespace pt2bb::protocol
