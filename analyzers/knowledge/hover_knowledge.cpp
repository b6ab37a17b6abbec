#include "knowledge/hover_knowledge.h"

#include <nlohmann/json.hpp>

namespace pt2bb {
namespace {

using nlohmann::json;

constexpr std::pair<NoteKind, std::string_view> kKinds[] = {
    {NoteKind::File, "file"},         {NoteKind::Exception, "exception"}, {NoteKind::Config, "config"},
    {NoteKind::Function, "function"}, {NoteKind::Env, "env"},             {NoteKind::Log, "log"},
    {NoteKind::Mode, "mode"},         {NoteKind::Code, "code"}};

// Labels the renderer uses: every one must exist in both languages once all files are merged.
constexpr std::string_view kRequiredLabels[] = {
    "kind.file",         "kind.exception",     "kind.config",     "kind.function",  "kind.env",
    "kind.log",          "kind.mode",          "kind.code",       "kind.gb",        "section.default",
    "section.categories", "section.look_for",  "section.next",    "section.logs",   "section.see",
    "section.hints",     "section.explanation", "section.gb_link", "section.no_registry", "fix.fullgraph",
    "fix.suppress",      "lint.fullgraph_error"};

constexpr std::string_view kSeverities[] = {"hint", "information", "warning", "error"};

std::string kind_key(NoteKind kind, std::string_view key) {
  return std::string(note_kind_name(kind)) + ":" + std::string(key);
}

// Reads an optional array of strings; false (with `why`) when it is there but not that.
bool read_strings(const json& obj, const char* name, std::vector<std::string>& out, std::string& why) {
  auto it = obj.find(name);
  if (it == obj.end()) return true;
  if (!it->is_array()) {
    why = std::string(name) + " is not an array";
    return false;
  }
  for (const auto& s : *it) {
    if (!s.is_string() || s.get_ref<const std::string&>().empty()) {
      why = std::string(name) + " holds a value that is not a non-empty string";
      return false;
    }
    out.push_back(s.get<std::string>());
  }
  return true;
}

bool read_text(const json& obj, const char* lang, NoteText& out, std::string& why) {
  auto it = obj.find(lang);
  if (it == obj.end() || !it->is_object()) {
    why = std::string("missing ") + lang + " text";
    return false;
  }
  std::pair<const char*, std::string*> fields[] = {{"title", &out.title},   {"summary", &out.summary},
                                                   {"look_for", &out.look_for}, {"next", &out.next},
                                                   {"message", &out.message}, {"fix", &out.fix}};
  for (auto& [name, dest] : fields) {
    auto f = it->find(name);
    if (f == it->end()) continue;
    if (!f->is_string()) {
      why = std::string(lang) + "." + name + " is not a string";
      return false;
    }
    *dest = f->get<std::string>();
  }
  for (auto* key : {"title", "summary"}) {
    const std::string& v = std::string_view(key) == "title" ? out.title : out.summary;
    if (v.empty()) {
      why = std::string("missing ") + lang + "." + key;
      return false;
    }
  }
  return true;
}

bool read_pairs(const json& obj, const char* name, std::map<std::string, std::pair<std::string, std::string>, std::less<>>& out,
                std::string& why) {
  auto it = obj.find(name);
  if (it == obj.end()) return true;
  if (!it->is_object()) {
    why = std::string(name) + " is not an object";
    return false;
  }
  for (auto& [id, v] : it->items()) {
    if (!v.is_object() || !v.contains("en") || !v.contains("fr") || !v["en"].is_string() || !v["fr"].is_string() ||
        v["en"].get_ref<const std::string&>().empty() || v["fr"].get_ref<const std::string&>().empty()) {
      why = std::string(name) + "." + id + " needs non-empty \"en\" and \"fr\" strings";
      return false;
    }
    if (out.count(id)) {
      why = std::string(name) + "." + id + " is defined twice";
      return false;
    }
    out[id] = {v["en"].get<std::string>(), v["fr"].get<std::string>()};
  }
  return true;
}

bool parse_note(const json& j, KnowledgeNote& note, std::string& why) {
  if (!j.is_object()) {
    why = "not an object";
    return false;
  }
  const std::string kind = j.value("kind", "");
  bool known = false;
  for (auto [k, name] : kKinds)
    if (name == kind) note.kind = k, known = true;
  if (!known) {
    why = "unknown kind \"" + kind + "\"";
    return false;
  }
  if (!j.contains("key") || !j["key"].is_string() || j["key"].get_ref<const std::string&>().empty()) {
    why = "missing key";
    return false;
  }
  note.key = j["key"].get<std::string>();
  if (j.contains("default")) {
    if (!j["default"].is_string()) {
      why = "default is not a string (write it as Python spells it, e.g. \"8\")";
      return false;
    }
    note.default_value = j["default"].get<std::string>();
  }
  if (note.kind == NoteKind::Config && note.default_value.empty()) {
    why = "a config note needs its default";
    return false;
  }
  note.severity = j.value("severity", "");
  if (note.kind == NoteKind::Code) {
    bool ok = false;
    for (auto s : kSeverities) ok |= s == note.severity;
    if (!ok) {
      why = "a code note needs a severity (hint, information, warning or error)";
      return false;
    }
  }
  return read_strings(j, "aliases", note.aliases, why) && read_strings(j, "categories", note.categories, why) &&
         read_strings(j, "logs", note.logs, why) && read_strings(j, "gb_types", note.gb_types, why) &&
         read_strings(j, "see", note.see, why) && read_text(j, "en", note.en, why) && read_text(j, "fr", note.fr, why);
}

}  // namespace

std::string_view note_kind_name(NoteKind kind) {
  for (auto [k, name] : kKinds)
    if (k == kind) return name;
  return "file";
}

std::optional<HoverKnowledge> HoverKnowledge::load(std::span<const EmbeddedFile> files, std::string* error) {
  auto fail = [&](std::string msg) -> std::optional<HoverKnowledge> {
    if (error) *error = std::move(msg);
    return std::nullopt;
  };
  HoverKnowledge k;
  std::vector<std::string> where;  // Per note: "file: notes[i] (key)", for the cross checks.
  for (const auto& file : files) {
    const std::string name(file.name);
    const bool ours = (name.rfind("hover", 0) == 0 || name.rfind("lint", 0) == 0) && name.size() > 5 &&
                      name.substr(name.size() - 5) == ".json";
    if (!ours) continue;
    json j = json::parse(file.content, nullptr, false);
    if (j.is_discarded()) return fail(name + ": not valid JSON");
    if (!j.is_object()) return fail(name + ": the top level is not an object");
    if (j.value("version", 0) != 1) return fail(name + ": \"version\" must be 1");
    std::string why;
    if (!read_pairs(j, "labels", k.labels_, why) || !read_pairs(j, "categories", k.categories_, why))
      return fail(name + ": " + why);
    auto notes = j.find("notes");
    if (notes == j.end()) continue;
    if (!notes->is_array()) return fail(name + ": \"notes\" is not an array");
    for (size_t i = 0; i < notes->size(); ++i) {
      KnowledgeNote note;
      const json& n = (*notes)[i];
      const std::string label =
          name + ": notes[" + std::to_string(i) + "]" +
          (n.is_object() && n.contains("key") && n["key"].is_string() ? " (" + n["key"].get<std::string>() + ")" : "");
      if (!parse_note(n, note, why)) return fail(label + ": " + why);
      std::vector<std::string> all = note.aliases;
      all.push_back(note.key);
      for (const auto& a : all) {
        if (!k.index_.emplace(kind_key(note.kind, a), k.notes_.size()).second)
          return fail(label + ": \"" + a + "\" is already the key or alias of another " +
                      std::string(note_kind_name(note.kind)) + " note");
      }
      k.notes_.push_back(std::move(note));
      where.push_back(label);
    }
  }
  // Cross checks, once every file is merged.
  for (auto id : kRequiredLabels)
    if (!k.labels_.count(id)) return fail("labels." + std::string(id) + " is missing");
  for (size_t i = 0; i < k.notes_.size(); ++i) {
    const auto& n = k.notes_[i];
    for (const auto& c : n.categories)
      if (!k.categories_.count(c)) return fail(where[i] + ": unknown category \"" + c + "\"");
    for (const auto& s : n.see) {
      bool found = false;
      for (auto [kind, name] : kKinds) found |= k.index_.count(kind_key(kind, s)) > 0;
      if (!found) return fail(where[i] + ": \"see\" names \"" + s + "\", which no note has as key");
    }
  }
  return k;
}

namespace {
struct EmbeddedState {
  HoverKnowledge knowledge;
  std::string error;
};
const EmbeddedState& embedded_state() {
  static const EmbeddedState state = [] {
    EmbeddedState s;
    if (auto k = HoverKnowledge::load(embedded_knowledge_files(), &s.error)) s.knowledge = std::move(*k);
    return s;
  }();
  return state;
}
}  // namespace

const HoverKnowledge& HoverKnowledge::embedded() { return embedded_state().knowledge; }
const std::string& HoverKnowledge::embedded_error() { return embedded_state().error; }

const KnowledgeNote* HoverKnowledge::find(NoteKind kind, std::string_view key) const {
  auto it = index_.find(kind_key(kind, key));
  return it == index_.end() ? nullptr : &notes_[it->second];
}

const KnowledgeNote* HoverKnowledge::find_dotted(std::string_view name) const {
  for (NoteKind kind : {NoteKind::Config, NoteKind::Exception, NoteKind::Function, NoteKind::Mode})
    if (const KnowledgeNote* n = find(kind, name)) return n;
  return nullptr;
}

const KnowledgeNote* HoverKnowledge::find_file(std::string_view path) const {
  const KnowledgeNote* best = nullptr;
  size_t best_len = 0;
  std::string p(path);
  for (char& c : p)
    if (c == '\\') c = '/';
  for (const auto& n : notes_) {
    if (n.kind != NoteKind::File) continue;
    std::vector<const std::string*> keys{&n.key};
    for (const auto& a : n.aliases) keys.push_back(&a);
    for (const std::string* key : keys) {
      if (key->size() <= best_len) continue;
      bool match = false;
      if (key->back() == '/') {
        // A folder: the path lies below it (at the start or after a '/').
        for (size_t pos = p.find(*key); pos != std::string::npos; pos = p.find(*key, pos + 1))
          if (pos == 0 || p[pos - 1] == '/') match = true;
      } else if (p.size() >= key->size() && p.compare(p.size() - key->size(), key->size(), *key) == 0) {
        const size_t at = p.size() - key->size();
        match = at == 0 || p[at - 1] == '/';
      }
      if (match) {
        best = &n;
        best_len = key->size();
      }
    }
  }
  return best;
}

std::string HoverKnowledge::label(std::string_view id, Lang lang) const {
  auto it = labels_.find(id);
  if (it == labels_.end()) return std::string(id);
  return lang == Lang::Fr ? it->second.second : it->second.first;
}

std::string HoverKnowledge::category_title(std::string_view id, Lang lang) const {
  auto it = categories_.find(id);
  if (it == categories_.end()) return std::string(id);
  return lang == Lang::Fr ? it->second.second : it->second.first;
}

}  // namespace pt2bb
