#!/usr/bin/env bash
# The memory files are the truth (docs/memory.md), under the two things that
# test it hardest: writers killed (SIGKILL) at random points of a burst of
# writes, and a git merge of two branches that each added memories. After
# each, every file is absent or whole and parseable, no temporary file is
# indexed as a memory, the lock is free, and the index the next call brings
# up to date equals a rebuild from the files (`reindex`), row for row. The
# next open removes a killed writer's temporary file, and nothing else.
# Usage: memory_files.sh CORTEX BUILD_DIR
source "$(dirname "$0")/lib.sh"
CORTEX=$1
export XDG_DATA_HOME="$TMP/xdg"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e

# The index's rows: every column of memories (stamps included) and categories.
dump() { # STORE_DIR
  sqlite3 "$1/memory.db" "SELECT path, category, tags, token_estimate, source, created_at, updated_at, expires_at,
    summary, title, body, mtime_ns, size, hash FROM memories ORDER BY path;
    SELECT path, parent_path, description FROM categories ORDER BY path;"
}
# The next call's view, then a rebuild from the files: the two dumps must match.
index_equals_rebuild() { # NAME STORE_DIR
  "$CORTEX" memory query --limit 1 --json >"$TMP/next.json"
  dump "$2" >"$TMP/next.rows"
  "$CORTEX" memory reindex --json >/dev/null
  dump "$2" >"$TMP/rebuilt.rows"
  if cmp -s "$TMP/next.rows" "$TMP/rebuilt.rows" && [ -s "$TMP/next.rows" ]; then
    pass "$1: the index after the next open equals a rebuild ($(grep -c . "$TMP/next.rows") lines of rows)"
  else
    fail "$1: the index after the next open equals a rebuild"
    diff "$TMP/next.rows" "$TMP/rebuilt.rows" | head -20 | sed 's/^/    /'
  fi
}

# ---- a killed writer loses nothing ------------------------------------------------

R="$TMP/killed"
mkdir -p "$R" && git -C "$R" init -q && cd "$R"
M="$R/.cortex/memory"
big() { # VERSION: a body large enough that writing it takes a while, all one version
  local v=$1
  printf "version %s\n" "$v"
  for ((l = 0; l < 400; l++)); do printf "line %d of version %s, the same throughout\n" "$l" "$v"; done
}
"$CORTEX" memory add burst/shared --body "$(big 0)" >/dev/null
RANDOM=27 # the same kill points on every run
n=0
for ((round = 0; round < 40; round++)); do
  pids=()
  for ((k = 0; k < 3; k++)); do
    "$CORTEX" memory add "burst/m$n" --body "memory $n" --tags "t$((n % 5))" >/dev/null 2>&1 &
    pids+=($!)
    n=$((n + 1))
  done
  "$CORTEX" memory update burst/shared --body "$(big "$round")" >/dev/null 2>&1 &
  pids+=($!)
  # 0 to 300 ms: before the lock, during the sync, the file's write, the rename, the index's transaction
  sleep "0.$(printf %03d $((RANDOM % 300)))"
  kill -KILL "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
done
written=$(find "$M/burst" -name 'm*.md' | wc -l)
echo "    $n adds started, $written files written, $(find "$M" -name '.*.tmp' | wc -l) temporary files left by killed writers"
whole=0 broken=""
for f in "$M"/burst/m*.md; do
  i=${f##*/m}; i=${i%.md}
  # whole: front matter, then exactly its body
  if [ "$(head -1 "$f")" = "---" ] && [ "$(tail -1 "$f")" = "memory $i" ] && grep -q "^tags: \[t$((i % 5))\]$" "$f"; then
    whole=$((whole + 1))
  else
    broken="$broken $f"
  fi
done
expect_eq "every file written is whole" "$written " "$whole $broken"
body=$(sed '1,/^---$/d' "$M/burst/shared.md")
v=$(head -1 <<<"$body" | sed 's/^version //')
expect_eq "the memory updated under fire is one version, whole" "$(big "$v")" "$body"
expect_eq "the lock is not left held" "0" \
  "$(timeout 30 "$CORTEX" memory add after/kill --body "lock free" >/dev/null 2>&1; echo $?)"
expect_eq "the next open removed the killed writers' temporary files" "0" "$(find "$M" -name '.*.tmp' | wc -l)"
"$CORTEX" memory query --limit 100 --category burst --json >"$TMP/q.json"
expect_eq "no file skipped as malformed" "0" "$(jq '.problems // [] | length' "$TMP/q.json")"
expect_eq "every file is indexed, once" "$((written + 1))" "$(jq .total "$TMP/q.json")"
expect_eq "no temporary file is indexed as a memory" "0" \
  "$(sqlite3 "$M/memory.db" "SELECT count(*) FROM memories WHERE path LIKE '%tmp%' OR path LIKE '.%' OR path LIKE '%/.%'")"
index_equals_rebuild "killed writers" "$M"

# a writer killed with the index open in a long transaction (a large first sync): the same
rm -f "$M/memory.db" "$M"/memory.db-*
"$CORTEX" memory query >/dev/null 2>&1 &
p=$!
sleep 0.05
kill -KILL $p 2>/dev/null || true
wait $p 2>/dev/null || true
index_equals_rebuild "a rebuild killed midway" "$M"

# ---- a killed writer's temporary file is removed, and nothing else ---------------------

T="$TMP/tmpfiles"
mkdir -p "$T" && git -C "$T" init -q && cd "$T"
M="$T/.cortex/memory"
"$CORTEX" memory add notes/one --body "one" >/dev/null
"$CORTEX" memory create_category --category notes --description "Notes" >/dev/null
dead=$(sh -c 'echo $$') # a process that has ended
live=$$                 # this script: alive while the store opens
plant() { for f in "$@"; do printf 'half-written' >"$M/$f"; done; }
# as cortex_memory_disk_write names them (.<file>.<pid>.<n>.tmp), by a writer that is gone
plant "notes/.one.md.$dead.0.tmp" "notes/._category.yml.$dead.1.tmp" "..gitignore.$dead.2.tmp" ".root.md.$dead.17.tmp"
# a live pid but older than five minutes (the pid reused by another process)
plant "notes/.two.md.$live.3.tmp" && touch -d '10 minutes ago' "$M/notes/.two.md.$live.3.tmp"
# kept: a live writer's fresh file, and every name that is not exactly the pattern
kept=("notes/.three.md.$live.4.tmp" "notes/.one.md.$dead.tmp" "notes/.one.md.$dead.0.tmp.bak"
      "notes/.One.md.$dead.0.tmp" "notes/.one.txt.$dead.0.tmp" "notes/.one.md.x$dead.0.tmp" "notes/.one.md.0.0.tmp"
      "notes/one.md.$dead.0.tmp" ".one.md.$dead.0.TMP" "notes/.notes" ".one.md.$dead.0.tmp~")
plant "${kept[@]}"
mkdir "$M/notes/.dir.md.$dead.0.tmp" && kept+=("notes/.dir.md.$dead.0.tmp")
ln -s ../.gitignore "$M/notes/.link.md.$dead.0.tmp" && kept+=("notes/.link.md.$dead.0.tmp")
touch -d '10 minutes ago' "$M/notes/.one.md.$dead.tmp" # old, but no such name: kept all the same
"$CORTEX" memory query --json >"$TMP/q.json"
expect_eq "a gone writer's temporaries are removed when the store opens" "" \
  "$(cd "$M" && ls -d notes/.one.md.$dead.0.tmp notes/._category.yml.$dead.1.tmp ..gitignore.$dead.2.tmp \
    .root.md.$dead.17.tmp notes/.two.md.$live.3.tmp 2>/dev/null || true)"
missing=""
for f in "${kept[@]}"; do [ -e "$M/$f" ] || [ -L "$M/$f" ] || missing="$missing $f"; done
expect_eq "every other file is kept (a live writer's, near misses, a directory, a link)" "" "$missing"
expect_eq "the memories, the description and .gitignore are untouched" "one|Notes|memory.db" \
  "$(jq -r '.memories[].body // .memories[].summary' "$TMP/q.json")|$("$CORTEX" memory list --json | jq -r '.categories[0].description')|$(sed -n 2p "$M/.gitignore")"
expect_eq "the store reads no temporary as a memory" "0" "$(jq '.problems // [] | length' "$TMP/q.json")"

# ---- files are the truth under git ----------------------------------------------------

G="$TMP/git"
mkdir -p "$G" && git -C "$G" init -q -b main && cd "$G"
M="$G/.cortex/memory"
"$CORTEX" memory add base/start --body "Where both branches begin." --tags base >/dev/null
git add .cortex && git commit -qm base
expect_eq "the store's own files are not committed" ".cortex/memory/.gitignore .cortex/memory/base/start.md" \
  "$(git ls-files .cortex | tr '\n' ' ' | sed 's/ $//')"
git checkout -q -b left
"$CORTEX" memory add left/one --body "Left's first." --tags side >/dev/null
"$CORTEX" memory add left/two --body "Left's second." >/dev/null
"$CORTEX" memory create_category --category left --description "From the left branch" >/dev/null
git add .cortex && git commit -qm left
git checkout -q main
git checkout -q -b right
"$CORTEX" memory add right/one --body "Right's first." --tags side >/dev/null
"$CORTEX" memory update base/start --body "Where both branches begin; right edited it." >/dev/null
"$CORTEX" memory remove left-never-here >/dev/null 2>&1 || true
git add -A .cortex && git commit -qm right
git checkout -q left
# the index (untracked, shared by every checkout) saw left; now the merge brings right's files
git merge -q --no-edit right
expect_eq "git merged without conflict" "" "$(git status --porcelain .cortex)"
expect_eq "the merged store lists both sides' memories" \
  "base/start left/one left/two right/one" \
  "$("$CORTEX" memory query --include-expired true --json | jq -r '[.memories[].path] | sort | join(" ")')"
expect_eq "right's edit of a shared memory is read" "base/start" \
  "$("$CORTEX" memory query --text edited --json | jq -r '.memories[].path')"
expect_eq "left's category description is read" "From the left branch" \
  "$("$CORTEX" memory list --json | jq -r '.categories[] | select(.path == "left") | .description')"
index_equals_rebuild "after the merge" "$M"
# and back: checking out main again, the index follows the files (right's and left's memories leave)
git checkout -q main
expect_eq "a checkout: the index follows the files" "base/start" \
  "$("$CORTEX" memory query --json | jq -r '[.memories[].path] | join(" ")')"
index_equals_rebuild "after checking out main" "$M"

finish
