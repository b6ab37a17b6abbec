#include "testing/area_conventions.h"

namespace pt2bb {
namespace {

bool uses_module(const FileSummary& f, const std::string& module) {
  if (f.imports_module(module)) return true;
  for (const auto& c : f.classes)
    for (const auto& b : c.bases)
      if (b.rfind(module + ".", 0) == 0) return true;
  return false;
}

}  // namespace

AreaConventions area_conventions(const FileSummary& file) {
  AreaConventions out;
  // The area's own subclass only when the file already uses it: it brings config resets that
  // plain files do not expect.
  for (const char* module : {"torch._dynamo.test_case", "torch._inductor.test_case"}) {
    if (uses_module(file, module)) {
      out.test_case_base = std::string(module) + ".TestCase";
      out.test_case_import = file.imports_module(module) ? "" : "import " + std::string(module);
      out.run_tests_import = "from " + std::string(module) + " import run_tests";
      break;
    }
  }
  if (out.test_case_base.empty()) {
    out.test_case_base = "TestCase";
    bool bound = false;
    for (const auto& imp : file.imports)
      if (imp.from && imp.module != "unittest")
        for (const auto& n : imp.names) bound = bound || n == "TestCase";
    out.test_case_import = bound ? "" : "from torch.testing._internal.common_utils import TestCase";
    // `from unittest import TestCase` binds the name already: qualify ours instead.
    for (const auto& imp : file.imports)
      if (imp.module == "unittest" && imp.from)
        for (const auto& n : imp.names)
          if (n == "TestCase") {
            out.test_case_base = "torch.testing._internal.common_utils.TestCase";
            out.test_case_import = "import torch.testing._internal.common_utils";
          }
    out.run_tests_import = "from torch.testing._internal.common_utils import run_tests";
  }
  if (file.imports_name("run_tests")) out.run_tests_import.clear();
  return out;
}

}  // namespace pt2bb
