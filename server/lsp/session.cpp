#include "lsp/session.h"

namespace pt2bb {

std::optional<std::string> Session::root_of(const std::string& path) const {
  std::optional<std::string> best;
  for (const auto& root : workspace_roots) {
    std::string prefix = root;
    if (!prefix.empty() && prefix.back() != '/') prefix.push_back('/');
    if (path.rfind(prefix, 0) == 0 && (!best || root.size() > best->size())) best = root;
  }
  return best;
}

std::string Session::relative_path(const std::string& path) const {
  auto root = root_of(path);
  if (!root) return path;
  size_t n = root->size();
  if (n < path.size() && path[n] == '/') ++n;
  return path.substr(n);
}

}  // namespace pt2bb
