// DiagnosticsPublisher: turns document edits into published diagnostics.
//
// Per document: edits restart a debounce timer; when it fires, a snapshot (shared text + copied
// tree + version) is analyzed on a worker by the same pipeline as `pt2bb check`; the result is
// posted back and published only if the document is still open at that version. Findings from
// other sources (a triage run, a job) are kept per source and merged into the same publish, so
// one file's diagnostics never overwrite another source's. Closing a document publishes [].
//
// Session thread only.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>

#include "core/finding.h"
#include "protocol/types.h"

namespace pt2bb {

class LanguageServer;
struct OpenDocument;

class DiagnosticsPublisher {
public:
  explicit DiagnosticsPublisher(LanguageServer& server);
  ~DiagnosticsPublisher();

  void document_changed(const std::string& uri);
  void document_closed(const std::string& uri);

  // Replaces the findings of `source` (e.g. "triage") for the file at `path`; the file need not
  // be open. An empty list clears them.
  void set_external(const std::string& path, const std::string& source, std::vector<Finding> findings);
  // Clears `source` everywhere.
  void clear_source(const std::string& source);
  // The external findings currently shown for `path`, all sources.
  std::vector<Finding> external_findings(const std::string& path) const;
  // The file's own findings of its last analysis, if it analyzed `version`; else a fresh analysis
  // of the document as it is now (run inline: code actions need an answer for this version).
  std::vector<Finding> own_findings(const std::string& uri, int64_t version);

  // Observers for tests and the benchmark: called after each publish with (uri, version).
  void on_published(std::function<void(const std::string&, int64_t)> fn) { published_hook_ = std::move(fn); }

  void stop();

private:
  struct State;
  void analyze(const std::string& uri);
  void publish(const std::string& uri);

  LanguageServer& server_;
  std::map<std::string, std::unique_ptr<State>> states_;                        // By URI.
  std::map<std::string, std::map<std::string, std::vector<Finding>>> external_;  // path -> source -> findings.
  std::function<void(const std::string&, int64_t)> published_hook_;
  bool stopped_ = false;
};

}  // namespace pt2bb
