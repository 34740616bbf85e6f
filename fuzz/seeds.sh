#!/usr/bin/env bash
# Copies a fuzz target's seed corpus into DEST: inputs taken from the tests
# (golden cases, chunker cases, the fixture repository) and the few written
# for a target in fuzz/seeds/TARGET. Usage: fuzz/seeds.sh TARGET[-PLUGIN] DEST
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
target=$1 dest=$2
mkdir -p "$dest"
n=0
add() { for f in "$@"; do [ -f "$f" ] && cp "$f" "$dest/seed-$((n++))"; done; return 0; }
case "$target" in
  extract-*) add "$here/plugins/${target#extract-}"/tests/*/input.* ;;
  extract) add "$here"/plugins/*/tests/*/input.* ;;
  chunker) add "$here"/tests/chunks/*/input.md "$here"/tests/chunks/*/input.txt "$here"/plugins/markdown/tests/*/input.md \
               "$here"/tests/fixtures/repos/sample/README.md ;;
  *) add "$here/fuzz/seeds/$target"/* ;;
esac
