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
