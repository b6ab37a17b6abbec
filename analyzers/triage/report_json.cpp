// Renders a TriageReport for people (text) and programs (JSON). Field names are stable.
#include "triage/report_json.h"

#include <sstream>

namespace pt2bb {
namespace {

using nlohmann::json;

json frame_json(const LogFrame& f) {
  json j = {{"file", f.file}, {"line", f.line}};
  if (!f.function.empty()) j["function"] = f.function;
  if (!f.code.empty()) j["code"] = f.code;
  if (f.log_line) j["log_line"] = f.log_line;
  return j;
}

std::string frame_text(const LogFrame& f) {
  std::ostringstream s;
  s << f.file;
  if (f.line) s << ':' << f.line;
  if (!f.function.empty()) s << " in " << f.function;
  return s.str();
}

struct Labels {
  const char* primary;
  const char* confidence;
  const char* user_code;
  const char* compiler;
  const char* evidence;
  const char* next;
  const char* read;
  const char* fix;
  const char* knobs;
  const char* nothing;
  const char* binary;
  const char* truncated;
  const char* guessed;
  const char* detail;
  const char* hint;
  const char* why;
};

const Labels& labels(Lang lang) {
  static const Labels en{"Primary category", "confidence", "Your code", "Compiler frame", "Evidence (log lines)",
                         "Run next", "Read", "Fix approach", "Config knobs",
                         "No PT2 failure recognised in this log.", "note: binary data was skipped",
                         "note: the log ends in the middle of a traceback",
                         "note: no PyTorch output that decides it; the category is guessed from the text's words", "Detail",
                         "Hint", "Why"};
  static const Labels fr{"Catégorie principale", "confiance", "Votre code", "Frame du compilateur",
                         "Preuves (lignes du log)", "À lancer ensuite", "À lire", "Approche de correction",
                         "Options de config", "Aucune défaillance PT2 reconnue dans ce log.",
                         "note : des données binaires ont été ignorées",
                         "note : le log s'arrête au milieu d'une trace de pile",
                         "note : aucune sortie de PyTorch ne la tranche ; la catégorie est devinée d'après les mots du texte",
                         "Détail", "Conseil", "Pourquoi"};
  return lang == Lang::Fr ? fr : en;
}

}  // namespace

json triage_report_json(const TriageReport& r, const TriageKnowledge& kb, Lang lang) {
  json out = {{"version", 1},
              {"category", r.category},
              {"confidence", r.confidence},
              {"lines", r.lines},
              {"bytes", r.bytes},
              {"binary", r.binary},
              {"truncated", r.truncated},
              {"guessed", r.guessed},
              {"script", r.script},
              {"findings", json::array()}};
  if (const TriageCategory* c = kb.category(r.category)) {
    out["title"] = c->title.in(lang);
    out["summary"] = c->summary.in(lang);
  }
  for (const TriageFinding& f : r.findings) {
    json j = {{"category", f.category},
              {"title", f.title},
              {"signature", f.signature},
              {"count", f.count},
              {"confidence", f.confidence},
              {"terminal", f.terminal},
              {"from_words", f.from_words},
              {"message", f.message},
              {"detail", f.detail},
              {"why", f.why},
              {"evidence", f.evidence},
              {"location", f.has_user_frame ? frame_json(f.user_frame) : json(nullptr)},
              {"compiler_frames", json::array()},
              {"gb", nullptr},
              {"size_mismatches", json::array()},
              {"next_commands", f.next_commands},
              {"key_files", f.key_files},
              {"fix_approach", f.fix_approach},
              {"config_knobs", f.config_knobs}};
    for (const auto& fr : f.compiler_frames) j["compiler_frames"].push_back(frame_json(fr));
    if (!f.gb_id.empty() || !f.gb_type.empty())
      j["gb"] = {{"id", f.gb_id}, {"type", f.gb_type}, {"explanation", f.gb_explanation}, {"hints", f.gb_hints}};
    for (const auto& m : f.size_mismatches) {
      json mj = {{"tensor", m.tensor}, {"dim", m.dim}, {"function", m.function}};
      if (!m.function_def.file.empty()) mj["function_location"] = frame_json(m.function_def);
      j["size_mismatches"].push_back(mj);
    }
    out["findings"].push_back(std::move(j));
  }
  return out;
}

std::string triage_report_text(const TriageReport& r, const TriageKnowledge& kb, Lang lang) {
  const Labels& L = labels(lang);
  std::ostringstream o;
  if (r.category == "unknown") {
    o << L.primary << ": unknown\n" << L.nothing << "\n";
  } else {
    const TriageCategory* c = kb.category(r.category);
    o << L.primary << ": " << r.category;
    if (c) o << " (" << c->title.in(lang) << ")";
    o << ", " << L.confidence << " " << r.confidence << "\n";
    if (c) o << c->summary.in(lang) << "\n";
  }
  if (r.binary) o << L.binary << "\n";
  if (r.truncated) o << L.truncated << "\n";
  if (r.guessed) o << L.guessed << "\n";
  int n = 0;
  for (const TriageFinding& f : r.findings) {
    o << "\n[" << ++n << "] " << f.category << ": " << f.title << " ×" << f.count << " (" << L.confidence << " "
      << f.confidence << ")\n";
    if (!f.message.empty()) o << "    " << f.message << "\n";
    if (!f.detail.empty() && f.detail != f.message) o << "    " << L.detail << ": " << f.detail << "\n";
    if (!f.why.empty()) o << "    " << L.why << ": " << f.why << "\n";
    if (f.has_user_frame) {
      o << "    " << L.user_code << ": " << frame_text(f.user_frame) << "\n";
      if (!f.user_frame.code.empty()) o << "        " << f.user_frame.code << "\n";
    }
    if (!f.compiler_frames.empty()) o << "    " << L.compiler << ": " << frame_text(f.compiler_frames.back()) << "\n";
    if (!f.gb_id.empty() || !f.gb_explanation.empty()) {
      o << "    " << (f.gb_id.empty() ? "GB" : f.gb_id) << ": " << f.gb_type << "\n";
      if (!f.gb_explanation.empty()) o << "        " << f.gb_explanation << "\n";
      for (const auto& h : f.gb_hints) o << "        " << L.hint << ": " << h << "\n";
    }
    if (!f.evidence.empty()) {
      o << "    " << L.evidence << ":";
      for (uint32_t l : f.evidence) o << " " << l;
      o << "\n";
    }
    // The long advice once per category: the first finding of each.
    bool first_of_category = true;
    for (int i = 0; i < n - 1; ++i)
      if (r.findings[i].category == f.category) first_of_category = false;
    if (!first_of_category) continue;
    if (!f.next_commands.empty()) {
      o << "    " << L.next << ":\n";
      for (const auto& cmd : f.next_commands) o << "      $ " << cmd << "\n";
    }
    if (!f.key_files.empty()) {
      o << "    " << L.read << ":";
      for (const auto& k : f.key_files) o << " " << k;
      o << "\n";
    }
    if (!f.fix_approach.empty()) o << "    " << L.fix << ": " << f.fix_approach << "\n";
    if (!f.config_knobs.empty()) {
      o << "    " << L.knobs << ":";
      for (const auto& k : f.config_knobs) o << " " << k;
      o << "\n";
    }
  }
  return o.str();
}

}  // namespace pt2bb
