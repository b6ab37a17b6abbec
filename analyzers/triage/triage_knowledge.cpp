// Loads and validates the triage knowledge files. Errors name the file, the entry and the field,
// so a contributor editing triage.json sees exactly what to fix.
#include "triage/triage_knowledge.h"

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>
#include <re2/re2.h>
#include <re2/set.h>

#include "triage/triage.h"

namespace pt2bb {
namespace {

using nlohmann::json;

struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const json& field(const json& obj, const char* key, const std::string& where) {
  if (!obj.is_object() || !obj.contains(key)) throw LoadError(where + ": missing \"" + key + "\"");
  return obj.at(key);
}

std::string string_field(const json& obj, const char* key, const std::string& where, bool required = true) {
  if (!obj.contains(key)) {
    if (required) throw LoadError(where + ": missing \"" + key + "\"");
    return {};
  }
  if (!obj.at(key).is_string()) throw LoadError(where + ": \"" + key + "\" must be a string");
  return obj.at(key).get<std::string>();
}

LocalText local_text(const json& obj, const char* key, const std::string& where) {
  const json& t = field(obj, key, where);
  const std::string w = where + "." + key;
  LocalText out;
  out.en = string_field(t, "en", w);
  out.fr = string_field(t, "fr", w);
  if (out.en.empty()) throw LoadError(w + ": the English text is empty");
  return out;
}

std::vector<std::string> string_list(const json& obj, const char* key, const std::string& where) {
  std::vector<std::string> out;
  if (!obj.contains(key)) return out;
  const json& a = obj.at(key);
  if (!a.is_array()) throw LoadError(where + ": \"" + key + "\" must be an array of strings");
  for (const json& s : a) {
    if (!s.is_string()) throw LoadError(where + ": \"" + key + "\" must be an array of strings");
    out.push_back(s.get<std::string>());
  }
  return out;
}

bool known_category(std::string_view id) {
  return std::find(std::begin(kTriageCategories), std::end(kTriageCategories), id) !=
             std::end(kTriageCategories) &&
         id != "unknown";
}

}  // namespace

std::optional<TriageKnowledge> TriageKnowledge::load(std::span<const EmbeddedFile> files, std::string* error) {
  TriageKnowledge kb;
  std::set<std::string, std::less<>> category_ids, signature_ids;
  bool any = false;
  try {
    for (const EmbeddedFile& file : files) {
      const std::string name(file.name);
      if (!name.starts_with("triage") || !name.ends_with(".json")) continue;
      any = true;
      json doc = json::parse(file.content, nullptr, false);
      if (doc.is_discarded()) throw LoadError(name + ": not valid JSON");
      if (!doc.is_object()) throw LoadError(name + ": the top level must be an object");
      if (doc.contains("categories")) {
        const json& cats = doc.at("categories");
        if (!cats.is_array()) throw LoadError(name + ": \"categories\" must be an array");
        for (size_t i = 0; i < cats.size(); ++i) {
          const json& c = cats[i];
          std::string where = name + ": categories[" + std::to_string(i) + "]";
          TriageCategory cat;
          cat.id = string_field(c, "id", where);
          where += " (" + cat.id + ")";
          if (!known_category(cat.id)) throw LoadError(where + ": unknown category id");
          if (!category_ids.insert(cat.id).second) throw LoadError(where + ": duplicate category id");
          cat.title = local_text(c, "title", where);
          cat.summary = local_text(c, "summary", where);
          cat.fix_approach = local_text(c, "fix_approach", where);
          cat.next_commands = string_list(c, "next_commands", where);
          cat.key_files = string_list(c, "key_files", where);
          cat.config_knobs = string_list(c, "config_knobs", where);
          cat.gb_types = string_list(c, "gb_types", where);
          cat.log_artifacts = string_list(c, "log_artifacts", where);
          kb.categories_.push_back(std::move(cat));
        }
      }
      if (doc.contains("signatures")) {
        const json& sigs = doc.at("signatures");
        if (!sigs.is_array()) throw LoadError(name + ": \"signatures\" must be an array");
        for (size_t i = 0; i < sigs.size(); ++i) {
          const json& s = sigs[i];
          std::string where = name + ": signatures[" + std::to_string(i) + "]";
          TriageSignature sig;
          sig.id = string_field(s, "id", where);
          where += " (" + sig.id + ")";
          if (!signature_ids.insert(sig.id).second) throw LoadError(where + ": duplicate signature id");
          sig.category = string_field(s, "category", where);
          if (!known_category(sig.category)) throw LoadError(where + ": unknown category \"" + sig.category + "\"");
          sig.pattern = string_field(s, "pattern", where);
          if (sig.pattern.empty()) throw LoadError(where + ": empty pattern");
          const json& w = field(s, "weight", where);
          if (!w.is_number() || w.get<double>() <= 0 || w.get<double>() > 100)
            throw LoadError(where + ": \"weight\" must be a number in (0, 100]");
          sig.weight = w.get<double>();
          sig.scope = s.contains("scope") ? string_field(s, "scope", where) : "line";
          if (sig.scope != "line" && sig.scope != "exception" && sig.scope != "frame" && sig.scope != "warning_log" &&
              sig.scope != "prose" && sig.scope != "compile_id")
            throw LoadError(where + ": \"scope\" must be line, exception, frame, warning_log, prose or compile_id");
          if (s.contains("terminal")) {
            if (!s.at("terminal").is_boolean()) throw LoadError(where + ": \"terminal\" must be true or false");
            sig.terminal = s.at("terminal").get<bool>();
          }
          if (s.contains("wraps")) {
            if (sig.scope != "line" && sig.scope != "exception")
              throw LoadError(where + ": \"wraps\" is read only for line and exception signatures");
            sig.wraps = string_list(s, "wraps", where);
            for (const std::string& c : sig.wraps)
              if (!known_category(c) || c == sig.category)
                throw LoadError(where + ": \"wraps\" names \"" + c + "\", not another known category");
          }
          sig.description = local_text(s, "description", where);
          RE2::Options opts;
          opts.set_log_errors(false);
          if (sig.scope == "line" || sig.scope == "exception") {
            // The engine matches these through its own RE2::Set and prefilter, which compile them
            // when first needed: here they are only parsed, which finds the same errors at a
            // fraction of a compile's cost (a third of a small triage's time went to compiling).
            RE2::Set parser(opts, RE2::UNANCHORED);
            std::string error;
            if (parser.Add(sig.pattern, &error) < 0) throw LoadError(where + ": invalid RE2 pattern: " + error);
          } else {
            auto re = std::make_shared<RE2>(sig.pattern, opts);
            if (!re->ok()) throw LoadError(where + ": invalid RE2 pattern: " + re->error());
            sig.re = std::move(re);
          }
          if (s.contains("unless")) {
            if (sig.scope != "prose") throw LoadError(where + ": \"unless\" is read only for prose signatures");
            const std::string unless = string_field(s, "unless", where);
            auto un = std::make_shared<RE2>(unless, opts);
            if (unless.empty() || !un->ok()) throw LoadError(where + ": invalid RE2 pattern in \"unless\": " + un->error());
            sig.unless = std::move(un);
          }
          // Advice of the signature's own, each part optional and each replacing the category's.
          if (s.contains("fix_approach")) sig.fix_approach = local_text(s, "fix_approach", where);
          if (s.contains("next_commands")) sig.next_commands = string_list(s, "next_commands", where);
          if (s.contains("key_files")) sig.key_files = string_list(s, "key_files", where);
          if (s.contains("config_knobs")) sig.config_knobs = string_list(s, "config_knobs", where);
          kb.signatures_.push_back(std::move(sig));
        }
      }
    }
    if (!any) throw LoadError("no triage*.json knowledge file found");
    for (std::string_view id : kTriageCategories)
      if (id != "unknown" && !category_ids.contains(id))
        throw LoadError("triage knowledge: category \"" + std::string(id) + "\" is not defined");
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return std::nullopt;
  }
  return kb;
}

std::optional<TriageKnowledge> TriageKnowledge::load_embedded(std::string* error) {
  return load(embedded_knowledge_files(), error);
}

const TriageCategory* TriageKnowledge::category(std::string_view id) const {
  for (const auto& c : categories_)
    if (c.id == id) return &c;
  return nullptr;
}

const TriageSignature* TriageKnowledge::signature(std::string_view id) const {
  for (const auto& s : signatures_)
    if (s.id == id) return &s;
  return nullptr;
}

}  // namespace pt2bb
