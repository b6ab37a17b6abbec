// Workspace indexing throughput and memory: index a generated tree of PyTorch-shaped test files
// (default 3,000 files, ~150 MB) on one core, and compare with a raw tree-sitter parse of the same
// files measured in the same run (the floor: indexing is read + parse + summary).
//
//   bench_index [--files N] [--kb-per-file K] [--runs R] [--keep DIR]
//
// Prints medians: MB/s and wall time for both, the ratio, resident memory growth while the index
// is held (as is, and after malloc_trim), and the summaries' own estimate, against the source bytes.
#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench_common.h"
#include "support/file_io.h"
#include "syntax/tree.h"
#include "testing/workspace_index.h"
#include "workspace/workspace_scan.h"

using namespace pt2bb;
namespace fs = std::filesystem;

namespace {

// A test file in the shapes of PyTorch's: imports, a TestCase class of many decorated tests with
// nested functions and compile calls, a template class, a main guard.
std::string generate_test_file(size_t file_no, size_t min_bytes) {
  const std::string f = std::to_string(file_no);
  std::string out =
      "# Owner(s): [\"module: dynamo\"]\nimport functools\nimport unittest\n\nimport torch\n"
      "import torch._dynamo.test_case\nimport torch._dynamo.testing\nfrom torch._dynamo.testing import CompileCounter\n"
      "from torch.testing._internal.common_utils import instantiate_parametrized_tests, parametrize, skipIfRocm\n\n\n"
      "class Generated" + f + "Tests(torch._dynamo.test_case.TestCase):\n";
  for (size_t i = 0; out.size() < min_bytes; ++i) {
    const std::string n = std::to_string(i);
    out += "    @skipIfRocm\n"
           "    @parametrize(\"dim\", [0, 1])\n"
           "    def test_case_" + n + "_softmax(self, dim):\n"
           "        cnt = CompileCounter()\n\n"
           "        def fn(x, y):\n"
           "            z = torch.softmax(x * " + n + ", dim=dim) + y.cos()\n"
           "            if z.sum() > 0:\n"
           "                return z.relu()\n"
           "            return torch.nn.functional.gelu(z)\n\n"
           "        opt = torch.compile(fn, backend=cnt)\n"
           "        x, y = torch.randn(4, 8), torch.randn(4, 8)\n"
           "        self.assertEqual(opt(x, y), fn(x, y))\n"
           "        self.assertEqual(cnt.frame_count, 1)\n\n"
           "    def test_case_" + n + "_export(self):\n"
           "        class M(torch.nn.Module):\n"
           "            def forward(self, x):\n"
           "                return x.cumsum(0)[:" + n + "]\n\n"
           "        ep = torch.export.export(M(), (torch.ones(" + n + " + 2),))\n"
           "        self.assertEqual(ep.module()(torch.ones(3)).shape[0], min(3, " + n + "))\n\n";
  }
  out += "\ninstantiate_parametrized_tests(Generated" + f + "Tests)\n\n\n"
         "if __name__ == \"__main__\":\n    from torch._dynamo.test_case import run_tests\n\n    run_tests()\n";
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  size_t files = 3000, kb = 50, runs = 3;
  std::string keep;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--files")) files = std::stoul(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--kb-per-file")) kb = std::stoul(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--runs")) runs = std::stoul(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--keep")) keep = argv[i + 1];
  }
  const fs::path root = keep.empty() ? fs::temp_directory_path() / ("pt2bb_bench_index_" + std::to_string(getpid()))
                                     : fs::path(keep);
  size_t total_bytes = 0;
  std::vector<std::string> rel;
  for (size_t i = 0; i < files; ++i) {
    const std::string r = "test/area" + std::to_string(i % 30) + "/test_generated_" + std::to_string(i) + ".py";
    const fs::path p = root / r;
    fs::create_directories(p.parent_path());
    std::string text = generate_test_file(i, kb * 1024);
    total_bytes += text.size();
    if (!fs::exists(p)) std::ofstream(p, std::ios::binary) << text;
    rel.push_back(r);
  }
  const double mb = static_cast<double>(total_bytes) / (1024.0 * 1024.0);
  std::printf("tree: %zu files, %.1f MB in %s\n", files, mb, root.c_str());

  // Reference: read + raw tree-sitter parse of every file, one parser, one core.
  std::vector<double> parse_ms, index_ms;
  for (size_t r = 0; r < runs; ++r) {
    auto parser = make_python_parser();
    const double t0 = bench::now_ms();
    for (const auto& f : rel) {
      auto text = read_file((root / f).string());
      TreePtr tree = parse_python(parser.get(), *text);
    }
    parse_ms.push_back(bench::now_ms() - t0);
  }
  // Indexing: list (walk), read, parse, summarize; the index is kept to measure its memory.
  // Resident memory is read twice: as it is (what the process really holds, free heap pages that
  // malloc keeps included) and after malloc_trim (the live bytes); both before and after.
  std::vector<double> rss_growth, rss_live_growth, summary_bytes;
  size_t indexed = 0;
  IndexStats stats;
  for (size_t r = 0; r < runs; ++r) {
    malloc_trim(0);
    const double rss0 = bench::rss_mib();
    const double t0 = bench::now_ms();
    auto listed = list_python_files(root.string(), ScanOptions{}, nullptr, /*allow_git=*/false);
    auto index = index_files(root.string(), listed, ScanOptions{}, CancelToken(), {}, &stats);
    index_ms.push_back(bench::now_ms() - t0);
    listed.clear();
    listed.shrink_to_fit();
    rss_growth.push_back(bench::rss_mib() - rss0);
    malloc_trim(0);
    rss_live_growth.push_back(bench::rss_mib() - rss0);
    summary_bytes.push_back(static_cast<double>(index->memory_bytes()) / (1024.0 * 1024.0));
    indexed = index->size();
  }
  const double parse = bench::median(parse_ms), idx = bench::median(index_ms);
  std::printf("raw parse (reference): median %.0f ms, %.1f MB/s\n", parse, mb / (parse / 1000.0));
  std::printf("index:                 median %.0f ms, %.1f MB/s, %zu files (target >= 40 MB/s)\n", idx,
              mb / (idx / 1000.0), indexed);
  std::printf("ratio index/parse throughput: %.2f (outline fast path: %zu of %zu files)\n", parse / idx,
              stats.outlined, stats.files);
  const double grown = bench::median(rss_growth), live = bench::median(rss_live_growth),
               own = bench::median(summary_bytes);
  std::printf("memory (target < 10%% of source): RSS growth while holding the index %.1f MB (%.1f%%), "
              "after malloc_trim %.1f MB (%.1f%%); summaries' own estimate %.1f MB (%.1f%%)\n",
              grown, 100.0 * grown / mb, live, 100.0 * live / mb, own, 100.0 * own / mb);
  if (keep.empty()) fs::remove_all(root);
  return 0;
}
