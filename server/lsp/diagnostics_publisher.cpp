#include "lsp/diagnostics_publisher.h"

#include <spdlog/spdlog.h>

#include "check/pipeline.h"
#include "lsp/convert.h"
#include "lsp/language_server.h"
#include "support/file_io.h"
#include "support/uri.h"
#include "testing/workspace_index.h"
#include "workspace/finding_paths.h"
#include "workspace/workspace_service.h"

namespace pt2bb {

struct DiagnosticsPublisher::State {
  explicit State(boost::asio::io_context& io) : timer(io) {}
  boost::asio::steady_timer timer;
  std::vector<protocol::Diagnostic> own;  // From the file's own analysis, already converted.
  std::vector<Finding> own_findings;      // The same, as analyzer results (for code actions).
  int64_t own_version = -1;
};

DiagnosticsPublisher::DiagnosticsPublisher(LanguageServer& server) : server_(server) {}
DiagnosticsPublisher::~DiagnosticsPublisher() = default;

void DiagnosticsPublisher::document_changed(const std::string& uri) {
  if (stopped_) return;
  auto& state = states_[uri];
  if (!state) state = std::make_unique<State>(server_.io());
  state->timer.expires_after(server_.options().debounce);
  state->timer.async_wait([this, uri](boost::system::error_code ec) {
    if (!ec && !stopped_) analyze(uri);
  });
}

void DiagnosticsPublisher::analyze(const std::string& uri) {
  OpenDocument* doc = server_.session().find(uri);
  if (!doc) return;
  auto snapshot = std::make_shared<DocumentSnapshot>(doc->doc->snapshot(doc->path, doc->version));
  const std::string rel = server_.session().relative_path(doc->path);
  const PositionEncoding enc = server_.session().encoding;
  const Lang lang = server_.session().lang;
  // The testing analyzers compare with the file's baseline and rank against the workspace index.
  auto head = server_.workspace().head_text(uri);
  auto index = server_.workspace().index_for(doc->path);
  const bool indexed = server_.workspace().relative(doc->path).has_value();
  const std::string root = server_.session().root_of(doc->path).value_or("");
  const std::string doc_path = doc->path;
  server_.run_on_worker([this, uri, snapshot, rel, enc, lang, head, index, indexed, root, doc_path] {
    snapshot->parse();  // The deferred reparse of the edits since the last analysis.
    const LineIndex lines(*snapshot->text);
    FileContext ctx;
    ctx.path = rel;
    ctx.text = *snapshot->text;
    ctx.tree = snapshot->tree.get();
    ctx.lines = &lines;
    ctx.lang = lang;
    if (head) ctx.head_text = *head;
    ctx.workspace = index.get();
    std::vector<Finding> findings = run_file_analyzers(ctx);
    resolve_finding_paths(findings, snapshot->path, rel, root);
    std::vector<protocol::Diagnostic> diags;
    for (const Finding& f : findings) diags.push_back(to_proto(f, lines, enc));
    std::shared_ptr<const FileSummary> summary;
    if (indexed) summary = std::make_shared<const FileSummary>(summarize_python(rel, *snapshot->text, snapshot->tree.get()));
    server_.post_to_session([this, uri, snapshot, version = snapshot->version, diags = std::move(diags),
                             findings = std::move(findings), summary, doc_path]() mutable {
      OpenDocument* current = server_.session().find(uri);
      // The parse serves the next edit as its old tree, whatever became of the document.
      if (current) current->doc->install_parsed(*snapshot);
      // A result for an older version, or for a closed document, is dropped.
      if (!current || current->version != version || stopped_) return;
      if (summary) server_.workspace().update(doc_path, summary);
      auto it = states_.find(uri);
      if (it == states_.end()) return;
      it->second->own = std::move(diags);
      it->second->own_findings = std::move(findings);
      it->second->own_version = version;
      publish(uri);
    });
  });
}

void DiagnosticsPublisher::publish(const std::string& uri) {
  protocol::PublishDiagnosticsParams params;
  params.uri = uri;
  OpenDocument* doc = server_.session().find(uri);
  const std::string path = doc ? doc->path : path_from_uri(uri).value_or(uri);
  if (auto it = states_.find(uri); it != states_.end() && doc) {
    params.diagnostics = it->second->own;
    params.version = doc->version;
  }
  if (auto ext = external_.find(path); ext != external_.end()) {
    // Open documents convert with their current text; others with the file on disk.
    std::unique_ptr<std::string> disk_text;
    std::unique_ptr<LineIndex> disk_index;
    const LineIndex* lines = doc ? &doc->doc->line_index() : nullptr;
    if (!lines) {
      disk_text = std::make_unique<std::string>(read_file(path).value_or(""));
      disk_index = std::make_unique<LineIndex>(*disk_text);
      lines = disk_index.get();
    }
    for (const auto& [source, findings] : ext->second)
      for (const auto& f : findings) params.diagnostics.push_back(to_proto(f, *lines, server_.session().encoding));
  }
  server_.notify("textDocument/publishDiagnostics", protocol::to_json(params));
  if (published_hook_) published_hook_(uri, params.version.value_or(-1));
}

void DiagnosticsPublisher::document_closed(const std::string& uri) {
  states_.erase(uri);
  protocol::PublishDiagnosticsParams params;
  params.uri = uri;
  server_.notify("textDocument/publishDiagnostics", protocol::to_json(params));
}

void DiagnosticsPublisher::set_external(const std::string& path, const std::string& source,
                                        std::vector<Finding> findings) {
  if (findings.empty()) {
    if (auto it = external_.find(path); it != external_.end()) it->second.erase(source);
  } else {
    external_[path][source] = std::move(findings);
  }
  publish(uri_from_path(path));
}

void DiagnosticsPublisher::clear_source(const std::string& source) {
  std::vector<std::string> touched;
  for (auto& [path, sources] : external_)
    if (sources.erase(source)) touched.push_back(path);
  for (const auto& path : touched) publish(uri_from_path(path));
}

std::vector<Finding> DiagnosticsPublisher::external_findings(const std::string& path) const {
  std::vector<Finding> out;
  if (auto it = external_.find(path); it != external_.end())
    for (const auto& [source, findings] : it->second) out.insert(out.end(), findings.begin(), findings.end());
  return out;
}

std::vector<Finding> DiagnosticsPublisher::own_findings(const std::string& uri, int64_t version) {
  if (auto it = states_.find(uri); it != states_.end() && it->second->own_version == version)
    return it->second->own_findings;
  OpenDocument* doc = server_.session().find(uri);
  if (!doc) return {};
  const std::string rel = server_.session().relative_path(doc->path);
  FileContext ctx;
  ctx.path = rel;
  ctx.text = doc->doc->text();
  ctx.tree = doc->doc->tree();
  ctx.lines = &doc->doc->line_index();
  ctx.lang = server_.session().lang;
  auto head = server_.workspace().head_text(uri);
  if (head) ctx.head_text = *head;
  auto index = server_.workspace().index_for(doc->path);
  ctx.workspace = index.get();
  auto findings = run_file_analyzers(ctx);
  resolve_finding_paths(findings, doc->path, rel, server_.session().root_of(doc->path).value_or(""));
  return findings;
}

void DiagnosticsPublisher::stop() {
  stopped_ = true;
  for (auto& [uri, state] : states_) state->timer.cancel();
}

}  // namespace pt2bb
