#!/usr/bin/env bash
# One fuzz target, briefly, as the test suite runs it: first the inputs that
# once failed (fuzz/regressions/TARGET), then fuzzing from the seed corpus for
# SECONDS; any crash, hang, leak or sanitizer report fails. Exits 77 (a CTest
# skip) when there is no fuzz build. Usage: fuzz/run.sh FUZZ_BUILD TARGET[-PLUGIN] SECONDS
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" 2>/dev/null && pwd || echo "$1") target=$2 seconds=$3
bin="$build/fuzz/fuzz_${target%%-*}"
if [ ! -x "$bin" ]; then
  echo "no fuzz build at $build (scripts/build.sh fuzz makes it; it needs clang's libFuzzer runtime)" >&2
  exit 77
fi
[[ $target == extract-* ]] && export CORTEX_FUZZ_PLUGIN=${target#extract-}
tmp=$(mktemp -d)
export TMPDIR=$tmp # the harnesses make their scratch directories here
trap 'rm -rf "$tmp"' EXIT
regressions=("$here/fuzz/regressions/$target"/*)
if [ -e "${regressions[0]}" ]; then
  "$bin" -timeout=10 "${regressions[@]}" 2>"$tmp/regressions.log" || { cat "$tmp/regressions.log" >&2; exit 1; }
  echo "$target: ${#regressions[@]} regression inputs pass"
fi
"$here/fuzz/seeds.sh" "$target" "$tmp/seeds"
dict=(); [ -f "$here/fuzz/${target%%-*}.dict" ] && dict=(-dict="$here/fuzz/${target%%-*}.dict")
mkdir "$tmp/corpus"
cd "$tmp" # crash files are written here and shown below
if ! "$bin" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 "${dict[@]}" corpus seeds >"$tmp/log" 2>&1; then
  grep -v '^#\|^INFO\|NEW_FUNC' "$tmp/log" | tail -60 >&2
  for f in crash-* leak-* timeout-* oom-* slow-unit-*; do
    [ -e "$f" ] && { echo "input ($f), base64:" >&2; base64 -w0 "$f" >&2; echo >&2; }
  done
  exit 1
fi
grep -E '^stat::number_of_executed_units|^Done' "$tmp/log" || true
