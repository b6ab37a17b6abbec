#!/usr/bin/env bash
# Installs what the eglot test (tests/clients/eglot.sh) needs on a fresh Debian 12 machine, as
# root or with sudo: Emacs 28 without X and ELPA eglot 1.9 (about 46 MB). Skips what is present.
set -euo pipefail
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
missing=()
for p in emacs-nox elpa-eglot git; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "editors/emacs: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
fi
