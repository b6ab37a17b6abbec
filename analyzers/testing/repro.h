// Repro: what a repro script (or a selection of one) does, read from its tree: its imports, the
// code that sets the failure up, how it compiles (torch.compile with which backend, or
// torch.export strict / non-strict), what it compiles and with which inputs, and the names it
// uses. The test writer turns it into a TestCase method; ranking compares its names with the
// indexed test files.
//
// Pure: analyze_repro() reads text and tree only, any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "core/finding.h"
#include "testing/categories.h"

namespace pt2bb {

enum class CompileMode { None, TorchCompile, ExportStrict, ExportNonStrict, AotAutograd };

// One statement of the repro kept for the test body, dedented to column 0.
struct ReproStatement {
  enum class Kind {
    Setup,        // Kept as written.
    Call,         // Calls the compiled function: `text` has '\x01' where its callee was.
    CompileSite,  // Where the repro compiled it (no text): a frame-counting test compiles here.
  };
  Kind kind = Kind::Setup;
  std::string text;  // Lines without trailing newline, joined with '\n'.
};

struct Repro {
  std::vector<std::string> imports;  // Import statements as written, one per entry.
  std::vector<ReproStatement> body;  // Setup and calls, in order (no imports, prints, asserts).
  CompileMode mode = CompileMode::None;
  std::string compiled;        // What is compiled / exported: "fn", "Model()".
  std::string compile_kwargs;  // Keyword arguments of the compile call as written, minus backend/fullgraph.
  std::string backend;         // The repro's backend ("inductor", "eager", ...), empty when not given.
  std::string call_args;       // Arguments of the first call of the compiled function: "x, y".
  std::string export_args;     // The export call's example inputs as written: "(x,)".
  bool fullgraph = false;
  std::vector<uint64_t> identifiers;  // identifier_hash of called and imported names, unique.
  std::vector<std::string> called;    // Called torch APIs' last components, in order, unique.
  std::string topic;                  // A word for the test name: "cumsum", "sdpa".
  bool has_syntax_errors = false;
  // A guess at the category from the code alone (used when no category is given).
  Category inferred = Category::BackendCompilerFailed;
};

// Reads the repro from `text` parsed as `tree`. With `selection`, only the statements that
// overlap it (plus every import of the file, which the selection may rely on).
Repro analyze_repro(std::string_view text, const TSTree* tree, std::optional<Range> selection = std::nullopt,
                    std::string_view file_stem = {});

}  // namespace pt2bb
