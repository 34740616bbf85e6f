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
git -C "$repo" add -A
git -C "$repo" -c user.email=bench@cortex -c user.name=bench commit -qm kernel
files=$(cd "$repo" && git ls-files | wc -l)
sync

descendants() { local p=$1; echo "$p"; for c in $(pgrep -P "$p"); do descendants "$c"; done; }
sample() { # every 0.2 s: "ms sum_kb max_kb anon_kb file_kb what" of the service and its descendants
  local start=$1
  while kill -0 "$serve_pid" 2>/dev/null; do
    local sum=0 max=0 kb anon file what=-
    for p in $(descendants "$serve_pid"); do
      read -r kb anon file < <(awk '/^VmRSS/{r=$2} /^RssAnon/{a=$2} /^RssFile/{f=$2} END {print r+0, a+0, f+0}' "/proc/$p/status" 2>/dev/null || echo "0 0 0")
      sum=$((sum + kb))
      if [ "$kb" -gt "$max" ]; then
        max=$kb
        what="$anon $file $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | awk '{print $2}')"
      fi
    done
    echo "$(($(date +%s%3N) - start)) $sum $max $what"
    sleep 0.2
  done
}

start=$(date +%s%3N)
"$cortex" serve --listen 127.0.0.1:0 --port-file "$work/port" --root "$work/roots" --repo "$repo" >"$work/serve.log" 2>&1 &
serve_pid=$!
sample "$start" >"$work/rss" &
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
