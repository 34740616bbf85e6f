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
dump_rows() { # STORE_DIR: the index's rows, read without touching the directory (no -wal, -shm made)
  sqlite3 "file:$1/memory.db?immutable=1" "SELECT * FROM memories ORDER BY path; SELECT * FROM categories ORDER BY path;"
}

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

# a store on a read-only directory: a write fails with exit 1 and a message
# naming the directory; nothing changes on disk (files, index, no new file);
# reads still work. Root ignores permission bits, so the commands then run as
# an unprivileged user (setpriv) on a store chmod 555 owned by root.
RO="$TMP/readonly"
mkdir -p "$RO" && git -C "$RO" init -q
(cd "$RO" && "$CORTEX" memory add notes/kept --body $'Kept while read-only.\n' --tags ro >/dev/null &&
  "$CORTEX" memory create_category --category notes --description "Read-only notes" >/dev/null &&
  "$CORTEX" tool memory '{"operation":"add","path":"notes/old","body":"x","expires_at":"2021-01-01"}' >/dev/null)
RM="$RO/.cortex/memory"
as_reader() { # COMMAND...: as someone who cannot write the store
  if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; else "$@"; fi
}
if [ "$(id -u)" -eq 0 ] && ! command -v setpriv >/dev/null; then
  fail "setpriv is needed to run as an unprivileged user (util-linux)"
else
  chmod 755 "$TMP" && chmod -R a+rX "$RO" && chmod 555 "$RM"
  snapshot() { (cd "$RM" && find . -print0 | sort -z | xargs -0 stat -c '%n %s %Y %a' && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
  snapshot >"$TMP/ro.before"
  rows_before=$(dump_rows "$RM")
  why="$RM: cannot write the memory store: the directory is read-only here (Permission denied); nothing was changed (reads still work)"
  for op in "add notes/new --body x" "update notes/kept --body changed" "remove notes/kept" \
            "move notes/kept --to other/kept" "describe_category --category notes --description other" \
            "create_category --category more" "prune" "reindex"; do
    # shellcheck disable=SC2086 # each op is its words
    got=$(cd "$RO" && as_reader "$CORTEX" memory $op 2>&1 >/dev/null; echo "exit $?")
    case $op in remove* | prune) tool=forget ;; *) tool=memory ;; esac # memory_delete's command
    expect_eq "read-only: $op fails, naming the directory" "cortex $tool: $why
exit 1" "$got"
  done
  snapshot >"$TMP/ro.after"
  expect_eq "read-only: every file unchanged, none added (the index included)" "" \
    "$(diff "$TMP/ro.before" "$TMP/ro.after" || true)"
  expect_eq "read-only: the index's rows unchanged" "$rows_before" "$(dump_rows "$RM")"
  expect_eq "read-only: get still reads" "Kept while read-only." \
    "$(cd "$RO" && as_reader "$CORTEX" memory get notes/kept --json | jq -r '.memory.body' | tr -d '\n')"
  expect_eq "read-only: query and list still read, and say why writes fail" \
    "notes/kept 1|Read-only notes|$RM is read-only here (Permission denied): the memories were read from the files into an index in memory; writes are refused" \
    "$(cd "$RO" && as_reader "$CORTEX" memory query --text kept --json | jq -r '"\(.memories[0].path) \(.total)|"' | tr -d '\n')$(cd "$RO" && as_reader "$CORTEX" memory list --json | jq -r '"\(.categories[0].description)|\(.notice)"')"
  # a directory anyone may write but another user's .lock (0644): the same refusal, naming .lock
  chmod 777 "$RM"
  expect_eq "another user's .lock: a write is refused, naming it" \
    "cortex memory: $RM: cannot write the memory store: its .lock is read-only here (Permission denied); nothing was changed (reads still work)
exit 1" "$(cd "$RO" && as_reader "$CORTEX" memory add notes/new --body x 2>&1 >/dev/null; echo "exit $?")"
  chmod 555 "$RM" # as it was, to compare
  expect_eq "another user's .lock: every file unchanged, none added" "" \
    "$(snapshot | diff "$TMP/ro.before" - || true)"
  chmod 755 "$RM"
  expect_eq "writable again: the same store writes" "0" \
    "$(cd "$RO" && "$CORTEX" memory add notes/after --body y >/dev/null 2>&1; echo $?)"
fi

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
