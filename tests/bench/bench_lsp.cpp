// Benchmark: didChange -> publishDiagnostics latency through the real `pt2bb lsp` binary on a
// >= 400 KB Python file, for two 1-character edits in its middle (one keeps the file valid, one
// breaks it: `def` -> `xdef`, tree-sitter's worst case), beside raw tree-sitter's full parse and
// incremental reparse of the same text and edits, measured in the same run.
// Usage: bench_lsp <path to pt2bb> [iterations]
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <iostream>

#include <nlohmann/json.hpp>

#include "bench_common.h"
#include "protocol/framing.h"
#include "syntax/document.h"

using namespace pt2bb;
using nlohmann::json;

namespace {

// The server as a child process over two pipes.
class ServerProcess {
public:
  explicit ServerProcess(const std::string& binary, const std::vector<std::string>& args) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, 2);
      std::vector<char*> argv{const_cast<char*>(binary.c_str())};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(binary.c_str(), argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~ServerProcess() {
    close(to_);
    close(from_);
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  pid_t pid() const { return pid_; }

  void send(const json& msg) {
    const std::string f = protocol::encode_frame(msg.dump());
    for (size_t done = 0; done < f.size();) {
      ssize_t n = write(to_, f.data() + done, f.size() - done);
      if (n <= 0) throw std::runtime_error("server closed its input");
      done += static_cast<size_t>(n);
    }
  }
  // Reads messages until `pred` matches one; returns it.
  json wait(const std::function<bool(const json&)>& pred) {
    for (;;) {
      while (!ready_.empty()) {
        json m = std::move(ready_.front());
        ready_.erase(ready_.begin());
        if (pred(m)) return m;
      }
      char buf[1 << 16];
      ssize_t n = read(from_, buf, sizeof buf);
      if (n <= 0) throw std::runtime_error("server closed its output");
      for (auto& ev : parser_.feed(std::string_view(buf, static_cast<size_t>(n))))
        if (auto* body = std::get_if<std::string>(&ev)) ready_.push_back(json::parse(*body));
    }
  }

private:
  pid_t pid_;
  int to_, from_;
  protocol::FrameParser parser_;
  std::vector<json> ready_;
};

struct Edit {
  const char* name;
  uint32_t offset;     // Byte offset of the change.
  std::string before;  // Text removed.
  std::string after;   // Text inserted.
};

// Raw tree-sitter: ts_tree_edit + reparse with the old tree, no server, no LineIndex.
double raw_incremental_ms(TSParser* parser, const std::string& text_before, const Edit& e, TSTree* old_tree) {
  std::string text = text_before;
  TSTree* tree = ts_tree_copy(old_tree);
  const double t0 = bench::now_ms();
  text.replace(e.offset, e.before.size(), e.after);
  LineIndex idx(text_before);  // Points are needed for the edit; raw users compute them too.
  const Point p = idx.point_at(e.offset);
  TSInputEdit edit{e.offset,
                   static_cast<uint32_t>(e.offset + e.before.size()),
                   static_cast<uint32_t>(e.offset + e.after.size()),
                   {p.line, p.column},
                   {p.line, static_cast<uint32_t>(p.column + e.before.size())},
                   {p.line, static_cast<uint32_t>(p.column + e.after.size())}};
  ts_tree_edit(tree, &edit);
  TSTree* fresh = ts_parser_parse_string(parser, tree, text.data(), static_cast<uint32_t>(text.size()));
  const double t1 = bench::now_ms();
  ts_tree_delete(fresh);
  ts_tree_delete(tree);
  return t1 - t0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: bench_lsp <pt2bb binary> [iterations]\n";
    return 2;
  }
  const std::string binary = argv[1];
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 41;
  const std::string text = bench::generate_python(420 * 1024);
  // Edit sites in the middle of the file.
  const size_t mid_def = text.find("    def forward", text.size() / 2);
  const size_t mid_scale = text.find("self.scale = 0.5", text.size() / 2) + std::strlen("self.scale = 0.");
  const Edit edits[] = {{"valid edit (0.5 -> 0.7)", static_cast<uint32_t>(mid_scale), "5", "7"},
                        {"breaking edit (def -> xdef)", static_cast<uint32_t>(mid_def + 4), "", "x"}};

  std::cout << "file: " << text.size() / 1024 << " KiB of generated Python, " << iterations << " iterations\n\n";

  // Raw tree-sitter reference.
  auto parser = make_python_parser();
  std::vector<double> full;
  for (int i = 0; i < iterations; ++i) {
    const double t0 = bench::now_ms();
    TSTree* t = ts_parser_parse_string(parser.get(), nullptr, text.data(), static_cast<uint32_t>(text.size()));
    full.push_back(bench::now_ms() - t0);
    ts_tree_delete(t);
  }
  TreePtr base = parse_python(parser.get(), text);
  std::cout << "raw tree-sitter full parse:            median " << bench::median(full) << " ms\n";

  // pt2bb's Document (the server's incremental path) vs raw incremental reparse.
  for (const auto& e : edits) {
    std::vector<double> raw, ours;
    for (int i = 0; i < iterations; ++i) {
      raw.push_back(raw_incremental_ms(parser.get(), text, e, base.get()));
      Document doc{std::string(text)};
      LineIndex idx(text);
      const Point p = idx.point_at(e.offset);
      TextChange c;
      c.range = std::make_pair(TextChange::Position{p.line, p.column},
                               TextChange::Position{p.line, static_cast<uint32_t>(p.column + e.before.size())});
      c.text = e.after;
      doc.tree();  // The initial parse is not part of the edit.
      const double t0 = bench::now_ms();
      doc.apply_changes({c}, PositionEncoding::Utf16);
      doc.tree();  // The deferred incremental reparse.
      ours.push_back(bench::now_ms() - t0);
    }
    const double r = bench::median(raw), o = bench::median(ours);
    std::cout << e.name << ":\n"
              << "  raw tree-sitter incremental reparse: median " << r << " ms\n"
              << "  pt2bb Document edit + reparse:       median " << o << " ms  (ratio " << o / r
              << "x raw; target <= 1.5x)\n";
  }

  // Through the binary, with no debounce, then with the default debounce reported separately.
  for (int debounce : {0, 75}) {
    ServerProcess server(binary, {"lsp", "--debounce-ms", std::to_string(debounce)});
    server.send({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"},
                 {"params", {{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", json::object()}}}});
    server.wait([](const json& m) { return m.contains("id") && m["id"] == 1; });
    server.send({{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", json::object()}});
    usleep(200 * 1000);
    const double idle_rss = bench::rss_mib(std::to_string(server.pid()));
    const std::string uri = "file:///bench/big_test.py";
    server.send({{"jsonrpc", "2.0"}, {"method", "textDocument/didOpen"},
                 {"params", {{"textDocument", {{"uri", uri}, {"languageId", "python"}, {"version", 1}, {"text", text}}}}}});
    server.wait([](const json& m) { return m.value("method", "") == "textDocument/publishDiagnostics"; });
    int version = 1;
    std::cout << "\nthrough `pt2bb lsp --debounce-ms " << debounce << "` (idle RSS before opening: " << idle_rss
              << " MiB):\n";
    for (const auto& e : edits) {
      std::vector<double> lat;
      LineIndex idx(text);
      const Point p = idx.point_at(e.offset);
      for (int i = 0; i < iterations; ++i) {
        // Apply the edit, then undo it; time both round trips.
        for (int undo = 0; undo < 2; ++undo) {
          const uint32_t end_col = p.column + static_cast<uint32_t>(undo ? e.after.size() : e.before.size());
          json change = {{"range", {{"start", {{"line", p.line}, {"character", p.column}}},
                                    {"end", {{"line", p.line}, {"character", end_col}}}}},
                         {"text", undo ? e.before : e.after}};
          const int v = ++version;
          const double t0 = bench::now_ms();
          server.send({{"jsonrpc", "2.0"}, {"method", "textDocument/didChange"},
                       {"params", {{"textDocument", {{"uri", uri}, {"version", v}}}, {"contentChanges", {change}}}}});
          server.wait([v](const json& m) {
            return m.value("method", "") == "textDocument/publishDiagnostics" && m["params"].value("version", -1) == v;
          });
          if (!undo) lat.push_back(bench::now_ms() - t0);
        }
      }
      std::cout << "  " << e.name << ": didChange -> publishDiagnostics median " << bench::median(lat) << " ms"
                << (debounce ? " (includes the debounce)" : " (target < 10 ms)") << "\n";
    }
    std::cout << "  RSS with the file open: " << bench::rss_mib(std::to_string(server.pid())) << " MiB\n";
  }
  return 0;
}
