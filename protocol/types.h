// Typed LSP structures for the subset PT2 Bug Basher uses, named as in the LSP 3.17 meta model
// (../shared/lsp/metaModel.json). Converted explicitly with to_json / from_json:
//  - std::optional fields are omitted when empty (absent), never written as null;
//  - from_json throws RpcError(InvalidParams) naming the JSON path of the first bad field.
// Like clangd's Protocol.h this is not a complete LSP; types are added when a feature needs them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "protocol/jsonrpc.h"

namespace pt2bb::protocol {

// ---- Basic structures ----------------------------------------------------------------------

// Line and character are 0-based; `character` is in the negotiated position encoding
// (UTF-16 code units unless the client offered utf-8).
struct Position {
  uint32_t line = 0;
  uint32_t character = 0;
};
struct Range {
  Position start;
  Position end;
};
struct Location {
  std::string uri;
  Range range;
};
struct TextEdit {
  Range range;
  std::string newText;
};
struct TextDocumentIdentifier {
  std::string uri;
};
struct TextDocumentItem {
  std::string uri;
  std::string languageId;
  int64_t version = 0;
  std::string text;
};
struct VersionedTextDocumentIdentifier {
  std::string uri;
  int64_t version = 0;
};
struct TextDocumentPositionParams {
  TextDocumentIdentifier textDocument;
  Position position;
};
struct Command {
  std::string title;
  std::string command;
  std::optional<json> arguments;  // An array.
};
struct MarkupContent {
  std::string kind;  // "markdown" or "plaintext".
  std::string value;
};

// ---- Lifecycle -----------------------------------------------------------------------------

struct WorkspaceFolder {
  std::string uri;
  std::string name;
};

// Only the parts of ClientCapabilities the server acts on, flattened (like clangd's).
struct ClientCapabilities {
  std::vector<std::string> positionEncodings;  // general.positionEncodings
  bool hoverMarkdown = false;                  // textDocument.hover.contentFormat has markdown
  bool workDoneProgress = false;               // window.workDoneProgress
  bool showDocument = false;                   // window.showDocument.support
  bool workspaceConfiguration = false;         // workspace.configuration
  bool didChangeWatchedFilesDynamic = false;   // workspace.didChangeWatchedFiles.dynamicRegistration
  bool diagnosticRelatedInformation = false;   // textDocument.publishDiagnostics.relatedInformation
  bool codeActionLiteralSupport = false;       // textDocument.codeAction.codeActionLiteralSupport
  bool codeLens = false;                       // textDocument.codeLens
  bool showMessageActions = false;             // window.showMessage.messageActionItem
};

struct InitializeParams {
  std::optional<int64_t> processId;
  std::optional<std::string> rootUri;
  std::optional<std::string> rootPath;
  std::optional<std::vector<WorkspaceFolder>> workspaceFolders;
  std::optional<std::string> locale;
  std::optional<std::string> clientName;
  std::optional<json> initializationOptions;
  std::optional<std::string> trace;
  ClientCapabilities capabilities;
};

// ---- Documents -----------------------------------------------------------------------------

struct DidOpenTextDocumentParams {
  TextDocumentItem textDocument;
};
struct TextDocumentContentChangeEvent {
  std::optional<Range> range;  // Absent: the whole document is replaced.
  std::string text;
};
struct DidChangeTextDocumentParams {
  VersionedTextDocumentIdentifier textDocument;
  std::vector<TextDocumentContentChangeEvent> contentChanges;
};
struct DidCloseTextDocumentParams {
  TextDocumentIdentifier textDocument;
};
struct DidSaveTextDocumentParams {
  TextDocumentIdentifier textDocument;
  std::optional<std::string> text;
};
struct FileEvent {
  std::string uri;
  int type = 1;  // 1 created, 2 changed, 3 deleted.
};
struct DidChangeWatchedFilesParams {
  std::vector<FileEvent> changes;
};

// ---- Diagnostics ---------------------------------------------------------------------------

struct DiagnosticRelatedInformation {
  Location location;
  std::string message;
};
struct Diagnostic {
  Range range;
  std::optional<int> severity;  // 1 error .. 4 hint.
  std::optional<std::string> code;
  std::optional<std::string> source;
  std::string message;
  std::optional<std::vector<int>> tags;
  std::optional<std::vector<DiagnosticRelatedInformation>> relatedInformation;
  std::optional<json> data;
};
struct PublishDiagnosticsParams {
  std::string uri;
  std::optional<int64_t> version;
  std::vector<Diagnostic> diagnostics;
};

// ---- Language features ---------------------------------------------------------------------

struct Hover {
  MarkupContent contents;
  std::optional<Range> range;
};

struct CodeActionContext {
  std::vector<Diagnostic> diagnostics;
  std::optional<std::vector<std::string>> only;
};
struct CodeActionParams {
  TextDocumentIdentifier textDocument;
  Range range;
  CodeActionContext context;
};
struct WorkspaceEdit {
  // uri -> edits. Kept as ordered pairs so output is deterministic.
  std::vector<std::pair<std::string, std::vector<TextEdit>>> changes;
};
struct CodeAction {
  std::string title;
  std::optional<std::string> kind;
  std::optional<std::vector<Diagnostic>> diagnostics;
  std::optional<bool> isPreferred;
  std::optional<WorkspaceEdit> edit;
  std::optional<Command> command;
};
struct CodeLens {
  Range range;
  std::optional<Command> command;
  std::optional<json> data;
};
struct ExecuteCommandParams {
  std::string command;
  std::vector<json> arguments;
  std::optional<json> workDoneToken;
};

// ---- Window --------------------------------------------------------------------------------

struct ShowMessageParams {
  int type = 3;  // 1 error, 2 warning, 3 info, 4 log.
  std::string message;
};
struct ShowDocumentParams {
  std::string uri;
  std::optional<bool> external;
  std::optional<bool> takeFocus;
  std::optional<Range> selection;
};
struct ProgressParams {
  json token;
  json value;  // WorkDoneProgressBegin / Report / End.
};

// ---- Conversions ---------------------------------------------------------------------------

json to_json(const Position&);
json to_json(const Range&);
json to_json(const Location&);
json to_json(const TextEdit&);
json to_json(const Command&);
json to_json(const MarkupContent&);
json to_json(const Diagnostic&);
json to_json(const PublishDiagnosticsParams&);
json to_json(const Hover&);
json to_json(const WorkspaceEdit&);
json to_json(const CodeAction&);
json to_json(const CodeLens&);
json to_json(const ShowMessageParams&);
json to_json(const ShowDocumentParams&);
json to_json(const ProgressParams&);

// Each throws RpcError(InvalidParams, "<path>: <problem>").
void from_json(const json&, Position&, const std::string& path = "params");
void from_json(const json&, Range&, const std::string& path = "params");
void from_json(const json&, Diagnostic&, const std::string& path = "params");
void from_json(const json&, InitializeParams&, const std::string& path = "params");
void from_json(const json&, DidOpenTextDocumentParams&, const std::string& path = "params");
void from_json(const json&, DidChangeTextDocumentParams&, const std::string& path = "params");
void from_json(const json&, DidCloseTextDocumentParams&, const std::string& path = "params");
void from_json(const json&, DidSaveTextDocumentParams&, const std::string& path = "params");
void from_json(const json&, DidChangeWatchedFilesParams&, const std::string& path = "params");
void from_json(const json&, TextDocumentPositionParams&, const std::string& path = "params");
void from_json(const json&, CodeActionParams&, const std::string& path = "params");
void from_json(const json&, ExecuteCommandParams&, const std::string& path = "params");
void from_json(const json&, TextDocumentIdentifier&, const std::string& path = "params");

// Parses params into T, for handler tables.
template <typename T> T parse_params(const json& params) {
  T value{};
  from_json(params, value, "params");
  return value;
}

}  // namespace pt2bb::protocol
