#!/usr/bin/env bash
# A killed indexer never corrupts or mixes the index: kill `cortex index` at
# many points of a full run over a generated repository, then at random
# points of incremental runs after random edits, and each time check the
# SQLite store's integrity, that the JSONL index is one run's whole output
# (its manifest counts match its files), and that the next run completes and
# equals a clean run byte for byte (400 files: two shards of each kind). And
# one indexer per repository: a second one waits for the first, or with
# --no-wait says which process holds it.
# The kill points and edits come from one seed, printed first: rerun a failure
# with CORTEX_CRASH_SEED=<seed> (or the seed as the third argument). Counts:
# CORTEX_CRASH_FULL_KILLS, CORTEX_CRASH_EDIT_KILLS, CORTEX_CRASH_REBUILD_KILLS
# (a store rebuilt from the JSONL index, killed as it writes).
. "$(dirname "$0")/lib.sh"
CORTEX=$1
SEED=${3:-${CORTEX_CRASH_SEED:-$(( $(date +%s%N) % 32768 ))}}
FULL_KILLS=${CORTEX_CRASH_FULL_KILLS:-16}
EDIT_KILLS=${CORTEX_CRASH_EDIT_KILLS:-24}
REBUILD_KILLS=${CORTEX_CRASH_REBUILD_KILLS:-12}
echo "crash.sh: seed $SEED (rerun: CORTEX_CRASH_SEED=$SEED)"
RANDOM=$SEED # bash's generator: the same seed gives the same kill points and edits
SRC="$REPO/tests/fixtures/repos/sample/src/app.py"

REPO_DIR="$TMP/big"
mkdir -p "$REPO_DIR"
for i in $(seq 1 400); do
  mkdir -p "$REPO_DIR/pkg$((i % 20))"
  sed "s/Ledger/Ledger$i/g" "$SRC" > "$REPO_DIR/pkg$((i % 20))/mod$i.py"
done

# The store read or written with the sqlite3 shell, waiting out a lock: a
# killed run's indexing child is killed when its parent dies (PDEATHSIG), a
# moment after `wait` has seen the parent go, and may hold the store until then.
store_sql() { sqlite3 -cmd '.timeout 10000' "$@"; }

# The lines of one kind of record, in one file or in its shards (400 files: 2 shards).
kind_lines() { cat "$1/$2.jsonl" "$1/$2"/*.jsonl 2>/dev/null | wc -l; }
consistent_jsonl() { # the manifest's counts are the files' line counts
  local d=$1/index
  [ -f "$d/index.json" ] || { echo absent; return; }
  local want got
  want=$(jq -r '.counts | "\(.files) \(.symbols) \(.references) \(.texts)"' "$d/index.json")
  got="$(wc -l < "$d/files.jsonl") $(kind_lines "$d" symbols) $(kind_lines "$d" references) $(kind_lines "$d" texts)"
  [ "$want" == "$got" ] && echo consistent || echo "mixed: manifest $want, files $got"
}
same_index() { diff -r -q "$1/index" "$2/index" >/dev/null && echo 1 || echo 0; }

# A clean run, for comparison.
"$CORTEX" index "$REPO_DIR" --out "$TMP/clean" --quiet
start=$(date +%s%N); "$CORTEX" index "$REPO_DIR" --out "$TMP/timing" --quiet; end=$(date +%s%N)
run_ms=$(( (end - start) / 1000000 ))

# Kill points spread over the whole run: one in each of FULL_KILLS equal
# slices, at a seeded place inside it, so every stage is hit at least once.
for k in $(seq 1 "$FULL_KILLS"); do
  frac=$(( ((k - 1) * 1000 + RANDOM % 1000) / FULL_KILLS )) # per mille
  delay_ms=$(( run_ms * frac / 1000 ))
  rm -rf "$TMP/killed"
  # half the runs start from an existing index, half from nothing
  [ $((k % 2)) -eq 0 ] && cp -R "$TMP/clean" "$TMP/killed"
  "$CORTEX" index "$REPO_DIR" --out "$TMP/killed" --quiet --full & pid=$!
  sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -f "$TMP/killed/cortex.db" ]; then
    expect_eq "killed at ${frac}/1000: store integrity" ok "$(store_sql "$TMP/killed/cortex.db" 'PRAGMA integrity_check')"
    # a first run builds the store aside: it appears whole or not at all
    [ $((k % 2)) -eq 1 ] && expect_eq "killed at ${frac}/1000: a first run's store is whole" 400 \
      "$(store_sql "$TMP/killed/cortex.db" 'SELECT count(*) FROM files')"
  else
    pass "killed at ${frac}/1000: no store yet"
  fi
  state=$(consistent_jsonl "$TMP/killed")
  [ "$state" == consistent ] || [ "$state" == absent ] && pass "killed at ${frac}/1000: JSONL index whole ($state)" ||
    fail "killed at ${frac}/1000: JSONL index $state"
  expect_status "killed at ${frac}/1000: the next run completes" 0 "$CORTEX" index "$REPO_DIR" --out "$TMP/killed" --quiet
  expect_eq "killed at ${frac}/1000: then equals a clean run" 1 "$(same_index "$TMP/clean" "$TMP/killed")"
  expect_eq "killed at ${frac}/1000: store matches the clean run" \
    "$(store_sql "$TMP/clean/cortex.db" 'SELECT count(*) FROM symbols; SELECT count(*) FROM refs; SELECT count(*) FROM texts_fts_docsize')" \
    "$(store_sql "$TMP/killed/cortex.db" 'SELECT count(*) FROM symbols; SELECT count(*) FROM refs; SELECT count(*) FROM texts_fts_docsize')"
  [ ! -e "$TMP/killed/index.tmp" ] && [ ! -e "$TMP/killed/cortex.db.new" ] && [ ! -e "$TMP/killed/cortex.db.fts" ] &&
    pass "killed at ${frac}/1000: no staging left after the next run" || fail "killed at ${frac}/1000: staging left"
done

# Random kills of incremental runs, each after a random edit.
for k in $(seq 1 "$EDIT_KILLS"); do
  n=$((RANDOM % 400 + 1))
  f="$REPO_DIR/pkg$((n % 20))/mod$n.py"
  case $((RANDOM % 3)) in
    0) printf '\n\ndef added_%d():\n    return %d\n' "$k" "$k" >> "$f" ;;
    1) [ ! -f "$f" ] || sed -i "s/Ledger$n/Renamed$n/g" "$f" ;; # an earlier iteration may have removed it
    2) rm -f "$f" ;;
  esac
  "$CORTEX" index "$REPO_DIR" --quiet & pid=$!
  sleep "$(printf '0.%03d' $((RANDOM % 100)))"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -f "$REPO_DIR/.cortex/cortex.db" ]; then
    expect_eq "random kill $k: store integrity" ok "$(store_sql "$REPO_DIR/.cortex/cortex.db" 'PRAGMA integrity_check')"
  fi
  state=$(consistent_jsonl "$REPO_DIR/.cortex")
  [ "$state" == consistent ] || [ "$state" == absent ] && pass "random kill $k: JSONL index whole ($state)" ||
    fail "random kill $k: JSONL index $state"
done
expect_status "after the random kills: the next run completes" 0 "$CORTEX" index "$REPO_DIR" --quiet
rm -rf "$TMP/fresh"
"$CORTEX" index "$REPO_DIR" --out "$TMP/fresh" --quiet --full
expect_eq "after the random kills: the index equals a clean full run" 1 "$(same_index "$TMP/fresh" "$REPO_DIR/.cortex")"

# A store rebuilt from the committed JSONL index (`--from-jsonl`, parsing
# nothing), killed at seeded points of the rebuild: the store is whole or
# absent, and the next rebuild gives the clean run's rows.
rm -rf "$TMP/rebuilt"; mkdir -p "$TMP/rebuilt"
cp -R "$TMP/clean/index" "$TMP/clean/chunks" "$TMP/rebuilt/"
start=$(date +%s%N); "$CORTEX" index "$REPO_DIR" --out "$TMP/rebuilt" --quiet --from-jsonl; end=$(date +%s%N)
rebuild_ms=$(( (end - start) / 1000000 ))
clean_rows=$(store_sql "$TMP/clean/cortex.db" 'SELECT count(*) FROM files; SELECT count(*) FROM symbols; SELECT count(*) FROM refs; SELECT count(*) FROM texts_fts_docsize' | paste -sd' ')
expect_eq "a rebuild from the JSONL index has the clean run's rows" "$clean_rows" \
  "$(store_sql "$TMP/rebuilt/cortex.db" 'SELECT count(*) FROM files; SELECT count(*) FROM symbols; SELECT count(*) FROM refs; SELECT count(*) FROM texts_fts_docsize' | paste -sd' ')"
for k in $(seq 1 "$REBUILD_KILLS"); do
  frac=$(( ((k - 1) * 1000 + RANDOM % 1000) / REBUILD_KILLS ))
  delay_ms=$(( rebuild_ms * frac / 1000 ))
  rm -rf "$TMP/rekilled"; mkdir -p "$TMP/rekilled"
  cp -R "$TMP/clean/index" "$TMP/clean/chunks" "$TMP/rekilled/"
  "$CORTEX" index "$REPO_DIR" --out "$TMP/rekilled" --quiet --from-jsonl & pid=$!
  sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -f "$TMP/rekilled/cortex.db" ]; then
    expect_eq "rebuild killed at ${frac}/1000: store integrity" ok "$(store_sql "$TMP/rekilled/cortex.db" 'PRAGMA integrity_check')"
  else
    pass "rebuild killed at ${frac}/1000: no store yet"
  fi
  expect_status "rebuild killed at ${frac}/1000: the next rebuild completes" 0 \
    "$CORTEX" index "$REPO_DIR" --out "$TMP/rekilled" --quiet --from-jsonl
  expect_eq "rebuild killed at ${frac}/1000: then the clean run's rows" "$clean_rows" \
    "$(store_sql "$TMP/rekilled/cortex.db" 'SELECT count(*) FROM files; SELECT count(*) FROM symbols; SELECT count(*) FROM refs; SELECT count(*) FROM texts_fts_docsize' | paste -sd' ')"
done

# One indexer per repository.
"$CORTEX" index "$REPO_DIR" --quiet --full --threads 1 & first=$!
for _ in $(seq 1 200); do grep -qx "$first" "$REPO_DIR/.cortex/lock" 2>/dev/null && break; sleep 0.005; done
expect_status "a second indexer with --no-wait fails" 1 "$CORTEX" index "$REPO_DIR" --no-wait
expect_eq "and names the process that holds the lock" \
  "cortex index: another indexer (pid $first) is indexing this repository" "$(cat "$TMP/err")"
expect_status "a second indexer without --no-wait waits, then completes" 0 "$CORTEX" index "$REPO_DIR"
expect_eq "it said it was waiting" "cortex index: waiting for another indexer (pid $first) to finish with this repository" \
  "$(grep waiting "$TMP/err" || echo "(finished before the second started)")"
wait "$first"

# A store deleted by hand with its log left beside it: the log, of another
# store, is not replayed into the new one.
S="$TMP/stale"
"$CORTEX" index "$REPO_DIR" --out "$S" --quiet
# (copied while the connection is open: closing it folds the log back in)
store_sql "$S/cortex.db" "PRAGMA wal_autocheckpoint=0" "UPDATE meta SET value = 'stale' WHERE key = 'extractor'" \
  ".shell cp '$S/cortex.db-wal' '$TMP/stale.wal'" >/dev/null
[ -s "$TMP/stale.wal" ] && pass "a log with a committed change" || fail "a log with a committed change"
rm -f "$S/cortex.db"*; cp "$TMP/stale.wal" "$S/cortex.db-wal"
"$CORTEX" index "$REPO_DIR" --out "$S" --quiet --full
expect_eq "a stale log is not replayed" "ok|0" \
  "$(store_sql "$S/cortex.db" "PRAGMA integrity_check; SELECT count(*) FROM meta WHERE value = 'stale'" | paste -sd'|')"

finish
