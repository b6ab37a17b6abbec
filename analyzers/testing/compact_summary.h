// CompactSummary: what the workspace index keeps of one Python file. It holds the same facts as
// a FileSummary that the index's readers use (classes with their bases, tests, last lines and
// indentation; imports; conventions; identifiers), packed for the thousands of files a workspace
// has: every name lives in one string arena per file and is referred to by offset, tests keep
// lines instead of full ranges, decorators are a bitmask of the usual ones (the rest go to the
// arena), and no per-test vector or string is allocated. A summary of a 50 KB test file fits in
// a few KB.
//
// Open documents are analyzed from their full FileSummary; only the index holds compact ones.
// Plain data, immutable once built: any thread may read one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "testing/test_summary.h"

namespace pt2bb {

// A string in CompactSummary::arena.
struct ArenaRef {
  uint32_t offset = 0;
  uint32_t size = 0;
};

// Twelve bytes per test. Every test name starts with "test": the arena keeps the rest of the
// name, front-coded: the names of a class's tests follow one another from
// CompactClass::test_names_offset, each stored as the bytes that differ from the previous name
// (`test_softmax_dim0` after `test_softmax` keeps "_dim0").
struct CompactTest {
  uint32_t start_line = 0;  // First decorator (or `def`).
  uint16_t line_count = 0;  // end_line - start_line, saturated at 0xffff.
  // Bits of the decorators named in known_decorators() (bit i: entry i); kOtherDecorators when
  // the test has others (in CompactSummary::other_decorators).
  uint16_t decorators = 0;
  uint16_t branch = 0;       // TestMethod::branch, saturated; the top bit marks a generated test.
  uint8_t name_shared = 0;   // Bytes shared with the previous name of the class (after "test").
  uint8_t name_suffix = 0;   // Bytes that follow in the arena; kLongSuffix: a 2-byte size first.

  static constexpr uint16_t kOtherDecorators = 0x8000;
  static constexpr uint16_t kGenerated = 0x8000;
  static constexpr uint8_t kLongSuffix = 0xff;
  bool generated() const { return (branch & kGenerated) != 0; }
};

struct CompactClass {
  ArenaRef name;
  ArenaRef body_indent;
  uint32_t first_base = 0, base_count = 0;  // In CompactSummary::bases.
  uint32_t first_test = 0, test_count = 0;  // In CompactSummary::tests.
  uint32_t test_names_offset = 0;           // In the arena, see CompactTest.
  uint32_t start_line = 0, start_column = 0;
  uint32_t end_line = 0;
  uint32_t body_end_line = 0;
  uint32_t method_count = 0;
  uint32_t last_test_end_line = 0;  // Exact, even when a test's line_count saturates.
};

struct CompactImport {
  ArenaRef module;
  ArenaRef names;  // Joined with '\n'.
  bool from = false;
};

class CompactSummary {
public:
  std::string path;
  uint64_t content_hash = 0;
  uint32_t bytes = 0;
  uint32_t line_count = 0;
  uint32_t conventions = 0;
  std::optional<uint32_t> import_block_end_line;
  bool has_syntax_errors = false;
  bool has_main_guard = false;
  std::string arena;
  std::vector<CompactClass> classes;
  std::vector<CompactTest> tests;
  std::vector<ArenaRef> bases;
  std::vector<CompactImport> imports;
  std::vector<std::pair<uint32_t, ArenaRef>> other_decorators;  // (test index, callees joined with '\n').
  std::vector<uint64_t> identifiers;  // As FileSummary::identifiers.

  std::string_view text(ArenaRef r) const { return std::string_view(arena).substr(r.offset, r.size); }
  std::string_view name(const CompactClass& c) const { return text(c.name); }
  std::string_view body_indent(const CompactClass& c) const { return text(c.body_indent); }
  std::vector<std::string_view> bases_of(const CompactClass& c) const;
  // The class's tests, in order.
  const CompactTest* tests_begin(const CompactClass& c) const { return tests.data() + c.first_test; }
  const CompactTest* tests_end(const CompactClass& c) const { return tests.data() + c.first_test + c.test_count; }
  // The class's test names, in order (rebuilt from the arena: for lookups, not for hot loops).
  std::vector<std::string> test_names(const CompactClass& c) const;
  // Known decorators first (in known_decorators() order), then the others as written.
  std::vector<std::string_view> decorators_of(const CompactTest& t) const;

  bool uses(Convention c) const { return (conventions & c) != 0; }
  uint32_t test_count() const { return static_cast<uint32_t>(tests.size()); }
  const CompactClass* find_class(std::string_view name) const;
  bool is_test_class(const CompactClass& c) const;
  bool imports_module(std::string_view module) const;
  bool imports_name(std::string_view name) const;
  // Heap bytes held, counting each allocation's malloc header: the budget the benchmark checks.
  size_t memory_bytes() const;
};

// The decorators most PyTorch tests use, in bit order.
const std::vector<std::string_view>& known_decorators();

// The compact form of a summary (its path, classes, tests, imports and identifiers).
CompactSummary compact_summary(const FileSummary& full);

}  // namespace pt2bb
