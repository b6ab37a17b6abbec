// Hover and lint costs on a large PyTorch-shaped module (default 400 KB, every block compiled),
// against a full tree-sitter parse of the same text measured in the same run.
//
//   bench_hover_lint [KB] [runs]
//
// Prints medians: the full parse (the reference), one hover on a config knob, on an import alias,
// on a comment GB id and on an unknown local name, and the lint analyzers over the whole file
// (graph-break risks; debug prints against a HEAD text), with each one's ratio to the parse.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench_common.h"
#include "hover/hover.h"
#include "lint/debug_prints.h"
#include "lint/graph_break_risks.h"
#include "syntax/line_index.h"
#include "syntax/tree.h"

using namespace pt2bb;

namespace {

template <typename F>
double time_median(int runs, F&& f) {
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const double s = bench::now_ms();
    f();
    t.push_back(bench::now_ms() - s);
  }
  return bench::median(t);
}

}  // namespace

int main(int argc, char** argv) {
  const size_t kb = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 400;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 21;
  const std::string head = "import torch._dynamo as dynamo\n# GB0025 seen here\n" + bench::generate_python(kb * 1024);
  // The working copy: HEAD plus, every 100 lines, a debug print (what the lint must find).
  std::string text;
  int line_no = 0;
  for (size_t pos = 0; pos < head.size();) {
    size_t eol = head.find('\n', pos);
    if (eol == std::string::npos) eol = head.size();
    text.append(head, pos, eol - pos + 1);
    if (++line_no % 100 == 0 && head.compare(pos, 4, "    ") == 0) text += "    print(\"DEBUG\", x)\n";
    pos = eol + 1;
  }
  text += "dynamo.config.recompile_limit = 16\nunknown_name = 1\nprint(unknown_name)\n";
  const LineIndex lines(text);
  auto tree = parse_python(text);

  const double parse = time_median(runs, [&] { parse_python(text); });
  const HoverKnowledge& k = HoverKnowledge::embedded();
  HoverContext hc{"torch/_dynamo/bench.py", text, tree.get(), &k, nullptr, Lang::En};
  const uint32_t last = lines.line_count() - 1;
  auto hover_ms = [&](Point p, bool expect) {
    if (hover_at(hc, p).has_value() != expect) std::printf("  (unexpected hover result at %u:%u)\n", p.line, p.column);
    return time_median(runs * 10, [&] { hover_at(hc, p); });
  };
  const double h_knob = hover_ms({last - 3, 20}, true);
  const double h_alias = hover_ms({last - 3, 2}, false);
  const double h_gb = hover_ms({1, 4}, true);
  const double h_unknown = hover_ms({last - 1, 8}, false);

  FileContext fc;
  fc.path = "torch/_dynamo/bench.py";
  fc.text = text;
  fc.tree = tree.get();
  fc.lines = &lines;
  fc.head_text = head;
  size_t risks = 0, prints = 0;
  const double lint_risks = time_median(runs, [&] { risks = find_graph_break_risks(fc).size(); });
  const double lint_prints = time_median(runs, [&] { prints = find_debug_prints(fc).size(); });

  std::printf("file: %zu KB, %u lines; %zu graph-break risks, %zu debug prints found\n", text.size() / 1024,
              lines.line_count(), risks, prints);
  std::printf("%-40s %10.3f ms  (reference)\n", "full tree-sitter parse", parse);
  auto row = [&](const char* name, double ms) { std::printf("%-40s %10.4f ms  %8.4f x parse\n", name, ms, ms / parse); };
  row("hover: config knob via alias", h_knob);
  row("hover: import alias (no note)", h_alias);
  row("hover: GB id in a comment", h_gb);
  row("hover: unknown local name", h_unknown);
  row("lint: graph-break risks, whole file", lint_risks);
  row("lint: debug prints vs HEAD, whole file", lint_prints);
  return 0;
}
