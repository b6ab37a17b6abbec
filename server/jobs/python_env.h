// Which Python runs the workflow's jobs, and whether PyTorch imports in it.
//
// Resolution order (the first that applies):
//   1. the `pythonPath` setting: that interpreter;
//   2. the `condaEnv` setting: `conda run --no-capture-output -n ENV python`;
//   3. $CONDA_DEFAULT_ENV in the server's environment: the `python` found on PATH, named after
//      that environment;
//   4. otherwise nothing is configured: the caller may ask the user to pick a conda environment
//      (conda_environments()) or fall back to `python3`/`python` on PATH (system_python()).
//
// Thread-safety: plain functions; the probes block on a process, so they run on job threads
// or in the CLI.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/cancel.h"
#include "jobs/process_runner.h"

namespace pt2bb {

struct PythonEnv {
  std::vector<std::string> launcher;  // Prefix of every Python command ({"/usr/bin/python3"}).
  std::string name;                   // "conda env pt2", "python3 on PATH", ...
  std::string activate_hint;          // "conda activate pt2", or what to set instead.
};

struct PythonEnvSettings {
  std::string python_path;
  std::string conda_env;
};

// Steps 1-3. nullopt when nothing is configured.
std::optional<PythonEnv> configured_python(const PythonEnvSettings& settings, const Environment& env);
// `python3`, else `python`, on PATH; nullopt when neither exists.
std::optional<PythonEnv> system_python(const Environment& env);

struct CondaEnvs {
  std::string error;               // "`conda` was not found on PATH", bad JSON, ...
  std::vector<std::string> names;  // Environment names (the folder names; "base" for the root).
  std::vector<std::string> paths;  // Same order.
};
// `conda env list --json`.
CondaEnvs conda_environments(const Environment& env, const CancelToken& cancel);

struct TorchProbe {
  bool ok = false;
  std::string version;  // "2.6.0+cu124"
  std::string error;    // The last line of the failure ("ModuleNotFoundError: No module named 'torch'").
  std::string python_version;
};
// Runs `python -c "import torch; print(torch.__version__)"` in `py`.
TorchProbe probe_torch(const PythonEnv& py, const Environment& env, const std::string& cwd, const CancelToken& cancel);

// The sentence every refused job shows: which environment to activate, and how.
std::string refusal_message(const PythonEnv& py, const TorchProbe& probe);

}  // namespace pt2bb
