#include "workspace/workspace_scan.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>

#include "support/file_io.h"
#include "support/source_files.h"
#include "syntax/tree.h"
#include "testing/fast_summary.h"
#include "workspace/git.h"

namespace pt2bb {
namespace fs = std::filesystem;

bool glob_match(std::string_view pattern, std::string_view path) {
  if (pattern.empty()) return path.empty();
  if (pattern.substr(0, 2) == "**") {
    std::string_view rest = pattern.substr(2);
    if (!rest.empty() && rest.front() == '/') {
      // "**/x" matches "x" and "a/b/x".
      rest.remove_prefix(1);
      if (glob_match(rest, path)) return true;
      for (size_t i = 0; i < path.size(); ++i)
        if (path[i] == '/' && glob_match(rest, path.substr(i + 1))) return true;
      return false;
    }
    for (size_t i = 0; i <= path.size(); ++i)
      if (glob_match(rest, path.substr(i))) return true;
    return false;
  }
  if (pattern.front() == '*') {
    for (size_t i = 0; i <= path.size(); ++i) {
      if (glob_match(pattern.substr(1), path.substr(i))) return true;
      if (i < path.size() && path[i] == '/') break;
    }
    return false;
  }
  if (path.empty()) return false;
  if (pattern.front() == '?' ? path.front() != '/' : pattern.front() == path.front())
    return glob_match(pattern.substr(1), path.substr(1));
  return false;
}

namespace {

// The whole file into `buffer` (its capacity is kept from one file to the next).
bool read_into(const std::string& path, std::string& buffer) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  buffer.clear();
  size_t used = 0;
  for (;;) {
    if (buffer.size() < used + 65536) buffer.resize(std::max(used + 65536, buffer.size() * 2));
    const ssize_t n = ::read(fd, buffer.data() + used, buffer.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  ::close(fd);
  buffer.resize(used);
  return true;
}

bool selected(const std::string& rel, const ScanOptions& o) {
  bool in = false;
  for (const auto& g : o.include) in = in || glob_match(g, rel);
  if (!in) return false;
  for (const auto& g : o.exclude)
    if (glob_match(g, rel)) return false;
  return true;
}

}  // namespace

std::vector<std::string> list_python_files(const std::string& root, const ScanOptions& options, bool* used_git,
                                           bool allow_git) {
  std::vector<std::string> out;
  if (used_git) *used_git = false;
  // In a repository, git knows what is tracked and what is ignored.
  if (allow_git && git_toplevel(root)) {
    if (auto listed = run_git(root, {"ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.py"})) {
      if (used_git) *used_git = true;
      size_t pos = 0;
      while (pos < listed->size()) {
        size_t end = listed->find('\0', pos);
        if (end == std::string::npos) end = listed->size();
        std::string rel = listed->substr(pos, end - pos);
        pos = end + 1;
        if (!rel.empty() && selected(rel, options)) out.push_back(std::move(rel));
      }
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      return out;
    }
  }
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (it->is_directory(ec)) {
      if (is_skipped_folder(name)) it.disable_recursion_pending();
      continue;
    }
    if (it->path().extension() != ".py" || !it->is_regular_file(ec)) continue;
    std::string rel = fs::relative(it->path(), root, ec).generic_string();
    if (!ec && selected(rel, options)) out.push_back(std::move(rel));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::shared_ptr<WorkspaceIndex> index_files(const std::string& root, const std::vector<std::string>& files,
                                            const ScanOptions& options, const CancelToken& cancel,
                                            const std::function<void(size_t, size_t)>& progress, IndexStats* stats) {
  auto index = std::make_shared<WorkspaceIndex>(root);
  auto parser = make_python_parser();
  IndexStats local;
  // One buffer for every file: the summaries kept then sit together on the heap instead of
  // between the holes that freed texts would leave.
  std::string buffer;
  for (size_t i = 0; i < files.size(); ++i) {
    if (cancel.cancelled()) return nullptr;
    if (progress && (i % 64 == 0)) progress(i, files.size());
    const std::string path = root.empty() ? files[i] : root + "/" + files[i];
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec || size > options.max_file_bytes) {
      ++local.skipped;
      continue;
    }
    if (!read_into(path, buffer)) {
      ++local.skipped;
      continue;
    }
    // Unopened files take the outline fast path (tree-sitter on the main guard, or on the whole
    // file when the outline cannot vouch for it).
    bool outlined = false;
    const FileSummary full = summarize_python_fast(files[i], buffer, parser.get(), &outlined);
    local.outlined += outlined;
    index->put(std::make_shared<const CompactSummary>(compact_summary(full)));
    ++local.files;
    local.bytes += buffer.size();
  }
  if (progress) progress(files.size(), files.size());
  if (stats) *stats = local;
  return index;
}

}  // namespace pt2bb
