#!/usr/bin/env bash
# Real VS Code end to end: code-server 4.100.3 (VS Code 1.100.3) with our extension, packaged
# here into a .vsix, starting the real pt2bb binary; driven in headless Chromium by
# tests/clients/vscode/drive.js: a trusted session, then a restricted-mode one. Loopback only;
# about two minutes.
# Usage: vscode.sh <pt2bb binary> <shared dir>   (ctest: clients.vscode)
# Needs editors/vscode/test-setup.sh to have run (Chromium, npm packages, code-server).
# Env: CODE_SERVER_DIR, CHROMIUM, KEEP=1 (keep the scratch folder: screenshots, logs).
set -euo pipefail
pt2bb="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
ext="$repo/editors/vscode"
cs_dir="${CODE_SERVER_DIR:-$HOME/.cache/pt2bb/code-server-4.100.3}"
fail() { echo "clients.vscode: $*" >&2; exit 1; }
[ -f "$cs_dir/.installed" ] || fail "code-server is not installed in $cs_dir (run editors/vscode/test-setup.sh)"
command -v "${CHROMIUM:-chromium}" >/dev/null || fail "Chromium is not installed (run editors/vscode/test-setup.sh)"
[ -d "$ext/node_modules" ] && [ -d "$here/vscode/node_modules" ] || fail "npm packages missing (run editors/vscode/test-setup.sh)"

work="$(mktemp -d)"
cleanup() {
  [ -z "${cs_pid:-}" ] || kill "$cs_pid" 2>/dev/null || true
  [ -z "${cs_pid:-}" ] || wait "$cs_pid" 2>/dev/null || true
  if [ -n "${KEEP:-}" ]; then echo "kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# 1. The extension, type-checked, bundled and packaged as a user would install it.
(cd "$ext" && npm run -s typecheck && npm run -s bundle \
  && npx vsce package --no-dependencies -o "$work/pt2bb.vsix" </dev/null >/dev/null) || fail "building the .vsix failed"
cs=(node "$cs_dir/package/out/node/entry.js" --config "$work/code-server.yaml" --user-data-dir "$work/user-data" --extensions-dir "$work/extensions")
"${cs[@]}" --install-extension "$work/pt2bb.vsix" >/dev/null

# 2. A scratch copy of the fixture workspace, and settings pointing at the binary under test.
cp -r "$here/fixtures/workspace" "$work/ws"
mkdir -p "$work/user-data/User" "$work/shots"
cat >"$work/user-data/User/settings.json" <<JSON
{
  "pt2bb.serverPath": "$pt2bb",
  "pt2bb.serverLogLevel": "info",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "extensions.ignoreRecommendations": true,
  "telemetry.telemetryLevel": "off"
}
JSON

# 3. code-server on a free loopback port, driven in Chromium by drive.js in MODE (full: the
#    trusted workspace of a user at work; restricted: a workspace VS Code does not trust).
rc=0
session() {
  local mode="$1" user_data="$2"; shift 2
  local port log
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  log="$work/code-server-$mode.log"
  node "$cs_dir/package/out/node/entry.js" --config "$work/code-server.yaml" --user-data-dir "$user_data" \
    --extensions-dir "$work/extensions" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry \
    --disable-update-check "$@" "$work/ws" >"$log" 2>&1 &
  cs_pid=$!
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
    kill -0 "$cs_pid" 2>/dev/null || { cat "$log"; fail "code-server exited"; }
    sleep 0.5
  done
  local r=0
  (cd "$here/vscode" && timeout 300 node drive.js "http://127.0.0.1:$port" "$work/ws" "$work/shots" "$mode") || r=$?
  local channel
  channel=$(find "$user_data/logs" -name '*PT2 Bug Basher*' 2>/dev/null | head -1)
  if [ "$mode" = restricted ]; then
    # The extension told the server the workspace is untrusted (initializationOptions.trusted=false).
    if [ -n "$channel" ] && grep -q "workspace NOT trusted" "$channel"; then
      echo "PASS restricted mode: the server was started as untrusted"
    else
      echo "FAIL restricted mode: the server was started as untrusted"; r=1
    fi
  fi
  if [ $r != 0 ]; then
    echo "--- code-server log (tail)"; tail -n 30 "$log"
    if [ -n "$channel" ]; then echo "--- extension output channel (tail)"; tail -n 40 "$channel"; fi
    rc=1
  fi
  kill "$cs_pid" 2>/dev/null || true
  wait "$cs_pid" 2>/dev/null || true
  cs_pid=""
}

session full "$work/user-data" --disable-workspace-trust
# Restricted mode: a fresh profile that never trusted the folder and is not asked to.
mkdir -p "$work/user-data-restricted/User"
sed 's/^{$/{\n  "security.workspace.trust.startupPrompt": "never",/' "$work/user-data/User/settings.json" \
  >"$work/user-data-restricted/User/settings.json"
cp -r "$here/fixtures/workspace/." "$work/ws/"  # Back to the fixture's text.
session restricted "$work/user-data-restricted"
exit $rc
