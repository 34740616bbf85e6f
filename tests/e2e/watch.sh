#!/usr/bin/env bash
# Watch mode: `cortex watch` and `cortex mcp` keep the index current. An edit,
# a new file in a new directory and a deletion each become searchable (or
# gone), and the watcher re-indexes them in the order they happened; a
# symlinked directory pointing back up the tree does not loop; interrupting
# `cortex watch` exits 0. The test asserts order, not latency: each wait polls
# for up to 30 s (times CORTEX_TEST_TIMEOUT, an integer), so a loaded machine
# is slow but not wrong.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
DEADLINE_MS=$((30000 * TIMEOUT_SCALE))

R="$TMP/repo"
copy_fixture "$R" --no-ignore-files
ln -s .. "$R/src/loop"   # a symlinked tree that leads back up: never followed

# poll COMMAND...: runs COMMAND every 50 ms until it succeeds (prints ok) or
# the deadline passes (prints timeout).
poll() {
  local start=$(date +%s%N)
  until "$@"; do
    [ $(( ($(date +%s%N) - start) / 1000000 )) -gt "$DEADLINE_MS" ] && { echo timeout; return; }
    sleep 0.05
  done
  echo ok
}
searchable() {
  "$CORTEX" search "$1" --root "$R" --json --context-lines 0 2>/dev/null |
    jq -e --arg n "$1" '.results | map(.name) | index($n)' >/dev/null
}
unsearchable() { [ "$("$CORTEX" search "$1" --root "$R" --json --context-lines 0 2>/dev/null | jq '.total')" == 0 ]; }
# The file count after each of the watcher's re-index runs, repeats collapsed:
# the sequence of states the index went through.
states() {
  sed -n 's/^cortex: re-indexed in [0-9.]* s: \([0-9]*\) parsed, \([0-9]*\) unchanged.*/\1 \2/p' "$TMP/watch.out" |
    awk '{ t = $1 + $2; if (t != last) printf "%s%d", (n++ ? " " : ""), t; last = t }'
}
states_are() { [ "$(states)" == "$1" ]; }

"$CORTEX" watch "$R" > "$TMP/watch.out" 2>&1 & pid=$!
poll grep -q watching "$TMP/watch.out" >/dev/null
# Every directory but the symlink: the root, lib, src, venv (and docs/ where a checkout keeps empty directories).
expect_eq "cortex watch: ready" "cortex: indexed 7 files; watching N directories of $(cd "$R" && pwd -P) (Ctrl-C stops)" \
  "$(head -1 "$TMP/watch.out" | sed -E 's/watching [45] directories/watching N directories/')"

printf '\ndef edited_in_watch():\n    return 1\n' >> "$R/src/util.py"
expect_eq "cortex watch: an edit becomes searchable" ok "$(poll searchable edited_in_watch)"
mkdir -p "$R/pkg/sub" && printf 'def in_a_new_directory():\n    pass\n' > "$R/pkg/sub/new.py"
expect_eq "cortex watch: a file in a new directory becomes searchable" ok "$(poll searchable in_a_new_directory)"
rm "$R/pkg/sub/new.py"
expect_eq "cortex watch: a deletion leaves the index" ok "$(poll unsearchable in_a_new_directory)"
# The search may see the deletion first (it refreshes the files its results
# mention), but the watcher runs on it too: wait for its run, then check the
# order: 7 files (the edit), 8 (the new file), 7 (the deletion).
poll states_are "7 8 7" >/dev/null
expect_eq "cortex watch: re-indexed the edit, the new file, then the deletion, in order" "7 8 7" "$(states)"
kill -INT "$pid"
wait "$pid"; st=$?
expect_eq "cortex watch: interrupted, exits 0" 0 "$st"

# The MCP server watches too, while it answers.
mkfifo "$TMP/in"
"$CORTEX" mcp --root "$R" < "$TMP/in" > "$TMP/mcp.out" 2>"$TMP/mcp.err" & mpid=$!
exec 3>"$TMP/in"
echo '{"jsonrpc":"2.0","id":1,"method":"ping"}' >&3
poll grep -q '"id":1' "$TMP/mcp.out" >/dev/null
# The server says nothing when its watches are in place: give it a moment,
# then edit again each few seconds until the deadline, so a first edit made
# before the watches were set cannot fail the test.
sleep "$TIMEOUT_SCALE"
edit_under_mcp() {
  printf '\ndef edited_under_mcp():\n    return 2\n' >> "$R/src/app.py"
}
edit_under_mcp
start=$(date +%s%N); got=timeout
while [ $(( ($(date +%s%N) - start) / 1000000 )) -le "$DEADLINE_MS" ]; do
  for _ in $(seq 1 60); do searchable edited_under_mcp && { got=ok; break 2; }; sleep 0.05; done
  edit_under_mcp
done
expect_eq "cortex mcp: an edit becomes searchable" ok "$got"
exec 3>&-
wait "$mpid"; st=$?
expect_eq "cortex mcp: exits 0 when stdin closes, watcher and all" 0 "$st"

finish
