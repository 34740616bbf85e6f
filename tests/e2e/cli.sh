#!/usr/bin/env bash
# The CLI surface: help, version, errors and exit codes, `cortex plugins`.
. "$(dirname "$0")/lib.sh"
CORTEX=$1

expect_status "--help exits 0" 0 "$CORTEX" --help
grep -q '^  index ' "$TMP/out" && pass "--help lists index" || fail "--help lists index"
expect_status "--version exits 0" 0 "$CORTEX" --version
expect_eq "--version prints the version" "cortex 0.1.0" "$(cat "$TMP/out")"
expect_status "index --help exits 0" 0 "$CORTEX" index --help
grep -q -- '--out DIR' "$TMP/out" && pass "index --help documents --out" || fail "index --help documents --out"
expect_status "no command exits 2" 2 "$CORTEX"
expect_status "unknown command exits 2" 2 "$CORTEX" frobnicate
grep -q "unknown command 'frobnicate'" "$TMP/err" && pass "unknown command is named" || fail "unknown command is named"
expect_status "unknown option exits 2" 2 "$CORTEX" index --bogus
expect_status "missing path exits 1" 1 "$CORTEX" index /nonexistent/cortex-path
expect_eq "missing path message" "cortex index: /nonexistent/cortex-path: No such file or directory" "$(cat "$TMP/err")"
expect_status "bad --max-file-size exits 2" 2 "$CORTEX" index --max-file-size=lots .

expect_status "plugins exits 0" 0 "$CORTEX" plugins
expect_eq "plugins lists every plugin built" "$ALL_PLUGINS" \
  "$(awk 'NR>1 && $1 != "refused:" {print $1}' "$TMP/out" | sort | xargs)"
expect_status "plugins --json exits 0" 0 "$CORTEX" plugins --json
expect_eq "plugins --json: python extensions" '[".py",".pyi",".pyw"]' \
  "$(jq -c '.plugins[] | select(.name=="python") | .extensions' "$TMP/out")"
expect_eq "plugins --json: ABI 2 everywhere" "2" "$(jq -r '[.plugins[].abi] | unique | map(tostring) | join(" ")' "$TMP/out")"

# Broken plugins on the path are reported, and everything else still works.
CORTEX_PLUGIN_PATH="$2/tests/fixture-plugins" expect_status "plugins with broken fixtures exits 0" 0 "$CORTEX" plugins
expect_eq "broken fixtures are refused, one line each" 12 "$(grep -c '^refused: ' "$TMP/out")"
grep -q '^fixture-good ' "$TMP/out" && pass "good fixture loads beside broken ones" || fail "good fixture loads beside broken ones"

# CORTEX_STEP_TIMES: each step of a cold index's commit timed on stderr, in
# order (what benches/ split the commit by); nothing without it.
steps() { sed -n 's/^cortex: step commit: \(.*\) [0-9.]* s$/\1/p' "$TMP/err" | paste -sd'|'; }
CORTEX_STEP_TIMES=1 expect_status "index with CORTEX_STEP_TIMES exits 0" 0 "$CORTEX" index --quiet --threads 2 \
  --out "$TMP/steps" "$REPO/tests/fixtures/repos/graph"
expect_eq "the commit's steps, each timed" \
  "definition names|indexes for binding|binding by name and import|binding through includes|scopes and indexes after binding|full-text tables (waited for and copied)|commit|publish" \
  "$(steps)"
grep -q '^cortex: step binding through includes: .*INSERT INTO temp.include_refs' "$TMP/err" &&
  pass "include binding's statements timed" || fail "include binding's statements timed"
expect_status "index without CORTEX_STEP_TIMES exits 0" 0 "$CORTEX" index --quiet --threads 2 --out "$TMP/nosteps" \
  "$REPO/tests/fixtures/repos/graph"
expect_eq "nothing timed without CORTEX_STEP_TIMES" 0 "$(grep -c '^cortex: step' "$TMP/err" || true)"

finish
