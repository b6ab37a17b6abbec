// `pt2bb triage [--format text|json] [--lang en|fr] [--torch-root DIR] FILE|-`: classifies a
// failure log. Reads the file in large read() calls and streams it through a Triager, so any size
// works in bounded memory. Exit 0 when something was classified, 3 when the category is
// `unknown`, 2 on bad usage or an unreadable file. The JSON schema is documented in README.md
// ("### pt2bb triage").
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <memory>
#include <vector>

#include "cli/cli.h"
#include "lsp/triage_feature.h"
#include "support/triage_stream.h"
#include "triage/report_json.h"

namespace pt2bb {
namespace {

struct TriageCliOptions {
  std::string format = "text";
  std::string file;
  std::string script;
};

int run_triage(const CliContext& ctx, const TriageCliOptions& opts) {
  std::string error;
  auto kb = load_triage_knowledge(ctx.knowledge_dir, &error);
  if (!kb) {
    std::cerr << "pt2bb triage: " << error << "\n";
    return kExitUsage;
  }
  std::vector<std::string> roots;
  if (!ctx.torch_root.empty()) roots.push_back(ctx.torch_root);
  std::shared_ptr<const GraphBreakRegistry> registry = load_gb_registry(roots);
  if (!ctx.torch_root.empty() && !registry)
    std::cerr << "pt2bb triage: no readable torch/_dynamo/graph_break_registry.json under " << ctx.torch_root
              << "; graph-break ids are shown without explanations\n";

  int fd = 0;
  if (opts.file != "-") {
    fd = ::open(opts.file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      std::cerr << "pt2bb triage: cannot read " << opts.file << ": " << std::strerror(errno) << "\n";
      return kExitUsage;
    }
  }
  const Lang lang = ctx.resolved_lang();
  TriageOptions topts;
  topts.knowledge = kb.get();
  topts.registry = registry.get();
  topts.lang = lang;
  topts.script = opts.script;
  Triager triager(topts);
  std::string read_error;
  if (!triage_stream(fd, triager, TriageStreamOptions{}, &read_error)) {
    std::cerr << "pt2bb triage: cannot read " << opts.file << ": " << read_error << "\n";
    if (fd > 0) ::close(fd);
    return kExitUsage;
  }
  if (fd > 0) ::close(fd);
  const TriageReport report = triager.finish();
  if (opts.format == "json")
    std::cout << triage_report_json(report, *kb, lang).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
              << "\n";
  else
    std::cout << triage_report_text(report, *kb, lang);
  return report.category == "unknown" ? kExitUnknown : kExitOk;
}

}  // namespace

void install_triage_command(CLI::App& app, CliContext& ctx) {
  auto opts = std::make_shared<TriageCliOptions>();
  CLI::App* cmd = app.add_subcommand("triage", "Classify a PT2 failure log (pytest output, traceback, TORCH_LOGS, "
                                               "TORCH_TRACE) and say what to run next");
  cmd->add_option("--format", opts->format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  cmd->add_option("--script", opts->script, "The command that reproduces the failure (fills the next commands)");
  cmd->add_option("file", opts->file, "The log file, or - for standard input")->required();
  cmd->callback([&ctx, opts] { ctx.exit_code = run_triage(ctx, *opts); });
}

}  // namespace pt2bb
