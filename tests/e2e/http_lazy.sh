#!/usr/bin/env bash
# Predictive lazy indexing in `cortex serve`: a repository of a few thousand
# generated C files whose first index is held back (its index lock taken
# here, as another indexer would hold it) still answers a `query` at once,
# from the files whose paths its words point at, marked partial; a query whose
# words match no path answers partial with nothing and says so; once the lock
# goes and the full index commits, the same query answers from it, not
# partial, and the partial store is gone.
. "$(dirname "$0")/lib.sh"
CORTEX=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

. "$(dirname "$0")/http_lib.sh"
before_cleanup() { { kill -0 "${LOCKER:-0}" 2>/dev/null && echo go >"$TMP/release"; } || true; }

req() { # METHOD PATH BODY: "STATUS BODY"
  local code
  code=$(curl -s -o "$TMP/body" -w '%{http_code}' --max-time $((60 * TIMEOUT_SCALE)) -X "$1" \
    --data-binary "$3" "http://127.0.0.1:$PORT$2")
  printf '%s %s' "$code" "$(tr -d '\n' <"$TMP/body")"
}
now_ms() { date +%s%3N; }

# ---- the fixture: 40 directories of 75 files, each a few functions, and one
# file defining a uniquely named function on a known line
R=$TMP/roots/big
NFILES=${CORTEX_LAZY_FILES:-3000}
mkdir -p "$R"
for d in $(seq 1 40); do
  mkdir -p "$R/src/mod$d"
  for f in $(seq 1 $((NFILES / 40))); do
    {
      printf '#include <stddef.h>\n\n'
      for k in 1 2 3 4 5; do
        printf 'int mod%d_file%d_fn%d(int x)\n{\n    return x * %d + %d;\n}\n\n' "$d" "$f" "$k" "$k" "$f"
      done
      printf 'int mod%d_file%d_sum(int x)\n{\n    return mod%d_file%d_fn1(x) + mod%d_file%d_fn2(x);\n}\n' \
        "$d" "$f" "$d" "$f" "$d" "$f"
    } >"$R/src/mod$d/file$f.c"
  done
done
mkdir -p "$R/src/net"
cat >"$R/src/net/zorblax.c" <<'EOF'
#include <stddef.h>

static int zorblax_helper(int n)
{
    return n + 1;
}

int zorblax_frobnicate(int n)
{
    return zorblax_helper(n) * 2;
}
EOF
git -C "$R" init -q
git -C "$R" add -A
git -C "$R" -c user.email=e2e@cortex -c user.name=e2e commit -qm fixture
total=$(find "$R/src" -name '*.c' | wc -l)

# ---- the first index held back: the repository's index lock is held here
# (flock -o: only flock holds the lock, released when the reader of the fifo
# ends, and with it flock; a line written to the fifo lets it go)
mkdir -p "$R/.cortex"
mkfifo "$TMP/release"
flock -o "$R/.cortex/lock" sh -c "read _ < '$TMP/release'" &
LOCKER=$!
PIDS+=("$LOCKER")
sleep 0.3
"$CORTEX" serve --listen 127.0.0.1:0 --port-file "$TMP/port" --root "$TMP/roots" --repo "$R" >"$TMP/serve.log" 2>&1 &
PID=$!
PIDS+=("$PID")
for _ in $(seq 1 $((300 * TIMEOUT_SCALE))); do [ -s "$TMP/port" ] && break; sleep 0.1; done
PORT=$(cat "$TMP/port")
expect_eq "the first index is under way (held by the lock)" '"indexing"' \
  "$(field "$(req GET /repos '')" '.[0].status')"

# first, before any partial store exists (an empty one is made, so the query runs as anywhere)
r=$(req POST /query '{"repo":"big","symbol":"qwyxvvt_nothing","kind":"definition"}')
expect_eq "a query whose words match no path: partial, no results, and says so" \
  '200 true [] 0 0 0 true' \
  "$(status_of "$r") $(field "$r" .partial) $(field "$r" .handles) $(field "$r" .total_matches) $(field "$r" .matched_files) $(field "$r" .indexed_files) $(field "$r" '.partial_note | test("no file.s path matches")')"

Q='{"repo":"big","symbol":"zorblax_frobnicate","kind":"definition"}'
t0=$(now_ms)
r=$(req POST /query "$Q")
first_ms=$(($(now_ms) - t0))
expect_eq "a query during the first index answers the definition, exact file and line, partial" \
  '200 [["src/net/zorblax.c",8,"zorblax_frobnicate","partial",0]] true' \
  "$(status_of "$r") $(field "$r" '[.handles[] | [.file, .line_range[0], .name, .source, .generation]]') $(field "$r" .partial)"
bound=$((10000 * TIMEOUT_SCALE))
[ "$first_ms" -le "$bound" ] && pass "... within ${bound} ms (${first_ms} ms)" || fail "... within ${bound} ms (${first_ms} ms)"
indexed=$(field "$r" .indexed_files)
[ "$indexed" -ge 1 ] && [ "$indexed" -le 200 ] && pass "... from $indexed files (at most 200)" ||
  fail "... indexed_files $indexed (1 to 200)"
expect_eq "... of the tree's $total files" "$total" "$(field "$r" .total_files)"
expect_eq "... with generation 0 and a note" '0 true' \
  "$(field "$r" .generation) $(field "$r" '.partial_note | test("first index is still running")')"
kill -0 "$LOCKER" && pass "... while the full index was held back" || fail "... while the full index was held back"
partial_id=$(field "$r" '.handles[0].id' | tr -d '"')

r=$(req POST /repos/big/tools/query '{"symbol":"zorblax_helper","kind":"definition"}')
expect_eq "the query tool at /repos/{id}/tools/query: partial too, from the same store" \
  '200 [["src/net/zorblax.c",3]] true' \
  "$(status_of "$r") $(field "$r" '[.handles[] | [.file, .line_range[0]]]') $(field "$r" .partial)"


# mod7_file3_fn2's words match 114 paths (src/mod7/*, */file3.c): the 8 strongest
# are indexed first, and src/mod7/file3.c, the strongest, holds the answer
r=$(req POST /query '{"repo":"big","symbol":"mod7_file3_fn2"}')
expect_eq "a second query's 8 strongest paths join the same partial store (1 + 8 files), of 114 matching" \
  '200 true 9 114' "$(status_of "$r") $(field "$r" .partial) $(field "$r" .indexed_files) $(field "$r" .matched_files)"
expect_eq "... and it finds its definition" '["src/mod7/file3.c",8]' \
  "$(field "$r" '[.handles[] | select(.name == "mod7_file3_fn2") | .file, .line_range[0]]')"
# a name defined nowhere: every matching path is indexed (src/mod9/*, 75 files) before it says so
r=$(req POST /query '{"repo":"big","symbol":"mod9_qwyxvvt","kind":"definition"}')
expect_eq "a query that finds nothing in its strongest paths goes on to all of them (9 + 75 files)" \
  '200 true [] 84 75' "$(status_of "$r") $(field "$r" .partial) $(field "$r" .handles) $(field "$r" .indexed_files) $(field "$r" .matched_files)"
[ -d "$R/.cortex/partial" ] && pass "the partial store is <repo>/.cortex/partial" || fail "no .cortex/partial"

# ---- the lock goes: the full index commits, and answers are its own
t1=$(now_ms)
echo go >"$TMP/release"; wait "$LOCKER" 2>/dev/null || true
for _ in $(seq 1 $((1800 * TIMEOUT_SCALE))); do
  [ "$(field "$(req GET /repos '')" '.[0].status')" == '"ready"' ] && break
  sleep 0.1
done
full_ms=$(($(now_ms) - t1))
expect_eq "the full index commits once the lock is free" '"ready"' "$(field "$(req GET /repos '')" '.[0].status')"
r=$(req POST /query "$Q")
expect_eq "the same query answers from the full index: not partial, the same definition" \
  '200 [["src/net/zorblax.c",8,"service"]] null' \
  "$(status_of "$r") $(field "$r" '[.handles[] | [.file, .line_range[0], .source]]') $(field "$r" .partial)"
[ "$(field "$r" .generation)" -ge 1 ] && pass "... at the full index's generation" || fail "... generation $(field "$r" .generation)"
expect_eq "a partial handle expanded against the full index is stale (409)" '409 "stale_generation"' \
  "$(r=$(req POST /expand "{\"repo\":\"big\",\"handles\":[{\"id\":\"$partial_id\",\"generation\":0}]}"); echo "$(status_of "$r") $(field "$r" .code)")"
[ ! -e "$R/.cortex/partial" ] && pass "the partial store is deleted once the full index exists" ||
  fail "the partial store is still there"
echo "# first answer ${first_ms} ms from ${indexed} files; full index of ${total} files ${full_ms} ms after the lock went"

kill -TERM "$PID"
rc=0; wait "$PID" || rc=$?
expect_eq "the server stops cleanly" 0 "$rc"

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
