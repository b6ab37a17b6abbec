// The hover notes feature: registers a hover provider (server/lsp/features.h) that explains the
// thing under the cursor (analyzers/hover) and the code of any diagnostic shown there. Also the
// loader of the hover knowledge shared with `pt2bb explain`.
//
// The provider runs on the session thread; the loader may run on any thread.
#pragma once

#include <memory>
#include <string>

#include "knowledge/hover_knowledge.h"

namespace pt2bb {

class LanguageServer;

// The embedded hover knowledge, or the hover*.json and lint*.json files of `knowledge_dir` when
// it is not empty. Null with `error` set on a missing folder or invalid files.
std::shared_ptr<const HoverKnowledge> load_hover_knowledge(const std::string& knowledge_dir, std::string* error);

void install_hover_feature(LanguageServer& server);

}  // namespace pt2bb
