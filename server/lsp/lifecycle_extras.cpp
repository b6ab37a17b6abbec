// workspace/didChangeConfiguration and other small session-level notifications.
#include <spdlog/spdlog.h>

#include "lsp/language_server.h"

namespace pt2bb {

void install_lifecycle_extras(LanguageServer& server) {
  server.on_notification("workspace/didChangeConfiguration", [&server](const protocol::json& params) {
    // Clients send {"settings": {...}} (VS Code nests ours under "pt2bb"). No reply is needed,
    // and clients without workspace/configuration work too.
    if (!params.is_object() || !params.contains("settings") || !params["settings"].is_object()) return;
    const auto& settings = params["settings"];
    const auto& ours = settings.contains("pt2bb") && settings["pt2bb"].is_object() ? settings["pt2bb"] : settings;
    server.session().settings.update(ours);
    spdlog::debug("settings updated: {}", server.session().settings.dump());
  });
}

}  // namespace pt2bb
