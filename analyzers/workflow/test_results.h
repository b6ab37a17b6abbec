// Reads per-test outcomes out of a test run's output, for Verify's pass/fail table:
// pytest's `-rA` short summary ("PASSED a.py::C::test_x", "FAILED a.py::C::test_y - Error: ...")
// and unittest's verbose lines ("test_x (__main__.C.test_x) ... ok", "... FAIL"), which is what
// PyTorch's run_tests() prints with -v. Pure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pt2bb {

enum class TestStatus { Passed, Failed, Error, Skipped };
const char* test_status_name(TestStatus s);

struct TestOutcome {
  std::string name;     // "C.test_x" (class and test), or "test_x" for a module-level test.
  TestStatus status = TestStatus::Passed;
  std::string message;  // pytest's one-line reason, when it gives one.
};

// Every outcome found, in output order, each test once (the last word wins).
std::vector<TestOutcome> parse_test_outcomes(std::string_view output);

}  // namespace pt2bb
