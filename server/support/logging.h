// Logging set-up: spdlog to stderr (or a file), never stdout, which carries the protocol.
// Call configure_logging() first thing in main(), before anything logs.
#pragma once

#include <string>

namespace pt2bb {

// level: trace, debug, info, warn, error, off. Throws std::runtime_error on a bad level or an
// unopenable file.
void configure_logging(const std::string& level, const std::string& file);

}  // namespace pt2bb
