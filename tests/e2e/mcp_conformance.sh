#!/usr/bin/env bash
# `cortex mcp` on the wire: raw JSON-RPC lines against a fresh copy of the
# fixture repository, each response checked exactly (code, message, id):
# malformed JSON, batches, bad envelopes and ids, unknown methods and tools,
# bad params and cursors, missing resources (legacy -32002, modern -32602),
# prompts, logging levels, the modern era (_meta, resultType, ttlMs,
# cacheScope, -32022), tool validation as isError results, notifications
# never answered, blank lines, a 5 MB line, JSON nested 10,000 deep, client
# responses ignored, cancellation of queued and running requests, and a clean
# exit 0 when stdin closes. The checks live in mcp/conformance.mjs (plain
# node:child_process, no MCP SDK).
. "$(dirname "$0")/lib.sh"
CORTEX=$1

# 77: CTest reports a skip (SKIP_RETURN_CODE), not a pass.
if ! command -v node >/dev/null; then
  echo "node not found: skipping"; exit 77
fi

REPO_DIR="$TMP/repo"
copy_fixture "$REPO_DIR"
expect_status "index the fixture" 0 "$CORTEX" index "$REPO_DIR" --quiet

node "$REPO/tests/e2e/mcp/conformance.mjs" "$CORTEX" "$REPO_DIR" > "$TMP/conformance.out" 2>&1 || true
cat "$TMP/conformance.out"
PASSED=$((PASSED + $(grep -c '^ok - ' "$TMP/conformance.out" || true)))
FAILED=$((FAILED + $(grep -c '^FAIL - ' "$TMP/conformance.out" || true)))
grep -q '^# conformance: ' "$TMP/conformance.out" || fail "conformance.mjs ran to the end"

finish
