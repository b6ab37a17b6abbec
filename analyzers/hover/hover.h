// Hover notes: what PT2 Bug Basher knows about the thing under the cursor in a Python file
// (a key compiler file, an exception, a config knob, a function, an environment variable, a
// TORCH_LOGS value, a compile mode, a GB id, a diagnostic code), and the same notes by name for
// `pt2bb explain`.
//
//   HoverContext ctx{path, text, tree, &HoverKnowledge::embedded(), registry, Lang::En};
//   if (auto note = hover_at(ctx, point)) show(note->markdown);
//
// Pure functions over the tree and the knowledge; any thread may call them with its own tree.
// Unknown targets return nullopt after a handful of table lookups.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <tree_sitter/api.h>

#include "core/finding.h"
#include "core/lang.h"
#include "knowledge/gb_registry.h"
#include "knowledge/hover_knowledge.h"

namespace pt2bb {

// A rendered note: Markdown for capable clients, plain text otherwise.
struct HoverText {
  std::string markdown;
  std::string plaintext;
  std::optional<Range> range;  // The hovered word, when the note came from a document.
};

struct HoverContext {
  std::string_view path;  // The document's path: relative imports and key-file notes use it.
  std::string_view text;
  const TSTree* tree = nullptr;
  const HoverKnowledge* knowledge = nullptr;
  const GraphBreakRegistry* registry = nullptr;  // Optional: GB ids are explained from it.
  Lang lang = Lang::En;
};

// The note for what lies at `point` (0-based line, byte column), if any.
std::optional<HoverText> hover_at(const HoverContext& ctx, Point point);

// The note for a topic typed by a user: a GB id ("GB0025"), a diagnostic code ("gb-item"), an
// environment variable, a TORCH_LOGS value ("graph_breaks", "+dynamo"), a dotted name
// ("torch._dynamo.config.recompile_limit"), a compile mode ("torch.export.export:strict") or a
// source path (any path ending in a key file, e.g. "/src/pytorch/torch/_dynamo/exc.py").
std::optional<HoverText> explain_topic(std::string_view topic, const HoverKnowledge& knowledge,
                                       const GraphBreakRegistry* registry, Lang lang);

// The note of a diagnostic code (for hovering a diagnostic's range), if the code has one.
std::optional<HoverText> code_note(std::string_view code, const HoverKnowledge& knowledge,
                                   const GraphBreakRegistry* registry, Lang lang);

}  // namespace pt2bb
