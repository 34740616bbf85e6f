#!/usr/bin/env bash
# Rebuilding a memory store's index from its files (issue 27: 10,000
# memories in at most 2 s): writes N memory files (front matter with tags and
# a citation, a body of a few hundred bytes) into a named store, then times
# `cortex memory reindex` (memory.db deleted and made anew from every file),
# best of three, the page cache warm.
# Usage: benches/memory_rebuild.sh CORTEX [N=10000]
set -euo pipefail
CORTEX=$1
N=${2:-10000}
TMP=$(mktemp -d /tmp/cortex-memory-bench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
export XDG_DATA_HOME="$TMP/xdg"
mkdir -p "$TMP/repo" && cd "$TMP/repo" && git init -q .
"$CORTEX" memory create_store --name bench >/dev/null
python3 - "$XDG_DATA_HOME/cortex/stores/bench" "$N" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    d = os.path.join(root, f"cat{i % 20}", f"sub{i % 7}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"m{i}.md"), "w") as f:
        f.write(f"---\ntitle: Memory {i}\ncreated_at: 2026-02-13T10:00:00.000Z\n"
                f"updated_at: 2026-02-{13 + i % 10}T10:00:00.000Z\ntags: [t{i % 13}, t{i % 17}]\nsource: bench\n"
                f"citations:\n- file: core/x{i % 50}.c\n  symbol: fn_{i}\n---\n# Memory {i}\n\n"
                + f"Decision {i}: keep the index derived from the files, word{i % 101} and word{i % 103}. " * 4 + "\n")
PY
"$CORTEX" memory reindex --store bench >/dev/null # the page cache warm
best=
for run in 1 2 3; do
  start=$(date +%s.%N)
  count=$("$CORTEX" memory reindex --store bench --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["memories"])')
  end=$(date +%s.%N)
  s=$(echo "$end - $start" | bc)
  echo "run $run: $count memories reindexed in ${s}s (the whole command)"
  if [ -z "$best" ] || [ "$(echo "$s < $best" | bc)" = 1 ]; then best=$s; fi
done
[ "$count" = "$N" ] || { echo "expected $N memories, got $count" >&2; exit 1; }
echo "best of 3: ${best}s for $N memories"
