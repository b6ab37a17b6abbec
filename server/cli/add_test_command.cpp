// `pt2bb add-test --workspace DIR --repro FILE [--category ID] [--format diff|json] [--apply]`:
// where a repro's failing test goes, and the edit that adds it.
//
// diff (default): the chosen file, class and test name, the alternatives, then a unified diff.
// json: {"file", "class", "test_name", "category", "alternatives": [{"file", "class",
//        "test_name"}], "diff"}, with `file` relative to the workspace.
// --apply writes the best target and prints what it added.
// Exit codes: 0 done, 2 bad usage (no workspace, a workspace without tests, a repro that cannot
// be read or does not parse, an unknown category).
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "lsp/triage_feature.h"
#include "support/file_io.h"
#include "syntax/tree.h"
#include "testing/add_test.h"
#include "workspace/workspace_scan.h"

namespace pt2bb {
namespace {
namespace fs = std::filesystem;

struct AddTestOptions {
  std::string workspace;
  std::string repro;
  std::string category;
  std::string format = "diff";
  bool apply = false;
};

int fail(const std::string& message) {
  std::cerr << "pt2bb add-test: " << message << "\n";
  return kExitUsage;
}

// The first syntax error of a tree, as "line L: `text`".
std::string first_error(TSNode n, std::string_view text) {
  if (std::string_view(ts_node_type(n)) == "ERROR" || ts_node_is_missing(n)) {
    std::string_view t = node_text(n, text);
    t = t.substr(0, std::min<size_t>(t.find('\n'), 40));
    return "line " + std::to_string(ts_node_start_point(n).row + 1) + ": `" + std::string(t) + "`";
  }
  for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
    TSNode c = ts_node_child(n, i);
    if (ts_node_has_error(c) || ts_node_is_missing(c)) return first_error(c, text);
  }
  return "line " + std::to_string(ts_node_start_point(n).row + 1);
}

int run_add_test(const CliContext& ctx, const AddTestOptions& opts) {
  std::error_code ec;
  if (!fs::is_directory(opts.workspace, ec)) return fail(opts.workspace + ": not a folder");
  std::optional<Category> given;
  if (!opts.category.empty()) {
    given = parse_category(opts.category);
    if (!given) {
      std::string known;
      for (auto id : category_ids()) known += (known.empty() ? "" : ", ") + std::string(id);
      return fail("unknown category `" + opts.category + "` (known: " + known + ")");
    }
  }
  auto repro_text = read_file(opts.repro);
  if (!repro_text) return fail(opts.repro + ": cannot read file");
  TreePtr tree = parse_python(*repro_text);
  if (!tree) return fail(opts.repro + ": cannot parse");
  if (ts_node_has_error(ts_tree_root_node(tree.get())))
    return fail(opts.repro + " does not parse as Python (" + first_error(ts_tree_root_node(tree.get()), *repro_text) +
                "): fix the repro first");
  const std::string root = fs::weakly_canonical(opts.workspace, ec).string();

  // Only test files can be targets: index those (a PyTorch checkout has ~10x more sources).
  ScanOptions scan;
  std::vector<std::string> files;
  for (auto& f : list_python_files(root, scan))
    if (looks_like_test_path(f)) files.push_back(std::move(f));
  auto index = index_files(root, files, scan);
  if (!index || index->test_files().empty())
    return fail(opts.workspace + " has no test files (no class with test methods under test/ or in test_*.py)");

  Repro repro = analyze_repro(*repro_text, tree.get(), std::nullopt, fs::path(opts.repro).stem().string());
  std::string kb_error;
  auto knowledge = load_triage_knowledge(ctx.knowledge_dir, &kb_error);
  const Category category = resolve_category(given, repro, *repro_text, tree.get(), knowledge.get());
  auto plan = plan_add_test(*index, repro, category, [&root](const std::string& rel) { return read_file(root + "/" + rel); });
  if (plan.tests.empty()) return fail(plan.error);

  const WrittenTest& best = plan.tests.front();
  const std::string before = *read_file(root + "/" + best.path);
  const std::string diff = unified_diff(best.path, before, best.new_text);
  if (opts.apply) {
    if (!write_file(root + "/" + best.path, best.new_text)) return fail(best.path + ": cannot write");
    std::cout << "Added " << best.test_name << " to " << best.path << "::" << best.class_name << " ("
              << category_id(category) << ")\n";
    return kExitOk;
  }
  if (opts.format == "json") {
    nlohmann::json alternatives = nlohmann::json::array();
    for (size_t i = 1; i < plan.tests.size(); ++i)
      alternatives.push_back({{"file", plan.tests[i].path},
                              {"class", plan.tests[i].class_name},
                              {"test_name", plan.tests[i].test_name}});
    nlohmann::json out = {{"file", best.path},
                          {"class", best.class_name},
                          {"test_name", best.test_name},
                          {"category", std::string(category_id(category))},
                          {"alternatives", alternatives},
                          {"diff", diff}};
    std::cout << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return kExitOk;
  }
  std::cout << "file:  " << best.path << "\nclass: " << best.class_name << "\ntest:  " << best.test_name
            << "\ncategory: " << category_id(category) << "\n";
  for (size_t i = 1; i < plan.tests.size(); ++i)
    std::cout << "alternative: " << plan.tests[i].path << "::" << plan.tests[i].class_name << "\n";
  std::cout << "\n" << diff;
  return kExitOk;
}

}  // namespace

void install_add_test_command(CLI::App& app, CliContext& ctx) {
  auto opts = std::make_shared<AddTestOptions>();
  CLI::App* cmd = app.add_subcommand("add-test", "Write a repro's failing test into the best test file of a workspace");
  cmd->add_option("--workspace", opts->workspace, "The PyTorch checkout (or any folder with test files)")->required();
  cmd->add_option("--repro", opts->repro, "The repro script")->required();
  cmd->add_option("--category", opts->category, "Failure category (default: from the repro's error text, else its code)");
  cmd->add_option("--format", opts->format, "diff or json")->check(CLI::IsMember({"diff", "json"}))->capture_default_str();
  cmd->add_flag("--apply", opts->apply, "Write the test into the file instead of printing the diff");
  cmd->callback([&ctx, opts] { ctx.exit_code = run_add_test(ctx, *opts); });
}

}  // namespace pt2bb
