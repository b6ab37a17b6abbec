#!/usr/bin/env bash
# Installs real VS Code (the web build, with its real extension host) from the npm registry:
# code-server 4.100.3, which is VS Code 1.100.3 and the newest code-server that runs on Node 20.
# The end-to-end test (tests/clients/vscode.sh) drives it in headless Chromium.
#
# A plain `npm install code-server` cannot work offline or as root, so this does its postinstall
# by hand:
#   - its own postinstall refuses to run as root without --unsafe-perm: we skip it (--ignore-scripts)
#     and rebuild the native modules ourselves;
#   - argon2 and kerberos compile from source: they need node's headers (npm_config_nodedir=/usr)
#     and the -dev packages installed by editors/vscode/test-setup.sh;
#   - @vscode/ripgrep downloads rg from GitHub: we put Debian's /usr/bin/rg in its bin/ first, and
#     its script then stops early;
#   - node-pty runs `npx node-gyp`, which would prompt: npm_config_yes=true.
#
# Usage: install-code-server.sh [DEST]   (default: $HOME/.cache/pt2bb/code-server-4.100.3)
# Prints the installed version. Does nothing when DEST already holds a finished install.
set -euo pipefail
VERSION=4.100.3
DEST="${1:-$HOME/.cache/pt2bb/code-server-$VERSION}"
if [ -f "$DEST/.installed" ]; then
  exit 0
fi
for tool in node npm rg cc make python3; do
  command -v "$tool" >/dev/null || { echo "install-code-server: '$tool' is missing (run editors/vscode/test-setup.sh)" >&2; exit 2; }
done
export npm_config_nodedir=/usr npm_config_yes=true npm_config_audit=false npm_config_fund=false
export npm_config_update_notifier=false
# Build into a scratch folder next to DEST and move it in place at the end, so an interrupted
# install never looks finished.
tmp="$DEST.partial"
rm -rf "$tmp"; mkdir -p "$tmp"; cd "$tmp"
npm pack --silent "code-server@$VERSION" >/dev/null
tar xzf "code-server-$VERSION.tgz" && rm "code-server-$VERSION.tgz"
cd package
npm install --omit=dev --ignore-scripts --loglevel=error >/dev/null
npm rebuild argon2 --loglevel=error >/dev/null
cd lib/vscode
npm install --omit=dev --ignore-scripts --loglevel=error >/dev/null
mkdir -p node_modules/@vscode/ripgrep/bin
cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
npm rebuild --loglevel=error >/dev/null 2>rebuild.err || { cat rebuild.err >&2; exit 1; }
rm -f rebuild.err
# What code-server's postinstall would have linked.
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sf code-linux.sh code-server)
(cd bin/helpers && ln -sf browser-linux.sh browser.sh)
(cd extensions && npm install --omit=dev --loglevel=error >/dev/null)
cd "$tmp"
touch .installed
rm -rf "$DEST"; mv "$tmp" "$DEST"
echo "code-server $VERSION installed in $DEST"
