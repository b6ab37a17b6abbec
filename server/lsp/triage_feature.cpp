// The triage feature in the editor (see triage_feature.h). The triage itself runs on a worker;
// the session thread only gathers inputs (roots, settings, document text) and applies results
// (diagnostics, the hover table).
#include "lsp/triage_feature.h"

#include <fcntl.h>
#include <fnmatch.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>

#include <filesystem>
#include <map>
#include <set>

#include <boost/asio/steady_timer.hpp>
#include <re2/re2.h>
#include <spdlog/spdlog.h>

#include "lsp/diagnostics_publisher.h"
#include "lsp/features.h"
#include "lsp/language_server.h"
#include "lsp/progress.h"
#include "support/file_io.h"
#include "support/knowledge_dir.h"
#include "support/source_files.h"
#include "support/triage_stream.h"
#include "support/uri.h"
#include "syntax/line_index.h"
#include "triage/report_json.h"

namespace pt2bb {

namespace fs = std::filesystem;

// ---- Loaders shared with the CLI --------------------------------------------------------------

std::shared_ptr<const TriageKnowledge> load_triage_knowledge(const std::string& knowledge_dir, std::string* error) {
  std::optional<TriageKnowledge> kb;
  if (knowledge_dir.empty()) {
    kb = TriageKnowledge::load_embedded(error);
  } else {
    auto contents = read_knowledge_dir(knowledge_dir, {"triage"}, error);
    if (!contents) return nullptr;
    std::vector<EmbeddedFile> files;
    for (const auto& [name, text] : *contents) files.push_back({name, text});
    kb = TriageKnowledge::load(files, error);
  }
  if (!kb) return nullptr;
  return std::make_shared<const TriageKnowledge>(std::move(*kb));
}

std::shared_ptr<const GraphBreakRegistry> load_gb_registry(const std::vector<std::string>& roots, std::string* found) {
  for (const auto& root : roots) {
    // Also a folder holding the registry file itself (a copy such as shared/data/).
    auto candidates = gb_registry_candidates(root);
    candidates.push_back((fs::path(root) / "graph_break_registry.json").string());
    for (const auto& candidate : candidates) {
      auto text = read_file(candidate);
      if (!text) continue;
      std::string error;
      auto reg = GraphBreakRegistry::parse(*text, &error);
      if (!reg) {
        spdlog::warn("graph-break registry {}: {}", candidate, error);
        continue;
      }
      if (found) *found = candidate;
      return std::make_shared<const GraphBreakRegistry>(std::move(*reg));
    }
  }
  return nullptr;
}

std::optional<std::string> map_log_path(const std::string& log_path, const std::vector<std::string>& roots) {
  std::vector<std::string> parts;
  for (const auto& p : fs::path(log_path)) {
    const std::string s = p.string();
    if (!s.empty() && s != "/" && s != ".") parts.push_back(s);
  }
  std::error_code ec;
  for (size_t k = parts.size(); k >= 1; --k) {
    fs::path suffix;
    for (size_t i = parts.size() - k; i < parts.size(); ++i) suffix /= parts[i];
    for (const auto& root : roots) {
      fs::path candidate = fs::path(root) / suffix;
      if (fs::is_regular_file(candidate, ec)) return candidate.lexically_normal().string();
    }
  }
  return std::nullopt;
}

namespace {

// ---- Session-side state -----------------------------------------------------------------------

struct LogReport {
  std::shared_ptr<const TriageReport> report;
};

struct TriageState {
  std::shared_ptr<const TriageKnowledge> kb;
  std::string kb_error;
  bool registry_loaded = false;
  std::shared_ptr<const GraphBreakRegistry> registry;
  std::map<std::string, LogReport> logs;   // By log document URI.
  // Edited log documents wait for a pause in the typing before they are triaged again.
  std::map<std::string, std::unique_ptr<boost::asio::steady_timer>> retriage;
  std::set<std::string> annotated;         // Source files carrying "triage" diagnostics.
};

// Everything a worker needs, copied on the session thread.
struct JobInput {
  std::shared_ptr<const TriageKnowledge> kb;
  std::shared_ptr<const GraphBreakRegistry> registry;
  std::vector<std::string> roots;        // Workspace folders, then the torch root.
  std::vector<std::string> user_roots;   // Workspace folders only (quick-fix targets).
  Lang lang = Lang::En;
};

bool ensure_loaded(LanguageServer& server, TriageState& st) {
  if (!st.kb && st.kb_error.empty()) {
    st.kb = load_triage_knowledge(server.options().knowledge_dir.value_or(""), &st.kb_error);
    if (!st.kb) spdlog::error("triage knowledge: {}", st.kb_error);
  }
  if (!st.registry_loaded) {
    std::vector<std::string> roots;
    if (server.options().torch_root) roots.push_back(*server.options().torch_root);
    for (const auto& r : server.session().workspace_roots) roots.push_back(r);
    st.registry = load_gb_registry(roots);
    st.registry_loaded = true;
  }
  return st.kb != nullptr;
}

JobInput job_input(LanguageServer& server, TriageState& st) {
  JobInput in;
  in.kb = st.kb;
  in.registry = st.registry;
  in.user_roots = server.session().workspace_roots;
  in.roots = in.user_roots;
  if (server.options().torch_root) in.roots.push_back(*server.options().torch_root);
  in.lang = server.session().lang;
  return in;
}

TriageOptions triage_options(const JobInput& in) {
  TriageOptions o;
  o.knowledge = in.kb.get();
  o.registry = in.registry.get();
  o.lang = in.lang;
  return o;
}

// ---- Findings become diagnostics (worker side: reads files) -----------------------------------

// The whole line, from its first non-blank byte, as a range.
Range line_range(const LineIndex& lines, uint32_t line0) {
  std::string_view text = lines.line_text(line0);
  uint32_t start = 0;
  while (start < text.size() && (text[start] == ' ' || text[start] == '\t')) ++start;
  uint32_t end = static_cast<uint32_t>(text.size());
  while (end > start && (text[end - 1] == '\r' || text[end - 1] == '\n')) --end;
  return {{line0, start}, {line0, end}};
}

std::string finding_message(const TriageFinding& f) {
  std::string m = f.title + ": " + f.message;
  if (!f.detail.empty() && f.detail != f.message) m += " — " + f.detail;
  if (f.count > 1) m += " (×" + std::to_string(f.count) + ")";
  if (!f.gb_id.empty()) m += " [" + f.gb_id + "]";
  return m;
}

Severity severity_of(const TriageReport& r, size_t index) {
  const TriageFinding& f = r.findings[index];
  // Words are a hint to read on, not an error in the log; output the category could not be read
  // from (frames every failure passes through) is a failure of a kind the words had to guess.
  if (f.from_words) return Severity::Information;
  if (r.guessed) return Severity::Warning;
  if (index == 0 && r.category != "unknown") return Severity::Error;
  if (f.terminal) return Severity::Warning;
  return f.category == r.category ? Severity::Warning : Severity::Information;
}

struct FileCache {
  std::map<std::string, std::shared_ptr<std::pair<std::string, LineIndex>>> files;
  const std::pair<std::string, LineIndex>* get(const std::string& path) {
    auto it = files.find(path);
    if (it == files.end()) {
      auto text = read_file(path);
      std::shared_ptr<std::pair<std::string, LineIndex>> entry;
      if (text && text->size() < (64u << 20)) {
        auto owned = std::make_shared<std::string>(std::move(*text));
        entry = std::make_shared<std::pair<std::string, LineIndex>>(std::move(*owned), LineIndex(""));
        entry->second = LineIndex(entry->first);
      }
      it = files.emplace(path, entry).first;
    }
    return it->second.get();
  }
};

// "def step(self, x: Tensor, n=3):" -> ["self", "x", "n"].
std::vector<std::string> parameter_names(std::string_view def_line) {
  std::vector<std::string> out;
  size_t open = def_line.find('(');
  if (open == std::string_view::npos) return out;
  std::string_view rest = def_line.substr(open + 1);
  int depth = 0;
  std::string cur;
  bool in_name = true;
  for (char c : rest) {
    if (depth == 0 && (c == ',' || c == ')')) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
      in_name = true;
      if (c == ')') break;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (in_name && (std::isalnum(static_cast<unsigned char>(c)) || c == '_')) cur += c;
    else if (!cur.empty() || (c != ' ' && c != '*')) in_name = false;
  }
  return out;
}

// The top-level arguments of the call that opens at `open` ("(") in `line`.
std::vector<std::string> call_arguments(std::string_view line, size_t open) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (size_t i = open + 1; i < line.size(); ++i) {
    const char c = line[i];
    if (depth == 0 && (c == ',' || c == ')')) {
      std::string_view t = cur;
      while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
      while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
      if (!t.empty()) out.emplace_back(t);
      cur.clear();
      if (c == ')') return out;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    cur += c;
  }
  return out;  // The call continues on the next line: what we have.
}

// The `mark_dynamic` quick fix: a finding on the compiled function's call site whose fix inserts
// `torch._dynamo.mark_dynamic(arg, dim)` on the line before the call.
std::optional<Finding> mark_dynamic_fix(const SizeMismatch& m, const std::string& def_path, const JobInput& in,
                                        FileCache& cache) {
  if (m.function.empty() || m.function.starts_with("torch_dynamo_resume_in_")) return std::nullopt;
  std::vector<std::string> params;
  if (!def_path.empty()) {
    if (const auto* f = cache.get(def_path); f && m.function_def.line > 0 && m.function_def.line <= f->second.line_count())
      params = parameter_names(f->second.line_text(m.function_def.line - 1));
  }
  std::vector<std::string> candidates;
  if (!def_path.empty()) candidates.push_back(def_path);
  const auto py = collect_python_files(in.user_roots);
  for (size_t i = 0; i < py.files.size() && i < 2000; ++i)
    if (py.files[i] != def_path) candidates.push_back(py.files[i]);
  const RE2 alias_re("(\\w+)\\s*=\\s*torch\\.compile\\(\\s*(?:[\\w.]+\\.)?" + RE2::QuoteMeta(m.function) + "\\b");
  for (const auto& path : candidates) {
    const auto* file = cache.get(path);
    if (!file) continue;
    std::set<std::string> names = {m.function};
    re2::StringPiece input(file->first);
    std::string alias;
    while (RE2::FindAndConsume(&input, alias_re, &alias)) names.insert(alias);
    for (uint32_t l = 0; l < file->second.line_count(); ++l) {
      std::string_view text = file->second.line_text(l);
      std::string_view trimmed = text.substr(std::min(text.size(), text.find_first_not_of(" \t")));
      if (trimmed.starts_with("def ") || trimmed.starts_with("async def ") || trimmed.starts_with("class ") ||
          trimmed.starts_with("#") || trimmed.find("torch.compile(") != std::string_view::npos)
        continue;
      for (const auto& name : names) {
        size_t p = text.find(name + "(");
        while (p != std::string_view::npos && p > 0 &&
               (std::isalnum(static_cast<unsigned char>(text[p - 1])) || text[p - 1] == '_'))
          p = text.find(name + "(", p + 1);
        if (p == std::string_view::npos) continue;
        const bool method_call = p > 0 && text[p - 1] == '.';
        auto args = call_arguments(text, p + name.size());
        std::string arg = m.tensor;
        auto it = std::find(params.begin(), params.end(), m.tensor);
        if (it != params.end()) {
          size_t index = static_cast<size_t>(it - params.begin());
          if (method_call && !params.empty() && params[0] == "self" && index > 0) --index;
          for (const auto& a : args)
            if (a.starts_with(m.tensor + "=")) arg = a.substr(m.tensor.size() + 1);
          if (arg == m.tensor && index < args.size() && args[index].find('=') == std::string::npos &&
              !args[index].starts_with("*"))
            arg = args[index];
        }
        const std::string indent(text.substr(0, text.size() - trimmed.size()));
        Finding f;
        f.path = path;
        f.range = line_range(file->second, l);
        f.severity = Severity::Information;
        f.code = "triage.recompilation.size_mismatch";
        f.message = "Recompilation: '" + m.tensor + "' changes size at dimension " + std::to_string(m.dim) + " in " +
                    m.function + "(); mark it dynamic to compile once";
        Fix fix;
        fix.title = "Insert torch._dynamo.mark_dynamic(" + arg + ", " + std::to_string(m.dim) + ") before the call";
        fix.preferred = true;
        fix.edits.push_back({path, {{l, 0}, {l, 0}}, indent + "torch._dynamo.mark_dynamic(" + arg + ", " + std::to_string(m.dim) + ")\n"});
        f.fixes.push_back(std::move(fix));
        return f;
      }
    }
  }
  return std::nullopt;
}

// Findings on the source files the report points to, by mapped path.
std::map<std::string, std::vector<Finding>> source_diagnostics(const TriageReport& r, const JobInput& in) {
  std::map<std::string, std::vector<Finding>> out;
  FileCache cache;
  for (size_t i = 0; i < r.findings.size() && i < 200; ++i) {
    const TriageFinding& tf = r.findings[i];
    std::string def_path;
    if (tf.has_user_frame) {
      if (auto mapped = map_log_path(tf.user_frame.file, in.roots)) {
        const auto* file = cache.get(*mapped);
        if (file && tf.user_frame.line > 0 && tf.user_frame.line <= file->second.line_count()) {
          Finding f;
          f.path = *mapped;
          f.range = line_range(file->second, tf.user_frame.line - 1);
          f.severity = severity_of(r, i);
          f.code = "triage." + tf.category;
          f.message = finding_message(tf);
          // The chain through the compiler, innermost last.
          for (const auto& cf : tf.compiler_frames) {
            RelatedLocation rel;
            rel.path = map_log_path(cf.file, in.roots).value_or(cf.file);
            const uint32_t l0 = cf.line > 0 ? cf.line - 1 : 0;
            rel.range = {{l0, 0}, {l0, 0}};
            if (const auto* cfile = cache.get(rel.path); cfile && cf.line > 0 && cf.line <= cfile->second.line_count())
              rel.range = line_range(cfile->second, l0);
            rel.message = "compiler frame" + (cf.function.empty() ? std::string() : ": " + cf.function);
            f.related.push_back(std::move(rel));
          }
          out[*mapped].push_back(std::move(f));
          def_path = *mapped;
        }
      }
    }
    for (const auto& m : tf.size_mismatches) {
      std::string dp = def_path;
      if (dp.empty() && !m.function_def.file.empty()) dp = map_log_path(m.function_def.file, in.roots).value_or("");
      if (auto fix = mark_dynamic_fix(m, dp, in, cache)) out[fix->path].push_back(std::move(*fix));
    }
  }
  return out;
}

// Findings on a log document's own evidence lines.
std::vector<Finding> log_diagnostics(const TriageReport& r, const std::string& path, const LineIndex& lines) {
  std::vector<Finding> out;
  for (size_t i = 0; i < r.findings.size() && out.size() < 500; ++i) {
    const TriageFinding& tf = r.findings[i];
    for (uint32_t ev : tf.evidence) {
      if (ev == 0 || ev > lines.line_count()) continue;
      Finding f;
      f.path = path;
      f.range = line_range(lines, ev - 1);
      // The finding's first evidence line carries its severity; the others are notes.
      f.severity = ev == tf.evidence.front() ? severity_of(r, i) : Severity::Information;
      f.code = "triage." + tf.category;
      f.message = finding_message(tf);
      out.push_back(std::move(f));
    }
  }
  return out;
}

std::string hover_markdown(const TriageFinding& f, bool markdown) {
  std::string s;
  const std::string b = markdown ? "**" : "";
  const std::string code = markdown ? "`" : "";
  s += b + f.title + b + " (" + f.category + ", ×" + std::to_string(f.count) + ")\n\n" + f.message + "\n";
  if (!f.detail.empty() && f.detail != f.message) s += "\n" + f.detail + "\n";
  if (!f.why.empty()) s += "\n" + f.why + "\n";
  if (f.has_user_frame)
    s += "\n" + code + f.user_frame.file + ":" + std::to_string(f.user_frame.line) + code + "\n";
  if (!f.gb_id.empty() || !f.gb_explanation.empty()) {
    s += "\n" + b + (f.gb_id.empty() ? std::string("Graph break") : f.gb_id) + b + ": " + f.gb_type + "\n";
    if (!f.gb_explanation.empty()) s += "\n" + f.gb_explanation + "\n";
    for (const auto& h : f.gb_hints) s += "\n- " + h;
    if (!f.gb_hints.empty()) s += "\n";
  }
  if (!f.next_commands.empty()) {
    s += markdown ? "\n```sh\n" : "\n";
    for (const auto& c : f.next_commands) s += c + "\n";
    if (markdown) s += "```\n";
  }
  if (!f.fix_approach.empty()) s += "\n" + f.fix_approach + "\n";
  return s;
}

bool is_log_document(LanguageServer& server, const OpenDocument& doc) {
  std::vector<std::string> globs = {"*.log", "*.txt"};
  const auto& settings = server.session().settings;
  if (settings.is_object() && settings.contains("logGlobs") && settings["logGlobs"].is_array()) {
    globs.clear();
    for (const auto& g : settings["logGlobs"])
      if (g.is_string()) globs.push_back(g.get<std::string>());
  }
  const std::string name = fs::path(doc.path).filename().string();
  for (const auto& g : globs)
    if (::fnmatch(g.c_str(), name.c_str(), 0) == 0 || ::fnmatch(g.c_str(), doc.path.c_str(), 0) == 0) return true;
  return false;
}

// Triage of an open log document: on a worker, then the evidence lines get diagnostics.
void triage_log_document(LanguageServer& server, const std::shared_ptr<TriageState>& st, const OpenDocument& doc) {
  if (!ensure_loaded(server, *st)) return;
  auto text = std::make_shared<std::string>(doc.doc->text());
  auto in = std::make_shared<JobInput>(job_input(server, *st));
  const std::string uri = doc.uri;
  const std::string path = doc.path;
  const int64_t version = doc.version;
  server.run_on_worker([&server, st, text, in, uri, path, version] {
    auto report = std::make_shared<TriageReport>(triage_text(*text, triage_options(*in)));
    LineIndex lines(*text);
    auto findings = std::make_shared<std::vector<Finding>>(log_diagnostics(*report, path, lines));
    server.post_to_session([&server, st, report, findings, uri, path, version] {
      OpenDocument* d = server.session().find(uri);
      if (!d || d->version != version) return;  // Closed or edited since: a newer run follows.
      st->logs[uri] = {report};
      server.diagnostics().set_external(path, "triage", std::move(*findings));
    });
  });
}

// ---- The pt2bb.triage command -----------------------------------------------------------------

void run_triage_command(LanguageServer& server, const std::shared_ptr<TriageState>& st,
                        const std::vector<protocol::json>& args, ReplyOnce& reply) {
  if (!ensure_loaded(server, *st)) {
    reply.error(protocol::ErrorCode::InternalError, "triage knowledge: " + st->kb_error);
    return;
  }
  std::string path;
  auto text = std::make_shared<std::string>();
  bool have_text = false;
  if (!args.empty() && args[0].is_string()) {
    path = args[0].get<std::string>();
  } else if (!args.empty() && args[0].is_object()) {
    const auto& a = args[0];
    if (a.contains("text") && a["text"].is_string()) {
      *text = a["text"].get<std::string>();
      have_text = true;
    } else if (a.contains("path") && a["path"].is_string()) {
      path = a["path"].get<std::string>();
    } else if (a.contains("uri") && a["uri"].is_string()) {
      path = a["uri"].get<std::string>();
    }
  }
  if (!have_text && path.empty()) {
    reply.error(protocol::ErrorCode::InvalidParams, "pt2bb.triage expects a log file path or {\"text\": ...}");
    return;
  }
  if (path.starts_with("file://")) path = path_from_uri(path).value_or(path);
  if (!have_text && fs::path(path).is_relative() && !server.session().workspace_roots.empty()) {
    // Relative to the workspace folder that holds it (the first folder when none does).
    const auto& roots = server.session().workspace_roots;
    std::string resolved = (fs::path(roots.front()) / path).string();
    for (const auto& r : roots) {
      std::error_code ec;
      if (fs::is_regular_file(fs::path(r) / path, ec)) {
        resolved = (fs::path(r) / path).string();
        break;
      }
    }
    path = resolved;
  }
  // An open, possibly unsaved, document wins over the file on disk.
  if (!have_text) {
    for (const auto& [uri, doc] : server.session().documents) {
      if (doc.path == path) {
        *text = doc.doc->text();
        have_text = true;
        break;
      }
    }
  }
  auto in = std::make_shared<JobInput>(job_input(server, *st));
  auto progress = WorkDoneProgress::begin(server, "PT2 triage", true);
  const CancelToken request_token = server.cancel_token(reply.id());
  auto held = std::make_shared<ReplyOnce>(std::move(reply));
  server.run_on_worker([&server, st, in, text, have_text, path, progress, request_token, held] {
    const CancelToken& cancel = progress->token();
    auto cancelled = [&] { return cancel.cancelled() || request_token.cancelled(); };
    Triager triager(triage_options(*in));
    constexpr size_t kChunk = 4 << 20;
    if (have_text) {
      for (size_t off = 0; off < text->size() && !cancelled(); off += kChunk) {
        triager.feed(std::string_view(*text).substr(off, kChunk));
        progress->report("reading the log", static_cast<int>(100.0 * off / std::max<size_t>(1, text->size())));
      }
    } else {
      int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
      if (fd < 0) {
        progress->end("cannot read " + path);
        server.post_to_session([held, path] { held->error(protocol::ErrorCode::InvalidParams, "cannot read " + path); });
        return;
      }
      struct stat st_buf {};
      const double size = ::fstat(fd, &st_buf) == 0 ? static_cast<double>(st_buf.st_size) : 0;
      TriageStreamOptions stream;
      stream.cancelled = cancelled;
      int reported = -1;  // One report per percent, not one per chunk.
      stream.progress = [&](uint64_t done) {
        const int percent = size > 0 ? static_cast<int>(100 * static_cast<double>(done) / size) : 0;
        if (size > 0 && percent != reported) progress->report("reading the log", reported = percent);
      };
      std::string read_error;  // A read error ends the log where it stopped.
      triage_stream(fd, triager, stream, &read_error);
      ::close(fd);
    }
    if (cancelled()) {
      progress->end("cancelled");
      server.post_to_session([held] { held->error(protocol::ErrorCode::RequestCancelled, "triage cancelled"); });
      return;
    }
    auto report = std::make_shared<TriageReport>(triager.finish());
    progress->report("mapping findings onto the workspace", 95);
    auto diags = std::make_shared<std::map<std::string, std::vector<Finding>>>(source_diagnostics(*report, *in));
    auto result = std::make_shared<protocol::json>(triage_report_json(*report, *in->kb, in->lang));
    progress->end(report->category + ", " + std::to_string(report->findings.size()) + " finding(s)");
    server.post_to_session([&server, st, diags, result, held] {
      // A new run replaces the previous run's diagnostics everywhere.
      for (const auto& p : st->annotated)
        if (!diags->contains(p)) server.diagnostics().set_external(p, "triage", {});
      st->annotated.clear();
      nlohmann::json files = nlohmann::json::array();
      for (auto& [p, findings] : *diags) {
        st->annotated.insert(p);
        files.push_back(p);
        server.diagnostics().set_external(p, "triage", std::move(findings));
      }
      (*result)["annotated_files"] = files;
      held->result(*result);
    });
  });
}

}  // namespace

void install_triage_feature(LanguageServer& server) {
  auto st = std::make_shared<TriageState>();
  server.features().commands["pt2bb.triage"] = [st](LanguageServer& s, const std::vector<protocol::json>& args,
                                                    ReplyOnce& reply) { run_triage_command(s, st, args, reply); };
  server.features().document_opened.push_back([st](LanguageServer& s, const OpenDocument& doc) {
    if (is_log_document(s, doc)) triage_log_document(s, st, doc);
  });
  server.features().document_changed.push_back([st](LanguageServer& s, const OpenDocument& doc) {
    if (!is_log_document(s, doc)) return;
    auto& timer = st->retriage[doc.uri];
    if (!timer) timer = std::make_unique<boost::asio::steady_timer>(s.io());
    // A log is longer than a source file and rarely typed into: wait for a longer pause.
    timer->expires_after(4 * s.options().debounce);
    std::weak_ptr<TriageState> weak = st;
    timer->async_wait([&s, weak, uri = doc.uri](boost::system::error_code ec) {
      auto state = weak.lock();
      if (ec || !state) return;  // Cancelled: edited again, closed, or the server stopped.
      if (const OpenDocument* d = s.session().find(uri)) triage_log_document(s, state, *d);
    });
  });
  server.on_stop([st] { st->retriage.clear(); });  // Pending re-triages are cancelled.
  server.features().document_closed.push_back([st](LanguageServer& s, const std::string& uri) {
    st->retriage.erase(uri);
    auto it = st->logs.find(uri);
    if (it == st->logs.end()) return;
    st->logs.erase(it);
    s.diagnostics().set_external(path_from_uri(uri).value_or(uri), "triage", {});
  });
  server.features().hover.push_back([st](LanguageServer& s, const HoverQuery& q) -> std::optional<HoverNote> {
    auto it = st->logs.find(q.doc.uri);
    if (it == st->logs.end() || !it->second.report) return std::nullopt;
    const uint32_t line1 = q.point.line + 1;
    for (const auto& f : it->second.report->findings) {
      if (std::find(f.evidence.begin(), f.evidence.end(), line1) == f.evidence.end()) continue;
      HoverNote note;
      note.markdown = hover_markdown(f, true);
      note.plaintext = hover_markdown(f, false);
      const LineIndex& lines = q.doc.doc->line_index();
      note.range = line_range(lines, q.point.line);
      (void)s;
      return note;
    }
    return std::nullopt;
  });
}

}  // namespace pt2bb
