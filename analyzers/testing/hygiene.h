// Test-file hygiene: the checks PyTorch reviewers make on new tests, as one FileAnalyzer.
//
//   test-in-test-misc   a new test in test/dynamo/test_misc.py (oversized): fix "Move test to F::C"
//   unittest-testcase   a test class deriving from unittest.TestCase: fix to PyTorch's TestCase
//   missing-run-tests   a test file without `if __name__ == "__main__": run_tests()`: fix appends it
//   duplicate-test      two tests of one name in one class (the later replaces the earlier)
//
// check_test_hygiene() summarizes the file once and runs each check (one file each). Pure.
#pragma once

#include <vector>

#include "check/file_context.h"
#include "testing/test_summary.h"

namespace pt2bb {

std::vector<Finding> check_test_hygiene(const FileContext& ctx);

// The individual checks, over the file's summary.
std::vector<Finding> find_tests_in_test_misc(const FileContext& ctx, const FileSummary& file);
std::vector<Finding> find_unittest_testcase(const FileContext& ctx, const FileSummary& file);
std::vector<Finding> find_missing_run_tests(const FileContext& ctx, const FileSummary& file);
std::vector<Finding> find_duplicate_tests(const FileContext& ctx, const FileSummary& file);

// An import line inserted after the file's leading import block.
TextEdit import_insertion(const FileSummary& file, std::string_view path, const std::string& line);

}  // namespace pt2bb
