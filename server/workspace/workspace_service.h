// WorkspaceService: the server's workspace indexes and the baselines ("head text") of open
// documents, for the testing features.
//
// - On `initialized`, indexes the Python files of every workspace folder on a worker (git
//   ls-files, else a walk; globs from settings `index.include` / `index.exclude`), one
//   WorkDoneProgress bar per folder. Each folder has its own index, keyed by paths relative to
//   that folder; a file belongs to the innermost folder that contains it.
// - Each index is an immutable snapshot (shared_ptr<const WorkspaceIndex>) swapped on the session
//   thread; workers get a copy of the pointer and read it without locks.
// - Open documents update their folder's index from their own analysis (update()); other files
//   from workspace/didChangeWatchedFiles.
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

  // The current index of the folder that holds `path` (an absolute path); with no folder holding
  // it, the first folder's. Never null: empty until that folder's first indexing finishes.
  std::shared_ptr<const WorkspaceIndex> index_for(const std::string& path) const;
  // Every folder has been indexed once.
  bool ready() const { return ready_; }
  // Runs `fn` once the first indexing has finished (at once if it has).
  void when_ready(std::function<void()> fn);

  void start_indexing();
  // A fresh summary of the open document at `path` (from its analysis on a worker).
  void update(const std::string& path, std::shared_ptr<const FileSummary> summary);
  void file_changed_on_disk(const std::string& path, bool deleted);

  // The document's baseline, or null while it is being read.
  std::shared_ptr<const std::string> head_text(const std::string& uri) const;
  void document_opened(const OpenDocument& doc);
  void document_closed(const std::string& uri);

  // The path of an absolute one relative to the innermost indexed folder holding it.
  std::optional<std::string> relative(const std::string& path) const;
  // The indexed folder holding `path` (innermost), else the first folder; empty with no folder.
  std::string root_for(const std::string& path) const;
  void stop() { stopped_ = true; }

private:
  struct Folder {
    std::string root;  // No trailing '/'.
    std::shared_ptr<const WorkspaceIndex> index = std::make_shared<WorkspaceIndex>();
    std::map<std::string, std::shared_ptr<const FileSummary>> open_summaries;  // By relative path.
  };

  ScanOptions scan_options() const;
  Folder* folder_of(const std::string& path);
  const Folder* folder_of(const std::string& path) const;
  void index_folder(size_t folder);
  void folder_indexed();

  LanguageServer& server_;
  std::vector<Folder> folders_;
  size_t pending_folders_ = 0;
  std::map<std::string, std::shared_ptr<const std::string>> heads_;  // By URI.
  std::vector<std::function<void()>> waiting_;
  bool ready_ = false;
  bool started_ = false;
  bool stopped_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

void install_workspace_index(LanguageServer& server);

}  // namespace pt2bb
