#!/usr/bin/env bash
# ctest entry: the binary over stdio (see stdio_session.js). Args: <pt2bb> <shared dir>
set -euo pipefail
exec node "$(dirname "$0")/stdio_session.js" "$1" "$2"
