// file:// URIs <-> filesystem paths, with percent-encoding as VS Code and Neovim write them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pt2bb {

// "file:///home/a%20b/x.py" -> "/home/a b/x.py". Not a file URI: nullopt.
std::optional<std::string> path_from_uri(std::string_view uri);
// "/home/a b/x.py" -> "file:///home/a%20b/x.py".
std::string uri_from_path(std::string_view path);

}  // namespace pt2bb
