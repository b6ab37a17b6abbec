#include "lsp/progress.h"

#include <map>

#include "lsp/language_server.h"

namespace pt2bb {
namespace {

// Live progress tokens -> their cancellation, for window/workDoneProgress/cancel.
// Session thread only.
std::map<std::string, CancelToken>& live_tokens() {
  static std::map<std::string, CancelToken> tokens;
  return tokens;
}

int64_t next_token_id = 1;

}  // namespace

void install_progress(LanguageServer& server) {
  server.on_notification("window/workDoneProgress/cancel", [](const protocol::json& params) {
    if (!params.is_object() || !params.contains("token")) return;
    if (auto it = live_tokens().find(params["token"].dump()); it != live_tokens().end()) it->second.cancel();
  });
}

WorkDoneProgress::WorkDoneProgress(LanguageServer& server, protocol::json token, CancelToken cancel, bool enabled)
    : server_(server), token_(std::move(token)), cancel_(std::move(cancel)), enabled_(enabled) {}

std::shared_ptr<WorkDoneProgress> WorkDoneProgress::begin(LanguageServer& server, const std::string& title,
                                                          bool cancellable,
                                                          std::optional<protocol::json> client_token,
                                                          CancelToken cancel) {
  const bool supported = server.session().client.workDoneProgress;
  protocol::json token = client_token ? *client_token : protocol::json("pt2bb-progress-" + std::to_string(next_token_id++));
  const bool enabled = client_token.has_value() || supported;
  std::shared_ptr<WorkDoneProgress> p(new WorkDoneProgress(server, token, std::move(cancel), enabled));
  if (!enabled) return p;
  live_tokens()[token.dump()] = p->cancel_;
  if (!client_token) server.send_request("window/workDoneProgress/create", {{"token", token}});
  p->send({{"kind", "begin"}, {"title", title}, {"cancellable", cancellable}});
  return p;
}

WorkDoneProgress::~WorkDoneProgress() { end(); }

void WorkDoneProgress::send(const protocol::json& value) {
  // Posted so that begin/report/end keep their order behind the create request.
  LanguageServer* server = &server_;
  server->post_to_session([server, token = token_, value] {
    server->notify("$/progress", {{"token", token}, {"value", value}});
  });
}

void WorkDoneProgress::report(const std::string& message, std::optional<int> percentage) {
  std::lock_guard lock(mutex_);
  if (!enabled_ || ended_) return;
  protocol::json v = {{"kind", "report"}, {"message", message}};
  if (percentage) v["percentage"] = std::clamp(*percentage, 0, 100);
  send(v);
}

void WorkDoneProgress::end(const std::string& message) {
  std::lock_guard lock(mutex_);
  if (!enabled_ || ended_) return;
  ended_ = true;
  protocol::json v = {{"kind", "end"}};
  if (!message.empty()) v["message"] = message;
  send(v);
  LanguageServer* server = &server_;
  server->post_to_session([key = token_.dump()] { live_tokens().erase(key); });
}

}  // namespace pt2bb
