// Triage throughput and memory on a large generated TORCH_LOGS="+dynamo"-style log, against
// `grep -c` over the same file in the same run.
//
//   bench_triage [MiB] [--keep FILE] [--threads N]   (default 1024 MiB; the file goes to $TMPDIR and is deleted
//                                      after, unless --keep names where to keep and reuse it)
//
// Prints the median of 3 runs for each, the ratio (triage / grep throughput; the target is at
// least 0.5) and the peak resident memory of this process (target: under 100 MB). It then times
// the prefilter alone (LiteralGate against one RE2 of the same patterns). The triage reads
// through triage_stream, as `pt2bb triage` does (worker threads that each read and classify a
// chunk, the parser on the calling thread); it is also timed with everything on one thread.
// grep's count goes to a pipe that this program reads: with its output on /dev/null, GNU grep
// stops at the first match and would not read the file at all.
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <re2/re2.h>

#include "bench_common.h"
#include "lsp/triage_feature.h"
#include "support/triage_stream.h"
#include "triage/literal_gate.h"
#include "triage/log_line.h"

using namespace pt2bb;

namespace {

// One compile of one frame as +dynamo logs it: bytecode tracing, guards, now and then a graph
// break or a recompile. Line numbers and ids vary so no two blocks are byte-identical.
void append_block(std::string& out, int i) {
  const std::string n = std::to_string(i);
  const std::string cid = "[" + std::to_string(i % 97) + "/" + std::to_string(i % 5) + "]";
  const std::string pre = "V1103 09:12:44." + std::to_string(100000 + i % 899999) + " 5521 torch/_dynamo/";
  out += "I1103 09:12:44.100000 5521 torch/_dynamo/convert_frame.py:1000] " + cid +
         " Step 1: torchdynamo start tracing forward /home/ana/proj/net.py:" + n + "\n";
  for (int k = 0; k < 12; ++k) {
    out += pre + "symbolic_convert.py:900] " + cid + " [__trace_source] TRACE starts_line /home/ana/proj/net.py:" +
           std::to_string(30 + k) + " in forward (Net.forward)\n";
    out += pre + "symbolic_convert.py:920] " + cid + " [__trace_bytecode] TRACE LOAD_FAST x [TensorVariable(), ConstantVariable(int: " + n + ")]\n";
    out += pre + "symbolic_convert.py:920] " + cid + " [__trace_bytecode] TRACE CALL_FUNCTION 1 [NNModuleVariable(), TensorVariable()]\n";
  }
  // Lines of the dynamo logger itself (no artifact tag): variable tracking and compile steps.
  out += pre + "variables/builder.py:2853] " + cid + " wrap_to_fake L['x'] (8, " + n +
         ") StatefulSymbolicContext(dynamic_sizes=[<DimDynamic.STATIC: 2>, <DimDynamic.STATIC: 2>]) <class 'torch.Tensor'>\n";
  out += pre + "output_graph.py:2166] " + cid + " create_graph_input L_x_ L['x'] FakeTensor(..., size=(8, " + n +
         ")) at debug_level 0 before=False\n";
  out += "I1103 09:12:44.200000 5521 torch/fx/experimental/symbolic_shapes.py:3334] " + cid + " create_env\n";
  out += pre + "symbolic_convert.py:3142] " + cid + " RETURN_VALUE triggered compile\n";
  out += pre + "output_graph.py:1000] " + cid + " COMPILING GRAPH due to GraphCompileReason(reason='return_value', "
         "user_stack=[<FrameSummary file /home/ana/proj/net.py, line " + std::to_string(40 + i % 7) + " in forward>], graph_break=False)\n";
  out += pre + "guards.py:2300] " + cid + " [__guards] | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU), torch.float32, device=None, requires_grad=False, size=[8, " + n + "], stride=[" + n + ", 1])\n";
  out += pre + "output_graph.py:1300] " + cid + " [__graph_code] TRACED GRAPH\n";
  out += pre + "output_graph.py:1300] " + cid + " [__graph_code]     linear: \"f32[8, 16]\" = torch._C._nn.linear(l_x_, l_w_, l_b_);  l_x_ = None\n";
  if (i % 200 == 0) {
    out += pre + "symbolic_convert.py:552] " + cid + " [__graph_breaks] Graph break in user code at /home/ana/proj/net.py:41\n";
    out += pre + "symbolic_convert.py:552] " + cid + " [__graph_breaks] Graph Break Reason: Data-dependent branching\n";
    out += pre + "symbolic_convert.py:552] " + cid + " [__graph_breaks]   Explanation: Detected data-dependent branching.\n";
    out += pre + "symbolic_convert.py:552] " + cid + " [__graph_breaks] User code traceback:\n";
    out += pre + "symbolic_convert.py:552] " + cid + " [__graph_breaks]   File \"/home/ana/proj/net.py\", line 41, in forward\n";
    out += pre + "symbolic_convert.py:552] " + cid + " [__graph_breaks]     if h.mean() > 0.5:\n";
  }
  if (i % 500 == 0) {
    out += pre + "guards.py:2760] " + cid + " [__recompiles] Recompiling function forward in /home/ana/proj/net.py:30\n";
    out += pre + "guards.py:2760] " + cid + " [__recompiles]     triggered by the following guard failure(s):\n";
    out += pre + "guards.py:2760] " + cid + " [__recompiles]     - 0/0: tensor 'x' size mismatch at index 1. expected 16, actual " + n + "\n";
  }
  out += "I1103 09:12:44.300000 5521 torch/_dynamo/convert_frame.py:1100] " + cid + " Step 3: torchdynamo done tracing forward (RETURN_VALUE)\n";
}

// CPU seconds this process has used so far (all threads, user and system).
double cpu_seconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

// Only the reads, into the same aligned buffers: the floor under any triage of the file.
double read_only_ms(const std::string& path) {
  const double t0 = bench::now_ms();
  const int fd = ::open(path.c_str(), O_RDONLY);
  void* buf = std::aligned_alloc(4096, 1 << 20);
  while (::read(fd, buf, 1 << 20) > 0) {
  }
  std::free(buf);
  ::close(fd);
  return bench::now_ms() - t0;
}

double peak_rss_mib() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_maxrss) / 1024.0;
}

// `grep -c PATTERN FILE` with its output read through a pipe; returns the count (-1 on failure).
long grep_count(const std::string& pattern, const std::string& path) {
  const std::string cmd = "grep -c '" + pattern + "' '" + path + "'";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return -1;
  char line[64] = {};
  const bool got = std::fgets(line, sizeof line, p) != nullptr;
  ::pclose(p);
  return got ? std::strtol(line, nullptr, 10) : -1;
}

TriageReport triage_file(const std::string& path, const TriageKnowledge& kb, unsigned classify_threads) {
  TriageOptions o;
  o.knowledge = &kb;
  Triager t(o);
  int fd = ::open(path.c_str(), O_RDONLY);
  TriageStreamOptions stream;
  stream.classify_threads = classify_threads;
  std::string error;
  if (!triage_stream(fd, t, stream, &error)) std::cerr << "read error: " << error << "\n";
  ::close(fd);
  return t.finish();
}

// The prefilter on its own: the message texts of the log's first 64 MiB that the classifying
// threads ask it about (no TORCH_TRACE payload, no artifact tag), through a LiteralGate of the
// knowledge's line signatures (the engine adds its structural patterns to these) and through one
// RE2 of the same signatures' alternation, which it replaced. Prints both medians and the ratio.
void bench_prefilter(const std::string& path, const TriageKnowledge& kb) {
  std::string data(64u << 20, '\0');
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return;
  data.resize(std::fread(data.data(), 1, data.size(), f));
  std::fclose(f);
  std::vector<std::string_view> texts;
  size_t bytes = 0;
  for (size_t at = 0, nl; (nl = data.find('\n', at)) != std::string::npos; at = nl + 1) {
    const LogLine line = split_log_line(std::string_view(data).substr(at, nl - at));
    if (line.trace_payload || !line.artifact.empty()) continue;
    texts.push_back(line.text);
    bytes += line.text.size();
  }
  std::vector<std::string> patterns;
  // The patterns the engine's prefilter holds: not frame or warning-source patterns (matched
  // against paths), nor prose ones (read only when nothing else was recognised).
  for (const auto& sig : kb.signatures())
    if (sig.scope == "line" || sig.scope == "exception") patterns.push_back(sig.pattern);
  const LiteralGate gate(patterns);
  std::string all;
  for (const auto& p : patterns) all += (all.empty() ? "(?:" : "|(?:") + p + ")";
  RE2::Options options;
  options.set_max_mem(64 << 20);
  const RE2 alternation(all, options);
  std::vector<double> gate_ms, re2_ms;
  size_t gate_hits = 0, re2_hits = 0;
  for (int run = 0; run < 5; ++run) {
    double t0 = bench::now_ms();
    gate_hits = 0;
    for (auto t : texts) gate_hits += gate.matches(t);
    gate_ms.push_back(bench::now_ms() - t0);
    t0 = bench::now_ms();
    re2_hits = 0;
    for (auto t : texts) re2_hits += RE2::PartialMatch(t, alternation);
    re2_ms.push_back(bench::now_ms() - t0);
  }
  const double gm = bench::median(gate_ms), rm = bench::median(re2_ms);
  std::printf("prefilter on %zu message texts (%.1f MiB): LiteralGate median %.1f ms, one RE2 %.1f ms, "
              "ratio %.2f; %zu and %zu match%s\n",
              texts.size(), bytes / 1048576.0, gm, rm, rm / gm, gate_hits, re2_hits,
              gate_hits == re2_hits ? "" : " (MISMATCH)");
}

}  // namespace

int main(int argc, char** argv) {
  size_t mib = 1024;
  std::string keep;
  unsigned threads = TriageStreamOptions::default_classify_threads();
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--keep") && i + 1 < argc) keep = argv[++i];
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = static_cast<unsigned>(std::stoul(argv[++i]));
    else mib = std::strtoul(argv[i], nullptr, 10);
  }
  const std::string path = !keep.empty() ? keep
                                         : (std::filesystem::temp_directory_path() /
                                            ("pt2bb_bench_triage_" + std::to_string(::getpid()) + ".log"))
                                               .string();
  if (keep.empty() || !std::filesystem::exists(path)) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) {
      std::cerr << "cannot write " << path << "\n";
      return 1;
    }
    std::string buf;
    size_t written = 0;
    for (int i = 0; written < mib << 20; ++i) {
      append_block(buf, i);
      if (buf.size() > (4u << 20)) {
        written += std::fwrite(buf.data(), 1, buf.size(), f);
        buf.clear();
      }
    }
    written += std::fwrite(buf.data(), 1, buf.size(), f);
    std::fclose(f);
    std::printf("generated %s: %.0f MiB of +dynamo-style log\n", path.c_str(), written / 1048576.0);
  }
  const double size_mib = static_cast<double>(std::filesystem::file_size(path)) / 1048576.0;

  std::string error;
  auto kb = load_triage_knowledge("", &error);
  if (!kb) {
    std::cerr << error << "\n";
    return 1;
  }
  std::vector<double> grep_ms, triage_ms, sync_ms, read_ms, cpu_ms;
  long grep_matches = -1;
  TriageReport report;
  for (int run = 0; run < 3; ++run) {
    double t0 = bench::now_ms();
    grep_matches = grep_count("Graph break", path);
    grep_ms.push_back(bench::now_ms() - t0);

    t0 = bench::now_ms();
    const double cpu0 = cpu_seconds();
    report = triage_file(path, *kb, threads);
    triage_ms.push_back(bench::now_ms() - t0);
    cpu_ms.push_back((cpu_seconds() - cpu0) * 1000);

    read_ms.push_back(read_only_ms(path));

    t0 = bench::now_ms();
    triage_file(path, *kb, 0);
    sync_ms.push_back(bench::now_ms() - t0);
  }
  uint32_t breaks = 0;
  for (const auto& f : report.findings)
    if (f.category == "graph_break") breaks += f.count;
  const double g = bench::median(grep_ms), tr = bench::median(triage_ms), sy = bench::median(sync_ms);
  std::printf("grep -c 'Graph break':     median %.0f ms (%.0f MiB/s), %ld matching lines\n", g, size_mib / (g / 1000),
              grep_matches);
  std::printf("pt2bb triage:              median %.0f ms (%.0f MiB/s), category %s, %zu finding(s), %u graph break(s)\n",
              tr, size_mib / (tr / 1000), report.category.c_str(), report.findings.size(), breaks);
  std::printf("pt2bb triage, one thread:   median %.0f ms (%.0f MiB/s)\n", sy, size_mib / (sy / 1000));
  std::printf("  of which reading alone:  median %.0f ms; the threaded run used %.0f ms of CPU in all\n",
              bench::median(read_ms), bench::median(cpu_ms));
  std::printf("ratio triage/grep throughput: %.2f (target >= 0.50) with %u classifying thread(s) on %u core(s); "
              "%.2f on one thread\n",
              g / tr, threads, std::thread::hardware_concurrency(), g / sy);
  std::printf("peak RSS of this process: %.1f MiB (target < 100)\n", peak_rss_mib());
  bench_prefilter(path, *kb);
  if (keep.empty()) std::filesystem::remove(path);
  return 0;
}
