#include "workflow/signoffs.h"

#include <algorithm>
#include <array>

namespace pt2bb {
namespace {

constexpr std::array<SignOff, 14> kSignOffs = {{
    {"graph-unbroken", "The graph is whole again. Dynamo traced it all in one breath."},
    {"no-recompile", "No recompiles were harmed in the making of this fix."},
    {"fullgraph", "fullgraph=True, and for once it means it."},
    {"fake-tensor", "Fake tensors, real fix."},
    {"guards-down", "The guards stood down: this bug has no further business here."},
    {"inductor-lowered", "Lowered, fused and shipped. Inductor salutes you."},
    {"knuth", "\"Beware of bugs in the above code; I have only proved it correct, not tried it.\" "
              "You tried it. It passes."},
    {"dijkstra", "\"Testing shows the presence, not the absence of bugs.\" "
                 "This test will keep showing the absence of this one."},
    {"kernighan", "\"Debugging is twice as hard as writing the code in the first place.\" Twice done."},
    {"squashed-1", "      \\ | /\n    --( x x )--   squashed.\n      / | \\\n", true},
    {"squashed-2", "   .-\"\"\"-.\n  / x   x \\   one less bug\n  \\  ___  /   in torch.compile\n   '-...-'\n", true},
    {"squashed-3", "  __/\\__\n  \\_xx_/  <- was a bug\n  /    \\\n ~~~~~~~~ (flat now)\n", true},
    {"trace-clean", "TORCH_LOGS has nothing left to say about this one."},
    {"ci-green", "Green on main soon: the CI bots will never know how close it was."},
}};

}  // namespace

std::span<const SignOff> signoffs() { return kSignOffs; }

const SignOff& pick_signoff(const std::vector<std::string>& recent, uint64_t seed) {
  std::vector<const SignOff*> fresh;
  for (const auto& s : kSignOffs)
    if (std::find(recent.begin(), recent.end(), s.id) == recent.end()) fresh.push_back(&s);
  if (!fresh.empty()) return *fresh[seed % fresh.size()];
  // All used: the one used longest ago.
  for (const auto& id : recent) {
    for (const auto& s : kSignOffs)
      if (s.id == id) return s;
  }
  return kSignOffs[seed % kSignOffs.size()];
}

}  // namespace pt2bb
