// Session: the mutable state of one LSP connection (client capabilities, negotiated encoding,
// workspace folders, settings, open documents).
//
// Owned by LanguageServer and touched only on the session (io_context) thread. Workers never
// see it: they get DocumentSnapshots.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/lang.h"
#include "protocol/types.h"
#include "syntax/document.h"

namespace pt2bb {

struct OpenDocument {
  std::string uri;
  std::string path;  // Filesystem path, or the URI itself when it is not a file URI.
  std::string language_id;
  int64_t version = 0;
  std::unique_ptr<Document> doc;
};

struct Session {
  protocol::ClientCapabilities client;
  std::string client_name;
  PositionEncoding encoding = PositionEncoding::Utf16;
  Lang lang = Lang::En;
  std::vector<std::string> workspace_roots;  // Filesystem paths.
  // Untrusted workspace (VS Code's restricted mode): the server starts no processes.
  bool trusted = true;
  // initializationOptions and later workspace/didChangeConfiguration settings, merged.
  protocol::json settings = protocol::json::object();
  std::map<std::string, OpenDocument> documents;  // By URI.

  OpenDocument* find(const std::string& uri) {
    auto it = documents.find(uri);
    return it == documents.end() ? nullptr : &it->second;
  }

  // The workspace-relative form of `path`, or `path` when it lies in no workspace folder.
  std::string relative_path(const std::string& path) const;
  // The workspace folder containing `path` (longest match), if any.
  std::optional<std::string> root_of(const std::string& path) const;
};

}  // namespace pt2bb
