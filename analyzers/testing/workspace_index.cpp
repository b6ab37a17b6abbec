#include "testing/workspace_index.h"

namespace pt2bb {

const CompactSummary* WorkspaceIndex::find(std::string_view rel_path) const {
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

void WorkspaceIndex::put(const std::shared_ptr<const FileSummary>& full) {
  if (full) put(std::make_shared<const CompactSummary>(compact_summary(*full)));
}

std::shared_ptr<const WorkspaceIndex> WorkspaceIndex::with(const std::shared_ptr<const FileSummary>& full) const {
  return with(std::make_shared<const CompactSummary>(compact_summary(*full)));
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

std::vector<const CompactSummary*> WorkspaceIndex::test_files() const {
  std::vector<const CompactSummary*> out;
  for (const auto& [path, s] : files_) {
    for (const auto& c : s->classes) {
      if (c.test_count > 0 && s->is_test_class(c)) {
        out.push_back(s.get());
        break;
      }
    }
  }
  return out;
}

size_t WorkspaceIndex::memory_bytes() const {
  size_t total = 0;
  // A map node: three pointers, colour, the key and the shared pointer (glibc rounding included).
  for (const auto& [path, s] : files_)
    total += s->memory_bytes() + 96 + (path.capacity() > 15 ? ((path.capacity() + 1 + 8 + 15) / 16) * 16 : 0);
  return total;
}

}  // namespace pt2bb
