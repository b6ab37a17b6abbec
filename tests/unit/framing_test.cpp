// Content-Length framing: every way bytes can arrive, and every way a frame can be malformed.
#include <doctest/doctest.h>

#include <string>
#include <variant>
#include <vector>

#include "protocol/framing.h"

using pt2bb::protocol::FrameError;
using pt2bb::protocol::FrameParser;

namespace {

// Feeds `input` in chunks of `chunk` bytes and renders what came out: bodies as themselves,
// errors as "!error".
std::vector<std::string> check_frames(const std::string& input, size_t chunk = 0,
                                      size_t max_body = FrameParser::kDefaultMaxBody) {
  FrameParser parser(max_body);
  std::vector<std::string> out;
  auto take = [&](std::string_view bytes) {
    for (auto& ev : parser.feed(bytes)) {
      if (auto* body = std::get_if<std::string>(&ev)) out.push_back(*body);
      else out.push_back("!" + std::get<FrameError>(ev).message);
    }
  };
  if (chunk == 0) {
    take(input);
  } else {
    for (size_t i = 0; i < input.size(); i += chunk) take(std::string_view(input).substr(i, chunk));
  }
  return out;
}

std::string frame(const std::string& body) { return pt2bb::protocol::encode_frame(body); }

}  // namespace

TEST_CASE("one message, whatever the read sizes") {
  const std::string input = frame(R"({"jsonrpc":"2.0","method":"x"})");
  for (size_t chunk : {0, 1, 2, 3, 7, 16, 1000}) {
    CAPTURE(chunk);
    CHECK(check_frames(input, chunk) == std::vector<std::string>{R"({"jsonrpc":"2.0","method":"x"})"});
  }
}

TEST_CASE("several messages merged in one read come out in order") {
  const std::string input = frame("{\"a\":1}") + frame("{\"b\":2}") + frame("{}");
  CHECK(check_frames(input) == std::vector<std::string>{"{\"a\":1}", "{\"b\":2}", "{}"});
  CHECK(check_frames(input, 5) == std::vector<std::string>{"{\"a\":1}", "{\"b\":2}", "{}"});
}

TEST_CASE("headers are case-insensitive and other headers are ignored") {
  const std::string input =
      "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}";
  CHECK(check_frames(input) == std::vector<std::string>{"{}"});
}

TEST_CASE("malformed frames are reported and the stream goes on") {
  struct Case {
    const char* name;
    std::string input;
    std::vector<std::string> expected;
  };
  const Case cases[] = {
      {"missing Content-Length", "Content-Type: x\r\n\r\n" + frame("{}"),
       {"!message without a Content-Length header", "{}"}},
      {"non-numeric length", "Content-Length: abc\r\n\r\n" + frame("{}"),
       {"!malformed Content-Length header", "{}"}},
      {"negative length", "Content-Length: -5\r\n\r\n" + frame("{}"), {"!malformed Content-Length header", "{}"}},
      {"trailing garbage in length", "Content-Length: 12x\r\n\r\n" + frame("{}"),
       {"!malformed Content-Length header", "{}"}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    CHECK(check_frames(c.input) == c.expected);
    CHECK(check_frames(c.input, 1) == c.expected);
  }
}

TEST_CASE("a header section without the blank line is discarded once it is too long") {
  std::string input = "Content-Length: 10\r\n";
  input += std::string(FrameParser::kMaxHeaderBytes + 10, 'x');
  auto out = check_frames(input);
  REQUIRE(out.size() == 1);
  CHECK(out[0].find("without a blank line") != std::string::npos);
}

TEST_CASE("a 2 GiB Content-Length claim is refused without allocating it, then skipped") {
  FrameParser parser;
  auto events = parser.feed("Content-Length: 2147483648\r\n\r\n{\"partial\":");
  REQUIRE(events.size() == 1);
  CHECK(std::get<FrameError>(events[0]).message.find("exceeds the limit") != std::string::npos);
  CHECK(parser.mid_message());  // The claimed bytes are still being skipped.
}

TEST_CASE("an oversized body is skipped exactly and the next message is read") {
  const std::string big(100, 'x');
  const std::string input = frame(big) + frame("{}");
  auto out = check_frames(input, 7, /*max_body=*/50);
  REQUIRE(out.size() == 2);
  CHECK(out[0].rfind("!Content-Length 100 exceeds", 0) == 0);
  CHECK(out[1] == "{}");
}

TEST_CASE("EOF in the middle of a message is visible") {
  FrameParser parser;
  CHECK(parser.feed("Content-Length: 10\r\n\r\n{\"a\"").empty());
  CHECK(parser.mid_message());
  FrameParser idle;
  CHECK_FALSE(idle.mid_message());
}

TEST_CASE("bodies keep non-ASCII and NUL bytes intact") {
  const std::string body = std::string("{\"t\":\"é😀\"}") + std::string(1, '\0');
  CHECK(check_frames(frame(body), 3) == std::vector<std::string>{body});
}
