// Compiled regions: the functions of one file that torch.compile will trace, found statically.
//
//   @torch.compile / @torch.compile(...) / @torch._dynamo.optimize(...)   decorated functions
//   torch.compile(fn), torch.compile(self.method)                      functions passed by name
//   torch.compile(Model()), m = Model(); torch.compile(m); m.compile()  Model.forward
//   plus, transitively, the functions of this file those call by name (helper(x), self.method(x)),
//   which Dynamo inlines.
//
// Functions decorated with torch.compiler.disable / torch._dynamo.disable are never regions.
// Pure; any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

namespace pt2bb {

struct CompiledRegion {
  TSNode function;   // The function_definition node.
  std::string name;  // "f", "Model.forward".
  // Where it is compiled: the decorator or the torch.compile(...) call; null for regions reached
  // only through a call from another region.
  TSNode compile_site{};
  bool fullgraph = false;        // fullgraph=True at the compile site: breaks are errors.
  std::string via;               // For inlined helpers: the region that calls them.
};

std::vector<CompiledRegion> find_compiled_regions(TSNode root, std::string_view text, std::string_view path);

}  // namespace pt2bb
