#!/usr/bin/env bash
# What `make demo` shows: pt2bb's jobs on the bundled examples. Usage: examples/demo.sh PT2BB
set -uo pipefail
pt2bb=${1:-build/pt2bb}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

section() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

section "pt2bb check: diagnostics on a PyTorch-shaped workspace (examples/workspace)"
"$pt2bb" check workspace
echo "(exit code $? : 1 means errors were found, as expected here)"

section "pt2bb add-test: where the failing test for a repro goes (examples/repro -> examples/workspace)"
# The category comes from the error pasted in the repro (triage); test_misc.py is never chosen.
"$pt2bb" add-test --workspace workspace --repro repro/repro_scale_by_peak.py

