#!/usr/bin/env bash
# A killed indexer never corrupts or mixes the index: kill `cortex index` at
# several points of a run over a generated repository, then check the SQLite
# store's integrity, that the JSONL index is one run's whole output (its
# manifest counts match its files), and that the next run completes and equals
# a clean run byte for byte.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
SRC="$REPO/tests/fixtures/repos/sample/src/app.py"

REPO_DIR="$TMP/big"
mkdir -p "$REPO_DIR"
for i in $(seq 1 400); do
  mkdir -p "$REPO_DIR/pkg$((i % 20))"
  sed "s/Ledger/Ledger$i/g" "$SRC" > "$REPO_DIR/pkg$((i % 20))/mod$i.py"
done

consistent_jsonl() { # the manifest's counts are the files' line counts
  local d=$1/index
  [ -f "$d/index.json" ] || { echo absent; return; }
  local want got
  want=$(jq -r '.counts | "\(.files) \(.symbols) \(.references) \(.texts)"' "$d/index.json")
  got="$(wc -l < "$d/files.jsonl") $(wc -l < "$d/symbols.jsonl") $(wc -l < "$d/references.jsonl") $(wc -l < "$d/texts.jsonl")"
  [ "$want" == "$got" ] && echo consistent || echo "mixed: manifest $want, files $got"
}

# A clean run, for comparison.
"$CORTEX" index "$REPO_DIR" --out "$TMP/clean" --quiet
start=$(date +%s%N); "$CORTEX" index "$REPO_DIR" --out "$TMP/timing" --quiet; end=$(date +%s%N)
run_ms=$(( (end - start) / 1000000 ))

k=0
for frac in 10 30 50 70 90 97; do
  k=$((k + 1))
  delay_ms=$(( run_ms * frac / 100 ))
  rm -rf "$TMP/killed"
  # half the runs start from an existing index, half from nothing
  [ $((k % 2)) -eq 0 ] && cp -R "$TMP/clean" "$TMP/killed"
  "$CORTEX" index "$REPO_DIR" --out "$TMP/killed" --quiet & pid=$!
  sleep "$(printf '0.%03d' "$delay_ms")" 2>/dev/null || sleep 0.1
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -f "$TMP/killed/cortex.db" ]; then
    expect_eq "killed at ${frac}%: store integrity" ok "$(sqlite3 "$TMP/killed/cortex.db" 'PRAGMA integrity_check')"
  else
    pass "killed at ${frac}%: no store yet"
  fi
  state=$(consistent_jsonl "$TMP/killed")
  [ "$state" == consistent ] || [ "$state" == absent ] && pass "killed at ${frac}%: JSONL index whole ($state)" ||
    fail "killed at ${frac}%: JSONL index $state"
  expect_status "killed at ${frac}%: the next run completes" 0 "$CORTEX" index "$REPO_DIR" --out "$TMP/killed" --quiet
  same=1; for f in index.json files.jsonl symbols.jsonl references.jsonl texts.jsonl; do
    cmp -s "$TMP/clean/index/$f" "$TMP/killed/index/$f" || same=0; done
  expect_eq "killed at ${frac}%: then equals a clean run" 1 "$same"
  expect_eq "killed at ${frac}%: store matches the clean run" \
    "$(sqlite3 "$TMP/clean/cortex.db" 'SELECT count(*) FROM symbols; SELECT count(*) FROM refs; SELECT count(*) FROM texts_fts')" \
    "$(sqlite3 "$TMP/killed/cortex.db" 'SELECT count(*) FROM symbols; SELECT count(*) FROM refs; SELECT count(*) FROM texts_fts')"
  [ ! -e "$TMP/killed/index.tmp" ] && pass "killed at ${frac}%: no staging left after the next run" ||
    fail "killed at ${frac}%: staging left"
done

finish
