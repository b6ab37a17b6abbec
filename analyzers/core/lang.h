// The language of user-facing text. Knowledge files carry English and French.
#pragma once

#include <optional>
#include <string_view>

namespace pt2bb {

enum class Lang { En, Fr };

// "fr", "fr-FR", "fr_CA.UTF-8" -> Fr; anything else -> En.
inline Lang lang_from_locale(std::string_view locale) {
  return locale.size() >= 2 && (locale[0] == 'f' || locale[0] == 'F') &&
                 (locale[1] == 'r' || locale[1] == 'R')
             ? Lang::Fr
             : Lang::En;
}

inline const char* lang_code(Lang l) { return l == Lang::Fr ? "fr" : "en"; }

}  // namespace pt2bb
