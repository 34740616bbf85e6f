#!/usr/bin/env bash
# The churn test's short form (issue 25): seeded random edits to a copy of
# four Python standard-library packages, re-indexed one by one, then every
# row against a fresh index of the same tree (benches/churn.py). Rows must be
# equal, and the store within 5% of the fresh one's size: past that an
# incremental run compacts it (core/store/compact.h). Before compaction a
# store of 2 MB whose files are removed and created by the dozen took 1.34x
# (full-text segments an edit's deletions leave behind); the full benchmark
# is 1,000 edits on the whole library (docs/benchmarks.md).
. "$(dirname "$0")/lib.sh"
CORTEX=$1
EDITS=${CORTEX_CHURN_EDITS:-150}
GROWTH=1.05
lib=/usr/lib/python3.11
[ -f "$lib/email/message.py" ] || { echo "no Python standard library at $lib: skipped"; exit 77; }
mkdir -p "$TMP/corpus"
for p in email json logging http; do cp -R "$lib/$p" "$TMP/corpus/$p"; done
find "$TMP/corpus" -name __pycache__ -prune -exec rm -rf {} +
out=$(python3 "$REPO/benches/churn.py" "$TMP/corpus" --edits "$EDITS" --seed 25 --cortex "$CORTEX" \
  --max-growth "$GROWTH" --json --show 5) && status=0 || status=$?
echo "$out" | tail -n 1
expect_eq "rows after $EDITS edits equal a fresh index's" "[]" "$(echo "$out" | tail -n 1 | jq -c .rows_differ)"
expect_eq "each file's recorded counts of its rows, which the totals sum, are its rows" "[]" \
  "$(echo "$out" | tail -n 1 | jq -c .files_miscounted)"
expect_eq "the store within ${GROWTH}x of a fresh index's" true \
  "$(echo "$out" | tail -n 1 | jq --argjson g "$GROWTH" '.growth <= $g')"
expect_eq "churn.py agrees" 0 "$status"
finish
