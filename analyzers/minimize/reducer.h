// Candidate generation for the repro minimiser: smaller variants of a Python script, made on its
// tree-sitter tree. The driver (server/jobs) runs each candidate and keeps those that still fail
// the same way; this part only proposes.
//
// Kinds, in the order they are proposed (the biggest cuts first):
//   unused-def   a top-level function or class whose name is used nowhere else
//   statement    one statement removed (a block left empty gets `pass`)
//   argument     one argument of a call removed
//   expression   `a + b` -> `a` or `b`, `x if c else y` -> `x`, `(e)` -> `e`
//   shape        integer sizes in torch.randn/rand/zeros/ones/empty/full/randint/... -> 2
// Every candidate is strictly shorter than the source, or (shapes) has smaller numbers, so
// reduction always ends; and it parses without syntax errors. Pure; any thread.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pt2bb {

struct ReductionCandidate {
  std::string kind;         // "unused-def", "statement", "argument", "expression", "shape".
  std::string description;  // "remove line 12: print(x)".
  std::string text;         // The whole candidate script.
};

// At most `max_candidates` candidates (0: no limit), in proposal order.
std::vector<ReductionCandidate> reduction_candidates(std::string_view source, size_t max_candidates = 0);

}  // namespace pt2bb
