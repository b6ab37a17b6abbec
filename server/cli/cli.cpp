#include "cli/cli.h"

#include <cstdlib>

namespace pt2bb {

Lang CliContext::resolved_lang() const {
  if (!lang.empty()) return lang_from_locale(lang);
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    if (const char* v = std::getenv(var); v && *v) return lang_from_locale(v);
  }
  return Lang::En;
}

}  // namespace pt2bb
