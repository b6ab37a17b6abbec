#include "core/finding.h"

namespace pt2bb {

const char* severity_name(Severity s) {
  switch (s) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Information: return "info";
  case Severity::Hint: return "hint";
  }
  return "unknown";
}

}  // namespace pt2bb
