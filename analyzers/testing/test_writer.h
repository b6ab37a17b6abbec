// Test writer: turns a Repro into a failing TestCase method inserted into a chosen class of a
// chosen file, as plain text edits: after the class's last test, with the file's indentation,
// the repro's missing imports hoisted into the file's import block, a descriptive name unique in
// the class, and the assertion the category calls for (CommonTemplate classes use
// `self.common(fn, args)`).
//
// Pure, any thread. The caller passes the target's *current* text and a summary of that text.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/finding.h"
#include "testing/categories.h"
#include "testing/repro.h"
#include "testing/test_summary.h"

namespace pt2bb {

struct WrittenTest {
  std::string path;  // The target, as given.
  std::string class_name;
  std::string test_name;
  std::vector<TextEdit> edits;  // Against the target's text; each carries `path`.
  std::string new_text;         // The target's text with the edits applied.
};

struct WriteResult {
  std::optional<WrittenTest> test;
  std::string error;  // Set when no test could be written.
};

WriteResult write_test(const Repro& repro, Category category, std::string_view target_path,
                       std::string_view target_text, const FileSummary& target, std::string_view class_name);

// An insertion of `method` (a whole `def`, at column 0, lines ending in '\n') after the last test
// of `cls`, re-indented to the class body. For the writer and for "Move test".
TextEdit method_insertion(std::string_view target_path, std::string_view target_text, const TestClass& cls,
                          std::string_view method);

// `text` with `edits` applied (edits must not overlap; any order).
std::string apply_edits(std::string_view text, std::vector<TextEdit> edits);

// A unified diff of two texts of `path` (a/ and b/ prefixes, 3 lines of context).
std::string unified_diff(std::string_view path, std::string_view before, std::string_view after);

}  // namespace pt2bb
