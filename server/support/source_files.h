// Finding the Python files under a set of paths, skipping hidden and generated folders.
#pragma once

#include <string>
#include <vector>

namespace pt2bb {

struct SourceFiles {
  std::vector<std::string> files;    // Sorted, as given (relative paths stay relative).
  std::vector<std::string> missing;  // Paths that do not exist.
};

// Files named explicitly are kept whatever their extension; folders contribute their *.py files.
SourceFiles collect_python_files(const std::vector<std::string>& paths);

// Folder names never descended into (besides hidden ones): node_modules, __pycache__, build, ...
bool is_skipped_folder(const std::string& name);

}  // namespace pt2bb
