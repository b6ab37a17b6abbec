// The LSP lifecycle and bad input, against the real server in-process.
#include <doctest/doctest.h>

#include "harness.h"
#include "protocol/framing.h"

using namespace pt2bb;
using namespace pt2bb::test;

namespace {

int error_code(const json& reply) { return reply.contains("error") ? reply["error"]["code"].get<int>() : 0; }

}  // namespace

TEST_CASE("requests before initialize are answered ServerNotInitialized") {
  TestClient client;
  CHECK(error_code(client.request("textDocument/hover", json::object())) == -32002);
  CHECK(error_code(client.request("shutdown", nullptr)) == -32002);
}

TEST_CASE("initialize negotiates the position encoding and names the server") {
  struct Case {
    json encodings;
    const char* expected;
  };
  const Case cases[] = {
      {nullptr, "utf-16"},
      {json::array({"utf-16"}), "utf-16"},
      {json::array({"utf-8", "utf-16", "utf-32"}), "utf-8"},
      {json::array({"utf-32"}), "utf-16"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.encodings.dump());
    TestClient client;
    json params = {{"capabilities", json::object()}};
    if (!c.encodings.is_null()) params["capabilities"]["general"] = {{"positionEncodings", c.encodings}};
    json reply = client.initialize(params);
    REQUIRE(reply.contains("result"));
    CHECK(reply["result"]["capabilities"]["positionEncoding"] == c.expected);
    CHECK(reply["result"]["serverInfo"]["name"] == "pt2bb");
    CHECK(reply["result"]["serverInfo"]["version"] == PT2BB_VERSION);
    CHECK(reply["result"]["capabilities"]["textDocumentSync"]["change"] == 2);
  }
}

TEST_CASE("a second initialize is an invalid request") {
  TestClient client;
  client.initialize();
  CHECK(error_code(client.request("initialize", {{"capabilities", json::object()}})) == -32600);
}

TEST_CASE("shutdown then exit ends with code 0; exit alone with code 1") {
  {
    TestClient client;
    client.initialize();
    json reply = client.request("shutdown", nullptr);
    CHECK(reply.contains("result"));
    CHECK(reply["result"].is_null());
    // After shutdown, other requests are refused.
    CHECK(error_code(client.request("textDocument/hover", json::object())) == -32600);
    client.notify("exit", nullptr);
    CHECK(client.wait_exit() == 0);
  }
  {
    TestClient client;
    client.initialize();
    client.notify("exit", nullptr);
    CHECK(client.wait_exit() == 1);
  }
}

TEST_CASE("unknown methods: requests get MethodNotFound, notifications are ignored") {
  TestClient client;
  client.initialize();
  CHECK(error_code(client.request("pt2bb/noSuchThing", json::object())) == -32601);
  client.notify("$/someClientExtension", {{"x", 1}});
  client.notify("custom/unknownNotification", {{"x", 1}});
  client.notify("$/setTrace", {{"value", "verbose"}});
  client.notify("$/cancelRequest", {{"id", 12345}});
  // The server is still serving.
  CHECK(error_code(client.request("pt2bb/noSuchThing", json::object())) == -32601);
}

TEST_CASE("wrong params are InvalidParams naming the bad field") {
  TestClient client;
  client.initialize();
  json reply = client.request("textDocument/hover", {{"textDocument", {{"uri", "file:///x.py"}}}});
  CHECK(error_code(reply) == -32602);
  CHECK(reply["error"]["message"].get<std::string>().find("params.position") != std::string::npos);
  reply = client.request("textDocument/hover",
                         {{"textDocument", {{"uri", 5}}}, {"position", {{"line", 0}, {"character", 0}}}});
  CHECK(error_code(reply) == -32602);
  CHECK(reply["error"]["message"].get<std::string>().find("params.textDocument.uri") != std::string::npos);
}

TEST_CASE("malformed bodies get an error with a null id and the session goes on") {
  TestClient client;
  client.initialize();
  struct Case {
    const char* body;
    int code;
    json id;
  };
  const Case cases[] = {{"this is not json", -32700, nullptr},
                        {"[1, 2, 3]", -32600, nullptr},
                        {"\"just a string\"", -32600, nullptr},
                        {R"({"jsonrpc":"2.0","id":77,"method":42})", -32600, 77}};
  for (const auto& c : cases) {
    CAPTURE(c.body);
    client.send_raw(protocol::encode_frame(c.body));
    auto err = client.wait_message([](const json& m) { return m.contains("error"); });
    REQUIRE(err.has_value());
    CHECK((*err)["error"]["code"] == c.code);
    CHECK((*err)["id"] == c.id);
  }
  // Bad frames (no Content-Length) are skipped; the next good message is served.
  client.send_raw("Content-Type: text/plain\r\n\r\n");
  CHECK(error_code(client.request("pt2bb/noSuchThing", json::object())) == -32601);
}

TEST_CASE("a handler that throws answers an error and the server keeps serving") {
  TestClient client(test_options(), [](LanguageServer& server) {
    server.on_request("test/throws", [](const json&, ReplyOnce&) { throw std::runtime_error("boom"); });
    server.on_request("test/forgets", [](const json&, ReplyOnce&) {});
  });
  client.initialize();
  json reply = client.request("test/throws", json::object());
  CHECK(error_code(reply) == -32603);
  CHECK(reply["error"]["message"].get<std::string>().find("boom") != std::string::npos);
  // A handler that neither answers nor keeps the reply still yields exactly one answer.
  CHECK(error_code(client.request("test/forgets", json::object())) == -32603);
  CHECK(error_code(client.request("pt2bb/noSuchThing", json::object())) == -32601);
}

TEST_CASE("EOF in the middle of a message stops the server without hanging") {
  TestClient client;
  client.initialize();
  client.send_raw("Content-Length: 500\r\n\r\n{\"jsonrpc\":");
  client.close_input();
  CHECK(client.wait_exit() == 1);
}

TEST_CASE("the client vanishing before initialize stops the server") {
  TestClient client;
  client.close_input();
  CHECK(client.wait_exit() == 1);
}
