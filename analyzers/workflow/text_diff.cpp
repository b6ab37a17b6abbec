#include "workflow/text_diff.h"
#include "core/text_lines.h"

#include <algorithm>
#include <vector>

namespace pt2bb {
namespace {

struct Op {
  char kind;  // ' ', '-', '+'
  size_t a, b;  // Line indexes in before / after.
};

}  // namespace

std::string unified_diff(std::string_view before, std::string_view after, std::string_view before_name,
                         std::string_view after_name) {
  const auto a = split_lines(before), b = split_lines(after);
  std::vector<Op> ops;
  const size_t n = a.size(), m = b.size();
  if (n * m <= 16'000'000) {
    // lcs[i][j]: LCS length of a[i..] and b[j..].
    std::vector<uint32_t> lcs((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> uint32_t& { return lcs[i * (m + 1) + j]; };
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;) at(i, j) = a[i] == b[j] ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[i] == b[j]) ops.push_back({' ', i++, j++});
      else if (j < m && (i == n || at(i, j + 1) >= at(i + 1, j))) ops.push_back({'+', i, j++});
      else ops.push_back({'-', i++, j});
    }
  } else {
    for (size_t i = 0; i < n; ++i) ops.push_back({'-', i, 0});
    for (size_t j = 0; j < m; ++j) ops.push_back({'+', n, j});
  }
  std::string out = "--- " + std::string(before_name) + "\n+++ " + std::string(after_name) + "\n";
  constexpr size_t kContext = 3;
  size_t k = 0;
  while (k < ops.size()) {
    while (k < ops.size() && ops[k].kind == ' ') ++k;
    if (k == ops.size()) break;
    // A hunk: from kContext before this change to kContext after the last change that is
    // closer than 2*kContext to the previous one.
    size_t begin = k >= kContext ? k - kContext : 0;
    size_t end = k;
    for (size_t x = k; x < ops.size(); ++x) {
      if (ops[x].kind != ' ') end = x + 1;
      else if (x - end >= 2 * kContext) break;
    }
    end = std::min(ops.size(), end + kContext);
    size_t a_start = ops[begin].a, b_start = ops[begin].b, a_len = 0, b_len = 0;
    for (size_t x = begin; x < end; ++x) {
      if (ops[x].kind != '+') ++a_len;
      if (ops[x].kind != '-') ++b_len;
    }
    out += "@@ -" + std::to_string(a_len ? a_start + 1 : a_start) + "," + std::to_string(a_len) + " +" +
           std::to_string(b_len ? b_start + 1 : b_start) + "," + std::to_string(b_len) + " @@\n";
    for (size_t x = begin; x < end; ++x) {
      out += ops[x].kind;
      out += ops[x].kind == '+' ? b[ops[x].b] : a[ops[x].a];
      out += '\n';
    }
    k = end;
  }
  return out;
}

}  // namespace pt2bb
