#include "hover/render.h"

#include <algorithm>
#include <cctype>

namespace pt2bb {
namespace {

// Plain text drops the Markdown emphasis the notes use (backticks), nothing else.
std::string plain(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s)
    if (c != '`') out += c;
  return out;
}

// Collects both renderings side by side so they never drift apart.
struct Writer {
  std::string md;
  std::string txt;

  void heading(const std::string& title, const std::string& kind, const std::string& key) {
    md += "**" + title + "**  \n*" + kind + "* `" + key + "`\n";
    txt += plain(title) + "\n" + kind + ": " + key + "\n";
  }
  void paragraph(const std::string& s) {
    if (s.empty()) return;
    // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) on "\n" + s + "\n".
    md.append("\n").append(s).append("\n");
    txt.append("\n").append(plain(s)).append("\n");
  }
  void field(const std::string& label, const std::string& value) {
    if (value.empty()) return;
    md += "\n**" + label + ":** " + value + "\n";
    txt += "\n" + label + ": " + plain(value) + "\n";
  }
  void code_list(const std::string& label, const std::vector<std::string>& items) {
    if (items.empty()) return;
    std::string m, t;
    for (const auto& i : items) {
      m += (m.empty() ? "" : ", ") + std::string("`") + i + "`";
      t += (t.empty() ? "" : ", ") + i;
    }
    md += "\n**" + label + ":** " + m + "\n";
    txt += "\n" + label + ": " + t + "\n";
  }
  void bullets(const std::string& label, const std::vector<std::string>& items) {
    if (items.empty()) return;
    md += "\n**" + label + ":**\n";
    txt += "\n" + label + ":\n";
    for (const auto& i : items) {
      md += "- " + i + "\n";
      txt += "  - " + plain(i) + "\n";
    }
  }
  HoverText done() { return {std::move(md), std::move(txt), std::nullopt}; }
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool is_gb_id(std::string_view w) {
  if (w.size() < 6 || w[0] != 'G' || w[1] != 'B') return false;
  for (size_t i = 2; i < w.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(w[i]))) return false;
  return true;
}

HoverText render_note(const KnowledgeNote& note, const HoverKnowledge& k, const GraphBreakRegistry* registry,
                      Lang lang) {
  const NoteText& t = note.in(lang);
  Writer w;
  std::string key = note.key;
  if (note.kind == NoteKind::Mode) {
    // Mode keys carry a variant after ':' ("torch.export.export:strict"); show the call.
    if (auto colon = key.find(':'); colon != std::string::npos) key = key.substr(0, colon) + "(...)";
  }
  w.heading(t.title, k.label("kind." + std::string(note_kind_name(note.kind)), lang), key);
  w.paragraph(t.summary);
  if (!note.default_value.empty()) w.field(k.label("section.default", lang), "`" + note.default_value + "`");
  w.field(k.label("section.look_for", lang), t.look_for);
  w.field(k.label("section.next", lang), t.next);
  if (!note.categories.empty()) {
    std::string cats;
    for (const auto& c : note.categories) cats += (cats.empty() ? "" : ", ") + k.category_title(c, lang);
    w.field(k.label("section.categories", lang), cats);
  }
  w.code_list(k.label("section.logs", lang), note.logs);
  // Graph-break types this note is about: their ids in the user's registry, when we have one.
  std::vector<std::string> ids;
  if (registry)
    for (const auto& type : note.gb_types)
      if (auto id = registry->id_for_type(type)) ids.push_back(*id + " (" + type + ")");
  w.code_list(k.label("kind.gb", lang), ids);
  w.code_list(k.label("section.see", lang), note.see);
  return w.done();
}

HoverText render_graph_break(std::string_view id, const HoverKnowledge& k, const GraphBreakRegistry* registry,
                             Lang lang) {
  Writer w;
  const std::vector<GraphBreakEntry>* variants = registry ? &registry->find(id) : nullptr;
  if (!variants || variants->empty()) {
    w.heading(std::string(id), k.label("kind.gb", lang), std::string(id));
    w.paragraph(k.label("section.no_registry", lang));
    return w.done();
  }
  // The registry lists variants oldest first: show the newest, and name the others' types.
  const GraphBreakEntry& e = variants->back();
  w.heading(e.gb_type, k.label("kind.gb", lang), std::string(id));
  w.field(k.label("section.explanation", lang), e.explanation);
  std::vector<std::string> hints;
  for (const auto& h : e.hints) {
    // Some hints are fragments of one sentence split over several items; keep them as given.
    std::string trimmed = h;
    while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back()))) trimmed.pop_back();
    if (!trimmed.empty()) hints.push_back(trimmed);
  }
  w.bullets(k.label("section.hints", lang), hints);
  std::vector<std::string> other_types;
  for (const auto& v : *variants)
    if (v.gb_type != e.gb_type && std::find(other_types.begin(), other_types.end(), v.gb_type) == other_types.end())
      other_types.push_back(v.gb_type);
  w.code_list(k.label("section.see", lang), other_types);
  w.field(k.label("section.gb_link", lang),
          "https://meta-pytorch.github.io/compile-graph-break-site/gb/" + lower(id) + ".html");
  return w.done();
}

}  // namespace pt2bb
