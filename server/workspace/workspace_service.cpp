#include "workspace/workspace_service.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "lsp/diagnostics_publisher.h"
#include "lsp/language_server.h"
#include "lsp/progress.h"
#include "support/file_io.h"
#include "support/uri.h"
#include "syntax/tree.h"
#include "testing/fast_summary.h"
#include "workspace/git.h"

namespace pt2bb {

WorkspaceService::WorkspaceService(LanguageServer& server) : server_(server) {}
WorkspaceService::~WorkspaceService() { *alive_ = false; }

void WorkspaceService::when_ready(std::function<void()> fn) {
  if (ready_) fn();
  else waiting_.push_back(std::move(fn));
}

ScanOptions WorkspaceService::scan_options() const {
  ScanOptions o;
  const auto& settings = server_.session().settings;
  auto globs = [](const protocol::json& j, std::vector<std::string>& out) {
    if (!j.is_array()) return;
    out.clear();
    for (const auto& g : j)
      if (g.is_string()) out.push_back(g.get<std::string>());
  };
  if (auto it = settings.find("index"); it != settings.end() && it->is_object()) {
    if (auto inc = it->find("include"); inc != it->end()) globs(*inc, o.include);
    if (auto exc = it->find("exclude"); exc != it->end()) globs(*exc, o.exclude);
  }
  return o;
}

const WorkspaceService::Folder* WorkspaceService::folder_of(const std::string& path) const {
  const Folder* best = nullptr;
  for (const auto& f : folders_) {
    const std::string prefix = f.root == "/" ? f.root : f.root + "/";
    if (path.rfind(prefix, 0) == 0 && (!best || f.root.size() > best->root.size())) best = &f;
  }
  return best;
}

WorkspaceService::Folder* WorkspaceService::folder_of(const std::string& path) {
  return const_cast<Folder*>(std::as_const(*this).folder_of(path));
}

std::optional<std::string> WorkspaceService::relative(const std::string& path) const {
  const Folder* f = folder_of(path);
  if (!f) return std::nullopt;
  return path.substr(f->root == "/" ? 1 : f->root.size() + 1);
}

std::string WorkspaceService::root_for(const std::string& path) const {
  if (const Folder* f = folder_of(path)) return f->root;
  return folders_.empty() ? std::string() : folders_.front().root;
}

std::shared_ptr<const WorkspaceIndex> WorkspaceService::index_for(const std::string& path) const {
  if (const Folder* f = folder_of(path)) return f->index;
  return folders_.empty() ? std::make_shared<const WorkspaceIndex>() : folders_.front().index;
}

void WorkspaceService::start_indexing() {
  if (started_) return;
  started_ = true;
  for (std::string root : server_.session().workspace_roots) {
    while (root.size() > 1 && root.back() == '/') root.pop_back();
    bool seen = false;
    for (const auto& f : folders_) seen = seen || f.root == root;
    if (seen || root.empty()) continue;
    Folder folder;
    folder.root = root;
    folder.index = std::make_shared<WorkspaceIndex>(root);
    folders_.push_back(std::move(folder));
  }
  pending_folders_ = folders_.size();
  if (folders_.empty()) {
    folder_indexed();
    return;
  }
  for (size_t i = 0; i < folders_.size(); ++i) index_folder(i);
}

// Called once per folder whose first indexing ended (and once when there is none).
void WorkspaceService::folder_indexed() {
  if (pending_folders_ > 0) --pending_folders_;
  if (pending_folders_ > 0 || ready_) return;
  ready_ = true;
  auto waiting = std::move(waiting_);
  waiting_.clear();
  for (auto& fn : waiting) fn();
}

void WorkspaceService::index_folder(size_t folder) {
  const std::string root = folders_[folder].root;
  auto progress = WorkDoneProgress::begin(server_, folders_.size() > 1 ? "pt2bb: indexing tests in " + root
                                                                        : std::string("pt2bb: indexing tests"),
                                          /*cancellable=*/true);
  const ScanOptions options = scan_options();
  const bool trusted = server_.session().trusted;
  std::weak_ptr<bool> alive = alive_;
  server_.run_on_worker([this, alive, progress, options, trusted, root, folder] {
    const auto t0 = std::chrono::steady_clock::now();
    bool used_git = false;
    // An untrusted workspace gets no processes: walk it instead of asking git.
    const std::vector<std::string> files = list_python_files(root, options, &used_git, trusted);
    IndexStats stats;
    auto built = index_files(root, files, options, progress->token(),
                             [&](size_t done, size_t total) {
                               progress->report(std::to_string(done) + "/" + std::to_string(total) + " files",
                                                total ? static_cast<int>(done * 100 / total) : 100);
                             },
                             &stats);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress->end(built ? std::to_string(stats.files) + " files indexed" : "cancelled");
    spdlog::info("indexed {} Python files ({} MB, {} by the outline fast path) of {} in {:.2f} s ({})", stats.files,
                 stats.bytes >> 20, stats.outlined, root, secs, used_git ? "git ls-files" : "walk");
    std::shared_ptr<const WorkspaceIndex> result = std::move(built);
    server_.post_to_session([this, alive, result, folder] {
      if (auto a = alive.lock(); !a || !*a || stopped_) return;
      if (result) {
        // Open documents were summarized from their current text while we indexed the disk.
        Folder& f = folders_[folder];
        auto merged = std::make_shared<WorkspaceIndex>(*result);
        for (const auto& [rel, s] : f.open_summaries) merged->put(s);
        f.index = std::move(merged);
      }
      folder_indexed();
    });
  });
}

void WorkspaceService::update(const std::string& path, std::shared_ptr<const FileSummary> summary) {
  Folder* f = summary ? folder_of(path) : nullptr;
  if (!f) return;
  f->open_summaries[summary->path] = summary;
  f->index = f->index->with(summary);
}

void WorkspaceService::file_changed_on_disk(const std::string& path, bool deleted) {
  Folder* f = folder_of(path);
  if (!f || !path.ends_with(".py")) return;
  const std::string rel = *relative(path);
  if (f->open_summaries.count(rel)) return;  // The editor's text wins over the disk.
  bool selected = false;
  const ScanOptions options = scan_options();
  for (const auto& g : options.include) selected = selected || glob_match(g, rel);
  for (const auto& g : options.exclude) selected = selected && !glob_match(g, rel);
  if (!selected) return;
  if (deleted) {
    f->index = f->index->without(rel);
    return;
  }
  std::weak_ptr<bool> alive = alive_;
  server_.run_on_worker([this, alive, path, rel] {
    auto text = read_file(path);
    if (!text) return;
    auto parser = make_python_parser();
    auto summary = std::make_shared<const FileSummary>(summarize_python_fast(rel, *text, parser.get()));
    server_.post_to_session([this, alive, path, summary] {
      if (auto a = alive.lock(); !a || !*a || stopped_) return;
      Folder* f = folder_of(path);
      if (!f || f->open_summaries.count(summary->path)) return;
      f->index = f->index->with(summary);
    });
  });
}

std::shared_ptr<const std::string> WorkspaceService::head_text(const std::string& uri) const {
  auto it = heads_.find(uri);
  return it == heads_.end() ? nullptr : it->second;
}

void WorkspaceService::document_opened(const OpenDocument& doc) {
  if (!(doc.path.ends_with(".py") || doc.language_id == "python")) return;
  heads_.erase(doc.uri);
  auto baseline = doc.doc->shared_text();
  const std::string uri = doc.uri, path = doc.path;
  if (!server_.session().trusted || path == uri) {
    heads_[uri] = baseline;
    return;
  }
  std::weak_ptr<bool> alive = alive_;
  server_.run_on_worker([this, alive, uri, path, baseline] {
    auto head = git_head_text(path);
    auto text = head ? std::make_shared<const std::string>(std::move(*head)) : baseline;
    server_.post_to_session([this, alive, uri, text] {
      if (auto a = alive.lock(); !a || !*a || stopped_) return;
      if (!server_.session().find(uri)) return;
      heads_[uri] = text;
      // The analysis that ran without a baseline could not tell new tests: run it again.
      server_.diagnostics().document_changed(uri);
    });
  });
}

void WorkspaceService::document_closed(const std::string& uri) {
  heads_.erase(uri);
  // Back to the disk's version of the file in the index.
  if (auto path = path_from_uri(uri)) {
    Folder* f = folder_of(*path);
    if (f && f->open_summaries.erase(*relative(*path))) file_changed_on_disk(*path, false);
  }
}

void install_workspace_index(LanguageServer& server) {
  server.on_notification("initialized", [&server](const protocol::json&) {
    server.workspace().start_indexing();
    // Hear about Python files changed outside the editor (git checkout, another tool).
    if (server.session().client.didChangeWatchedFilesDynamic) {
      protocol::json watcher = {{"globPattern", "**/*.py"}};
      server.send_request("client/registerCapability",
                          {{"registrations",
                            {{{"id", "pt2bb-python-files"},
                              {"method", "workspace/didChangeWatchedFiles"},
                              {"registerOptions", {{"watchers", {watcher}}}}}}}});
    }
  });
  server.on_notification("workspace/didChangeWatchedFiles", [&server](const protocol::json& params) {
    if (!params.is_object() || !params.contains("changes") || !params["changes"].is_array()) return;
    for (const auto& change : params["changes"]) {
      if (!change.is_object() || !change.contains("uri") || !change["uri"].is_string()) continue;
      auto path = path_from_uri(change["uri"].get<std::string>());
      if (!path) continue;
      server.workspace().file_changed_on_disk(*path, change.value("type", 2) == 3);
    }
  });
  server.features().document_opened.push_back(
      [](LanguageServer& s, const OpenDocument& doc) { s.workspace().document_opened(doc); });
  server.features().document_closed.push_back(
      [](LanguageServer& s, const std::string& uri) { s.workspace().document_closed(uri); });
  server.on_stop([&server] { server.workspace().stop(); });
}

}  // namespace pt2bb
