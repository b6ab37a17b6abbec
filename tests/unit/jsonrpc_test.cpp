// JSON-RPC decoding: what each kind of body becomes.
#include <doctest/doctest.h>

#include "protocol/jsonrpc.h"

using namespace pt2bb::protocol;

namespace {

// Renders a decoded message as "request id method", "notification method", "response id",
// or "error CODE".
std::string check_decode(std::string_view body) {
  Message m = decode_message(body);
  if (auto* r = std::get_if<Request>(&m)) return "request " + id_to_string(r->id) + " " + r->method;
  if (auto* n = std::get_if<Notification>(&m)) return "notification " + n->method;
  if (auto* r = std::get_if<Response>(&m)) return "response " + id_to_string(r->id);
  const auto& e = std::get<DecodeError>(m);
  return "error " + std::to_string(static_cast<int>(e.error.code)) + (e.id ? " id=" + id_to_string(*e.id) : "");
}

}  // namespace

TEST_CASE("decoding message bodies") {
  struct Case {
    const char* body;
    const char* expected;
  };
  const Case cases[] = {
      {R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})", "request 1 initialize"},
      {R"({"jsonrpc":"2.0","id":"abc","method":"shutdown"})", "request \"abc\" shutdown"},
      {R"({"jsonrpc":"2.0","method":"initialized","params":{}})", "notification initialized"},
      {R"({"jsonrpc":"2.0","id":7,"result":null})", "response 7"},
      {R"({"jsonrpc":"2.0","id":7,"error":{"code":-1,"message":"x"}})", "response 7"},
      {"not json at all", "error -32700"},
      {"", "error -32700"},
      {"[1,2]", "error -32600"},
      {"42", "error -32600"},
      {R"("a string")", "error -32600"},
      {R"({"id":3,"method":"x"})", "error -32600 id=3"},
      {R"({"jsonrpc":"2.0","id":3,"method":5})", "error -32600 id=3"},
      {R"({"jsonrpc":"2.0","id":{"x":1},"method":"m"})", "error -32600"},
      {R"({"jsonrpc":"2.0","id":4,"method":"m","params":3})", "error -32600 id=4"},
      {R"({"jsonrpc":"2.0","id":9})", "error -32600 id=9"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.body);
    CHECK(check_decode(c.body) == c.expected);
  }
}

TEST_CASE("encoded errors carry a null id when the request id is unknown") {
  const std::string out = encode_error(std::nullopt, {ErrorCode::ParseError, "bad", {}});
  CHECK(out == R"({"error":{"code":-32700,"message":"bad"},"id":null,"jsonrpc":"2.0"})");
}

TEST_CASE("invalid UTF-8 in outgoing text is replaced, not thrown") {
  const std::string bad = "caf\xC3";
  CHECK_NOTHROW(encode_notification("window/logMessage", {{"message", bad}}));
}
