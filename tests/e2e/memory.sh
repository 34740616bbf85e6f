#!/usr/bin/env bash
# Agent memory end to end on the real binary (docs/memory.md): add, query,
# update, move, prune and remove through `cortex memory`, with the files on
# disk checked byte for byte; a hand edit noticed; the index rebuilt after
# memory.db is deleted; two processes writing 1,000 memories each at once
# (2,000 files, 2,000 rows, nothing lost); bad input refused; the walker
# never indexes the store as code.
# Usage: memory.sh CORTEX BUILD_DIR
source "$(dirname "$0")/lib.sh"
CORTEX=$1
export XDG_DATA_HOME="$TMP/xdg"
R="$TMP/repo"
copy_fixture "$R"
cd "$R"
M="$R/.cortex/memory"

"$CORTEX" memory add decisions/use-wal --title "Use WAL" --body $'WAL lets readers run during a write.\n' \
  --tags db,sqlite >/dev/null
created=$(sed -n 's/^created_at: //p' "$M/decisions/use-wal.md")
expect_eq "add writes the file" "---
title: Use WAL
created_at: $created
updated_at: $created
tags: [db, sqlite]
source: cli
---
WAL lets readers run during a write." "$(cat "$M/decisions/use-wal.md")"
"$CORTEX" tool memory '{"operation":"add","path":"standards/naming","body":"# Naming\nmodule_verb everywhere\n","tags":["style"],"citations":[{"file":"src/app.py"},{"file":"gone.py"},{"symbol":"no_such_symbol_anywhere"}]}' >/dev/null

expect_eq "query by text" "decisions/use-wal" \
  "$("$CORTEX" memory query --text readers --json | jq -r '.memories[].path')"
expect_eq "query by tag and category" "standards/naming" \
  "$("$CORTEX" memory query --tags style,nothing --category standards --json | jq -r '.memories[].path')"
# a symbol is checked against the code index; with none it is "unknown", never guessed
expect_eq "get checks citations (no code index yet)" "true false unknown true" \
  "$("$CORTEX" memory get standards/naming --json | jq -r '[.memory.citations[0].file_exists, .memory.citations[1].file_exists, .memory.citations[2].symbol_found, .memory.stale] | join(" ")')"
"$CORTEX" index >/dev/null 2>&1
expect_eq "get checks citations (indexed)" "false" \
  "$("$CORTEX" memory get standards/naming --json | jq -r '.memory.citations[2].symbol_found')"

"$CORTEX" tool memory '{"operation":"update","path":"decisions/use-wal","body":"WAL, always.\n","expires_at":"2020-01-01T00:00:00Z"}' >/dev/null
expect_eq "update keeps created_at and sets expires_at" "$created|expires_at: 2020-01-01T00:00:00.000Z|WAL, always." \
  "$(sed -n 's/^created_at: //p' "$M/decisions/use-wal.md")|$(grep '^expires_at' "$M/decisions/use-wal.md")|$(tail -1 "$M/decisions/use-wal.md")"
expect_status "an expired memory is hidden from get" 1 "$CORTEX" memory get decisions/use-wal
expect_eq "include_expired shows it" "true" \
  "$("$CORTEX" memory get decisions/use-wal --include-expired true --json | jq -r .memory.expired)"
"$CORTEX" tool memory '{"operation":"update","path":"decisions/use-wal","expires_at":null}' >/dev/null
expect_eq "expires_at null clears" "" "$(grep '^expires_at' "$M/decisions/use-wal.md" || true)"

before=$(cat "$M/decisions/use-wal.md")
"$CORTEX" memory move decisions/use-wal --to decisions/db/use-wal >/dev/null
expect_eq "move keeps the bytes" "$before" "$(cat "$M/decisions/db/use-wal.md")"
expect_eq "move leaves no file behind" "no" "$([ -e "$M/decisions/use-wal.md" ] && echo yes || echo no)"
expect_eq "list a category recursively" "decisions/db decisions/db/use-wal" \
  "$("$CORTEX" memory list --category decisions --recursive true --json | jq -r '[.categories[].path, .memories[].path] | join(" ")')"

"$CORTEX" tool memory '{"operation":"add","path":"old","body":"x","expires_at":"2021-01-01"}' >/dev/null
expect_eq "prune dry_run lists, keeps" "old yes" \
  "$("$CORTEX" memory prune --dry-run true --json | jq -r '.removed | join(" ")') $([ -e "$M/old.md" ] && echo yes)"
expect_eq "prune removes the expired" "old no" \
  "$("$CORTEX" memory prune --json | jq -r '.removed | join(" ")') $([ -e "$M/old.md" ] && echo yes || echo no)"
"$CORTEX" memory remove standards/naming >/dev/null
expect_eq "remove deletes the file" "no" "$([ -e "$M/standards/naming.md" ] && echo yes || echo no)"

# a hand edit is noticed; a malformed file is reported with its place and skipped
printf -- '---\ntags: [hand]\n---\nEdited by hand: quokka\n' > "$M/decisions/db/use-wal.md"
expect_eq "a hand edit is read again" "decisions/db/use-wal" \
  "$("$CORTEX" memory query --text quokka --json | jq -r '.memories[].path')"
printf -- '---\ntags: [a\n---\n' > "$M/broken.md"
expect_eq "a malformed file is reported and skipped" "broken.md:3:1: 1" \
  "$("$CORTEX" memory query --json | jq -r '(.problems[0] | split(" front")[0]) + " " + (.total | tostring)')"
rm "$M/broken.md"

# the index is derived: deleted, it is rebuilt with a notice
rm "$M/memory.db"
expect_eq "rebuilt from the files" "1 yes" \
  "$("$CORTEX" memory query --json | jq -r '(.total | tostring) + " " + (if .notice then "yes" else "no" end)')"

# bad input
expect_status "a slug that climbs is refused" 1 "$CORTEX" memory add ../escape --body x
expect_status "an absolute path is refused" 1 "$CORTEX" memory add /tmp/x --body x
expect_status "a hidden name is refused" 1 "$CORTEX" memory add .hidden --body x
expect_status "an unknown store is refused" 1 "$CORTEX" memory query --store nosuch
expect_eq "nothing escaped" "no" "$([ -e "$R/.cortex/escape.md" ] || [ -e /tmp/x.md ] && echo yes || echo no)"
ln -s /etc "$M/linked"
expect_eq "a link in the store is refused" "1" \
  "$("$CORTEX" memory add linked/passwd --body x >/dev/null 2>&1; echo $?)"
rm "$M/linked"

# stores: user and named
"$CORTEX" memory add prefs/editor --store user --body "vim" >/dev/null
expect_eq "the user store is under XDG_DATA_HOME" "yes" "$([ -f "$XDG_DATA_HOME/cortex/memory/prefs/editor.md" ] && echo yes)"
"$CORTEX" memory create_store --name team >/dev/null
"$CORTEX" memory add a --store team --body "team note" >/dev/null
expect_eq "stores lists project, user and named" "project user team" \
  "$("$CORTEX" memory stores --json | jq -r '[.stores[].name] | join(" ")')"

# the walker never indexes the store as code
"$CORTEX" index >/dev/null 2>&1
expect_eq "no memory file is indexed as code" "0" \
  "$("$CORTEX" tool flush_index '{}' --json >/dev/null; sqlite3 .cortex/cortex.db "SELECT count(*) FROM files WHERE path LIKE '.cortex/%'" 2>/dev/null || echo 0)"

# two processes writing 1,000 memories each, at once, over MCP (each a client
# that waits for its answer before the next call, as agents do)
writer() {
  python3 - "$CORTEX" "$1" <<'PY'
import json, subprocess, sys
cortex, w = sys.argv[1], sys.argv[2]
p = subprocess.Popen([cortex, "mcp", "--no-index", "--no-watch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL, text=True)
def call(msg):
    p.stdin.write(json.dumps(msg) + "\n"); p.stdin.flush()
    if "id" in msg:
        line = p.stdout.readline(); print(line, end="")
call({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "w", "version": "1"}}})
call({"jsonrpc": "2.0", "method": "notifications/initialized"})
for i in range(1000):
    call({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call", "params": {"name": "memory", "arguments": {"operation": "add", "store": "team", "path": f"load/{w}/m{i}", "body": f"writer {w} memory {i}\n"}}})
p.stdin.close(); p.wait()
PY
}
writer a > "$TMP/a.out" &
pa=$!
writer b > "$TMP/b.out" &
pb=$!
wait $pa $pb
errors=$(cat "$TMP/a.out" "$TMP/b.out" | jq -r 'select(.result.isError == true or .error) | .id' | wc -l)
expect_eq "two writers: no call failed" "0" "$errors"
expect_eq "two writers: 2,000 files" "2000" "$(find "$XDG_DATA_HOME/cortex/stores/team/load" -name '*.md' | wc -l)"
expect_eq "two writers: 2,000 rows" "2000" \
  "$("$CORTEX" memory query --store team --category load --limit 1 --json | jq -r .total)"

finish
