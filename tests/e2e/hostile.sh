#!/usr/bin/env bash
# Repositories that are hostile by accident (issue 24): each input here once
# crashed or hung cortex. Every one must index, extract and search to a
# normal answer.
. "$(dirname "$0")/lib.sh"
CORTEX=$1

R="$TMP/repo"
mkdir -p "$R/docs"
git -C "$R" init -q
# The Markdown scanner serialized one entry per open block into a fixed buffer.
python3 - "$R/docs" <<'PY'
import sys
d = sys.argv[1]
open(f"{d}/quotes.md", "w").write("# Top\n\ntext\n\n" + ">" * 400 + " deep\n\n## After\n\nmore\n")
open(f"{d}/lists.md", "w").write("# Lists\n\n" + "".join("  " * i + "- a\n" for i in range(300)) + "\n## Below\n")
PY
expect_eq "400 nested block quotes: the sections either side are found" \
  "section Top 1 9
section Top.After 7 9" \
  "$("$CORTEX" extract "$R/docs/quotes.md" | jq -r 'select(.type=="symbol") | "\(.kind) \(.name) \(.line[0]) \(.line[1])"')"
expect_eq "300 nested list items: the sections either side are found" \
  "section Lists 1 304
section Lists.Below 304 304" \
  "$("$CORTEX" extract "$R/docs/lists.md" | jq -r 'select(.type=="symbol") | "\(.kind) \(.name) \(.line[0]) \(.line[1])"')"
expect_status "a repository with both indexes" 0 "$CORTEX" index --quiet "$R"
expect_eq "both files are in the store" "docs/lists.md docs/quotes.md" \
  "$(jq -r '.path' "$R/.cortex/index/files.jsonl" | sort | xargs)"

# A glob of many stars backtracked exponentially against a long name.
long=$(printf 'a%.0s' $(seq 60))
printf 'x = 1\n' >"$R/$long.py"
mkdir -p "$R/.cortex"
printf 'pipelines:\n  default:\n    exclude: ["*a*a*a*a*a*a*a*a*b"]\n' >"$R/.cortex/config.yml"
expect_status "an exclude of many stars does not hang the index" 0 timeout 60 "$CORTEX" index --quiet "$R"
expect_eq "the long name is not excluded by a pattern it does not match" "$long.py" \
  "$(jq -r '.path' "$R/.cortex/index/files.jsonl" | grep '^a')"
expect_status "a search path filter of many stars answers" 0 \
  timeout 60 "$CORTEX" search x --path '*a*a*a*a*a*a*a*a*b' --root "$R"

# A heading that is not UTF-8 made the chunk's name NULL, and search crashed on it.
U="$TMP/utf"
mkdir -p "$U"
git -C "$U" init -q
printf '# Caf\xe9\n\nsome text about coffee\n' >"$U/doc.md"
expect_status "a heading that is not UTF-8 indexes" 0 "$CORTEX" index --quiet "$U"
expect_eq "search names its section with the invalid byte replaced" "doc Caf$(printf '\xef\xbf\xbd') doc.md 1" \
  "$("$CORTEX" search coffee --json --root "$U" | jq -r '.results[] | "\(.kind) \(.name) \(.file) \(.line)"')"

finish
