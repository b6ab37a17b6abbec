// WorkspaceService: the server's workspace index and the baselines ("head text") of open
// documents, for the testing features.
//
// - On `initialized`, indexes the workspace's Python files on a worker (git ls-files, else a
//   walk; globs from settings `index.include` / `index.exclude`), with a WorkDoneProgress bar.
// - The index is an immutable snapshot (shared_ptr<const WorkspaceIndex>) swapped on the session
//   thread; workers get a copy of the pointer and read it without locks.
// - Open documents update it from their own analysis (update()); other files from
//   workspace/didChangeWatchedFiles.
// - Per open document, `git show HEAD:<path>` is read once on a worker; without git (or for an
//   untracked file, or in an untrusted workspace) the baseline is the text the document had when
//   it was opened, so "new test" means "added in this editing session".
//
// Session thread only (the workers it starts post their results back).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "testing/workspace_index.h"
#include "workspace/workspace_scan.h"

namespace pt2bb {

class LanguageServer;
struct OpenDocument;

class WorkspaceService {
public:
  explicit WorkspaceService(LanguageServer& server);
  ~WorkspaceService();

  // The current snapshot (never null; empty until the first indexing finishes).
  std::shared_ptr<const WorkspaceIndex> index() const { return index_; }
  bool ready() const { return ready_; }
  // Runs `fn` once the first indexing has finished (at once if it has).
  void when_ready(std::function<void()> fn);

  void start_indexing();
  // A fresh summary of an open document (from its analysis on a worker).
  void update(std::shared_ptr<const FileSummary> summary);
  void file_changed_on_disk(const std::string& path, bool deleted);

  // The document's baseline, or null while it is being read.
  std::shared_ptr<const std::string> head_text(const std::string& uri) const;
  void document_opened(const OpenDocument& doc);
  void document_closed(const std::string& uri);

  // The workspace-relative path of an absolute one, when it lies in the indexed root.
  std::optional<std::string> relative(const std::string& path) const;
  const std::string& root() const { return root_; }
  void stop() { stopped_ = true; }

private:
  ScanOptions scan_options() const;

  LanguageServer& server_;
  std::string root_;
  std::shared_ptr<const WorkspaceIndex> index_ = std::make_shared<WorkspaceIndex>();
  std::map<std::string, std::shared_ptr<const FileSummary>> open_summaries_;  // By relative path.
  std::map<std::string, std::shared_ptr<const std::string>> heads_;            // By URI.
  std::vector<std::function<void()>> waiting_;
  bool ready_ = false;
  bool started_ = false;
  bool stopped_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

void install_workspace_index(LanguageServer& server);

}  // namespace pt2bb
