#!/usr/bin/env bash
# Real Neovim (Debian's 0.7.2, headless) against the real pt2bb binary, through the plugin in
# editors/nvim set up with require('pt2bb').setup({}) and pt2bb on PATH.
# Usage: nvim.sh <pt2bb binary> <shared dir>   (ctest: clients.nvim)
# Env: NVIM (default: nvim on PATH).
set -euo pipefail
pt2bb="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
nvim="${NVIM:-nvim}"
if ! command -v "$nvim" >/dev/null; then
  echo "clients.nvim: Neovim is not installed (run editors/nvim/test-setup.sh)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A scratch copy of the fixture workspace (the test edits buffers), and pt2bb on PATH as a user has it.
cp -r "$here/fixtures/workspace" "$work/ws"
mkdir -p "$work/bin" && ln -s "$pt2bb" "$work/bin/pt2bb"
export PATH="$work/bin:$PATH" PT2BB_WS="$work/ws" PT2BB_PLUGIN="$repo/editors/nvim"
export HOME="$work" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
rc=0
timeout 120 "$nvim" --headless -u NONE -i NONE -n --cmd "set rtp^=$repo/editors/nvim" \
  -c "luafile $here/nvim_test.lua" </dev/null || rc=$?
if [ $rc != 0 ] && [ -f "$work/state/nvim/lsp.log" ]; then
  echo "--- Neovim's lsp.log (tail)"; tail -n 40 "$work/state/nvim/lsp.log"
fi
exit $rc
