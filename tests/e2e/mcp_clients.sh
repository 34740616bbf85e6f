#!/usr/bin/env bash
# `cortex mcp` as the official clients see it: the 2.x client pinned to the
# 2026-07-28 revision (tests/e2e/mcp/modern.mjs) and the 1.x client with the
# legacy initialize handshake (tests/e2e/mcp/legacy.mjs) each spawn the real
# server in a fresh copy of the fixture, which it indexes on start, and run
# the same checks (tests/e2e/mcp/common.mjs): every tool, resource and prompt,
# with exact answers. Node resolves the clients from the repository's node_modules.
. "$(dirname "$0")/lib.sh"
CORTEX=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

make_repo() { # DIR: the fixture as tests/e2e/index_repo.sh prepares it, a git repository
  local d=$1
  copy_fixture "$d"
  git -C "$d" init -q
}

if ! command -v node >/dev/null || [ ! -d "$REPO/node_modules/@modelcontextprotocol/client" ] ||
   [ ! -d "$REPO/node_modules/@modelcontextprotocol/sdk" ]; then
  fail "node and the MCP clients in $REPO/node_modules (npm ci --ignore-scripts)"
  finish
fi

for era in modern legacy; do
  # Named "repo" in both: explore reports the directory's name.
  make_repo "$TMP/$era/repo"
  if (cd "$REPO" && CORTEX="$CORTEX" FIXTURE="$TMP/$era/repo" timeout 300 node tests/e2e/mcp/$era.mjs) \
       >"$TMP/$era.log" 2>&1; then
    pass "$era client"
  else
    fail "$era client"
  fi
  sed 's/^/    /' "$TMP/$era.log"
  [ ! -e "$TMP/$era/repo/.cortex/cortex.db" ] && fail "$era: the server indexed the copy into .cortex/" || true
done

finish
