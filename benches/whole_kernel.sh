#!/usr/bin/env bash
# The whole Linux kernel source (issue 25, "The whole kernel"): Debian's
# linux-source-6.1 unpacked once into benches/.corpora/linux-full, then, in
# one run: universal-ctags and a cold `cortex index` at 2 threads (wall time,
# peak RSS), `.cortex/` against the source's bytes (benches/footprint.py),
# `cortex callers kfree --limit 20` (a hub: time, peak RSS), and every MCP
# tool's latency (benches/mcp_latency.py). Prints Markdown for docs/benchmarks.md.
#
#   benches/whole_kernel.sh [--cortex BIN] [--calls N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cortex="$here/../build/cortex"
calls=20
while [ $# -gt 0 ]; do
  case $1 in
    --cortex) cortex=$2; shift 2 ;;
    --calls) calls=$2; shift 2 ;;
    *) echo "usage: $0 [--cortex BIN] [--calls N]" >&2; exit 2 ;;
  esac
done
cortex=$(cd "$(dirname "$cortex")" && pwd)/$(basename "$cortex")
tarball=/usr/src/linux-source-6.1.tar.xz
[ -f "$tarball" ] || { echo "whole_kernel: $tarball is missing (apt-get install linux-source-6.1)" >&2; exit 1; }
corpus="$here/.corpora/linux-full"
if [ ! -f "$corpus/.complete" ]; then
  rm -rf "$corpus" && mkdir -p "$corpus"
  tar -xJf "$tarball" -C "$corpus" --strip-components=1
  touch "$corpus/.complete"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
timed() { # label, command...: "seconds peak_kb" into $work/$label
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/$label" "$@" >/dev/null 2>"$work/$label.err" || {
    cat "$work/$label.err" >&2; return 1; }
}
files=$(cd "$corpus" && find . -path ./.cortex -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print | wc -l)
sync
timed ctags ctags -R --languages=C,C++ --output-format=json -f "$work/tags.json" "$corpus"
rm -rf "$corpus/.cortex"
timed cold "$cortex" index --quiet --threads 2 "$corpus"
(cd "$corpus" && timed hub "$cortex" callers kfree --limit 20)
echo "#### The whole kernel: linux-source-6.1, $files .c/.h files"
echo
echo "| run | wall | peak RSS |"
echo "|---|---:|---:|"
read -r s kb < "$work/ctags"; echo "| universal-ctags (JSON) | $s s | $((kb / 1024)) MB |"
read -r s kb < "$work/cold"; echo "| \`cortex index\`, cold, 2 threads | $s s | $((kb / 1024)) MB |"
read -r s kb < "$work/hub"; echo "| \`cortex callers kfree --limit 20\` | $s s | $((kb / 1024)) MB |"
echo
python3 "$here/footprint.py" "$corpus" | sed -n '/part | MB/,/free pages/p'
echo
python3 "$here/mcp_latency.py" --cortex "$cortex" --root "$corpus" --calls "$calls"
