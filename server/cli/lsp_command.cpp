// `pt2bb lsp`: the language server over stdin/stdout.
#include <csignal>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <spdlog/spdlog.h>

#include "cli/cli.h"
#include "lsp/language_server.h"
#include "protocol/transport.h"

namespace pt2bb {
namespace {

struct LspOptions {
  unsigned threads = 2;
  int debounce_ms = 75;
  bool stdio = true;
};

int run_lsp(const CliContext& ctx, const LspOptions& opts) {
  std::signal(SIGPIPE, SIG_IGN);
  // stdout carries the protocol only: keep a private descriptor for it and point fd 1 at stderr,
  // so a stray printf anywhere in the process cannot corrupt a frame.
  const int protocol_out = ::dup(STDOUT_FILENO);
  ::dup2(STDERR_FILENO, STDOUT_FILENO);

  boost::asio::io_context io;
  protocol::StreamTransport transport(io, STDIN_FILENO, protocol_out);
  ServerOptions options;
  options.worker_threads = opts.threads;
  options.debounce = std::chrono::milliseconds(opts.debounce_ms);
  if (!ctx.knowledge_dir.empty()) options.knowledge_dir = ctx.knowledge_dir;
  if (!ctx.torch_root.empty()) options.torch_root = ctx.torch_root;
  if (!ctx.lang.empty()) options.lang = ctx.resolved_lang();
  int code = 1;
  {
    LanguageServer server(io, transport, options);
    transport.start(server);
    spdlog::info("pt2bb {} language server started", PT2BB_VERSION);
    io.run();
    code = server.exit_code();
  }
  ::close(protocol_out);
  return code;
}

}  // namespace

void install_lsp_command(CLI::App& app, CliContext& ctx) {
  auto opts = std::make_shared<LspOptions>();
  CLI::App* cmd = app.add_subcommand("lsp", "Run the language server on stdin/stdout");
  cmd->add_option("--threads", opts->threads, "Worker threads for analyses")->capture_default_str();
  cmd->add_option("--debounce-ms", opts->debounce_ms, "Delay between an edit and its analysis")->capture_default_str();
  // Accepted for clients that pass it by habit (vscode-languageclient's stdio transport).
  cmd->add_flag("--stdio", opts->stdio, "Use stdin/stdout (the default and only transport)");
  cmd->callback([&ctx, opts] { ctx.exit_code = run_lsp(ctx, *opts); });
}

}  // namespace pt2bb
