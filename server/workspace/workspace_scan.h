// Building a WorkspaceIndex from disk: which Python files a workspace has (`git ls-files` in a
// git repository, else a walk that skips hidden and generated folders), filtered by include /
// exclude globs, then read and summarized one by one with one parser (summarize_python_fast:
// the outline fast path, tree-sitter where it cannot vouch).
//
// Blocking and single-threaded: call from a worker thread or the CLI. The CancelToken is
// polled per file.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/cancel.h"
#include "testing/workspace_index.h"

namespace pt2bb {

struct ScanOptions {
  std::vector<std::string> include = {"**/*.py"};
  std::vector<std::string> exclude = {"third_party/**", "build/**", "**/node_modules/**"};
  size_t max_file_bytes = size_t(16) << 20;  // Generated giants are skipped, not summarized.
};

// Glob match on '/'-separated relative paths: `*` and `?` stay within one folder, `**` spans any.
bool glob_match(std::string_view pattern, std::string_view path);

// The workspace's Python files, relative to `root`, sorted. `used_git` tells which way was used.
// `allow_git` false walks even in a repository (an untrusted workspace runs no process).
std::vector<std::string> list_python_files(const std::string& root, const ScanOptions& options,
                                           bool* used_git = nullptr, bool allow_git = true);

struct IndexStats {
  size_t files = 0;
  size_t bytes = 0;
  size_t skipped = 0;  // Unreadable or over max_file_bytes.
  size_t outlined = 0;  // Summarized by the outline fast path (the others by a full parse).
};

// Reads and summarizes `files` (relative to `root`). `progress(done, total)` is called every few
// files from the calling thread. Returns null when cancelled.
std::shared_ptr<WorkspaceIndex> index_files(const std::string& root, const std::vector<std::string>& files,
                                            const ScanOptions& options, const CancelToken& cancel = CancelToken(),
                                            const std::function<void(size_t, size_t)>& progress = {},
                                            IndexStats* stats = nullptr);

}  // namespace pt2bb
