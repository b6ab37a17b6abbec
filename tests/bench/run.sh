#!/usr/bin/env bash
# Runs every benchmark. Usage: tests/bench/run.sh <build dir>. Benchmarks print medians and
# ratios against a reference measured in the same run; they are not pass/fail tests.
set -uo pipefail
build=${1:-build}
printf '\n== LSP edit latency (bench_lsp) ==\n'
"$build/tests/bench_lsp" "$build/pt2bb"
printf '\n== Workspace index: 3,000 generated test files, index vs raw parse (bench_index) ==\n'
"$build/tests/bench_index"
printf '\n== Hover and lints on a 400 KB module vs a full parse (bench_hover_lint) ==\n'
"$build/tests/bench_hover_lint"
printf '\n== Triage of a 1 GiB generated TORCH_LOGS="+dynamo" log vs grep -c, and RSS (bench_triage) ==\n'
"$build/tests/bench_triage" "${PT2BB_BENCH_TRIAGE_MIB:-1024}"
printf '\n== Jobs: output capture, process runner throughput, minimiser candidates (bench_jobs) ==\n'
"$build/tests/bench_jobs"
