#!/usr/bin/env bash
# The churn test's short form (issue 25): seeded random edits to a copy of
# four Python standard-library packages, re-indexed one by one, then every
# row against a fresh index of the same tree (benches/churn.py). Rows must be
# equal; the store may grow at most to GROWTH times the fresh one's size.
# A store of 2 MB whose files are removed and created by the dozen is far
# from a bulk load's packed b-trees, so the bound here is loose: it catches
# free pages kept for good (1.6x here before they were given back), not the
# last percent (the full benchmark: 1,000 edits on the whole library,
# docs/benchmarks.md).
. "$(dirname "$0")/lib.sh"
CORTEX=$1
EDITS=${CORTEX_CHURN_EDITS:-150}
GROWTH=1.5
lib=/usr/lib/python3.11
[ -f "$lib/email/message.py" ] || { echo "no Python standard library at $lib: skipped"; exit 77; }
mkdir -p "$TMP/corpus"
for p in email json logging http; do cp -R "$lib/$p" "$TMP/corpus/$p"; done
find "$TMP/corpus" -name __pycache__ -prune -exec rm -rf {} +
out=$(python3 "$REPO/benches/churn.py" "$TMP/corpus" --edits "$EDITS" --seed 25 --cortex "$CORTEX" \
  --max-growth "$GROWTH" --json --show 5) && status=0 || status=$?
echo "$out" | tail -n 1
expect_eq "rows after $EDITS edits equal a fresh index's" "[]" "$(echo "$out" | tail -n 1 | jq -c .rows_differ)"
expect_eq "the store within ${GROWTH}x of a fresh index's" true \
  "$(echo "$out" | tail -n 1 | jq --argjson g "$GROWTH" '.growth <= $g')"
expect_eq "churn.py agrees" 0 "$status"
finish
