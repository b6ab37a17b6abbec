#include "workflow/test_command.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace pt2bb {
namespace {

std::string_view strip_slashes(std::string_view s) {
  while (s.size() > 1 && s.back() == '/') s.remove_suffix(1);
  return s;
}

// `file` relative to `root` when it lies inside, else nullopt-like empty string.
std::string relative_to(std::string_view file, std::string_view root) {
  root = strip_slashes(root);
  if (root.empty() || file.size() <= root.size() + 1 || file.substr(0, root.size()) != root ||
      file[root.size()] != '/')
    return {};
  return std::string(file.substr(root.size() + 1));
}

std::string_view dirname(std::string_view path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string_view basename(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::string TestTarget::display_name() const {
  if (is_script()) return std::string(basename(file));
  if (test_class.empty()) return test_name;
  if (test_name.empty()) return test_class;
  return test_class + "." + test_name;
}

std::string module_name(std::string_view file, std::string_view package_root) {
  std::string rel = relative_to(file, package_root);
  if (rel.empty()) rel = std::string(basename(file));
  if (rel.ends_with(".py")) rel.resize(rel.size() - 3);
  std::replace(rel.begin(), rel.end(), '/', '.');
  return rel;
}

TestCommand test_command(const TestTarget& t, std::string_view workspace_root, std::string_view package_root) {
  TestCommand c;
  if (t.is_script()) {
    c.cwd = std::string(dirname(t.file));
    c.args = {std::string(basename(t.file))};
    return c;
  }
  if (t.run_tests) {
    c.cwd = std::string(strip_slashes(package_root.empty() ? dirname(t.file) : package_root));
    c.args = {"-m", module_name(t.file, c.cwd)};
    c.args.push_back(t.display_name());
    return c;
  }
  std::string rel = relative_to(t.file, workspace_root);
  c.cwd = rel.empty() ? std::string(dirname(t.file)) : std::string(strip_slashes(workspace_root));
  std::string node = rel.empty() ? std::string(basename(t.file)) : rel;
  if (!t.test_class.empty()) node += "::" + t.test_class;
  if (!t.test_name.empty()) node += "::" + t.test_name;
  c.args = {"-m", "pytest", node, "-x"};
  return c;
}

std::vector<std::string> name_words(std::string_view test_name) {
  static constexpr std::array<std::string_view, 16> kGeneric = {
      "test", "tests", "the", "with", "and", "for", "from", "into", "case", "basic",
      "simple", "check", "works", "should", "when", "none"};
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    if (word.size() >= 3 && std::find(kGeneric.begin(), kGeneric.end(), word) == kGeneric.end() &&
        std::find(words.begin(), words.end(), word) == words.end() &&
        !std::all_of(word.begin(), word.end(), [](unsigned char ch) { return std::isdigit(ch); }))
      words.push_back(word);
    word.clear();
  };
  for (char ch : test_name) {
    if (std::isalnum(static_cast<unsigned char>(ch))) word += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    else flush();
  }
  flush();
  return words;
}

std::string pytest_related_expression(const TestTarget& t) {
  std::string expr = t.test_name.empty() ? t.test_class : t.test_name;
  if (!t.test_class.empty() && !t.test_name.empty()) expr += " or " + t.test_class;
  for (const auto& w : name_words(t.test_name)) expr += " or " + w;
  return expr;
}

std::vector<std::string> unittest_related_patterns(const TestTarget& t) {
  std::vector<std::string> patterns;
  if (!t.test_name.empty()) patterns.push_back(t.test_name);
  if (!t.test_class.empty()) patterns.push_back(t.test_class);
  for (const auto& w : name_words(t.test_name)) patterns.push_back(w);
  return patterns;
}

TestCommand related_tests_command(const TestTarget& t, std::string_view workspace_root, std::string_view package_root) {
  TestCommand c;
  if (t.run_tests) {
    c.cwd = std::string(strip_slashes(package_root.empty() ? dirname(t.file) : package_root));
    c.args = {"-m", module_name(t.file, c.cwd), "-v"};
    for (const auto& p : unittest_related_patterns(t)) {
      c.args.push_back("-k");
      c.args.push_back(p);
    }
    return c;
  }
  std::string rel = relative_to(t.file, workspace_root);
  c.cwd = rel.empty() ? std::string(dirname(t.file)) : std::string(strip_slashes(workspace_root));
  c.args = {"-m", "pytest", rel.empty() ? std::string(basename(t.file)) : rel, "-rA", "-k",
            pytest_related_expression(t)};
  return c;
}

}  // namespace pt2bb
