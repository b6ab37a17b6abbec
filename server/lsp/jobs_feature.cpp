// The debugging workflow as background jobs: commands (pt2bb.checkEnvironment, pt2bb.reproduce,
// pt2bb.collectLogs, pt2bb.inspectArtifacts, pt2bb.minimize, pt2bb.validateOnMain, pt2bb.verify,
// pt2bb.celebrate, pt2bb.cancelJob, pt2bb.listJobs), code lenses ("Reproduce" above each test
// method and at the top of a repro script), code actions for the other steps on a test, and
// the reports (window/showDocument of a Markdown file in the cache, or a `pt2bb/report`
// notification for clients without showDocument). The environment's state goes to the status
// bar through `pt2bb/status`.
//
// Threading: everything here runs on the session thread except the job bodies, which run on the
// JobEngine's workers and talk back only through post_to_session().
#include <chrono>
#include <ctime>
#include <filesystem>

#include <spdlog/fmt/fmt.h>
#include <spdlog/spdlog.h>

#include "jobs/cache_dir.h"
#include "jobs/job_engine.h"
#include "jobs/python_env.h"
#include "jobs/steps.h"
#include "lsp/diagnostics_publisher.h"
#include "lsp/features.h"
#include "lsp/language_server.h"
#include "lsp/progress.h"
#include "support/file_io.h"
#include "support/uri.h"
#include "testing/test_summary.h"

namespace pt2bb {
namespace fs = std::filesystem;
using protocol::json;

namespace {

// The settings the jobs read, snapshotted on the session thread when a job starts.
struct JobSettings {
  std::string python_path;
  std::string conda_env;
  unsigned max_concurrent = 2;
  int runs = 3;
  std::chrono::seconds timeout{600};
  std::string base = "main";
  std::map<std::string, std::string> extra_env;

  // Which environment settings an environment check was made for.
  std::string env_key() const { return python_path + "\n" + conda_env; }

  static JobSettings from(const json& s) {
    JobSettings out;
    auto str = [&](const char* key, std::string& into) {
      if (auto it = s.find(key); it != s.end() && it->is_string()) into = it->get<std::string>();
    };
    auto num = [&](const char* key, int64_t lo, int64_t hi) -> std::optional<int64_t> {
      if (auto it = s.find(key); it != s.end() && it->is_number_integer())
        return std::clamp<int64_t>(it->get<int64_t>(), lo, hi);
      return std::nullopt;
    };
    str("pythonPath", out.python_path);
    str("condaEnv", out.conda_env);
    str("validateBase", out.base);
    if (out.base.empty()) out.base = "main";
    if (auto n = num("maxConcurrentJobs", 1, 64)) out.max_concurrent = static_cast<unsigned>(*n);
    if (auto n = num("reproduceRuns", 1, 100)) out.runs = static_cast<int>(*n);
    if (auto n = num("jobTimeoutSeconds", 1, 24 * 3600)) out.timeout = std::chrono::seconds(*n);
    if (auto it = s.find("jobEnv"); it != s.end() && it->is_object())
      for (const auto& [k, v] : it->items())
        if (v.is_string()) out.extra_env[k] = v.get<std::string>();
    return out;
  }
};

struct EnvStatus {
  std::string key;  // JobSettings::env_key() it was made for.
  bool ok = false;
  std::optional<PythonEnv> python;
  TorchProbe probe;
  std::string message;  // The refusal when !ok.
};

// What the workflow remembers per test file between steps (category for Collect logs, the
// verified tests for Celebrate).
struct Memory {
  std::string category;
  std::string root_cause;
  std::vector<std::string> verified_tests;
  bool verified = false;
};

struct JobsState {
  explicit JobsState(LanguageServer& s) : server(s), engine(std::make_unique<JobEngine>(2)) {}
  LanguageServer& server;
  std::unique_ptr<JobEngine> engine;
  std::shared_ptr<const TriageKnowledge> knowledge;
  std::string knowledge_error;
  std::optional<EnvStatus> env;
  std::map<std::string, Memory> memory;  // By test file path.
};

using StateRef = std::shared_ptr<JobsState>;

// A job's body: the step to run once the context is ready.
using StepFn = std::function<StepReport(const StepContext&)>;

struct JobResult {
  StepReport report;
  std::string refused;  // Set when the job did not run its step (environment).
  std::string report_path;
};

Environment job_environment(const JobSettings& settings) {
  Environment env = current_environment();
  for (const auto& [k, v] : settings.extra_env) env[k] = v;
  return env;
}

std::string now_stamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

void send_status(LanguageServer& server, const std::string& environment, const std::optional<std::string>& torch,
                 const std::string& state, const std::string& message) {
  server.notify("pt2bb/status", {{"environment", environment},
                                 {"torchVersion", torch ? json(*torch) : json(nullptr)},
                                 {"state", state},
                                 {"message", message}});
}

void show_message(LanguageServer& server, int type, const std::string& message) {
  server.notify("window/showMessage", protocol::to_json(protocol::ShowMessageParams{type, message}));
}

// Resolves and probes the environment on a job thread (no prompt).
EnvStatus check_environment(const JobSettings& settings, const Environment& env, const CancelToken& cancel) {
  EnvStatus status;
  status.key = settings.env_key();
  status.python = configured_python({settings.python_path, settings.conda_env}, env);
  if (!status.python) status.python = system_python(env);
  if (!status.python) {
    status.message = "No Python found (no python3 or python on PATH): set pt2bb.pythonPath or pt2bb.condaEnv.";
    return status;
  }
  status.probe = probe_torch(*status.python, env, "/", cancel);
  status.ok = status.probe.ok;
  if (!status.ok) status.message = refusal_message(*status.python, status.probe);
  return status;
}

// Records an environment check on the session thread and tells the status bar.
void record_env(const StateRef& st, const EnvStatus& status) {
  st->env = status;
  const std::string name = status.python ? status.python->name : "no Python";
  const std::string state = !status.python ? "noPython" : status.ok ? "ready" : "noTorch";
  send_status(st->server, name, status.ok ? std::optional(status.probe.version) : std::nullopt, state,
              status.ok ? "PyTorch " + status.probe.version + " in " + name : status.message);
}

std::shared_ptr<const TriageKnowledge> knowledge(const StateRef& st) {
  if (!st->knowledge && st->knowledge_error.empty()) {
    std::string error;
    if (auto kb = TriageKnowledge::load_embedded(&error)) st->knowledge = std::make_shared<const TriageKnowledge>(std::move(*kb));
    else st->knowledge_error = error, spdlog::error("triage knowledge does not load: {}", error);
  }
  return st->knowledge;
}

std::string write_report(const std::string& cache_dir, const std::string& kind, uint64_t id, const std::string& markdown) {
  std::error_code ec;
  const fs::path dir = fs::path(cache_dir) / "reports";
  fs::create_directories(dir, ec);
  const fs::path file = dir / fmt::format("{}-{}-{}.md", kind, now_stamp(), id);
  return write_file(file.string(), markdown) ? file.string() : std::string();
}

void show_report(LanguageServer& server, uint64_t id, const std::string& kind, const std::string& title,
                 const std::string& headline, const std::string& path, const std::string& markdown) {
  if (path.empty()) return;
  if (server.session().client.showDocument) {
    server.send_request("window/showDocument", {{"uri", uri_from_path(path)}, {"takeFocus", false}});
  } else {
    server.notify("pt2bb/report", {{"jobId", id},
                                   {"kind", kind},
                                   {"title", title},
                                   {"headline", headline},
                                   {"uri", uri_from_path(path)},
                                   {"markdown", markdown}});
  }
}

struct JobSpec {
  std::string kind;   // "reproduce", ...
  std::string title;  // "Reproduce ReproTests.test_x".
  bool needs_torch = true;
  StepFn step;
  // Runs on the session thread with the finished report (remember categories, chain Celebrate).
  std::function<void(const StepReport&)> after;
};

void start_job(const StateRef& st, std::shared_ptr<ReplyOnce> reply, std::optional<json> work_done_token,
               CancelToken cancel, JobSpec spec) {
  LanguageServer& server = st->server;
  auto refuse = [&](const std::string& message) {
    show_message(server, 2, message);
    if (reply) reply->error(protocol::ErrorCode::RequestFailed, message);
  };
  if (!server.session().trusted) {
    return refuse("pt2bb starts no process in an untrusted workspace: trust it to run " + spec.title + ".");
  }
  const JobSettings settings = JobSettings::from(server.session().settings);
  const bool env_known = st->env && st->env->key == settings.env_key();
  if (spec.needs_torch && env_known && !st->env->ok) return refuse(st->env->message);
  std::optional<PythonEnv> known_python = env_known && st->env->ok ? st->env->python : std::nullopt;

  st->engine->set_max_concurrent(settings.max_concurrent);
  auto kb = knowledge(st);
  const Environment env = job_environment(settings);
  StepContext base;
  base.env = env;
  base.cache_dir = cache_directory(env);
  base.timeout = settings.timeout;
  base.knowledge = kb.get();
  base.lang = server.session().lang;
  // The first workspace folder is where pytest runs; the step's target may refine it.
  if (!server.session().workspace_roots.empty()) base.workspace_root = server.session().workspace_roots.front();

  auto progress = WorkDoneProgress::begin(server, "pt2bb: " + spec.title, true, work_done_token, cancel);
  auto result = std::make_shared<JobResult>();
  JobRequest request;
  request.kind = spec.kind;
  request.title = spec.title;
  request.cancel = cancel;
  request.progress = [progress](const std::string& m, std::optional<int> p) { progress->report(m, p); };
  request.body = [st, kb, base, settings, known_python, result, spec](JobControl& job) -> JobOutcome {
    StepContext ctx = base;
    ctx.job = &job;
    if (known_python) {
      ctx.python = *known_python;
    } else {
      job.progress("checking the Python environment");
      const EnvStatus status = check_environment(settings, ctx.env, job.cancel_token());
      st->server.post_to_session([st, status] { record_env(st, status); });
      if (!status.python || (spec.needs_torch && !status.ok)) {
        result->refused = status.message;
        return {JobState::Failed, status.message};
      }
      ctx.python = *status.python;
    }
    result->report = spec.step(ctx);
    if (!result->report.markdown.empty())
      result->report_path = write_report(ctx.cache_dir, spec.kind, job.id(), result->report.markdown);
    const JobState state = result->report.cancelled ? JobState::Cancelled
                           : result->report.ok      ? JobState::Succeeded
                                                    : JobState::Failed;
    return {state, result->report.headline};
  };
  request.done = [st, reply, result, progress, spec](const JobInfo& info) {
    st->server.post_to_session([st, reply, result, progress, spec, info] {
      LanguageServer& server = st->server;
      progress->end(info.summary);
      if (!result->refused.empty()) {
        show_message(server, 2, result->refused);
        if (reply) reply->error(protocol::ErrorCode::RequestFailed, result->refused);
        return;
      }
      const StepReport& r = result->report;
      const std::string source = "job." + spec.kind;
      if (!r.findings.empty() || spec.kind == "collectLogs") {
        server.diagnostics().clear_source(source);
        for (const auto& [path, findings] : r.findings) server.diagnostics().set_external(path, source, findings);
      }
      show_report(server, info.id, spec.kind, spec.title, info.summary, result->report_path, r.markdown);
      if (info.state != JobState::Cancelled)
        show_message(server, info.state == JobState::Succeeded ? 3 : 2, spec.title + ": " + info.summary);
      if (spec.after && info.state != JobState::Cancelled) spec.after(r);
      if (!reply) return;
      if (info.state == JobState::Cancelled) {
        reply->error(protocol::ErrorCode::RequestCancelled, spec.title + " was cancelled");
        return;
      }
      reply->result({{"jobId", info.id},
                     {"kind", spec.kind},
                     {"state", job_state_name(info.state)},
                     {"ok", r.ok},
                     {"headline", info.summary},
                     {"category", r.category},
                     {"report", result->report_path},
                     {"files", r.files},
                     {"tests", r.tests}});
    });
  };
  st->engine->submit(std::move(request));
}

// ---- Arguments ----------------------------------------------------------------------------

struct TargetArgs {
  TestTarget target;
  std::string path;
  json raw;
};

// Reads {"uri", "testClass"?, "testName"?} (or the same as positional strings).
TargetArgs parse_target(LanguageServer& server, const std::vector<json>& args, bool need_test) {
  TargetArgs out;
  json a = args.empty() ? json::object() : args.front();
  if (a.is_string()) {
    json o = {{"uri", a}};
    if (args.size() > 1 && args[1].is_string()) o["testClass"] = args[1];
    if (args.size() > 2 && args[2].is_string()) o["testName"] = args[2];
    a = o;
  }
  if (!a.is_object() || !a.contains("uri") || !a["uri"].is_string())
    throw protocol::RpcError(protocol::ErrorCode::InvalidParams, "arguments[0].uri: missing");
  auto path = path_from_uri(a["uri"].get<std::string>());
  if (!path) throw protocol::RpcError(protocol::ErrorCode::InvalidParams, "arguments[0].uri: not a file URI");
  std::error_code ec;
  if (!fs::is_regular_file(*path, ec))
    throw protocol::RpcError(protocol::ErrorCode::InvalidParams, *path + ": no such file");
  out.path = *path;
  out.raw = a;
  out.target.file = *path;
  if (a.contains("testClass") && a["testClass"].is_string()) out.target.test_class = a["testClass"].get<std::string>();
  if (a.contains("testName") && a["testName"].is_string()) out.target.test_name = a["testName"].get<std::string>();
  if (need_test && out.target.test_name.empty())
    throw protocol::RpcError(protocol::ErrorCode::InvalidParams, "arguments[0].testName: this step needs a test");
  // The run_tests() convention decides how the test is run.
  std::optional<std::string> text;
  if (OpenDocument* doc = server.session().find(uri_from_path(*path)); doc && doc->doc) text = doc->doc->text();
  else text = read_file(*path);
  if (text) {
    const FileSummary summary = summarize_python(*path, *text);
    if (summary.main_guard)
      for (const auto& c : summary.main_guard->calls)
        if (c == "run_tests" || c.ends_with(".run_tests")) out.target.run_tests = true;
  }
  return out;
}

std::optional<std::string> git_toplevel(const std::string& file) {
  std::error_code ec;
  for (fs::path dir = fs::path(file).parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return dir.string();
    if (dir == dir.root_path()) break;
  }
  return std::nullopt;
}

// ---- Commands -----------------------------------------------------------------------------

void run_env_check(const StateRef& st, std::shared_ptr<ReplyOnce> reply, const JobSettings& settings, bool allow_prompt);

void ask_conda_env(const StateRef& st, std::shared_ptr<ReplyOnce> reply, const JobSettings& settings,
                   std::vector<std::string> names) {
  json actions = json::array();
  for (const auto& n : names) actions.push_back({{"title", n}});
  st->server.send_request(
      "window/showMessageRequest",
      {{"type", 3},
       {"message", "pt2bb: which conda environment should the debugging jobs use? (set pt2bb.condaEnv to skip this)"},
       {"actions", actions}},
      [st, reply, settings](const protocol::Response& response) {
        JobSettings chosen = settings;
        if (response.result && response.result->is_object() && response.result->contains("title") &&
            (*response.result)["title"].is_string()) {
          chosen.conda_env = (*response.result)["title"].get<std::string>();
          st->server.session().settings["condaEnv"] = chosen.conda_env;
        }
        run_env_check(st, reply, chosen, false);
      });
}

void run_env_check(const StateRef& st, std::shared_ptr<ReplyOnce> reply, const JobSettings& settings, bool allow_prompt) {
  LanguageServer& server = st->server;
  if (!server.session().trusted) {
    const std::string m = "pt2bb starts no process in an untrusted workspace: the environment is not checked.";
    send_status(server, "", std::nullopt, "untrusted", m);
    if (reply) reply->error(protocol::ErrorCode::RequestFailed, m);
    return;
  }
  const Environment env = job_environment(settings);
  const bool configured = configured_python({settings.python_path, settings.conda_env}, env).has_value();
  const bool ask = allow_prompt && !configured && server.session().client.showMessageActions &&
                   find_executable("conda", env.count("PATH") ? env.at("PATH") : "").has_value();
  send_status(server, "", std::nullopt, "checking", "checking the Python environment");
  auto progress = WorkDoneProgress::begin(server, "pt2bb: environment check", true);
  JobRequest request;
  request.kind = "checkEnvironment";
  request.title = "Environment check";
  request.cancel = progress->token();
  auto status = std::make_shared<EnvStatus>();
  auto conda = std::make_shared<CondaEnvs>();
  request.body = [settings, env, ask, status, conda](JobControl& job) -> JobOutcome {
    if (ask) {
      job.progress("conda env list");
      *conda = conda_environments(env, job.cancel_token());
      if (conda->error.empty() && !conda->names.empty()) return {JobState::Succeeded, "asking which conda env to use"};
    }
    job.progress("import torch");
    *status = check_environment(settings, env, job.cancel_token());
    return {status->ok ? JobState::Succeeded : JobState::Failed, status->ok ? status->probe.version : status->message};
  };
  request.done = [st, reply, settings, status, conda, progress, ask](const JobInfo& info) {
    st->server.post_to_session([st, reply, settings, status, conda, progress, ask, info] {
      progress->end(info.summary);
      if (info.state == JobState::Cancelled) {
        if (reply) reply->error(protocol::ErrorCode::RequestCancelled, "the environment check was cancelled");
        return;
      }
      if (ask && conda->error.empty() && !conda->names.empty() && status->key.empty()) {
        ask_conda_env(st, reply, settings, conda->names);
        return;
      }
      record_env(st, *status);
      const std::string name = status->python ? status->python->name : "no Python";
      show_message(st->server, status->ok ? 3 : 2,
                   status->ok ? "pt2bb: PyTorch " + status->probe.version + " in " + name : status->message);
      if (reply)
        reply->result({{"ok", status->ok},
                       {"environment", name},
                       {"torchVersion", status->ok ? json(status->probe.version) : json(nullptr)},
                       {"pythonVersion", status->probe.python_version},
                       {"message", status->ok ? "" : status->message}});
    });
  };
  st->engine->submit(std::move(request));
}

std::shared_ptr<ReplyOnce> hold(ReplyOnce& reply) { return std::make_shared<ReplyOnce>(std::move(reply)); }

void command_step(const StateRef& st, const std::vector<json>& args, ReplyOnce& reply, const std::string& kind,
                  bool need_test) {
  LanguageServer& server = st->server;
  TargetArgs t = parse_target(server, args, need_test);
  const JobSettings settings = JobSettings::from(server.session().settings);
  CancelToken cancel = server.cancel_token(reply.id());
  JobSpec spec;
  spec.kind = kind;
  const TestTarget target = t.target;
  const std::string file = t.path;
  Memory& memory = st->memory[file];
  if (kind == "reproduce") {
    int runs = settings.runs;
    if (t.raw.contains("runs") && t.raw["runs"].is_number_integer()) runs = std::clamp(t.raw["runs"].get<int>(), 1, 100);
    spec.title = fmt::format("Reproduce {} ({} runs)", target.display_name(), runs);
    spec.step = [target, runs](const StepContext& ctx) { return reproduce(ctx, target, runs); };
  } else if (kind == "collectLogs") {
    std::string category = memory.category;
    if (t.raw.contains("category") && t.raw["category"].is_string()) category = t.raw["category"].get<std::string>();
    spec.title = "Collect logs for " + target.display_name();
    spec.step = [target, category](const StepContext& ctx) { return collect_logs(ctx, target, category); };
  } else if (kind == "inspectArtifacts") {
    spec.title = "Inspect artifacts of " + target.display_name();
    spec.step = [target](const StepContext& ctx) { return inspect_artifacts(ctx, target); };
  } else if (kind == "minimize") {
    // The result is written beside the script: only inside a workspace folder.
    if (!server.session().root_of(file)) {
      throw protocol::RpcError(protocol::ErrorCode::RequestFailed,
                               file + " is outside the workspace: pt2bb writes the minimised script only inside it");
    }
    spec.title = "Minimise " + fs::path(file).filename().string();
    spec.step = [file](const StepContext& ctx) { return minimize(ctx, file); };
  } else if (kind == "validateOnMain") {
    std::string base = settings.base;
    if (t.raw.contains("base") && t.raw["base"].is_string()) base = t.raw["base"].get<std::string>();
    spec.title = "Validate " + target.display_name() + " on " + base;
    spec.step = [target, base](const StepContext& ctx) { return validate_on_main(ctx, target, base); };
  } else if (kind == "verify") {
    spec.title = "Verify " + target.display_name();
    spec.step = [target](const StepContext& ctx) { return verify(ctx, target); };
  }
  const std::string root = server.session().root_of(file).value_or("");
  spec.step = [step = spec.step, root](const StepContext& ctx) {
    StepContext local = ctx;
    if (!root.empty()) local.workspace_root = root;
    return step(local);
  };
  spec.after = [st, file, kind, target](const StepReport& r) {
    Memory& m = st->memory[file];
    if (!r.category.empty() && r.category != "unknown") m.category = r.category;
    if (!r.root_cause.empty() && kind != "verify") m.root_cause = r.root_cause;
    if (kind == "verify") {
      m.verified = r.ok;
      m.verified_tests = r.tests;
    }
  };
  start_job(st, hold(reply), std::nullopt, cancel, std::move(spec));
}

void command_celebrate(const StateRef& st, const std::vector<json>& args, ReplyOnce& reply) {
  TargetArgs t = parse_target(st->server, args, false);
  auto it = st->memory.find(t.path);
  if (it == st->memory.end() || !it->second.verified) {
    throw protocol::RpcError(protocol::ErrorCode::RequestFailed,
                             "Celebrate comes once Verify passes: run pt2bb.verify on the new test first.");
  }
  CelebrateInput input;
  input.category = it->second.category;
  input.root_cause = it->second.root_cause;
  input.tests_verified = it->second.verified_tests;
  input.repo_dir = git_toplevel(t.path).value_or("");
  JobSpec spec;
  spec.kind = "celebrate";
  spec.title = "Celebrate";
  spec.needs_torch = false;
  spec.step = [input](const StepContext& ctx) { return celebrate(ctx, input); };
  start_job(st, hold(reply), std::nullopt, st->server.cancel_token(reply.id()), std::move(spec));
}

json job_table(const StateRef& st) {
  json rows = json::array();
  for (const auto& j : st->engine->table()) {
    rows.push_back({{"jobId", j.id}, {"kind", j.kind}, {"title", j.title}, {"state", job_state_name(j.state)},
                    {"summary", j.summary}});
  }
  return rows;
}

// ---- Code lenses and actions --------------------------------------------------------------

protocol::Command step_command(const std::string& title, const std::string& command, const std::string& uri,
                               const std::string& cls, const std::string& test) {
  json arg = {{"uri", uri}};
  if (!cls.empty()) arg["testClass"] = cls;
  if (!test.empty()) arg["testName"] = test;
  return protocol::Command{title, command, json::array({arg})};
}

protocol::Range line_range(uint32_t line) {
  protocol::Range r;
  r.start.line = line;
  r.end.line = line;
  return r;
}

// A repro script: not a test file by name, no test classes, and it imports torch or runs
// something under a main guard.
bool is_repro_script(const FileSummary& s, const std::string& path) {
  if (looks_like_test_path(path)) return false;
  for (const auto& c : s.classes)
    if (is_test_class(c)) return false;
  return s.imports_module("torch") || s.main_guard.has_value();
}

std::vector<protocol::CodeLens> lenses(LanguageServer&, const OpenDocument& doc) {
  std::vector<protocol::CodeLens> out;
  if (!doc.doc || doc.language_id != "python") return out;
  const FileSummary s = summarize_python(doc.path, doc.doc->text(), doc.doc->tree());
  for (const auto& c : s.classes) {
    if (!is_test_class(c)) continue;
    for (const auto& m : c.tests) {
      if (m.generated) continue;
      protocol::CodeLens lens;
      lens.range = line_range(m.name_range.start.line);
      lens.command = step_command("▶ Reproduce", "pt2bb.reproduce", doc.uri, c.name, m.name);
      out.push_back(lens);
    }
  }
  if (out.empty() && is_repro_script(s, doc.path)) {
    const std::pair<const char*, const char*> steps[] = {{"▶ Reproduce", "pt2bb.reproduce"},
                                                         {"Collect logs", "pt2bb.collectLogs"},
                                                         {"Inspect artifacts", "pt2bb.inspectArtifacts"},
                                                         {"Minimise", "pt2bb.minimize"}};
    for (const auto& [title, command] : steps) {
      protocol::CodeLens lens;
      lens.range = line_range(0);
      lens.command = step_command(title, command, doc.uri, "", "");
      out.push_back(lens);
    }
  }
  return out;
}

// On a test method: the steps that follow a reproduction.
std::vector<protocol::CodeAction> actions(LanguageServer&, const CodeActionQuery& q) {
  std::vector<protocol::CodeAction> out;
  if (!q.doc.doc) return out;
  const FileSummary s = summarize_python(q.doc.path, q.doc.doc->text(), q.doc.doc->tree());
  for (const auto& c : s.classes) {
    if (!is_test_class(c)) continue;
    for (const auto& m : c.tests) {
      if (m.generated || q.range.start.line < m.range.start.line || q.range.start.line > m.range.end.line) continue;
      const std::pair<const char*, const char*> steps[] = {{"Collect logs", "pt2bb.collectLogs"},
                                                           {"Inspect artifacts", "pt2bb.inspectArtifacts"},
                                                           {"Validate on main", "pt2bb.validateOnMain"},
                                                           {"Verify", "pt2bb.verify"}};
      for (const auto& [title, command] : steps) {
        protocol::CodeAction a;
        a.title = std::string("pt2bb: ") + title + " for " + m.name;
        a.kind = "source";
        a.command = step_command(a.title, command, q.doc.uri, c.name, m.name);
        out.push_back(a);
      }
      return out;
    }
  }
  return out;
}

}  // namespace

void install_jobs(LanguageServer& server) {
  auto st = std::make_shared<JobsState>(server);
  auto& commands = server.features().commands;
  commands["pt2bb.checkEnvironment"] = [st](LanguageServer& s, const std::vector<json>&, ReplyOnce& reply) {
    run_env_check(st, hold(reply), JobSettings::from(s.session().settings), true);
  };
  for (const auto& [name, kind, need_test] :
       {std::tuple{"pt2bb.reproduce", "reproduce", false}, std::tuple{"pt2bb.collectLogs", "collectLogs", false},
        std::tuple{"pt2bb.inspectArtifacts", "inspectArtifacts", false}, std::tuple{"pt2bb.minimize", "minimize", false},
        std::tuple{"pt2bb.validateOnMain", "validateOnMain", true}, std::tuple{"pt2bb.verify", "verify", true}}) {
    commands[name] = [st, kind = std::string(kind), need_test](LanguageServer&, const std::vector<json>& args,
                                                              ReplyOnce& reply) {
      command_step(st, args, reply, kind, need_test);
    };
  }
  commands["pt2bb.celebrate"] = [st](LanguageServer&, const std::vector<json>& args, ReplyOnce& reply) {
    command_celebrate(st, args, reply);
  };
  commands["pt2bb.cancelJob"] = [st](LanguageServer&, const std::vector<json>& args, ReplyOnce& reply) {
    if (args.empty() || !args[0].is_object() || !args[0].contains("jobId") || !args[0]["jobId"].is_number_unsigned())
      throw protocol::RpcError(protocol::ErrorCode::InvalidParams, "arguments[0].jobId: missing");
    reply.result({{"cancelled", st->engine->cancel(args[0]["jobId"].get<uint64_t>())}});
  };
  commands["pt2bb.listJobs"] = [st](LanguageServer&, const std::vector<json>&, ReplyOnce& reply) {
    reply.result(job_table(st));
  };
  server.features().code_lens.push_back(&lenses);
  server.features().code_actions.push_back(&actions);
  // Shutdown kills every job's process group and waits for the workers.
  server.on_stop([st] { st->engine->stop(); });
}

}  // namespace pt2bb
