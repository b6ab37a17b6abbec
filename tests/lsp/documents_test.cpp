// Documents and diagnostics through the real server: open, incremental edits, versions, close.
#include <doctest/doctest.h>

#include "harness.h"
#include "protocol/framing.h"

using namespace pt2bb;
using namespace pt2bb::test;

namespace {

constexpr const char* kPath = "/ws/test/dynamo/test_example.py";

// The codes of the diagnostics in a publish, with their 1-based start lines: "3:syntax-error".
std::vector<std::string> check_codes(const json& publish) {
  std::vector<std::string> out;
  for (const auto& d : publish["diagnostics"])
    out.push_back(std::to_string(d["range"]["start"]["line"].get<int>() + 1) + ":" + d.value("code", ""));
  return out;
}

}  // namespace

TEST_CASE("a broken file gets a syntax diagnostic; fixing it incrementally clears it; close clears") {
  TestClient client;
  client.initialize();
  client.open(kPath, "import torch\n\ndef f(x):\n    return x.sin(\n\nxdef g():\n    pass\n", 1);
  json first = client.wait_diagnostics(kPath);
  CHECK(first["version"] == 1);
  CHECK(check_codes(first) == std::vector<std::string>{"4:syntax-error"});
  CHECK(first["diagnostics"][0]["severity"] == 1);
  CHECK(first["diagnostics"][0]["source"] == "pt2bb");

  // Close the call: `x.sin(` -> `x.sin()`, and `xdef` -> `def`.
  client.change(kPath, 2, json::array({{{"range", range(3, 17, 3, 17)}, {"text", ")"}},
                                       {{"range", range(5, 0, 5, 1)}, {"text", ""}}}));
  json fixed = client.wait_diagnostics(kPath, [](const json& p) { return p["version"] == 2; });
  CHECK(fixed["diagnostics"].empty());

  client.notify("textDocument/didClose", {{"textDocument", {{"uri", TestClient::uri(kPath)}}}});
  json closed = client.wait_diagnostics(kPath, [](const json& p) { return !p.contains("version"); });
  CHECK(closed["diagnostics"].empty());
}

TEST_CASE("rapid edits: the last publish carries the last version and no stale result follows it") {
  ServerOptions opts = test_options();
  opts.debounce = std::chrono::milliseconds(30);
  TestClient client(opts);
  client.initialize();
  client.open(kPath, "x = 1\n", 1);
  client.wait_diagnostics(kPath);
  for (int v = 2; v <= 30; ++v) {
    client.change(kPath, v, json::array({{{"range", range(0, 4, 0, 5)}, {"text", std::to_string(v)}}}));
  }
  json last = client.wait_diagnostics(kPath, [](const json& p) { return p["version"] == 30; });
  CHECK(last["diagnostics"].empty());
  // Nothing published after version 30 carries an older version.
  client.request("pt2bb/noSuchThing", json::object());  // A barrier: the session thread is idle.
  for (const auto& m : client.received()) {
    if (m.value("method", "") == "textDocument/publishDiagnostics" && m["params"].contains("version"))
      CHECK(m["params"]["version"].get<int>() <= 30);
  }
}

TEST_CASE("positions past the end of a line or of the file are clamped, not a crash") {
  TestClient client;
  client.initialize();
  client.open(kPath, "x = 1\n", 1);
  client.wait_diagnostics(kPath);
  client.change(kPath, 2, json::array({{{"range", range(0, 80, 0, 90)}, {"text", " + 2"}},
                                       {{"range", range(50, 3, 70, 0)}, {"text", "y = (\n"}}}));
  json p = client.wait_diagnostics(kPath, [](const json& p) { return p["version"] == 2; });
  CHECK(check_codes(p) == std::vector<std::string>{"2:syntax-error"});
}

TEST_CASE("UTF-16 columns around non-ASCII text, and invalid UTF-8, are handled") {
  TestClient client;
  client.initialize();
  // The error (the second `=`) comes after an emoji (2 UTF-16 units) and an accent (1 unit).
  client.open(kPath, "s = '😀é'; t = = 2\n", 1);
  json p = client.wait_diagnostics(kPath);
  REQUIRE(p["diagnostics"].size() == 1);
  CHECK(p["diagnostics"][0]["range"]["start"]["character"] == 15);
  // Raw invalid UTF-8 inside the JSON string: the document is kept (bad bytes replaced).
  const std::string body =
      std::string(R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":)") +
      R"({"uri":"file:///ws/bad.py","languageId":"python","version":1,"text":"x = ')" + "\xC3\x28" +
      R"('\ndef f(:\n"}}})";
  client.send_raw(protocol::encode_frame(body));
  json bad = client.wait_diagnostics("/ws/bad.py");
  CHECK(check_codes(bad) == std::vector<std::string>{"2:syntax-error"});
}

TEST_CASE("UTF-8 positions are used when negotiated") {
  TestClient client;
  client.initialize({{"capabilities", {{"general", {{"positionEncodings", {"utf-8", "utf-16"}}}}}}});
  client.open(kPath, "s = '😀é'; t = = 2\n", 1);
  json p = client.wait_diagnostics(kPath);
  REQUIRE(p["diagnostics"].size() == 1);
  CHECK(p["diagnostics"][0]["range"]["start"]["character"] == 18);
}

TEST_CASE("didChange for a document that is not open is ignored") {
  TestClient client;
  client.initialize();
  client.change("/ws/never_opened.py", 2, json::array({{{"text", "x"}}}));
  CHECK(client.request("pt2bb/noSuchThing", json::object()).contains("error"));
}
