// In-process LSP test harness: the real LanguageServer on its own thread, talking through real
// pipes and the real framing to a scripted client on the test's thread.
//
//   TestClient client;                         // starts the server
//   client.initialize();
//   client.open("/ws/a.py", "def f(:\n");
//   auto diags = client.wait_diagnostics("/ws/a.py");
//
// Server-to-client requests (e.g. window/workDoneProgress/create) are answered with null.
// When $PT2BB_LSP_TRACE names a file, every message the server sends is appended to it as one
// JSON line {"method", "params"} or {"reply_to", "result"}; the lsp.meta_model test validates
// them all against the LSP meta model.
// Every call blocks with a timeout (REQUIRE fails when it expires): a hang is a test failure,
// never a stuck test run.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <map>
#include <thread>

#include <nlohmann/json.hpp>

#include "lsp/language_server.h"

namespace pt2bb::test {

using json = nlohmann::json;

ServerOptions test_options();

// An LSP range, 0-based lines and characters.
inline json range(int l1, int c1, int l2, int c2) {
  return {{"start", {{"line", l1}, {"character", c1}}}, {"end", {{"line", l2}, {"character", c2}}}};
}

class TestClient {
public:
  // `configure` runs on the server thread before it starts reading (register test handlers).
  explicit TestClient(ServerOptions options = test_options(),
                      std::function<void(LanguageServer&)> configure = {});
  ~TestClient();

  // Sends a request and waits for its response (the whole message: result or error).
  json request(const std::string& method, const json& params, int timeout_ms = 5000);
  void notify(const std::string& method, const json& params);
  void send_raw(const std::string& bytes);
  // Closes the client's writing end (the server sees EOF).
  void close_input();

  json initialize(json params = json::object());
  // textDocument/codeAction on `path` at `range` with these diagnostics in its context; returns
  // the actions (REQUIRE fails on an error reply).
  json code_actions(const std::string& path, const json& range, const json& diagnostics = json::array());
  void open(const std::string& path, const std::string& text, int64_t version = 1,
            const std::string& language = "python");
  void change(const std::string& path, int64_t version, const json& content_changes);
  // Waits for a publishDiagnostics for `path` matching `pred` (default: any).
  json wait_diagnostics(const std::string& path, std::function<bool(const json&)> pred = {},
                        int timeout_ms = 5000);
  // Waits for any server notification with `method` matching `pred`.
  json wait_notification(const std::string& method, std::function<bool(const json&)> pred = {},
                         int timeout_ms = 5000);
  // Waits for any message matching `pred` (responses, errors, notifications).
  std::optional<json> wait_message(std::function<bool(const json&)> pred, int timeout_ms = 5000) {
    return wait_for(std::move(pred), timeout_ms);
  }
  // Waits for the server thread to end; returns the server's exit code, or nullopt on timeout.
  std::optional<int> wait_exit(int timeout_ms = 5000);

  // Answers the server's own requests (default: a null result), e.g. a showMessageRequest
  // choice. Runs on the reader thread.
  void set_request_handler(std::function<json(const json& request)> fn) {
    std::lock_guard lock(mutex_);
    request_handler_ = std::move(fn);
  }

  // Every message received so far, in order.
  std::vector<json> received();
  static std::string uri(const std::string& path);

private:
  void read_loop();
  void record(const json& msg);  // Appends to $PT2BB_LSP_TRACE (caller holds mutex_).
  std::optional<json> wait_for(std::function<bool(const json&)> pred, int timeout_ms);

  int to_server_[2] = {-1, -1};
  int from_server_[2] = {-1, -1};
  std::thread server_thread_;
  std::thread reader_thread_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<json> messages_;
  size_t consumed_ = 0;
  int64_t next_id_ = 1;
  std::optional<int> exit_code_;
  std::function<json(const json&)> request_handler_;
  std::map<int64_t, std::string> sent_methods_;  // Request id -> method, to label replies.
  bool input_closed_ = false;
};

}  // namespace pt2bb::test
