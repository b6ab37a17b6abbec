#!/usr/bin/env bash
# ctest entry (clients.replay_initialize): real clients' initialize params against the binary.
# Args: <pt2bb> <shared dir>. Needs only node (see replay_initialize.js).
set -euo pipefail
exec node "$(dirname "$0")/replay_initialize.js" "$1" "$2"
