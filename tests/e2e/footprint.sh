#!/usr/bin/env bash
# The footprint's regression guard (issue 25): four Python standard-library
# packages indexed fresh, then the store's and the JSONL index's bytes against
# the source's, each at most 10% above the ratio recorded in
# tests/e2e/footprint.ratios.json (benches/footprint.py --check). A size, not a
# timing: the same files make the same index. Record new ratios there when a
# change makes the index smaller (or, saying why in the commit, larger).
. "$(dirname "$0")/lib.sh"
CORTEX=$1
lib=/usr/lib/python3.11
[ -f "$lib/email/message.py" ] || { echo "no Python standard library at $lib: skipped"; exit 77; }
mkdir -p "$TMP/corpus"
for p in email json logging http; do cp -R "$lib/$p" "$TMP/corpus/$p"; done
find "$TMP/corpus" -name __pycache__ -prune -exec rm -rf {} +
"$CORTEX" index --quiet "$TMP/corpus"
expect_status "the store and the JSONL within 10% of the recorded ratios" 0 \
  python3 "$REPO/benches/footprint.py" "$TMP/corpus" --check "$REPO/tests/e2e/footprint.ratios.json"
sed 's/^/    /' "$TMP/out" | sed -n '/part | MB/,/free pages/p'
grep -q . "$TMP/err" && sed 's/^/    /' "$TMP/err"
finish
