#include "workflow/log_env.h"

#include <cctype>

namespace pt2bb {

std::map<std::string, std::string> leading_assignments(std::string_view command) {
  std::map<std::string, std::string> vars;
  size_t i = 0;
  auto skip_spaces = [&] {
    while (i < command.size() && std::isspace(static_cast<unsigned char>(command[i]))) ++i;
  };
  for (;;) {
    skip_spaces();
    size_t name_end = i;
    while (name_end < command.size() &&
           (std::isalnum(static_cast<unsigned char>(command[name_end])) || command[name_end] == '_'))
      ++name_end;
    if (name_end == i || name_end >= command.size() || command[name_end] != '=' ||
        std::isdigit(static_cast<unsigned char>(command[i])))
      break;
    std::string name(command.substr(i, name_end - i));
    i = name_end + 1;
    std::string value;
    while (i < command.size() && !std::isspace(static_cast<unsigned char>(command[i]))) {
      const char ch = command[i];
      if (ch == '"' || ch == '\'') {
        const size_t close = command.find(ch, i + 1);
        if (close == std::string_view::npos) return vars;  // Unbalanced quote: stop here.
        value.append(command.substr(i + 1, close - i - 1));
        i = close + 1;
      } else {
        value += ch;
        ++i;
      }
    }
    vars[name] = value;
  }
  return vars;
}

std::map<std::string, std::string> log_environment(const TriageKnowledge& kb, std::string_view category) {
  if (const TriageCategory* c = kb.category(category)) {
    for (const auto& cmd : c->next_commands) {
      if (cmd.find("{run}") == std::string::npos && cmd.find("{script}") == std::string::npos) continue;
      auto vars = leading_assignments(cmd);
      if (!vars.empty()) return vars;
    }
  }
  return {{"TORCHDYNAMO_VERBOSE", "1"}, {"TORCH_LOGS", "graph_breaks,recompiles"}};
}

}  // namespace pt2bb
