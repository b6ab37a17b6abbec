#!/usr/bin/env bash
# Installs what pt2bb needs to build (and, with --test, to run its whole test suite) on a fresh
# Debian machine. Skips what is present; uses sudo only when not root. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

want_tests=0
[ "${1:-}" = "--test" ] && want_tests=1

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

build_pkgs=(cmake ninja-build g++ pkg-config nodejs npm nlohmann-json3-dev libboost-dev libspdlog-dev doctest-dev
            libtree-sitter-dev libre2-dev libcli11-dev git python3)
# Real clients and the tools the tests drive (see README "Tests").
test_pkgs=(neovim ripgrep)

missing=()
pkgs=("${build_pkgs[@]}")
[ $want_tests = 1 ] && pkgs+=("${test_pkgs[@]}")
for p in "${pkgs[@]}"; do
  if [ "$p" = nodejs ] || [ "$p" = npm ]; then
    command -v "${p/nodejs/node}" >/dev/null 2>&1 && continue
  fi
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The tree-sitter-python grammar, pinned by the committed lockfile.
if [ ! -f analyzers/syntax/grammar/node_modules/tree-sitter-python/src/parser.c ]; then
  (cd analyzers/syntax/grammar && npm ci --ignore-scripts --no-audit --no-fund)
fi


# Each editor client installs what its real-editor test needs.
if [ $want_tests = 1 ]; then
  for s in editors/*/test-setup.sh; do
    [ -x "$s" ] && "$s"
  done
fi
exit 0
