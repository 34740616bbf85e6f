#!/bin/sh
# Runs every benchmark and writes docs/benchmarks.md: fetches the corpora,
# builds cortex and the bench tools (Release, in build-bench/), then for each
# corpus times `cortex index` (cold: a fresh --out directory each run; one
# thread, as the floor; benches/engine.sh measures two),
# universal-ctags, cortex-floor and the pipeline's stages (cortex-stages),
# interleaved, and keeps the median wall time of N runs and the peak RSS;
# then profiles `cortex index` with perf and measures definition recall
# against ctags (benches/recall.py). benches/report.py writes the page.
#
# Usage: benches/run.sh [--runs N] [--corpus python-stdlib|linux-6.1]...
#                       [--no-build] [--no-profile] [--out FILE] [--report-only]
# --report-only redoes the recall and the page from the last run's results.
# Raw results (timings, ctags output, the last index, perf data, every recall
# miss) are kept in benches/results/ (gitignored).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
build="$repo/build-bench"
results="$here/results"
runs=3
corpora=""
do_build=1
do_profile=1
report_only=0
out="$repo/docs/benchmarks.md"

usage() { sed -n '/^# Usage:/,/^# Raw/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs=$2; shift 2 ;;
    --corpus) corpora="$corpora $2"; shift 2 ;;
    --no-build) do_build=0; shift ;;
    --no-profile) do_profile=0; shift ;;
    --out) out=$2; shift 2 ;;
    --report-only) report_only=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "run.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
[ -n "$corpora" ] || corpora="python-stdlib linux-6.1"
case "$runs" in '' | *[!0-9]* | 0) echo "run.sh: --runs wants a positive number, got '$runs'" >&2; exit 2 ;; esac

log() { echo "run.sh: $*" >&2; }

if [ "$report_only" = 1 ]; then
    [ -f "$results/timings.tsv" ] || { echo "run.sh: no results in $results: run without --report-only" >&2; exit 1; }
    runs=$(sed -n 's/^runs=//p' "$results/build-info.txt")
    corpora=$(sed -n 's/^corpora=//p' "$results/build-info.txt")
else
    rm -rf "$results"
    mkdir -p "$results"

    "$here/fetch-corpora.sh"
    cache=$("$here/fetch-corpora.sh" --print-dir)

    if [ "$do_build" = 1 ]; then
        log "building $build (Release)"
        cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCORTEX_BUILD_TESTS=OFF >/dev/null
        make -C "$build" -j"$(nproc)" >/dev/null
    fi
    # What was built: the tree can change while the benchmarks run.
    {
        echo "rev=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)"
        echo "dirty=$(git -C "$repo" status --porcelain -- core plugins sdk cmake CMakeLists.txt 2>/dev/null | wc -l)"
        echo "built=$(date -u -r "$build/cortex" '+%Y-%m-%d %H:%M UTC' 2>/dev/null || echo unknown)"
        echo "runs=$runs"
        echo "corpora=$corpora"
    } >"$results/build-info.txt"
    cortex="$build/cortex"
    floor="$build/cortex-floor"
    stages="$build/cortex-stages"
    spans="$build/cortex-error-spans"
    for exe in "$cortex" "$floor" "$stages" "$spans"; do
        [ -x "$exe" ] || { echo "run.sh: $exe is missing: build without --no-build" >&2; exit 1; }
    done
    if [ "$do_profile" = 1 ] && ! command -v perf >/dev/null 2>&1; then
        log "perf not found: no profile (apt-get install linux-perf)"
        do_profile=0
    fi

    timings="$results/timings.tsv" # corpus tool run wall_s rss_kb
    printf 'corpus\ttool\trun\twall_s\trss_kb\n' >"$timings"

    # timed CORPUS TOOL RUN CMD...: runs CMD under GNU time, appends a timings row.
    timed() {
        t_corpus=$1 t_tool=$2 t_run=$3
        shift 3
        t_base="$results/$t_corpus.$t_tool"
        if ! /usr/bin/time -f '%e %M' -o "$results/time.out" "$@" >"$t_base.stdout" 2>"$t_base.stderr"; then
            echo "run.sh: $t_tool failed on $t_corpus: $(tail -1 "$results/time.out"); see $t_base.stderr:" >&2
            tail -5 "$t_base.stderr" >&2
            exit 1
        fi
        # shellcheck disable=SC2046 # two numbers: wall seconds, peak RSS in KB
        set -- $(tail -1 "$results/time.out")
        printf '%s\t%s\t%s\t%s\t%s\n' "$t_corpus" "$t_tool" "$t_run" "$1" "$2" >>"$timings"
    }

    commands="$results/commands.txt"
    : >"$commands"
    for c in $corpora; do
        corpus="$cache/$c"
        [ -d "$corpus" ] || { echo "run.sh: unknown corpus '$c' (have: $(ls "$cache"))" >&2; exit 2; }
        case "$c" in python*) lang=python ;; *) lang=c ;; esac
        work="$results/$c"
        mkdir -p "$work"
        {
            echo "$c: cortex index $corpus --out $work/index --quiet --threads 1   # a fresh directory each run"
            echo "$c: ctags -R --fields=+n --output-format=json -f $work/ctags.json $corpus"
            echo "$c: cortex-floor $corpus"
            echo "$c: cortex-stages $corpus $work/stage [jsonl|sqlite]"
            echo "$c: (each under /usr/bin/time -f '%e %M')"
        } >>"$commands"

        i=1
        while [ "$i" -le "$runs" ]; do
            log "$c: run $i/$runs: cortex index"
            rm -rf "$work/index-prev"
            [ -d "$work/index" ] && mv "$work/index" "$work/index-prev"
            timed "$c" cortex "$i" "$cortex" index "$corpus" --out "$work/index" --quiet --threads 1
            rm -rf "$work/index-prev"
            log "$c: run $i/$runs: ctags"
            rm -f "$work/ctags.json"
            timed "$c" ctags "$i" ctags -R --fields=+n --output-format=json -f "$work/ctags.json" "$corpus"
            log "$c: run $i/$runs: cortex-floor"
            timed "$c" floor "$i" "$floor" "$corpus"
            cp "$results/$c.floor.stdout" "$work/floor.out"
            # Stages: the pipeline with no sink, then with each sink alone.
            for s in none jsonl sqlite; do
                log "$c: run $i/$runs: pipeline with sinks: $s"
                rm -rf "$work/stage"
                if [ "$s" = none ]; then set --; else set -- "$s"; fi
                timed "$c" "stage-$s" "$i" "$stages" "$corpus" "$work/stage" "$@"
                cp "$results/$c.stage-$s.stdout" "$work/stage-$s.out"
            done
            rm -rf "$work/stage"
            i=$((i + 1))
        done

        # Sizes of what the last cortex run wrote.
        db=$(du -cb "$work/index"/cortex.db* | tail -1 | cut -f1)
        jsonl=$(du -sb "$work/index/index" | cut -f1)
        ctags_size=$(du -b "$work/ctags.json" | cut -f1)
        printf '%s\t%s\t%s\n' "$db" "$jsonl" "$ctags_size" >"$work/sizes.tsv"
        (cd "$work/index/index" && du -sb ./*.jsonl $(find . -mindepth 1 -maxdepth 1 -type d)) >"$work/jsonl-files.tsv" # shards: one line per kind

        if [ "$do_profile" = 1 ]; then
            log "$c: perf profile of cortex index"
            rm -rf "$work/perf-index"
            # dwarf unwinding: the Release build has no frame pointers. A few
            # thousand samples: a higher rate for the small corpus.
            bytes=$(sed -n 's/.*bytes=\([0-9]*\).*/\1/p' "$work/floor.out")
            if [ "${bytes:-0}" -lt 30000000 ]; then freq=499; else freq=49; fi
            echo "$freq" >"$work/perf-freq"
            perf record -q -o "$work/perf.data" --call-graph dwarf,16384 -F "$freq" \
                "$cortex" index "$corpus" --out "$work/perf-index" --quiet --threads 1 >/dev/null 2>&1
            rm -rf "$work/perf-index"
            perf report -i "$work/perf.data" --stdio --children --sort symbol -g none 2>/dev/null >"$work/perf-children.txt"
            perf report -i "$work/perf.data" --stdio --no-children --sort dso,symbol -g none 2>/dev/null >"$work/perf-self.txt"
            rm -f "$work/perf.data"
        fi

    done
fi

cache=$("$here/fetch-corpora.sh" --print-dir)
spans="$build/cortex-error-spans"
for c in $corpora; do
    corpus="$cache/$c"
    work="$results/$c"
    case "$c" in python*) lang=python ;; *) lang=c ;; esac
    log "$c: recall against ctags"
    python3 "$here/recall.py" --lang "$lang" --root "$corpus" --ctags "$work/ctags.json" \
        --index "$work/index/index" --db "$work/index/cortex.db" --error-spans "$spans" \
        --details "$work/recall-misses.txt" --summary "$work/recall.json" --title "$c" >"$work/recall.md"
done

log "writing $out"
mkdir -p "$(dirname "$out")"
python3 "$here/report.py" --results "$results" --repo "$repo" --cache "$cache" --runs "$runs" \
    --corpora "$corpora" --out "$out"
log "done: $out (raw results in $results)"
