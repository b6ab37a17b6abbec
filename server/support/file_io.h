// Small file helpers used by the CLI and the server (never by analyzers, which are handed text).
#pragma once

#include <optional>
#include <string>

namespace pt2bb {

// The whole file, or nullopt when it cannot be read. Reads with large read() calls.
std::optional<std::string> read_file(const std::string& path);
// Writes atomically (temp file + rename). False on failure.
bool write_file(const std::string& path, const std::string& content);

}  // namespace pt2bb
