// Triage throughput and memory on a large generated TORCH_LOGS="+dynamo"-style log, against
// `grep -c` over the same file in the same run.
//
//   bench_triage [MiB]      (default 1024; the file is written to $TMPDIR and deleted after)
//
// Prints the median of 3 runs for each, the ratio (triage / grep throughput; the target is at
// least 0.5) and the peak resident memory of this process (target: under 100 MB). The triage
// reads with large read() calls, as `pt2bb triage` does.
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "bench_common.h"
#include "lsp/triage_feature.h"

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

double peak_rss_mib() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_maxrss) / 1024.0;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1024;
  const std::string path = (std::filesystem::temp_directory_path() / ("pt2bb_bench_triage_" + std::to_string(::getpid()) + ".log")).string();
  {
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
  std::vector<double> grep_ms, triage_ms;
  std::string category;
  size_t findings = 0;
  for (int run = 0; run < 3; ++run) {
    double t0 = bench::now_ms();
    const std::string cmd = "grep -c 'Graph break' '" + path + "' > /dev/null";
    if (std::system(cmd.c_str()) == -1) return 1;
    grep_ms.push_back(bench::now_ms() - t0);

    t0 = bench::now_ms();
    TriageOptions o;
    o.knowledge = kb.get();
    Triager t(o);
    int fd = ::open(path.c_str(), O_RDONLY);
    std::vector<char> buf(4 << 20);
    ssize_t n;
    while ((n = ::read(fd, buf.data(), buf.size())) > 0) t.feed({buf.data(), static_cast<size_t>(n)});
    ::close(fd);
    TriageReport r = t.finish();
    triage_ms.push_back(bench::now_ms() - t0);
    category = r.category;
    findings = r.findings.size();
  }
  std::filesystem::remove(path);
  const double g = bench::median(grep_ms), tr = bench::median(triage_ms);
  std::printf("grep -c 'Graph break': median %.0f ms (%.0f MiB/s)\n", g, size_mib / (g / 1000));
  std::printf("pt2bb triage:          median %.0f ms (%.0f MiB/s), category %s, %zu finding(s)\n", tr,
              size_mib / (tr / 1000), category.c_str(), findings);
  std::printf("ratio triage/grep throughput: %.2f (target >= 0.50)\n", g / tr);
  std::printf("peak RSS of this process: %.1f MiB (target < 100)\n", peak_rss_mib());
  return 0;
}
