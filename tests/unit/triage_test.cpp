// The triage engine: knowledge loading and validation, the primary category of every fixture log
// and of short excerpts cut the way people paste them, and the details of findings (dedupe,
// locations, GB entries, recompile guards, streaming).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lsp/triage_feature.h"
#include "support/file_io.h"
#include "triage/log_line.h"
#include "triage/report_json.h"
#include "triage/triage.h"
#include "triage_fixture.h"

using namespace pt2bb;
using namespace std::string_literals;
namespace fs = std::filesystem;

namespace {

using triage_fixture::knowledge;

const GraphBreakRegistry& registry() {
  static const GraphBreakRegistry reg = [] {
    auto text = read_file(std::string(PT2BB_SHARED_DIR) + "/data/graph_break_registry.json");
    REQUIRE(text);
    return *GraphBreakRegistry::parse(*text);
  }();
  return reg;
}

TriageReport triage(std::string_view text, Lang lang = Lang::En) {
  TriageOptions o;
  o.knowledge = &knowledge();
  o.registry = &registry();
  o.lang = lang;
  return triage_text(text, o);
}

// The primary category of `text`.
std::string check_primary(std::string_view text) { return triage(text).category; }

// Loads a one-file knowledge set and returns the error ("" when it loads).
std::string check_knowledge_error(const std::string& json_text) {
  // The real file supplies the categories; the test file adds (bad) signatures.
  std::string error;
  std::string base;
  for (const auto& f : embedded_knowledge_files())
    if (f.name == "triage.json") base = std::string(f.content);
  const EmbeddedFile files[] = {{"triage.json", base}, {"triage_extra.json", json_text}};
  return TriageKnowledge::load(files, &error) ? "" : error;
}

}  // namespace

TEST_CASE("the embedded triage knowledge loads and defines every category in both languages") {
  const auto& kb = knowledge();
  for (std::string_view id : kTriageCategories) {
    if (id == "unknown") continue;
    const TriageCategory* c = kb.category(id);
    REQUIRE_MESSAGE(c, id);
    CHECK(!c->title.fr.empty());
    CHECK(!c->next_commands.empty());
    CHECK(!c->key_files.empty());
    CHECK(!c->fix_approach.fr.empty());
  }
  CHECK(kb.signatures().size() > 40);
}

TEST_CASE("malformed knowledge gives an error naming the file, entry and field") {
  struct Case {
    const char* name;
    const char* json;
    const char* expected;  // A substring of the error.
  };
  const Case cases[] = {
      {"valid extra signature",
       R"({"signatures": [{"id": "x1", "category": "accuracy", "pattern": "foo", "weight": 2,
           "description": {"en": "e", "fr": "f"}}]})",
       ""},
      {"not JSON", "{", "triage_extra.json: not valid JSON"},
      {"bad RE2", R"({"signatures": [{"id": "x2", "category": "accuracy", "pattern": "(unclosed", "weight": 2,
           "description": {"en": "e", "fr": "f"}}]})",
       "signatures[0] (x2): invalid RE2 pattern"},
      {"unknown category", R"({"signatures": [{"id": "x3", "category": "nope", "pattern": "a", "weight": 2,
           "description": {"en": "e", "fr": "f"}}]})",
       "unknown category \"nope\""},
      {"duplicate id", R"({"signatures": [{"id": "gb_reason", "category": "accuracy", "pattern": "a", "weight": 2,
           "description": {"en": "e", "fr": "f"}}]})",
       "duplicate signature id"},
      {"missing weight", R"({"signatures": [{"id": "x4", "category": "accuracy", "pattern": "a",
           "description": {"en": "e", "fr": "f"}}]})",
       "missing \"weight\""},
      {"bad scope", R"({"signatures": [{"id": "x5", "category": "accuracy", "pattern": "a", "weight": 1, "scope": "file",
           "description": {"en": "e", "fr": "f"}}]})",
       "\"scope\" must be line, exception, frame, warning_log, prose or compile_id"},
      {"unless on a line signature", R"({"signatures": [{"id": "x7", "category": "accuracy", "pattern": "a", "weight": 1,
           "unless": "b", "description": {"en": "e", "fr": "f"}}]})",
       "signatures[0] (x7): \"unless\" is read only for prose signatures"},
      {"bad RE2 in unless", R"({"signatures": [{"id": "x8", "category": "accuracy", "pattern": "a", "weight": 1, "scope": "prose",
           "unless": "(b", "description": {"en": "e", "fr": "f"}}]})",
       "signatures[0] (x8): invalid RE2 pattern in \"unless\""},
      {"wraps on a frame signature", R"({"signatures": [{"id": "x9", "category": "accuracy", "pattern": "a", "weight": 1, "scope": "frame",
           "wraps": ["runtime_crash"], "description": {"en": "e", "fr": "f"}}]})",
       "signatures[0] (x9): \"wraps\" is read only for line and exception signatures"},
      {"wraps its own category", R"({"signatures": [{"id": "x10", "category": "accuracy", "pattern": "a", "weight": 1,
           "wraps": ["accuracy"], "description": {"en": "e", "fr": "f"}}]})",
       "signatures[0] (x10): \"wraps\" names \"accuracy\", not another known category"},
      {"advice that is not a list", R"({"signatures": [{"id": "x11", "category": "accuracy", "pattern": "a", "weight": 1,
           "next_commands": "pip install triton", "description": {"en": "e", "fr": "f"}}]})",
       "signatures[0] (x11): \"next_commands\" must be an array of strings"},
      {"advice in one language", R"({"signatures": [{"id": "x12", "category": "accuracy", "pattern": "a", "weight": 1,
           "fix_approach": {"en": "do this"}, "description": {"en": "e", "fr": "f"}}]})",
       "fix_approach: missing \"fr\""},
      {"missing French", R"({"signatures": [{"id": "x6", "category": "accuracy", "pattern": "a", "weight": 1,
           "description": {"en": "e"}}]})",
       "description: missing \"fr\""},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    const std::string error = check_knowledge_error(c.json);
    if (std::string(c.expected).empty()) CHECK(error.empty());
    else CHECK_MESSAGE(error.find(c.expected) != std::string::npos, error);
  }
  std::string error;
  CHECK_FALSE(TriageKnowledge::load({}, &error));
  CHECK(error.find("no triage") != std::string::npos);
}

TEST_CASE("every fixture log gets the category of its folder") {
  const fs::path root = fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures/logs";
  int count = 0;
  for (const auto& dir : fs::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    for (const auto& file : fs::directory_iterator(dir.path())) {
      auto text = read_file(file.path().string());
      REQUIRE(text);
      CAPTURE(file.path().string());
      CHECK(check_primary(*text) == dir.path().filename().string());
      ++count;
    }
  }
  CHECK(count >= 30);
}

TEST_CASE("a guess from pass-through frames alone is reported with low confidence") {
  struct Case {
    const char* name;
    const char* text;
    double min, max;
  };
  const Case cases[] = {
      {"only the compiled call's wrapper",
       "  File \"/venv/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py\", line 655, in _fn\n"
       "    return fn(*args, **kwargs)\n",
       0.0, 0.4},
      {"an Inductor frame decides",
       "  File \"/venv/lib/python3.11/site-packages/torch/_inductor/graph.py\", line 1012, in run_node\n"
       "    result = super().run_node(n)\n",
       0.5, 1.0},
      {"the failure itself",
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: boom\n", 0.8, 1.0},
  };
  for (const auto& c : cases) {
    CAPTURE(std::string(c.name));
    const TriageReport r = triage(c.text);
    CHECK(r.confidence >= c.min);
    CHECK(r.confidence <= c.max);
    REQUIRE(!r.findings.empty());
    CHECK(r.findings[0].confidence <= c.max);
  }
}

TEST_CASE("short excerpts, cut the way people paste them") {
  struct Case {
    const char* name;
    const char* text;
    const char* expected;
  };
  const Case cases[] = {
      {"exception line only", "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n", "backend_compiler_failed"},
      {"wrapped Triton compile error",
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nCompilationError: at 10:4:\n", "triton_kernel_failure"},
      {"wrapper with an illegal access stays a backend failure",
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: CUDA error: an illegal memory access was encountered\n",
       "backend_compiler_failed"},
      {"wrapper carrying Triton's failure to load its kernel",
       "torch._inductor.exc.InductorError: RuntimeError: Triton Error [HIP]:  Code: 209, Messsage: no kernel image is available\n",
       "triton_kernel_failure"},
      {"wrapper carrying a data-dependent guard stays a backend failure",
       "torch._inductor.exc.InductorError: GuardOnDataDependentSymNode: Could not guard on data-dependent expression Eq(u0, 1)\n",
       "backend_compiler_failed"},
      {"wrapper message first, then the compile worker's failure",
       "backend='inductor' raised:\nSubprocException: An exception occurred in a subprocess:\n\nTraceback (most recent call last):\n"
       "  File \"/v/site-packages/torch/_inductor/compile_worker/subproc_pool.py\", line 270, in do_job\n",
       "triton_kernel_failure"},
      {"a traceback pasted indented by a tab",
       "\t  File \"/v/site-packages/torch/_inductor/codegen/triton.py\", line 3437, in load\n"
       "\t    has_deps = counts[name] > 1\n\ttorch._inductor.exc.InductorError: LoweringException: KeyError: 'primals_1'\n",
       "backend_compiler_failed"},
      {"Triton's MLIR error at a generated kernel's line and column",
       "/tmp/torchinductor_u/tt/cttmy2lv36rbbkefb5sp35rxqrshbhalcvq7emapkzdm53zblgs.py:56:26: error: operand #0 does not dominate this use\n",
       "triton_kernel_failure"},
      {"a C assertion inside Triton's driver aborts",
       "python: /v/site-packages/triton/backends/intel/include/sycl_functions.h:82: int load(): Assertion `ptr != nullptr' failed.\n"
       "Aborted (core dumped) python test.py\n",
       "triton_kernel_failure"},
      {"a device-side assertion in ATen is no Triton failure",
       "/w/aten/src/ATen/native/cuda/Loss.cu:240: block: [0,0,0], thread: [5,0,0] Assertion `t >= 0 && t < n_classes` failed.\n",
       "runtime_crash"},
      {"nvcc rejects an instantiated CUTLASS template",
       "cutlass/gemm/collective/builders/sm90_common.inl(145): error: static assertion failed\n", "backend_compiler_failed"},
      {"the ONNX exporter's own error", "torch.onnx.OnnxExporterError: Failed to export the model to ONNX.\n", "other"},
      {"the ONNX exporter carrying Dynamo's Unsupported",
       "torch.onnx.OnnxExporterError: Failed to export the model to ONNX.\n"
       "torch._dynamo.exc.Unsupported: 'inline in skipfiles: Adder.add'\n",
       "graph_break"},
      {"ExecuTorch's lowering pass fails after export",
       "Traceback (most recent call last):\n  File \"/h/export.py\", line 39, in <module>\n    prog = edge.to_executorch()\n"
       "  File \"/v/site-packages/executorch/exir/passes/__init__.py\", line 423, in call\n"
       "    raise RuntimeError(f\"Missing out variants: {missing}\")\nRuntimeError: Missing out variants: {'aten::sum'}\n",
       "other"},
      {"jit-tracing a compiled function",
       "RuntimeError: Detected that you are using FX to torch.jit.trace a dynamo-optimized function. This is not supported at the moment.\n",
       "other"},
      {"an AOTInductor model run fails in the runner",
       "RuntimeError: run_func_( container_handle_, inputs.data(), stream_handle) API call failed at "
       "/w/torch/csrc/inductor/aoti_runner/model_container_runner.cpp, line 144\n",
       "runtime_crash"},
      {"a per-module difference table", "layers.0.self_attn | Attention  max|diff| 14.25   rel 0.63\n", "accuracy"},
      {"a model's own compile check", "AssertionError: Compilation check MaxAbsError: 1.24 (tol: 5e-05) for field `energy`.\n",
       "accuracy"},
      {"a Dynamo traceback cut at unimplemented() is a graph break",
       "  File \"/v/site-packages/torch/_dynamo/variables/builtin.py\", line 941, in call_hasattr\n"
       "    return obj.call_hasattr(tx, name)\n"
       "  File \"/v/site-packages/torch/_dynamo/variables/base.py\", line 225, in call_hasattr\n"
       "    unimplemented(f\"hasattr: {repr(self)}\")\n",
       "graph_break"},
      {"Dynamo's helper called by Inductor belongs to Inductor",
       "  File \"/w/torch/_inductor/debug.py\", line 185, in create_debug_dir\n    dynamo_utils.get_debug_dir(),\n"
       "  File \"/w/torch/_dynamo/utils.py\", line 957, in get\n    assert self.debug_path is not None\nAssertionError\n",
       "backend_compiler_failed"},
      {"Dynamo's helper called by Dynamo's tracing stays Dynamo's",
       "  File \"/w/torch/_dynamo/variables/builder.py\", line 1400, in wrap_tensor\n    example = clone_input(value)\n"
       "  File \"/w/torch/_dynamo/utils.py\", line 700, in clone_input\n    result.copy_(x.clone())\n",
       "dynamo_internal_error"},
      {"Inductor's scheduler names the buffer it failed to generate",
       "[2023-01-29 22:59:43,416] torch._inductor.scheduler: [CRITICAL] Error in codegen for ComputedBuffer(name='buf0', layout=...\n",
       "backend_compiler_failed"},
      {"a traceback cut while printing a tensor",
       "  File \"/h/repro.py\", line 71, in <module>\n    print(out[0, 0])\n"
       "  File \"/v/site-packages/torch/_tensor.py\", line 590, in __repr__\n    return torch._tensor_str._str(self)\n"
       "  File \"/v/site-packages/torch/_tensor_str.py\", line 145, in __init__\n    nonzero = torch.masked_select(\n",
       "runtime_crash"},
      {"Triton's LLVM does not know the GPU: a Triton older than the hardware",
       "'sm_120' is not a recognized processor for this target (ignoring processor)\n", "other"},
      {"the GPU unknown to Triton's LLVM explains the kernel compile failure that follows",
       "'sm_120' is not a recognized processor for this target (ignoring processor)\n"
       "E0305 20:23:38.890000 755 torch/_inductor/runtime/triton_heuristics.py:533] Triton compilation failed: triton_poi_fused_add_0\n",
       "other"},
      {"Triton's bundled ptxas does not know the GPU",
       "ptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'\n", "other"},
      {"Triton's launcher cannot be built without Python's headers",
       "/tmp/tmpab12cd/main.c:5:10: fatal error: Python.h: No such file or directory\n    5 | #include <Python.h>\n", "other"},
      {"another missing header in Inductor's C++ stays a compile failure",
       "/tmp/torchinductor_u/ab/cabc.cpp:2:10: fatal error: omp.h: No such file or directory\n", "backend_compiler_failed"},
      {"a copy inside a CUDA graph capture",
       "RuntimeError: Cannot copy between CPU and CUDA tensors during CUDA graph\ncapture unless the CPU tensor is pinned.\n",
       "runtime_crash"},
      {"fake tensors lack an operator",
       "torch._subclasses.fake_tensor.UnsupportedOperatorException: aten.linear_backward.default\n", "dynamo_internal_error"},
      {"the shape environment's guard failed to build",
       "E0320 09:18:24.910000 1397 torch/_guards.py:253] [0/0] Error while creating guard:\n"
       "E0320 09:18:24.910000 1397 torch/_guards.py:253] [0/0] Name: ''\n"
       "E0320 09:18:24.910000 1397 torch/_guards.py:253] [0/0]     Source: shape_env\n"
       "E0320 09:18:24.910000 1397 torch/_guards.py:253] [0/0]     Create Function: SHAPE_ENV\n",
       "other"},
      {"Dynamo skips a frame and says why",
       "V0929 08:06:25.203000 1331 torch/_dynamo/convert_frame.py:1968] skipping: forward (reason: non-infra torch dispatch mode present)\n",
       "graph_break"},
      {"a backend outside PyTorch fails converting the captured graph",
       "  File \"/v/site-packages/torch_tensorrt/dynamo/conversion/_TRTInterpreter.py\", line 749, in placeholder\n"
       "    return self.ctx.net.add_input(\n",
       "backend_compiler_failed"},
      {"Dynamo's note alone, the exception cut above it: Dynamo was tracing",
       "from user code:\n   File \"/w/model.py\", line 584, in forward\n    output = matmul(x, w)\n",
       "dynamo_internal_error"},
      {"the user frames under Dynamo's note are not where the error was raised",
       "from user code:\n  File \"/v/site-packages/torch/_dynamo/external_utils.py\", line 38, in inner\n"
       "    return fn(*args, **kwargs)\n  File \"/w/model.py\", line 12, in forward\n    y = f(x)\n",
       "dynamo_internal_error"},
      {"an Unsupported error's fields without its exception line",
       "Skip inlining `torch.compiler.disable()`d function\n"
       "Explanation: Skip inlining function <function Block.get_mod at 0x7f> since it was wrapped with `torch.compiler.disable`\n"
       "Hint: Remove the `torch.compiler.disable` call\n\nDeveloper debug context: <function Block.get_mod at 0x7f>\n\n"
       "from user code:\nFile \"/w/model.py\", line 571, in forward\ne = self.get_mod(e)\n",
       "graph_break"},
      {"the fields of a fake-tensor failure stay Dynamo's own error",
       "torch._dynamo.exc.TorchRuntimeError: RuntimeError when making fake tensor call\n"
       "  Explanation: Dynamo failed to run FX node with fake tensors: call_function <built-in function linear>\n",
       "dynamo_internal_error"},
      {"old Dynamo's skipfiles note for a call it would not inline",
       "in skipfiles: Logger.info  | info /usr/lib/python3.9/logging/__init__.py\n", "graph_break"},
      {"stack traces inside a lowering's IR dump are not a traceback",
       "  args[3]: TensorBox(\n    View(\n      origins=OrderedSet([squeeze_1]),\n      stack_traces = {,\n"
       "        File \"/w/repro.py\", line 11, in forward,\n          t7785 = _m_t7785(t7784),\n      ,\n      }\n"
       "  args[4]: TensorBox(\n",
       "backend_compiler_failed"},
      {"the recompile log's guard failure per cache entry",
       "0/0: ___check_type_id(self, ...), type=<class 'aug.RandomGrayscale'>\n"
       "0/1: ___check_type_id(self, ...), type=<class 'aug.RandomAffine'>\n",
       "recompilation"},
      {"a compile id in a glog prefix is not a guard entry",
       "V1202 10:00:00.000000 1 torch/_dynamo/convert_frame.py:1000] [0/1] ___check_type_id(self, 1234)\n", "unknown"},
      {"a serving engine's CUDA graph capture failing at run time",
       "Exception: Capture cuda graph failed: RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture.\n",
       "runtime_crash"},
      {"Dynamo's own RNG bookkeeping during a capture stays Dynamo's error",
       "torch._dynamo.exc.InternalTorchDynamoError: RuntimeError: Cannot call CUDAGeneratorImpl::current_seed during CUDA graph capture.\n",
       "dynamo_internal_error"},
      {"a library Inductor built fails to load",
       "/tmp/tmpja3zqqk_/ceof33fur57wrqwvhjscbqrgjexegmfql7ogtetkvhg5toc5gl/cqeqjyhsoit4yszigc6szh5tt4wqky34nergpqrl34e6s6sdm3zh.so: "
       "undefined symbol: _binary_constants_bin_start\n",
       "backend_compiler_failed"},
      {"torch.compile failing to look up the backend by name",
       "  File \"/v/site-packages/torch/_dynamo/eval_frame.py\", line 356, in get_compiler_fn\n"
       "    compiler_fn = lookup_backend(compiler_fn)\n"
       "  File \"/v/site-packages/torch/_dynamo/eval_frame.py\", line 365, in lookup_backend\n"
       "    compiler_fn = BACKENDS[compiler_fn]\nKeyError: 'hidet'\n",
       "other"},
      {"a data-dependent output shape met on fake tensors",
       "torch._subclasses.fake_tensor.DynamicOutputShapeException: aten.repeat_interleave.Tensor\n", "graph_break"},
      {"a data-dependent output inside the backend stays a backend failure",
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
       "DataDependentOutputException: aten._local_scalar_dense.default\n",
       "backend_compiler_failed"},
      {"AOTAutograd's partitioner losing an output",
       "AssertionError: Node slice_948 was invalid, but is output\n", "backend_compiler_failed"},
      {"Torch-TensorRT's conversion log reports an error",
       "2026-05-01 00:04:05,399 - torch_tensorrt [TensorRT Conversion Context] - ERROR - [executionContext.cpp::initializeExecutionContext::644] "
       "Error Code 2: OutOfMemory (Requested size was 149635638784 bytes.)\n",
       "backend_compiler_failed"},
      {"an NPU graph capture refusing an operator at run time",
       "RuntimeError: Cannot run aclop operators during NPU graph capture. Current working aclop is MatMul.\n", "runtime_crash"},
      {"a CUDA graph failing to start its capture",
       "  File \"/v/site-packages/torch/cuda/graphs.py\", line 186, in __enter__\n    self.cuda_graph.capture_begin(\n"
       "  File \"/v/site-packages/torch/cuda/graphs.py\", line 84, in capture_begin\n"
       "    super().capture_begin(pool=pool, capture_error_mode=capture_error_mode)\n",
       "runtime_crash"},
      {"clang missing a header while a backend builds its kernel",
       "msg is <built-in>:1:10: fatal error: '__clang_cce_runtime_wrapper.h' file not found\n", "backend_compiler_failed"},
      {"the after-dynamo minifier catching the backend",
       "W0518 11:04:28.477000 1248 torch/_dynamo/repro/after_dynamo.py:98] [0/0] Compiled Fx GraphModule failed. Creating script to minify the error.\n",
       "backend_compiler_failed"},
      {"the accuracy minifier is not a compile failure",
       "W0518 11:04:28.477000 1248 torch/_dynamo/repro/after_aot.py:98] [0/0] Accuracy failed for the AOT Autograd graph. Creating script to minify the error.\n",
       "accuracy"},
      {"Inductor's CPU build without OpenMP",
       "OpenMP support not found. Please try one of the following solutions:\n", "backend_compiler_failed"},
      {"Inductor IR printed without the error around it",
       "              origin_node=div,\n              origins={add, div}\n            )\n"
       "          size=(4096, s0, 12, 64),\n          reindex=lambda i0, i1, i2, i3: [i0, i1, 64*i2 + i3],\n",
       "backend_compiler_failed"},
      {"a frame whose path the user shortened with an ellipsis",
       "File \"...triton\\backends\\nvidia\\compiler.py\", line 49, in get_ptxas_version\n"
       "    version = subprocess.check_output([_path_to_binary(\"ptxas\")[0], \"--version\"]).decode(\"utf-8\")\n",
       "triton_kernel_failure"},
      {"the Metal compiler rejecting a generated shader",
       "program_source:21:29: error: use of undeclared identifier 'tmp10'\n        auto tmp12 = tmp8 ? tmp10 : tmp11;\n",
       "backend_compiler_failed"},
      {"gcc failing on Triton's launcher stub",
       "subprocess.CalledProcessError: Command '['/usr/bin/gcc', '/tmp/tmpfbsy3e1f/main.c', '-O3', '-I/usr/local/cuda/include']' "
       "returned non-zero exit status 1.\n",
       "backend_compiler_failed"},
      {"Dynamo failing to trace a user autograd.Function into one subgraph",
       "[2023-10-27 09:36:36,705] [2/1] torch._dynamo.variables.higher_order_ops: [WARNING] speculate_subgraph: while introspecting "
       "the user-defined autograd.Function, we were unable to trace function `trampoline_autograd_fwd` into a single graph.\n",
       "graph_break"},
      {"export finding a fake tensor among the program's constants",
       "RuntimeError: We found a fake tensor in the exported program constant's list.\n"
       "This typically means our tracing system encountered an op that we can't trace through.\n",
       "other"},
      {"PT2E quantization annotating an exported graph",
       "  File \"/w/pytorch/torch/ao/quantization/quantize_pt2e.py\", line 97, in prepare_pt2e\n    quantizer.annotate(model)\n"
       "  File \"/w/pytorch/torch/ao/quantization/quantizer/x86_inductor_quantizer.py\", line 705, in annotate\n"
       "    self._annotate_with_config(\n",
       "other"},
      {"a wrapper and the Triton error it carries quoted on one line",
       "{'message': 'torch._inductor.exc.InductorError: SubprocException: An exception occurred in a subprocess:\\n\\nTraceback', 'test': 'x'}\n",
       "triton_kernel_failure"},
      {"a wrapper quoted on one line with an error it does not carry stays the wrapper",
       "{'message': 'torch._inductor.exc.InductorError: RuntimeError: CUDA error: an illegal memory access was encountered'}\n",
       "backend_compiler_failed"},
      {"an Ascend NPU device error while the graph runs",
       "(Worker_TP1 pid=37027) ERROR 09-14 11:34:43 [multiproc_executor.py:654] RuntimeError: ACL stream synchronize failed, error code:507057\n",
       "runtime_crash"},
      {"torch_npu's error code for a failed device call",
       "[ERROR] 2026-07-07-13:03:41 (PID:36316, Device:5, RankID:-1) ERR00100 PTA call acl api failed.\n", "runtime_crash"},
      {"compute-sanitizer's stack of an invalid access",
       "=========     Host Frame:PyObject_Call [0x169e9a]\n=========                in /usr/bin/python\n", "runtime_crash"},
      {"pytest's banner is not compute-sanitizer",
       "========================= test session starts ==========================\n", "unknown"},
      {"a higher-order op whose body stopped on a data-dependent guard is a graph break",
       "E           torch._dynamo.exc.UncapturedHigherOrderOpError: while_loop doesn't work unless it is captured completely with "
       "torch.compile. Got Could not guard on data-dependent expression u0 > 0 (unhinted: u0 > 0).\n",
       "graph_break"},
      {"the guard-creation stack of a failing SHAPE_ENV guard",
       "E0913 08:34:30.532000 1447785 torch/_guards.py:285] [0/0]     self.guards.add(ShapeEnvSource().make_guard(GuardBuilder.SHAPE_ENV))\n"
       "Traceback (most recent call last):\n  File \"/w/torch/_dynamo/convert_frame.py\", line 1278, in __call__\n",
       "other"},
      {"compiled autograd meeting a hook it does not support",
       "[rank0]: RuntimeError: compiled_args nyi, see [Note: Compiled Autograd] N5torch8autograd24CppFunctionTensorPreHookE\n", "other"},
      {"an auto_functionalized custom op left by Inductor's passes", "  AssertionError: auto_functionalized_v2 was not removed\n",
       "backend_compiler_failed"},
      {"an AOTInductor package without the model asked for",
       "RuntimeError: Failed to find a generated cpp file or so file for model 'forward' in the zip archive.\n", "other"},
      {"the compiler bisector's verdict",
       "BisectionResult(backend='inductor', subsystem='lowerings', bisect_number=2, debug_info='_low_memory_max_pool_with_offsets')\n",
       "accuracy"},
      {"an Inductor traceback pasted as an indented vLLM log",
       "    ERROR 04-22 21:41:28 [worker_base.py:598]   File \"/e/torch/_inductor/scheduler.py\", line 3461, in _codegen\n"
       "    ERROR 04-22 21:41:28 [worker_base.py:598]     self.get_backend(device).codegen_node(node)\n",
       "backend_compiler_failed"},
      {"IPython naming no function for AOTAutograd's call of the compiled program",
       "/v/torch/_functorch/aot_autograd.py in ?(*runtime_args)\n   1240         full_args.extend(runtime_args)\n"
       "-> 1241         return compiled_fn(full_args)\n",
       "runtime_crash"},
      {"a traceback cut where an FX GraphModule runs its generated forward",
       "  File \"/u/torch/_dynamo/eval_frame.py\", line 632, in _fn\n    return fn(*args, **kwargs)\n"
       "  File \"/u/torch/fx/graph_module.py\", line 784, in call_wrapped\n    return self._wrapped_call(self, *args, **kwargs)\n"
       "  File \"/u/torch/fx/graph_module.py\", line 361, in __call__\n    raise e\n",
       "runtime_crash"},
      {"triton-ascend's banner around an MLIR pipeline failure",
       "///------------------[ERROR][Triton][BEG]------------------\n[ConvertLinalgRToBinary] encounters error:\n",
       "triton_kernel_failure"},
      {"torch-mlir importing an exported program",
       "  File \"/s/torch_mlir/extras/fx_importer.py\", line 969, in value_info_to_type\n    raise NotImplementedError(\n",
       "other"},
      {"the Habana runtime failing to launch an op",
       "RuntimeError: [Rank:0] FATAL ERROR :: MODULE:PT_EAGER HabanaLaunchOpPT Run returned exception....\n", "runtime_crash"},
      {"a per-layer NaN check printed by the reporter", "layer_0_nan: False\nlayer_1_nan: True dtype: torch.bfloat16\n", "accuracy"},
      {"a NaN check that found none says nothing", "layer_0_nan: False dtype: torch.bfloat16\n", "unknown"},
      {"gcc crashing on a kernel Inductor generated",
       "/tmp/tmpuqk7lj9j/zx/czx2eyturb6j6m727xhvknkjbdu3y5nqqk66wgxcjkwnxuzvpm5r.cpp:3:18: internal compiler error: in "
       "vect_get_vector_types_for_stmt, at tree-vect-stmts.c:12252\n",
       "backend_compiler_failed"},
      {"a candidate kernel failing while max-autotune benchmarks it",
       "E1017 15:14:02.287000 11462 torch/_inductor/select_algorithm.py:3255] [1/0] Runtime error during autotuning:\n", "triton_kernel_failure"},
      {"cudagraph trees finding storages outside its pool",
       "RuntimeError: These storage data ptrs are not allocated in pool (0, 2) but should be {0}\n", "runtime_crash"},
      {"a correlation check against the reference output failing",
       "FAILED tests/models/unet/test_unet.py::test_unet[full-eval] - AssertionError: PCC of output 0: 0.9761, threshold: 0.99\n",
       "accuracy"},
      {"a torch that predates the compile API",
       "WARNING  Model compile not supported: module 'torch' has no attribute '_logging'\n", "other"},
      {"an AttributeError about another module's attribute says nothing of the torch version",
       "AttributeError: module 'numpy' has no attribute 'compile'\n", "unknown"},
      {"a user-defined Triton kernel Inductor could not compile to TTIR",
       "WARNING:torch._dynamo:Encountered an exception in identify_mutated_tensors, assuming every input is mutated\n"
       "Traceback (most recent call last):\n"
       "  File \"/w/torch/_higher_order_ops/triton_kernel_wrap.py\", line 474, in identify_mutated_tensors\n"
       "    ttir_module, ordered_tensor_names = generate_ttir(kernel, kwargs)\n"
       "  File \"/w/torch/_higher_order_ops/triton_kernel_wrap.py\", line 131, in generate_ttir\n"
       "    assert isinstance(kernel, JITFunction)\n"
       "AssertionError\n",
       "triton_kernel_failure"},
      {"cudagraph trees seeing a tensor freed while it recorded",
       "> RuntimeError: TODO: graph recording observed an input tensor deallocate during graph  recording that did not "
       "occur during replay. Please file an issue.\n",
       "runtime_crash"},
      {"a report that compiling changes the result",
       "The compilation with `mode=\"reduce-overhead\"` changes the result for large inputs.\n", "accuracy"},
      {"a report about the training loss under compile",
       "I just ran with backend=\"aot_eager\" on a smaller model and this does converge (no compile: orange).\n", "accuracy"},
      {"a job runner's role tag before each frame",
       "trainer/0     File \"/w/torch/_dynamo/variables/builder.py\", line 1706, in wrap_to_fake_tensor_and_record\n"
       "trainer/0       fake_e = wrap_fake_exception(\n"
       "trainer/0     File \"/w/torch/_dynamo/utils.py\", line 921, in wrap_fake_exception\n"
       "trainer/0       return fn()\n",
       "dynamo_internal_error"},
      {"fake-tensor frames under Dynamo's run of a node, cut before the TorchRuntimeError",
       "Traceback (most recent call last):\n"
       "  File \"/w/torch/_dynamo/utils.py\", line 1196, in run_node\n"
       "    return getattr(args[0], node.target)(*args[1:], **kwargs)\n"
       "  File \"/w/torch/utils/_stats.py\", line 20, in wrapper\n"
       "    return fn(*args, **kwargs)\n"
       "  File \"/w/torch/_subclasses/fake_tensor.py\", line 1176, in dispatch\n"
       "    return self.wrap_meta_outputs_with_default_device_logic(r, func, args, kwargs)\n",
       "dynamo_internal_error"},
      {"fake-tensor frames with no Dynamo around them stay outside Dynamo",
       "Traceback (most recent call last):\n"
       "  File \"/w/torch/utils/_stats.py\", line 20, in wrapper\n"
       "    return fn(*args, **kwargs)\n"
       "  File \"/w/torch/_subclasses/fake_tensor.py\", line 1176, in dispatch\n"
       "    return self.wrap_meta_outputs_with_default_device_logic(r, func, args, kwargs)\n",
       "other"},
      {"the graph-break table of a CompileProfiler report, next to its empty recompilation section",
       "Graph Break Reason                     Count\n"
       "-----------------------------------  -------\n"
       "hasattr no source                          2\n"
       "\n"
       "Recompilation\n"
       "-------------\n"
       "These subgraphs were recompiled more than once due to guard failures\n"
       "No recompilation detected\n",
       "graph_break"},
      {"LLVM unable to satisfy an inline-asm constraint in a generated kernel",
       "eager: 0.12392686462402344\n**error: couldn't allocate input reg for constraint 'l'\n", "triton_kernel_failure"},
      {"a custom op whose library was not loaded",
       "Error during testing: Could not find schema for custom_ops::selective_scan_fwd\n", "other"},
      {"a report about loading an AOTInductor package elsewhere",
       "When we use `aoti_compile_and_package` for GPU and then on another instance `aoti_load_package` without GPU, "
       "it fails internally.\n",
       "other"},
      {"a report that Inductor's packaging grows the package without end",
       "When I try inductor packaging `package_aoti` with PT 2.5.1, the file size keeps growing till disk runs out.\n",
       "other"},
      {"a report of discrepancies against a reference only under compile",
       "They match when torch compile is not used, and they have huge discrepancies when the kernel is wrapped.\n",
       "accuracy"},
      {"Dynamo failing to build a guard",
       "E1215 19:27:33.784000 275084 site-packages/torch/_guards.py:368] [0/0] Error while creating guard:\n"
       "E1215 19:27:33.784000 275084 site-packages/torch/_guards.py:368] [0/0] Name: \"L['mod']._forward_pre_hooks\"\n"
       "E1215 19:27:33.784000 275084 site-packages/torch/_guards.py:368] [0/0]     Create Function: CLOSURE_MATCH\n",
       "dynamo_internal_error"},
      {"Inductor running a graph without the CUDA graphs reduce-overhead asked for",
       "skipping cudagraphs due to skipping cudagraphs due to cpu device (arg7_1). Found from :\n", "other"},
      {"a negation reaches each word of its list",
       "I checked and there is no graph break or recompilation happening. Memory leaks, resulting in OOM after 100 "
       "iterations.\n",
       "runtime_crash"},
      {"a list with no negation before it still counts",
       "I see a graph break or recompilation on every call.\n", "graph_break"},
      {"a report that the outputs look different only under compile",
       "When using the torch compile node, outputs become weirdly smoothed out.\n", "accuracy"},
      {"numpy's assert_allclose on a compiled output, cut mid-message",
       "Output of numpy.testing.assert_allclose():\n=========================\ntorch_compile triggers assertion\n\n"
       "Not equal to tolerance rtol=1\n",
       "accuracy"},
      {"a report that the crash is inside Dynamo",
       "Started after the upgrade from 2.6 to 2.7: crash in dynamo, because it does not check the `__module__` attribute.\n",
       "dynamo_internal_error"},
      {"a crash of the program that only mentions Dynamo later stays a crash",
       "The process crashes with a segfault; dynamo was enabled.\n", "runtime_crash"},
      {"PyTorch 2.0's explain(): a numbered reason over the user's frame",
       "1. dynamic Tensor.__getitem__(bool[]),\n  File \"/w/loss.py\", line 27, in masked_mean\n    picked = x[keep]\n",
       "graph_break"},
      {"a numbered list of steps is not a break reason", "1. Install torch 2.0\n2. Run the script below\n", "unknown"},
      {"Triton's ptxas codegen error, from a ptxas older than the GPU: the environment",
       "RuntimeError: Internal Triton PTX codegen error: \nptxas fatal   : Value 'sm_120a' is not defined for option 'gpu-name'\n",
       "other"},
      {"Triton's ptxas codegen error on a known GPU stays a kernel failure",
       "RuntimeError: Internal Triton PTX codegen error: \nptxas error   : Entry function 'triton_poi_fused_0' uses too much shared data\n",
       "triton_kernel_failure"},
      {"ptxas killed by a signal under Inductor is Triton's, not the program's",
       "sh: line 1: 81723 Segmentation fault      (core dumped) ptxas -v --gpu-name=sm_80 /tmp/k1.ptx -o /tmp/k1.o\n"
       "ERROR:common:Internal Triton PTX codegen error:\n",
       "triton_kernel_failure"},
      {"pybind11's stack of an uncaught error, pasted one space in",
       " libc++abi: terminating due to uncaught exception of type pybind11::error_already_set:\n KeyError: 'weight'\n\n At:\n"
       "   /v/site-packages/torch/_dynamo/variables/builder.py(812): wrap_tensor\n"
       "   /v/site-packages/torch/_dynamo/symbolic_convert.py(455): step\n",
       "dynamo_internal_error"},
      {"pybind11's stack ending in the user's own module is no Dynamo error",
       "KeyError: 'weight'\n\nAt:\n  /w/model.py(12): load_weights\n  /w/train.py(3): <module>\n", "unknown"},
      {"a device Inductor has no backend for, under the backend's wrapper",
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nAssertionError: Device mps not supported\n", "other"},
      {"a C++ error that quotes AOTInductor's ABI",
       "error: cannot convert 'ArrayRefTensor<float>' to 'AtenTensorHandle'\n  625 |     aoti_torch_item_float32(buf3, &f4);\n",
       "backend_compiler_failed"},
      {"the C++ compiler's output around a file of Inductor's code cache",
       "cl : Command line warning D9025 : overriding '/openmp' with '/openmp:experimental'\n"
       "/out:C:/T/tmpq1/x5/cx5vwjrm2ptllmzrfdt32wkhjfjvja4qqxje7gowrdycelubtzab.pyd\n",
       "backend_compiler_failed"},
      {"a short hash-like name is no code-cache file", "/out:C:/T/build/cx5vwjrm2.pyd\n", "unknown"},
      {"an old-style setattr reason", "An error occurred: Unsupported - setattr(FSDPManagedNNModuleVariable(FullyShardedDataParallel), _is_root, ...)\n",
       "graph_break"},
      {"a CPU kernel's bounds check failing as it runs",
       "kernel, /tmp/torchinductor_ana/jy/cjypsx3k535vxaiglqu75ffcicjwpqokk6hiqhrtdzzwznugab.cpp:20, index out of bounds: 0 <= tmp10 < 0L\n",
       "runtime_crash"},
      {"a cudagraph run's overwritten output, carried by Dynamo's internal-error wrapper",
       "[rank0]: torch._dynamo.exc.InternalTorchDynamoError: RuntimeError: Error: accessing tensor output of CUDAGraphs that has "
       "been overwritten by a subsequent run. Stack trace: [Could not find stack trace].\n",
       "runtime_crash"},
      {"Dynamo's internal-error wrapper around a plain Python error stays Dynamo's",
       "torch._dynamo.exc.InternalTorchDynamoError: AttributeError: 'NoneType' object has no attribute 'is_python_constant'\n",
       "dynamo_internal_error"},
      {"an exported program refusing an input of another shape",
       "RuntimeError: Expected input at *args[0].shape[0] to be equal to 16, but got 32. If you meant for this dimension to be "
       "dynamic, please re-export and specify dynamic_shapes (e.g. with Dim.DYNAMIC)\n",
       "other"},
      {"the backend's fake-tensor failure, before Dynamo falls back",
       "[2023-08-14 14:53:48,863] torch._dynamo.output_graph: [WARNING] Backend compiler failed with a fake tensor exception at\n"
       "[2023-08-14 14:53:48,863] torch._dynamo.output_graph: [WARNING]   File \"/w/spl.py\", line 5, in fn\n",
       "backend_compiler_failed"},
      {"Triton's CompilationError cut to its source, caret and repr",
       "    offs_m = tl.arange(0, BLOCK_M)[:, None] + row\n    ^\nIndexError('list index out of range')\n", "triton_kernel_failure"},
      {"an error's repr inside a sentence is not Triton's", "The loader failed with IndexError('list index out of range') on batch 3\n", "unknown"},
      {"AOTInductor runner cannot create the model container: a deployment problem",
       "Error: CUDA error: no kernel image is available for execution on the device\n"
       "terminate called after throwing an instance of 'std::runtime_error'\n"
       "  what():  create_func_( &container_handle_, num_models, device_str.c_str(), cubin_dir.empty() ? nullptr : cubin_dir.c_str()) API call failed at /opt/src/torch/csrc/inductor/aoti_runner/model_container_runner.cpp, line 51\n"
       "Aborted (core dumped)\n",
       "other"},
      {"AOTInductor runner fails while running the model: a runtime crash",
       "terminate called after throwing an instance of 'std::runtime_error'\n"
       "  what():  run_func_( container_handle_, input_handles.data(), input_handles.size(), output_handles.data(), output_handles.size(), cuda_stream_handle, proxy_executor_handle_) API call failed at /opt/src/torch/csrc/inductor/aoti_runner/model_container_runner.cpp, line 75\n",
       "runtime_crash"},
      {"Triton 2.0's launcher reports an illegal address",
       "  File \"/opt/venv/lib/python3.10/site-packages/torch/_inductor/triton_ops/autotune.py\", line 190, in run\n"
       "    return launcher(\n"
       "RuntimeError: CUDA: Error- illegal address\n",
       "runtime_crash"},
      {"an error raised while loading an AOTInductor package",
       "  File \"/srv/app/serve.py\", line 14, in <module>\n"
       "    runner = torch._inductor.aoti_load_package(\"model.pt2\")\n"
       "  File \"/usr/lib/python3.12/site-packages/torch/_inductor/package/package.py\", line 301, in load_package\n"
       "    loader = torch._C._aoti.AOTIModelPackageLoader(\n"
       "RuntimeError: Expected extern kernel mylib::scale to have serialized argument type as_int for argument 1 but got as_float\n",
       "other"},
      {"packaging a compiled model is still Inductor's compile",
       "  File \"/usr/lib/python3.12/site-packages/torch/_inductor/package/package.py\", line 88, in package_aoti\n"
       "    assert isinstance(aoti_files, list)\n"
       "AssertionError\n",
       "backend_compiler_failed"},
      {"a compiled AOTInductor library that cannot find its kernel files",
       "Error: CUDA driver error: file not found\n"
       "Traceback (most recent call last):\n"
       "  File \"/srv/app/load.py\", line 9, in <module>\n"
       "    out = model(x)\n"
       "RuntimeError: run_func_( container_handle_, input_handles.data(), input_handles.size(), output_handles.data(), output_handles.size(), cuda_stream_handle, proxy_executor_handle_) API call failed at /opt/src/torch/csrc/inductor/aoti_runner/model_container_runner.cpp, line 75\n",
       "other"},
      {"a Triton release that rejects the installed CUDA, under Inductor's wrapper",
       "torch._inductor.exc.InductorError: RuntimeError: Triton only support CUDA 10.0 or higher, but got CUDA version: 12.8\n",
       "other"},
      {"an AOTInductor library built against another PyTorch fails to load",
       "Error in dlopen: /srv/model.so: undefined symbol: _ZN5torch12aot_inductor20some_helperEv\n"
       "Exception raised from DynamicLibrary at ../aten/src/ATen/DynamicLibrary.cpp:38 (most recent call first):\n"
       "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f01 in /venv/torch/lib/libc10.so)\n",
       "other"},
      {"the C++ stack of AOTInductor's runner constructor, cut before its error",
       "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f01 in /venv/torch/lib/libc10.so)\n"
       "frame #1: <unknown function> + 0x1a2b (0x7f02 in /venv/torch/lib/libtorch_cpu.so)\n"
       "frame #2: torch::inductor::AOTIModelContainerRunner::AOTIModelContainerRunner(std::string const&, unsigned long) + 0x9d "
       "(0x7f03 in /venv/torch/lib/libtorch_cpu.so)\n",
       "other"},
      {"Dynamo's limit on recompiles, raised as Unsupported under fullgraph=True",
       "torch._dynamo.exc.Unsupported: cache_size_limit reached\n", "recompilation"},
      {"a notebook traceback pasted indented (a Markdown code block), cut before its exception line",
       "    ---------------------------------------------------------------------------\n"
       "    Unsupported                               Traceback (most recent call last)\n"
       "    Cell In[3], line 1\n"
       "    ----> 1 fast(torch.ones(2))\n"
       "\n"
       "    File /opt/venv/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py:410, in _fn(*args, **kwargs)\n"
       "        408 try:\n"
       "    --> 410     return fn(*args, **kwargs)\n",
       "graph_break"},
      {"explain() of PyTorch 2.0 cut below its first reason's number: the next reasons still count",
       "   File \"/p/app/encoder.py\", line 41, in embed\n"
       "    h = tok + self.pos(ids)\n"
       " \n"
       "3. generic_jump \n"
       "   File \"/p/app/positions.py\", line 17, in forward\n"
       "    if self.table is None or n > self.table.size(0):\n",
       "graph_break"},
      {"a PyTorch test's assertEqual raising, cut before its message",
       "  File \"/src/pytorch/test/inductor/test_torchinductor.py\", line 512, in check_model\n"
       "    self.assertEqual(\n"
       "  File \"/src/pytorch/torch/testing/_internal/common_utils.py\", line 4011, in assertEqual\n"
       "    raise error_metas.pop()[0].to_error(\n",
       "accuracy"},
      {"the compile worker compiling one Triton kernel, cut before the error",
       "Traceback (most recent call last):\n"
       "  File \"/src/pytorch/torch/_inductor/compile_worker/subproc_pool.py\", line 340, in do_job\n"
       "    result = job()\n"
       "  File \"/src/pytorch/torch/_inductor/runtime/compile_tasks.py\", line 71, in _worker_compile_triton\n"
       "    kernel.precompile(warm_cache_only=True)\n",
       "triton_kernel_failure"},
      {"the minifier in accuracy mode, logging in lowercase",
       "[2024-05-02 10:11:12,345] torch._dynamo.debug_utils: [ERROR] While minifying the program in accuracy "
       "minification mode, ran into a runtime exception which is likely an unrelated issue. Skipping this graph\n",
       "accuracy"},
      {"the Inductor IR values of an operator it failed to lower, without the exception above them",
       "    InputBuffer(name='primals_3', layout=FixedLayout('cuda', torch.float16, size=[4, s0], stride=[s0, 1]))\n"
       "  )), TensorBox(StorageBox(\n"
       "    InputBuffer(name='primals_4', layout=FixedLayout('cuda', torch.int64, size=[s0], stride=[1]))\n",
       "backend_compiler_failed"},
      {"the C++ compiler's notes on Inductor's generated code, cut above its error",
       "bcd4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2.cpp:31:40: note:   deduced conflicting types for parameter 'const _Tp'\n"
       "   31 |     auto tmp4 = std::max(tmp3, 0);\n"
       "      |                                        ^\n"
       "In file included from /usr/include/c++/12/algorithm:60,\n"
       "                 from /tmp/torchinductor_ci/ab/cab1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9.h:1,\n",
       "backend_compiler_failed"},
      {"Dynamo's profiler report pasted indented (a Markdown list item)",
       "    Graph Breaks\n"
       "    ------------\n"
       "    Graph Break Reason                     Count\n"
       "    -----------------------------------  -------\n"
       "    hasattr: UserDefinedClassVariable()        1\n"
       "\n"
       "    Recompilation\n"
       "    -------------\n"
       "    Subgraphs recompiled more than once, after their guards failed\n"
       "    No recompilation detected\n",
       "graph_break"},
      {"the linker finds no CUDA driver library for Triton's launcher: the environment, not a compiler bug",
       "/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status\n", "other"},
      {"Triton's own check for the CUDA driver library", "AssertionError: libcuda.so cannot found!\n", "other"},
      {"the linker missing one of PyTorch's libraries stays a compile failure",
       "/usr/bin/ld: cannot find -lc10\ncollect2: error: ld returned 1 exit status\n", "backend_compiler_failed"},
      {"a traceback Dynamo's graph-break logger printed below the stack of a compile start, cut before its exception line",
       "V0301 10:00:00.050000 4242 torch/_dynamo/convert_frame.py:780] [0/0]   File \"/p/train.py\", line 40, in <module>\n"
       "V0301 10:00:00.050000 4242 torch/_dynamo/convert_frame.py:780] [0/0]     loss = step(batch)\n"
       "V0301 10:00:00.100000 4242 torch/_dynamo/convert_frame.py:990] [0/0] [__graph_breaks]   File \"/opt/venv/lib/python3.11/site-packages/torch/_dynamo/convert_frame.py\", line 580, in transform\n"
       "V0301 10:00:00.100000 4242 torch/_dynamo/convert_frame.py:990] [0/0] [__graph_breaks]     tracer.run()\n"
       "V0301 10:00:00.100000 4242 torch/_dynamo/convert_frame.py:990] [0/0] [__graph_breaks]   File \"/opt/venv/lib/python3.11/site-packages/torch/_dynamo/symbolic_convert.py\", line 2460, in run\n"
       "V0301 10:00:00.100000 4242 torch/_dynamo/convert_frame.py:990] [0/0] [__graph_breaks]     super().run()\n",
       "graph_break"},
      {"the same frames without the graph-break logger's tag: Dynamo failing",
       "V0301 10:00:00.050000 4242 torch/_dynamo/convert_frame.py:780] [0/0]   File \"/p/train.py\", line 40, in <module>\n"
       "V0301 10:00:00.050000 4242 torch/_dynamo/convert_frame.py:780] [0/0]     loss = step(batch)\n"
       "V0301 10:00:00.100000 4242 torch/_dynamo/convert_frame.py:990] [0/0]   File \"/opt/venv/lib/python3.11/site-packages/torch/_dynamo/convert_frame.py\", line 580, in transform\n"
       "V0301 10:00:00.100000 4242 torch/_dynamo/convert_frame.py:990] [0/0]     tracer.run()\n"
       "V0301 10:00:00.100000 4242 torch/_dynamo/convert_frame.py:990] [0/0]   File \"/opt/venv/lib/python3.11/site-packages/torch/_dynamo/symbolic_convert.py\", line 2460, in run\n"
       "V0301 10:00:00.100000 4242 torch/_dynamo/convert_frame.py:990] [0/0]     super().run()\n",
       "dynamo_internal_error"},
      {"an assertion inside MLIR's sources while a test compiles (Triton's compiler), cut mid-message",
       "test_addmm_int8_cuda (__main__.GPUTests) ... python: /src/llvm-project/mlir/lib/IR/Operation.cpp:301: void mlir::Operation::setOperand(unsigned int, mlir::Value): Assertion `idx < getNumOperands() && \"inval",
       "triton_kernel_failure"},
      {"Inductor's check_model comparing, the next frame's path cut",
       "  File \"/src/pytorch/test/inductor/test_torchinductor.py\", line 2130, in test_addmm_int8\n"
       "    self.common(\n"
       "  File \"/src/pytorch/test/inductor/test_torchinductor.py\", line 380, in check_model\n"
       "    self.assertEqual(\n"
       "  File \"/usr/local/lib/python3.10/dist-packages/torch/test",
       "accuracy"},
      {"Triton runtime IMA", "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered\n", "runtime_crash"},
      {"IMA cut mid-line", "RuntimeError: CUDA error: an illegal memory acc", "runtime_crash"},
      {"segfault alone", "Segmentation fault (core dumped)\n", "runtime_crash"},
      {"cut inside the last frame's function name: only its file counts",
       "  File \"/v/site-packages/torch/_inductor/runtime/triton_heuristics.py\", line 470, in _precompile_worker\n"
       "    compile_results.append(self._precompile_config(c))\n"
       "  File \"/v/site-packages/torch/_inductor/runtime/triton_heuristics.py\", line 789, in _precom",
       "triton_kernel_failure"},
      {"no working Triton: an environment problem, before any kernel exists",
       "RuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old.\n",
       "other"},
      {"a GPU too old for Triton, under the backend's wrapper",
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
       "RuntimeError: Found Tesla P100-PCIE-16GB which is too old to be supported by the triton GPU compiler, which is used "
       "as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.0\n",
       "other"},
      {"a data-dependent guard inside a lowering stays the backend's failure",
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
       "LoweringException: GuardOnDataDependentSymNode: Could not guard on data-dependent expression Eq(u0, 1) (unhinted: Eq(u0, 1)).\n"
       "  target: aten.view.default\n",
       "backend_compiler_failed"},
      {"pytest FAILED line", "FAILED test/inductor/test_x.py::T::test_a - AssertionError: Tensor-likes are not close!\n", "accuracy"},
      {"accuracy numbers", "Mismatched elements: 3 / 40 (7.5%)\nGreatest absolute difference: 0.5 at index (1,)\n", "accuracy"},
      {"allclose False", "Result of torch.allclose(out_eager, out_compiled): False\n", "accuracy"},
      {"a training loop's loss gone NaN",
       "step 40 {'loss': 2.31, 'grad_norm': 1.2}\nstep 41 {'loss': nan, 'grad_norm': nan}\n", "accuracy"},
      {"a printed tensor with NaN", "compiled: tensor([0.1250, nan, nan], device='cuda:0')\n", "accuracy"},
      {"a report that compiled results differ from eager",
       "With mode=max-autotune the logits differ by up to 3e-2 from eager on the same inputs.\n", "accuracy"},
      {"eager named without a difference is no accuracy finding", "Falling back to eager for this frame\n", "unknown"},
      {"eager and compiled outputs printed side by side",
       "eager output: tensor([1.0000, 2.0000])\ncompiled output: tensor([1.0000, 2.5000])\n", "accuracy"},
      {"a difference printed as a tensor", "max_diff tensor(0.7500, device='cuda:0')\n", "accuracy"},
      {"Unsupported, old text", "torch._dynamo.exc.Unsupported: call_function BuiltinVariable(setattr) [UserDefinedObjectVariable]\n", "graph_break"},
      {"a variable with no proxy form, the cause of an Unsupported",
       "  File \"/x/site-packages/torch/_dynamo/variables/base.py\", line 246, in as_proxy\n    raise NotImplementedError(str(self))\n"
       "NotImplementedError: UserDefinedObjectVariable(Config)\n\nThe above exception was the direct cause of the following exception:\n\n"
       "Traceback (most recent call last):\n  File \"/home/u/train.py\", line 9, in <module>\n",
       "graph_break"},
      {"a variable with no constant form", "NotImplementedError: ListIteratorVariable(length=2, index=0) is not a constant\n", "graph_break"},
      {"graph break cut before its reason",
       "V0101 00:00:00.000000 1 torch/_dynamo/symbolic_convert.py:1] [0/0] [__graph_breaks]   Hint: Use torch.cond\n", "graph_break"},
      {"recompile cut mid-record",
       "V0101 00:00:00.000000 1 torch/_dynamo/guards.py:1] [0/3] [__recompiles]     - 0/2: tensor 'x' size mismatch at index 0. expected 3, actual 4\n",
       "recompilation"},
      {"recompile limit, 2.6 wording", "W0101 torch._dynamo hit config.recompile_limit (8)\n", "recompilation"},
      {"internal error", "torch._dynamo.exc.InternalTorchDynamoError: KeyError: 'x'\n", "dynamo_internal_error"},
      {"fake tensor failure",
       "torch._dynamo.exc.TorchRuntimeError: Dynamo failed to run FX node with fake tensors: call_function <built-in function mul>(*(FakeTensor(..., size=(2,)), FakeTensor(..., size=(3,))), **{}): got RuntimeError('The size of tensor a (2) must match')\n",
       "dynamo_internal_error"},
      {"data-dependent guard", "GuardOnDataDependentSymNode: Could not guard on data-dependent expression u0 < 0\n", "other"},
      {"data-dependent value inside a fake-tensor failure (2.1 wording)",
       "RuntimeError: Failed running call_function <built-in method empty>(*((32, FakeTensor(..., size=())),), **{}):\n"
       "It appears that you're trying to get a value out of symbolic int/float whose value is data-dependent (and thus we do not know the true value.)\n",
       "other"},
      {"data-dependent error cut to its hints", "  File \"/w/model.py\", line 51, in forward\n    q = q + self.mha(q)\n\nFor C++ stack trace, run with TORC",
       "other"},
      {"ShapeEnv failing on an unbacked symbol, logged only",
       "W0101 00:00:00.000000 1 torch/fx/experimental/symbolic_shapes.py:6000] failed during evaluate_expr(Ne(u3, 0), hint=None, size_oblivious=False, forcing_spec=False\n",
       "other"},
      {"a backed symbol is not data-dependent",
       "W0101 00:00:00.000000 1 torch/fx/experimental/symbolic_shapes.py:6000] failed during evaluate_expr(Eq(s0, 4), hint=4, size_oblivious=False\n",
       "unknown"},
      {"export-only guard warning",
       "W0101 00:00:00.000000 1 torch/_dynamo/guards.py:1800] [0/0] Untracked tensor used in export constraints\n", "other"},
      {"export constraint", "torch._dynamo.exc.UserError: Constraints violated (batch)! For more information, run with TORCH_LOGS=\"+dynamic\".\n", "other"},
      {"index out of bounds assert",
       "/tmp/torchinductor_u/ab/cab.py:18: unknown: block: [0,0,0], thread: [0,0,0] Assertion `index out of bounds: 0 <= tmp2 < 8` failed.\n",
       "triton_kernel_failure"},
      {"generated kernel source is not a failure",
       "V0101 00:00:00.000000 1 torch/_inductor/graph.py:1] [0/0] [__output_code]     tl.device_assert((0 <= tmp2) & (tmp2 < 8), \"index out of bounds: 0 <= tmp2 < 8\")\n",
       "unknown"},
      {"frames only, inside Inductor",
       "  File \"/x/site-packages/torch/_inductor/codegen/simd.py\", line 1200, in codegen_node\n    self.codegen_node_schedule(node_schedule)\n",
       "backend_compiler_failed"},
      {"frames only, inside Dynamo",
       "  File \"/x/site-packages/torch/_dynamo/variables/builtin.py\", line 900, in call_function\n    return handler(tx, args, kwargs)\n",
       "dynamo_internal_error"},
      {"frames only, inside Triton",
       "  File \"/x/site-packages/triton/compiler/compiler.py\", line 280, in compile\n    next_module = compile_ir(module, metadata)\n",
       "triton_kernel_failure"},
      {"user code error at run time is not a compiler failure",
       "Traceback (most recent call last):\n  File \"/home/u/a.py\", line 5, in <module>\n    f(x)\n  File \"/x/site-packages/torch/_dynamo/eval_frame.py\", line 600, in _fn\n    return fn(*args)\n  File \"/home/u/a.py\", line 3, in f\n    raise ValueError('bad input')\nValueError: bad input\n",
       "unknown"},
      {"torchrun rank prefixes",
       "[rank3]:[rank3]: torch._inductor.exc.InductorError: LoweringException: AssertionError:\n[rank3]:[rank3]:   target: aten.add.Tensor\n",
       "backend_compiler_failed"},
      {"CI timestamps", "2024-05-01T12:00:00.1234567Z torch._dynamo.exc.InternalTorchDynamoError: AssertionError:\n", "dynamo_internal_error"},
      {"IPython traceback into Inductor",
       "BackendCompilerFailed                     Traceback (most recent call last)\n"
       "/usr/local/lib/python3.10/dist-packages/torch/_inductor/lowering.py in wrapped(*args, **kwargs)\n"
       "    290 \n--> 291         out = decomp_fn(*args, **kwargs)\n"
       "BackendCompilerFailed: backend='inductor' raised:\nLoweringException: AssertionError:\n",
       "backend_compiler_failed"},
      {"IPython 8 frames", "File /opt/conda/lib/python3.11/site-packages/torch/_dynamo/symbolic_convert.py:1500, in InstructionTranslatorBase.run(self)\n", "dynamo_internal_error"},
      {"cut while Dynamo inlines the user's code: most often a construct it cannot trace",
       "  File \"/v/site-packages/torch/_dynamo/symbolic_convert.py\", line 1100, in CALL_FUNCTION\n    self.call_function(fn, args, {})\n"
       "  File \"/v/site-packages/torch/_dynamo/variables/functions.py\", line 90, in call_function\n"
       "    return tx.inline_user_function_return(self, [*self.self_args(), *args], kwargs)\n",
       "graph_break"},
      {"cut in Dynamo's own machinery stays an internal error",
       "  File \"/v/site-packages/torch/_dynamo/variables/builder.py\", line 1500, in wrap_fx_proxy_cls\n"
       "    example_value = get_fake_value(proxy.node, tx)\n",
       "dynamo_internal_error"},
      {"the minifier's launcher for a failing backend compile",
       "Minifier script written to /w/torch_compile_debug/run_1/minifier/minifier_launcher.py. Run this script to find the smallest "
       "traced graph which reproduces this error.\n",
       "backend_compiler_failed"},
      {"fullgraph finding nothing compiled",
       "RuntimeError: torch.compile with fullgraph=True found no compiled frames. The frame was likely skipped.\n", "other"},
      {"Dynamo meeting a function written in C", "can't handle functions not implemented in python\n", "graph_break"},
      {"Inductor's C++ build command",
       "g++ /tmp/tmpab12/header.hpp -D TORCH_INDUCTOR_CPP_WRAPPER -D C10_USING_CUSTOM_GENERATED_MACROS -O1 -o /tmp/x.so\n",
       "backend_compiler_failed"},
      {"MSVC failing on Inductor's generated header",
       "C:/T/torchinductor_u/pi/cpicxudqmdsjh5cm4klbtbrvy2cxwr7whxl3md2zzdjdf3orvfdf.h(3): fatal error C1083: Cannot open include file\n",
       "backend_compiler_failed"},
      {"gdb's backtrace through an AOTInductor model",
       "(gdb) bt\n#0  0x0000ef67c4019c54 in std::_Sp_counted_base<>::_M_release() ()\n"
       "#1  0x0000ef67c40312f4 in torch::aot_inductor::AOTInductorModelContainer::AOTInductorModelContainer(unsigned long) ()\n",
       "runtime_crash"},
      {"a frame of the code Dynamo resumes after a graph break, cut below",
       "  File \"/home/u/train.py\", line 85, in <graph break in forward>\n    x = self.conv(x, edge_index)\n  File \"/home/u/lay",
       "runtime_crash"},
      {"the user's code, further in, called from the resumed code",
       "  File \"/home/u/enc.py\", line 212, in <graph break in forward>\n    x = self.attn(x)\n"
       "  File \"/v/site-packages/torch/nn/modules/module.py\", line 1488, in _call_impl\n    return forward_call(*args, **kwargs)\n"
       "  File \"/home/u/attn.py\", line 40, in forward\n    q = self.q(x)\n",
       "runtime_crash"},
      {"a Triton kernel launched with a CPU tensor",
       "!!! Exception during processing !!! Pointer argument (at 0) cannot be accessed from Triton (cpu tensor?)\n", "runtime_crash"},
      {"2.0 logging prefix",
       "[2023-03-29 07:54:55,549] torch._dynamo.output_graph: [WARNING] Graph break: inline in skipfiles: bar | bar from user code at:\n",
       "graph_break"},
      // Pasted the way issue reports paste them: quoted, elided, timestamped, from notebooks and Windows.
      {"Markdown-quoted exception", "> Unsupported: call_function allow_in_graph in skip_files /p/torch/_dynamo/__init__.py\n",
       "graph_break"},
      {"glog prefix elided to its path",
       ".../torch/_dynamo/symbolic_convert.py:436] [16/2] [__graph_breaks] Reason: Unsupported: Graph break due to unsupported builtin ext.PyCapsule.fwd.\n",
       "graph_break"},
      {"graph break warning of an unsupported builtin",
       "/env/lib/python3.11/site-packages/torch/_dynamo/variables/functions.py:725: UserWarning: Graph break due to unsupported builtin ext.op_cuda.\n",
       "graph_break"},
      {"2.1 artifact logger name",
       "[2024-02-06 10:32:24,334] [0/0] torch._dynamo.symbolic_convert.__graph_breaks: [DEBUG]   File \"/p/torch/_dynamo/variables/functions.py\", line 87, in call_function\n",
       "graph_break"},
      {"IPython header names the exception of a cut traceback",
       "ConstraintViolationError                  Traceback (most recent call last)\n"
       "File /env/lib/python3.10/site-packages/torch/export/_trace.py:1798, in _export_to_aten_ir_make_fx(mod)\n",
       "other"},
      {"Jupyter Lab link frames on Windows",
       "File [~\\env\\Lib\\site-packages\\torch\\_inductor\\cpp_builder.py:355](http://localhost:8888/lab/tree/x#line=354), in run_compile_cmd(cmd_line, cwd)\n",
       "backend_compiler_failed"},
      {"Windows frames re-raising a fake-tensor error, cut mid-path",
       "  File \"C:\\env\\Lib\\site-packages\\torch\\_dynamo\\utils.py\", line 3355, in get_fake_value\n"
       "    raise TorchRuntimeError(str(e)).with_traceback(e.__traceback__) from None\n"
       "  File \"C:\\env\\Lib\\site-pack",
       "dynamo_internal_error"},
      {"frames cut mid-path are not the user's code",
       "  File \"/x/site-packages/torch/_inductor/graph.py\", line 907, in run_node\n    result = super().run_node(n)\n  File \"/home/u/min",
       "backend_compiler_failed"},
      {"container timestamps before frames",
       "2026-08-12 19:05:26   File \"/x/site-packages/torch/_inductor/cudagraph_trees.py\", line 2238, in record_function\n",
       "runtime_crash"},
      {"driver wrappers under the backend call",
       "  File \"/x/site-packages/torch/_dynamo/output_graph.py\", line 1168, in compile_and_call_fx_graph\n"
       "    compiled_fn = self.call_user_compiler(gm)\n"
       "  File \"/x/site-packages/torch/_dynamo/utils.py\", line 262, in time_wrapper\n    r = func(*args, **kwargs)\n",
       "backend_compiler_failed"},
      {"Dynamo assembling its graph, before any backend call",
       "File ~/env/lib/python3.12/site-packages/torch/_dynamo/output_graph.py:1123, in OutputGraph.compile_subgraph(self, tx)\n"
       "-> 1123         self.compile_and_call_fx_graph(tx, outputs, root)\n"
       "File ~/env/lib/python3.12/site-packages/torch/_dynamo/output_graph.py:1269, in OutputGraph.compile_and_call_fx_graph(self, tx, rv, root)\n"
       "-> 1269         fx.GraphModule(root, self.graph),\n",
       "dynamo_internal_error"},
      {"compile_and_call_fx_graph cut before its code line",
       "  File \"/x/site-packages/torch/_dynamo/output_graph.py\", line 1168, in compile_and_call_fx_graph\n",
       "backend_compiler_failed"},
      // The driver runs both the tracer and the backend; the backend's failures are the more common.
      // The compile driver lies on the path of every compile-time failure. Of the excerpts cut
      // there in our collections of issue reports, most were Dynamo's own failures: that is the guess.
      {"only the compile driver's frames",
       "  File \"/x/site-packages/torch/_dynamo/convert_frame.py\", line 535, in compile_inner\n"
       "    out_code = transform_code_object(code, transform)\n",
       "dynamo_internal_error"},
      {"Inductor compiling a Triton kernel",
       "  File \"/x/site-packages/torch/_inductor/runtime/triton_heuristics.py\", line 628, in _precompile_config\n"
       "    binary = triton.compile(*compile_args, **compile_kwargs)\n",
       "triton_kernel_failure"},
      {"loading the generated module is compile time",
       "  File \"/tmp/torchinductor_u/22/c22sy.py\", line 369, in <module>\n    async_compile.wait(globals())\n"
       "  File \"/x/site-packages/torch/_inductor/async_compile.py\", line 912, in wait\n    self._wait_futures(scope)\n",
       "backend_compiler_failed"},
      {"Inductor code under the running program is a run-time failure",
       "  File \"/tmp/torchinductor_u/qk/cqkz.py\", line 212, in call\n    triton_poi_fused_0.run(buf4, 65536)\n"
       "  File \"/x/site-packages/torch/_inductor/runtime/triton_heuristics.py\", line 911, in autotune_to_one_config\n",
       "runtime_crash"},
      {"error logged by the Triton launcher",
       "E0101 00:00:00.000000 1 torch/_inductor/runtime/triton_heuristics.py:600] [0/0]     tmp0 = tl.load(in_ptr0 + (x0), xmask)\n",
       "triton_kernel_failure"},
      {"fake-tensor failure, 2.0 wording, indented",
       "        RuntimeError: Failed running call_module self_fc(*(FakeTensor(..., size=(1, 512)),), **{}):\n",
       "dynamo_internal_error"},
      {"LoweringException operator lines", "  target: aten.full.default\n  args[0]: [s0, 4]\n", "backend_compiler_failed"},
      {"torch.testing difference details", "Absolute difference: 0.14 (up to 1e-05 allowed)\n", "accuracy"},
      {"snake_case differences", "out max_abs_diff = 0.0311 mean_abs_diff = 0.0056\n", "accuracy"},
      {"a bare metric is not a comparison", "epoch 3: loss 0.41, mean error 0.25, max error 0.9\n", "unknown"},
      {"worker process died", "concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly while the future was running or pending.\n",
       "runtime_crash"},
      {"UCX crash banner", "==== backtrace (tid:   4242) ====\n 0  /opt/ucx/lib/libucs.so.0(ucs_handle_error+0x2e4) [0x7f00]\n", "runtime_crash"},
      {"assertion in Triton's LLVM",
       "python: /home/ana/.triton/llvm/llvm-b5cc-ubuntu-x64/include/llvm/ADT/SmallVector.h:291: T& llvm::X::operator[](size_type): Assertion `idx < size()' failed.\n",
       "triton_kernel_failure"},
      {"the C toolchain failed under a compile", "collect2: error: ld returned 1 exit status\n", "backend_compiler_failed"},
      {"Rich box wrapping a long library path onto the next line",
       "\u256D\u2500\u2500\u2500 Traceback (most recent call last) \u2500\u2500\u2500\u256E\n"
       "\u2502 /home/u/run.py:8 in main                               \u2502\n"
       "\u2502                                                        \u2502\n"
       "\u2502 /home/u/.venv/lib/python3.11/site-packages/torch/_     \u2502\n"
       "\u2502 inductor/codegen/simd.py:1200 in codegen_node         \u2502\n"
       "\u2502                                                        \u2502\n"
       "\u2502 \u2771 1200 \u2502   self.codegen_node_schedule(node_schedule)  \u2502\n",
       "backend_compiler_failed"},
      {"Rich path wrapped twice, on Windows",
       "\u256D\u2500\u2500\u2500 Traceback (most recent call last) \u2500\u2500\u2500\u256E\n"
       "\u2502 C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Lib\\site-pack \u2502\n"
       "\u2502 ages\\torch\\_dynamo\\variables\\ \u2502\n"
       "\u2502 builtin.py:931 in call_getattr \u2502\n",
       "dynamo_internal_error"},
      {"Rich traceback cut below its header, on a wrapped path",
       "\u2502 /home/u/.venv/lib/python3.11/site-packages/torch/_     \u2502\n"
       "\u2502 dynamo/variables/builtin.py:931 in call_getattr        \u2502\n"
       "\u2502                                                        \u2502\n"
       "\u2502 \u2771  931 \u2502   return obj.var_getattr(tx, name)         \u2502\n",
       "dynamo_internal_error"},
      {"only the compiled function's wrapper, cut before the failure",
       "Traceback (most recent call last):\n"
       "  File \"/home/u/job.py\", line 30, in <module>\n"
       "    out = step(x)\n"
       "  File \"/venv/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py\", line 655, in _fn\n"
       "    return fn(*args, **kwargs)\n",
       "backend_compiler_failed"},
      {"only fake-tensor frames, no wrapper message",
       "  File \"/venv/lib/python3.11/site-packages/torch/_subclasses/fake_tensor.py\", line 1250, in dispatch\n"
       "    return self._cached_dispatch_impl(func, types, args, kwargs)\n"
       "  File \"/venv/lib/python3.11/site-packages/torch/_subclasses/fake_impls.py\", line 480, in multi_device_op_default\n"
       "    return run_and_return_new_tensor_of_input_device(fake_mode, func, args, kwargs)\n",
       "other"},
      {"a wrapper frame does not hide a deeper component",
       "  File \"/venv/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py\", line 655, in _fn\n"
       "    return fn(*args, **kwargs)\n"
       "  File \"/venv/lib/python3.11/site-packages/torch/_dynamo/variables/builtin.py\", line 931, in call_getattr\n"
       "    return obj.var_getattr(tx, name)\n",
       "dynamo_internal_error"},
      {"Rich frame without its box", "/x/site-packages/torch/_dynamo/variables/builtin.py:931 in call_getattr\n", "dynamo_internal_error"},
      // cuda-gdb stops on a CUDA exception with its own names for the faults a kernel hit.
      {"cuda-gdb stop on a warp fault", "Thread 9 \"python\" received signal CUDA_EXCEPTION_14, Warp Illegal Address.\n", "runtime_crash"},
      // The lines of a ConstraintViolationError, pasted without the header that names it.
      {"constraint violation detail, range not valid",
       "  - Not all values of seq = L['ids'].size()[1] in the specified range seq <= 256 satisfy the generated guard Ne(L['ids'].size()[1], 1).\n",
       "other"},
      {"constraint violation detail, inferred constant",
       "  - Not all values of n = L['a'].size()[0] in the specified range n <= 64 are valid because n was inferred to be a constant (5).\n",
       "other"},
      {"a break reason printed as its dataclass fields",
       "[reason='Tensor.tolist', user_stack=[<FrameSummary file /w/m.py, line 3 in f>]]\n",
       "graph_break"},
      {"the routine compile of a frame's return is not a break",
       "I0101 00:00:00.000000 1 torch/_dynamo/output_graph.py:1290] [0/0] COMPILING GRAPH due to GraphCompileReason(reason='return_value', "
       "user_stack=[<FrameSummary file /w/m.py, line 9 in forward>], graph_break=False)\n",
       "unknown"},
      {"recompile limit, torchdynamo wording",
       "WARNING:torchdynamo.convert_frame:torchdynamo hit recompilation cache limit (64) for function 'step' (/w/train.py:40), due to the following guard failures: [['x.size()[0] == 8']]\n",
       "recompilation"},
      {"RMSE line wrapped after its name",
       "[2023-01-01 00:00:00,000] torch._dynamo.utils: [ERROR] RMSE\n(res-fp64): 0.00120, (ref-fp64): 0.00003 and shape=torch.Size([8, 16])\n",
       "accuracy"},
      // external_utils.py holds thin wrappers that call user code at run time, not Dynamo's tracer.
      {"a call wrapper of external_utils is not Dynamo tracing",
       "  File \"/venv/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py\", line 600, in _fn\n    return fn(*args, **kwargs)\n"
       "  File \"/venv/lib/python3.11/site-packages/torch/_dynamo/external_utils.py\", line 40, in inner\n    return fn(*args, **kwargs)\n"
       "  File \"/venv/lib/python3.11/site-packages/somelib/gen.py\", line 10, in generate\n    self._check()\n",
       "backend_compiler_failed"},
      {"guards built from the shape environment check the export constraints",
       "  File \"/venv/lib/python3.11/site-packages/torch/_dynamo/guards.py\", line 1766, in SHAPE_ENV\n"
       "    code_parts, verbose_code_parts = output_graph.shape_env.produce_guards_verbose(\n",
       "other"},
      // torch/_dynamo/exc.py logs a warning only in unimplemented(log_warning=True), which then
      // raises Unsupported: its warning lines are a graph break even when nothing else survives.
      {"a warning logged by Dynamo's exc.py is a graph break",
       "W0101 00:00:00.000000 1 torch/_dynamo/exc.py:500] [2/0]     While executing %item : [num_users=1] = call_method[target=item](args = (%x,), kwargs = {})\n"
       "W0101 00:00:00.000000 1 torch/_dynamo/exc.py:500] [2/0]         def forward(self, L_x_: \"i64[4]\"):\n",
       "graph_break"},
      {"a warning logged by another module says nothing",
       "W0101 00:00:00.000000 1 torch/_inductor/utils.py:1200] [0/0] Not enough SMs to use max_autotune_gemm mode\n", "unknown"},
      // A traceback ends with the exception's name, then ": message": a log prefix cut mid-line is
      // not that line, so the traceback stops there without a failure of its own.
      {"a glog prefix cut after a traceback is not its exception",
       "V0101 00:00:00.000000 1 torch/_dynamo/symbolic_convert.py:500] [0/0] [__graph_breaks] Graph break in user code at /w/train.py:12\n"
       "V0101 00:00:00.000000 1 torch/_dynamo/symbolic_convert.py:500] [0/0] [__graph_breaks] Traceback (most recent call last):\n"
       "V0101 00:00:00.000000 1 torch/_dynamo/symbolic_convert.py:500] [0/0] [__graph_breaks]   File \"/x/torch/_dynamo/symbolic_convert.py\", line 900, in wrapper\n"
       "V0101 00:00:00.000000 1 torch/_dynamo/symbolic_convert.py:500] [0/0] [__graph_breaks]     return inner_fn(self, inst)\n"
       "V0101 00:\n",
       "graph_break"},
      // faulthandler prints frames without the comma before "in" when a fatal signal kills the
      // process; an excerpt often keeps only those frames, not the "Fatal Python error" above them.
      // Where the thread died says which component crashed: here the compiler, while compiling.
      {"faulthandler frames without their header, dying inside Inductor's compile, are a compile failure",
       "  File \"/venv/lib/python3.12/site-packages/torch/_inductor/compile_fx.py\", line 2100 in fx_codegen_and_compile\n"
       "  File \"/venv/lib/python3.12/site-packages/torch/_functorch/aot_autograd.py\", line 1200 in aot_module_simplified\n",
       "backend_compiler_failed"},
      {"a segfault inside Triton's code generator is Triton failing",
       "Fatal Python error: Segmentation fault\n\nCurrent thread 0x00007b90 (most recent call first):\n"
       "  File \"/u/dist-packages/triton/compiler/code_generator.py\", line 203 in __init__\n"
       "  File \"/u/dist-packages/triton/compiler/code_generator.py\", line 1295 in ast_to_ttir\n",
       "triton_kernel_failure"},
      {"a segfault with no frame to place it is a crash", "Fatal Python error: Segmentation fault\n\n", "runtime_crash"},
      // Dynamo's guard_error_hook prints this header, then the guard's code, when evaluating a
      // compiled frame's guards raised: Dynamo built a guard it cannot run.
      {"guards that fail to run",
       "ERROR RUNNING GUARDS forward /w/model.py:40\nlambda L, **___kwargs_ignored:\n  ___guarded_code.valid and\n",
       "dynamo_internal_error"},
      {"torch.compile refuses the Python version",
       "    raise RuntimeError(\"Dynamo is not supported on Python 3.12+\")\nRuntimeError: Dynamo is not supported on Python 3.12+\n",
       "other"},
      // NumPy warns so when NaN reaches the cast to uint8 of an image pipeline's output.
      {"NumPy casting NaN output",
       "/w/pipeline.py:80: RuntimeWarning: invalid value encountered in cast\n  images = (images * 255).round().astype(\"uint8\")\n",
       "accuracy"},
      {"Triton's newer out-of-resource message wins over its Inductor wrapper",
       "torch._inductor.exc.InductorError: RuntimeError: No valid triton configs. \n"
       "OutOfMemoryError: out of resource: triton_per_fused_sum_7\nRequired: 300000 Hardware limit:232448\n",
       "triton_kernel_failure"},
      {"eager and compiled values printed as numbers",
       "eager w.grad sum: 12.0\ncompiled w.grad sum: 0.0\n", "accuracy"},
      {"a compile time is not a value", "compile time: 3.2\n", "unknown"},
      {"the benchmark harness counts graph breaks",
       "resnet50                            FAIL:     graph_breaks=4, expected=2\n", "graph_break"},
      {"export's AOT tracing bans input mutation",
       "Found following user inputs located at [1] are mutated. This is currently banned in the aot_export workflow.\n",
       "other"},
      // PyTorch 2.0-2.1 ran the compiled function from aot_autograd.py's forward.
      {"2.0 AOT runtime frames are the compiled program running",
       "  File \"/w/torch/_functorch/aot_autograd.py\", line 3800, in forward\n    return compiled_fn(full_args)\n"
       "  File \"/w/torch/_functorch/aot_autograd.py\", line 1480, in g\n    return f(*args)\n",
       "runtime_crash"},
      // bytecode_transformation.py hands the frame to the tracer in transform_code_object only;
      // an assert anywhere else in it is Dynamo's own bytecode work failing.
      {"an assert in Dynamo's bytecode rewriting",
       "/venv/torch/_dynamo/bytecode_transformation.py in compute_exception_table(instructions)\n"
       "--> 990             assert start is not None\n",
       "dynamo_internal_error"},
      {"the bytecode transformer handing over to the tracer is a pass-through",
       "  File \"/venv/torch/_dynamo/bytecode_transformation.py\", line 1300, in transform_code_object\n"
       "    transformations(instructions, code_options)\n",
       "dynamo_internal_error"},
      // Code outside PyTorch below the backend wrapper is the backend compiling the graph.
      {"a third-party backend under torch.compile's backend wrapper",
       "  File \"/venv/torch/__init__.py\", line 2441, in __call__\n    return self.compiler_fn(model_, inputs_, **self.kwargs)\n"
       "  File \"/srv/engine/compilation/backends.py\", line 656, in __call__\n    PiecewiseCompileInterpreter(\n",
       "backend_compiler_failed"},
      {"third-party code alone says nothing",
       "  File \"/srv/engine/compilation/backends.py\", line 656, in __call__\n    PiecewiseCompileInterpreter(\n", "unknown"},
      // 2022: TorchInductor and Triton's compiler before they moved (torchinductor/, triton/code_gen.py).
      {"the standalone torchinductor package",
       "File /w/torchdynamo/torchinductor/codegen/triton.py:900, in TritonKernel.codegen_kernel(self, name)\n"
       "--> 900         code.splice(self.body)\n",
       "backend_compiler_failed"},
      {"Triton's compiler before 2.0",
       "File ~/env/lib/python3.10/site-packages/triton/code_gen.py:1054, in Autotuner._bench(self, config, *args, **meta)\n",
       "triton_kernel_failure"},
      // Before torch 2.0: AOTAutograd in functorch/_src/, Dynamo's backends in "optimizations".
      {"AOTAutograd where functorch kept it",
       "  File \"/w/torch/_dynamo/output_graph.py\", line 546, in call_user_compiler\n"
       "    compiled_fn = compiler_fn(gm, self.example_inputs())\n"
       "  File \"/w/torch/_dynamo/optimizations/training.py\", line 80, in compiler_fn\n"
       "    cg = aot_module_simplified(gm, example_inputs, **kwargs)\n"
       "  File \"/w/functorch/_src/aot_autograd.py\", line 2093, in aot_module_simplified\n",
       "backend_compiler_failed"},
      {"Dynamo's backends when they were its optimizations subpackage",
       "  File \"/w/torch/_dynamo/optimizations/backends.py\", line 50, in inner\n    return fn(model, **kwargs)\n",
       "backend_compiler_failed"},
      {"Dynamo's old backends subpackage in the standalone torchdynamo package",
       "  File \"/w/torchdynamo/torchdynamo/optimizations/training.py\", line 80, in compiler_fn\n"
       "    cg = aot_module_simplified(gm, example_inputs, **kwargs)\n",
       "backend_compiler_failed"},
      {"functorch's vmap shares AOTAutograd's package but is not AOTAutograd",
       "  File \"/e/torch/_functorch/apis.py\", line 208, in wrapped\n    return vmap_impl(\n"
       "  File \"/e/torch/_functorch/vmap.py\", line 432, in _flat_vmap\n    batched_outputs = func(*batched_inputs, **kwargs)\n",
       "unknown"},
      {"a Dynamo helper whose line raises Unsupported is a graph break",
       "  File \"/b/torch/_dynamo/variables/torch.py\", line 781, in call_function\n    *proxy_args_kwargs(args, kwargs),\n"
       "  File \"/b/torch/_dynamo/utils.py\", line 652, in proxy_args_kwargs\n    unimplemented(\n",
       "graph_break"},
      {"a conda environment named torchdynamo is not Dynamo",
       "  File \"/home/u/envs/torchdynamo/lib/python3.8/contextlib.py\", line 75, in inner\n    return func(*args, **kwds)\n",
       "unknown"},
      // codecache.py raises BypassFxGraphCache and catches it: in a chain it is only context.
      {"a cache bypass ahead of the real failure is not the failure",
       "Traceback (most recent call last):\n  File \"/venv/torch/_inductor/codecache.py\", line 1230, in _check_can_cache\n"
       "    raise BypassFxGraphCache\ntorch._inductor.codecache.BypassFxGraphCache\n\n"
       "During handling of the above exception, another exception occurred:\n\n"
       "Traceback (most recent call last):\n  File \"/w/repro.py\", line 16, in <module>\n    out.backward()\n",
       "unknown"},
      // AOTAutograd compiles the backward eagerly under dynamic shapes, and warns with the
      // backend's traceback when that fails.
      {"the backward compile failing, warned by AOTAutograd",
       "W0101 00:00:00.000000 1 torch/_functorch/_aot_autograd/graph_compile.py:1798] [0/0]   File \"/venv/sympy/core/cache.py\", line 72, in wrapper\n"
       "W0101 00:00:00.000000 1 torch/_functorch/_aot_autograd/graph_compile.py:1798] [0/0]     retval = cfunc(*args, **kwargs)\n",
       "backend_compiler_failed"},
      {"a CUDA kernel's own assert", "../aten/src/ATen/native/cuda/Indexing.cu:1200: indexSelectKernel: block: [3,0,0], thread: [64,0,0] Assertion `srcIndex < srcSelectDimSize` failed.\n",
       "runtime_crash"},
      {"a Triton kernel's bounds assert is the kernel's",
       "/tmp/torchinductor_u/ab/cab.py:20: unknown: block: [0,0,0], thread: [0,0,0] Assertion `index out of bounds: 0 <= tmp4 < 128` failed.\n",
       "triton_kernel_failure"},
      {"an export-only restriction", "Mutating module attribute scale during export.\n\nfrom user code:\n   File \"/w/m.py\", line 9, in forward\n    self.scale += x\n",
       "other"},
      {"export's pytree registration", "RuntimeError: Found <class 'lib.Cache'> in output, which is not a known type. If this type holds tensors, you need to register a pytree for it.\n",
       "other"},
      {"a traceback cut inside the autograd engine's backward pass",
       "  File \"/w/train.py\", line 399, in main\n    loss.backward()\n"
       "  File \"/venv/torch/_tensor.py\", line 629, in backward\n    torch.autograd.backward(\n"
       "  File \"/venv/torch/autograd/__init__.py\", line 353, in backward\n    _engine_run_backward(\n",
       "runtime_crash"},
      {"a C++ diagnostic in torch's own headers is Inductor's C++ failing to compile",
       "/venv/torch/include/ATen/cpu/vec/vec_n.h:297:28: note: in definition of macro 'VECTORIZEDN_DEFINE_BINARY_OP_GLOBAL'\n",
       "backend_compiler_failed"},
      {"an AOTInductor runtime call failing",
       "RuntimeError: aoti_torch_empty_strided(3, int_array_7, int_array_8, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, 0, &buf8_handle) API call failed at /tmp/x/model.cpp, line 900\n",
       "runtime_crash"},
      // Inductor's code cache names each generated C++ file "c" and a hash.
      {"the C++ compiler rejecting Inductor's generated code",
       "/tmp/torchinductor_u/q3/cq3xk7v2m4n5b6c7d8e9f0g1h2j3k4l5m6n7p8q9r0s1t2u3v4w5.cpp:41:17: error: 'struct at::vec::Vectorized<bool>' has no member named 'cast'\n",
       "backend_compiler_failed"},
      {"AOTInductor's generated call echoed under a compile error is not a run-time failure",
       "/tmp/cabcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn.cpp:120:5: error: 'aoti_torch_foo' was not declared in this scope\n"
       "  120 |     AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_foo(buf0));\n",
       "backend_compiler_failed"},
      {"no C++ compiler for Inductor's CPU backend: an environment problem", "RuntimeError: Compiler: cl is not found.\n", "other"},
      {"Triton unable to build its launcher",
       "subprocess.CalledProcessError: Command '['/usr/bin/gcc', '/tmp/tmpab12/cuda_utils.c', '-O3', '-shared', '-o', "
       "'/tmp/tmpab12/cuda_utils.so']' returned non-zero exit status 1.\n",
       "backend_compiler_failed"},
      {"a C++ backtrace alone",
       "frame #3: at::native::copy_(at::Tensor&, at::Tensor const&, bool) + 0x5c (0x7f0011223344 in /venv/torch/lib/libtorch_cpu.so)\n"
       "frame #4: <unknown function> + 0x1b2c3d (0x7f0011224455 in /venv/torch/lib/libtorch_python.so)\n",
       "runtime_crash"},
      {"a C++ backtrace through AOTInductor's runtime",
       "frame #12: aoti_torch_cuda_mm_out + 0x88 (0x7f00aa112233 in /venv/torch/lib/libtorch_cuda.so)\n"
       "frame #13: torch::aot_inductor::AOTInductorModel::run_impl(AtenTensorOpaque**) + 0x1a2 (0x7f00bb001122 in /tmp/m.so)\n",
       "runtime_crash"},
      {"export's suggested constraints",
       "The following dimensions CAN be dynamic.\nPlease use the following code to specify the constraints they must satisfy:\n"
       "def specify_constraints(x, y):\n    return [dynamic_dim(y, 0) == dynamic_dim(x, 0)]\n",
       "other"},
      {"a plain error under Dynamo's note on the user code",
       "AssertionError: ListVariable(length=2) is already tracked for mutation.\n\nfrom user code:\n"
       "   File \"/w/m.py\", line 8, in fn\n    helper.reset()\n\nSet TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information\n",
       "dynamo_internal_error"},
      {"the same error without Dynamo's note is not Dynamo's", "AssertionError: ListVariable(length=2) is already tracked for mutation.\n",
       "unknown"},
      {"a user's own misspelt name replayed by Dynamo is not Dynamo's",
       "NameError: name 'helpr' is not defined\n\nfrom user code:\n   File \"/w/m.py\", line 8, in fn\n    helpr(x)\n",
       "unknown"},
      {"a frame line cut before its File",
       "torch/fx/experimental/symbolic_shapes.py\", line 2441, in solve\n    name = self._names[s]\nKeyError: \"L['x'].size()[0]\"\n",
       "other"},
      {"the embeddable Windows Python's stdlib frames are not the user's",
       "  File \"C:\\app\\python_embeded\\Lib\\site-packages\\triton\\compiler\\code_generator.py\", line 1204, in visit\n"
       "    ret = super().visit(node)\n  File \"ast.py\", line 407, in visit\n"
       "  File \"C:\\app\\python_embeded\\Lib\\site-packages\\triton\\compiler\\code_generator.py\", line 359, in visit_Module\n"
       "    ast.NodeVisitor.generic_visit(self, node)\n  File \"ast.py\", line 415, in generic_visit\n  File \"C:\\app\\python_embeded\\Lib\\site-packa",
       "triton_kernel_failure"},
      {"a traceback cut in Dynamo's wrapper after Dynamo failed inlining a call",
       "V0101 00:00:00.000000 1 torch/_dynamo/symbolic_convert.py:5474] [0/0] FAILED INLINING <code object encode at 0x7f01, file \"/v/lib/image.py\", line 12>\n"
       "Traceback (most recent call last):\n  File \"/w/bug.py\", line 16, in main\n    out = fn(img)\n"
       "  File \"/v/site-packages/torch/_dynamo/eval_frame.py\", line 465, in _fn\n    return fn(*args, **kwargs)\n",
       "dynamo_internal_error"},
      {"the same cut traceback alone is left to the wrapper's guess",
       "Traceback (most recent call last):\n  File \"/w/bug.py\", line 16, in main\n    out = fn(img)\n"
       "  File \"/v/site-packages/torch/_dynamo/eval_frame.py\", line 465, in _fn\n    return fn(*args, **kwargs)\n",
       "backend_compiler_failed"},
      {"a Triton kernel failing in Inductor's compile worker",
       "torch._inductor.exc.InductorError: SubprocException: An exception occurred in a subprocess:\n\n"
       "Name=triton_red_fused_add_mean_2\nTraceback (most recent call last):\n"
       "  File \"/v/site-packages/torch/_inductor/compile_worker/subproc_pool.py\", line 397, in do_job\n",
       "triton_kernel_failure"},
      {"an assert of Dynamo's own failing is Dynamo's, whatever its condition names",
       "Traceback (most recent call last):\n  File \"<stdin>\", line 1, in <module>\n"
       "  File \"/v/site-packages/torch/_dynamo/trace_rules.py\", line 3651, in check_verbose\n"
       "    assert rule == SkipFunctionVariable, rule\nAssertionError: <class 'torch._dynamo.variables.torch.TorchInGraphFunctionVariable'>\n",
       "dynamo_internal_error"},
      {"torch.compile() itself raising, before any tracing",
       "Traceback (most recent call last):\n  File \"/w/app.py\", line 85, in main\n    model = torch.compile(model)\n"
       "  File \"/opt/lib/python3.11/site-packages/torch/__init__.py\", line 1441, in compile\n"
       "    return torch._dynamo.optimize(backend=backend, nopython=fullgraph)\n  File \"/opt/lib/python3.11/site-pack",
       "other"},
      {"a function stopped at its decorator line, inside Dynamo's wrapper: the compiled code was running",
       "Traceback (most recent call last):\n  File \"/w/bug.py\", line 21, in <module>\n    out = bar(a, b)\n"
       "  File \"/v/site-packages/torch/_dynamo/eval_frame.py\", line 465, in _fn\n    return fn(*args, **kwargs)\n"
       "  File \"/w/bug.py\", line 13, in bar\n    @torch.compile\n"
       "  File \"/v/site-packages/torch/_dynamo/eval_frame.py\", line 632, in _fn\n    return fn(*args, **kwargs)\n  File \"/v/site-pack",
       "runtime_crash"},
      {"a decorator line applying torch.compile is not compiled code running",
       "Traceback (most recent call last):\n  File \"/w/bug.py\", line 13, in <module>\n    @torch.compile(mode=\"fast\")\n"
       "  File \"/v/site-packages/torch/__init__.py\", line 2500, in compile\n    return fn\n",
       "other"},
      {"the compiled code's size and stride check failing as it runs",
       "AssertionError: expected size 3==3, stride 3==1 at dim=0; expected size 3==3, stride 1==3 at dim=1\n", "runtime_crash"},
      {"the OpenMP runtime aborting", "OMP: Error #15: Initializing libomp.dylib, but found libomp.dylib already initialized.\n"
       "OMP: Hint This means that multiple copies of the OpenMP runtime have been linked into the program. That is dangerous, since it can cause incorrect results.\n",
       "runtime_crash"},
      {"a printed tensor gone infinite", "compiled: tensor([-inf], device='mps:0')\n", "accuracy"},
      {"Triton's driver failing to set itself up is no kernel's failure",
       "  File \"C:\\venv\\Lib\\site-packages\\triton\\backends\\intel\\driver.py\", line 109, in _compute_compilation_options_lazy\n"
       "    include_dir, self._libsycl_dir = find_sycl(include_dir)\n",
       "backend_compiler_failed"},
      {"Inductor's generated module in a cache folder of vLLM's",
       "  File \"/v/site-packages/torch/_inductor/output_code.py\", line 466, in __call__\n    return self.current_callable(inputs)\n"
       "  File \"/home/u/.cache/vllm/torch_compile_cache/ea2d/rank_5_0/inductor_cache/bx/cbxnsxbxmoiuzf32l5mxinvqc2wu2ex6u5o76dqxyzabcd.py\", line 400, in call\n"
       "    arg0_1, arg1_1 = args\nValueError: too many values to unpack (expected 12)\n",
       "runtime_crash"},
      {"a path cut short names a folder, and the whole frame outside it decides",
       "  File \"/v/site-packages/torch/_inductor/codecache.py\", line 1083, in _load_kernel\n    kernel.precompile()\n"
       "  File \"/v/site-packages/torch/_inductor/triton_heuristics.py\", line 160, in precompile\n    self.launchers = [\n"
       "  File \"/v/site-packages/torch/_inductor/tri",
       "triton_kernel_failure"},
      {"a reporter's words decide a traceback cut in the compile driver",
       "The sample causes a graph break:\n```\nTraceback (most recent call last):\n  File \"/w/bug.py\", line 38, in <module>\n    work()\n"
       "  File \"/v/site-packages/torch/_dynamo/convert_frame.py\", line 456, in _convert_frame_assert\n    return _compile(\n",
       "graph_break"},
      {"source lines around a frame are code, not words",
       "Traceback (most recent call last):\n  File \"/w/bug.py\", line 38, in <module>\n    work()\n"
       "  File \"/v/site-packages/torch/_dynamo/convert_frame.py\", line 456, in _convert_frame_assert\n"
       "    989     # does include graph breaks; specifically, if a graph break still\n"
       "/v/site-packages/torch/jit/_script.py:1491: FutureWarning: `torch.jit.script` is deprecated. Please switch to torch.export.\n",
       "dynamo_internal_error"},
      {"Inductor's C++ with a main() for a check of the compiler, rejected",
       "/tmp/torchinductor_u/h7/ch7dz3bknb6c6x6ktdzmbfykruashnh4wujzmz4az2lidms6rs4l.main.cpp:8:29: error: 'zuf0' was not declared in this scope\n",
       "backend_compiler_failed"},
      {"a frame wrapped inside its path by a fixed-width box",
       "Traceback (most recent call last):\n  File \"/w/foo.py\", line 8, in <module>\n    f(x)\n"
       "  File \"/v/site-packages/torch/_inductor/runtime/triton_heur\nistics.py\", line 470, in precompile\n    self._make_launchers()\n",
       "triton_kernel_failure"},
      {"Triton's type error in a generated kernel",
       "       tmp1 = tl.load(in_ptr0 + (4*x0 + tl.full([], 0.0, tl.float64)))\n                      ^\n"
       "   IncompatibleTypeErrorImpl('invalid operands of type pointer<fp16> and triton.language.float64')\n",
       "triton_kernel_failure"},
      {"cudagraph trees finding memory it does not track",
       "RuntimeError: Detected 6 tensor(s) in the cudagraph pool not tracked as outputs.\nAll live allocations must be tracked for correctness.\n",
       "runtime_crash"},
      {"Inductor loading its generated module, which compiles the module's kernels",
       "  File \"/v/site-packages/torch/_inductor/graph.py\", line 2396, in _compile_to_module_lines\n    mod = PyCodeCache.load_by_key_path(\n"
       "  File \"/v/site-packages/torch/_inductor/codecache.py\", line 3466, in load_by_key_path\n"
       "    mod = _reload_python_module(key, path, set_sys_modules=in_toplevel)\n",
       "triton_kernel_failure"},
      {"Dynamo refusing a configuration it cannot trace", "AssertionError: Dynamo only supports FSDP with use_orig_params=True\n", "other"},
      {"an export restriction named by what is being exported",
       "RuntimeError:         Encountered duplicated inputs that are mutated in the graph you are trying to export.\n", "other"},
      {"ptxas rejecting a kernel under the backend's wrapper",
       "backend='inductor' raised:\nRuntimeError: `ptxas` failed with error code 4294967295:\n", "triton_kernel_failure"},
      {"max-autotune precompiling a Triton template, cut",
       "  File \"/v/site-packages/torch/_inductor/select_algorithm.py\", line 779, in precompile\n    self.bmreq.precompile()\n"
       "  File \"/v/site-packages/torch/_inductor/autotune_process.py\", line 632, in precompile\n"
       "    getattr(mod, self.kernel_name).precompile()\n  File \"/v/site-packages/torch/_",
       "triton_kernel_failure"},
      {"a guard-failure reason without its recompile header",
       "    - 3/0: tensor 'L['hidden']' stride mismatch at index 1. expected 64, actual 128\n", "recompilation"},
      {"a dynamic size specialized to a constant",
       "I0301 10:00:00.000000 77 torch/fx/experimental/symbolic_shapes.py:5100] [0/0] set_replacement s3 = 4096\n", "recompilation"},
      {"a compile id twelve recompiles deep",
       "I0301 10:00:00.000000 77 torch/fx/experimental/symbolic_shapes.py:5200] [3/12] create_symbol s9 = 512 for L['x'].size()[1] "
       "[2, int_oo] at /w/model.py:80 in forward, for more info run with TORCHDYNAMO_EXTENDED_DEBUG_CREATE_SYMBOL=\"s9\"\n",
       "recompilation"},
      {"the same line in a first compile: no recompile, only the debugging hint counts",
       "I0301 10:00:00.000000 77 torch/fx/experimental/symbolic_shapes.py:5200] [3/0] create_symbol s9 = 512 for L['x'].size()[1] "
       "[2, int_oo] at /w/model.py:80 in forward, for more info run with TORCHDYNAMO_EXTENDED_DEBUG_CREATE_SYMBOL=\"s9\"\n",
       "other"},
      {"CUDA graphs recorded again for each size",
       "CUDAGraph supports dynamic shapes by recording a new graph for each distinct\ninput size. Recording too many CUDAGraphs may lead to extra overhead.\n"
       "We have observed 12 distinct sizes.\n",
       "recompilation"},
      {"a guard Dynamo calls its own bug",
       "RuntimeError: Guard failed on the same frame it was created. This is a bug - please create an issue.Guard fail reason: 7/0: "
       "tensor 'w' size mismatch at index 0. expected 8, actual 16\n",
       "dynamo_internal_error"},
      {"an observed exception, cut after its chain line",
       "torch._dynamo.exc.ObservedAttributeError\n\nDuring handling of the above exception, another exception occurred:\n\n", "graph_break"},
      {"Unsupported in pytest's local variables",
       "cleanup = <function nothing at 0x7f00aa11>\ncur_exn = Unsupported('Failed to trace builtin operator\\n  Explanation: Dynamo does not know')\n",
       "graph_break"},
      {"AOTInductor's shim catching an error at run time",
       "[E1201 10:00:00.123456 shim_common.cpp:400] Exception in aoti_torch: Expected all tensors to be on the same device\n", "runtime_crash"},
      {"a compiled backward run twice over donated buffers",
       "RuntimeError: This backward function was compiled with non-empty donated buffers which requires create_graph=False and "
       "retain_graph=False.\n",
       "runtime_crash"},
      {"loading an exported program", "AttributeError: 'ExportedProgramDeserializer' object has no attribute 'shape_env'\n", "other"},
      {"the accuracy minifier's check",
       "[2024-05-01 10:00:00,000] torch._dynamo.debug_utils: [ERROR] Input graph does not fail accuracy testing\n", "accuracy"},
      {"an assertion printing the reference result",
       "    raise AssertionError(msg)\nAssertionError: ref:\ntensor([1., 2.], device='cuda:0')\nact:\ntensor([1., 3.], device='cuda:0')\n", "accuracy"},
      {"a Triton Inductor cannot import from: versions that do not match",
       "ImportError: cannot import name 'AttrsDescriptor' from 'triton.backends.compiler' (/v/site-packages/triton/backends/compiler.py)\n",
       "other"},
      {"the same import error carried by a lowering",
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
       "LoweringException: ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler' (/v/triton/compiler/compiler.py)\n",
       "other"},
      {"Triton's LLVM lowering under the backend's wrapper",
       "LLVM ERROR: Failed to translate TritonGPU to LLVM IR.\n\n"
       "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nBrokenProcessPool: A process in the process pool was terminated abruptly\n",
       "triton_kernel_failure"},
      {"Triton's driver launching a kernel, cut in the error",
       "  File \"/v/site-packages/triton/runtime/jit.py\", line 700, in run\n    kernel.run(grid_0, grid_1, grid_2, stream)\n"
       "  File \"/v/site-packages/triton/backends/nvidia/driver.py\", line 712, in __call__\n    self.launch(gridX, gridY, gridZ, stream)\n"
       "RuntimeError: Triton Erro",
       "triton_kernel_failure"},
      {"a compiled kernel launched with a bad argument",
       "  File \"/v/site-packages/torch/_inductor/runtime/triton_heuristics.py\", line 900, in run\n    return launcher(\n"
       "  File \"<string>\", line 13, in launcher\n  File \"/v/site-packages/triton/backends/nvidia/driver.py\", line 400, in __call__\n"
       "    self.launch(*args, **kwargs)\nValueError: Pointer argument (at 0) cannot be accessed from Triton (cpu tensor?)\n",
       "runtime_crash"},
      {"max-autotune benchmarking a candidate kernel, cut",
       "  File \"/v/site-packages/torch/_inductor/select_algorithm.py\", line 640, in benchmark\n"
       "    result = do_bench(lambda: algo(*example_inputs, out=out))\n"
       "  File \"/v/site-packages/triton/testing.py\", line 140, in do_bench\n    torch.cuda.synchronize()\n",
       "triton_kernel_failure"},
      {"AOTAutograd tracing for torch.export, cut",
       "  File \"/w/torch/export/_trace.py\", line 1490, in wrapped_fn\n    return tuple(flat_fn(*args))\n"
       "  File \"/w/torch/_functorch/_aot_autograd/utils.py\", line 184, in flat_fn\n    tree_out = fn(*args, **kwargs)\n"
       "  File \"/w/torch/_functorch/_aot_autograd/traced_function_transforms.py\", line 870, in functional_call\n",
       "other"},
      {"values printed beside an error nothing else recognises are no wrong result",
       "loss 0.6931 at step 10\nRuntimeError: boom\n", "unknown"},
      {"values with an error word anywhere are no guess", "top1 0.7612\nsomething failed earlier\n", "unknown"},
      {"a tensor built in a script is no printed value", "x = torch.tensor([1.0, 2.0])\ny = f(x)\n", "unknown"},
      {"a repro that raises when the results differ",
       "  File \"/home/u/repro.py\", line 25, in <module>\n    raise ValueError(\"Tensors are different.\")\nValueError: Tensors are different.\n",
       "accuracy"},
      {"the same raise, cut after its code line", "    raise ValueError('diff value')\n", "accuracy"},
      {"a runtime wrapper finding its duplicated inputs changed",
       "AssertionError: At compilation time, graph 2 was compiled under the assumption that parameter/buffer 3 would be a duplicate of "
       "parameter/buffer 1, but at runtime this was not the case.\n",
       "runtime_crash"},
      {"a backend interpreting an FX node",
       "indices should be either on cpu or on the same device as the indexed tensor\n\n"
       "While executing %index_put : [num_users=1] = call_function[target=torch.ops.aten.index_put.default](args = (%x,), kwargs = {})\n",
       "backend_compiler_failed"},
      {"Dynamo's debug log of a break, with the start of a traceback",
       "[2023-02-01 10:00:00,000] torch._dynamo.symbolic_convert: [DEBUG] break_graph_if_unsupported triggered compile\n"
       "Traceback (most recent call last):\n  File \"/v/site-packages/torch/_dynamo/symbolic_convert.py\", line 380, in wrapper\n",
       "graph_break"},
      {"the routine compile at a frame's return is no break",
       "[2023-02-01 10:00:00,000] torch._dynamo.symbolic_convert: [DEBUG] RETURN_VALUE triggered compile\n", "unknown"},
      {"Dynamo unable to wrap a value", "SourcelessBuilder.create does not know how to wrap <class 'property'>\n", "graph_break"},
      {"a graph break denied in words", "The model compiles without a graph break, but it is slow.\n", "unknown"},
      {"plain prose", "I ran my model and it was slow.\n", "unknown"},
      {"empty", "", "unknown"},
  };
  for (const auto& c : cases) {
    CAPTURE(std::string(c.name));
    CHECK(check_primary(c.text) == c.expected);
  }
}

// A report with no PyTorch output at all (an issue's description, a repro script) is read for the
// words that say what kind of failure it describes: a guess, flagged and kept at low confidence.
TEST_CASE("a description in words gives a flagged, low-confidence guess") {
  struct Case {
    const char* name;
    const char* text;
    const char* expected;
    uint32_t evidence_line;  // The first line the guess rests on.
  };
  const Case cases[] = {
      {"NaN loss after compiling", "Training looks fine in eager mode.\nWith torch.compile the loss becomes NaN after a few steps.\n",
       "accuracy", 2},
      {"wrong results in words", "On the GPU the compiled model gives wrong results.\n", "accuracy", 1},
      {"black images from a diffusion pipeline", "After compiling the unet every sample comes out as black images.\n", "accuracy", 1},
      {"a recompile on every call", "Every call triggers a recompile, even with the same shapes.\n", "recompilation", 1},
      {"a graph break in words", "There is a graph break inside the attention block.\n", "graph_break", 1},
      {"a crash at run time", "import torch\n\nThe compiled kernel segfaults on the second batch.\n", "runtime_crash", 3},
      {"a crash-hunting knob in a repro script", "# run with CUDA_LAUNCH_BLOCKING=1 to see it\nout = f(x)\n", "runtime_crash", 1},
      {"an accuracy knob in a repro script", "torch._inductor.config.emulate_precision_casts = True\nout = f(x)\n", "accuracy", 1},
      {"Inductor failing in words", "Inductor's C++ codegen fails with an AssertionError on this model.\n", "backend_compiler_failed", 1},
      {"torch.export in words", "ep = torch.export.export(model, (x,)) stops with an error.\n", "other", 1},
      {"eager and compiled results printed under labels",
       "=== eager out ===\n[[1., 2.], [3., 4.]]\n=== compiled out ===\n[[0., 0.], [0., 0.]]\n", "accuracy", 1},
      {"a NaN check printed per mode", "mode cuda+eager: has_nan=False\nmode cuda+compile: has_nan=True\n", "accuracy", 2},
      {"precision said to be lower under a mode", "It appears as if precision/stability is noticeably lower on the max-autotune run.\n",
       "accuracy", 1},
      {"training accuracy dropping", "With compile the train accuracy stays at 10%.\n", "accuracy", 1},
      {"the value expected, then the one got", "Each element should be just doubled. But in compile mode it gets 4 times the input.\n", "accuracy", 1},
      {"two printouts that should differ", "The two printed tensors should be different, but they were the same when I ran it.\n", "accuracy", 1},
      {"what eager and compiled mode output", "There is a difference in what eager mode and compiled mode outputs for this snippet.\n",
       "accuracy", 1},
      {"an expectation about a graph break is about the break",
       "It should compile without a graph break, but it gets a graph break on the print.\n", "graph_break", 1},
      {"the benchmark's accuracy mode", "Repro: `python benchmarks/huggingface.py --accuracy --training --only=Bert`\n", "accuracy", 1},
      {"a kernel's bounds check quoted in words",
       "With dynamic shapes the generated kernel emits `index out of bounds: 0 <= tmp4 < ks0` and trips it.\n", "triton_kernel_failure", 1},
      {"torch.compile refusing the Python version, in words",
       "When I run the server it fails, saying that Dynamo not supported on Python 3.12+.\n", "other", 1},
      {"compiling changing a model's output, in words", "For some reason torch compile changes model output.\n", "accuracy", 1},
      {"code subtracting the eager and the compiled outputs",
       "print(torch.sum(torch.abs(out_compiled - out_eager)))  # tensor(0.4234, device='cuda:0')\n", "accuracy", 1},
      {"the eager and the compiled gradients said to differ", "## Actual\ngrad_eager and grad_compiled differ (torch.equal is False).\n", "accuracy", 2},
      {"what did not happen is not what failed",
       "It runs with no error, no warning and no graph break.\nThe compiled function silently returns a tensor of the wrong shape.\n",
       "accuracy", 2},
      {"garbled text from a compiled server", "With --enable-torch-compile the server gives garbled output; it may then crash.\n",
       "accuracy", 1},
      {"an expected value above the actual one", "gives\nexpected: 2\nactual:   1\n", "accuracy", 2},
      {"values printed and no error anywhere", "Validation results:\n  top1 0.7612  top5 0.9310\nwith compile:\n  top1 0.0010  top5 0.0050\n",
       "accuracy", 2},
      {"eager and compiled values printed with '='", "eager = 31\ncompiled = 13\n", "accuracy", 1},
  };
  for (const auto& c : cases) {
    CAPTURE(std::string(c.name));
    const TriageReport r = triage(c.text);
    CHECK(r.category == c.expected);
    CHECK(r.guessed);
    CHECK(r.confidence <= 0.3);
    REQUIRE(!r.findings.empty());
    CHECK(r.findings[0].confidence <= 0.3);
    REQUIRE(!r.findings[0].evidence.empty());
    CHECK(r.findings[0].evidence.front() == c.evidence_line);
  }
}

TEST_CASE("words are not read when the text shows PyTorch output") {
  // The description says NaN, the log says graph break: the log decides, and no guess is flagged.
  const TriageReport r = triage(
      "After compiling, the loss becomes NaN.\n"
      "V0101 00:00:00.000000 1 torch/_dynamo/symbolic_convert.py:500] [0/0] [__graph_breaks] Graph break in user code at /w/train.py:12\n"
      "V0101 00:00:00.000000 1 torch/_dynamo/symbolic_convert.py:500] [0/0] [__graph_breaks] Reason: Unsupported: call_method\n");
  CHECK(r.category == "graph_break");
  CHECK_FALSE(r.guessed);
  for (const auto& f : r.findings) CHECK(f.signature.rfind("pr_", 0) != 0);
  // Nothing in words either: still unknown, not a guess.
  CHECK_FALSE(triage("I ran my model and it was slow.\n").guessed);
  CHECK_FALSE(triage("The difference between eager and compiled speed is small on an A100.\n").guessed);
  CHECK_FALSE(triage("I use lower precision (bf16) and the run is slower than eager.\n").guessed);
}

TEST_CASE("graph breaks are deduplicated by type and user location, with the registry entry") {
  auto text = read_file(std::string(PT2BB_SOURCE_DIR) + "/tests/fixtures/logs/graph_break/gb_2_7_torch_logs.log");
  REQUIRE(text);
  const TriageReport r = triage(*text);
  REQUIRE(r.findings.size() == 2);
  const TriageFinding& f = r.findings[0];
  CHECK(f.count == 2);
  CHECK(f.gb_id == "GB0170");
  CHECK(f.gb_type == "Data-dependent branching");
  CHECK(!f.gb_hints.empty());
  REQUIRE(f.has_user_frame);
  CHECK(f.user_frame.file == "/home/ana/proj/net.py");
  CHECK(f.user_frame.line == 41);
  CHECK(f.user_frame.code == "if h.mean() > 0.5:");
  CHECK(f.evidence.front() == 1);
  // The second break has no URL in the log: the registry finds its id by type.
  CHECK(r.findings[1].gb_id == "GB0025");
  CHECK(r.findings[1].next_commands.front() == "TORCH_LOGS=\"graph_breaks\" python /home/ana/proj/train.py");
}

TEST_CASE("PyTorch 2.0's explain() gives one graph break per numbered reason, at the user's frame") {
  const TriageReport r = triage(
      "Dynamo produced 3 graphs, with 2 graph break and 5 ops. \n Break reasons: \n\n"
      "1. call_function BuiltinVariable(print) [ConstantVariable(str)] {} \n"
      "   File \"/w/toy.py\", line 16, in toy_example\n    print(\"woo\")\n \n"
      "2. generic_jump \n"
      "   File \"/w/toy.py\", line 17, in toy_example\n    if b.sum() < 0:\n");
  CHECK(r.category == "graph_break");
  REQUIRE(r.findings.size() >= 2);
  const TriageFinding& first = r.findings[0];
  CHECK(first.message == "call_function BuiltinVariable(print) [ConstantVariable(str)] {}");
  REQUIRE(first.has_user_frame);
  CHECK(first.user_frame.line == 16);
  CHECK(first.user_frame.code == "print(\"woo\")");
  CHECK(r.findings[1].message == "generic_jump");
  CHECK(r.findings[1].user_frame.line == 17);
}

TEST_CASE("pybind11's stack under an error is read most recent call first") {
  const TriageReport r = triage(
      "TypeError: unhashable type: 'torch.iinfo'\n\nAt:\n"
      "  /v/torch/_dynamo/bytecode_transformation.py(1200): transform_code_object\n"
      "  /v/torch/_dynamo/convert_frame.py(640): compile_inner\n"
      "  /w/train.py(30): step\n");
  REQUIRE(!r.findings.empty());
  const TriageFinding& f = r.findings[0];
  CHECK(f.category == "dynamo_internal_error");
  REQUIRE(f.has_user_frame);
  CHECK(f.user_frame.file == "/w/train.py");
  REQUIRE(!f.compiler_frames.empty());
  CHECK(f.compiler_frames.back().function == "transform_code_object");  // Innermost last.
}

TEST_CASE("a fatal signal's stack is read most recent call first") {
  const TriageReport r = triage(
      "Fatal Python error: Segmentation fault\n\n"
      "Thread 0x00007f40 (most recent call first):\n"
      "  File \"/usr/lib/python3.12/threading.py\", line 355 in wait\n\n"
      "Current thread 0x00007f3b (most recent call first):\n"
      "  File \"/tmp/torchinductor_ana/x4/cx4mk3abcdefghijklmnopqrstuvwxyz0123456789abcdefgh.py\", line 88 in call\n"
      "  File \"/venv/lib/python3.12/site-packages/torch/_inductor/output_code.py\", line 460 in __call__\n"
      "  File \"/home/ana/proj/net.py\", line 41 in forward\n"
      "  File \"/home/ana/proj/train.py\", line 12 in <module>\n");
  REQUIRE(r.findings.size() == 1);  // The header and its stack are one record.
  CHECK_FALSE(r.truncated);          // No exception line follows a fatal signal's stack.
  const TriageFinding& f = r.findings[0];
  CHECK(f.category == "runtime_crash");
  REQUIRE(f.has_user_frame);
  CHECK(f.user_frame.file == "/home/ana/proj/net.py");  // The innermost user frame, not <module>.
  REQUIRE(!f.compiler_frames.empty());
  CHECK(f.compiler_frames.back().line == 88);  // The generated module, innermost.
}

TEST_CASE("a backend failure names the user frame, the compiler frame and the inner error") {
  auto text = read_file(std::string(PT2BB_SOURCE_DIR) + "/tests/fixtures/logs/backend_compiler_failed/inductor_lowering.log");
  REQUIRE(text);
  const TriageReport r = triage(*text);
  REQUIRE(!r.findings.empty());
  const TriageFinding& f = r.findings[0];
  CHECK(f.terminal);
  CHECK(f.message == "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:");
  CHECK(f.detail == "LoweringException: AssertionError:");
  CHECK(f.user_frame.file == "/data/bench/run.py");
  CHECK(f.user_frame.line == 30);
  REQUIRE(!f.compiler_frames.empty());
  CHECK(f.compiler_frames.back().file.ends_with("torch/_inductor/lowering.py"));
  CHECK(f.compiler_frames.back().line == 2011);
  CHECK(r.script == "python /data/bench/run.py");
  CHECK(f.next_commands.front() == "TORCHDYNAMO_REPRO_AFTER=aot TORCHDYNAMO_REPRO_LEVEL=2 python /data/bench/run.py");
}

TEST_CASE("recompiles record the size-mismatched tensor and the compiled function") {
  auto text = read_file(std::string(PT2BB_SOURCE_DIR) + "/tests/fixtures/logs/recompilation/recompiles_2_5.log");
  REQUIRE(text);
  const TriageReport r = triage(*text);
  REQUIRE(r.findings.size() == 1);
  const TriageFinding& f = r.findings[0];
  CHECK(f.count == 2);
  REQUIRE(f.size_mismatches.size() == 1);
  CHECK(f.size_mismatches[0].tensor == "x");
  CHECK(f.size_mismatches[0].dim == 0);
  CHECK(f.size_mismatches[0].function == "forward");
  CHECK(f.size_mismatches[0].function_def.file == "/home/r/mlp.py");
  CHECK(f.size_mismatches[0].function_def.line == 18);
}

TEST_CASE("TORCH_TRACE compilation metrics give the failure and the user frame") {
  auto text = read_file(std::string(PT2BB_SOURCE_DIR) + "/tests/fixtures/logs/backend_compiler_failed/trace_compilation_metrics.log");
  REQUIRE(text);
  const TriageReport r = triage(*text);
  REQUIRE(!r.findings.empty());
  CHECK(r.findings[0].user_frame.file == "/home/t/x.py");
  CHECK(r.findings[0].user_frame.line == 7);
  CHECK(r.findings[0].detail == "RuntimeError: backend exploded");
}

// The whole report as JSON, for comparing two ways of reading the same log.
std::string report_json(const TriageReport& r) { return triage_report_json(r, knowledge(), Lang::En).dump(); }

// Feeds `text` in chunks of `chunk` bytes, classified first (the fast path) or not.
TriageReport triage_chunked(std::string_view text, size_t chunk, bool classified) {
  TriageOptions o;
  o.knowledge = &knowledge();
  o.registry = &registry();
  Triager t(o);
  for (size_t i = 0; i < text.size(); i += chunk) {
    const std::string_view piece = text.substr(i, chunk);
    if (classified) t.feed(piece, t.classify(piece));
    else t.feed(piece);
  }
  return t.finish();
}

TEST_CASE("streaming: any chunking, classified or not, gives the same report as the whole text") {
  std::vector<std::pair<std::string, std::string>> logs;
  for (const auto& dir : fs::recursive_directory_iterator(fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures/logs"))
    if (dir.is_regular_file()) logs.emplace_back(dir.path().string(), *read_file(dir.path().string()));
  // Lines the classifier must not skip: binary bytes, an over-long line, CRLF, no final newline.
  logs.emplace_back("binary", "ok line\nGraph br\0\x01 junk\nSegmentation fault\n"s);
  logs.emplace_back("long", std::string(70000, 'x') + " Segmentation fault\r\nE   RuntimeError: CUDA error: x");
  // A Rich path fragment, then a quiet line: the fragment belongs to that line, not a later frame.
  // A text pasted indented as a whole: a pattern anchored at a line's start reads it from there.
  logs.emplace_back("indented", "    Graph Break Reason                     Count\n"
                                "    hasattr: UserDefinedClassVariable()        1\n"
                                "    at 12:4:\n"
                                "    frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f01 in /v/libc10.so)\n");
  logs.emplace_back("rich fragment", "\u2502 /home/u/.venv/lib/python3.11/site-packages/torch/_ \u2502\n"
                                     "quiet line\n"
                                     "\u2502 inductor/graph.py:12 in run \u2502\n");
  REQUIRE(logs.size() >= 30);
  for (const auto& [name, text] : logs) {
    CAPTURE(name);
    const std::string whole = report_json(triage(text));
    for (size_t chunk : {size_t{1}, size_t{7}, size_t{64}, size_t{4096}, text.size() + 1}) {
      CAPTURE(chunk);
      CHECK(report_json(triage_chunked(text, chunk, false)) == whole);
      CHECK(report_json(triage_chunked(text, chunk, true)) == whole);
    }
  }
}

TEST_CASE("a coloured log gets the report of its plain text, streamed and classified too") {
  // pytest --color=yes, CI jobs and Rich colour whole lines and single words; a terminal shows
  // the plain text, and so must the triage read it.
  auto colour = [](std::string_view text) {
    std::string out;
    size_t line = 0;
    for (size_t at = 0; at < text.size();) {
      const size_t nl = std::min(text.find('\n', at), text.size());
      const std::string_view l = text.substr(at, nl - at);
      out += line++ % 2 ? "\x1b[1m\x1b[31m" : "\x1b[36;1m";
      for (char c : l) out += c == ' ' ? "\x1b[0m \x1b[33m"s : std::string(1, c);  // Words coloured one by one.
      out += "\x1b[0m\x1b[K";
      if (nl < text.size()) out += '\n';
      at = nl + 1;
    }
    return out;
  };
  // All but the bytes read: the escapes are more bytes.
  auto shown = [](TriageReport r) {
    r.bytes = 0;
    return report_json(r);
  };
  int count = 0;
  for (const auto& dir : fs::recursive_directory_iterator(fs::path(PT2BB_SOURCE_DIR) / "tests/fixtures/logs")) {
    if (!dir.is_regular_file()) continue;
    const std::string plain = *read_file(dir.path().string());
    const std::string coloured = colour(plain);
    CAPTURE(dir.path().string());
    const std::string want = shown(triage(plain));
    CHECK(shown(triage(coloured)) == want);
    CHECK(shown(triage_chunked(coloured, 4096, true)) == want);
    ++count;
  }
  CHECK(count >= 30);
  // Words alone, coloured, still give their guess.
  const std::string words =
      "They match when torch compile is not used, and they have huge discrepancies when the kernel is wrapped.\n";
  const TriageReport guess = triage(colour(words));
  CHECK(guess.category == "accuracy");
  CHECK(guess.guessed);
}

TEST_CASE("classification marks the quiet lines between records, and only those") {
  TriageOptions o;
  o.knowledge = &knowledge();
  Triager t(o);
  const std::string chunk =
      "head line (before the first newline: never classified)\n"
      "V1103 09:12:44.100000 5521 torch/_dynamo/symbolic_convert.py:920] [0/0] [__trace_bytecode] TRACE LOAD_FAST x\n"
      "V1103 09:12:44.100000 5521 torch/_dynamo/variables/builder.py:2853] [0/0] wrap_to_fake L['x'] (8, 16)\n"
      // Every compiled graph logs its user stack mid-line: that starts no record.
      "I1103 09:12:44.100000 5521 torch/_dynamo/output_graph.py:1290] [0/0] COMPILING GRAPH due to "
      "GraphCompileReason(reason='return_value', user_stack=[<FrameSummary file /p/m.py, line 9 in forward>])\n"
      // A stack pasted without its "User Stack:" header: its frames are a record of their own.
      "  <FrameSummary file /p/m.py, line 9 in forward>\n"
      "V1103 09:12:44.100000 5521 torch/_dynamo/symbolic_convert.py:552] [0/0] [__graph_breaks] Graph break in user code at /p/m.py:4\n"
      "V1103 09:12:44.100000 5521 torch/_dynamo/guards.py:2760] [0/1] [__recompiles] cut record\n"
      "Traceback (most recent call last):\n"
      "E   torch._dynamo.exc.Unsupported: x\n"
      "bin\0ary\n"
      "unfinished tail"s;
  const ChunkLines lines = t.classify(chunk);
  REQUIRE(lines.count == 9);
  CHECK(std::string_view(chunk).substr(lines.end) == "unfinished tail");
  std::vector<uint8_t> kinds(lines.count, ChunkLines::Skip);
  for (const auto& mark : lines.marks) {
    CHECK((mark.offset == lines.begin || chunk[mark.offset - 1] == '\n'));  // Marks point at line starts.
    kinds[mark.line] = mark.kind;
  }
  const std::vector<uint8_t> expected = {ChunkLines::Skip, ChunkLines::Skip, ChunkLines::Skip,
                                         ChunkLines::Read, ChunkLines::Read, ChunkLines::Read,
                                         ChunkLines::Read, ChunkLines::Read, ChunkLines::Binary};
  CHECK(kinds == expected);
}

TEST_CASE("binary, over-long and truncated input is handled") {
  std::string binary("Graph br\0\x01\x02\xff junk\n\0\0\0", 20);
  TriageReport r = triage(binary);
  CHECK(r.binary);
  CHECK(r.category == "unknown");

  std::string long_line(200000, 'x');
  long_line += " Segmentation fault\nSegmentation fault\n";
  r = triage(long_line);
  CHECK(r.category == "runtime_crash");
  CHECK(r.lines == 2);

  r = triage("Traceback (most recent call last):\n  File \"/x/site-packages/torch/_inductor/graph.py\", line 9, in run\n");
  CHECK(r.truncated);
  CHECK(r.category == "backend_compiler_failed");
}

TEST_CASE("the report speaks French when asked") {
  const TriageReport r = triage("Segmentation fault (core dumped)\n", Lang::Fr);
  REQUIRE(!r.findings.empty());
  CHECK(r.findings[0].title == "Crash à l'exécution");
  const std::string text = triage_report_text(r, knowledge(), Lang::Fr);
  CHECK(text.find("Catégorie principale: runtime_crash") != std::string::npos);
}

TEST_CASE("the JSON report carries the documented fields") {
  auto text = read_file(std::string(PT2BB_SOURCE_DIR) + "/tests/fixtures/logs/graph_break/unsupported_fullgraph.log");
  REQUIRE(text);
  const auto j = triage_report_json(triage(*text), knowledge(), Lang::En);
  CHECK(j["category"] == "graph_break");
  REQUIRE(j["findings"].size() >= 1);
  const auto& f = j["findings"][0];
  for (const char* key : {"category", "count", "confidence", "evidence", "location", "message", "next_commands", "key_files", "gb",
                          "from_words"})
    CHECK_MESSAGE(f.contains(key), key);
  CHECK(f["from_words"] == false);
  // A finding read from a description's words says so.
  const auto guess = triage_report_json(triage("The compiled kernel segfaults on the second batch.\n"), knowledge(), Lang::En);
  REQUIRE(guess["findings"].size() == 1);
  CHECK(guess["findings"][0]["from_words"] == true);
  CHECK(f["location"]["file"] == "/home/ci/repro.py");
  CHECK(f["location"]["line"] == 9);
  CHECK(f["gb"]["id"] == "GB0025");
}

TEST_CASE("a finding says what its signature means, beyond the category's advice") {
  // An environment problem is 'other', whose general advice is about export: the finding's own
  // words say what happened, and its signature's advice replaces the category's.
  const TriageReport r = triage("RuntimeError: Cannot find a working triton installation.\n");
  REQUIRE(!r.findings.empty());
  const TriageFinding& f = r.findings[0];
  CHECK(f.why.find("no working Triton") != std::string::npos);
  CHECK(f.fix_approach.find("Install the Triton that matches this PyTorch") != std::string::npos);
  CHECK(f.fix_approach.find("exportdb") == std::string::npos);
  REQUIRE(!f.next_commands.empty());
  CHECK(f.next_commands.front() == "python -m torch.utils.collect_env");
  CHECK(std::find(f.key_files.begin(), f.key_files.end(), "torch/export/") == f.key_files.end());
  CHECK(f.config_knobs.empty());
  CHECK(triage_report_text(r, knowledge(), Lang::En).find("Why: Inductor found no working Triton") != std::string::npos);
  const TriageReport fr = triage("RuntimeError: Cannot find a working triton installation.\n", Lang::Fr);
  CHECK(triage_report_json(fr, knowledge(), Lang::Fr)["findings"][0]["fix_approach"].get<std::string>().find(
            "Installez le Triton") != std::string::npos);
  // Its own next commands run the user's script too: the linker finding no libcuda.
  TriageOptions o;
  o.knowledge = &knowledge();
  o.script = "python /home/ana/train.py";
  const TriageReport lib = triage_text("/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status\n", o);
  REQUIRE(!lib.findings.empty());
  CHECK(lib.findings[0].fix_approach.find("TRITON_LIBCUDA_PATH") != std::string::npos);
  CHECK(std::find(lib.findings[0].next_commands.begin(), lib.findings[0].next_commands.end(),
                  "TRITON_LIBCUDA_PATH=/usr/lib/x86_64-linux-gnu python /home/ana/train.py") !=
        lib.findings[0].next_commands.end());
  // A signature without advice of its own keeps its category's.
  const TriageReport exp = triage(
      "torch._dynamo.exc.UserError: Dynamic control flow is not supported at the moment. Please use functorch.experimental.control_flow.cond to explicitly capture the control flow.\n");
  REQUIRE(!exp.findings.empty());
  CHECK(exp.findings[0].category == "other");
  CHECK(exp.findings[0].fix_approach.find("exportdb") != std::string::npos);
}

TEST_CASE("log line decorations are removed whatever the logging format") {
  struct Case {
    const char* raw;
    const char* text;
    const char* compile_id;
    const char* artifact;
  };
  const Case cases[] = {
      {"V0812 15:05:52.194000 1848694 torch/_dynamo/symbolic_convert.py:556] [4/0] [__graph_breaks] Graph Break Reason: x",
       "Graph Break Reason: x", "4/0", "graph_breaks"},
      {"[rank1]:W1004 11:22:33.444000 777 torch/_dynamo/convert_frame.py:964] [0/8] torch._dynamo hit config",
       "torch._dynamo hit config", "0/8", ""},
      {"I1004 11:22:33.444000 777 torch/_dynamo/x.py:1] [!0/0/0] text", "text", "!0/0/0", ""},
      {"[2024-01-28 01:08:50,002] [0/0] torch._dynamo.symbolic_convert: [INFO] Step 1: start", "Step 1: start", "0/0", ""},
      {"[2023-03-29 07:54:55,549] torch._dynamo.output_graph: [WARNING] Graph break: x", "Graph break: x", "", ""},
      {"E       AssertionError: Tensor-likes are not close!", "    AssertionError: Tensor-likes are not close!", "", ""},
      {"E       [rank0]:   File \"/p/x.py\", line 3, in f", "  File \"/p/x.py\", line 3, in f", "", ""},
      {"E       E0813 06:09:49.845341 1 torch/_inductor/compile_worker/subproc_pool.py:205] Error in subprocess",
       "Error in subprocess", "", ""},
      {"\tTraceback (most recent call last):", "Traceback (most recent call last):", "", ""},
      {"plain text\r", "plain text", "", ""},
      {"> > V0101 00:00:00.000000 1 torch/_dynamo/guards.py:1] [0/1] [__recompiles] quoted twice", "quoted twice", "0/1", "recompiles"},
      {"2026-08-12 19:05:26   File \"/p/x.py\", line 3, in f", "  File \"/p/x.py\", line 3, in f", "", ""},
      {".../torch/_dynamo/symbolic_convert.py:436] [16/2] [__graph_breaks] Reason: x", "Reason: x", "16/2", "graph_breaks"},
      {"[2024-02-06 10:32:24,334] [0/0] torch._dynamo.symbolic_convert.__graph_breaks: [DEBUG] x", "x", "0/0", "graph_breaks"},
      {"[rank3]   File \"/p/x.py\", line 3, in f", "  File \"/p/x.py\", line 3, in f", "", ""},
      {"[0/1] not a rank tag", "[0/1] not a rank tag", "", ""},
      {"    [rank2]:   File \"/p/x.py\", line 3, in f", "  File \"/p/x.py\", line 3, in f", "", ""},
      {"    [0/1] indented, still not a rank tag", "    [0/1] indented, still not a rank tag", "", ""},
      {"    2025-04-24T06:46:09.0392577Z E0424 06:38:03.231041 4312 torch/_inductor/runtime/triton_heuristics.py:616]     tmp0 = x",
       "    tmp0 = x", "", ""},
      {"   W0925 02:30:07.373000 3925 torch/_functorch/_aot_autograd/graph_compile.py:1798] [0/0]     retval = f()",
       "    retval = f()", "0/0", ""},
      {"    indented prose, not a log", "    indented prose, not a log", "", ""},
      {"V0627 torch/_dynamo/exc.py:209] [0/0] [__graph_breaks]   File \"<string>\", line 3, in __repr__",
       "  File \"<string>\", line 3, in __repr__", "0/0", "graph_breaks"},
      {"E1234 is a part number] not a log", "E1234 is a part number] not a log", "", ""},
      {"(VllmWorkerProcess pid=802) ERROR 04-23 00:04:19 multiproc_worker_utils.py:240]   File \"/p/x.py\", line 3, in f",
       "  File \"/p/x.py\", line 3, in f", "", ""},
      {"(EngineCore_DP0 pid=1) (Worker_TP7 pid=2) ERROR 12-17 13:32:44 [multiproc_executor.py:815] text", "text", "", ""},
      {"(EngineCore_DP0 pid=73386)   File \"/p/x.py\", line 3, in f", "  File \"/p/x.py\", line 3, in f", "", ""},
      {"INFO 2024: a sentence", "INFO 2024: a sentence", "", ""},
      {"trainer/0     File \"/p/x.py\", line 3, in f", "    File \"/p/x.py\", line 3, in f", "", ""},
      {"trainer/0 [0]:Traceback (most recent call last):", "Traceback (most recent call last):", "", ""},
      {"step/1 loss 0.5", "step/1 loss 0.5", "", ""},
      {"\u2502 /p/torch/_inductor/graph.py:2012 in compile_to_module     \u2502", " /p/torch/_inductor/graph.py:2012 in compile_to_module", "", ""},
      {"[rank0]: \u2502 /p/triton/runtime/jit.py:374 in <genexpr>      \u2502", " /p/triton/runtime/jit.py:374 in <genexpr>", "", ""},
      {"    ERROR 04-22 21:41:28 [worker_base.py:598]   File \"/p/x.py\", line 3, in f", "  File \"/p/x.py\", line 3, in f", "",
       ""},
      {"  (VllmWorker rank=0 pid=9) ERROR 06-26 19:44:33 [multiproc_executor.py:527] text", "text", "", ""},
      {"    ERROR: not a vLLM prefix", "    ERROR: not a vLLM prefix", "", ""},
      {"#   File \"/p/x.py\", line 3, in f", "  File \"/p/x.py\", line 3, in f", "", ""},
      {"#include <omp.h>", "#include <omp.h>", "", ""},
  };
  for (const auto& c : cases) {
    CAPTURE(c.raw);
    const LogLine l = split_log_line(c.raw);
    CHECK(l.text == c.text);
    CHECK(l.compile_id == c.compile_id);
    CHECK(l.artifact == c.artifact);
  }
  // An error-level glog line keeps the module that logged it; levels below warning need not.
  CHECK(split_log_line("E0303 10:41:02.517000 90 site-packages\\torch\\_inductor\\x.py:539] [0/0] text").error_source() ==
        "site-packages\\torch\\_inductor\\x.py");
  CHECK(split_log_line("W0303 10:41:02.517000 90 torch/_inductor/x.py:539] [0/0] text").error_source().empty());
  // A warning-level line keeps its module too, apart from the error-level ones.
  CHECK(split_log_line("W0303 10:41:02.517000 90 torch/_dynamo/exc.py:525] [0/0] text").warning_source() ==
        "torch/_dynamo/exc.py");
  CHECK(split_log_line("V0303 10:41:02.517000 90 torch/_dynamo/exc.py:525] [0/0] text").warning_source().empty());
}

TEST_CASE("log paths map onto the workspace by their longest matching suffix") {
  const fs::path ws = fs::temp_directory_path() / ("pt2bb_triage_map_" + std::to_string(::getpid()));
  fs::create_directories(ws / "src/pkg");
  fs::create_directories(ws / "pkg");
  std::ofstream(ws / "src/pkg/model.py") << "x = 1\n";
  std::ofstream(ws / "pkg/model.py") << "x = 2\n";
  const std::vector<std::string> roots = {ws.string()};
  CHECK(map_log_path("/home/other/proj/src/pkg/model.py", roots) == (ws / "src/pkg/model.py").string());
  CHECK(map_log_path("/elsewhere/pkg/model.py", roots) == (ws / "pkg/model.py").string());
  CHECK(map_log_path("/elsewhere/nothing.py", roots) == std::nullopt);
  fs::remove_all(ws);
}
