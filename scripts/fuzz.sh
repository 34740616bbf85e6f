#!/usr/bin/env bash
# Runs the fuzz targets longer than the test suite does, one after the other,
# each with a corpus kept between runs in fuzz/corpus/TARGET (not in git) and
# its crashes in fuzz/artifacts/TARGET; appends each run's CPU time, executions
# and crashes to docs/reliability.md. A crash found becomes a fix and an input
# in fuzz/regressions/TARGET. Usage: scripts/fuzz.sh [--minutes N] [TARGET...]
# (targets: mcp config chunker glob paths query_dsl extract-PLUGIN; default: all)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
minutes=10
if [ "${1:-}" == --minutes ]; then minutes=$2; shift 2; fi
build=$("$here/scripts/build.sh" fuzz)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(mcp config chunker glob paths query_dsl)
  for so in "$build"/plugins/*.so; do targets+=("extract-$(basename "$so" .so)"); done
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
log="$here/docs/reliability.md"
commit=$(git -C "$here" rev-parse --short HEAD)
for t in "${targets[@]}"; do
  corpus="$here/fuzz/corpus/$t" artifacts="$here/fuzz/artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  seeds=$(mktemp -d)
  "$here/fuzz/seeds.sh" "$t" "$seeds"
  bin="$build/fuzz/fuzz_${t%%-*}"
  dict=(); [ -f "$here/fuzz/${t%%-*}.dict" ] && dict=(-dict="$here/fuzz/${t%%-*}.dict")
  before=$(find "$artifacts" -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' | wc -l)
  # times: the second line is the children's user and system time
  cpu=$( (
    [[ $t == extract-* ]] && export CORTEX_FUZZ_PLUGIN=${t#extract-}
    "$bin" -max_total_time=$((minutes * 60)) -timeout=10 -print_final_stats=1 "${dict[@]}" \
      -artifact_prefix="$artifacts/" "$corpus" "$seeds" >"$artifacts/last.log" 2>&1 || true
    times ) | sed -n 2p | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1]*60 + u[2] + s[1]*60 + s[2] }')
  rm -rf "$seeds"
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$artifacts/last.log")
  found=$(( $(find "$artifacts" -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' | wc -l) - before ))
  awk -v d="$(date -u +%F)" -v c="$commit" -v t="$t" -v m="$minutes" -v cpu="$cpu" -v e="${execs:-?}" -v f="$found" \
    'BEGIN { printf "| %s | %s | %s | %s | %.3f | %s | %s |\n", d, c, t, m, cpu / 3600, e, f }' >>"$log"
  echo "$t: ${cpu}s CPU, ${execs:-?} executions, $found new crash files (fuzz/artifacts/$t)"
done
