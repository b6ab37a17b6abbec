// WorkDoneProgress: one `window/workDoneProgress` bar for one piece of background work.
//
//   auto progress = WorkDoneProgress::begin(server, "Triage", /*cancellable=*/true);
//   progress->report("parsing", 40);                 // any thread
//   if (progress->token().cancelled()) ...           // the user pressed cancel
//   progress->end("3 findings");                     // any thread; also on destruction
//
// Uses the client's token (workDoneToken from the request) when given, else creates one with
// window/workDoneProgress/create when the client supports progress; otherwise every call is a
// no-op, so callers never check. `window/workDoneProgress/cancel` cancels the token.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/cancel.h"
#include "protocol/jsonrpc.h"

namespace pt2bb {

class LanguageServer;

class WorkDoneProgress {
public:
  // Session thread only.
  static std::shared_ptr<WorkDoneProgress> begin(LanguageServer& server, const std::string& title, bool cancellable,
                                                 std::optional<protocol::json> client_token = std::nullopt,
                                                 CancelToken cancel = CancelToken());
  ~WorkDoneProgress();

  void report(const std::string& message, std::optional<int> percentage = std::nullopt);
  void end(const std::string& message = "");
  const CancelToken& token() const { return cancel_; }

private:
  WorkDoneProgress(LanguageServer& server, protocol::json token, CancelToken cancel, bool enabled);
  void send(const protocol::json& value);

  LanguageServer& server_;
  protocol::json token_;
  CancelToken cancel_;
  bool enabled_;
  std::mutex mutex_;
  bool ended_ = false;
};

}  // namespace pt2bb
