// The failure categories a new test can capture, and what each calls for: the area of the test
// suite it belongs to, the backend to compile with, and the assertion to write.
//
// Ids are the triage engine's (analyzers/triage): graph_break, backend_compiler_failed,
// recompilation, accuracy, dynamo_internal_error, runtime_crash, triton_kernel_failure, other,
// unknown; plus two that only tests need: export and aot_autograd. Pure functions, any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pt2bb {

enum class Category {
  GraphBreak,
  BackendCompilerFailed,
  Recompilation,
  Accuracy,
  DynamoInternalError,
  RuntimeCrash,
  TritonKernelFailure,
  Export,
  AotAutograd,
  Other,
  Unknown,
};

// What the generated test asserts.
enum class Assertion {
  CompareWithEager,  // accuracy: compiled output equals eager output
  Fullgraph,         // graph break: compile with fullgraph=True
  FrameCount,        // recompilation: CompileCounter frame count
  CallCompiled,      // crash / backend failure: calling the compiled function must not raise
  Export,            // export: export(...) and run the exported program
};

std::string_view category_id(Category c);
// Accepts the ids above, with '-' for '_' and any case. Unknown: nullopt.
std::optional<Category> parse_category(std::string_view id);
// Every accepted id, for error messages.
const std::vector<std::string_view>& category_ids();
Assertion assertion_for(Category c);

}  // namespace pt2bb
