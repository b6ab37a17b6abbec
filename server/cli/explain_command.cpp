// `pt2bb explain [--markdown] [--registry FILE] TOPIC`: prints the note hover shows for TOPIC (a
// source path, a dotted name, an environment variable, a TORCH_LOGS value, a GB id or a
// diagnostic code). GB ids are explained from --registry, else the registry under --torch-root,
// else the one under the current folder (a PyTorch checkout). Exit 0 with a note, 3 when
// nothing is known about the topic, 2 on bad knowledge or registry files.
#include <filesystem>
#include <iostream>

#include "cli/cli.h"
#include "hover/hover.h"
#include "lsp/hover_feature.h"
#include "lsp/triage_feature.h"
#include "support/file_io.h"

namespace pt2bb {
namespace {

struct ExplainOptions {
  bool markdown = false;
  std::string registry;
  std::vector<std::string> topic;
};

int run_explain(const CliContext& ctx, const ExplainOptions& opts) {
  std::string error;
  auto knowledge = load_hover_knowledge(ctx.knowledge_dir, &error);
  if (!knowledge) {
    std::cerr << "pt2bb explain: " << error << "\n";
    return kExitUsage;
  }
  std::shared_ptr<const GraphBreakRegistry> registry;
  if (!opts.registry.empty()) {
    auto text = read_file(opts.registry);
    if (!text) {
      std::cerr << "pt2bb explain: " << opts.registry << ": cannot read\n";
      return kExitUsage;
    }
    auto reg = GraphBreakRegistry::parse(*text, &error);
    if (!reg) {
      std::cerr << "pt2bb explain: " << opts.registry << ": " << error << "\n";
      return kExitUsage;
    }
    registry = std::make_shared<const GraphBreakRegistry>(std::move(*reg));
  } else {
    std::vector<std::string> roots;
    if (!ctx.torch_root.empty()) roots.push_back(ctx.torch_root);
    std::error_code ec;
    roots.push_back(std::filesystem::current_path(ec).string());
    registry = load_gb_registry(roots);
  }
  std::string topic;
  for (const auto& part : opts.topic) topic += (topic.empty() ? "" : " ") + part;
  auto note = explain_topic(topic, *knowledge, registry.get(), ctx.resolved_lang());
  if (!note) {
    std::cerr << "pt2bb explain: nothing known about \"" << topic
              << "\" (try a path such as torch/_dynamo/exc.py, a dotted name, an environment variable, "
                 "a TORCH_LOGS value, a GB id or a diagnostic code)\n";
    return kExitUnknown;
  }
  std::cout << (opts.markdown ? note->markdown : note->plaintext);
  return kExitOk;
}

}  // namespace

void install_explain_command(CLI::App& app, CliContext& ctx) {
  auto opts = std::make_shared<ExplainOptions>();
  CLI::App* cmd = app.add_subcommand("explain", "Print the note PT2 Bug Basher shows on hover for a topic");
  cmd->add_flag("--markdown", opts->markdown, "Print Markdown instead of plain text");
  cmd->add_option("--registry", opts->registry, "A graph_break_registry.json to explain GB ids from");
  cmd->add_option("topic", opts->topic,
                  "A source path, dotted name, environment variable, TORCH_LOGS value, GB id or diagnostic code")
      ->required();
  cmd->callback([&ctx, opts] { ctx.exit_code = run_explain(ctx, *opts); });
}

}  // namespace pt2bb
