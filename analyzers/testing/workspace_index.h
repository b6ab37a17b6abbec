// WorkspaceIndex: the compact summaries (CompactSummary) of a workspace's Python files, keyed by
// workspace-relative path ("test/dynamo/test_repros.py").
//
// An index is an immutable value: updating one file makes a new index that shares every other
// summary (copy of a map of shared pointers). The server keeps the current one as
// shared_ptr<const WorkspaceIndex>, swaps it on the session thread and hands it to workers, which
// may read it for as long as they hold it. Any thread may read a const index.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "testing/compact_summary.h"
#include "testing/test_summary.h"

namespace pt2bb {

class WorkspaceIndex {
public:
  using SummaryPtr = std::shared_ptr<const CompactSummary>;

  WorkspaceIndex() = default;
  explicit WorkspaceIndex(std::string root) : root_(std::move(root)) {}

  // The workspace folder the relative paths start from (may be empty in tests).
  const std::string& root() const { return root_; }
  const std::map<std::string, SummaryPtr, std::less<>>& files() const { return files_; }
  size_t size() const { return files_.size(); }

  const CompactSummary* find(std::string_view rel_path) const;
  SummaryPtr get(std::string_view rel_path) const;

  // Builders, for whoever assembles an index before publishing it.
  void put(SummaryPtr summary);  // Keyed by summary->path.
  void put(const std::shared_ptr<const FileSummary>& full);  // Stored compact.
  void remove(std::string_view rel_path);

  // A copy with one file replaced or removed; the other summaries are shared.
  std::shared_ptr<const WorkspaceIndex> with(SummaryPtr summary) const;
  std::shared_ptr<const WorkspaceIndex> with(const std::shared_ptr<const FileSummary>& full) const;
  std::shared_ptr<const WorkspaceIndex> without(std::string_view rel_path) const;

  // The files that hold test classes with tests, in path order.
  std::vector<const CompactSummary*> test_files() const;
  // Summed memory_bytes() of every summary (for the benchmark's memory budget).
  size_t memory_bytes() const;

private:
  std::string root_;
  std::map<std::string, SummaryPtr, std::less<>> files_;
};

}  // namespace pt2bb
