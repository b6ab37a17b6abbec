#include "protocol/types.h"

namespace pt2bb::protocol {
namespace {

[[noreturn]] void bad(const std::string& path, const std::string& what) {
  throw RpcError(ErrorCode::InvalidParams, path + ": " + what);
}

const json& require_object(const json& j, const std::string& path) {
  if (!j.is_object()) bad(path, "expected an object");
  return j;
}

const json* member(const json& j, const char* key) {
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

std::string get_string(const json& j, const char* key, const std::string& path) {
  const json* v = member(j, key);
  if (!v) bad(path + "." + key, "missing");
  if (!v->is_string()) bad(path + "." + key, "expected a string");
  return v->get<std::string>();
}

std::optional<std::string> opt_string(const json& j, const char* key, const std::string& path) {
  const json* v = member(j, key);
  if (!v || v->is_null()) return std::nullopt;
  if (!v->is_string()) bad(path + "." + key, "expected a string");
  return v->get<std::string>();
}

int64_t get_int(const json& j, const char* key, const std::string& path) {
  const json* v = member(j, key);
  if (!v) bad(path + "." + key, "missing");
  if (!v->is_number_integer()) bad(path + "." + key, "expected an integer");
  return v->get<int64_t>();
}

uint32_t get_uint(const json& j, const char* key, const std::string& path) {
  const int64_t v = get_int(j, key, path);
  if (v < 0) bad(path + "." + key, "expected a non-negative integer");
  return static_cast<uint32_t>(std::min<int64_t>(v, UINT32_MAX));
}

// Walks a chain of object keys; null when any link is absent or not an object.
const json* dig(const json& j, std::initializer_list<const char*> keys) {
  const json* cur = &j;
  for (const char* k : keys) {
    if (!cur->is_object()) return nullptr;
    cur = member(*cur, k);
    if (!cur) return nullptr;
  }
  return cur;
}

bool dig_true(const json& j, std::initializer_list<const char*> keys) {
  const json* v = dig(j, keys);
  return v && v->is_boolean() && v->get<bool>();
}

}  // namespace

// ---- to_json -------------------------------------------------------------------------------

json to_json(const Position& p) { return {{"line", p.line}, {"character", p.character}}; }
json to_json(const Range& r) { return {{"start", to_json(r.start)}, {"end", to_json(r.end)}}; }
json to_json(const Location& l) { return {{"uri", l.uri}, {"range", to_json(l.range)}}; }
json to_json(const TextEdit& e) { return {{"range", to_json(e.range)}, {"newText", e.newText}}; }
json to_json(const MarkupContent& m) { return {{"kind", m.kind}, {"value", m.value}}; }

json to_json(const Command& c) {
  json j = {{"title", c.title}, {"command", c.command}};
  if (c.arguments) j["arguments"] = *c.arguments;
  return j;
}

json to_json(const Diagnostic& d) {
  json j = {{"range", to_json(d.range)}, {"message", d.message}};
  if (d.severity) j["severity"] = *d.severity;
  if (d.code) j["code"] = *d.code;
  if (d.source) j["source"] = *d.source;
  if (d.tags) j["tags"] = *d.tags;
  if (d.relatedInformation) {
    json rel = json::array();
    for (const auto& r : *d.relatedInformation)
      rel.push_back({{"location", to_json(r.location)}, {"message", r.message}});
    j["relatedInformation"] = rel;
  }
  if (d.data) j["data"] = *d.data;
  return j;
}

json to_json(const PublishDiagnosticsParams& p) {
  json diags = json::array();
  for (const auto& d : p.diagnostics) diags.push_back(to_json(d));
  json j = {{"uri", p.uri}, {"diagnostics", diags}};
  if (p.version) j["version"] = *p.version;
  return j;
}

json to_json(const Hover& h) {
  json j = {{"contents", to_json(h.contents)}};
  if (h.range) j["range"] = to_json(*h.range);
  return j;
}

json to_json(const WorkspaceEdit& w) {
  json changes = json::object();
  for (const auto& [uri, edits] : w.changes) {
    json& list = changes[uri];
    if (list.is_null()) list = json::array();
    for (const auto& e : edits) list.push_back(to_json(e));
  }
  return {{"changes", changes}};
}

json to_json(const CodeAction& a) {
  json j = {{"title", a.title}};
  if (a.kind) j["kind"] = *a.kind;
  if (a.diagnostics) {
    json diags = json::array();
    for (const auto& d : *a.diagnostics) diags.push_back(to_json(d));
    j["diagnostics"] = diags;
  }
  if (a.isPreferred) j["isPreferred"] = *a.isPreferred;
  if (a.edit) j["edit"] = to_json(*a.edit);
  if (a.command) j["command"] = to_json(*a.command);
  return j;
}

json to_json(const CodeLens& c) {
  json j = {{"range", to_json(c.range)}};
  if (c.command) j["command"] = to_json(*c.command);
  if (c.data) j["data"] = *c.data;
  return j;
}

json to_json(const ShowMessageParams& m) { return {{"type", m.type}, {"message", m.message}}; }

json to_json(const ShowDocumentParams& s) {
  json j = {{"uri", s.uri}};
  if (s.external) j["external"] = *s.external;
  if (s.takeFocus) j["takeFocus"] = *s.takeFocus;
  if (s.selection) j["selection"] = to_json(*s.selection);
  return j;
}

json to_json(const ProgressParams& p) { return {{"token", p.token}, {"value", p.value}}; }

// ---- from_json -----------------------------------------------------------------------------

void from_json(const json& j, Position& p, const std::string& path) {
  require_object(j, path);
  p.line = get_uint(j, "line", path);
  p.character = get_uint(j, "character", path);
}

void from_json(const json& j, Range& r, const std::string& path) {
  require_object(j, path);
  const json* s = member(j, "start");
  const json* e = member(j, "end");
  if (!s) bad(path + ".start", "missing");
  if (!e) bad(path + ".end", "missing");
  from_json(*s, r.start, path + ".start");
  from_json(*e, r.end, path + ".end");
}

void from_json(const json& j, TextDocumentIdentifier& t, const std::string& path) {
  require_object(j, path);
  t.uri = get_string(j, "uri", path);
}

namespace {
const json& sub(const json& j, const char* key, const std::string& path) {
  const json* v = member(j, key);
  if (!v) bad(path + "." + key, "missing");
  return *v;
}
}  // namespace

void from_json(const json& j, Diagnostic& d, const std::string& path) {
  require_object(j, path);
  from_json(sub(j, "range", path), d.range, path + ".range");
  d.message = get_string(j, "message", path);
  if (const json* s = member(j, "severity"); s && s->is_number_integer()) d.severity = s->get<int>();
  if (const json* c = member(j, "code"); c) {
    if (c->is_string()) d.code = c->get<std::string>();
    else if (c->is_number_integer()) d.code = std::to_string(c->get<int64_t>());
  }
  d.source = opt_string(j, "source", path);
  if (const json* data = member(j, "data")) d.data = *data;
}

void from_json(const json& j, InitializeParams& p, const std::string& path) {
  require_object(j, path);
  if (const json* v = member(j, "processId"); v && v->is_number_integer()) p.processId = v->get<int64_t>();
  p.rootUri = opt_string(j, "rootUri", path);
  p.rootPath = opt_string(j, "rootPath", path);
  p.locale = opt_string(j, "locale", path);
  p.trace = opt_string(j, "trace", path);
  if (const json* ci = member(j, "clientInfo"); ci && ci->is_object())
    p.clientName = opt_string(*ci, "name", path + ".clientInfo");
  if (const json* io = member(j, "initializationOptions"); io && !io->is_null()) p.initializationOptions = *io;
  if (const json* wf = member(j, "workspaceFolders"); wf && wf->is_array()) {
    std::vector<WorkspaceFolder> folders;
    for (size_t i = 0; i < wf->size(); ++i) {
      const std::string fp = path + ".workspaceFolders[" + std::to_string(i) + "]";
      require_object((*wf)[i], fp);
      folders.push_back({get_string((*wf)[i], "uri", fp), opt_string((*wf)[i], "name", fp).value_or("")});
    }
    p.workspaceFolders = std::move(folders);
  }
  // Capabilities: read leniently. Clients send many fields we do not know, and some send
  // fields from newer or older LSP versions; unknown or odd shapes are ignored.
  const json* caps = member(j, "capabilities");
  if (!caps || !caps->is_object()) return;
  auto& c = p.capabilities;
  if (const json* enc = dig(*caps, {"general", "positionEncodings"}); enc && enc->is_array()) {
    for (const auto& e : *enc)
      if (e.is_string()) c.positionEncodings.push_back(e.get<std::string>());
  }
  if (const json* fmt = dig(*caps, {"textDocument", "hover", "contentFormat"}); fmt && fmt->is_array()) {
    for (const auto& f : *fmt)
      if (f == "markdown") c.hoverMarkdown = true;
  }
  c.workDoneProgress = dig_true(*caps, {"window", "workDoneProgress"});
  c.showDocument = dig_true(*caps, {"window", "showDocument", "support"});
  c.workspaceConfiguration = dig_true(*caps, {"workspace", "configuration"});
  c.didChangeWatchedFilesDynamic = dig_true(*caps, {"workspace", "didChangeWatchedFiles", "dynamicRegistration"});
  c.diagnosticRelatedInformation = dig_true(*caps, {"textDocument", "publishDiagnostics", "relatedInformation"});
  c.codeActionLiteralSupport = dig(*caps, {"textDocument", "codeAction", "codeActionLiteralSupport"}) != nullptr;
  c.codeLens = dig(*caps, {"textDocument", "codeLens"}) != nullptr;
  c.showMessageActions = dig(*caps, {"window", "showMessage", "messageActionItem"}) != nullptr;
}

void from_json(const json& j, DidOpenTextDocumentParams& p, const std::string& path) {
  require_object(j, path);
  const std::string tp = path + ".textDocument";
  const json& td = require_object(sub(j, "textDocument", path), tp);
  p.textDocument.uri = get_string(td, "uri", tp);
  p.textDocument.languageId = opt_string(td, "languageId", tp).value_or("");
  p.textDocument.version = get_int(td, "version", tp);
  p.textDocument.text = get_string(td, "text", tp);
}

void from_json(const json& j, DidChangeTextDocumentParams& p, const std::string& path) {
  require_object(j, path);
  const std::string tp = path + ".textDocument";
  const json& td = require_object(sub(j, "textDocument", path), tp);
  p.textDocument.uri = get_string(td, "uri", tp);
  const json* v = member(td, "version");
  p.textDocument.version = v && v->is_number_integer() ? v->get<int64_t>() : 0;
  const json& changes = sub(j, "contentChanges", path);
  if (!changes.is_array()) bad(path + ".contentChanges", "expected an array");
  for (size_t i = 0; i < changes.size(); ++i) {
    const std::string cp = path + ".contentChanges[" + std::to_string(i) + "]";
    require_object(changes[i], cp);
    TextDocumentContentChangeEvent ev;
    if (const json* r = member(changes[i], "range"); r && !r->is_null()) {
      Range range;
      from_json(*r, range, cp + ".range");
      ev.range = range;
    }
    ev.text = get_string(changes[i], "text", cp);
    p.contentChanges.push_back(std::move(ev));
  }
}

void from_json(const json& j, DidCloseTextDocumentParams& p, const std::string& path) {
  require_object(j, path);
  from_json(sub(j, "textDocument", path), p.textDocument, path + ".textDocument");
}

void from_json(const json& j, DidSaveTextDocumentParams& p, const std::string& path) {
  require_object(j, path);
  from_json(sub(j, "textDocument", path), p.textDocument, path + ".textDocument");
  p.text = opt_string(j, "text", path);
}

void from_json(const json& j, DidChangeWatchedFilesParams& p, const std::string& path) {
  require_object(j, path);
  const json& changes = sub(j, "changes", path);
  if (!changes.is_array()) bad(path + ".changes", "expected an array");
  for (size_t i = 0; i < changes.size(); ++i) {
    const std::string cp = path + ".changes[" + std::to_string(i) + "]";
    require_object(changes[i], cp);
    p.changes.push_back({get_string(changes[i], "uri", cp), static_cast<int>(get_int(changes[i], "type", cp))});
  }
}

void from_json(const json& j, TextDocumentPositionParams& p, const std::string& path) {
  require_object(j, path);
  from_json(sub(j, "textDocument", path), p.textDocument, path + ".textDocument");
  from_json(sub(j, "position", path), p.position, path + ".position");
}

void from_json(const json& j, CodeActionParams& p, const std::string& path) {
  require_object(j, path);
  from_json(sub(j, "textDocument", path), p.textDocument, path + ".textDocument");
  from_json(sub(j, "range", path), p.range, path + ".range");
  if (const json* ctx = member(j, "context"); ctx && ctx->is_object()) {
    if (const json* diags = member(*ctx, "diagnostics"); diags && diags->is_array()) {
      for (size_t i = 0; i < diags->size(); ++i) {
        Diagnostic d;
        from_json((*diags)[i], d, path + ".context.diagnostics[" + std::to_string(i) + "]");
        p.context.diagnostics.push_back(std::move(d));
      }
    }
    if (const json* only = member(*ctx, "only"); only && only->is_array()) {
      std::vector<std::string> kinds;
      for (const auto& k : *only)
        if (k.is_string()) kinds.push_back(k.get<std::string>());
      p.context.only = std::move(kinds);
    }
  }
}

void from_json(const json& j, ExecuteCommandParams& p, const std::string& path) {
  require_object(j, path);
  p.command = get_string(j, "command", path);
  if (const json* args = member(j, "arguments"); args && !args->is_null()) {
    if (!args->is_array()) bad(path + ".arguments", "expected an array");
    for (const auto& a : *args) p.arguments.push_back(a);
  }
  if (const json* t = member(j, "workDoneToken"); t && !t->is_null()) p.workDoneToken = *t;
}

}  // namespace pt2bb::protocol
