// HoverKnowledge: the notes shown on hover, by `pt2bb explain` and in diagnostic-code help: key
// compiler source files, exception classes, config knobs (with their defaults), functions,
// environment variables, TORCH_LOGS values, compile modes and our own diagnostic codes.
//
// Parsed from the knowledge files whose names start with "hover" or "lint" and end in ".json"
// (analyzers/knowledge/data/, embedded at build time, or the files of a --knowledge-dir), and
// validated: a malformed file gives an error naming the file and the entry, never a crash.
//
// File shape (every file; the loader merges them):
//   {"version": 1,
//    "labels":     {"<label id>": {"en": "...", "fr": "..."}},        // optional
//    "categories": {"<triage category id>": {"en": "...", "fr": "..."}}, // optional
//    "notes": [{"kind": "file|exception|config|function|env|log|mode|code",
//               "key": "torch/_dynamo/exc.py", "aliases": [...],       // aliases optional
//               "default": "8",              // required for config notes
//               "severity": "information",   // required for code notes
//               "categories": [...], "logs": [...], "gb_types": [...], "see": [...],
//               "en": {"title", "summary", "look_for", "next", "message", "fix"},
//               "fr": {...}}]}                // title and summary required in both languages
//
// Immutable after load; any thread may read it.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/lang.h"
#include "knowledge/embedded.h"

namespace pt2bb {

enum class NoteKind { File, Exception, Config, Function, Env, Log, Mode, Code };

// "file", "exception", ... (the JSON spelling).
std::string_view note_kind_name(NoteKind kind);

// A note's text in one language. Empty fields are simply not shown.
struct NoteText {
  std::string title;
  std::string summary;
  std::string look_for;  // What to look for (files, exceptions).
  std::string next;      // The next diagnostic step.
  std::string message;   // Code notes: the diagnostic message the lint shows.
  std::string fix;       // Code notes: the title of the lint's quick fix, if any.
};

struct KnowledgeNote {
  NoteKind kind = NoteKind::File;
  std::string key;
  std::vector<std::string> aliases;
  std::string default_value;            // Config notes: the default, as Python spells it.
  std::string severity;                 // Code notes: "hint", "information", "warning", "error".
  std::vector<std::string> categories;  // Triage category ids that lead here.
  std::vector<std::string> logs;        // Commands or TORCH_LOGS settings that show its work.
  std::vector<std::string> gb_types;    // Graph-break registry types this note is about.
  std::vector<std::string> see;         // Keys of related notes.
  NoteText en;
  NoteText fr;
  const NoteText& in(Lang l) const { return l == Lang::Fr ? fr : en; }
};

class HoverKnowledge {
public:
  // Loads every file named hover*.json or lint*.json in `files`. Returns nullopt and sets
  // `error` ("hover_env.json: notes[3] (TORCH_LOGS): missing fr.summary") on bad data.
  static std::optional<HoverKnowledge> load(std::span<const EmbeddedFile> files, std::string* error);
  // The embedded files, parsed once. An invalid embedded file (caught by the unit test) yields
  // empty knowledge and the error in `embedded_error()`.
  static const HoverKnowledge& embedded();
  static const std::string& embedded_error();

  // The note of `kind` whose key or alias is `key` (exact match), or null.
  const KnowledgeNote* find(NoteKind kind, std::string_view key) const;
  // A dotted Python name: exception, config, function or mode notes.
  const KnowledgeNote* find_dotted(std::string_view name) const;
  // A source path: the longest key that `path` ends with ("/x/torch/_dynamo/exc.py" finds
  // "torch/_dynamo/exc.py"); a key ending in '/' matches every file below that folder.
  const KnowledgeNote* find_file(std::string_view path) const;

  // A label ("label.default", "kind.config", ...) in `lang`; the id itself when unknown.
  std::string label(std::string_view id, Lang lang) const;
  // A triage category's title in `lang`; the id itself when unknown.
  std::string category_title(std::string_view id, Lang lang) const;

  const std::vector<KnowledgeNote>& notes() const { return notes_; }

private:
  std::vector<KnowledgeNote> notes_;
  std::map<std::string, size_t, std::less<>> index_;  // "<kind>:<key or alias>" -> notes_ index.
  std::map<std::string, std::pair<std::string, std::string>, std::less<>> labels_;      // id -> (en, fr)
  std::map<std::string, std::pair<std::string, std::string>, std::less<>> categories_;  // id -> (en, fr)
};

}  // namespace pt2bb
