#!/usr/bin/env bash
# Issue 26's first answer without waiting for the whole index, on the whole
# Linux kernel source (benches/.corpora/linux-full, unpacked by
# benches/whole_kernel.sh): a git work tree of it with no index is served by
# `cortex serve`, which starts its first index at once; queries are sent as
# soon as the service listens. Reports the time to each partial answer and
# the files it came from, the time until the repository is ready (the whole
# index committed), and the peak RSS of the service and of its indexing
# processes, sampled every 0.2 s from /proc (their sum at each sample, and
# the largest single process). Prints Markdown for docs/benchmarks.md.
#
#   benches/lazy_kernel.sh [--cortex BIN]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cortex="$here/../build/cortex"
while [ $# -gt 0 ]; do
  case $1 in
    --cortex) cortex=$2; shift 2 ;;
    *) echo "usage: $0 [--cortex BIN]" >&2; exit 2 ;;
  esac
done
cortex=$(cd "$(dirname "$cortex")" && pwd)/$(basename "$cortex")
corpus="$here/.corpora/linux-full"
[ -f "$corpus/.complete" ] || { echo "lazy_kernel: run benches/whole_kernel.sh first to unpack $corpus" >&2; exit 1; }
for tool in curl jq git; do command -v $tool >/dev/null || { echo "lazy_kernel: $tool is missing" >&2; exit 1; }; done

work=$(mktemp -d)
serve_pid=
sampler_pid=
cleanup() {
  [ -n "$sampler_pid" ] && kill "$sampler_pid" 2>/dev/null || true
  [ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null && wait "$serve_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# the tree, hard-linked (no copy of its bytes) and committed: the service serves git work trees only
repo="$work/roots/linux"
mkdir -p "$repo"
(cd "$corpus" && find . -mindepth 1 -maxdepth 1 ! -name .cortex ! -name .complete -exec cp -al {} "$repo/" \;)
# Debian's source package ends the top .gitignore with a rule ignoring every
# top-level entry (its packaging's, not the kernel's): the copy goes without it
rm -f "$repo/.gitignore"
git -C "$repo" init -q
# no automatic gc: after a commit of the whole tree's loose objects git packs
# them in the background, on the cores the measured index needs
# (docs/benchmarks.md, "The index's totals, and git's background gc")
git -C "$repo" config gc.auto 0
git -C "$repo" add -A
git -C "$repo" -c user.email=bench@cortex -c user.name=bench commit -qm kernel
files=$(cd "$repo" && git ls-files | wc -l)
sync

# every 0.2 s: "ms sum_kb max_kb anon_kb file_kb what" of the service and its
# descendants, read from /proc by one process: a shell loop forking pgrep and
# awk for each process took a third of a core, a sixth of the machine the
# index runs on
sample() { # START_MS SERVICE_PID
  python3 - "$1" "$2" <<'PY'
import os, sys, time
start_ms, root = int(sys.argv[1]), int(sys.argv[2])
def children(pid):
    out = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                out += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return out
def status(pid):
    v = {"VmRSS": 0, "RssAnon": 0, "RssFile": 0}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                k = line.split(":", 1)[0]
                if k in v:
                    v[k] = int(line.split()[1])
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            args = f.read().split(b"\0")
        what = args[1].decode() if len(args) > 1 else "-"
    except OSError:
        return None
    return v["VmRSS"], v["RssAnon"], v["RssFile"], what
while os.path.exists(f"/proc/{root}"):
    todo, total, best = [root], 0, (0, 0, 0, "-")
    while todo:
        pid = todo.pop()
        todo += children(pid)
        st = status(pid)
        if st:
            total += st[0]
            if st[0] > best[0]:
                best = st
    print(int(time.time() * 1000) - start_ms, total, best[0], best[1], best[2], best[3], flush=True)
    time.sleep(0.2)
PY
}

start=$(date +%s%3N)
"$cortex" serve --listen 127.0.0.1:0 --port-file "$work/port" --root "$work/roots" --repo "$repo" >"$work/serve.log" 2>&1 &
serve_pid=$!
sample "$start" "$serve_pid" >"$work/rss" &
sampler_pid=$!
for _ in $(seq 1 300); do [ -s "$work/port" ] && break; sleep 0.05; done
port=$(cat "$work/port")
listening=$(($(date +%s%3N) - start))

query() { # BODY: "ms partial files results" for one /query
  local t0 t1
  t0=$(date +%s%3N)
  curl -s -o "$work/body" --max-time 600 -X POST --data-binary "$1" "http://127.0.0.1:$port/query"
  t1=$(date +%s%3N)
  echo "$((t1 - t0)) $(jq -r '[(if has("partial") then .partial else false end), (.indexed_files // "-"), (.handles | length)] | @tsv' "$work/body" | tr '\t' ' ')"
}

echo "#### A first answer on the whole kernel: $files files in git, no index yet"
echo
echo "Service listening after $listening ms. Each query is sent once the one before has answered."
echo
echo "| query (\`POST /query\`) | sent at | answered in | partial | files indexed | handles |"
echo "|---|---:|---:|---|---:|---:|"
for body in \
  '{"repo":"linux","symbol":"ext4_fill_super","kind":"definition"}' \
  '{"repo":"linux","symbol":"tcp_v4_connect","kind":"definition"}' \
  '{"repo":"linux","symbol":"kfree","kind":"definition"}' \
  '{"repo":"linux","symbol":"ext4_fill_super","kind":"definition"}'; do
  at=$(($(date +%s%3N) - start))
  read -r ms partial indexed handles <<<"$(query "$body")"
  echo "| \`$(jq -r '.symbol' <<<"$body")\` | $at ms | $ms ms | $partial | $indexed | $handles |"
done

# until the whole index has committed
while [ "$(curl -s "http://127.0.0.1:$port/repos" | jq -r '.[0].status')" != ready ]; do
  kill -0 "$serve_pid" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
  sleep 0.5
done
ready=$(($(date +%s%3N) - start))
read -r ms partial indexed handles <<<"$(query '{"repo":"linux","symbol":"ext4_fill_super","kind":"definition"}')"
kill "$sampler_pid" 2>/dev/null || true
sampler_pid=
echo "| \`ext4_fill_super\` after the whole index | $ready ms | $ms ms | $partial | $indexed | $handles |"
echo
peak_sum=$(awk '$2 > m {m = $2} END {print int(m / 1024)}' "$work/rss")
peak_max=$(awk '$3 > m {m = $3} END {print int(m / 1024)}' "$work/rss")
peak_what=$(awk '$3 > m {m = $3; w = sprintf("%d MB anonymous, %d MB file-backed, at %.1f s: `cortex %s`", $4 / 1024, $5 / 1024, $1 / 1000, $6)} END {print w}' "$work/rss")
echo "The whole index was ready $(awk -v ms="$ready" 'BEGIN {printf "%.1f", ms / 1000}') s after the service started."
echo "Peak RSS: $peak_max MB in one process ($peak_what), $peak_sum MB summed over the service and its indexing processes at one time."
