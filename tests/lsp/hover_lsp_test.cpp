// Hover notes and PT2 lints through the real server: a note on a config knob found through an
// import alias (Markdown or plain text as the client asks), a GB id explained from the
// workspace's own graph-break registry, the note of a diagnostic's code when hovering the
// diagnostic, null for unknown words, French from the client's locale, and the lint quick fixes
// (fullgraph=True, suppression) as code actions.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "harness.h"
#include "temp_dir.h"

using namespace pt2bb;
using namespace pt2bb::test;
namespace fs = std::filesystem;

namespace {

// A workspace shaped like a PyTorch checkout: it carries torch/_dynamo/graph_break_registry.json.
struct Workspace : TempDir {
  Workspace() : TempDir("hover_lsp") {
    fs::create_directories(root() / "torch/_dynamo");
    fs::copy_file(fs::path(PT2BB_SHARED_DIR) / "data/graph_break_registry.json",
                  root() / "torch/_dynamo/graph_break_registry.json");
  }
};

const char* kModel =
    "import torch\n"
    "import torch._dynamo as dynamo\n"
    "dynamo.config.recompile_limit = 16  # GB0025\n"
    "\n"
    "@torch.compile\n"
    "def f(x):\n"
    "    return x.item()\n";

json init(TestClient& client, const Workspace& ws, bool markdown, const char* locale = "en") {
  json hover_caps = markdown ? json{{"contentFormat", {"markdown", "plaintext"}}} : json{{"contentFormat", {"plaintext"}}};
  return client.initialize({{"workspaceFolders", {{{"uri", TestClient::uri(ws.root().string())}, {"name", "ws"}}}},
                            {"locale", locale},
                            {"capabilities", {{"textDocument", {{"hover", hover_caps}}}}}});
}

json hover(TestClient& client, const std::string& path, int line, int character) {
  json reply = client.request("textDocument/hover", {{"textDocument", {{"uri", TestClient::uri(path)}}},
                                                     {"position", {{"line", line}, {"character", character}}}});
  REQUIRE_MESSAGE(reply.contains("result"), reply.dump());
  return reply["result"];
}

}  // namespace

TEST_CASE("hover shows notes for symbols, GB ids and diagnostics; null for the rest") {
  Workspace ws;
  TestClient client;
  init(client, ws, true);
  const std::string path = ws.path("model.py");
  client.open(path, kModel);
  client.wait_diagnostics(path, [](const json& p) { return !p["diagnostics"].empty(); });

  json h = hover(client, path, 2, 18);  // recompile_limit, through the `dynamo` alias.
  REQUIRE(h.is_object());
  CHECK(h["contents"]["kind"] == "markdown");
  const std::string md = h["contents"]["value"];
  CHECK(md.find("**How many times one function may be compiled**") == 0);
  CHECK(md.find("**Default:** `8`") != std::string::npos);
  CHECK(h["range"] == json{{"start", {{"line", 2}, {"character", 14}}}, {"end", {{"line", 2}, {"character", 29}}}});

  // The GB id in the comment, from the workspace's registry.
  h = hover(client, path, 2, 40);
  REQUIRE(h.is_object());
  CHECK(h["contents"]["value"].get<std::string>().find("User-inserted graph break") != std::string::npos);

  // On the `.item()` diagnostic: the code's note, with its GB id from the registry.
  h = hover(client, path, 6, 14);
  REQUIRE(h.is_object());
  const std::string item = h["contents"]["value"];
  CHECK(item.find("`.item()` in a compiled region") != std::string::npos);
  CHECK(item.find("GB0124") != std::string::npos);

  // An unknown word: null.
  CHECK(hover(client, path, 5, 4).is_null());
}

TEST_CASE("hover answers in plain text and in French when the client asks") {
  Workspace ws;
  TestClient client;
  init(client, ws, false, "fr-FR");
  const std::string path = ws.path("model.py");
  client.open(path, kModel);
  json h = hover(client, path, 2, 18);
  REQUIRE(h.is_object());
  CHECK(h["contents"]["kind"] == "plaintext");
  const std::string text = h["contents"]["value"];
  CHECK(text.find("Combien de fois une fonction peut être compilée") == 0);
  CHECK(text.find("**") == std::string::npos);
}

TEST_CASE("lint findings come with the fullgraph and suppression quick fixes") {
  Workspace ws;
  TestClient client;
  init(client, ws, true);
  const std::string path = ws.path("model.py");
  client.open(path, kModel);
  json diags = client.wait_diagnostics(path, [](const json& p) { return !p["diagnostics"].empty(); });
  bool found = false;
  for (const auto& d : diags["diagnostics"]) {
    if (d.value("code", "") != "gb-item") continue;
    found = true;
    CHECK(d["severity"] == 3);
    CHECK(d["range"]["start"] == json{{"line", 6}, {"character", 13}});
  }
  CHECK(found);
  std::vector<std::string> titles;
  for (const auto& a : client.code_actions(path, range(6, 14, 6, 14))) titles.push_back(a["title"]);
  CHECK(std::find(titles.begin(), titles.end(), "Compile with fullgraph=True to surface graph breaks") != titles.end());
  CHECK(std::find(titles.begin(), titles.end(), "Suppress gb-item on this line (# pt2bb: ignore)") != titles.end());
}
