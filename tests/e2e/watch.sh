#!/usr/bin/env bash
# Watch mode: `cortex watch` and `cortex mcp` keep the index current. An edit,
# a new file in a new directory and a deletion are each searchable (or gone)
# within a second; a symlinked directory pointing back up the tree does not
# loop; interrupting `cortex watch` exits 0.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
FIXTURE="$REPO/tests/fixtures/repos/sample"

R="$TMP/repo"
mkdir -p "$R"
cp -R "$FIXTURE/." "$R/"
rm "$R/root.gitignore" "$R/src.gitignore"
ln -s .. "$R/src/loop"   # a symlinked tree that leads back up: never followed

# found NAME: polls the index for up to 1 s; prints the elapsed ms or "timeout".
found() {
  local start=$(date +%s%N)
  while :; do
    if "$CORTEX" search "$1" --root "$R" --json --context-lines 0 2>/dev/null | jq -e --arg n "$1" '.results | map(.name) | index($n)' >/dev/null; then
      echo ok; return; fi
    [ $(( ($(date +%s%N) - start) / 1000000 )) -gt 1000 ] && { echo timeout; return; }
    sleep 0.05
  done
}
gone() {
  local start=$(date +%s%N)
  while :; do
    n=$("$CORTEX" search "$1" --root "$R" --json --context-lines 0 2>/dev/null | jq '.total')
    [ "$n" == 0 ] && { echo ok; return; }
    [ $(( ($(date +%s%N) - start) / 1000000 )) -gt 1000 ] && { echo timeout; return; }
    sleep 0.05
  done
}

"$CORTEX" watch "$R" > "$TMP/watch.out" 2>&1 & pid=$!
for _ in $(seq 1 100); do grep -q watching "$TMP/watch.out" && break; sleep 0.05; done
# Every directory but the symlink: the root, lib, src, venv (and docs/ where a checkout keeps empty directories).
expect_eq "cortex watch: ready" "cortex: indexed 7 files; watching N directories of $(cd "$R" && pwd -P) (Ctrl-C stops)" \
  "$(head -1 "$TMP/watch.out" | sed -E 's/watching [45] directories/watching N directories/')"

printf '\ndef edited_in_watch():\n    return 1\n' >> "$R/src/util.py"
expect_eq "cortex watch: an edit is searchable within a second" ok "$(found edited_in_watch)"
mkdir -p "$R/pkg/sub" && printf 'def in_a_new_directory():\n    pass\n' > "$R/pkg/sub/new.py"
expect_eq "cortex watch: a file in a new directory, within a second" ok "$(found in_a_new_directory)"
rm "$R/pkg/sub/new.py"
expect_eq "cortex watch: a deletion leaves the index within a second" ok "$(gone in_a_new_directory)"
kill -INT "$pid"
wait "$pid"; st=$?
expect_eq "cortex watch: interrupted, exits 0" 0 "$st"
# (The deletion may also be seen first by the search itself, which refreshes
# files its results mention that changed: so 2 or 3 re-index lines.)
n=$(grep -c '^cortex: re-indexed' "$TMP/watch.out")
[ "$n" -ge 2 ] && [ "$n" -le 3 ] && pass "cortex watch: a re-index per change ($n)" || fail "cortex watch: a re-index per change ($n)"

# The MCP server watches too, while it answers.
mkfifo "$TMP/in"
"$CORTEX" mcp --root "$R" < "$TMP/in" > "$TMP/mcp.out" 2>"$TMP/mcp.err" & mpid=$!
exec 3>"$TMP/in"
echo '{"jsonrpc":"2.0","id":1,"method":"ping"}' >&3
for _ in $(seq 1 100); do grep -q '"id":1' "$TMP/mcp.out" 2>/dev/null && break; sleep 0.05; done
sleep 0.3 # the watches are in place
printf '\ndef edited_under_mcp():\n    return 2\n' >> "$R/src/app.py"
expect_eq "cortex mcp: an edit is searchable within a second" ok "$(found edited_under_mcp)"
exec 3>&-
wait "$mpid"; st=$?
expect_eq "cortex mcp: exits 0 when stdin closes, watcher and all" 0 "$st"

finish
