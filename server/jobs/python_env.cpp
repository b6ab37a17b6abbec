#include "jobs/python_env.h"

#include <nlohmann/json.hpp>

namespace pt2bb {
namespace {

std::string path_of(const Environment& env) {
  auto it = env.find("PATH");
  return it == env.end() ? "" : it->second;
}

std::string last_line(const std::string& text) {
  size_t end = text.find_last_not_of(" \r\n\t");
  if (end == std::string::npos) return "";
  size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start == std::string::npos ? 0 : start + 1));
}

}  // namespace

std::optional<PythonEnv> configured_python(const PythonEnvSettings& settings, const Environment& env) {
  if (!settings.python_path.empty()) {
    return PythonEnv{{settings.python_path},
                     "python at " + settings.python_path,
                     "set pt2bb.pythonPath to a Python that has PyTorch"};
  }
  if (!settings.conda_env.empty()) {
    return PythonEnv{{"conda", "run", "--no-capture-output", "-n", settings.conda_env, "python"},
                     "conda env " + settings.conda_env,
                     "install PyTorch in it (conda activate " + settings.conda_env +
                         ") or choose another env with pt2bb.condaEnv"};
  }
  if (auto it = env.find("CONDA_DEFAULT_ENV"); it != env.end() && !it->second.empty()) {
    auto py = find_executable("python", path_of(env));
    if (!py) py = find_executable("python3", path_of(env));
    if (py)
      return PythonEnv{{*py}, "conda env " + it->second + " (active)",
                       "conda activate <an env with PyTorch> before starting the editor, or set pt2bb.condaEnv"};
  }
  return std::nullopt;
}

std::optional<PythonEnv> system_python(const Environment& env) {
  for (const char* name : {"python3", "python"}) {
    if (auto py = find_executable(name, path_of(env)))
      return PythonEnv{{*py}, std::string(name) + " on PATH (" + *py + ")",
                       "activate an environment with PyTorch, or set pt2bb.pythonPath or pt2bb.condaEnv"};
  }
  return std::nullopt;
}

CondaEnvs conda_environments(const Environment& env, const CancelToken& cancel) {
  CondaEnvs out;
  ProcessSpec spec;
  spec.argv = {"conda", "env", "list", "--json"};
  spec.cwd = "/";
  spec.env = env;
  spec.timeout = std::chrono::seconds(60);
  ProcessResult r = run_process(spec, cancel);
  if (!r.succeeded()) {
    out.error = r.started() ? "`conda env list --json` failed (" + r.describe() + "): " + last_line(r.combined())
                            : r.error;
    return out;
  }
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("envs") || !j["envs"].is_array()) {
    out.error = "`conda env list --json` printed no environment list";
    return out;
  }
  bool first = true;
  for (const auto& e : j["envs"]) {
    if (!e.is_string()) continue;
    const std::string path = e.get<std::string>();
    const size_t slash = path.find_last_of('/');
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::string parent = slash == std::string::npos ? "" : path.substr(0, slash);
    const bool in_envs = parent.size() >= 5 && parent.compare(parent.size() - 5, 5, "/envs") == 0;
    out.names.push_back(in_envs ? base : first ? "base" : path);
    out.paths.push_back(path);
    first = false;
  }
  return out;
}

TorchProbe probe_torch(const PythonEnv& py, const Environment& env, const std::string& cwd, const CancelToken& cancel) {
  TorchProbe probe;
  ProcessSpec spec;
  spec.argv = py.launcher;
  spec.argv.insert(spec.argv.end(),
                   {"-c", "import sys; print(sys.version.split()[0]); import torch; print(torch.__version__)"});
  spec.cwd = cwd;
  spec.env = env;
  spec.timeout = std::chrono::seconds(180);  // A cold `import torch` on a network FS is slow.
  ProcessResult r = run_process(spec, cancel);
  if (!r.started()) {
    probe.error = r.error;
    return probe;
  }
  const std::string first = r.out.substr(0, r.out.find('\n'));
  if (!first.empty() && std::isdigit(static_cast<unsigned char>(first[0]))) probe.python_version = first;
  if (!r.succeeded()) {
    probe.error = r.timed_out || r.cancelled ? r.describe() : last_line(r.err.empty() ? r.out : r.err);
    if (probe.error.empty()) probe.error = r.describe();
    return probe;
  }
  probe.version = last_line(r.out);
  probe.ok = !probe.version.empty();
  if (!probe.ok) probe.error = "torch printed no version";
  return probe;
}

std::string refusal_message(const PythonEnv& py, const TorchProbe& probe) {
  return "PyTorch does not import in " + py.name + " (" + probe.error + "): " + py.activate_hint + ".";
}

}  // namespace pt2bb
