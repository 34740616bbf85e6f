#!/usr/bin/env bash
# explore on a repository of many directories: the listing stays within
# max_entries (directories below the deepest level that fits are folded into
# their ancestor, which counts them), and a large scope's listing is kept
# beside the store for the next call at the same generation, and only then.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
mkdir "$TMP/repo" && cd "$TMP/repo"
# 30 top directories of 10 subdirectories of 14 files: 4,200 files in 300
# directories, and a README at the root
for a in $(seq 0 29); do
  for b in $(seq 0 9); do
    mkdir -p "a$a/b$b"
    for f in $(seq -w 0 13); do echo "note $a $b $f" > "a$a/b$b/f$f.txt"; done
  done
done
echo '# many' > README.md
"$CORTEX" index --quiet . >/dev/null
ex() { "$CORTEX" explore --map-tokens 0 --json "$@"; }

# ---- folding: 301 directories, a budget of 200 ----------------------------------------------
expect_eq "the root: its own files and the 30 top directories, each counting what lies below" \
  '31|{"path":".","files":["README.md"],"more":0}|{"path":"a0","files":[],"more":140,"subdirectories":10}|{"path":"a9","files":[],"more":140,"subdirectories":10}' \
  "$(ex | jq -c '(.directories | length), .directories[0], .directories[1], .directories[30]' | paste -sd'|')"
expect_eq "names shown, files in all, truncated" "1|4201|true|null" \
  "$(ex | jq -r '[.shown, .project.files, .truncated, .more_directories] | map(tostring) | join("|")')"
expect_eq "the text form" "a0/: +140 files in 10 subdirectories" \
  "$("$CORTEX" explore --map-tokens 0 | grep '^a0/')"
expect_eq "a budget every directory fits: each listed, the files shared evenly (the spare to the first)" \
  '301|400|"a0/b0"|["f00.txt","f01.txt"]|12|"a9/b9"|["f00.txt"]|13' \
  "$(ex --max-entries 400 | jq -c '(.directories | length), .shown, (.directories[1], .directories[300] | .path, .files, .more)' | paste -sd'|')"
expect_eq "inside a top directory: its 10 directories, every file" \
  '10|140|false|["a3/b0",14,0]' \
  "$(ex a3 | jq -c '(.directories | length), .shown, .truncated, (.directories[0] | [.path, (.files | length), .more])' | paste -sd'|')"
expect_eq "fewer entries than the top directories: the first ones, and how many more" \
  '5|[".","a0","a1","a10","a11"]|26|1' \
  "$(ex --max-entries 5 | jq -c '(.directories | length), [.directories[].path], .more_directories, .shown' | paste -sd'|')"
expect_eq "and the text form says so" "+26 directories (max_entries lists more)" \
  "$("$CORTEX" explore --map-tokens 0 --max-entries 5 | grep '^+')"

# ---- the listing kept -----------------------------------------------------------------------
kept() { grep -l '"name": *"explore"' .cortex/cortex.db-answers/*.json 2>/dev/null | wc -l; }
first=$(ex | jq -c 'del(.index, .status)')
expect_eq "a listing of 4,201 files is kept" "yes" "$([ "$(kept)" -ge 1 ] && echo yes)"
expect_eq "read back by another process, the same" "$first" "$(ex | jq -c 'del(.index, .status)')"
for f in .cortex/cortex.db-answers/*.json; do grep -q '"name": *"explore"' "$f" && printf '{"store' > "$f"; done
expect_eq "a damaged kept listing is listed again" "$first" "$(ex | jq -c 'del(.index, .status)')"
mkdir a0/b10 && echo 'new' > a0/b10/g.txt
"$CORTEX" index --quiet . >/dev/null
expect_eq "after a reindex, the new generation's listing: 4,202 files, a0 with 11 subdirectories" \
  '4202|{"path":"a0","files":[],"more":141,"subdirectories":11}' \
  "$(ex | jq -c '.project.files, .directories[1]' | paste -sd'|')"
expect_eq "a small scope's listing is not kept" "0" \
  "$(rm -rf .cortex/cortex.db-answers; ex a3 >/dev/null; kept)"
finish
