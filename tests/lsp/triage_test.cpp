// The triage feature through the real server: the pt2bb.triage command (progress, diagnostics
// on the workspace files that foreign log paths map to, related compiler frames, the
// mark_dynamic quick fix), log documents triaged on open with hover, and cancellation.
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

// A throwaway workspace: src/mlp.py defines the compiled function, src/train.py calls it.
struct Workspace : TempDir {
  Workspace() : TempDir("triage_lsp") {
    write("src/mlp.py", "import torch\n\n\ndef forward(w, x):\n    return torch.relu(x @ w)\n");
    write("src/train.py",
          "import torch\nfrom mlp import forward\n\ncompiled = torch.compile(forward)\n\n"
          "for n in range(4, 64):\n    batch = torch.randn(n, 8)\n    out = compiled(weights, batch)\n");
  }
};

json initialize(TestClient& client, const Workspace& ws) {
  return client.initialize({{"workspaceFolders", {{{"uri", TestClient::uri(ws.root().string())}, {"name", "ws"}}}},
                            {"capabilities", {{"window", {{"workDoneProgress", true}}}}}});
}

// A backend failure seen on another machine: its user frame is /home/ci/job/src/train.py:8.
const char* kBackendLog =
    "Traceback (most recent call last):\n"
    "  File \"/home/ci/job/src/train.py\", line 8, in <module>\n"
    "    out = compiled(weights, batch)\n"
    "  File \"/opt/py/site-packages/torch/_inductor/lowering.py\", line 455, in wrapped\n"
    "    out = decomp_fn(*args, **kwargs)\n"
    "torch._inductor.exc.InductorError: LoweringException: AssertionError: \n"
    "  target: aten.relu.default\n";

const char* kRecompileLog =
    "V0920 13:54:44.535000 3904 torch/_dynamo/guards.py:2760] [0/1] [__recompiles] Recompiling function forward in /home/ci/job/src/mlp.py:4\n"
    "V0920 13:54:44.535000 3904 torch/_dynamo/guards.py:2760] [0/1] [__recompiles]     triggered by the following guard failure(s):\n"
    "V0920 13:54:44.535000 3904 torch/_dynamo/guards.py:2760] [0/1] [__recompiles]     - 0/0: tensor 'x' size mismatch at index 0. expected 4, actual 5\n";

// The last publishDiagnostics received for `path` so far (the command publishes before it
// answers, so these are already in when the reply is).
json last_publish(TestClient& client, const std::string& path) {
  json found;
  for (const auto& m : client.received())
    if (m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == TestClient::uri(path))
      found = m["params"];
  REQUIRE_MESSAGE(!found.is_null(), "no publishDiagnostics for " << path);
  return found;
}

json run_triage(TestClient& client, const json& arg) {
  json reply = client.request("workspace/executeCommand", {{"command", "pt2bb.triage"}, {"arguments", {arg}}}, 10000);
  REQUIRE_MESSAGE(reply.contains("result"), reply.dump());
  return reply["result"];
}

}  // namespace

TEST_CASE("pt2bb.triage puts the finding on the mapped user frame, linked to the compiler frame") {
  Workspace ws;
  TestClient client;
  initialize(client, ws);
  const json result = run_triage(client, {{"text", kBackendLog}});
  CHECK(result["category"] == "backend_compiler_failed");
  CHECK(result["annotated_files"] == json::array({ws.path("src/train.py")}));

  const json publish = last_publish(client, ws.path("src/train.py"));
  REQUIRE(publish["diagnostics"].size() == 1);
  const json& d = publish["diagnostics"][0];
  CHECK(d["severity"] == 1);
  CHECK(d["code"] == "triage.backend_compiler_failed");
  CHECK(d["range"]["start"]["line"] == 7);
  CHECK(d["range"]["start"]["character"] == 4);  // The statement, not its indentation.
  CHECK(d["message"].get<std::string>().find("LoweringException: AssertionError:") != std::string::npos);
  REQUIRE(d["relatedInformation"].size() == 1);
  CHECK(d["relatedInformation"][0]["location"]["uri"].get<std::string>().ends_with("torch/_inductor/lowering.py"));
  CHECK(d["relatedInformation"][0]["message"] == "compiler frame: wrapped");

  // The job reported progress from begin to end.
  std::vector<std::string> kinds;
  std::string end_message;
  for (const auto& m : client.received()) {
    if (m.value("method", "") != "$/progress") continue;
    kinds.push_back(m["params"]["value"]["kind"]);
    if (kinds.back() == "end") end_message = m["params"]["value"].value("message", "");
  }
  REQUIRE(!kinds.empty());
  CHECK(kinds.front() == "begin");
  CHECK(kinds.back() == "end");
  CHECK(end_message.starts_with("backend_compiler_failed"));

  // A second run replaces the first one's diagnostics.
  run_triage(client, {{"text", kRecompileLog}});
  // Keep the publish alive: a range-for over a member of a temporary would dangle.
  const json after = last_publish(client, ws.path("src/train.py"));
  for (const auto& diag : after["diagnostics"]) CHECK(diag["code"] != "triage.backend_compiler_failed");
}

TEST_CASE("a size-mismatch recompile offers mark_dynamic before the compiled function's call") {
  Workspace ws;
  TestClient client;
  initialize(client, ws);
  const json result = run_triage(client, {{"text", kRecompileLog}});
  CHECK(result["category"] == "recompilation");
  // The recompiled function's definition carries the finding.
  const json def = last_publish(client, ws.path("src/mlp.py"));
  REQUIRE(def["diagnostics"].size() == 1);
  CHECK(def["diagnostics"][0]["range"]["start"]["line"] == 3);

  // The call site (through the torch.compile alias) carries the quick fix.
  const json call = last_publish(client, ws.path("src/train.py"));
  REQUIRE(call["diagnostics"].size() == 1);
  CHECK(call["diagnostics"][0]["range"]["start"]["line"] == 7);
  std::ifstream in(ws.path("src/train.py"));
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  client.open(ws.path("src/train.py"), text);
  const json actions = client.code_actions(ws.path("src/train.py"), range(7, 8, 7, 8));
  json fix;
  for (const auto& a : actions)
    if (a["title"].get<std::string>().find("mark_dynamic") != std::string::npos) fix = a;
  REQUIRE_MESSAGE(!fix.is_null(), actions.dump());
  CHECK(fix["title"] == "Insert torch._dynamo.mark_dynamic(batch, 0) before the call");
  const json& edits = fix["edit"]["changes"][TestClient::uri(ws.path("src/train.py"))];
  REQUIRE(edits.size() == 1);
  CHECK(edits[0]["newText"] == "    torch._dynamo.mark_dynamic(batch, 0)\n");
  CHECK(edits[0]["range"]["start"]["line"] == 7);
}

TEST_CASE("an opened log is triaged: diagnostics on its evidence lines, hover with the GB entry") {
  Workspace ws;
  TestClient client;
  initialize(client, ws);
  const std::string log =
      "I1103 09:12:40.000000 5521 torch/_dynamo/convert_frame.py:1000] [0/0] Step 1: start tracing\n"
      "V1103 09:12:44.101000 5521 torch/_dynamo/symbolic_convert.py:552] [0/0] [__graph_breaks] Graph break in user code at /x/net.py:41\n"
      "V1103 09:12:44.101000 5521 torch/_dynamo/symbolic_convert.py:552] [0/0] [__graph_breaks] Graph Break Reason: Call to `torch._dynamo.graph_break()`\n"
      "V1103 09:12:44.101000 5521 torch/_dynamo/symbolic_convert.py:552] [0/0] [__graph_breaks]   Explanation: User-inserted graph break. Message: None\n";
  const std::string path = ws.path("run.log");
  client.open(path, log, 1, "log");
  const json publish = client.wait_diagnostics(path, [](const json& p) { return !p["diagnostics"].empty(); });
  std::vector<int> lines;
  for (const auto& d : publish["diagnostics"]) {
    lines.push_back(d["range"]["start"]["line"].get<int>());
    CHECK(d["code"] == "triage.graph_break");  // Never a Python syntax error on a log.
  }
  CHECK(lines == std::vector<int>{1, 2});

  auto hover = [&](int line) {
    return client.request("textDocument/hover", {{"textDocument", {{"uri", TestClient::uri(path)}}},
                                                 {"position", {{"line", line}, {"character", 10}}}})["result"];
  };
  const json h = hover(2);
  REQUIRE(h.is_object());
  const std::string value = h["contents"]["value"];
  CHECK(value.find("Graph break") != std::string::npos);
  CHECK(value.find("TORCH_LOGS=\"graph_breaks\"") != std::string::npos);
  // Not an evidence line: no triage note (another provider may still say something).
  const json other = hover(0);
  CHECK((other.is_null() || other["contents"]["value"].get<std::string>().find("TORCH_LOGS") == std::string::npos));
}

TEST_CASE("an edited log is triaged again: its diagnostics follow the new text") {
  Workspace ws;
  TestClient client;
  initialize(client, ws);
  const std::string path = ws.path("pasted.txt");
  client.open(path, "V1103 09:12:44.101000 5521 torch/_dynamo/symbolic_convert.py:552] [0/0] [__graph_breaks] "
                    "Graph break in user code at /x/net.py:41\n", 1, "plaintext");
  client.wait_diagnostics(path, [](const json& p) {
    return !p["diagnostics"].empty() && p["diagnostics"][0]["code"] == "triage.graph_break";
  });
  // The user pastes a crash under it: two lines later, the crash is the finding that counts.
  client.change(path, 2, {{{"range", {{"start", {{"line", 1}, {"character", 0}}}, {"end", {{"line", 1}, {"character", 0}}}}},
                           {"text", "\nFatal Python error: Segmentation fault\n"}}});
  const json publish = client.wait_diagnostics(path, [](const json& p) {
    for (const auto& d : p["diagnostics"])
      if (d["code"] == "triage.runtime_crash") return true;
    return false;
  });
  bool crash_on_line_2 = false;
  for (const auto& d : publish["diagnostics"])
    if (d["code"] == "triage.runtime_crash") crash_on_line_2 = d["range"]["start"]["line"] == 2;
  CHECK(crash_on_line_2);
  // Emptied: nothing left to report.
  client.change(path, 3, {{{"text", ""}}});
  client.wait_diagnostics(path, [](const json& p) { return p["diagnostics"].empty(); });
}

TEST_CASE("a text that only describes a failure gets information notes, not errors") {
  Workspace ws;
  TestClient client;
  initialize(client, ws);
  // A guess from words is shown, but quietly: LSP severity 3 (Information).
  const std::string notes = ws.path("notes.txt");
  client.open(notes, "Repro notes\nThe compiled model segfaults on the second batch.\n", 1, "plaintext");
  const json guessed = client.wait_diagnostics(notes, [](const json& p) { return !p["diagnostics"].empty(); });
  REQUIRE(guessed["diagnostics"].size() == 1);
  CHECK(guessed["diagnostics"][0]["code"] == "triage.runtime_crash");
  CHECK(guessed["diagnostics"][0]["range"]["start"]["line"] == 1);
  CHECK(guessed["diagnostics"][0]["severity"] == 3);
  // The crash itself in the output is an error (severity 1).
  const std::string log = ws.path("crash.log");
  client.open(log, "Fatal Python error: Segmentation fault\n", 1, "log");
  const json real = client.wait_diagnostics(log, [](const json& p) { return !p["diagnostics"].empty(); });
  CHECK(real["diagnostics"][0]["code"] == "triage.runtime_crash");
  CHECK(real["diagnostics"][0]["severity"] == 1);
  // A traceback cut in Dynamo's compile driver says a compile failed, not which kind: the words
  // above it decide, quietly, and the traceback is a warning rather than an error.
  const std::string cut = ws.path("cut.log");
  client.open(cut,
              "The sample causes a graph break:\nTraceback (most recent call last):\n"
              "  File \"/w/bug.py\", line 38, in <module>\n    work()\n"
              "  File \"/v/site-packages/torch/_dynamo/convert_frame.py\", line 456, in _convert_frame_assert\n"
              "    return _compile(\n",
              1, "log");
  const json mixed = client.wait_diagnostics(cut, [](const json& p) { return p["diagnostics"].size() >= 2; });
  int words_severity = -1, words_line = -1, frames_severity = -1;
  for (const auto& d : mixed["diagnostics"]) {
    if (d["code"] == "triage.graph_break") {
      words_severity = d["severity"];
      words_line = d["range"]["start"]["line"];
    }
    if (d["code"] == "triage.dynamo_internal_error") frames_severity = d["severity"];
  }
  CHECK(words_severity == 3);  // Information, on the sentence.
  CHECK(words_line == 0);
  CHECK(frames_severity == 2);  // Warning, on the traceback.
}

TEST_CASE("cancelling a triage answers RequestCancelled") {
  Workspace ws;
  TestClient client;
  initialize(client, ws);
  std::string big;
  while (big.size() < (96u << 20))
    big += "I1103 09:12:40.100000 5521 torch/_dynamo/symbolic_convert.py:900] [0/0] Step 1: torchdynamo start tracing forward /x/net.py:31\n";
  const json request = {{"jsonrpc", "2.0"}, {"id", 777}, {"method", "workspace/executeCommand"},
                        {"params", {{"command", "pt2bb.triage"}, {"arguments", {{{"text", big}}}}}}};
  const std::string body = request.dump();
  client.send_raw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  client.notify("$/cancelRequest", {{"id", 777}});
  // Generous: a 96 MiB request takes a while to parse in the sanitizer build.
  auto reply = client.wait_message([](const json& m) { return m.contains("id") && m["id"] == 777; }, 180000);
  REQUIRE(reply);
  REQUIRE(reply->contains("error"));
  CHECK((*reply)["error"]["code"] == -32800);
}

TEST_CASE("pt2bb.triage rejects bad arguments and unreadable files clearly") {
  TestClient client;
  client.initialize();
  json reply = client.request("workspace/executeCommand", {{"command", "pt2bb.triage"}, {"arguments", json::array()}});
  REQUIRE(reply.contains("error"));
  CHECK(reply["error"]["code"] == -32602);
  reply = client.request("workspace/executeCommand",
                         {{"command", "pt2bb.triage"}, {"arguments", {"/nonexistent/pt2bb/run.log"}}});
  REQUIRE(reply.contains("error"));
  CHECK(reply["error"]["message"].get<std::string>().find("cannot read /nonexistent/pt2bb/run.log") != std::string::npos);
}

TEST_CASE("a relative log path is found in whichever workspace folder holds it") {
  const TempDir first("triage_first"), second("triage_second");
  second.write("logs/ci.log", kBackendLog);
  TestClient client;
  client.initialize({{"workspaceFolders", {{{"uri", TestClient::uri(first.root().string())}, {"name", "a"}},
                                           {{"uri", TestClient::uri(second.root().string())}, {"name", "b"}}}}});
  const json result = run_triage(client, "logs/ci.log");
  CHECK(result["category"] == "backend_compiler_failed");
  // Found in neither folder: the message names the path under the first one.
  const json reply = client.request("workspace/executeCommand", {{"command", "pt2bb.triage"}, {"arguments", {"logs/none.log"}}});
  REQUIRE(reply.contains("error"));
  CHECK(reply["error"]["message"].get<std::string>().find(first.path("logs/none.log")) != std::string::npos);
}
