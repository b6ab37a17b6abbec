#!/usr/bin/env bash
# Installs what the Neovim plugin's test (tests/clients/nvim.sh) needs on a fresh Debian 12
# machine, as root or with sudo: Debian's neovim (0.7.2 on bookworm). Skips what is present.
set -euo pipefail
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
if ! dpkg-query -W -f='${Status}' neovim 2>/dev/null | grep -q "install ok installed"; then
  echo "editors/nvim: installing neovim"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 neovim >/dev/null
fi

# Newer Neovims for tests/clients/nvim_newer.sh (the vim.lsp.start and vim.lsp.config paths):
# Debian trixie (0.10) and forky (0.12) chroots, about a minute and 260 MB each, once.
# PT2BB_SKIP_NEWER_NVIM=1 skips them (that test then fails, saying so).
if [ -z "${PT2BB_SKIP_NEWER_NVIM:-}" ]; then
  here="$(cd "$(dirname "$0")" && pwd)"
  for suite in trixie forky; do
    "$here/scripts/newer-nvim-chroot.sh" "$suite"
  done
fi
