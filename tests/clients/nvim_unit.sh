#!/usr/bin/env bash
# ctest entry (clients.nvim_unit): the Neovim plugin's own logic, in headless Neovim, no server.
# Args: <pt2bb> <shared dir> (unused).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v "${NVIM:-nvim}" >/dev/null || { echo "clients.nvim_unit: run editors/nvim/test-setup.sh first" >&2; exit 1; }
HOME="$(mktemp -d)"; export HOME; trap 'rm -rf "$HOME"' EXIT
exec timeout 60 "${NVIM:-nvim}" --headless -u NONE -i NONE -n --cmd "set rtp^=$here/../../editors/nvim" \
  -c "luafile $here/nvim_unit.lua" </dev/null
