// Helpers for the job tests: a StepContext running the machine's python3 (with the fake torch
// package on PYTHONPATH when asked), a scratch folder per test, and the fixture paths.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

#include "jobs/steps.h"
#include "support/file_io.h"

namespace pt2bb::test {

inline std::filesystem::path jobs_fixtures() { return std::filesystem::path(PT2BB_SOURCE_DIR) / "tests/fixtures/jobs"; }

// A fresh, empty folder under the temp dir, removed by the destructor.
struct Scratch {
  std::filesystem::path dir;
  explicit Scratch(const std::string& name) {
    dir = std::filesystem::temp_directory_path() / ("pt2bb-jobs-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    dir = std::filesystem::canonical(dir);
  }
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string path(const std::string& rel) const { return (dir / rel).string(); }
  std::string write(const std::string& rel, const std::string& text) const {
    std::filesystem::create_directories((dir / rel).parent_path());
    write_file(path(rel), text);
    return path(rel);
  }
};

inline const TriageKnowledge& test_knowledge() {
  static const TriageKnowledge kb = [] {
    std::string error;
    auto k = TriageKnowledge::load_embedded(&error);
    if (!k) throw std::runtime_error(error);
    return *k;
  }();
  return kb;
}

// Owns what a StepContext points to.
struct StepHarness {
  CancelToken cancel;
  std::vector<std::string> progress;
  JobControl job;
  StepContext ctx;
  StepHarness(const std::string& cache_dir, bool fake_torch = true, unsigned parallel = 2)
      : job(1, cancel, [this](const std::string& m, std::optional<int>) { progress.push_back(m); }, parallel) {
    ctx.job = &job;
    ctx.python = *system_python(current_environment());
    ctx.env = current_environment();
    if (fake_torch) ctx.env["PYTHONPATH"] = (jobs_fixtures() / "fake_torch").string();
    ctx.cache_dir = cache_dir;
    ctx.timeout = std::chrono::seconds(60);
    ctx.knowledge = &test_knowledge();
  }
};

}  // namespace pt2bb::test
