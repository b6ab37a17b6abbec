#!/usr/bin/env bash
# Real Emacs (Debian's 28.2 with ELPA eglot 1.9, batch mode) against the real pt2bb binary,
# configured by editors/emacs/pt2bb-eglot.el. Usage: eglot.sh <pt2bb binary> <shared dir>
set -euo pipefail
pt2bb="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
command -v emacs >/dev/null || { echo "clients.eglot: Emacs is not installed (run editors/emacs/test-setup.sh)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/fixtures/workspace" "$work/ws"
# A git repository, so project.el (which eglot asks for the workspace root) finds the folder.
git -C "$work/ws" init -q
mkdir -p "$work/bin" && ln -s "$pt2bb" "$work/bin/pt2bb"
export PATH="$work/bin:$PATH" HOME="$work" PT2BB_WS="$work/ws" PT2BB_EMACS_DIR="$repo/editors/emacs"
timeout 120 emacs --batch -l "$here/eglot_test.el" </dev/null
