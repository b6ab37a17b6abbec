// FileSummary: the compact model of one Python file that the test features need, extracted from
// its tree-sitter parse: test classes (bases, ranges, test methods with decorators), the
// `if __name__ == "__main__":` guard and what it calls, imports, and the PyTorch test conventions
// the file uses. Summaries replace trees for files that are not open: a few KiB instead of the
// text and its tree.
//
// Plain data: immutable once built, so any thread may read one. summarize_python() is pure and
// may run on any thread (one TSTree per call).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "core/finding.h"

namespace pt2bb {

// Conventions a test file follows, as bits of FileSummary::conventions.
enum Convention : uint32_t {
  kConvSelfCommon = 1u << 0,         // self.common(fn, args): Inductor's CommonTemplate tests.
  kConvCommonTemplate = 1u << 1,     // class CommonTemplate: tests copied per device.
  kConvCompileCounter = 1u << 2,     // torch._dynamo.testing.CompileCounter(...).
  kConvTorchCompile = 1u << 3,       // torch.compile(...) or torch._dynamo.optimize(...).
  kConvCompileBackend = 1u << 4,     // torch.compile(..., backend=...).
  kConvExport = 1u << 5,             // export(...) / torch.export.export(...).
  kConvExportNonStrict = 1u << 6,    // export(..., strict=False).
  kConvInstantiate = 1u << 7,        // instantiate_*_tests(...).
  kConvRequiresGpu = 1u << 8,        // @requires_gpu, @requires_cuda, ...
  kConvSkipIf = 1u << 9,             // @skipIf..., @unittest.skipIf(...).
  kConvMakeTest = 1u << 10,          // make_test(...)-generated tests.
  kConvFullgraph = 1u << 11,         // fullgraph=True.
  kConvAotFunction = 1u << 12,       // aot_function / aot_module / aot_export_*.
};

struct TestMethod {
  std::string name;
  Range range;       // From the first decorator to the end of the body.
  Range name_range;  // The name after `def` (or the assigned name of a generated test).
  std::vector<std::string> decorators;  // The decorator's callee as written: "skipIfRocm", "parametrize".
  bool generated = false;               // `test_x = make_test(...)`, not a `def`.
  // Which block of the class body holds it: 0 for the body itself, another number per branch of
  // an `if` inside the body (two tests of one name in different branches do not clash).
  uint32_t branch = 0;
};

struct TestClass {
  std::string name;  // Dotted for nested classes: "Outer.Inner".
  std::vector<std::string> bases;  // As written: "torch._dynamo.test_case.TestCase".
  std::vector<Range> base_ranges;  // One per base.
  Range range;
  Range name_range;
  Range bases_range;  // The superclass list without its parentheses (empty range when none).
  std::vector<TestMethod> tests;
  uint32_t method_count = 0;   // Every `def` in the body, tests or not.
  std::string body_indent;     // Leading whitespace of the body's statements.
  uint32_t body_end_line = 0;  // Last line of the class body.
};

struct ImportInfo {
  std::string module;              // "torch._dynamo.test_case" ("" for `import a` lists: see names).
  std::vector<std::string> names;  // `from m import a, b` -> {a, b}; `import a.b` -> {} with module a.b.
  bool from = false;
  Range range;
};

struct MainGuard {
  Range range;
  std::vector<std::string> calls;  // Callees called anywhere in the guard: "run_tests", "main".
};

struct FileSummary {
  std::string path;
  uint64_t content_hash = 0;  // content_hash(text): tells whether a summary still matches a file.
  uint32_t bytes = 0;
  uint32_t line_count = 0;
  std::vector<TestClass> classes;  // Every class, test or not (bases decide later).
  std::vector<ImportInfo> imports;  // Module-level imports (also inside module-level if/try).
  std::optional<MainGuard> main_guard;
  uint32_t conventions = 0;
  // Last line of the leading import block (imports before the first class or function); the place
  // to hoist new imports. Absent: the file has no import before its first definition.
  std::optional<uint32_t> import_block_end_line;
  // Hashes (identifier_hash) of the names the file calls, imports and names its tests with,
  // sorted and unique: what ranking compares a repro against.
  std::vector<uint64_t> identifiers;
  bool has_syntax_errors = false;

  bool uses(Convention c) const { return (conventions & c) != 0; }
  uint32_t test_count() const;
  const TestClass* find_class(std::string_view name) const;
  // Whether `module` is imported (`import module` or `from module import ...`).
  bool imports_module(std::string_view module) const;
  // Whether `name` is bound by an import (`from m import name` or `import name`).
  bool imports_name(std::string_view name) const;
  // Approximate heap bytes held by this summary (for the benchmark's memory budget).
  size_t memory_bytes() const;
};

// A cheap hash of the text (FNV-1a over words), only ever compared for equality.
uint64_t content_hash(std::string_view text);
uint64_t identifier_hash(std::string_view name);

// Builds the summary of `text` parsed as `tree`. `path` is stored as given.
FileSummary summarize_python(std::string_view path, std::string_view text, const TSTree* tree);
// Parses and summarizes in one step (a fresh parser per call; pass one for repeated use).
FileSummary summarize_python(std::string_view path, std::string_view text, TSParser* parser = nullptr);

// The rules both ways of building a summary share: the tree-sitter walk above and the line-level
// fast path (fast_summary.h), so that they agree by construction where they can.
namespace summary_rules {

// The last dotted component of a callee: "torch._dynamo.testing.CompileCounter" -> "CompileCounter".
std::string_view last_component(std::string_view dotted);
// A callee as written, without the whitespace a line break inside it would add.
std::string squeeze(std::string_view s);
// The conventions a decorator's callee (as written, squeezed) marks.
uint32_t decorator_conventions(std::string_view callee);

// What a call tells: its conventions, and which keyword arguments then matter.
struct CallKind {
  enum Keywords { kNone, kCompile, kExport };
  uint32_t conventions = 0;
  Keywords keywords = kNone;
};
// `last`: the called name (the attribute of `a.b`); `full`: the callee's text as written.
CallKind call_kind(std::string_view last, std::string_view full);
// The conventions a keyword argument `name=value` (texts as written) of such a call marks.
uint32_t keyword_conventions(CallKind::Keywords which, std::string_view name, std::string_view value);
void add_identifier(std::string_view name, std::vector<uint64_t>& ids);
// The guard's range and every callee called in it (first seen first).
MainGuard main_guard(TSNode if_statement, std::string_view text);
// Sorts the classes, adds the conventions and identifiers that follow from classes, tests and
// imports, and stores `ids` sorted and unique.
void finish(FileSummary& out, std::vector<uint64_t> ids);

}  // namespace summary_rules

// Whether a class looks like a test class: it has tests, or derives from something named
// *TestCase / *Tests / CommonTemplate.
bool is_test_class(const TestClass& c);
// Whether `path` names a test file by PyTorch's layout (test/... or test_*.py / *_test.py).
bool looks_like_test_path(std::string_view path);

}  // namespace pt2bb
