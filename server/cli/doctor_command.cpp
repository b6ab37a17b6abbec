// `pt2bb doctor [--python PY] [--conda-env ENV]`: the environment check of the workflow on the
// command line. Says which Python the jobs would use, whether PyTorch imports there (and its
// version), whether git and conda are available (with conda's environments) and where the
// cache is. Exit code 0 when PyTorch imports, 1 otherwise.
#include <iostream>

#include "cli/cli.h"
#include "jobs/cache_dir.h"
#include "jobs/python_env.h"

namespace pt2bb {
namespace {

struct DoctorOptions {
  std::string python;
  std::string conda_env;
};

int run_doctor(const DoctorOptions& opts) {
  const Environment env = current_environment();
  const auto path = env.count("PATH") ? env.at("PATH") : std::string();
  auto py = configured_python({opts.python, opts.conda_env}, env);
  if (!py) py = system_python(env);
  const CancelToken none;
  std::cout << "Python:      ";
  int code = kExitFindings;
  if (!py) {
    std::cout << "not found (no python3 or python on PATH; use --python or --conda-env)\n";
  } else {
    std::cout << py->name << "\n";
    const TorchProbe probe = probe_torch(*py, env, "/", none);
    if (!probe.python_version.empty()) std::cout << "             Python " << probe.python_version << "\n";
    if (probe.ok) {
      std::cout << "PyTorch:     " << probe.version << "\n";
      code = kExitOk;
    } else {
      std::cout << "PyTorch:     does not import\n             " << refusal_message(*py, probe) << "\n";
    }
  }
  const auto git = find_executable("git", path);
  std::cout << "git:         " << (git ? *git : "not found on PATH (validate on main and celebrate need it)") << "\n";
  const auto conda = find_executable("conda", path);
  std::cout << "conda:       " << (conda ? *conda : "not found on PATH") << "\n";
  if (conda) {
    const CondaEnvs envs = conda_environments(env, none);
    if (!envs.error.empty()) {
      std::cout << "             " << envs.error << "\n";
    } else {
      std::cout << "             environments:";
      for (const auto& n : envs.names) std::cout << " " << n;
      std::cout << "\n";
    }
  }
  std::cout << "Cache:       " << cache_directory(env) << "\n";
  return code;
}

}  // namespace

void install_doctor_command(CLI::App& app, CliContext& ctx) {
  auto opts = std::make_shared<DoctorOptions>();
  CLI::App* cmd = app.add_subcommand("doctor", "Check the Python environment the workflow jobs use (PyTorch, git, conda)");
  cmd->add_option("--python", opts->python, "The Python interpreter to check");
  cmd->add_option("--conda-env", opts->conda_env, "Check this conda environment (through `conda run -n ENV`)");
  cmd->callback([&ctx, opts] { ctx.exit_code = run_doctor(*opts); });
}

}  // namespace pt2bb
