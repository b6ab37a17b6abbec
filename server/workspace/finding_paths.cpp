#include "workspace/finding_paths.h"

namespace pt2bb {

void resolve_finding_paths(std::vector<Finding>& findings, const std::string& doc_path, const std::string& rel,
                           const std::string& root) {
  auto resolve = [&](std::string& p) {
    if (p.empty() || p == rel) {
      if (!p.empty()) p = doc_path;
      return;
    }
    if (p.front() != '/' && !root.empty() && p.find("://") == std::string::npos) p = root + "/" + p;
  };
  for (auto& f : findings) {
    resolve(f.path);
    for (auto& r : f.related) resolve(r.path);
    for (auto& fix : f.fixes)
      for (auto& e : fix.edits) resolve(e.path);
  }
}

}  // namespace pt2bb
