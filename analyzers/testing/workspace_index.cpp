#include "testing/workspace_index.h"

namespace pt2bb {

const FileSummary* WorkspaceIndex::find(std::string_view rel_path) const {
  auto it = files_.find(rel_path);
  return it == files_.end() ? nullptr : it->second.get();
}

WorkspaceIndex::SummaryPtr WorkspaceIndex::get(std::string_view rel_path) const {
  auto it = files_.find(rel_path);
  return it == files_.end() ? nullptr : it->second;
}

void WorkspaceIndex::put(SummaryPtr summary) {
  if (!summary) return;
  std::string key = summary->path;
  files_.insert_or_assign(std::move(key), std::move(summary));
}

void WorkspaceIndex::remove(std::string_view rel_path) {
  if (auto it = files_.find(rel_path); it != files_.end()) files_.erase(it);
}

std::shared_ptr<const WorkspaceIndex> WorkspaceIndex::with(SummaryPtr summary) const {
  auto copy = std::make_shared<WorkspaceIndex>(*this);
  copy->put(std::move(summary));
  return copy;
}

std::shared_ptr<const WorkspaceIndex> WorkspaceIndex::without(std::string_view rel_path) const {
  auto copy = std::make_shared<WorkspaceIndex>(*this);
  copy->remove(rel_path);
  return copy;
}

std::vector<const FileSummary*> WorkspaceIndex::test_files() const {
  std::vector<const FileSummary*> out;
  for (const auto& [path, s] : files_) {
    for (const auto& c : s->classes) {
      if (!c.tests.empty() && is_test_class(c)) {
        out.push_back(s.get());
        break;
      }
    }
  }
  return out;
}

size_t WorkspaceIndex::memory_bytes() const {
  size_t total = 0;
  for (const auto& [path, s] : files_) total += s->memory_bytes() + path.capacity() + 64;
  return total;
}

}  // namespace pt2bb
