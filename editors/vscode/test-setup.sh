#!/usr/bin/env bash
# Installs what the VS Code extension's tests need on a fresh Debian 12 machine (as root or with
# sudo), skipping what is present:
#   - Debian packages: Chromium (the headless browser), ripgrep and the -dev headers that
#     code-server's native modules compile against;
#   - the extension's npm dependencies (`npm ci`, committed lockfile);
#   - the end-to-end driver's npm dependencies (tests/clients/vscode/, playwright-core);
#   - code-server 4.100.3 (real VS Code 1.100.3), cached under $HOME/.cache/pt2bb.
# Called by `.ci/setup.sh --test` (so by `make test`). Takes about 3 minutes the first time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
pkgs=(chromium fonts-liberation ripgrep curl build-essential python3 pkg-config
      libkrb5-dev libsecret-1-dev libxkbfile-dev libx11-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "editors/vscode: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
fi

# npm ci again only when the lockfile changed since the last install.
npm_ci() {
  local dir="$1"
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "editors/vscode: npm ci in ${dir#"$repo"/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
}
npm_ci "$here"
npm_ci "$repo/tests/clients/vscode"

"$here/scripts/install-code-server.sh"
