// Content-Length framing of JSON-RPC messages, as a pure incremental parser.
//
// Bytes go in (in any split), complete message bodies come out. Malformed headers are reported
// as FrameError events and the parser resynchronises on the next "Content-Length:" header, so
// one bad frame never ends the session. No I/O here: the transport feeds the bytes.
//
// Not thread-safe; owned by the transport's reading side.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace pt2bb::protocol {

struct FrameError {
  std::string message;
};

using FrameEvent = std::variant<std::string /*body*/, FrameError>;

class FrameParser {
public:
  // Bodies above this size are refused without allocating them (the bytes are skipped).
  static constexpr size_t kDefaultMaxBody = 256u * 1024u * 1024u;
  static constexpr size_t kMaxHeaderBytes = 8 * 1024;

  explicit FrameParser(size_t max_body = kDefaultMaxBody) : max_body_(max_body) {}

  // Consumes `bytes`; returns the events completed by them, in order.
  std::vector<FrameEvent> feed(std::string_view bytes);

  // True when a message is partly received (used to report EOF mid-message).
  bool mid_message() const { return !buffer_.empty() || body_remaining_ > 0 || skipping_ > 0; }

private:
  bool parse_header(std::vector<FrameEvent>& out);

  size_t max_body_;
  std::string buffer_;         // Unconsumed header bytes, or the body being collected.
  size_t body_remaining_ = 0;  // > 0 while collecting a body into buffer_.
  bool in_body_ = false;
  size_t skipping_ = 0;        // Bytes of a refused body still to discard.
};

// Frames one message body for the wire.
std::string encode_frame(std::string_view body);

}  // namespace pt2bb::protocol
