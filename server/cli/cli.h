// The pt2bb command line: one subcommand per file (lsp, check, triage, ...), each installed on
// the CLI11 app by an installer listed in main.cpp. Every subcommand calls the same analyzers as
// the language server. Output goes to stdout; logs to stderr (--log-file to redirect).
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/lang.h"

namespace pt2bb {

// Exit codes shared by every subcommand.
enum ExitCode : int { kExitOk = 0, kExitFindings = 1, kExitUsage = 2, kExitUnknown = 3 };

// Options that every subcommand accepts, and the exit code the chosen one sets.
struct CliContext {
  std::string log_level = "warn";
  std::string log_file;
  std::string lang;           // "en", "fr", or empty: from $LANG.
  std::string knowledge_dir;  // Replaces the embedded knowledge files.
  std::string torch_root;     // A PyTorch checkout or installation (graph-break registry, sources).
  int exit_code = kExitOk;

  Lang resolved_lang() const;
};

using CommandInstaller = void (*)(CLI::App& app, CliContext& ctx);

void install_lsp_command(CLI::App& app, CliContext& ctx);
void install_check_command(CLI::App& app, CliContext& ctx);
void install_doctor_command(CLI::App& app, CliContext& ctx);
void install_minimize_command(CLI::App& app, CliContext& ctx);
void install_triage_command(CLI::App& app, CliContext& ctx);
void install_add_test_command(CLI::App& app, CliContext& ctx);
void install_explain_command(CLI::App& app, CliContext& ctx);

}  // namespace pt2bb
