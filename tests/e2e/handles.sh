#!/usr/bin/env bash
# The handle tools (query, evidence_pack, expand) and the ranking rule they
# share with search, through the CLI on tests/fixtures/repos/ranking: a
# repository shaped like the cases the ranking must get right (a class named
# like the project beside its README section and a test class of the same
# name; a trait beside its imports and fields; a variable beside test-local
# namesakes; a two-word concept that tests mention more often than source).
. "$(dirname "$0")/lib.sh"
CORTEX=$1
cp -R "$REPO/tests/fixtures/repos/ranking" "$TMP/repo"
cd "$TMP/repo"
"$CORTEX" index --quiet . >/dev/null

q() { "$CORTEX" query "$@" --json; }
ev() { "$CORTEX" evidence "$@" --json; }
x() { "$CORTEX" expand "$@" --json; }
at() { jq -r "$1 | \"\\(.file):\\(.line_range[0]) \\(.kind) \\(.name)\""; }

# ---- ranking: the first hit, exactly ---------------------------------------------------
top() { "$CORTEX" search "$1" --json | jq -r '.results[0] | "\(.file):\(.line) \(.kind) \(.name)"'; }
expect_eq "search Flask: the class, not the README section or the test class" "src/flask/app.py:5 class Flask" "$(top Flask)"
expect_eq "search Matcher: the trait, not its imports or fields" "crates/matcher/src/lib.rs:4 interface Matcher" "$(top Matcher)"
expect_eq "search etag: the library's, not the tests' locals" "lib/utils.js:6 variable etag" "$(top etag)"
expect_eq "search 'session cookie': hits covering both words first, no test in the first five" \
  "docs/guide.md:7 section Guide.Session cookie settings|0" \
  "$(top 'session cookie')|$("$CORTEX" search 'session cookie' --json --limit 5 | jq '[.results[] | select(.file | startswith("tests/"))] | length')"
expect_eq "search 'session cookie': a source hit with both words second" "src/flask/sessions.py:11 SecureCookieSessionInterface.open_session" \
  "$("$CORTEX" search 'session cookie' --json | jq -r '.results[1] | "\(.file):\(.line) \(.name)"')"
expect_eq "search: a word only one hit has still finds the others (ranked by terms covered)" "true" \
  "$("$CORTEX" search 'cookie zebra' --json | jq '.total > 0')"
expect_eq "query pattern Flask: the class first" "src/flask/app.py:5 class Flask" "$(q --pattern Flask | at '.handles[0]')"
expect_eq "evidence_pack Matcher: the trait first" "crates/matcher/src/lib.rs:4 interface Matcher" "$(ev Matcher | at '.handles[0]')"
expect_eq "evidence_pack etag: the library's first" "lib/utils.js:6 variable etag" "$(ev etag | at '.handles[0]')"

# the repository's own roles (ranking.paths) override the conventions
printf 'version: 1\nranking:\n  paths:\n    "lib/**": vendored\n' > .cortex/config.yml
expect_eq "ranking.paths: lib/ said vendored, the tests' etag first" "test/res.send.js:5 variable etag" "$(top etag)"
printf 'version: 1\nranking:\n  paths:\n    "lib/**": thirdparty\n' > .cortex/config.yml
expect_status "ranking.paths: an unknown role is refused" 1 "$CORTEX" config check .
expect_eq "ranking.paths: where and what" \
  "cortex config: ./.cortex/config.yml:4:15: ranking.paths.lib/**: unknown value \"thirdparty\" (one of: source, test, example, vendored, generated, changelog)" \
  "$(cat "$TMP/err")"
rm .cortex/config.yml

# ---- a handle, field by field ------------------------------------------------------------
h=$(q --symbol Flask --kind definition | jq -c '.handles[0]')
start=$(head -4 src/flask/app.py | wc -c)
end=$(head -19 src/flask/app.py | wc -c)
expect_eq "a handle's fields" \
  "{\"file\":\"src/flask/app.py\",\"kind\":\"class\",\"name\":\"Flask\",\"line_range\":[5,19],\"span\":{\"start\":$start,\"end\":$end},\"token_count\":$(((end - start + 3) / 4)),\"preview\":\"class Flask:\",\"generation\":1}" \
  "$(jq -c 'del(.id)' <<<"$h")"
expect_eq "a handle id is h and 24 hex digits" "true" "$(jq '.id | test("^h[0-9a-f]{24}$")' <<<"$h")"
expect_eq "symbol: every definition named Flask, source code first, tests last" "src/flask/app.py:5 class Flask|README.md:1 section Flask|tests/test_config.py:5 class Flask|3|false" \
  "$(q --symbol Flask | jq -r '[(.handles[] | "\(.file):\(.line_range[0]) \(.kind) \(.name)"), .total_matches, .truncated] | join("|")')"
expect_eq "parent with symbol: the method, not the function of that name" "Flask.make_response" \
  "$(q --parent Flask --symbol make_response | jq -r '[.handles[].name] | join(",")')"
expect_eq "parent: a class's members" "Flask.__init__,Flask.make_response,Flask.open_session,Flask.session_interface" \
  "$(q --parent Flask --glob 'src/**' | jq -r '[.handles[].name] | sort | join(",")')"
expect_eq "section" "README.md:11 doc Flask > Installation" "$(q --section Installation | at '.handles[0]')"
expect_eq "glob keeps to matching files" "lib/application.js,lib/utils.js" "$(q --pattern etag --glob 'lib/**' | jq -r '[.handles[].file] | unique | join(",")')"
expect_eq "patterns: any of them, or all" "20|18" \
  "$(q --patterns session,cookie | jq .total_matches)|$(q --patterns session,cookie --match all | jq .total_matches)"
expect_eq "limit and truncated" "2|true|20" "$(q --patterns session,cookie --limit 2 | jq -r '[(.handles | length), .truncated, .total_matches] | join("|")')"

# references: each site with the definition it is made in, as a handle of its own
r=$(q --symbol get_cookie_name --kind reference)
expect_eq "references: the call site, how it binds, where it is made" \
  '{"file":"src/flask/sessions.py","kind":"reference","ref_type":"call","name":"get_cookie_name","qualifier":"self","binding":"scoped","line_range":[12,12],"source_name":"SecureCookieSessionInterface.open_session","preview":"return request.cookies.get(self.get_cookie_name(app))"}' \
  "$(jq -c '.ref_handles[0] | {file, kind, ref_type, name, qualifier, binding, line_range, source_name, preview}' <<<"$r")"
src=$(jq -r '.ref_handles[0].source_handle' <<<"$r")
expect_eq "a reference's source handle expands to the method it is made in" "// $src
    def open_session(self, app, request):
        return request.cookies.get(self.get_cookie_name(app))" "$("$CORTEX" expand "$src")"

expect_eq "parent, symbol and kind=reference: the member's references" "src/flask/sessions.py:12" \
  "$(q --parent SecureCookieSessionInterface --symbol get_cookie_name --kind reference | jq -r '[(.handles | length), (.ref_handles[] | "\(.file):\(.line_range[0])")] | .[1:] | join(",")')"
expect_eq "kind=reference keeps the language's reference sites alone" "0 1" \
  "$(q --query '(union (definition "Flask") (references "get_cookie_name"))' --kind reference | jq -r '"\(.handles | length) \(.ref_handles | length)"')"
expect_status "no selector is refused" 1 "$CORTEX" query --limit 3
expect_eq "no selector: the message names them" "cortex query: give at least one of pattern, patterns, symbol, section, parent or query" "$(cat "$TMP/err")"
expect_status "kind=reference without a symbol is refused" 1 "$CORTEX" query --pattern etag --kind reference

# ---- the query language, every form --------------------------------------------------------
dsl() { q --query "$1" | jq -r '[(.handles[]? | "\(.file):\(.line_range[0]) \(.name // .kind)"), (.ref_handles[]? | "ref \(.file):\(.line_range[0]) \(.name)")] | join("|")'; }
expect_eq "(grep)" "lib/utils.js:6 etag" "$(dsl '(limit 1 (grep "etag"))')"
expect_eq "(code)" "crates/matcher/src/lib.rs:4 Matcher" "$(dsl '(limit 1 (code "Matcher"))')"
expect_eq "(definition): every definition of the short name" "src/flask/app.py:14 Flask.make_response|src/flask/app.py:22 make_response" \
  "$(dsl '(definition "make_response")')"
expect_eq "(references)" "ref src/flask/sessions.py:12 get_cookie_name" "$(dsl '(references "get_cookie_name")')"
expect_eq "(section)" "README.md:11 Flask > Installation" "$(dsl '(section "Installation")')"
expect_eq "(file)" "src/flask/sessions.py:1 file" "$(dsl '(file "src/flask/sessions.py")')"
expect_eq "(children)" "src/flask/sessions.py:7 SecureCookieSessionInterface.get_cookie_name|src/flask/sessions.py:11 SecureCookieSessionInterface.open_session" \
  "$(dsl '(children "SecureCookieSessionInterface")')"
expect_eq "(children-named)" "src/flask/app.py:18 Flask.open_session" "$(dsl '(children-named "Flask" "open_session")')"
expect_eq "(in-file)" "tests/test_config.py:5 Flask" "$(dsl '(in-file "tests/**" (definition "Flask"))')"
expect_eq "(union)" "crates/matcher/src/lib.rs:4 Matcher|src/flask/app.py:5 Flask|README.md:1 Flask|tests/test_config.py:5 Flask" \
  "$(dsl '(union (definition "Flask") (definition "Matcher"))')"
expect_eq "(intersect): the first set's units inside the second's" \
  "src/flask/sessions.py:7 SecureCookieSessionInterface.get_cookie_name|src/flask/sessions.py:11 SecureCookieSessionInterface.open_session|src/flask/sessions.py:4 SecureCookieSessionInterface|src/flask/sessions.py:8 docstring|src/flask/sessions.py:5 docstring" \
  "$(dsl '(intersect (grep "cookie") (definition "SecureCookieSessionInterface"))')"
expect_eq "(limit)" "1" "$(q --query '(limit 1 (code "Flask"))' | jq '.handles | length')"
expect_status "a parse error is refused" 1 "$CORTEX" query --query '(grep "x"'
expect_eq "a parse error says where and what was expected" "cortex query: query offset 9: expected ')', found end of query" "$(cat "$TMP/err")"
expect_status "an unknown form is refused" 1 "$CORTEX" query --query '(frob "x")'
expect_eq "an unknown form: the forms listed" "cortex query: query offset 1: expected a form name (grep, code, definition, references, section, file, children, children-named, in-file, union, intersect, limit), found 'frob'" "$(cat "$TMP/err")"

# ---- evidence packs: the guidance -----------------------------------------------------------
p=$(ev --symbol SecureCookieSessionInterface)
cls=$(q --symbol SecureCookieSessionInterface | jq -r '.handles[0].id')
expect_eq "a unique exact symbol: expand it and answer" "expand_then_answer|true|high|1|$cls" \
  "$(jq -r '[.guidance.recommended_action, .guidance.stop_querying, .guidance.confidence_band, .guidance.suggested_expand_count, .expand_suggestion[0]] | join("|")' <<<"$p")"
expect_eq "an evidence pack carries no content or previews" "false" "$(jq '[.handles[] | has("content") or has("preview")] | any' <<<"$p")"
expect_eq "a vague word: refine the query" "refine_query|false|low|2" \
  "$(ev self | jq -r '[.guidance.recommended_action, .guidance.stop_querying, .guidance.confidence_band, .guidance.max_additional_queries] | join("|")')"
expect_eq "max_per_file" "true" "$(ev --pattern session --max-per-file 1 | jq '[.files[].handles | length] | all(. <= 1)')"
expect_eq "files group the handles with their tokens" "true" \
  "$(ev Flask | jq '([.files[].handles[]] | sort) == ([.handles[].id] | sort) and ([.files[].tokens] | add) == ([.handles[].token_count] | add)')"

# ---- expand ------------------------------------------------------------------------------------
flask=$(q --symbol Flask | jq -r '.handles[0].id')
expect_eq "expand: // id blocks, in order" "// $flask
$(sed -n 5,19p src/flask/app.py)

// h0000000000000000000000ff
(error: unknown handle: query again (handles come from query or evidence_pack))

// nonsense
(error: not a handle id (h and 24 hex digits): take ids from query or evidence_pack)" \
  "$("$CORTEX" expand "$flask,h0000000000000000000000ff,nonsense")"
expect_status "expand with the index's generation" 0 "$CORTEX" expand "$flask" --generation 1

# ---- stable ids ---------------------------------------------------------------------------------
ids() { q --pattern "session cookie" --limit 50 | jq -r '[.handles[].id] | sort | join(",")'; }
before=$(ids)
sess=$(q --symbol SecureCookieSessionInterface | jq -r '.handles[0].id')
echo "// an unrelated edit" >>lib/application.js
"$CORTEX" index --quiet . >/dev/null
expect_eq "a re-index that moves nothing keeps every id" "$before" "$(ids)"
sed -i '1i # a line above moves everything below' src/flask/sessions.py
"$CORTEX" index --quiet . >/dev/null
moved=$(q --symbol SecureCookieSessionInterface | jq -r '.handles[0].id')
expect_eq "a unit that moved has a new id" "true" "$([ "$moved" != "$sess" ] && echo true || echo false)"
expect_eq "a unit that did not move keeps its id" "$flask" "$(q --symbol Flask | jq -r '.handles[0].id')"
expect_eq "expand of a moved unit's old handle: query again" "its unit moved or is gone since the handle was issued: query again for a fresh handle" \
  "$(x "$sess" | jq -r '.contents[0].error')"
expect_status "expand with an older generation is refused" 1 "$CORTEX" expand "$moved" --generation 1
expect_eq "a stale generation says so" "cortex expand: stale_generation: the handles are of index generation 1, the index is now at 3: query again for fresh handles" "$(cat "$TMP/err")"

# ---- explore: the repository map and the index's status -----------------------------------
expect_eq "the map: files by rank with their definitions referenced from other files; vendored trees one line" \
  '{"files":[{"file":"crates/matcher/src/lib.rs","symbols":["Matcher"]},{"file":"src/flask/sessions.py","symbols":["SecureCookieSessionInterface","SecureCookieSessionInterface.open_session"]}],"vendored":[{"path":"deps/","files":3}]}' \
  "$("$CORTEX" explore --json | jq -c '.map | del(.tokens)')"
expect_eq "the map within a small budget" '["crates/matcher/src/lib.rs"]' "$("$CORTEX" explore --map-tokens 15 --json | jq -c '[.map.files[].file]')"
# the map is built once for a store's generation and kept beside the store for the next process
map_now=$("$CORTEX" explore --json | jq -c '.map')
expect_eq "the map is kept in .cortex/cortex.db-map" "yes" "$([ -s .cortex/cortex.db-map ] && echo yes)"
expect_eq "a kept map, read by another process, is the same map" "$map_now" "$("$CORTEX" explore --json | jq -c '.map')"
head -c 100 .cortex/cortex.db-map > "$TMP/short-map" && cp "$TMP/short-map" .cortex/cortex.db-map
expect_eq "a damaged kept map is built again, not read" "$map_now" "$("$CORTEX" explore --json | jq -c '.map')"
expect_eq "and kept whole again" "yes" "$([ "$(stat -c %s .cortex/cortex.db-map)" -gt 100 ] && echo yes)"
cp .cortex/cortex.db-map "$TMP/old-map"
cp -R . "$TMP/remade" && cd "$TMP/remade" && rm -rf .cortex/cortex.db* crates
"$CORTEX" index --quiet . >/dev/null
for n in 1 2; do echo "# edit $n" >> src/flask/app.py; "$CORTEX" index --quiet . >/dev/null; done
expect_eq "the new store is at the old one's generation" "3" "$("$CORTEX" explore --json | jq '.status.generation')"
cp "$TMP/old-map" .cortex/cortex.db-map # the old store's map, at a generation the new store has too
expect_eq "a store made again does not read the old store's map (which names crates/)" '["src/flask/sessions.py"]' \
  "$("$CORTEX" explore --json | jq -c '[.map.files[].file]')"
# A map of an older generation serves while at most one file in a hundred changed since, saying so
mkdir "$TMP/many" && cd "$TMP/many"
printf 'def shared():\n    return 1\n' > lib.py
printf 'def rare():\n    return 2\n' > lib2.py
for i in $(seq 0 249); do printf 'from lib import shared\n\ndef f%d():\n    return shared()\n' "$i" > "m$i.py"; done
printf 'from lib2 import rare\n\ndef g():\n    return rare()\n' >> m0.py
"$CORTEX" index --quiet . >/dev/null
expect_eq "many files: the map of generation 1" '["lib.py","lib2.py"]|null' "$("$CORTEX" explore --json | jq -c '[.map.files[].file], .map.generation' | paste -sd'|')"
expect_eq "get_imports of a file 250 files import: the first ones, all counted" '2|250|"m0.py"|"m1.py"' \
  "$("$CORTEX" imports lib.py --limit 2 --json | jq -c '(.imported_by | length), .imported_by_total, .imported_by[].file' | paste -sd'|')"
expect_eq "and the text says how many were left out" "imported by 250 files, as lib.shared (the first 2):" \
  "$("$CORTEX" imports lib.py --limit 2 | grep '^imported by')"
rm lib2.py && "$CORTEX" index --quiet . >/dev/null
expect_eq "one file gone of 252: the kept map serves, labelled, without the gone file" '["lib.py"]|1|1|2' \
  "$("$CORTEX" explore --json | jq -c '[.map.files[].file], .map.generation, .map.files_changed_since, .status.generation' | paste -sd'|')"
expect_eq "the text form says it too" "map (most referenced first; of generation 1, 1 files changed since):" \
  "$("$CORTEX" explore | grep '^map')"
echo '# one' >> m1.py && echo '# two' >> m2.py && "$CORTEX" index --quiet . >/dev/null
expect_eq "three changed since: the map is built again for generation 3" '["lib.py"]|null|null' \
  "$("$CORTEX" explore --json | jq -c '[.map.files[].file], .map.generation, .map.files_changed_since' | paste -sd'|')"
cd "$TMP/repo"
expect_eq "status" "17|3|23" "$("$CORTEX" explore --json | jq -r '[.status.files, .status.generation, .status.schema_version] | join("|")')"

# ---- flush_index with a glob: those files extracted again, changed or not ---------------------
expect_eq "flush_index glob" '{"files":3,"parsed":3,"sinks":["sqlite"]}' "$("$CORTEX" flush --glob 'src/**' --json | jq -c '{files, parsed, sinks}')"
expect_status "flush_index glob matching nothing" 1 "$CORTEX" flush --glob 'nope/**'

# ---- expand feedback: a prior among equals, never above a better hit ----------------------------
order() { q --pattern etag --limit 4 | jq -r '[.handles[] | "\(.file):\(.line_range[0])"] | join(" ")'; }
expect_eq "before any expand: equals by place" "lib/utils.js:6 test/res.send.js:5 test/res.send.js:11 test/res.send.js:16" "$(order)"
last=$(q --pattern etag --limit 4 | jq -r '.handles[3].id')
for _ in 1 2; do "$CORTEX" expand "$last" >/dev/null; done
expect_eq "after expands for the same words: first among its equals, still after the better hit" \
  "lib/utils.js:6 test/res.send.js:16 test/res.send.js:5 test/res.send.js:11" "$(order)"
finish
