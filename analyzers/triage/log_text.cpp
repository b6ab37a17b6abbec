// Hand-written scanners (no regex): they run on every frame line of large logs.
#include "triage/log_text.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace pt2bb {
namespace {

bool is_ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

uint32_t to_u32(std::string_view s) {
  uint32_t v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

size_t digits_at(std::string_view s, size_t p) {
  size_t q = p;
  while (q < s.size() && s[q] >= '0' && s[q] <= '9') ++q;
  return q - p;
}

}  // namespace

std::string_view ltrim(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return s.substr(i);
}

std::string_view trim(std::string_view s) {
  s = ltrim(s);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

namespace {

// Windows tracebacks write "C:\\env\\Lib\\site-packages\\torch\\_dynamo\\utils.py": the same path with
// the other separator. Frames keep '/' so that every path rule applies to both.
void normalize_separators(std::string& path) { std::replace(path.begin(), path.end(), '\\', '/'); }

std::optional<LogFrame> parse_frame_line_as_printed(std::string_view s) {
  LogFrame f;
  // A notebook cell is the user's code: IPython 7 prints "<ipython-input-3-ab12> in <module>()"
  // (Colab as a link, "[<ipython-input-3-ab12>](https://localhost:8080/#) in <cell line: 15>()"),
  // IPython 8 "Cell In[89], line 1".
  if (s.starts_with("<ipython-input-") || s.starts_with("[<ipython-input-") || s.starts_with("Cell In[")) {
    const bool cell = s.starts_with("Cell In[");
    const size_t start = s[0] == '[' ? 1 : 0;
    const size_t end = s.find(cell ? ']' : '>');
    if (end == std::string_view::npos) return std::nullopt;
    f.file = std::string(s.substr(start, end + 1 - start));
    f.line = 1;  // Unknown in IPython 7, but the frame is whole: it is not a path cut short.
    if (const size_t line = s.find(", line "); cell && line != std::string_view::npos)
      f.line = std::max<uint32_t>(1, to_u32(s.substr(line + 7, digits_at(s, line + 7))));
    if (const size_t in = s.find(" in "); !cell && in != std::string_view::npos) {
      const std::string_view fn = s.substr(in + 4);
      f.function = std::string(fn.substr(0, fn.find('(')));
    }
    return f;
  }
  if (s.starts_with("File \"")) {
    size_t q = s.find('"', 6);
    if (q == std::string_view::npos) {  // Cut mid-path: keep what we have.
      f.file = std::string(s.substr(6));
      return f;
    }
    f.file = std::string(s.substr(6, q - 6));
    std::string_view rest = s.substr(q + 1);
    if (rest.starts_with(", line ")) {
      size_t n = digits_at(rest, 7);
      f.line = to_u32(rest.substr(7, n));
      rest = rest.substr(7 + n);
      if (rest.starts_with(", in ")) {
        f.function = std::string(trim(rest.substr(5)));
        // Inductor's IR prints the stack traces of its nodes as a list ("origins=...,
        // stack_traces = {, File "m.py", line 11, in forward, ...}"): quoted source, not a
        // traceback of this failure.
        if (f.function.ends_with(',')) return std::nullopt;
      } else if (rest.starts_with(" in ")) {
        // faulthandler's dump_frame writes `File "x.py", line 12 in f`: a traceback's frame has a
        // comma before "in".
        f.function = std::string(trim(rest.substr(4)));
        f.fatal_dump = true;
        f.innermost_first = true;
      }
    }
    return f;
  }
  if (s.starts_with("<FrameSummary file ")) {
    std::string_view rest = s.substr(19);
    size_t c = rest.find(", line ");
    if (c == std::string_view::npos) return std::nullopt;
    f.file = std::string(rest.substr(0, c));
    size_t n = digits_at(rest, c + 7);
    f.line = to_u32(rest.substr(c + 7, n));
    std::string_view fn = rest.substr(c + 7 + n);
    if (fn.starts_with(" in ")) {
      fn = fn.substr(4);
      if (!fn.empty() && fn.back() == '>') fn.remove_suffix(1);
      f.function = std::string(fn);
    }
    return f;
  }
  // IPython 8: "File /p/x.py:123, in func(args)" or "File ~/x.py:12, in f"; Jupyter Lab makes the
  // location a link: "File [~/x.py:12](http://localhost:8888/lab/tree/x.py#line=11), in f".
  if (s.starts_with("File ") && s.size() > 6 && s[5] != '"') {
    size_t comma = s.find(", in ");
    std::string_view loc = s.substr(5, comma == std::string_view::npos ? std::string_view::npos : comma - 5);
    if (loc.starts_with("[") && loc.find("](") != std::string_view::npos) loc = loc.substr(1, loc.find("](") - 1);
    size_t colon = loc.rfind(':');
    if (colon != std::string_view::npos && digits_at(loc, colon + 1) == loc.size() - colon - 1 && colon + 1 < loc.size()) {
      f.file = std::string(loc.substr(0, colon));
      f.line = to_u32(loc.substr(colon + 1));
      if (comma != std::string_view::npos) {
        std::string_view fn = s.substr(comma + 5);
        f.function = std::string(fn.substr(0, fn.find('(')));
      }
      return f;
    }
  }
  // IPython 7 / Colab: "/p/x.py in func(args)" or "[/p/x.py](https://localhost:8080/#) in func(...)".
  if ((s.starts_with("/") || s.starts_with("[/") || s.starts_with("~/")) && s.find(".py") != std::string_view::npos) {
    size_t py = s.find(".py");
    std::string_view after = s.substr(py + 3);
    if (after.starts_with("](")) after = after.substr(std::min(after.size(), after.find(')') + 1));
    if (after.starts_with(" in ")) {
      f.file = std::string(s.substr(s[0] == '[' ? 1 : 0, py + 3 - (s[0] == '[' ? 1 : 0)));
      std::string_view fn = after.substr(4);
      f.function = std::string(fn.substr(0, fn.find('(')));
      return f;
    }
  }
  // A frame line whose start the excerpt cut off: `torch/fx/experimental/symbolic_shapes.py", line
  // 2441, in solve`. The closing quote, the line number and the function are still there.
  if (auto tail = parse_frame_line_tail(s); tail && tail->file.ends_with(".py")) return tail;
  // pybind11 appends the Python stack to an error it carries into C++ ("At:", then
  // "  /p/torch/_dynamo/eval_frame.py(838): compile_wrapper" per frame, most recent call first),
  // which is what an uncaught one prints when it aborts the process.
  if (const size_t paren = s.find(".py("); paren != std::string_view::npos && s.find(' ') > paren) {
    const size_t close = s.find("): ", paren);
    const std::string_view number = s.substr(paren + 4, close == std::string_view::npos ? 0 : close - paren - 4);
    const std::string_view fn = close == std::string_view::npos ? std::string_view() : s.substr(close + 3);
    if (!number.empty() && (number == "..." || digits_at(number, 0) == number.size()) && !fn.empty() &&
        std::all_of(fn.begin(), fn.end(), [](char c) { return is_ident(c) || c == '<' || c == '>' || c == '.'; })) {
      f.file = std::string(s.substr(0, paren + 3));
      f.line = number == "..." ? 0 : to_u32(number);
      f.function = std::string(fn);
      f.innermost_first = true;
      return f;
    }
  }
  // pytest: "path/to/file.py:123: in func" (a frame) or "path/to/file.py:123: ErrorType".
  size_t colon = s.find(".py:");
  if (colon != std::string_view::npos && colon > 0 && s.find(' ') > colon) {
    size_t n = digits_at(s, colon + 4);
    if (n > 0 && s.substr(colon + 4 + n).starts_with(": ")) {
      f.file = std::string(s.substr(0, colon + 3));
      f.line = to_u32(s.substr(colon + 4, n));
      std::string_view rest = s.substr(colon + 4 + n + 2);
      if (rest.starts_with("in ")) {
        f.function = std::string(trim(rest.substr(3)));
        return f;
      }
      // "file.py:48: AssertionError" ends a pytest failure; anything else ("file.py:29: unknown:
      // block: ...", a warning) is not a frame.
      if (exception_type(trim(rest)) && trim(rest).find(' ') == std::string_view::npos) return f;
    }
    // Rich (the traceback renderer of some CLIs): "path/to/file.py:123 in func".
    if (n > 0 && s.substr(colon + 4 + n).starts_with(" in ")) {
      f.file = std::string(s.substr(0, colon + 3));
      f.line = to_u32(s.substr(colon + 4, n));
      f.function = std::string(trim(s.substr(colon + 4 + n + 4)));
      return f;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<LogFrame> parse_frame_line_tail(std::string_view s) {
  const size_t quote = s.find("\", line ");
  if (quote == std::string_view::npos || s.substr(0, quote).find_first_of(" \"") != std::string_view::npos)
    return std::nullopt;
  const std::string_view rest = s.substr(quote + 8);
  const size_t n = digits_at(rest, 0);
  if (n == 0 || !rest.substr(n).starts_with(", in ")) return std::nullopt;
  LogFrame f;
  f.file = std::string(s.substr(0, quote));
  normalize_separators(f.file);
  f.line = to_u32(rest.substr(0, n));
  f.function = std::string(trim(rest.substr(n + 5)));
  return f;
}

std::optional<LogFrame> parse_frame_line(std::string_view s) {
  std::optional<LogFrame> f = parse_frame_line_as_printed(s);
  if (!f) return f;
  normalize_separators(f->file);
  // A path the user shortened ("...triton\backends\nvidia\compiler.py"): what follows the
  // ellipsis starts a directory name, as after a separator.
  for (std::string_view dots : {std::string_view("..."), std::string_view("\u2026")}) {
    if (f->file.starts_with(dots) && f->file.size() > dots.size() && f->file[dots.size()] != '/') {
      f->file = std::string(dots) + "/" + f->file.substr(dots.size());
      break;
    }
  }
  return f;
}

std::optional<LogFrame> parse_file_colon_line(std::string_view s) {
  s = trim(s);
  // Strip trailing punctuation such as ")" in "function: 'f' (/p/x.py:3)".
  while (!s.empty() && (s.back() == ')' || s.back() == '.' || s.back() == ',')) s.remove_suffix(1);
  size_t colon = s.rfind(':');
  if (colon == std::string_view::npos || colon + 1 >= s.size()) return std::nullopt;
  if (digits_at(s, colon + 1) != s.size() - colon - 1) return std::nullopt;
  size_t start = s.rfind(' ', colon);
  start = start == std::string_view::npos ? 0 : start + 1;
  if (start < s.size() && s[start] == '(') ++start;
  if (colon <= start) return std::nullopt;
  LogFrame f;
  f.file = std::string(s.substr(start, colon - start));
  f.line = to_u32(s.substr(colon + 1));
  return f;
}

std::optional<std::string_view> exception_type(std::string_view s) {
  size_t i = 0;
  size_t last_start = 0;
  while (i < s.size()) {
    if (!(std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_')) return std::nullopt;
    last_start = i;
    while (i < s.size() && is_ident(s[i])) ++i;
    if (i < s.size() && s[i] == '.') {
      ++i;
      continue;
    }
    break;
  }
  if (i == 0 || (i < s.size() && s[i] != ':')) return std::nullopt;
  std::string_view last = s.substr(last_start, i - last_start);
  static constexpr std::string_view suffixes[] = {"Error", "Exception", "Failed", "Unsupported", "Exit",
                                                  "Interrupt", "Warning", "Violation", "Resources",
                                                  "HitError", "Missing", "NotFound", "Timeout"};
  for (std::string_view suf : suffixes)
    if (last.size() >= suf.size() && last.ends_with(suf)) return s.substr(0, i);
  if (last == "AssertionError" || last == "StopIteration" || last == "SymNode" ||
      last == "GuardOnDataDependentSymNode")
    return s.substr(0, i);
  return std::nullopt;
}

namespace {

// `path` with the package it names moved to where it lives today: TorchDynamo and TorchInductor
// before they joined torch (2022), AOTAutograd in functorch/_src/ before torch/_functorch/.
std::string moved_package(std::string_view path) {
  struct Move {
    std::string_view old_package, new_package;
  };
  static constexpr Move kMoves[] = {
      {"torchdynamo/", "torch/_dynamo/"}, {"torchinductor/", "torch/_inductor/"}, {"functorch/_src/", "torch/_functorch/"}};
  // The last package directory wins: a checkout of the torchdynamo repository held torchinductor/
  // ("work/torchdynamo/torchinductor/codegen/triton.py").
  size_t best = std::string_view::npos;
  const Move* move = nullptr;
  for (const Move& m : kMoves) {
    for (size_t at = path.rfind(m.old_package); at != std::string_view::npos;
         at = at == 0 ? std::string_view::npos : path.rfind(m.old_package, at - 1)) {
      if (at > 0 && path[at - 1] != '/' && path[at - 1] != '\\') continue;
      if (best == std::string_view::npos || at > best) best = at, move = &m;
      break;
    }
  }
  if (!move) return std::string(path);
  // A module of the package itself, not a conda environment named "torchdynamo" ("envs/torchdynamo/
  // lib/python3.8/...") nor the repository's benchmarks: a file directly in it, or in one of its
  // subpackages of the time.
  const std::string_view rest = path.substr(best + move->old_package.size());
  bool module = rest.find('/') == std::string_view::npos;
  for (std::string_view dir : {"variables/", "optimizations/", "backends/", "codegen/", "triton_ops/", "kernel/"})
    module = module || rest.starts_with(dir);
  if (!module) return std::string(path);
  return std::string(path.substr(0, best)) + std::string(move->new_package) + std::string(rest);
}

}  // namespace

std::string modern_module_path(std::string_view path) {
  std::string out = moved_package(path);
  // Dynamo's backends were its "optimizations" subpackage before torch 2.0, whichever package
  // held Dynamo then.
  constexpr std::string_view kOldBackends = "torch/_dynamo/optimizations/";
  if (const size_t at = out.rfind(kOldBackends);
      at != std::string::npos && (at == 0 || out[at - 1] == '/' || out[at - 1] == '\\'))
    out.replace(at, kOldBackends.size(), "torch/_dynamo/backends/");
  return out;
}

namespace {

// A module of Python's standard library named without its folder: the embeddable Windows
// distribution (ComfyUI's "python_embeded") keeps the library in a zip, and its frames read
// `File "ast.py", line 407, in visit`. These are the modules PT2's own call paths go through.
bool is_bare_stdlib_module(std::string_view p) {
  static constexpr std::string_view kModules[] = {
      "ast.py",     "contextlib.py", "functools.py", "inspect.py",  "threading.py", "runpy.py",
      "typing.py",  "copy.py",       "abc.py",       "enum.py",     "dataclasses.py", "weakref.py",
      "traceback.py", "dis.py",      "linecache.py", "tokenize.py", "subprocess.py", "selectors.py"};
  return std::find(std::begin(kModules), std::end(kModules), p) != std::end(kModules);
}

// A module Inductor generated: its code cache (under /tmp/torchinductor_<user>, or wherever
// TORCHINDUCTOR_CACHE_DIR or vLLM moved it) files each one as "<2 chars>/c<hash>.py". A path cut
// inside the hash still has its 40-odd characters.
bool is_generated_module(std::string_view p) {
  const size_t slash = p.rfind('/');
  if (slash == std::string_view::npos || slash < 3 || p[slash - 3] != '/') return false;
  std::string_view name = p.substr(slash + 1);
  if (name.ends_with(".py")) name.remove_suffix(3);
  if (name.size() < 41 || name[0] != 'c') return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

}  // namespace

bool is_library_path(std::string_view p) {
  if (is_bare_stdlib_module(p) || is_generated_module(p)) return true;
  // A 2022 TorchDynamo or TorchInductor module (see modern_module_path).
  if ((p.find("torchdynamo/") != std::string_view::npos || p.find("torchinductor/") != std::string_view::npos) &&
      modern_module_path(p) != p)
    return true;
  return p.find("/torch/") != std::string_view::npos || p.starts_with("torch/") ||
         p.find("/lib/python") != std::string_view::npos || p.starts_with("<frozen") ||
         p.find("_pytest/") != std::string_view::npos || p.find("/pluggy/") != std::string_view::npos ||
         p.find("/unittest/") != std::string_view::npos || p.find("/triton/") != std::string_view::npos ||
         p.starts_with("triton/") || p.find("torchinductor_") != std::string_view::npos ||
         p.find("/functorch/") != std::string_view::npos || p.starts_with("<string>") ||
         p.find("/runpy.py") != std::string_view::npos;
}

}  // namespace pt2bb
