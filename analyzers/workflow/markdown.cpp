#include "workflow/markdown.h"

#include <algorithm>

namespace pt2bb {

std::string md_code_block(std::string_view text, std::string_view language) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<size_t>(3, longest + 1), '`');
  std::string out = fence + std::string(language) + "\n" + std::string(text);
  if (!text.empty() && text.back() != '\n') out += '\n';
  return out + fence + "\n";
}

std::string md_cell(std::string_view text, size_t max) {
  std::string out;
  for (char c : text) {
    if (out.size() >= max) {
      out += "...";
      break;
    }
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r' || c == '\t') out += ' ';
    else out += c;
  }
  return out;
}

std::string md_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::string out = "|";
  for (const auto& h : header) out += " " + md_cell(h) + " |";
  out += "\n|";
  for (size_t i = 0; i < header.size(); ++i) out += " --- |";
  out += "\n";
  for (const auto& row : rows) {
    out += "|";
    for (size_t i = 0; i < header.size(); ++i) out += " " + (i < row.size() ? md_cell(row[i]) : std::string()) + " |";
    out += "\n";
  }
  return out;
}

std::string md_file_link(std::string_view label, std::string_view absolute_path) {
  std::string uri = "file://";
  for (char c : absolute_path) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == ' ' || c == '(' || c == ')' || c == '%' || c == '[' || c == ']' || u < 0x20 || u >= 0x7f) {
      static const char* hex = "0123456789ABCDEF";
      uri += '%';
      uri += hex[u >> 4];
      uri += hex[u & 15];
    } else {
      uri += c;
    }
  }
  std::string text;
  for (char c : label) {
    if (c == '[' || c == ']') text += '\\';
    text += c;
  }
  return "[" + text + "](" + uri + ")";
}

std::string last_lines(std::string_view text, size_t max_lines) {
  size_t pos = text.size();
  if (pos > 0 && text[pos - 1] == '\n') --pos;
  for (size_t n = 0; n < max_lines; ++n) {
    const size_t nl = text.rfind('\n', pos == 0 ? 0 : pos - 1);
    if (nl == std::string_view::npos || pos == 0) return std::string(text);
    pos = nl;
  }
  return std::string(text.substr(pos + 1));
}

}  // namespace pt2bb
