#include "harness.h"

#include <fcntl.h>

#include <cstdlib>
#include <fstream>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <doctest/doctest.h>

#include "protocol/framing.h"
#include "protocol/transport.h"
#include "support/uri.h"

namespace pt2bb::test {

ServerOptions test_options() {
  ServerOptions o;
  o.worker_threads = 1;
  o.debounce = std::chrono::milliseconds(5);
  return o;
}

TestClient::TestClient(ServerOptions options, std::function<void(LanguageServer&)> configure) {
  REQUIRE(::pipe2(to_server_, O_CLOEXEC) == 0);
  REQUIRE(::pipe2(from_server_, O_CLOEXEC) == 0);
  std::mutex ready_mutex;
  std::condition_variable ready_cv;
  bool ready = false;
  server_thread_ = std::thread([&, options] {
    int code = -1;
    {
      boost::asio::io_context io;
      protocol::StreamTransport transport(io, to_server_[0], from_server_[1]);
      LanguageServer server(io, transport, options);
      if (configure) configure(server);
      transport.start(server);
      {
        std::lock_guard lock(ready_mutex);
        ready = true;
      }
      ready_cv.notify_one();
      io.run();
      code = server.exit_code();
    }
    ::close(from_server_[1]);  // The reader sees EOF once the server is gone.
    std::lock_guard lock(mutex_);
    exit_code_ = code;
    cv_.notify_all();
  });
  std::unique_lock lock(ready_mutex);
  ready_cv.wait(lock, [&] { return ready; });
  reader_thread_ = std::thread([this] { read_loop(); });
}

TestClient::~TestClient() {
  if (!exit_code_) {
    if (!input_closed_) {
      // Leave politely so the server thread ends.
      notify("exit", nullptr);
      close_input();
    }
  }
  if (server_thread_.joinable()) server_thread_.join();
  if (reader_thread_.joinable()) reader_thread_.join();
  ::close(to_server_[0]);
  ::close(from_server_[0]);
}

void TestClient::record(const json& msg) {
  static const char* trace = std::getenv("PT2BB_LSP_TRACE");
  if (!trace || !msg.is_object()) return;
  json line;
  if (msg.contains("method")) {
    line = {{"method", msg["method"]}, {"params", msg.value("params", json())}};
  } else if (msg.contains("result") && msg["id"].is_number_integer()) {
    auto it = sent_methods_.find(msg["id"].get<int64_t>());
    if (it == sent_methods_.end() || it->second.rfind("test/", 0) == 0) return;
    line = {{"reply_to", it->second}, {"result", msg["result"]}};
  } else {
    return;
  }
  static std::mutex file_mutex;
  std::lock_guard lock(file_mutex);
  std::ofstream(trace, std::ios::app) << line.dump() << "\n";
}

void TestClient::read_loop() {
  protocol::FrameParser parser;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(from_server_[0], buf, sizeof buf);
    if (n <= 0) return;
    for (auto& ev : parser.feed(std::string_view(buf, static_cast<size_t>(n)))) {
      auto* body = std::get_if<std::string>(&ev);
      if (!body) continue;
      json msg = json::parse(*body, nullptr, false);
      // Answer the server's own requests so it never waits on us.
      if (msg.is_object() && msg.contains("method") && msg.contains("id")) {
        std::function<json(const json&)> handler;
        {
          std::lock_guard lock(mutex_);
          handler = request_handler_;
        }
        const json result = handler ? handler(msg) : json(nullptr);
        send_raw(protocol::encode_frame(json{{"jsonrpc", "2.0"}, {"id", msg["id"]}, {"result", result}}.dump()));
      }
      std::lock_guard lock(mutex_);
      record(msg);
      messages_.push_back(std::move(msg));
      cv_.notify_all();
    }
  }
}

void TestClient::send_raw(const std::string& bytes) {
  std::string_view rest(bytes);
  while (!rest.empty()) {
    const ssize_t n = ::write(to_server_[1], rest.data(), rest.size());
    if (n <= 0) return;
    rest.remove_prefix(static_cast<size_t>(n));
  }
}

void TestClient::close_input() {
  if (input_closed_) return;
  input_closed_ = true;
  ::close(to_server_[1]);
}

void TestClient::notify(const std::string& method, const json& params) {
  json msg = {{"jsonrpc", "2.0"}, {"method", method}};
  if (!params.is_null()) msg["params"] = params;
  send_raw(protocol::encode_frame(msg.dump()));
}

json TestClient::request(const std::string& method, const json& params, int timeout_ms) {
  const int64_t id = next_id_++;
  {
    std::lock_guard lock(mutex_);
    sent_methods_[id] = method;
  }
  json msg = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.is_null()) msg["params"] = params;
  send_raw(protocol::encode_frame(msg.dump()));
  auto reply = wait_for([id](const json& m) { return m.contains("id") && m["id"] == id && !m.contains("method"); },
                        timeout_ms);
  REQUIRE_MESSAGE(reply.has_value(), "no reply to " << method);
  return *reply;
}

std::optional<json> TestClient::wait_for(std::function<bool(const json&)> pred, int timeout_ms) {
  std::unique_lock lock(mutex_);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  size_t scanned = consumed_;
  for (;;) {
    for (; scanned < messages_.size(); ++scanned) {
      if (pred(messages_[scanned])) {
        consumed_ = scanned + 1;
        return messages_[scanned];
      }
    }
    if (cv_.wait_until(lock, deadline) == std::cv_status::timeout) {
      for (; scanned < messages_.size(); ++scanned)
        if (pred(messages_[scanned])) {
          consumed_ = scanned + 1;
          return messages_[scanned];
        }
      return std::nullopt;
    }
  }
}

json TestClient::code_actions(const std::string& path, const json& range, const json& diagnostics) {
  const json reply = request("textDocument/codeAction", {{"textDocument", {{"uri", uri(path)}}},
                                                         {"range", range},
                                                         {"context", {{"diagnostics", diagnostics}}}});
  REQUIRE_MESSAGE(reply.contains("result"), reply.dump());
  return reply["result"];
}

json TestClient::initialize(json params) {
  if (!params.contains("capabilities")) params["capabilities"] = json::object();
  if (!params.contains("processId")) params["processId"] = nullptr;
  if (!params.contains("rootUri")) params["rootUri"] = nullptr;
  json reply = request("initialize", params);
  notify("initialized", json::object());
  return reply;
}

std::string TestClient::uri(const std::string& path) { return uri_from_path(path); }

void TestClient::open(const std::string& path, const std::string& text, int64_t version, const std::string& language) {
  notify("textDocument/didOpen",
         {{"textDocument", {{"uri", uri(path)}, {"languageId", language}, {"version", version}, {"text", text}}}});
}

void TestClient::change(const std::string& path, int64_t version, const json& content_changes) {
  notify("textDocument/didChange",
         {{"textDocument", {{"uri", uri(path)}, {"version", version}}}, {"contentChanges", content_changes}});
}

json TestClient::wait_notification(const std::string& method, std::function<bool(const json&)> pred, int timeout_ms) {
  auto msg = wait_for(
      [&](const json& m) {
        return m.value("method", "") == method && !m.contains("id") && (!pred || pred(m["params"]));
      },
      timeout_ms);
  REQUIRE_MESSAGE(msg.has_value(), "no " << method << " notification arrived");
  return (*msg)["params"];
}

json TestClient::wait_diagnostics(const std::string& path, std::function<bool(const json&)> pred, int timeout_ms) {
  const std::string u = uri(path);
  return wait_notification(
      "textDocument/publishDiagnostics", [&](const json& p) { return p["uri"] == u && (!pred || pred(p)); },
      timeout_ms);
}

std::optional<int> TestClient::wait_exit(int timeout_ms) {
  std::unique_lock lock(mutex_);
  cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms), [&] { return exit_code_.has_value(); });
  return exit_code_;
}

std::vector<json> TestClient::received() {
  std::lock_guard lock(mutex_);
  return messages_;
}

}  // namespace pt2bb::test
