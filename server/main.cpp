// pt2bb: PT2 Bug Basher's single binary. `pt2bb lsp` is the language server; the other
// subcommands do the same work on the command line.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <spdlog/spdlog.h>

#include "cli/cli.h"
#include "support/logging.h"

int main(int argc, char** argv) {
  using namespace pt2bb;
  CLI::App app{"PT2 Bug Basher: triage and debug PyTorch 2 compiler failures (Dynamo, AOTAutograd, "
               "Inductor, torch.export).",
               "pt2bb"};
  app.set_version_flag("--version", std::string("pt2bb ") + PT2BB_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  CliContext ctx;
  app.add_option("--log-level", ctx.log_level, "trace, debug, info, warn, error or off")->capture_default_str();
  app.add_option("--log-file", ctx.log_file, "Write logs to this file instead of stderr");
  app.add_option("--lang", ctx.lang, "Language of messages: en or fr (default: from $LANG or the client)")
      ->check(CLI::IsMember({"en", "fr"}));
  app.add_option("--knowledge-dir", ctx.knowledge_dir, "Use the knowledge JSON files of this folder");
  app.add_option("--torch-root", ctx.torch_root, "A PyTorch checkout or installation to read");

  static constexpr CommandInstaller installers[] = {
      &install_lsp_command,
      &install_check_command,
      &install_doctor_command,
      &install_minimize_command,
      &install_triage_command,
      &install_add_test_command,
      &install_explain_command,
  };
  for (CommandInstaller install : installers) install(app, ctx);

  app.parse_complete_callback([&ctx] {
    try {
      configure_logging(ctx.log_level, ctx.log_file);
    } catch (const std::exception& e) {
      throw CLI::ValidationError("--log-level/--log-file", e.what());
    }
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  }
  return ctx.exit_code;
}
