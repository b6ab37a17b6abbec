// Feature registries: the central LSP handlers (hover, code actions, commands, code lens) ask
// every registered provider, so features live in their own files and never edit each other.
//
//   server.features().hover.push_back(&my_hover);            // in install_my_feature()
//   server.features().commands["pt2bb.triage"] = &run_triage;
//
// Providers run on the session thread; they must be quick (tree-sitter lookups, table reads).
// Slow work goes to server.run_on_worker() from a command handler.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.h"
#include "protocol/types.h"

namespace pt2bb {

class LanguageServer;
struct OpenDocument;

// What a hover provider returns: Markdown, plus a plain-text rendering for clients without
// Markdown (eglot). The central handler picks one.
struct HoverNote {
  std::string markdown;
  std::string plaintext;
  std::optional<Range> range;  // The hovered word, in the document's points.
};

struct HoverQuery {
  const OpenDocument& doc;
  Point point;      // Byte column.
  uint32_t offset;  // Byte offset in the text.
};

struct CodeActionQuery {
  const OpenDocument& doc;
  Range range;  // The selection, in the document's points.
  const protocol::CodeActionParams& params;
};

using HoverProvider = std::function<std::optional<HoverNote>(LanguageServer&, const HoverQuery&)>;
using CodeActionProvider = std::function<std::vector<protocol::CodeAction>(LanguageServer&, const CodeActionQuery&)>;
using CodeLensProvider = std::function<std::vector<protocol::CodeLens>(LanguageServer&, const OpenDocument&)>;
// A workspace/executeCommand handler: answer through `reply` (or move it into a job).
using CommandHandler = std::function<void(LanguageServer&, const std::vector<protocol::json>& args, class ReplyOnce& reply)>;

struct FeatureRegistry {
  std::vector<HoverProvider> hover;             // First non-empty answer wins, in order.
  std::vector<CodeActionProvider> code_actions;  // All answers are concatenated.
  std::vector<CodeLensProvider> code_lens;
  std::map<std::string, CommandHandler> commands;
  // Called after textDocument/didOpen stored the document, after didChange applied its edits,
  // and after didClose removed it (uri).
  std::vector<std::function<void(LanguageServer&, const OpenDocument&)>> document_opened;
  std::vector<std::function<void(LanguageServer&, const OpenDocument&)>> document_changed;
  std::vector<std::function<void(LanguageServer&, const std::string&)>> document_closed;
};

// Installers of the central handlers (one file each).
void install_hover(LanguageServer& server);
void install_code_actions(LanguageServer& server);
void install_code_lens(LanguageServer& server);
void install_commands(LanguageServer& server);

}  // namespace pt2bb
