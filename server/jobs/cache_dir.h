// Where pt2bb writes reports, worktrees and debug folders: $XDG_CACHE_HOME/pt2bb, else
// ~/.cache/pt2bb, else a per-user folder under the temp dir. Nothing else outside the
// workspace is ever written. Any thread.
#pragma once

#include <string>

#include "jobs/process_runner.h"

namespace pt2bb {

std::string cache_directory(const Environment& env);

}  // namespace pt2bb
