// Rendering of hover notes: one knowledge note, or one graph-break registry entry, as Markdown
// and as plain text in the user's language. Pure; any thread.
#pragma once

#include <string_view>

#include "hover/hover.h"

namespace pt2bb {

HoverText render_note(const KnowledgeNote& note, const HoverKnowledge& knowledge, const GraphBreakRegistry* registry,
                      Lang lang);

// A GB id ("GB0025"): its registry entry, or a note saying the registry lacks it.
HoverText render_graph_break(std::string_view id, const HoverKnowledge& knowledge, const GraphBreakRegistry* registry,
                             Lang lang);

// True for "GB" followed by four or more digits (the registry's id shape).
bool is_gb_id(std::string_view word);

}  // namespace pt2bb
