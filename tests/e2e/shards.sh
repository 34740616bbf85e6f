#!/usr/bin/env bash
# The JSONL index and the chunks split into shards (pipeline key
# shard_files): the layout, each file's lines in one shard, the same bytes
# whatever the thread count; after an edit only the edited file's shards are
# written again (the others are the committed files, hard-linked: same inode)
# and the index and chunks equal a full run's; a delete, a change of the shard
# count (more files, or shard_files: 0), and a file first indexed by a
# store-only run, equal a full run too; --from-jsonl reads the shards.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
SRC="$REPO/tests/fixtures/repos/sample/src/app.py"

R="$TMP/repo"
mkdir -p "$R/.cortex" "$R/pkg"
for i in $(seq 1 12); do sed "s/Ledger/Ledger$i/g" "$SRC" > "$R/pkg/mod$i.py"; done
printf 'version: 1\npipelines:\n  default:\n    shard_files: 2\n' > "$R/.cortex/config.yml"

# same_as_full NAME: the incremental index equals a full run's, byte for byte.
same_as_full() {
  rm -rf "$TMP/full"
  "$CORTEX" index --quiet --full --out "$TMP/full" "$R"
  if diff -r "$R/.cortex/index" "$TMP/full/index" > "$TMP/diff" 2>&1; then pass "$1: equals a full run"; else
    fail "$1: equals a full run"; head -10 "$TMP/diff" | sed 's/^/    /'; fi
  if diff -r "$R/.cortex/chunks" "$TMP/full/chunks" > "$TMP/diff" 2>&1; then pass "$1: chunks equal a full run's"; else
    fail "$1: chunks equal a full run's"; head -10 "$TMP/diff" | sed 's/^/    /'; fi
}
inodes() { (cd "$R/.cortex" && for f in index/*/*.jsonl chunks/chunks/*.jsonl; do echo "$f $(stat -c %i "$f")"; done); }
# The shards whose file is no longer the same (a new inode).
rewritten() { join <(echo "$1") <(echo "$2") | awk '$2 != $3 { print $1 }' | xargs; }

"$CORTEX" index --quiet --threads 1 "$R"
I="$R/.cortex/index"
expect_eq "12 files at 2 per shard: 8 shards" 8 "$(jq .shards "$I/index.json")"
expect_eq "each kind is a directory of 8 shards, no single file" "8 8 8 absent" \
  "$(ls "$I/symbols" | wc -l) $(ls "$I/references" | wc -l) $(ls "$I/texts" | wc -l) $([ -e "$I/symbols.jsonl" ] && echo present || echo absent)"
expect_eq "shards are named by number" "00.jsonl 07.jsonl" "$(ls "$I/symbols" | sed -n '1p;$p' | xargs)"
expect_eq "every file's symbols are in one shard" 12 \
  "$(for f in "$I"/symbols/*.jsonl; do jq -rn 'foreach inputs as $l (null; $l.file // .; .)' "$f" | sort -u; done | sort | uniq -c | awk '$1 == 1' | wc -l)"
expect_eq "the manifest counts the shards' lines" "$(cat "$I"/symbols/*.jsonl | wc -l) $(cat "$I"/references/*.jsonl | wc -l)" \
  "$(jq -r '"\(.counts.symbols) \(.counts.references)"' "$I/index.json")"
K="$R/.cortex/chunks"
expect_eq "chunks: 8 shards, files listed, the manifest counts them" "8 8 12 $(cat "$K"/chunks/*.jsonl | wc -l)" \
  "$(jq .shards "$K/chunks.json") $(ls "$K/chunks" | wc -l) $(wc -l < "$K/files.jsonl") $(jq .chunks "$K/chunks.json")"
expect_eq "every file's chunks are in its index shard" "$(cd "$I/symbols" && grep -l '"file":"pkg/mod3.py"' *.jsonl)" \
  "$(cd "$K/chunks" && grep -l '"file":"pkg/mod3.py"' *.jsonl)"
"$CORTEX" index --quiet --full --threads 2 --out "$TMP/two" "$R"
diff -r -q "$I" "$TMP/two/index" >/dev/null && diff -r -q "$K" "$TMP/two/chunks" >/dev/null && pass "2 threads write the same shards as 1" ||
  fail "2 threads write the same shards as 1"

# An edit rewrites the edited file's shard of each kind, no other.
before=$(inodes)
printf '\n\ndef added():\n    return norm("x")\n' >> "$R/pkg/mod5.py"
"$CORTEX" index --quiet "$R"
shard=$(grep -l '"file":"pkg/mod5.py"' "$I"/symbols/*.jsonl | xargs -n1 basename)
expect_eq "an edit rewrites one shard of each kind" "index/references/$shard index/symbols/$shard index/texts/$shard chunks/chunks/$shard" \
  "$(rewritten "$before" "$(inodes)")"
expect_eq "the edit is in it" 1 "$(grep -c '"name":"added"' "$I/symbols/$shard")"
same_as_full "edit"

rm "$R/pkg/mod7.py"
"$CORTEX" index --quiet "$R"
expect_eq "a deleted file leaves its shards" 0 "$(cat "$I"/symbols/*.jsonl | grep -c '"file":"pkg/mod7.py"' || true)"
same_as_full "delete"

# A file the store alone indexed first (as the MCP server's refresh does) gets
# its index lines and chunks in the next full run.
sed "s/Ledger/Ledger20/g" "$SRC" > "$R/pkg/mod20.py"
"$CORTEX" index --quiet --sink sqlite "$R"
"$CORTEX" index --quiet "$R"
expect_eq "a file the store indexed first has its chunks" 1 "$(grep -c '"path":"pkg/mod20.py"' "$K/files.jsonl")"
same_as_full "store first"

# 18 files at 2 per shard: 16 shards, every file's lines carried into them.
for i in $(seq 13 19); do sed "s/Ledger/Ledger$i/g" "$SRC" > "$R/pkg/mod$i.py"; done
"$CORTEX" index --quiet "$R"
expect_eq "more files: 16 shards" "16 16" "$(jq .shards "$I/index.json") $(ls "$I/symbols" | wc -l)"
same_as_full "re-sharded"

# No more shards: one file of each kind, as in an index of a small repository.
printf 'version: 1\npipelines:\n  default:\n    shard_files: 0\n' > "$R/.cortex/config.yml"
"$CORTEX" index --quiet "$R"
expect_eq "shard_files 0: one file of each kind" "1 yes no" \
  "$(jq .shards "$I/index.json") $([ -f "$I/symbols.jsonl" ] && echo yes || echo no) $([ -e "$I/symbols" ] && echo yes || echo no)"
same_as_full "unsharded"

# --from-jsonl reads a sharded index.
printf 'version: 1\npipelines:\n  default:\n    shard_files: 4\n' > "$R/.cortex/config.yml"
"$CORTEX" index --quiet "$R"
dump() { sqlite3 "$1" "SELECT f.path, s.name, s.kind, s.line_start FROM symbols s JOIN files f ON f.id = s.file_id ORDER BY 1, 4, 2;
                      SELECT count(*), count(target_id) FROM refs;
                      SELECT f.path, c.ordinal, c.kind, length(c.content) FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY 1, 2;"; }
dump "$R/.cortex/cortex.db" > "$TMP/before.txt"
rm "$R/.cortex/cortex.db"*
"$CORTEX" index --quiet --from-jsonl "$R"
expect_eq "--from-jsonl rebuilds the store from the shards" "$(cat "$TMP/before.txt")" "$(dump "$R/.cortex/cortex.db")"

finish
