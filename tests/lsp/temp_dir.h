// TempDir: a throwaway folder for one test (a workspace, a cache), unique to the process and the
// object, removed with everything in it when the test ends. Test thread only.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "support/file_io.h"

namespace pt2bb::test {

class TempDir {
public:
  explicit TempDir(const std::string& tag) {
    static std::atomic<int> serial = 0;
    const auto base = std::filesystem::temp_directory_path() /
                      ("pt2bb_" + tag + "_" + std::to_string(::getpid()) + "_" + std::to_string(serial++));
    std::filesystem::remove_all(base);
    std::filesystem::create_directories(base);
    root_ = std::filesystem::canonical(base);  // Servers report canonical paths (no /tmp symlink).
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& root() const { return root_; }
  std::string path(const std::string& rel) const { return (root_ / rel).string(); }
  // Writes `text` to `rel`, creating its folders; returns the absolute path.
  std::string write(const std::string& rel, const std::string& text) const {
    std::filesystem::create_directories((root_ / rel).parent_path());
    write_file(path(rel), text);
    return path(rel);
  }

private:
  std::filesystem::path root_;
};

}  // namespace pt2bb::test
