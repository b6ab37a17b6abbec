#include "lsp/hover_feature.h"

#include <filesystem>

#include <spdlog/spdlog.h>

#include "hover/hover.h"
#include "lsp/code_actions.h"
#include "lsp/features.h"
#include "lsp/language_server.h"
#include "lsp/triage_feature.h"
#include "support/file_io.h"
#include "support/knowledge_dir.h"

namespace pt2bb {

namespace fs = std::filesystem;

std::shared_ptr<const HoverKnowledge> load_hover_knowledge(const std::string& knowledge_dir, std::string* error) {
  if (knowledge_dir.empty()) {
    if (!HoverKnowledge::embedded_error().empty()) {
      if (error) *error = HoverKnowledge::embedded_error();
      return nullptr;
    }
    // The embedded knowledge lives for the whole program: share it without copying.
    return std::shared_ptr<const HoverKnowledge>(&HoverKnowledge::embedded(), [](const HoverKnowledge*) {});
  }
  auto contents = read_knowledge_dir(knowledge_dir, {"hover", "lint"}, error);
  if (!contents) return nullptr;
  std::vector<EmbeddedFile> files;
  for (const auto& [name, text] : *contents) files.push_back({name, text});
  auto k = HoverKnowledge::load(files, error);
  if (!k) return nullptr;
  return std::make_shared<const HoverKnowledge>(std::move(*k));
}

namespace {

// Per-server state, touched on the session thread only.
struct HoverState {
  std::shared_ptr<const HoverKnowledge> knowledge;
  bool knowledge_tried = false;
  std::string registry_roots;  // The roots the cached registry was looked up under.
  bool registry_tried = false;
  std::shared_ptr<const GraphBreakRegistry> registry;
};

const HoverKnowledge& knowledge_of(LanguageServer& server, HoverState& st) {
  if (!st.knowledge_tried) {
    st.knowledge_tried = true;
    std::string error;
    st.knowledge = load_hover_knowledge(server.options().knowledge_dir.value_or(""), &error);
    if (!st.knowledge) spdlog::error("hover knowledge: {}; using the embedded notes", error);
  }
  return st.knowledge ? *st.knowledge : HoverKnowledge::embedded();
}

// The user's graph-break registry: --torch-root first, then the workspace folders.
const GraphBreakRegistry* registry_of(LanguageServer& server, HoverState& st) {
  std::vector<std::string> roots;
  if (server.options().torch_root) roots.push_back(*server.options().torch_root);
  for (const auto& r : server.session().workspace_roots) roots.push_back(r);
  std::string key;
  for (const auto& r : roots) key += r + "\n";
  if (!st.registry_tried || key != st.registry_roots) {
    st.registry_tried = true;
    st.registry_roots = key;
    st.registry = load_gb_registry(roots);
  }
  return st.registry.get();
}

bool covers(const Range& r, Point p) { return !(p < r.start) && !(r.end < p); }

}  // namespace

void install_hover_feature(LanguageServer& server) {
  auto state = std::make_shared<HoverState>();
  server.features().hover.push_back([state](LanguageServer& s, const HoverQuery& q) -> std::optional<HoverNote> {
    const HoverKnowledge& k = knowledge_of(s, *state);
    const GraphBreakRegistry* registry = registry_of(s, *state);
    const Lang lang = s.session().lang;
    HoverContext ctx{q.doc.path, q.doc.doc->text(), q.doc.doc->tree(), &k, registry, lang};
    std::optional<HoverText> symbol = hover_at(ctx, q.point);
    // The notes of the diagnostics shown under the cursor come first: they are what the user sees.
    std::optional<HoverText> diag;
    std::optional<Range> diag_range;
    const std::string rel = s.session().relative_path(q.doc.path);
    for (const Finding& f : current_findings(s, q.doc)) {
      if (f.code.empty() || !covers(f.range, q.point)) continue;
      if (!f.path.empty() && f.path != q.doc.path && f.path != rel) continue;
      if (auto note = code_note(f.code, k, registry, lang)) {
        diag = std::move(note);
        diag_range = f.range;
        break;
      }
    }
    if (!symbol && !diag) return std::nullopt;
    HoverNote out;
    if (diag && symbol) {
      out.markdown = diag->markdown + "\n---\n\n" + symbol->markdown;
      out.plaintext = diag->plaintext + "\n----\n\n" + symbol->plaintext;
      out.range = symbol->range;
    } else {
      const HoverText& one = diag ? *diag : *symbol;
      out.markdown = one.markdown;
      out.plaintext = one.plaintext;
      out.range = diag ? diag_range : one.range;
    }
    return out;
  });
}

}  // namespace pt2bb
