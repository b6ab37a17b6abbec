#!/usr/bin/env bash
# ctest entry (clients.vscode_unit): the VS Code extension's own logic (settings, server lookup,
# command arguments, status bar text, package.json consistency) with Node's test runner.
# Args: <pt2bb> <shared dir> (unused). Needs editors/vscode/test-setup.sh (npm ci) to have run.
set -euo pipefail
ext="$(cd "$(dirname "$0")/../../editors/vscode" && pwd)"
[ -d "$ext/node_modules" ] || { echo "clients.vscode_unit: run editors/vscode/test-setup.sh first" >&2; exit 1; }
cd "$ext"
npm run -s typecheck
npm test
