#!/usr/bin/env bash
# Fetches the pinned grammar, runtime and SQLite sources into DIR/node_modules
# (npm ci --ignore-scripts). npm's "Unsupported engine" warnings are dropped
# when the install succeeds: they are about Node addons cortex never builds
# (it uses only better-sqlite3's SQLite sources), and a newcomer reads them as a
# broken install. Any other output is kept; on failure everything is shown.
# Usage: scripts/npm-sources.sh DIR
set -uo pipefail
dir=${1:?usage: scripts/npm-sources.sh DIR}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund) >"$log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
  cat "$log" >&2
  exit $rc
fi
grep -v '^npm warn EBADENGINE' "$log" >&2 || true
