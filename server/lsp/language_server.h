// LanguageServer: the LSP shell. Decodes messages, dispatches them through one method table,
// enforces the lifecycle (initialize first, shutdown, exit), and gives features what they need:
// the session state, a worker pool, typed-ish outgoing messages and cancellation.
//
// Threading: every method runs on the session thread (the io_context given to the
// constructor), except notify(), send_request() and run_on_worker(), which any thread may call.
// Features register in bind_methods() (language_server.cpp), one line each.
//
// Handler signatures: notifications are void(const json& params); requests are
// void(const json& params, ReplyOnce& reply): answer through `reply`, or move it into the work that
// will answer later. A handler that throws answers an error (requests) or logs (notifications);
// the server keeps serving.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include "core/cancel.h"
#include "lsp/features.h"
#include "lsp/reply.h"
#include "lsp/session.h"
#include "protocol/transport.h"
#include "protocol/types.h"

namespace pt2bb {

class DiagnosticsPublisher;
class WorkspaceService;

struct ServerOptions {
  // Worker threads for analyses; 0 runs them inline on the session thread (deterministic tests).
  unsigned worker_threads = 2;
  // Delay between the last edit and the analysis it triggers.
  std::chrono::milliseconds debounce{75};
  std::optional<std::string> knowledge_dir;
  std::optional<std::string> torch_root;
  std::optional<Lang> lang;  // Overrides the client's locale.
};

class LanguageServer : public protocol::MessageHandler {
public:
  using json = protocol::json;
  using RequestHandler = std::function<void(const json& params, ReplyOnce& reply)>;
  using NotificationHandler = std::function<void(const json& params)>;

  LanguageServer(boost::asio::io_context& io, protocol::Transport& transport, ServerOptions options);
  ~LanguageServer() override;

  // protocol::MessageHandler
  void on_message(protocol::Message message) override;
  void on_frame_error(const protocol::FrameError& error) override;
  void on_eof(bool mid_message) override;

  // 0 after shutdown then exit, 1 for exit without shutdown or a vanished client.
  int exit_code() const { return exit_code_; }
  bool exited() const { return exited_; }

  // ---- For features ----
  void on_request(std::string method, RequestHandler handler);
  void on_notification(std::string method, NotificationHandler handler);
  void notify(std::string_view method, const json& params);
  void send_request(std::string_view method, const json& params,
                    std::function<void(const protocol::Response&)> on_response = {});
  // Runs `work` on the pool (or inline with 0 threads); `done` runs back on the session thread.
  void run_on_worker(std::function<void()> work);
  void post_to_session(std::function<void()> fn);

  Session& session() { return session_; }
  const ServerOptions& options() const { return options_; }
  boost::asio::io_context& io() { return io_; }
  DiagnosticsPublisher& diagnostics() { return *diagnostics_; }
  // The workspace index and open documents' baselines (server/workspace/).
  WorkspaceService& workspace() { return *workspace_; }
  // The cancellation token of an open request (a fresh, uncancelled one when unknown).
  CancelToken cancel_token(const protocol::RequestId& id) const;

  FeatureRegistry& features() { return features_; }

  // The initialize result's capabilities; features add to it in bind_methods().
  json& capabilities() { return capabilities_; }

  // Called when the server stops (exit or EOF); features stop their jobs here.
  void on_stop(std::function<void()> fn) { stop_hooks_.push_back(std::move(fn)); }

private:
  void bind_methods();
  void handle_request(protocol::Request request);
  void handle_notification(const protocol::Notification& note);
  void on_initialize(const json& params, ReplyOnce& reply);
  void stop(int code);

  boost::asio::io_context& io_;
  protocol::Transport& transport_;
  ServerOptions options_;
  std::unique_ptr<boost::asio::thread_pool> pool_;
  Session session_;
  std::unique_ptr<DiagnosticsPublisher> diagnostics_;
  std::unique_ptr<WorkspaceService> workspace_;
  json capabilities_ = json::object();
  FeatureRegistry features_;

  std::unordered_map<std::string, RequestHandler> requests_;
  std::unordered_map<std::string, NotificationHandler> notifications_;
  std::map<std::string, CancelToken> open_requests_;  // By id_to_string(id).
  std::map<std::string, std::function<void(const protocol::Response&)>> outgoing_;
  int64_t next_outgoing_id_ = 1;
  std::vector<std::function<void()>> stop_hooks_;

  enum class State { Uninitialized, Running, ShutDown } state_ = State::Uninitialized;
  bool exited_ = false;
  int exit_code_ = 1;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

// Feature installers, each in its own file. Called from bind_methods().
void install_lifecycle_extras(LanguageServer& server);
void install_text_sync(LanguageServer& server);
void install_progress(LanguageServer& server);
void install_jobs(LanguageServer& server);  // lsp/jobs_feature.cpp
void install_triage_feature(LanguageServer& server);  // lsp/triage_feature.cpp
void install_workspace_index(LanguageServer& server);  // workspace/workspace_service.cpp
void install_testing_feature(LanguageServer& server);  // lsp/testing_feature.cpp
void install_hover_feature(LanguageServer& server);    // lsp/hover_feature.cpp

}  // namespace pt2bb
