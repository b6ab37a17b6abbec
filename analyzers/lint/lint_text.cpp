#include "lint/lint_text.h"

#include "knowledge/hover_knowledge.h"

namespace pt2bb {
namespace {

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

Severity severity_of(std::string_view s) {
  if (s == "error") return Severity::Error;
  if (s == "warning") return Severity::Warning;
  if (s == "hint") return Severity::Hint;
  return Severity::Information;
}

}  // namespace

LintText lint_text(std::string_view code, Lang lang, std::string_view region, std::string_view name) {
  LintText out;
  const KnowledgeNote* note = HoverKnowledge::embedded().find(NoteKind::Code, code);
  if (!note) {
    out.message = std::string(code);
    return out;
  }
  const NoteText& t = note->in(lang);
  out.message = t.message.empty() ? t.summary : t.message;
  out.fix = t.fix;
  out.severity = severity_of(note->severity);
  replace_all(out.message, "{region}", region);
  replace_all(out.message, "{name}", name);
  return out;
}

std::string lint_label(std::string_view id, Lang lang, std::string_view code) {
  std::string s = HoverKnowledge::embedded().label(id, lang);
  replace_all(s, "{code}", code);
  return s;
}

}  // namespace pt2bb
