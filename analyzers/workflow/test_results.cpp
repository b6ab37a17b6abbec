#include "workflow/test_results.h"

#include <algorithm>

#include <re2/re2.h>

namespace pt2bb {
namespace {

std::string class_and_test(std::string_view dotted_or_node) {
  // pytest node "dir/a.py::C::test_x[param]" -> "C.test_x[param]"; unittest "__main__.C.test_x"
  // -> "C.test_x".
  std::string s(dotted_or_node);
  if (auto pos = s.find("::"); pos != std::string::npos) {
    s = s.substr(pos + 2);
    for (size_t p; (p = s.find("::")) != std::string::npos;) s.replace(p, 2, ".");
    return s;
  }
  const size_t last = s.rfind('.');
  if (last == std::string::npos) return s;
  const size_t prev = s.rfind('.', last - 1);
  return prev == std::string::npos ? s : s.substr(prev + 1);
}

void record(std::vector<TestOutcome>& out, TestOutcome o) {
  auto it = std::find_if(out.begin(), out.end(), [&](const TestOutcome& x) { return x.name == o.name; });
  if (it != out.end()) *it = std::move(o);
  else out.push_back(std::move(o));
}

bool unittest_word(std::string_view word, TestStatus& status) {
  if (word == "ok" || word == "expected failure") status = TestStatus::Passed;
  else if (word == "FAIL" || word == "unexpected success") status = TestStatus::Failed;
  else if (word == "ERROR") status = TestStatus::Error;
  else if (word.starts_with("skipped")) status = TestStatus::Skipped;
  else return false;
  return true;
}

}  // namespace

const char* test_status_name(TestStatus s) {
  switch (s) {
    case TestStatus::Passed: return "passed";
    case TestStatus::Failed: return "failed";
    case TestStatus::Error: return "error";
    case TestStatus::Skipped: return "skipped";
  }
  return "unknown";
}

std::vector<TestOutcome> parse_test_outcomes(std::string_view output) {
  static const RE2 pytest_line(R"(^(PASSED|FAILED|ERROR|XFAIL|XPASS) (\S+::\S+)(?: - (.*))?$)");
  // Python 3.11+: "test_x (mod.C.test_x)"; older: "test_x (mod.C)". The result may follow on the
  // same line or, when the test printed something, on a later line of its own.
  static const RE2 unittest_line(R"(^(\w+) \(([\w.]+)\)(?: \.\.\. (.*))?$)");
  std::vector<TestOutcome> out;
  std::string pending;  // A unittest test whose result word has not been seen yet.
  size_t start = 0;
  while (start < output.size()) {
    size_t end = output.find('\n', start);
    if (end == std::string_view::npos) end = output.size();
    std::string_view line = output.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    start = end + 1;

    std::string word, node, message, test, owner, rest;
    if (RE2::FullMatch(line, pytest_line, &word, &node, &message)) {
      TestStatus s = word == "PASSED" || word == "XFAIL" ? TestStatus::Passed
                     : word == "ERROR"                   ? TestStatus::Error
                                                         : TestStatus::Failed;
      record(out, {class_and_test(node), s, message});
      pending.clear();
      continue;
    }
    if (RE2::FullMatch(line, unittest_line, &test, &owner, &rest)) {
      std::string name = owner.ends_with("." + test) ? class_and_test(owner) : class_and_test(owner + "." + test);
      TestStatus s;
      if (unittest_word(rest, s)) {
        record(out, {name, s, ""});
        pending.clear();
      } else {
        pending = name;
      }
      continue;
    }
    TestStatus s;
    if (!pending.empty() && unittest_word(line, s)) {
      record(out, {pending, s, ""});
      pending.clear();
    }
  }
  return out;
}

}  // namespace pt2bb
