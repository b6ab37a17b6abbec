#include "support/knowledge_dir.h"

#include <algorithm>
#include <filesystem>

#include "support/file_io.h"

namespace pt2bb {

std::optional<std::vector<std::pair<std::string, std::string>>> read_knowledge_dir(
    const std::string& dir, const std::vector<std::string_view>& prefixes, std::string* error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    if (error) *error = "--knowledge-dir " + dir + ": not a folder";
    return std::nullopt;
  }
  std::vector<std::pair<std::string, std::string>> contents;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const bool wanted = std::any_of(prefixes.begin(), prefixes.end(), [&](std::string_view p) { return name.starts_with(p); });
    if (!name.ends_with(".json") || !wanted) continue;
    auto text = read_file(entry.path().string());
    if (!text) {
      if (error) *error = entry.path().string() + ": cannot read";
      return std::nullopt;
    }
    contents.emplace_back(name, std::move(*text));
  }
  std::sort(contents.begin(), contents.end());
  return contents;
}

}  // namespace pt2bb
