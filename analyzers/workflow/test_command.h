// How to run one test or one repro script, as the argv that follows the Python interpreter.
//
//   pytest convention:    python -m pytest test/dynamo/test_x.py::ReproTests::test_foo -x
//   run_tests convention: python -m test_x ReproTests.test_foo        (cwd: the package root)
//   repro script:         python repro.py                             (cwd: the script's folder)
//
// PyTorch's own test files end with `if __name__ == "__main__": run_tests()` and are run as
// modules with a unittest-style selector; other projects use pytest node ids. Pure: the caller
// passes what it knows of the filesystem (the package root).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pt2bb {

struct TestTarget {
  std::string file;        // Absolute path of the .py file.
  std::string test_class;  // Empty for a script.
  std::string test_name;   // Empty for a script (or a whole class).
  bool run_tests = false;  // The file's main guard calls run_tests() (PyTorch's convention).

  bool is_script() const { return test_class.empty() && test_name.empty(); }
  // "ReproTests.test_foo", "test_foo", or the file's name for a script.
  std::string display_name() const;
};

struct TestCommand {
  std::vector<std::string> args;  // After the interpreter.
  std::string cwd;
};

// `workspace_root`: where pytest runs (node ids are relative to it). `package_root`: the first
// folder above the file that is not a package (no __init__.py), from which the dotted module
// name is computed for the run_tests convention.
TestCommand test_command(const TestTarget& t, std::string_view workspace_root, std::string_view package_root);

// "a/b/test_x.py" relative to "a" -> "b.test_x".
std::string module_name(std::string_view file, std::string_view package_root);

// The words a test's name is made of, for finding related tests: test_dynamic_shape_view ->
// {dynamic, shape, view}; short and generic words ("test", "the", "with", ...) are dropped.
std::vector<std::string> name_words(std::string_view test_name);

// Selection of the test and its related tests (same class, or names sharing a word):
// pytest: "ReproTests or dynamic or shape"; unittest -k options: {"ReproTests", "dynamic", ...}.
std::string pytest_related_expression(const TestTarget& t);
std::vector<std::string> unittest_related_patterns(const TestTarget& t);

// The command for the related tests of `t` (pytest -k, or unittest -k patterns with -v).
TestCommand related_tests_command(const TestTarget& t, std::string_view workspace_root, std::string_view package_root);

}  // namespace pt2bb
