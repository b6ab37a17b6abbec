#include "support/source_files.h"

#include <algorithm>
#include <filesystem>

namespace pt2bb {
namespace fs = std::filesystem;

bool is_skipped_folder(const std::string& name) {
  static const char* const skipped[] = {"node_modules", "__pycache__", "build", "dist", "site-packages",
                                        "venv", "third_party"};
  if (!name.empty() && name[0] == '.') return true;
  return std::find(std::begin(skipped), std::end(skipped), name) != std::end(skipped);
}

SourceFiles collect_python_files(const std::vector<std::string>& paths) {
  SourceFiles out;
  for (const auto& p : paths) {
    std::error_code ec;
    const auto status = fs::status(p, ec);
    if (ec || !fs::exists(status)) {
      out.missing.push_back(p);
      continue;
    }
    if (!fs::is_directory(status)) {
      out.files.push_back(p);
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(p, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      const auto name = it->path().filename().string();
      if (it->is_directory(ec)) {
        if (is_skipped_folder(name)) it.disable_recursion_pending();
        continue;
      }
      if (it->path().extension() == ".py" && it->is_regular_file(ec)) found.push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    out.files.insert(out.files.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace pt2bb
