// Small text helpers of the triage parser: trimming, traceback frame lines in their several
// spellings, "file:line" references, and the shape of an exception line.
//
// Pure functions; any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "triage/triage.h"

namespace pt2bb {

std::string_view trim(std::string_view s);
std::string_view ltrim(std::string_view s);

// `File "/p/x.py", line 12, in forward` (Python), `<FrameSummary file /p/x.py, line 3 in fn>`
// (explain()), `/p/x.py:12: in forward` (pytest). `s` is trimmed.
std::optional<LogFrame> parse_frame_line(std::string_view s);

// `<path>", line 12, in forward`: the end of a frame line whose start (`File "` and perhaps part
// of the path) was cut off, or wrapped onto the line above. `<path>` holds no space or quote; it
// comes back with '/' as its separator, and may be only the path's last characters.
std::optional<LogFrame> parse_frame_line_tail(std::string_view s);

// "/p/model.py:35" at the end of `s` (after `marker`), e.g. "... in user code at /p/m.py:35".
std::optional<LogFrame> parse_file_colon_line(std::string_view s);

// "torch._dynamo.exc.Unsupported: msg", "AssertionError", "RuntimeError: x": a dotted name
// ending in Error/Exception/Failed/Unsupported/... then ':' or the end. Returns the type.
std::optional<std::string_view> exception_type(std::string_view s);

// TorchDynamo and TorchInductor were packages of their own until PyTorch 2.0 moved them into
// torch/_dynamo and torch/_inductor: 2022 logs print ".../torchdynamo/convert_frame.py" and
// ".../torchinductor/codegen/triton.py". Returns the path as a current install would print it,
// so one set of signatures reads both eras; any other path comes back unchanged.
std::string modern_module_path(std::string_view path);

// True for paths of PyTorch, Python or test-runner internals that say nothing about where the
// failure is (torch/_ops.py, lib/python3.10/contextlib.py, _pytest/...).
bool is_library_path(std::string_view path);

}  // namespace pt2bb
