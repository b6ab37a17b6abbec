// Small helpers shared by the benchmarks: timing, medians, RSS, generated PyTorch-shaped code.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace pt2bb::bench {

inline double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Resident set size of a process in MiB (from /proc/<pid>/status), or -1.
inline double rss_mib(const std::string& pid = "self") {
  std::ifstream in("/proc/" + pid + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return -1;
}

// A PyTorch-test-shaped Python module of at least `min_bytes`, each block with unique names.
inline std::string generate_python(size_t min_bytes) {
  std::string out = "import torch\nimport torch._dynamo.test_case\nfrom torch._dynamo.testing import CompileCounter\n\n\n";
  for (int i = 0; out.size() < min_bytes; ++i) {
    const std::string n = std::to_string(i);
    out += "class Block" + n + "(torch.nn.Module):\n"
           "    def __init__(self, dim=" + n + "):\n"
           "        super().__init__()\n"
           "        self.lin = torch.nn.Linear(dim + 1, dim + 1)\n"
           "        self.scale = 0.5 * " + n + "\n\n"
           "    def forward(self, x, mask=None):\n"
           "        y = self.lin(x) * self.scale\n"
           "        if mask is not None:\n"
           "            y = y.masked_fill(mask, float(\"-inf\"))\n"
           "        return torch.softmax(y, dim=-1) + torch.sin(x)\n\n\n"
           "def test_block_" + n + "(self):\n"
           "    counter = CompileCounter()\n"
           "    model = Block" + n + "()\n"
           "    opt = torch.compile(model, backend=counter)\n"
           "    x = torch.randn(4, " + n + " + 1)\n"
           "    self.assertEqual(opt(x), model(x))\n"
           "    self.assertEqual(counter.frame_count, 1)\n\n\n";
  }
  return out;
}

}  // namespace pt2bb::bench
