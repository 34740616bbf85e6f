#!/bin/sh
# The engine and the MCP server, measured on the benchmark corpora beside
# universal-ctags in the same run, and written into docs/benchmarks.md between
# the <!-- engine:begin/end --> markers (benches/run.sh keeps that section):
#
#   - a cold `cortex index` (all sinks) with 1 and 2 threads, and ctags;
#   - a no-change re-index, and a one-file edit re-indexed end to end;
#   - the store rebuilt from the JSONL index and chunks (`--from-jsonl`);
#   - peak RSS, and the store, JSONL and chunk sizes per 1,000 files;
#   - MCP tool latency through the stdio protocol (benches/mcp_latency.py)
#     and the time from start to the first answer.
#
# Usage: benches/engine.sh [--runs N] [--corpora "python-stdlib linux-6.1"] [--out FILE]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
runs=3
corpora="python-stdlib linux-6.1"
out="$repo/docs/benchmarks.md"
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs=$2; shift 2 ;;
    --corpora) corpora=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--corpora LIST] [--out FILE]" >&2; exit 2 ;;
    esac
done

log() { echo "engine.sh: $*" >&2; }
"$here/fetch-corpora.sh" >/dev/null
cache=$("$here/fetch-corpora.sh" --print-dir)
build=$("$repo/scripts/build.sh" release)
cortex="$build/cortex"
floor="$build/cortex-floor"
export CORTEX_PLUGIN_PATH="$build/plugins"
work=$(mktemp -d /tmp/cortex-engine.XXXXXX)
trap 'rm -rf "$work"' EXIT

# timed OUTVAR COMMAND...: runs it under /usr/bin/time; sets OUTVAR to "seconds rss_kb".
timed() {
    var=$1; shift
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
    eval "$var=\"\$(tail -1 \"$work/time\")\""
}
# median of the numbers on stdin
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

section="$work/section.md"
{
    echo "<!-- engine:begin -->"
    echo "## The engine and the MCP server"
    echo
    echo "Made by \`benches/engine.sh --runs $runs\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(git -C "$repo" rev-parse --short HEAD);"
    echo "medians of $runs runs, warm page cache, ctags in the same run. Cold runs index into a fresh \`--out\` directory."
    echo
    echo "| corpus | files | ctags | cold, 1 thread | cold, 2 threads | 2 vs 1 thread | no change | no change / cold | one-file edit | peak RSS (1 / 2 threads) | store / 1,000 files | JSONL / 1,000 files | chunks / 1,000 files |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$section"

: >"$work/floor.md"; : >"$work/fromjsonl.md"
for c in $corpora; do
    corpus="$cache/$c"
    log "$c: $runs runs"
    : >"$work/t1"; : >"$work/t2"; : >"$work/ct"; : >"$work/f1"; : >"$work/f2"; : >"$work/p1"; : >"$work/p2"; : >"$work/nc"; : >"$work/ed"; : >"$work/r1"; : >"$work/r2"
    i=1
    while [ "$i" -le "$runs" ]; do
        rm -f "$work/tags"
        timed r ctags -R --fields=+n --output-format=json -f "$work/tags" "$corpus"; echo "$r" | cut -d' ' -f1 >>"$work/ct"
        # the parse+query floor (benches/floor.c) at the same thread counts
        timed r "$floor" --threads 1 "$corpus"; echo "$r" | cut -d' ' -f1 >>"$work/f1"
        timed r "$floor" --threads 2 "$corpus"; echo "$r" | cut -d' ' -f1 >>"$work/f2"
        rm -rf "$work/i1"
        timed r "$cortex" index --quiet --full --threads 1 --out "$work/i1" "$corpus"
        echo "$r" | cut -d' ' -f1 >>"$work/t1"; echo "$r" | cut -d' ' -f2 >>"$work/r1"
        rm -rf "$work/i2"
        timed r "$cortex" index --quiet --full --threads 2 --out "$work/i2" "$corpus"
        echo "$r" | cut -d' ' -f1 >>"$work/t2"; echo "$r" | cut -d' ' -f2 >>"$work/r2"
        # each run's cortex / floor, the floor measured moments before: the
        # machine's drift between runs cancels out
        paste "$work/t1" "$work/f1" | tail -1 | awk '{ print $1 / $2 }' >>"$work/p1"
        paste "$work/t2" "$work/f2" | tail -1 | awk '{ print $1 / $2 }' >>"$work/p2"
        # Incremental runs on the corpus's own index, after the cold runs'
        # writes reach the disk: their writeback would otherwise land in the
        # edit's fsyncs (0.22 s instead of 0.15 s on the kernel subtree).
        sync
        "$cortex" index --quiet "$corpus"
        timed r "$cortex" index --quiet "$corpus"; echo "$r" | cut -d' ' -f1 >>"$work/nc"
        victim=$(cd "$corpus" && find . -type f \( -name '*.py' -o -name '*.c' \) | sort | sed -n 100p)
        cp "$corpus/$victim" "$work/victim"
        # An edit as in an editing session: one untimed edit and its undo
        # first. This VM reclaims page cache left idle during the cold runs
        # (the first edit after them read the store back: 0.29 s, then 0.15 s).
        for timed_edit in no yes; do
            case "$victim" in
            *.py) printf '\n# edited\n' >>"$corpus/$victim" ;;
            *) printf '\n/* edited */\n' >>"$corpus/$victim" ;;
            esac
            if [ "$timed_edit" = yes ]; then
                timed r "$cortex" index --quiet "$corpus"; echo "$r" | cut -d' ' -f1 >>"$work/ed"
            else
                "$cortex" index --quiet "$corpus"
            fi
            cp "$work/victim" "$corpus/$victim"
            "$cortex" index --quiet "$corpus"
        done
        i=$((i + 1))
    done
    files=$(jq -s length "$work/i1/index/files.jsonl")
    db=$(du -cb "$work/i1"/cortex.db* | tail -1 | cut -f1)
    jsonl=$(du -sb "$work/i1/index" | cut -f1)
    chunks=$(du -sb "$work/i1/chunks" | cut -f1)
    t1=$(median <"$work/t1"); t2=$(median <"$work/t2"); ct=$(median <"$work/ct")
    nc=$(median <"$work/nc"); ed=$(median <"$work/ed")
    r1=$(median <"$work/r1"); r2=$(median <"$work/r2")
    f1=$(median <"$work/f1"); f2=$(median <"$work/f2"); p1=$(median <"$work/p1"); p2=$(median <"$work/p2")
    # the store rebuilt from the cold run's JSONL index and chunks, parsing nothing
    rm -rf "$work/fj" && mkdir -p "$work/fj" && cp -R "$work/i1/index" "$work/i1/chunks" "$work/i1/index.extractor" "$work/fj/"
    timed r "$cortex" index --quiet --from-jsonl --out "$work/fj" "$corpus"
    printf '| %s | %s s | %s MB |\n' "$c" "$(echo "$r" | cut -d' ' -f1)" "$(( $(echo "$r" | cut -d' ' -f2) / 1024 ))" >>"$work/fromjsonl.md"
    awk -v c="$c" -v f1="$f1" -v t1="$t1" -v f2="$f2" -v t2="$t2" -v p1="$p1" -v p2="$p2" 'BEGIN {
        printf "| %s | %.2f s | %.2f s | %.2fx | %.2fx | %.2f s | %.2f s | %.2fx | %.2fx |\n", c, f1, t1, t1 / f1, p1, f2, t2, t2 / f2, p2 }' >>"$work/floor.md"
    awk -v c="$c" -v f="$files" -v ct="$ct" -v t1="$t1" -v t2="$t2" -v nc="$nc" -v ed="$ed" -v r1="$r1" -v r2="$r2" \
        -v db="$db" -v js="$jsonl" -v ch="$chunks" 'BEGIN {
        printf "| %s | %d | %.2f s | %.2f s (%.1fx ctags) | %.2f s (%.1fx ctags) | %.2fx | %.2f s | %.1f%% | %.2f s | %.0f / %.0f MB | %.1f MB | %.1f MB | %.1f MB |\n",
            c, f, ct, t1, t1 / ct, t2, t2 / ct, t1 / t2, nc, 100 * nc / t2, ed, r1 / 1024, r2 / 1024,
            db / f / 1000, js / f / 1000, ch / f / 1000 }' >>"$section"
    log "$c: MCP latency"
    python3 "$here/mcp_latency.py" --cortex "$cortex" --root "$corpus" --calls 300 >"$work/mcp-$c.md"
done

{
    echo
    echo "Against the parse+query floor (\`cortex-floor --threads N\`, benches/floor.c: the same walk, reads, parse and"
    echo "queries, and nothing else) at the same thread count, same runs: the ratio of the medians, and the median of each"
    echo "run's own ratio (its floor measured moments before it, so the machine's drift between runs cancels out):"
    echo
    echo "| corpus | floor, 1 thread | cortex, 1 thread | cortex / floor | per run | floor, 2 threads | cortex, 2 threads | cortex / floor | per run |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    cat "$work/floor.md"
    echo
    echo "On 2 cores the run is CPU-bound. What cortex does beyond the floor is the gap at 1 thread: the sinks' CPU (SQLite"
    echo "inserts, JSONL and chunk lines) and the store's commit (building its indexes and full-text tables). At 2 threads"
    echo "the commit runs after parsing ends, on both cores: the full-text tables are built beside the store on one"
    echo "(core/store/fts_side.c) while the indexes are built and references bound on the other, then copied in; the JSONL"
    echo "index and the chunks commit beside the store. While the side thread finishes, the store's pages so far are"
    echo "written out, so the COMMIT and the publish's fsync after the copy are left only the copied pages. On the kernel"
    echo "subtree that commit takes 1.1 s (indexes 0.65 s and names 0.1 s beside a 0.97 s full-text build, then a 0.08 s"
    echo "copy); on the Python standard library 0.13-0.14 s (indexes 0.05 s, the full-text build 0.12 s), an eighth of its"
    echo "floor, the part of the 2-thread gap that parsing cannot hide (instrumented runs at 46bc7b7). The rest of that"
    echo "gap is CPU taken from the workers during the run: the sinks' (0.14 s of CPU on the main thread) and the"
    echo "workers' own beyond the floor (0.12 s: records, derivation, chunks), sampled with perf. Moving the SQLite sink to a thread of its own gained"
    echo "nothing (20.7 s against 21.8 s with it), and full-text rows inserted during the run, in batches or row by row,"
    echo "cost 40% to three times the CPU of one insert at commit."
    echo
    echo "The store rebuilt from the cold run's JSONL index and chunks (\`cortex index --from-jsonl\`, parsing nothing), one run:"
    echo
    echo "| corpus | --from-jsonl | peak RSS |"
    echo "|---|---:|---:|"
    cat "$work/fromjsonl.md"
    echo
    echo "A one-file edit re-indexes the edited file and carries the others over. The store rewrites the file's rows in"
    echo "place (rows that keep their key are updated, so the name indexes are not touched) and recounts only the names"
    echo "whose definitions came or went; the JSONL index and the chunks rewrite the edited file's shard of each kind and"
    echo "hard-link the others (docs/index-format.md). The MCP server's refresh of a few changed files before it answers"
    echo "writes the store alone (\`cortex index --sink sqlite\`)."
    for c in $corpora; do
        echo
        echo "### MCP tools on $c"
        echo
        echo "\`python3 benches/mcp_latency.py --cortex build/cortex --root $c --calls 300\`: 300 calls per tool, names, files"
        echo "and types drawn from the store in a fixed order, one request at a time through stdio (legacy handshake)."
        echo
        cat "$work/mcp-$c.md"
    done
    echo "<!-- engine:end -->"
} >>"$section"

# Replace the section in the page, or append it.
python3 - "$out" "$section" <<'PY'
import sys
out, section = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
try:
    page = open(out, encoding="utf-8").read()
except FileNotFoundError:
    page = "# Benchmarks\n"
start, end = page.find("<!-- engine:begin -->"), page.find("<!-- engine:end -->")
if 0 <= start < end:
    page = page[:start] + section.rstrip("\n") + page[end + len("<!-- engine:end -->"):]
else:
    page = page.rstrip("\n") + "\n\n" + section
open(out, "w", encoding="utf-8").write(page if page.endswith("\n") else page + "\n")
PY
log "wrote $out"
