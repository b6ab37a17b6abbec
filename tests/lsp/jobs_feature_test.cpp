// The workflow jobs through the real server: environment check with the fake conda (the
// showMessageRequest choice, the status notification, refusals naming the env), reproduce with
// its report, collect logs publishing diagnostics, code lenses, cancel through $/cancelRequest
// (the process group is gone), shutdown killing running jobs, and an untrusted workspace where
// no process starts.
#include <doctest/doctest.h>

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "harness.h"
#include "protocol/framing.h"
#include "support/file_io.h"
#include "temp_dir.h"

namespace fs = std::filesystem;
using namespace pt2bb;
using namespace pt2bb::test;
using namespace std::chrono_literals;

namespace {

fs::path fixtures() { return fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures/jobs"; }

struct Workspace : TempDir {
  explicit Workspace(const std::string& name) : TempDir("lspjobs_" + name) {
    fs::create_directories(root() / "cache");
  }
  std::string copy_fixture(const std::string& name) const { return write(name, *read_file((fixtures() / name).string())); }
};

// Settings for a workspace: jobs find the fake conda and the fake torch, and write their cache
// inside the test folder.
json job_settings(const Workspace& ws, json extra = json::object()) {
  const std::string path = (fixtures() / "bin").string() + ":" + std::string(getenv("PATH"));
  json s = {{"jobEnv", {{"PATH", path}, {"XDG_CACHE_HOME", (ws.root() / "cache").string()}}}};
  s.update(extra);
  return s;
}

json init_params(const Workspace& ws, json options, json capabilities = json::object()) {
  return {{"rootUri", TestClient::uri(ws.root().string())}, {"initializationOptions", options}, {"capabilities", capabilities}};
}

json execute(TestClient& c, const std::string& command, json arg, int timeout_ms = 60000) {
  return c.request("workspace/executeCommand", {{"command", command}, {"arguments", json::array({arg})}}, timeout_ms);
}

bool process_gone(int pid) {
  for (int i = 0; i < 150; ++i) {
    if (::kill(pid, 0) != 0) return true;
    auto stat = read_file("/proc/" + std::to_string(pid) + "/stat");
    if (stat && stat->find(") Z") != std::string::npos) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

// A script that records its pid, then sleeps: for cancel and shutdown.
std::string sleeper(const Workspace& ws) {
  return ws.write("sleeper.py", "import os, time\nopen('sleeper.pid', 'w').write(str(os.getpid()))\ntime.sleep(60)\n");
}

int wait_pid_file(const Workspace& ws) {
  const fs::path f = ws.root() / "sleeper.pid";
  for (int i = 0; i < 500 && !fs::exists(f); ++i) std::this_thread::sleep_for(10ms);
  REQUIRE(fs::exists(f));
  std::this_thread::sleep_for(50ms);
  return std::stoi(*read_file(f.string()));
}

struct NoCondaEnv {
  NoCondaEnv() { ::unsetenv("CONDA_DEFAULT_ENV"); }
};


// The 0-based line of `if total > 0:` in check_branch (the graph break's user line).
uint32_t branch_line(const std::string& text) {
  const size_t at = text.find("    total = sum(x)\n    if total > 0:");
  return static_cast<uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
}


// A notification the server sent at any time so far (request() skips what came before its
// reply), else the next one to come.
json seen(TestClient& c, const std::string& method, std::function<bool(const json&)> pred = {}) {
  for (const auto& m : c.received())
    if (m.value("method", "") == method && !m.contains("id") && (!pred || pred(m["params"]))) return m["params"];
  return c.wait_notification(method, pred, 10000);
}

}  // namespace

TEST_CASE("environment check: asks which conda env, reports torch's version, status for the status bar") {
  NoCondaEnv no_env;
  Workspace ws("env");
  TestClient client;
  json asked;
  client.set_request_handler([&](const json& req) -> json {
    if (req["method"] == "window/showMessageRequest") {
      asked = req["params"];
      return {{"title", "pt2"}};
    }
    return nullptr;
  });
  client.initialize(init_params(ws, job_settings(ws), {{"window", {{"showMessage", {{"messageActionItem", {{"additionalPropertiesSupport", true}}}}}}}}));
  json r = execute(client, "pt2bb.checkEnvironment", json::object());
  REQUIRE(r.contains("result"));
  CHECK(r["result"]["ok"] == true);
  CHECK(r["result"]["environment"] == "conda env pt2");
  CHECK(r["result"]["torchVersion"] == "2.7.0+fake");
  REQUIRE(asked.is_object());
  std::vector<std::string> titles;
  for (const auto& a : asked["actions"]) titles.push_back(a["title"]);
  CHECK(titles == std::vector<std::string>{"base", "pt2", "old"});
  json status = seen(client, "pt2bb/status", [](const json& p) { return p["state"] == "ready"; });
  CHECK(status["environment"] == "conda env pt2");
  CHECK(status["torchVersion"] == "2.7.0+fake");
}

TEST_CASE("environment check: torch missing, and every job refuses naming the env to activate") {
  NoCondaEnv no_env;
  Workspace ws("refuse");
  const std::string script = ws.copy_fixture("graph_break_repro.py");
  TestClient client;
  client.initialize(init_params(ws, job_settings(ws, {{"condaEnv", "old"}})));
  json r = execute(client, "pt2bb.checkEnvironment", json::object());
  CHECK(r["result"]["ok"] == false);
  CHECK(r["result"]["torchVersion"].is_null());
  json status = seen(client, "pt2bb/status", [](const json& p) { return p["state"] == "noTorch"; });
  CHECK(status["message"].get<std::string>().find("conda activate old") != std::string::npos);
  json refused = execute(client, "pt2bb.reproduce", {{"uri", TestClient::uri(script)}});
  REQUIRE(refused.contains("error"));
  CHECK(refused["error"]["code"] == -32803);
  CHECK(refused["error"]["message"].get<std::string>().find("conda activate old") != std::string::npos);
  // Choosing another env in the settings is checked afresh.
  client.notify("workspace/didChangeConfiguration", {{"settings", {{"pt2bb", {{"condaEnv", "pt2"}}}}}});
  json ok = execute(client, "pt2bb.reproduce", {{"uri", TestClient::uri(script)}, {"runs", 2}});
  REQUIRE(ok.contains("result"));
  CHECK(ok["result"]["headline"] == "reproduces 2/2 (consistent): graph_break");
}

TEST_CASE("reproduce: progress, a report notification, and the job table") {
  NoCondaEnv no_env;
  Workspace ws("reproduce");
  const std::string script = ws.copy_fixture("graph_break_repro.py");
  TestClient client;
  client.initialize(init_params(ws, job_settings(ws, {{"condaEnv", "pt2"}}), {{"window", {{"workDoneProgress", true}}}}));
  json r = execute(client, "pt2bb.reproduce", {{"uri", TestClient::uri(script)}});
  REQUIRE(r.contains("result"));
  CHECK(r["result"]["state"] == "succeeded");
  CHECK(r["result"]["headline"] == "reproduces 3/3 (consistent): graph_break");
  CHECK(r["result"]["category"] == "graph_break");
  const std::string report = r["result"]["report"];
  CHECK(report.rfind((ws.root() / "cache/pt2bb/reports/reproduce-").string(), 0) == 0);
  CHECK(read_file(report)->find("# Reproduce graph_break_repro.py") == 0);
  json shown = seen(client, "pt2bb/report");
  CHECK(shown["uri"] == TestClient::uri(report));
  CHECK(shown["markdown"].get<std::string>().find("reproduces 3/3") != std::string::npos);
  // Progress: begin with a cancellable title, reports per run, end with the headline.
  seen(client, "$/progress", [](const json& p) {
    return p["value"]["kind"] == "begin" && p["value"]["title"] == "pt2bb: Reproduce graph_break_repro.py (3 runs)" &&
           p["value"]["cancellable"] == true;
  });
  seen(client, "$/progress", [](const json& p) { return p["value"].value("message", "") == "run 2/3"; });
  seen(client, "$/progress", [](const json& p) {
    return p["value"]["kind"] == "end" && p["value"]["message"] == "reproduces 3/3 (consistent): graph_break";
  });
  json table = execute(client, "pt2bb.listJobs", json::object());
  bool listed = false;
  for (const auto& j : table["result"])
    if (j["kind"] == "reproduce" && j["state"] == "succeeded") listed = true;
  CHECK(listed);
}

TEST_CASE("reports open with window/showDocument when the client supports it") {
  NoCondaEnv no_env;
  Workspace ws("showdoc");
  const std::string script = ws.copy_fixture("graph_break_repro.py");
  TestClient client;
  client.initialize(init_params(ws, job_settings(ws, {{"condaEnv", "pt2"}}), {{"window", {{"showDocument", {{"support", true}}}}}}));
  json r = execute(client, "pt2bb.inspectArtifacts", {{"uri", TestClient::uri(script)}});
  REQUIRE(r.contains("result"));
  // The request may come just before or just after the command's reply.
  auto is_show = [](const json& m) { return m.value("method", "") == "window/showDocument"; };
  std::optional<json> shown;
  for (const auto& m : client.received())
    if (is_show(m)) shown = m;
  if (!shown) shown = client.wait_message(is_show, 10000);
  REQUIRE(shown);
  CHECK((*shown)["params"]["uri"] == TestClient::uri(r["result"]["report"]));
  CHECK(read_file(r["result"]["report"])->find("fx_graph_readable.py") != std::string::npos);
}

TEST_CASE("collect logs publishes the graph break on the user's line") {
  NoCondaEnv no_env;
  Workspace ws("logs");
  const std::string script = ws.copy_fixture("graph_break_repro.py");
  TestClient client;
  client.initialize(init_params(ws, job_settings(ws, {{"condaEnv", "pt2"}})));
  client.open(script, *read_file(script));
  json r = execute(client, "pt2bb.collectLogs", {{"uri", TestClient::uri(script)}, {"category", "graph_break"}});
  REQUIRE(r.contains("result"));
  json diags = seen(client, "textDocument/publishDiagnostics", [&](const json& p) {
    if (p["uri"] != TestClient::uri(script)) return false;
    for (const auto& d : p["diagnostics"])
      if (d.value("code", "") == "job.graph_break") return true;
    return false;
  });
  bool on_line = false;
  for (const auto& d : diags["diagnostics"])
    if (d.value("code", "") == "job.graph_break" && d["range"]["start"]["line"] == branch_line(*read_file(script))) on_line = true;
  CHECK(on_line);
}

TEST_CASE("code lenses: Reproduce on each test method, the steps atop a repro script") {
  Workspace ws("lens");
  TestClient client;
  client.initialize(init_params(ws, json::object()));
  const std::string test_file = ws.write("test/test_ops.py",
                                         "import torch\nfrom torch.testing._internal.common_utils import TestCase, run_tests\n\n"
                                         "class OpsTests(TestCase):\n    def test_add(self):\n        pass\n\n"
                                         "    def helper(self):\n        pass\n\n    def test_mul(self):\n        pass\n\n"
                                         "if __name__ == \"__main__\":\n    run_tests()\n");
  client.open(test_file, *read_file(test_file));
  json lenses = client.request("textDocument/codeLens", {{"textDocument", {{"uri", TestClient::uri(test_file)}}}})["result"];
  std::vector<std::string> got;
  for (const auto& l : lenses) {
    if (l["command"]["command"] != "pt2bb.reproduce") continue;
    got.push_back(std::to_string(l["range"]["start"]["line"].get<int>()) + ":" +
                  l["command"]["arguments"][0]["testClass"].get<std::string>() + "." +
                  l["command"]["arguments"][0]["testName"].get<std::string>());
  }
  CHECK(got == std::vector<std::string>{"4:OpsTests.test_add", "10:OpsTests.test_mul"});

  const std::string script = ws.write("repro.py", "import torch\n\nx = torch.randn(4)\n");
  client.open(script, *read_file(script));
  lenses = client.request("textDocument/codeLens", {{"textDocument", {{"uri", TestClient::uri(script)}}}})["result"];
  std::vector<std::string> commands;
  for (const auto& l : lenses) commands.push_back(l["command"]["command"]);
  CHECK(commands == std::vector<std::string>{"pt2bb.reproduce", "pt2bb.collectLogs", "pt2bb.inspectArtifacts", "pt2bb.minimize"});
  // The other steps are code actions on a test method.
  json actions = client.code_actions(test_file, range(5, 0, 5, 0));
  std::vector<std::string> titles;
  for (const auto& a : actions)
    if (a["title"].get<std::string>().rfind("pt2bb: ", 0) == 0) titles.push_back(a["title"]);
  CHECK(titles == std::vector<std::string>{"pt2bb: Collect logs for test_add", "pt2bb: Inspect artifacts for test_add",
                                           "pt2bb: Validate on main for test_add", "pt2bb: Verify for test_add"});
}

TEST_CASE("$/cancelRequest cancels the job and its process group") {
  NoCondaEnv no_env;
  Workspace ws("cancel");
  const std::string script = sleeper(ws);
  TestClient client;
  client.initialize(init_params(ws, job_settings(ws, {{"condaEnv", "pt2"}})));
  client.send_raw(protocol::encode_frame(json{{"jsonrpc", "2.0"},
                                              {"id", "cancel-me"},
                                              {"method", "workspace/executeCommand"},
                                              {"params", {{"command", "pt2bb.reproduce"},
                                                          {"arguments", json::array({{{"uri", TestClient::uri(script)}}})}}}}
                                             .dump()));
  const int pid = wait_pid_file(ws);
  client.notify("$/cancelRequest", {{"id", "cancel-me"}});
  auto reply = client.wait_message([](const json& m) { return m.value("id", json()) == "cancel-me"; }, 10000);
  REQUIRE(reply);
  CHECK((*reply)["error"]["code"] == -32800);
  CHECK(process_gone(pid));
}

TEST_CASE("shutdown kills running jobs") {
  NoCondaEnv no_env;
  Workspace ws("shutdown");
  const std::string script = sleeper(ws);
  auto client = std::make_unique<TestClient>();
  client->initialize(init_params(ws, job_settings(ws, {{"pythonPath", "python3"}, {"jobEnv", {{"PYTHONPATH", (fixtures() / "fake_torch").string()}, {"XDG_CACHE_HOME", (ws.root() / "cache").string()}}}})));
  client->send_raw(protocol::encode_frame(json{{"jsonrpc", "2.0"},
                                               {"id", "long"},
                                               {"method", "workspace/executeCommand"},
                                               {"params", {{"command", "pt2bb.reproduce"},
                                                           {"arguments", json::array({{{"uri", TestClient::uri(script)}}})}}}}
                                              .dump()));
  const int pid = wait_pid_file(ws);
  const auto start = std::chrono::steady_clock::now();
  client->request("shutdown", nullptr);
  client->notify("exit", nullptr);
  CHECK(client->wait_exit(10000) == 0);
  CHECK(std::chrono::steady_clock::now() - start < 8s);
  CHECK(process_gone(pid));
}

TEST_CASE("an untrusted workspace starts no process") {
  NoCondaEnv no_env;
  Workspace ws("untrusted");
  const std::string script = ws.copy_fixture("graph_break_repro.py");
  // A "python" that leaves a mark if anything ever runs it.
  const std::string marker = (ws.root() / "ran").string();
  const std::string fake_python = ws.write("bin/python", "#!/bin/sh\ntouch '" + marker + "'\nexec python3 \"$@\"\n");
  fs::permissions(fake_python, fs::perms::owner_all);
  TestClient client;
  client.initialize(init_params(ws, job_settings(ws, {{"trusted", false}, {"pythonPath", fake_python}})));
  for (const char* command : {"pt2bb.reproduce", "pt2bb.collectLogs", "pt2bb.minimize", "pt2bb.checkEnvironment"}) {
    json r = execute(client, command, {{"uri", TestClient::uri(script)}});
    REQUIRE(r.contains("error"));
    CHECK(r["error"]["code"] == -32803);
    CHECK(r["error"]["message"].get<std::string>().find("untrusted") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(marker));
  CHECK_FALSE(fs::exists(ws.root() / "graph_break_repro_min.py"));
}

TEST_CASE("bad arguments are InvalidParams, not crashes") {
  Workspace ws("args");
  TestClient client;
  client.initialize(init_params(ws, json::object()));
  json r = execute(client, "pt2bb.reproduce", json::object());
  CHECK(r["error"]["code"] == -32602);
  r = execute(client, "pt2bb.reproduce", {{"uri", TestClient::uri((ws.root() / "missing.py").string())}});
  CHECK(r["error"]["code"] == -32602);
  const std::string f = ws.write("test_a.py", "print(1)\n");
  r = execute(client, "pt2bb.verify", {{"uri", TestClient::uri(f)}});
  CHECK(r["error"]["message"] == "arguments[0].testName: this step needs a test");
  r = execute(client, "pt2bb.celebrate", {{"uri", TestClient::uri(f)}});
  CHECK(r["error"]["code"] == -32803);
  r = execute(client, "pt2bb.cancelJob", {{"jobId", 999}});
  CHECK(r["result"]["cancelled"] == false);
}
