#include "testing/categories.h"

#include <array>
#include <utility>

namespace pt2bb {
namespace {

constexpr std::array<std::pair<Category, std::string_view>, 11> kIds = {{
    {Category::GraphBreak, "graph_break"},
    {Category::BackendCompilerFailed, "backend_compiler_failed"},
    {Category::Recompilation, "recompilation"},
    {Category::Accuracy, "accuracy"},
    {Category::DynamoInternalError, "dynamo_internal_error"},
    {Category::RuntimeCrash, "runtime_crash"},
    {Category::TritonKernelFailure, "triton_kernel_failure"},
    {Category::Export, "export"},
    {Category::AotAutograd, "aot_autograd"},
    {Category::Other, "other"},
    {Category::Unknown, "unknown"},
}};

}  // namespace

std::string_view category_id(Category c) {
  for (const auto& [cat, id] : kIds)
    if (cat == c) return id;
  return "unknown";
}

std::optional<Category> parse_category(std::string_view id) {
  std::string norm;
  for (char ch : id) norm += ch == '-' ? '_' : static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  for (const auto& [cat, known] : kIds)
    if (known == norm) return cat;
  return std::nullopt;
}

const std::vector<std::string_view>& category_ids() {
  static const std::vector<std::string_view> ids = [] {
    std::vector<std::string_view> v;
    for (const auto& [cat, id] : kIds) v.push_back(id);
    return v;
  }();
  return ids;
}

Assertion assertion_for(Category c) {
  switch (c) {
    case Category::Accuracy: return Assertion::CompareWithEager;
    case Category::GraphBreak: return Assertion::Fullgraph;
    case Category::Recompilation: return Assertion::FrameCount;
    case Category::Export: return Assertion::Export;
    default: return Assertion::CallCompiled;
  }
}

}  // namespace pt2bb
