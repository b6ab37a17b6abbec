// The TestCase class and run_tests import a test file should use, by what it already uses and
// where it lives: torch._dynamo.test_case for Dynamo files that use it, torch._inductor.test_case
// for Inductor files that use it, torch.testing._internal.common_utils otherwise. Pure.
#pragma once

#include <string>

#include "testing/test_summary.h"

namespace pt2bb {

struct AreaConventions {
  std::string test_case_base;    // What to write as the base class: "torch._dynamo.test_case.TestCase".
  std::string test_case_import;  // The import that base needs ("" when the file has it).
  std::string run_tests_import;  // The import run_tests needs ("" when the file has it).
};

AreaConventions area_conventions(const FileSummary& file);

}  // namespace pt2bb
