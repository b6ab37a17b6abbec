#include "jobs/cache_dir.h"

#include <unistd.h>

#include <filesystem>

namespace pt2bb {

std::string cache_directory(const Environment& env) {
  if (auto it = env.find("XDG_CACHE_HOME"); it != env.end() && !it->second.empty() && it->second[0] == '/')
    return it->second + "/pt2bb";
  if (auto it = env.find("HOME"); it != env.end() && !it->second.empty() && it->second[0] == '/')
    return it->second + "/.cache/pt2bb";
  return (std::filesystem::temp_directory_path() / ("pt2bb-" + std::to_string(::getuid()))).string();
}

}  // namespace pt2bb
