#!/usr/bin/env bash
# get_callers / get_callees, and the graph tool, over MCP, edge by edge: the official 2.x client
# (tests/e2e/mcp/resolution.mjs) drives `cortex mcp` on a fresh git copy of
# resolution goldens (tests/resolution/<case>/repo) in Go, Python,
# JavaScript, TypeScript and C, and compares whole answers: every reference's place,
# caller, binding label and target; and that the client, once it has listed
# the tools, accepts every answer (outputSchema). Node resolves the client
# from the repository's node_modules.
. "$(dirname "$0")/lib.sh"
CORTEX=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

# 77: CTest reports a skip (SKIP_RETURN_CODE), not a pass.
if ! command -v node >/dev/null || [ ! -d "$REPO/node_modules/@modelcontextprotocol/client" ]; then
  echo "node or the MCP client in $REPO/node_modules missing (npm ci --ignore-scripts): skipping"
  exit 77
fi

(cd "$REPO" && CORTEX="$CORTEX" WORK="$TMP" timeout $((300 * TIMEOUT_SCALE)) node tests/e2e/mcp/resolution.mjs) \
  >"$TMP/resolution.log" 2>&1 || true
sed 's/^/    /' "$TMP/resolution.log"
PASSED=$((PASSED + $(grep -c '^ok - ' "$TMP/resolution.log" || true)))
FAILED=$((FAILED + $(grep -c '^FAIL - ' "$TMP/resolution.log" || true)))
grep -q '^resolution: [0-9]* passed, 0 failed$' "$TMP/resolution.log" || fail "resolution.mjs ran to the end, every check passed"

# the graph tool over MCP (tests/e2e/mcp/graph.mjs)
(cd "$REPO" && CORTEX="$CORTEX" WORK="$TMP" timeout $((120 * TIMEOUT_SCALE)) node tests/e2e/mcp/graph.mjs) \
  >"$TMP/graph.log" 2>&1 || true
sed 's/^/    /' "$TMP/graph.log"
PASSED=$((PASSED + $(grep -c '^ok - ' "$TMP/graph.log" || true)))
FAILED=$((FAILED + $(grep -c '^FAIL - ' "$TMP/graph.log" || true)))
grep -q '^graph: [0-9]* passed, 0 failed$' "$TMP/graph.log" || fail "graph.mjs ran to the end, every check passed"

finish
