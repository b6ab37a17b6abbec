#include "knowledge/gb_registry.h"

#include <nlohmann/json.hpp>

namespace pt2bb {

std::optional<GraphBreakRegistry> GraphBreakRegistry::parse(std::string_view json_text, std::string* error) {
  auto j = nlohmann::json::parse(json_text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    if (error) *error = "the graph-break registry is not a JSON object";
    return std::nullopt;
  }
  GraphBreakRegistry reg;
  for (auto& [id, variants] : j.items()) {
    if (!variants.is_array()) continue;
    auto& list = reg.entries_[id];
    for (const auto& v : variants) {
      if (!v.is_object()) continue;
      GraphBreakEntry e;
      e.gb_type = v.value("Gb_type", "");
      e.context = v.value("Context", "");
      e.explanation = v.value("Explanation", "");
      if (auto h = v.find("Hints"); h != v.end() && h->is_array())
        for (const auto& hint : *h)
          if (hint.is_string()) e.hints.push_back(hint.get<std::string>());
      if (!e.gb_type.empty()) reg.by_type_.emplace(e.gb_type, id);
      list.push_back(std::move(e));
    }
  }
  return reg;
}

const std::vector<GraphBreakEntry>& GraphBreakRegistry::find(std::string_view id) const {
  static const std::vector<GraphBreakEntry> none;
  auto it = entries_.find(id);
  return it == entries_.end() ? none : it->second;
}

std::optional<std::string> GraphBreakRegistry::id_for_type(std::string_view gb_type) const {
  auto it = by_type_.find(gb_type);
  if (it == by_type_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> gb_registry_candidates(std::string_view root) {
  std::string r(root);
  while (r.size() > 1 && r.back() == '/') r.pop_back();
  return {r + "/torch/_dynamo/graph_break_registry.json", r + "/_dynamo/graph_break_registry.json"};
}

}  // namespace pt2bb
