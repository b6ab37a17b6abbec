// Shared by the triage tests: the embedded triage knowledge, loaded once (a test fails with the
// loader's message if it does not load).
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "triage/triage_knowledge.h"

namespace pt2bb::triage_fixture {

inline const TriageKnowledge& knowledge() {
  static const TriageKnowledge kb = [] {
    std::string error;
    auto k = TriageKnowledge::load_embedded(&error);
    if (!k) FAIL("embedded triage knowledge: " << error);
    return *k;
  }();
  return kb;
}

}  // namespace pt2bb::triage_fixture
