// FileContext: everything a per-file analyzer may look at. Built by the caller (CLI or server);
// analyzers only read it and return findings.
#pragma once

#include <optional>
#include <string_view>
#include <tree_sitter/api.h>

#include "core/finding.h"
#include "core/lang.h"
#include "syntax/line_index.h"

namespace pt2bb {

class WorkspaceIndex;  // analyzers/testing: summaries of the workspace's Python files.

struct FileContext {
  std::string_view path;  // Workspace-relative when a workspace is known, else as given.
  std::string_view text;
  const TSTree* tree = nullptr;
  const LineIndex* lines = nullptr;
  // The file's text at git HEAD, when the caller could read it: analyzers that flag only *new*
  // code compare against it. Absent: no git, or the file is untracked.
  std::optional<std::string_view> head_text;
  const WorkspaceIndex* workspace = nullptr;
  Lang lang = Lang::En;
};

}  // namespace pt2bb
