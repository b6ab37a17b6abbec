// GraphBreakRegistry: PyTorch's graph-break registry (torch/_dynamo/graph_break_registry.json),
// GB id -> its variants (type, context, explanation, hints). Read from the user's own PyTorch at
// run time so it matches their version; the caller finds and reads the file.
//
// Immutable after parse(); any thread may read it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pt2bb {

struct GraphBreakEntry {
  std::string gb_type;
  std::string context;
  std::string explanation;
  std::vector<std::string> hints;
};

class GraphBreakRegistry {
public:
  // Parses the registry's JSON text. On malformed input returns nullopt and sets `error`.
  static std::optional<GraphBreakRegistry> parse(std::string_view json_text, std::string* error = nullptr);

  // All variants of an id ("GB0025"), newest last as the file lists them; empty when unknown.
  const std::vector<GraphBreakEntry>& find(std::string_view id) const;
  // The id whose (any variant's) Gb_type equals `gb_type`, if any.
  std::optional<std::string> id_for_type(std::string_view gb_type) const;
  size_t size() const { return entries_.size(); }

private:
  std::map<std::string, std::vector<GraphBreakEntry>, std::less<>> entries_;
  std::map<std::string, std::string, std::less<>> by_type_;
};

// Where a registry lives under a PyTorch checkout or installation root (`torch/_dynamo/...`),
// or directly under the `torch` package folder.
std::vector<std::string> gb_registry_candidates(std::string_view root);

}  // namespace pt2bb
