#!/usr/bin/env bash
# Makes a minimal Debian chroot holding a newer Neovim than bookworm's 0.7.2, so the plugin's
# vim.lsp.start (0.8-0.10) and vim.lsp.config/enable (0.11+) paths run in a real Neovim too:
#   trixie -> Neovim 0.10.x, forky -> 0.12.x.
# Their neovim packages need a newer glibc than bookworm's, hence a chroot rather than a package.
# Needs root (debootstrap); ~1 minute and ~260 MB per suite, once. Does nothing when it exists.
# Usage: newer-nvim-chroot.sh SUITE [DIR]   (default DIR: $HOME/.cache/pt2bb/nvim-SUITE)
set -euo pipefail
suite="$1"
dir="${2:-$HOME/.cache/pt2bb/nvim-$suite}"
[ -x "$dir/usr/bin/nvim" ] && exit 0
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
if ! command -v debootstrap >/dev/null; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 debootstrap >/dev/null
fi
# The Debian mirror apt already uses here (deb822 or one-line format).
mirror="$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)"
[ -n "$mirror" ] || mirror="$(awk '/^deb / && $0 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)"
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
# Bookworm's debootstrap has no script for the newest suites; sid's works for them.
script=/usr/share/debootstrap/scripts/sid
tmp="$dir.partial"
$SUDO rm -rf "$tmp"
echo "editors/nvim: debootstrap $suite (Neovim for the plugin's newer-API test)"
$SUDO debootstrap --variant=minbase --include=neovim "$suite" "$tmp" "$mirror" "$script" >/dev/null
$SUDO rm -rf "$dir"
$SUDO mv "$tmp" "$dir"
$SUDO chroot "$dir" nvim --version | head -1
