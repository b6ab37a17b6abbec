#!/usr/bin/env bash
# The Neovim test (nvim_test.lua) on newer Neovims than Debian bookworm's 0.7.2, to run the
# plugin's vim.lsp.start path (0.8-0.10) and its vim.lsp.config/enable path (0.11+) for real:
# Neovim 0.10 from a Debian trixie chroot and 0.12 from a forky chroot, both made once by
# editors/nvim/test-setup.sh. The binary under test runs inside with its own shared libraries
# and loader (the chroots hold another Debian's libraries).
# Usage: nvim_newer.sh <pt2bb binary> <shared dir>   (ctest: clients.nvim_newer)
# Env: PT2BB_NVIM_SUITES (default "trixie forky").
set -euo pipefail
pt2bb="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
if [ "$(id -u)" = 0 ]; then enter=(chroot); else enter=(unshare --map-root-user chroot); fi
rc=0
for suite in ${PT2BB_NVIM_SUITES:-trixie forky}; do
  root="$HOME/.cache/pt2bb/nvim-$suite"
  if [ ! -x "$root/usr/bin/nvim" ]; then
    echo "FAIL $suite: no chroot in $root (run editors/nvim/test-setup.sh)"
    rc=1
    continue
  fi
  run="$(mktemp -d "$root/tmp/pt2bb-test-XXXXXX")"
  inside="/tmp/$(basename "$run")"
  mkdir -p "$run/bin" "$run/lib"
  cp "$pt2bb" "$run/lib/pt2bb"
  # Every shared library the binary loads, and the loader itself.
  ldd "$pt2bb" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}' | while read -r lib; do cp -L "$lib" "$run/lib/"; done
  loader="$(basename "$(ldd "$pt2bb" | awk '$1 ~ /^\// && /ld-linux/ {print $1}')")"
  printf '#!/bin/sh\nexec %s/lib/%s --library-path %s/lib %s/lib/pt2bb "$@"\n' "$inside" "$loader" "$inside" "$inside" >"$run/bin/pt2bb"
  chmod +x "$run/bin/pt2bb"
  cp -r "$repo/editors/nvim" "$run/plugin"
  cp "$here/nvim_test.lua" "$run/"
  cp -r "$here/fixtures/workspace" "$run/ws"
  echo "== Neovim of Debian $suite"
  "${enter[@]}" "$root" /usr/bin/env -i PATH="$inside/bin:/usr/bin:/bin" HOME="$inside" \
    PT2BB_WS="$inside/ws" PT2BB_PLUGIN="$inside/plugin" \
    timeout 120 nvim --headless -u NONE -i NONE -n --cmd "set rtp^=$inside/plugin" \
    -c "luafile $inside/nvim_test.lua" </dev/null || rc=1
  rm -rf "$run"
done
exit $rc
