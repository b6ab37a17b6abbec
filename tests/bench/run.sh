#!/usr/bin/env bash
# Runs every benchmark. Usage: tests/bench/run.sh <build dir>. Benchmarks print medians and
# ratios against a reference measured in the same run; they are not pass/fail tests.
set -uo pipefail
build=${1:-build}
printf '\n== LSP edit latency (bench_lsp) ==\n'
"$build/tests/bench_lsp" "$build/pt2bb"
