#!/usr/bin/env bash
# The memory tools through the official MCP client (tests/e2e/mcp/memory.mjs):
# a real `cortex mcp` on a small git repository, add → get → query → update →
# move → list → recent → prune → remove with exact answers and the files on
# disk byte for byte, the errors, the annotations. Node resolves the client
# from the repository's node_modules.
. "$(dirname "$0")/lib.sh"
CORTEX=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

# 77: CTest reports a skip (SKIP_RETURN_CODE), not a pass.
if ! command -v node >/dev/null || [ ! -d "$REPO/node_modules/@modelcontextprotocol/client" ]; then
  echo "node or the MCP client in $REPO/node_modules missing (npm ci --ignore-scripts): skipping"
  exit 77
fi

(cd "$REPO" && CORTEX="$CORTEX" WORK="$TMP" timeout $((120 * TIMEOUT_SCALE)) node tests/e2e/mcp/memory.mjs) \
  >"$TMP/memory.log" 2>&1 || true
sed 's/^/    /' "$TMP/memory.log"
PASSED=$((PASSED + $(grep -c '^ok - ' "$TMP/memory.log" || true)))
FAILED=$((FAILED + $(grep -c '^FAIL - ' "$TMP/memory.log" || true)))
grep -q '^memory: [0-9]* passed, 0 failed$' "$TMP/memory.log" || fail "memory.mjs ran to the end, every check passed"

finish
