#!/usr/bin/env bash
# A grammar or plugin that crashes or spins costs one file (issue 24): the
# index runs in a process of its own; the file it died or hung in is
# quarantined with its reason, the run goes on without it, later runs skip it
# until it changes, and an MCP server indexing the same repository stays up.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
BUILD=$2

# The misbehaving plugin alone on the plugin path (the fixture directory also
# holds plugins that are wrong on purpose).
mkdir -p "$TMP/plugins"
cp "$BUILD/tests/fixture-plugins/misbehaving.so" "$TMP/plugins/"
export CORTEX_PLUGIN_PATH="$TMP/plugins"

R="$TMP/repo"
mkdir -p "$R/.cortex"
git -C "$R" init -q
printf 'int fine(void) { return 1; }\n' >"$R/a.bad"
printf 'int crash_here(void) { return 2; }\n' >"$R/crash.bad"
printf 'int spin_here(void) { return 3; }\n' >"$R/spin.bad"
printf 'int other(void) { return 4; }\n' >"$R/z.bad"
printf 'int g(void) { return 5; }\n' >"$R/m.c"
# parse_seconds bounds the parse and the queries; a hook that spins is
# stopped by the supervisor after three times that and two seconds.
printf 'pipelines:\n  default:\n    limits:\n      parse_seconds: 1\n' >"$R/.cortex/config.yml"

expect_status "a run with a crashing and a spinning file finishes" 0 timeout 120 "$CORTEX" index --json "$R"
cp "$TMP/out" "$TMP/first.json"
cp "$TMP/err" "$TMP/first.err"
expect_eq "both are reported with their reason" \
  "crash.bad quarantined: its extraction crashed the indexing process
spin.bad quarantined: its extraction ran past 5 s and the indexing process was stopped" \
  "$(jq -r '.problems[] | "\(.path) \(.message)"' "$TMP/first.json" | sed 's/ (.*//; s/; skipped.*//' | sort)"
expect_eq "the other files are indexed" "a.bad m.c z.bad" "$(jq -r '.path' "$R/.cortex/index/files.jsonl" | xargs)"
expect_eq "their definitions are there" "fine g other" "$(jq -r '.name' "$R/.cortex/index/symbols.jsonl" | sort | xargs)"
expect_eq "the quarantine lists both" "crash.bad spin.bad" "$(jq -r '.path' "$R/.cortex/quarantine.jsonl" | xargs)"
expect_eq "the store is intact" "ok" "$(sqlite3 "$R/.cortex/cortex.db" 'PRAGMA integrity_check')"

start=$(date +%s)
expect_status "the next run skips them" 0 timeout 60 "$CORTEX" index --json "$R"
expect_eq "at once, without dying again" "0" "$(grep -c 'quarantined:' "$TMP/err" || true)"
expect_eq "still saying why" "crash.bad spin.bad" "$(jq -r '.problems[].path' "$TMP/out" | xargs)"
expect_eq "and listing them as skipped" "2" \
  "$(jq '[.skipped[] | select(.reason | startswith("quarantined"))] | length' "$TMP/out")"
[ $(( $(date +%s) - start )) -lt 5 ] && pass "a skipping run does not wait for the hang" || fail "the second run took $(( $(date +%s) - start )) s"

printf 'int mended(void) { return 2; }\n' >"$R/crash.bad"
expect_status "a quarantined file that changes is indexed again" 0 "$CORTEX" index --json "$R"
expect_eq "with its definitions" "fine g mended other" "$(jq -r '.name' "$R/.cortex/index/symbols.jsonl" | sort | xargs)"
expect_eq "and only the other still quarantined" "spin.bad" "$(jq -r '.problems[].path' "$TMP/out" | xargs)"

# The run's process loads the plugins, and says which it refused unless quiet.
cp "$BUILD/tests/fixture-plugins/abi_too_old.so" "$TMP/plugins/"
expect_status "an index beside a plugin of a too old ABI runs" 0 "$CORTEX" index "$R"
expect_eq "and says once that the plugin was refused" "1" "$(grep -c 'warning: plugin .*abi_too_old.so refused' "$TMP/err")"
expect_status "a quiet one too" 0 "$CORTEX" index --quiet "$R"
expect_eq "saying nothing" "" "$(cat "$TMP/err")"
rm "$TMP/plugins/abi_too_old.so"

# The MCP server indexes a repository with a crashing file and answers on.
M="$TMP/served"
mkdir -p "$M"
git -C "$M" init -q
printf 'int crash_here(void) { return 2; }\n' >"$M/crash.bad"
printf 'int served(void) { return 1; }\n' >"$M/ok.bad"
python3 - "$CORTEX" "$M" >"$TMP/mcp.out" <<'PY'
import json, subprocess, sys
cortex, root = sys.argv[1], sys.argv[2]
p = subprocess.Popen([cortex, "mcp", "--root", root, "--no-watch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL)
def call(i, method, params=None):
    p.stdin.write((json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params or {}}) + "\n").encode())
    p.stdin.flush()
    while True:
        m = json.loads(p.stdout.readline())
        if m.get("id") == i:
            return m
call(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
p.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
flush = call(1, "tools/call", {"name": "flush_index", "arguments": {}})
found = call(2, "tools/call", {"name": "search", "arguments": {"query": "served"}})
pong = call(3, "ping")
p.stdin.close()
p.wait(timeout=60)
text = json.dumps(flush["result"])
print("quarantined" in text, "served" in json.dumps(found["result"]), pong.get("result") == {})
PY
expect_eq "the server answers after the crash: the flush names the file, search and ping answer" "True True True" \
  "$(cat "$TMP/mcp.out")"
finish
