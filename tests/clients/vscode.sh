#!/usr/bin/env bash
# Real VS Code end to end: code-server 4.100.3 (VS Code 1.100.3) with our extension, packaged
# here into a .vsix, starting the real pt2bb binary; driven in headless Chromium by
# tests/clients/vscode/drive.js. Loopback only; about a minute.
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

# 3. code-server on a free loopback port.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"${cs[@]}" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry --disable-update-check \
  --disable-workspace-trust "$work/ws" >"$work/code-server.log" 2>&1 &
cs_pid=$!
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  kill -0 "$cs_pid" 2>/dev/null || { cat "$work/code-server.log"; fail "code-server exited"; }
  sleep 0.5
done

# 4. Drive the UI.
rc=0
(cd "$here/vscode" && timeout 300 node drive.js "http://127.0.0.1:$port" "$work/ws" "$work/shots") || rc=$?
if [ $rc != 0 ]; then
  echo "--- code-server log (tail)"; tail -n 30 "$work/code-server.log"
  log=$(find "$work/user-data/logs" -name '*PT2 Bug Basher*' 2>/dev/null | head -1)
  if [ -n "$log" ]; then echo "--- extension output channel (tail)"; tail -n 40 "$log"; fi
fi
exit $rc
