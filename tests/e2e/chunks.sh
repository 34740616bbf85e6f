#!/usr/bin/env bash
# The chunks sink end to end: `cortex index` writes .cortex/chunks/chunks.jsonl
# (documentation by section, code files in three tiers, plain text by
# paragraphs), sorted and stable; the store's FTS holds the same chunks, so
# `search` returns documentation sections beside code; the budget comes from
# the configuration, and a change to it re-chunks every file.
. "$(dirname "$0")/lib.sh"
CORTEX=$1

R="$TMP/repo"
copy_fixture "$R" --no-ignore-files
mkdir -p "$R/docs"
printf 'Operations\n\nRestart the ledger service with the deploy script.\n\nRotate the logs weekly.\n' > "$R/docs/OPERATIONS.txt"
git -C "$R" init -q
C="$R/.cortex/chunks/chunks.jsonl"

expect_status "index exits 0" 0 "$CORTEX" index "$R" --quiet
expect_eq "every file's chunks, in path order" \
  "README.md:doc README.md:doc README.md:doc docs/OPERATIONS.txt:doc lib/point.c:symbols lib/point.c:definitions lib/point.h:symbols lib/point.h:definitions src/app.py:symbols src/app.py:definitions src/app.py:data src/keep_gen.py:symbols src/keep_gen.py:data src/util.py:symbols src/util.py:definitions venv/__init__.py:symbols venv/__init__.py:definitions" \
  "$(jq -r '"\(.file):\(.kind)"' "$C" | xargs)"
expect_eq "chunk ids are handle ids, one per chunk" "17 17 true" \
  "$(jq -r .id "$C" | wc -l) $(jq -r .id "$C" | sort -u | wc -l) $(jq -s 'all(.id | test("^h[0-9a-f]{24}$"))' "$C")"
expect_eq "a documentation chunk's id is its handle's: the query tool names it so" \
  "$(jq -r 'select(.file == "README.md" and .headers == ["Sample","Usage"]) | .id' "$C")" \
  "$(cd "$R" && "$CORTEX" query --section Usage --json | jq -r '.handles[0].id')"
expect_eq "a doc chunk: lines, header path, code block" \
  '[5,9] ["Sample","Usage"] [{"language":"python","content":"from src.app import Ledger\n"}]' \
  "$(jq -c 'select(.file == "README.md" and .headers == ["Sample","Usage"]) | .lines, .headers, .code_blocks' "$C" | xargs -0 printf '%s' | tr '\n' ' ' | sed 's/ $//')"
expect_eq "a setext header opens a section" '["Sample","Notes"]' "$(jq -c 'select(.file == "README.md" and .lines[0] > 9) | .headers' "$C")"

# search: a documentation section beside the code, named by its header path
expect_eq "search finds a doc section by its prose" "chunk doc README.md:5 Sample > Usage" \
  "$("$CORTEX" search "Usage" --scope chunk --root "$R" --json | jq -r '.results[0] | "\(.type) \(.kind) \(.file):\(.line) \(.name)"')"
expect_eq "search without a scope returns plain-text docs too" "chunk docs/OPERATIONS.txt:1" \
  "$("$CORTEX" search "rotate logs" --root "$R" --json | jq -r '.results[] | "\(.type) \(.file):\(.line)"' | xargs)"
expect_eq "code tiers are searched only when asked for" "0 1" \
  "$("$CORTEX" search "save" --root "$R" --json | jq '[.results[] | select(.type == "chunk")] | length') $("$CORTEX" search "save" --kind definitions --root "$R" --json | jq '.results | length')"
expect_eq "a code tier's snippet is its Markdown" '# src/app.py (definitions)' \
  "$("$CORTEX" search "save" --kind definitions --root "$R" --json | jq -r '.results[0].snippet' | head -1)"

# stable: a second run writes nothing; a full run writes the same bytes
before=$(stat -c %Y.%s "$C")
sleep 1
"$CORTEX" index "$R" --quiet
expect_eq "a run that changes nothing leaves chunks.jsonl untouched" "$before" "$(stat -c %Y.%s "$C")"
cp "$C" "$TMP/first.jsonl"
"$CORTEX" index "$R" --quiet --full
if cmp -s "$C" "$TMP/first.jsonl"; then pass "a full run writes the same bytes"; else fail "a full run writes the same bytes"; fi

# the budget comes from the configuration; changing it re-chunks every file
mkdir -p "$R/.cortex"
python3 -c "print('# Long\n\n' + '\n\n'.join(['Word ' * 40] * 6))" > "$R/docs/long.md"
"$CORTEX" index "$R" --quiet
expect_eq "the default budget: one section of 1,2 KB is one chunk" "1" "$(jq -r 'select(.file == "docs/long.md") | .id' "$C" | wc -l)"
printf 'version: 1\npipelines:\n  default:\n    chunks: {tokens: 100, overlap: 10}\n' > "$R/.cortex/config.yml"
"$CORTEX" index "$R" --quiet
expect_eq "tokens: 100 splits it at paragraphs, each under the budget and overlap" "6 true" \
  "$(jq -s '[.[] | select(.file == "docs/long.md")] | "\(length) \(all(.tokens <= 110))"' -r "$C")"
printf 'version: 1\npipelines:\n  default:\n    chunks: {tokens: 100, overlap: 100}\n' > "$R/.cortex/config.yml"
expect_status "overlap as large as the budget is refused" 1 "$CORTEX" config check "$R"
expect_eq "with its position" \
  "cortex config: $R/.cortex/config.yml:4:13: pipelines.default.chunks: chunks.overlap (100) must be less than chunks.tokens (100)" \
  "$(cat "$TMP/err")"
printf 'version: 1\npipelines:\n  default:\n    sinks: [sqlite, jsonl]\n' > "$R/.cortex/config.yml"
rm -rf "$R/.cortex/chunks"
"$CORTEX" index "$R" --quiet
[ ! -e "$C" ] && pass "without the chunks sink no chunks are written" || fail "without the chunks sink no chunks are written"

finish
