#!/usr/bin/env bash
# `cortex index` on a fixture repository: ignore rules (nested .gitignore,
# negation, info/exclude, core.excludesFile), tool directories, a binary file,
# a 2 MiB file and symlinks — none indexed, every skip reported; the JSONL
# index checked record by record; byte-identical output across runs; removed
# files leave every sink; --out; a plain directory that is not a repository.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
EXPECTED="$REPO/tests/fixtures/repos/sample.expected"

make_repo() { # DIR [git]: the fixture plus what cannot be committed in this repository
  local d=$1
  copy_fixture "$d"
  echo "x = 1" > "$d/src/scratch.py"                # nested .gitignore
  echo "x = 1" > "$d/src/drop_gen.py"               # *_gen.py
  mkdir -p "$d/generated" && echo "x = 1" > "$d/generated/out.py"
  mkdir -p "$d/node_modules/pkg" && echo "def f(): pass" > "$d/node_modules/pkg/index.py"
  mkdir -p "$d/.venv/lib" && echo "def f(): pass" > "$d/.venv/lib/site.py"
  mkdir -p "$d/env" && touch "$d/env/pyvenv.cfg" && echo "def f(): pass" > "$d/env/tool.py"
  printf 'int x;\0\0binary' > "$d/lib/blob.c"
  head -c 2200000 /dev/zero | tr '\0' '#' > "$d/src/huge.py"
  ln -s /etc/hostname "$d/src/outside.py"
  ln -s util.py "$d/src/alias.py"
  echo "x = 1" > "$d/excluded.py"
  echo "x = 1" > "$d/global_ignored.py"
  if [ "${2:-}" == git ]; then
    git -C "$d" init -q
    echo "excluded.py" >> "$d/.git/info/exclude"
    echo "global_ignored.py" > "$TMP/global-excludes"
    git -C "$d" config core.excludesFile "$TMP/global-excludes"
  fi
}

REPO_DIR="$TMP/repo"
make_repo "$REPO_DIR" git
expect_status "index exits 0" 0 "$CORTEX" index "$REPO_DIR" --json
cp "$TMP/out" "$TMP/report.json"
# --json progress on stderr: file counts, then the commit phase once, last
expect_eq "json progress ends with the commit phase" '{"phase":"commit","files":7}' "$(grep '^{' "$TMP/err" | tail -1)"
expect_eq "json progress: one commit line" 1 "$(grep -c '"phase":"commit"' "$TMP/err")"

expect_eq "indexed files" "README.md lib/point.c lib/point.h src/app.py src/keep_gen.py src/util.py venv/__init__.py" \
  "$(jq -r '.path' "$REPO_DIR/.cortex/index/files.jsonl" | xargs)"
expect_eq "skipped files, each with its reason" \
".venv: tool or dependency directory
env: virtual environment (pyvenv.cfg)
lib/blob.c: binary
node_modules: tool or dependency directory
src/alias.py: symlink (target indexed at its own path)
src/huge.py: larger than the file size limit
src/outside.py: symlink pointing outside the repository" \
  "$(jq -r '.skipped[] | "\(.path): \(.reason)"' "$TMP/report.json")"
expect_eq "ignored by ignore rules (scratch.py, drop_gen.py, generated/, excluded.py, global_ignored.py)" 5 "$(jq .ignored "$TMP/report.json")"
expect_eq "report totals" "7 files, by language {\"c\":2,\"markdown\":1,\"python\":4}" \
  "$(jq -r '"\(.files) files, by language \(.languages | map_values(.files) | tojson)"' "$TMP/report.json")"

# The text report names every skip too.
"$CORTEX" index "$REPO_DIR" > "$TMP/text-report"
grep -q 'skipped 1: binary' "$TMP/text-report" && grep -q '    lib/blob.c' "$TMP/text-report" &&
  pass "text report lists skips" || fail "text report lists skips"

for f in index.json files.jsonl symbols.jsonl references.jsonl texts.jsonl; do
  # CORTEX_UPDATE_EXPECTED=1 rewrites the expected index (review the diff)
  [ -z "${CORTEX_UPDATE_EXPECTED:-}" ] || cp "$REPO_DIR/.cortex/index/$f" "$EXPECTED/$f"
  expect_eq "jsonl $f matches the expected index" "$(cat "$EXPECTED/$f")" "$(cat "$REPO_DIR/.cortex/index/$f")"
done

# Every record has the fields its JSON Schema requires and no others; a
# schema with `oneOf` takes an object as its first form and an array (a
# reference by position, format 1.4) as its second.
check_schema() { # SCHEMA FILE
  jq -n --slurpfile s "$REPO/docs/schema/$1.schema.json" --slurpfile rows "$2" '
    def object_bad($o): ((keys - ($o.properties | keys)) | length > 0) or (($o.required - keys) | length > 0);
    def typed($t): if $t == "integer" then type == "number" and floor == . else type == $t end;
    # [name, line, col], then each optional part in order, known by its type
    def array_bad($a): length < $a.minItems or length > $a.maxItems or
      ([.[0:3] | to_entries[] | .key as $k | select((.value | typed($a.prefixItems[$k].type)) | not)] | length > 0) or
      (.[3:] | if length > 0 and (.[0] | typed("integer")) then (if (.[0] | IN($a.items.anyOf[0].enum[])) then .[1:] else [[]] end) else . end
        | if length > 0 and (.[0] | type == "string" or . == null) then (if length > 1 and (.[1] | type) == "string" then .[2:] else .[1:] end) else . end
        | if length > 0 and .[0] == true then .[1:] else . end
        | if length > 0 and (.[0] | type) == "object" and (.[0] | length) > 0 and
             ((.[0] | keys) - ($a.items.anyOf[3].properties | keys) | length) == 0 then .[1:] else . end
        | length > 0);
    $s[0] as $schema | [$rows[] | select(
      if type == "array" then ($schema.oneOf[1]? // null) as $a | $a == null or array_bad($a)
      else object_bad($schema.oneOf[0]? // $schema) end)] | length'
}
for pair in file:files symbol:symbols reference:references text:texts; do
  expect_eq "${pair#*:}.jsonl follows docs/schema/${pair%%:*}.schema.json" 0 \
    "$(check_schema "${pair%%:*}" "$REPO_DIR/.cortex/index/${pair#*:}.jsonl")"
done
expect_eq "index.json follows docs/schema/index.schema.json" 0 "$(check_schema index "$REPO_DIR/.cortex/index/index.json")"

# The store agrees with the JSONL index.
DB="$REPO_DIR/.cortex/cortex.db"
expect_eq "store symbol count equals symbols.jsonl" "$(wc -l < "$REPO_DIR/.cortex/index/symbols.jsonl")" \
  "$(sqlite3 "$DB" 'SELECT count(*) FROM symbols')"
expect_eq "store: callers of point_add" "lib/point.c:20:main:scoped" \
  "$(sqlite3 "$DB" "SELECT f.path||':'||r.line||':'||c.name||':'||r.resolution FROM refs r JOIN files f ON f.id=r.file_id JOIN symbols c ON c.id=r.caller_id WHERE r.name='point_add' AND r.kind='call'")"
expect_eq "store: norm() is bound through the import alias" "src/app.py:19:Ledger.add:import" \
  "$(sqlite3 "$DB" "SELECT f.path||':'||r.line||':'||c.name||':'||r.resolution FROM refs r JOIN files f ON f.id=r.file_id JOIN symbols c ON c.id=r.caller_id WHERE r.name='norm'")"
edges() { # ARGS: get_callers over the CLI, one line an edge
  "$CORTEX" tool get_callers "$1" --root "$REPO_DIR" --json |
    jq -r '.references[] | "\(.file):\(.line):\(.col) \(.kind) \(.name) in \(.caller) [\(.binding)] -> \(.target.name // "-")"'
}
expect_eq "get_callers: calls by default, so a type named is not one" "" "$(edges '{"name":"point"}')"
expect_eq "get_callers: reference_kind type" "lib/point.c:5:22 type point in point_add [name] -> point
lib/point.c:5:45 type point in point_add [name] -> point
lib/point.c:12:38 type point in print_point [name] -> point
lib/point.h:9:22 type point in point_add [scoped] -> point
lib/point.h:9:45 type point in point_add [scoped] -> point" "$(edges '{"name":"point","reference_kind":"type"}')"
expect_eq "get_callers: reference_kind all answers every kind" 5 \
  "$("$CORTEX" tool get_callers '{"name":"point","reference_kind":"all"}' --root "$REPO_DIR" --json | jq .total)"
expect_eq "get_callers: reference_kind call, the default's answer" "src/app.py:19:38 call norm in Ledger.add [import] -> normalize
src/util.py:7:12 call normalize in _unused [scoped] -> normalize" "$(edges '{"name":"normalize","reference_kind":"call"}')"
expect_eq "get_callers: reference_kind value, none here" 0 \
  "$("$CORTEX" tool get_callers '{"name":"normalize","reference_kind":"value"}' --root "$REPO_DIR" --json | jq .total)"
expect_eq "store: full-text search finds normalize by words" "normalize" \
  "$(sqlite3 "$DB" "SELECT s.name FROM symbols_fts JOIN symbols s ON s.id=symbols_fts.rowid WHERE symbols_fts MATCH 'normalize' AND s.kind='function'")"
expect_eq "store: imports resolved to files (the file dependency graph)" \
"lib/point.c -> lib/point.h
src/app.py -> src/util.py" \
  "$(sqlite3 "$DB" "SELECT f.path || ' -> ' || t.path FROM imports i JOIN files f ON f.id = i.file_id JOIN files t ON t.id = i.target_file_id ORDER BY f.path")"
expect_eq "store: a second run that changes nothing keeps the generation" 1 "$(sqlite3 "$DB" "SELECT value FROM meta WHERE key='generation'")"
expect_eq "store: integrity" ok "$(sqlite3 "$DB" 'PRAGMA integrity_check')"

# Deterministic: a second run gives byte-identical files.
mkdir -p "$TMP/first" && cp "$REPO_DIR/.cortex/index/"* "$TMP/first/"
"$CORTEX" index "$REPO_DIR" --quiet
same=1; for f in "$TMP/first/"*; do cmp -s "$f" "$REPO_DIR/.cortex/index/$(basename "$f")" || same=0; done
expect_eq "index twice: byte-identical JSONL" 1 "$same"

# A removed file leaves every sink.
rm "$REPO_DIR/src/util.py"
expect_status "re-index after delete exits 0" 0 "$CORTEX" index "$REPO_DIR" --json
expect_eq "report counts the removal" 1 "$(jq .removed "$TMP/out")"
expect_eq "removed from files.jsonl" 0 "$(grep -c '"src/util.py"' "$REPO_DIR/.cortex/index/files.jsonl" || true)"
expect_eq "removed from symbols.jsonl" 0 "$(grep -c '"file":"src/util.py"' "$REPO_DIR/.cortex/index/symbols.jsonl" || true)"
expect_eq "removed from the store" 0 "$(sqlite3 "$DB" "SELECT count(*) FROM symbols s JOIN files f ON f.id=s.file_id WHERE f.path='src/util.py'")"
expect_eq "removed from full-text search" 0 "$(sqlite3 "$DB" "SELECT count(*) FROM symbols_fts WHERE symbols_fts MATCH 'unused'")"
expect_eq "store: a run that removes a file moves the generation" 2 "$(sqlite3 "$DB" "SELECT value FROM meta WHERE key='generation'")"

# --out keeps the tree untouched.
OUT_TREE="$TMP/readonly"
make_repo "$OUT_TREE" git
expect_status "index --out exits 0" 0 "$CORTEX" index "$OUT_TREE" --out "$TMP/data" --quiet
[ -f "$TMP/data/index/symbols.jsonl" ] && [ -f "$TMP/data/cortex.db" ] && pass "--out writes the index there" || fail "--out writes the index there"
[ ! -e "$OUT_TREE/.cortex" ] && pass "--out leaves the tree untouched" || fail "--out leaves the tree untouched"

# A plain directory (no git): git's ignore rules do not apply, the built-in skips still do.
PLAIN="$TMP/plain"
make_repo "$PLAIN"
expect_status "index of a plain directory exits 0" 0 "$CORTEX" index "$PLAIN" --json
expect_eq "plain directory: files" \
  "README.md excluded.py generated/out.py global_ignored.py lib/point.c lib/point.h src/app.py src/drop_gen.py src/keep_gen.py src/scratch.py src/util.py venv/__init__.py" \
  "$(jq -r '.path' "$PLAIN/.cortex/index/files.jsonl" | xargs)"
expect_eq "plain directory: skips" ".venv env lib/blob.c node_modules src/alias.py src/huge.py src/outside.py" \
  "$(jq -r '.skipped[].path' "$TMP/out" | xargs)"

# A directory named explicitly is indexed even when its repository ignores it.
mkdir -p "$REPO_DIR/generated/deep" && echo "def gen(): pass" > "$REPO_DIR/generated/deep/made.py"
expect_status "index of an ignored directory exits 0" 0 "$CORTEX" index "$REPO_DIR/generated" --json
expect_eq "ignored directory: its files are indexed" "deep/made.py out.py" \
  "$(jq -r '.path' "$REPO_DIR/generated/.cortex/index/files.jsonl" | xargs)"
expect_eq "ignored directory: the override is reported" \
  "the root is ignored by its enclosing repository, so that repository's ignore rules were not applied" \
  "$(jq -r '.notes[]' "$TMP/out")"
expect_eq "ignored directory: nothing skipped" 0 "$(jq '.skipped | length' "$TMP/out")"

# Broken plugins on the path are warnings; indexing goes on.
CORTEX_PLUGIN_PATH="$(dirname "$CORTEX")/tests/fixture-plugins" expect_status "index with broken plugins exits 0" 0 "$CORTEX" index "$PLAIN" --json
# Queries compile when a run first needs them: the two fixtures with broken
# queries are refused when a file of theirs is indexed, not before.
expect_eq "each refused plugin is one warning line" 10 "$(grep -c '^cortex: warning: plugin .* refused: ' "$TMP/err")"
mkdir -p "$TMP/badq" && echo "x" > "$TMP/badq/a.badq" && echo "def f(): pass" > "$TMP/badq/ok.py"
CORTEX_PLUGIN_PATH="$(dirname "$CORTEX")/tests/fixture-plugins:$(dirname "$CORTEX")/plugins" expect_status "a plugin whose queries do not compile: exit 0" 0 "$CORTEX" index "$TMP/badq" --json
expect_eq "its files are skipped with the reason" "a.badq: its plugin's queries do not compile (see problems)" \
  "$(jq -r '.skipped[] | "\(.path): \(.reason)"' "$TMP/out")"
expect_eq "the problem names the query error" "1" "$(jq -r '[.problems[] | select(.message | test("fixture-bad-query.*does not compile"))] | length' "$TMP/out")"
expect_eq "the other files are indexed" "ok.py" "$(jq -r '.path' "$TMP/badq/.cortex/index/files.jsonl")"

finish
