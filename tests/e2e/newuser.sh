#!/usr/bin/env bash
# What a new user tripped over (issue 20), each fixed: a query command run in a
# subdirectory answers from the enclosing index, unknown kinds are refused and
# languages' own words accepted, and the rest as they land below.
. "$(dirname "$0")/lib.sh"
CORTEX=$1

# A small repository: a git work tree with a package two levels down.
R="$TMP/repo"
mkdir -p "$R/src/pkg"
git -C "$R" init -q
printf 'def helper(x):\n    return x\n\n\ndef main():\n    helper(1)\n' > "$R/src/pkg/app.py"
printf 'pub trait Shape {\n    fn area(&self) -> f64;\n}\n\nfn go() {}\n' > "$R/src/pkg/shape.rs"
printf '<?php\ntrait Shapely {\n    function area() {}\n}\ninterface Shaped {}\n' > "$R/src/pkg/shapes.php"
expect_status "index the repository" 0 "$CORTEX" index --quiet "$R"

# ---- a query in a subdirectory answers from the enclosing index ----------------
(cd "$R/src/pkg" && "$CORTEX" callers helper >"$TMP/out" 2>"$TMP/err") && pass "callers in a subdirectory exits 0" \
  || fail "callers in a subdirectory exits 0"
expect_eq "the answer comes from the root's index" "defined: function helper src/pkg/app.py:1
src/pkg/app.py:6:5 call helper in main [scoped]
1 of 1" "$(cat "$TMP/out")"
expect_eq "it says which root answered" "cortex: answering from $(cd "$R" && pwd -P) (the nearest .cortex/ at or above the current directory)" \
  "$(cat "$TMP/err")"
expect_eq "no second index in the subdirectory" "" "$(ls -A "$R/src/pkg" | grep -x .cortex || true)"
(cd "$R" && "$CORTEX" callers helper >"$TMP/out" 2>"$TMP/err") || true
expect_eq "at the root it says nothing about roots" "" "$(cat "$TMP/err")"
(cd "$R/src/pkg" && "$CORTEX" callers helper --root . --json >"$TMP/out" 2>"$TMP/err") || true
expect_eq "an explicit --root is still honoured (indexed there, paths relative to it)" "yes app.py" \
  "$([ -d "$R/src/pkg/.cortex" ] && echo yes || echo no) $(jq -r '.. | .file? // empty' "$TMP/out" | sort -u | xargs)"
rm -rf "$R/src/pkg/.cortex"
# Without an index anywhere, the git work tree is the root (and is indexed there).
G="$TMP/fresh"
mkdir -p "$G/lib/deep"
git -C "$G" init -q
printf 'def solo():\n    pass\n' > "$G/lib/deep/m.py"
(cd "$G/lib/deep" && "$CORTEX" symbols lib/deep/m.py >"$TMP/out" 2>"$TMP/err") || true
expect_eq "without .cortex/, the git work tree answers" \
  "cortex: answering from $(cd "$G" && pwd -P) (the git work tree around the current directory)" "$(head -1 "$TMP/err")"
expect_eq "and the index is built at the work tree's root" "yes no" \
  "$([ -d "$G/.cortex" ] && echo yes || echo no) $([ -d "$G/lib/deep/.cortex" ] && echo yes || echo no)"

# ---- kinds: unknown ones refused, a language's own words accepted --------------
expect_status "an unknown --kind exits 1" 1 "$CORTEX" search go --kind bogus --root "$R"
expect_eq "the refusal lists the kinds" 'cortex search: unknown kind "bogus" (kinds: function, method, class, struct, union, enum, interface, trait, type, module, constant, variable, property, macro, prototype, impl, section, import, docstring, comment, string, sample, doc, symbols, definitions, data, file; also a language'"'"'s own word, e.g. def, fn, protocol, typedef)' \
  "$(cat "$TMP/err")"
"$CORTEX" search go --kind fn --root "$R" --json >"$TMP/out"
expect_eq "--kind fn finds functions" "go function" "$(jq -r '.results[] | "\(.name) \(.kind)"' "$TMP/out")"
"$CORTEX" search helper --kind def --root "$R" --json >"$TMP/out"
expect_eq "--kind def finds functions" "helper function" "$(jq -r '.results[] | "\(.name) \(.kind)"' "$TMP/out")"
"$CORTEX" search Shape --kind interface --root "$R" --json >"$TMP/out"
expect_eq "a stored kind still filters" "Shape interface" "$(jq -r '.results[] | "\(.name) \(.kind)"' "$TMP/out")"
"$CORTEX" search 'Shape*' --kind trait --root "$R" --json >"$TMP/out"
expect_eq "--kind trait finds Rust's traits (stored as interface, the plugin's word) and PHP's, not PHP's interfaces" \
  "Shape interface src/pkg/shape.rs
Shapely trait src/pkg/shapes.php" "$(jq -r '.results[] | "\(.name) \(.kind) \(.file)"' "$TMP/out" | sort)"

# ---- the README says where the binary is and how to install it -------------------
BUILD=$2
expect_eq "the README starts with the two commands" '# cortex

```sh
./scripts/demo.sh [PATH]     # set up, build, index PATH (default: this repository) and show what was found
./scripts/test.sh            # set up, build with ASan/UBSan, run the whole test suite (ctest)
```' "$(head -6 "$REPO/README.md")"
expect_eq "the README names the binary and the install step in its first lines" "2" \
  "$(head -12 "$REPO/README.md" | grep -c -e 'The binary is `build/cortex`' -e 'cmake --install build --prefix ~/.local')"
cmake --install "$BUILD" --prefix "$TMP/prefix" >/dev/null
expect_eq "the installed cortex finds its plugins" "$ALL_PLUGINS" \
  "$("$TMP/prefix/bin/cortex" plugins | awk 'NR>1 && $1 != "refused:" {print $1}' | sort | xargs)"
mkdir -p "$TMP/bin"
ln -s "$CORTEX" "$TMP/bin/cortex"
expect_eq "a linked cortex finds its plugins" "$ALL_PLUGINS" \
  "$(PATH="$TMP/bin:$PATH" cortex plugins | awk 'NR>1 && $1 != "refused:" {print $1}' | sort | xargs)"

# ---- set-up prints no npm engine warning; progress has no early time left -----------
# npm-sources.sh with a stand-in npm: the engine warning goes, other output stays,
# and a failure shows everything.
mkdir -p "$TMP/fakenpm"
cat > "$TMP/fakenpm/npm" <<'NPM'
#!/bin/sh
echo "npm warn EBADENGINE Unsupported engine {" >&2
echo "npm warn EBADENGINE   package: 'better-sqlite3@13.2.0'," >&2
echo "npm warn EBADENGINE }" >&2
echo "npm warn deprecated something@1: use another" >&2
echo "added 17 packages in 1s"
exit ${FAKE_NPM_RC:-0}
NPM
chmod +x "$TMP/fakenpm/npm"
PATH="$TMP/fakenpm:$PATH" "$REPO/scripts/npm-sources.sh" "$TMP" >"$TMP/out" 2>"$TMP/err" && pass "npm-sources exits 0" || fail "npm-sources exits 0"
expect_eq "npm-sources drops only the engine warning" "npm warn deprecated something@1: use another
added 17 packages in 1s" "$(cat "$TMP/out" "$TMP/err")"
got=0
FAKE_NPM_RC=3 PATH="$TMP/fakenpm:$PATH" "$REPO/scripts/npm-sources.sh" "$TMP" >"$TMP/out" 2>"$TMP/err" || got=$?
expect_eq "a failing npm ci keeps its exit code and every line" "3 5" "$got $(wc -l <"$TMP/err")"
expect_eq "install-deps fetches through npm-sources" "1" "$(grep -c 'scripts/npm-sources.sh' "$REPO/scripts/install-deps.sh")"
expect_eq "so does a configure that finds the sources missing" "1" "$(grep -c 'scripts/npm-sources.sh' "$REPO/CMakeLists.txt")"

# The first progress lines carry no time left: early files are the largest and
# the sinks take them in path order, so an early rate says nothing.
M="$TMP/many"
mkdir -p "$M"
# enough work at one thread to outlast the first half-second report, even in a release build
python3 -c '
import sys
for i in range(2000):
    with open("%s/m%d.py" % (sys.argv[1], i), "w") as f:
        f.write("".join("def f%d_%d(x):\n    \"\"\"Adds %d.\"\"\"\n    return g(x) + %d\n\n" % (i, k, k, k) for k in range(20)))
' "$M"
"$CORTEX" index --json --threads 1 "$M" 2>"$TMP/progress" >/dev/null
jq -c 'select(.progress)' "$TMP/progress" >"$TMP/lines"
expect_eq "the first progress line comes before the end (the run is long enough to tell)" "yes" \
  "$(head -1 "$TMP/lines" | jq -r 'if .progress < .total then "yes" else "no" end')"
expect_eq "the first progress line has no time left" "null" "$(head -1 "$TMP/lines" | jq -r '.eta_seconds')"
expect_eq "no time left before a tenth of the bytes to parse" "0" \
  "$(jq -s '[.[] | select(.progress < .total and .bytes * 10 < .bytes_total and .eta_seconds != null)] | length' "$TMP/lines")"
expect_eq "the bytes to parse are the files' sizes" "$(cat "$M"/*.py | wc -c)" "$(tail -1 "$TMP/lines" | jq -r '.bytes_total')"
expect_eq "the last progress line says 0 s left, every byte parsed" "2000 0 yes" \
  "$(tail -1 "$TMP/lines" | jq -r '"\(.progress) \(.eta_seconds) \(if .bytes == .bytes_total then "yes" else "no" end)"')"
# A no-change run parses nothing: no bytes to parse, and it ends at once.
"$CORTEX" index --json --threads 1 "$M" 2>"$TMP/progress" >/dev/null
expect_eq "a run that parses nothing has no bytes to parse" "2000 0 0" \
  "$(jq -r 'select(.progress) | "\(.progress) \(.bytes) \(.bytes_total)"' "$TMP/progress" | tail -1)"

# ---- config check knows the loaded plugins, as cortex index does ------------------
C="$TMP/conf"
mkdir -p "$C/.cortex"
printf 'pipelines:\n  default:\n    plugins: [python, cobol]\n' > "$C/.cortex/config.yml"
expect_status "config check refuses a plugin that is not loaded" 1 "$CORTEX" config check "$C"
expect_eq "the refusal names file:line:col and the key" \
  "cortex config: $C/.cortex/config.yml:3:23: pipelines.default.plugins[1]: plugin \"cobol\" is not loaded (loaded: ${ALL_PLUGINS// /, })" \
  "$(cat "$TMP/err")"
printf 'pipelines:\n  default:\n    extensions: {".h": cpp, ".f": fortran}\n' > "$C/.cortex/config.yml"
expect_status "config check refuses an extension's plugin that is not loaded" 1 "$CORTEX" config check "$C"
expect_eq "that refusal names file:line:col too" \
  "cortex config: $C/.cortex/config.yml:3:35: pipelines.default.extensions..f: plugin \"fortran\" is not loaded" \
  "$(sed 's/ (loaded: .*//' "$TMP/err")"
printf 'pipelines:\n  default:\n    plugins: [python]\n    extensions: {".h": cpp}\n' > "$C/.cortex/config.yml"
expect_status "config check accepts loaded plugins" 0 "$CORTEX" config check "$C"

# ---- the CLI speaks in flags; help says what is optional -----------------------
expect_status "a bad --limit exits 1" 1 "$CORTEX" search go --limit 0 --root "$R"
expect_eq "a schema error names the flag" "cortex search: --limit: must be at least 1 (\`cortex search --help\` lists the options)" \
  "$(cat "$TMP/err")"
expect_status "a missing positional exits 1" 1 "$CORTEX" children src/pkg/app.py --root "$R"
expect_eq "a missing positional is named as typed" "cortex children: missing PARENT (\`cortex children --help\` lists the options)" \
  "$(cat "$TMP/err")"
expect_status "an empty query exits 1" 1 "$CORTEX" search "" --root "$R"
expect_eq "a bad positional is named as typed" "cortex search: QUERY: must be at least 1 characters long (\`cortex search --help\` lists the options)" \
  "$(cat "$TMP/err")"
expect_status "cortex tool with JSON arguments exits 1" 1 "$CORTEX" tool search '{"limit":0}' --root "$R"
expect_eq "cortex tool, given JSON, still speaks of the schema" \
  "cortex search: arguments: missing required property \"query\" (the tool's inputSchema lists its parameters)" "$(cat "$TMP/err")"
"$CORTEX" explore --help >"$TMP/out"
expect_eq "explore --help shows PATH as optional" "usage: cortex explore [PATH] [--OPTION VALUE ...] [--json] [--root DIR]" "$(head -1 "$TMP/out")"
"$CORTEX" search --help >"$TMP/out"
expect_eq "search --help shows QUERY as required" "usage: cortex search QUERY [--OPTION VALUE ...] [--json] [--root DIR]" "$(head -1 "$TMP/out")"
"$CORTEX" symbols --help >"$TMP/out"
expect_eq "--file has help text" "  --file           string    e.g. src/app.py" "$(grep -e '^  --file ' "$TMP/out")"
expect_eq "--limit shows its default" "  --limit          integer  (default 200)" "$(grep -e '^  --limit ' "$TMP/out")"

# ---- extract --tree: one node per line, indented, with fields and positions --------
printf 'int main() { return 0 }\n' > "$TMP/t.c"
"$CORTEX" extract --tree "$TMP/t.c" >"$TMP/out"
expect_eq "extract --tree indents the tree (fields, positions, a missing node)" "(translation_unit [0, 0] - [1, 0]
  (function_definition [0, 0] - [0, 23]
    type: (primitive_type [0, 0] - [0, 3])
    declarator: (function_declarator [0, 4] - [0, 10]
      declarator: (identifier [0, 4] - [0, 8])
      parameters: (parameter_list [0, 8] - [0, 10]))
    body: (compound_statement [0, 11] - [0, 23]
      (return_statement [0, 13] - [0, 21]
        (number_literal [0, 20] - [0, 21])
        (MISSING ; [0, 21] - [0, 21])))))" "$(cat "$TMP/out")"

# ---- cortex index names the files the grammar could not parse ------------------------
P="$TMP/perr"
mkdir -p "$P"
for i in 1 2 3 4 5 6 7; do printf 'def f(x:\n    return x\n' > "$P/bad$i.py"; done
printf 'def ok():\n    pass\n' > "$P/good.py"
"$CORTEX" index "$P" 2>/dev/null >"$TMP/out"
expect_eq "the report names the first files with parse errors" "  7 files have syntax the grammar could not parse; definitions around it were still extracted:
    bad1.py
    bad2.py
    bad3.py
    bad4.py
    bad5.py
    ... and 2 more (see --json)" "$(grep -A6 'could not parse' "$TMP/out")"
"$CORTEX" index --json --full "$P" 2>/dev/null >"$TMP/out"
expect_eq "--json lists every one" "7 bad1.py bad2.py bad3.py bad4.py bad5.py bad6.py bad7.py" \
  "$(jq -r '"\(.files_with_parse_errors) \(.parse_errors | join(" "))"' "$TMP/out")"

"$CORTEX" explore --parse-errors true --json --root "$P" >"$TMP/out"
expect_eq "explore lists the files with parse errors, and only those" "7 bad1.py bad2.py bad3.py bad4.py bad5.py bad6.py bad7.py" \
  "$(jq -r '"\(.project.files) \(.directories[0].files | join(" "))"' "$TMP/out")"
"$CORTEX" explore --json --root "$P" >"$TMP/out"
expect_eq "without it, explore lists every file" "8" "$(jq -r '.project.files' "$TMP/out")"

# ---- a run that changes nothing still reports the index's totals --------------------
T="$TMP/totals"
mkdir -p "$T"
printf 'def a():\n    b()\n\n\ndef b():\n    """Docs."""\n' > "$T/one.py"
printf 'class K:\n    def m(self):\n        return a()\n' > "$T/two.py"
"$CORTEX" index --json "$T" 2>/dev/null >"$TMP/first.json"
"$CORTEX" index --json "$T" 2>/dev/null >"$TMP/again.json"
expect_eq "the first run parses both files" "2 2 0" "$(jq -r '"\(.files) \(.parsed) \(.unchanged)"' "$TMP/first.json")"
expect_eq "the index's totals after the first run" '{"files":2,"symbols":4,"references":2,"texts":1,"files_with_parse_errors":0}' \
  "$(jq -c '.index' "$TMP/first.json")"
expect_eq "a no-change run parses nothing" "2 0 2 0" "$(jq -r '"\(.files) \(.parsed) \(.unchanged) \(.symbols)"' "$TMP/again.json")"
expect_eq "and reports the same totals" "$(jq -c '.index' "$TMP/first.json")" "$(jq -c '.index' "$TMP/again.json")"
"$CORTEX" index "$T" 2>/dev/null >"$TMP/out"
expect_eq "the text report says the totals and what was parsed" \
  "  in the index: 2 files, 4 symbols, 2 references, 1 texts; parsed now: 0 files (2 unchanged)" "$(sed -n 2p "$TMP/out")"

# ---- --from-jsonl rebuilds the files table as it was, parse errors included ----------
J="$TMP/jsonl"
mkdir -p "$J/sub"
printf 'def f(x:\n    return x\n' > "$J/broken.py"
printf 'def ok():\n    pass\n' > "$J/sub/fine.py"
"$CORTEX" index --quiet "$J"
files_table() { sqlite3 "$J/.cortex/cortex.db" "SELECT path, lang, hash, lines, bytes, parse_errors, project FROM files ORDER BY path"; }
expect_eq "the JSONL index says which file had parse errors" \
  '{"path":"broken.py","lang":"python","hash":"'"$(jq -r 'select(.path=="broken.py") | .hash' "$J/.cortex/index/files.jsonl")"'","lines":2,"bytes":22,"parse_errors":1}' \
  "$(grep '"broken.py"' "$J/.cortex/index/files.jsonl")"
files_table >"$TMP/files.before"
expect_eq "the store marks it" "broken.py|1 sub/fine.py|0" "$(cut -d'|' -f1,6 "$TMP/files.before" | xargs)"
"$CORTEX" index --json "$J" 2>/dev/null >"$TMP/out"
expect_eq "a file with parse errors is carried over unchanged like any other" "0 2" "$(jq -r '"\(.parsed) \(.unchanged)"' "$TMP/out")"
rm -f "$J/.cortex/cortex.db"*
"$CORTEX" index --from-jsonl --json "$J" 2>/dev/null >"$TMP/out"
expect_eq "--from-jsonl rebuilds the same files table" "$(cat "$TMP/files.before")" "$(files_table)"
expect_eq "--from-jsonl reports the parse errors" "1 broken.py" "$(jq -r '"\(.files_with_parse_errors) \(.parse_errors | join(" "))"' "$TMP/out")"
expect_eq "--from-jsonl says what the JSONL index does not hold" \
  'rebuilt from the JSONL index, which does not record the files the walk skipped or ignored: `cortex index` lists them' \
  "$(jq -r '.notes[0]' "$TMP/out")"

finish
