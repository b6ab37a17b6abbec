#include "lsp/language_server.h"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "lsp/diagnostics_publisher.h"
#include "workspace/workspace_service.h"
#include "support/uri.h"

namespace pt2bb {
namespace asio = boost::asio;
using protocol::ErrorCode;
using protocol::json;

LanguageServer::LanguageServer(asio::io_context& io, protocol::Transport& transport, ServerOptions options)
    : io_(io), transport_(transport), options_(std::move(options)) {
  if (options_.worker_threads > 0) pool_ = std::make_unique<asio::thread_pool>(options_.worker_threads);
  diagnostics_ = std::make_unique<DiagnosticsPublisher>(*this);
  workspace_ = std::make_unique<WorkspaceService>(*this);
  bind_methods();
}

LanguageServer::~LanguageServer() {
  *alive_ = false;
  if (pool_) pool_->join();
}

// One line per method; the features' own installers add theirs.
void LanguageServer::bind_methods() {
  // clang-format off
  on_request("initialize",       [this](const json& p, ReplyOnce& r) { on_initialize(p, r); });
  on_request("shutdown",         [this](const json&, ReplyOnce& r) { state_ = State::ShutDown; r.result(nullptr); });
  on_notification("initialized", [](const json&) {});
  on_notification("exit",        [this](const json&) { stop(state_ == State::ShutDown ? 0 : 1); });
  on_notification("$/setTrace",  [](const json& p) { spdlog::debug("client trace level: {}", p.value("value", "")); });
  on_notification("$/cancelRequest", [this](const json& p) {
    if (!p.is_object() || !p.contains("id")) return;
    const json& id = p["id"];
    const std::string key = id.is_string() ? "\"" + id.get<std::string>() + "\"" : id.dump();
    if (auto it = open_requests_.find(key); it != open_requests_.end()) it->second.cancel();
  });
  install_text_sync(*this);
  install_lifecycle_extras(*this);
  install_progress(*this);
  install_hover(*this);
  install_code_actions(*this);
  install_code_lens(*this);
  install_commands(*this);
  install_jobs(*this);
  install_triage_feature(*this);
  install_workspace_index(*this);
  install_testing_feature(*this);
  install_hover_feature(*this);
  // clang-format on
}

void LanguageServer::on_request(std::string method, RequestHandler handler) {
  requests_[std::move(method)] = std::move(handler);
}

void LanguageServer::on_notification(std::string method, NotificationHandler handler) {
  notifications_[std::move(method)] = std::move(handler);
}

void LanguageServer::notify(std::string_view method, const json& params) {
  spdlog::trace(">>> {} {}", method, params.dump());
  transport_.send(protocol::encode_notification(method, params));
}

void LanguageServer::send_request(std::string_view method, const json& params,
                                  std::function<void(const protocol::Response&)> on_response) {
  post_to_session([this, method = std::string(method), params, on_response = std::move(on_response)]() mutable {
    const int64_t id = next_outgoing_id_++;
    if (on_response) outgoing_["pt2bb-" + std::to_string(id)] = std::move(on_response);
    transport_.send(protocol::encode_request(protocol::RequestId("pt2bb-" + std::to_string(id)), method, params));
  });
}

void LanguageServer::run_on_worker(std::function<void()> work) {
  if (!pool_) {
    work();
    return;
  }
  asio::post(*pool_, [work = std::move(work)] {
    try {
      work();
    } catch (const std::exception& e) {
      spdlog::error("background work failed: {}", e.what());
    }
  });
}

void LanguageServer::post_to_session(std::function<void()> fn) {
  std::weak_ptr<bool> alive = alive_;
  asio::post(io_, [alive, fn = std::move(fn)] {
    if (auto a = alive.lock(); a && *a) fn();
  });
}

CancelToken LanguageServer::cancel_token(const protocol::RequestId& id) const {
  auto it = open_requests_.find(protocol::id_to_string(id));
  return it == open_requests_.end() ? CancelToken() : it->second;
}

void LanguageServer::on_message(protocol::Message message) {
  if (exited_) return;
  std::visit(
      [this](auto&& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, protocol::Request>) {
          handle_request(std::move(m));
        } else if constexpr (std::is_same_v<T, protocol::Notification>) {
          handle_notification(m);
        } else if constexpr (std::is_same_v<T, protocol::Response>) {
          const std::string key = std::holds_alternative<std::string>(m.id) ? std::get<std::string>(m.id) : "";
          if (auto it = outgoing_.find(key); it != outgoing_.end()) {
            auto callback = std::move(it->second);
            outgoing_.erase(it);
            callback(m);
          }
        } else {
          spdlog::warn("bad message: {}", m.error.message);
          transport_.send(protocol::encode_error(m.id, m.error));
        }
      },
      std::move(message));
}

void LanguageServer::handle_request(protocol::Request request) {
  spdlog::debug("<-- {}({})", request.method, protocol::id_to_string(request.id));
  spdlog::trace("<<< {}", request.params.dump());
  const std::string key = protocol::id_to_string(request.id);
  std::weak_ptr<bool> alive = alive_;
  ReplyOnce reply(request.id, request.method, [this, alive, key](std::string body) {
    // A job may answer after the server is gone (shutdown with work in flight): drop it then.
    auto live = alive.lock();
    if (!live || !*live) return;
    transport_.send(std::move(body));
    // The reply may come from a worker: forget the request on the session thread.
    std::weak_ptr<bool> a = alive;
    asio::post(io_, [this, a, key] {
      if (auto p = a.lock(); p && *p) open_requests_.erase(key);
    });
  });
  if (state_ == State::Uninitialized && request.method != "initialize") {
    reply.error(ErrorCode::ServerNotInitialized, "the server has not been initialized");
    return;
  }
  if (state_ != State::Uninitialized && request.method == "initialize") {
    reply.error(ErrorCode::InvalidRequest, "initialize may be sent only once");
    return;
  }
  if (state_ == State::ShutDown && request.method != "shutdown") {
    reply.error(ErrorCode::InvalidRequest, "the server is shutting down");
    return;
  }
  auto it = requests_.find(request.method);
  if (it == requests_.end()) {
    reply.error(ErrorCode::MethodNotFound, "unknown method " + request.method);
    return;
  }
  open_requests_[key] = CancelToken();
  // The handler answers through `reply` or moves it into later work. If it throws while it still
  // holds the reply, the exception becomes the answer.
  try {
    it->second(request.params, reply);
  } catch (const protocol::RpcError& e) {
    if (reply.held()) reply.error(e.code, e.what());
  } catch (const std::exception& e) {
    spdlog::error("{} failed: {}", request.method, e.what());
    if (reply.held()) reply.error(ErrorCode::InternalError, std::string("internal error: ") + e.what());
  }
}

void LanguageServer::handle_notification(const protocol::Notification& note) {
  spdlog::debug("<-- {}", note.method);
  spdlog::trace("<<< {}", note.params.dump());
  auto it = notifications_.find(note.method);
  if (it == notifications_.end()) {
    if (note.method.rfind("$/", 0) != 0) spdlog::info("ignored unknown notification {}", note.method);
    return;
  }
  if (state_ == State::Uninitialized && note.method != "exit") {
    spdlog::warn("ignored {} before initialize", note.method);
    return;
  }
  try {
    it->second(note.params);
  } catch (const std::exception& e) {
    // Notifications get no reply: log and keep serving.
    spdlog::error("{} failed: {}", note.method, e.what());
  }
}

void LanguageServer::on_frame_error(const protocol::FrameError& error) {
  spdlog::error("unreadable message from the client: {}", error.message);
}

void LanguageServer::on_eof(bool mid_message) {
  if (exited_) return;
  if (mid_message) spdlog::warn("the client closed the connection in the middle of a message");
  else spdlog::info("the client closed the connection");
  stop(state_ == State::ShutDown ? 0 : 1);
}

void LanguageServer::stop(int code) {
  if (exited_) return;
  exited_ = true;
  exit_code_ = code;
  for (auto& hook : stop_hooks_) hook();
  diagnostics_->stop();
  transport_.close();
}

void LanguageServer::on_initialize(const json& params, ReplyOnce& reply) {
  auto init = protocol::parse_params<protocol::InitializeParams>(params);
  session_.client = init.capabilities;
  session_.client_name = init.clientName.value_or("");
  // Prefer UTF-8 (no conversion) when the client offers it; UTF-16 is the LSP default.
  std::string encoding = "utf-16";
  for (const auto& e : init.capabilities.positionEncodings) {
    if (e == "utf-8") encoding = "utf-8";
  }
  session_.encoding = encoding == "utf-8" ? PositionEncoding::Utf8 : PositionEncoding::Utf16;
  session_.lang = options_.lang.value_or(lang_from_locale(init.locale.value_or("en")));
  if (init.workspaceFolders) {
    for (const auto& f : *init.workspaceFolders)
      if (auto p = path_from_uri(f.uri)) session_.workspace_roots.push_back(*p);
  }
  if (session_.workspace_roots.empty() && init.rootUri) {
    if (auto p = path_from_uri(*init.rootUri)) session_.workspace_roots.push_back(*p);
  }
  if (session_.workspace_roots.empty() && init.rootPath) session_.workspace_roots.push_back(*init.rootPath);
  if (init.initializationOptions && init.initializationOptions->is_object()) {
    session_.settings.update(*init.initializationOptions);
    if (auto t = session_.settings.find("trusted"); t != session_.settings.end() && t->is_boolean())
      session_.trusted = t->get<bool>();
    if (auto l = session_.settings.find("language"); l != session_.settings.end() && l->is_string() &&
                                                     !l->get<std::string>().empty() && !options_.lang)
      session_.lang = lang_from_locale(l->get<std::string>());
  }
  state_ = State::Running;
  spdlog::info("initialized for {} (encoding {}, {} workspace folder(s))",
               session_.client_name.empty() ? "an unnamed client" : session_.client_name, encoding,
               session_.workspace_roots.size());
  json caps = capabilities_;
  caps["positionEncoding"] = encoding;
  if (!features_.commands.empty()) {
    json names = json::array();
    for (const auto& [name, handler] : features_.commands) names.push_back(name);
    caps["executeCommandProvider"] = {{"commands", names}};
  }
  caps["textDocumentSync"] = {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}};
  reply.result({{"capabilities", caps}, {"serverInfo", {{"name", "pt2bb"}, {"version", PT2BB_VERSION}}}});
}

}  // namespace pt2bb
