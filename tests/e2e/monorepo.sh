#!/usr/bin/env bash
# A monorepo: every directory holding a .git (a directory, or a file as git
# submodules have) is its own project with its own ignore rules. One index at
# the root covers them all; results name the project of each file, the tools
# filter by project, and `explore` lists the projects.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
G=(git -c user.email=t@t -c user.name=t -c protocol.file.allow=always -c init.defaultBranch=main)

# A library repository, added to the monorepo as a submodule (a .git file).
L="$TMP/libfoo"
mkdir -p "$L/src"
printf 'def parse_config(text):\n    return text.split()\n' > "$L/src/config.py"
printf 'build/\n' > "$L/.gitignore"
"${G[@]}" -C "$L" init -q && "${G[@]}" -C "$L" add -A && "${G[@]}" -C "$L" commit -qm lib

R="$TMP/mono"
mkdir -p "$R/app" "$R/web/src"
printf 'from vendor.libfoo.src.config import parse_config\n\n\ndef main():\n    return parse_config("a b")\n' > "$R/app/main.py"
printf '*.log\n' > "$R/.gitignore"
"${G[@]}" -C "$R" init -q
"${G[@]}" -C "$R" submodule add -q "$L" vendor/libfoo
# A nested repository that is not a submodule (a checkout inside the tree), with its own ignore rules.
printf 'export function parseConfig(text) { return text.trim(); }\n' > "$R/web/src/config.js"
printf 'generated.js\n' > "$R/web/.gitignore"
printf 'export const junk = 1;\n' > "$R/web/generated.js"
"${G[@]}" -C "$R/web" init -q
# Each project's rules apply only to its own tree: the root ignores *.log, the library build/.
mkdir -p "$R/vendor/libfoo/build"
printf 'def built():\n    pass\n' > "$R/vendor/libfoo/build/out.py"
printf 'def logged():\n    pass\n' > "$R/web/keep.log.py"
[ -f "$R/vendor/libfoo/.git" ] && pass "the submodule has a .git file" || fail "the submodule has a .git file"

expect_status "index exits 0" 0 "$CORTEX" index "$R" --quiet
expect_eq "every project's files, each project's ignore rules applied" \
  "app/main.py . vendor/libfoo/src/config.py vendor/libfoo web/keep.log.py web web/src/config.js web" \
  "$(sqlite3 "$R/.cortex/cortex.db" "SELECT path, project FROM files ORDER BY path" | tr '|' ' ' | xargs)"
expect_eq "the JSONL index names the project of nested files only" \
  "app/main.py:- vendor/libfoo/src/config.py:vendor/libfoo web/keep.log.py:web web/src/config.js:web" \
  "$(jq -r 'select(.lang != "text") | "\(.path):\(.project // "-")"' "$R/.cortex/index/files.jsonl" | xargs)"

expect_eq "explore lists the projects" '[{"path":".","files":1},{"path":"vendor/libfoo","files":1},{"path":"web","files":2}]' \
  "$("$CORTEX" tool explore '{}' --root "$R" --json | jq -c .projects)"
expect_eq "explore of one project" "vendor/libfoo/src/config.py" \
  "$("$CORTEX" tool explore '{"project":"vendor/libfoo"}' --root "$R" --json | jq -r '.directories[] | .path as $d | .files[] | select(endswith(".py")) | "\($d)/\(.)"')"
# vendor/ is vendored code by the ranking's conventions: the web project's function first
expect_eq "search results say their project" "function parseConfig web | function parse_config vendor/libfoo" \
  "$("$CORTEX" tool search '{"query":"parse config","kind":"function","context_lines":0}' --root "$R" --json |
     jq -r '[.results[] | "\(.kind) \(.name) \(.project // ".")"] | join(" | ")')"
# both words first, then the file whose path has one of them
expect_eq "search filtered by project" "parseConfig web/src/config.js" \
  "$("$CORTEX" tool search '{"query":"parse config","project":"web","context_lines":0}' --root "$R" --json | jq -r '[.results[].name] | join(" ")')"
expect_eq "callers across projects, each edge with its project" "app/main.py:5 . import" \
  "$("$CORTEX" tool get_callers '{"name":"parse_config"}' --root "$R" --json | jq -r '.references[] | "\(.file):\(.line) \(.project // ".") \(.binding)"')"
expect_eq "callers filtered to another project: none" "0" \
  "$("$CORTEX" tool get_callers '{"name":"parse_config","project":"web"}' --root "$R" --json | jq -r .total)"

# A project appearing later (git init in a plain directory) moves its files, incrementally.
mkdir -p "$R/tools"
printf 'def tool():\n    pass\n' > "$R/tools/t.py"
"$CORTEX" index "$R" --quiet
"${G[@]}" -C "$R/tools" init -q
"$CORTEX" index "$R" --quiet
expect_eq "a new nested repository becomes a project on the next run" "tools" \
  "$(sqlite3 "$R/.cortex/cortex.db" "SELECT project FROM files WHERE path = 'tools/t.py'")"
expect_eq "and the JSONL index says so" "tools" "$(jq -r 'select(.path == "tools/t.py") | .project' "$R/.cortex/index/files.jsonl")"

finish
