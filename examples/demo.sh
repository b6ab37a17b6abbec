#!/usr/bin/env bash
# What `make demo` shows: pt2bb's jobs on the bundled examples. Usage: examples/demo.sh PT2BB
set -uo pipefail
pt2bb=${1:-build/pt2bb}
# The binary's path is resolved before moving into examples/.
pt2bb=$(cd "$(dirname "$pt2bb")" && pwd)/$(basename "$pt2bb")
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

section() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

# A PyTorch-shaped workspace: the tests' fixture workspace plus an example file with a syntax
# error, assembled in a temporary folder (add-test and check never write to the checkout).
workspace=$(mktemp -d)
trap 'rm -rf "$workspace"' EXIT
cp -r ../tests/fixtures/workspace/. "$workspace"
cp broken/test_repros_example.py "$workspace/test/dynamo/"

section "pt2bb check: diagnostics on a PyTorch-shaped workspace (tests/fixtures/workspace + examples/broken)"
(cd "$workspace" && "$pt2bb" check .)
echo "(exit code $? : 1 means errors were found, as expected here)"

section "pt2bb add-test: where the failing test for a repro goes (examples/repro -> that workspace)"
# The category comes from the error pasted in the repro (triage); test_misc.py is never chosen.
(cd "$workspace" && "$pt2bb" add-test --workspace . --repro "$here/repro/repro_scale_by_peak.py")

section "pt2bb triage: what kind of PT2 failure a log shows, where, and what to run next (examples/logs)"
"$pt2bb" triage logs/inductor_failure.log
echo "(exit code $? : 0 means a failure was classified)"
"$pt2bb" triage --format json logs/inductor_failure.log | head -n 12

section "pt2bb check: graph-break risks in compiled code (tests/fixtures/lint)"
"$pt2bb" check ../tests/fixtures/lint

section "pt2bb explain: the notes hover shows, by name"
"$pt2bb" explain torch._dynamo.config.recompile_limit
"$pt2bb" --lang fr explain TORCHDYNAMO_REPRO_AFTER | head -n 4
# The graph-break registry is read from the user's PyTorch (--torch-root); the copy beside the
# checkout stands in for it here when present.
if [ -f ../../shared/data/graph_break_registry.json ]; then
  "$pt2bb" explain --registry ../../shared/data/graph_break_registry.json GB0025 | head -n 6
fi

section "pt2bb doctor and minimize: the workflow's environment check and repro reducer (tests/fixtures/jobs)"
# A fake conda whose env "pt2" has a stand-in torch: the check the editor runs before any job.
PATH="$here/../tests/fixtures/jobs/bin:$PATH" "$pt2bb" doctor --conda-env pt2
demo_dir=$(mktemp -d)
cp ../tests/fixtures/jobs/graph_break_repro.py "$demo_dir/repro.py"
# The graph break comes from one statement; everything else goes, and the diff shows it.
"$pt2bb" minimize --jobs 2 "$demo_dir/repro.py" | head -n 40
rm -rf "$demo_dir"
