#!/bin/sh
# The agent-efficiency benchmark (issue 23, "The benchmark"): per task
# category (P1 find a definition, P2 find a symbol's references, P4 a file's
# imports and importers, P5 dead code) and per language (Go, Python,
# TypeScript, JavaScript, C), F1, tokens per task (characters / 3.5 of what
# the agent reads) and tool calls per task, for cortex's MCP tools and for
# ripgrep, on the same tasks drawn with a fixed seed from compiler truths.
#
#   benches/agent/run.sh [--lang go|python|ts|js|c]... [--cortex PATH [--cortex-rev REV]]
#                        [--n 40] [--seed 23] [--fresh-truth] [--docs]
#
# --cortex: another binary than build/cortex (a build of a commit exported
# apart); --cortex-rev names the commit it was built from, for the report.
#
# The truths are benches/accuracy's (call edges; Go dead code on the
# standard library), reused while fresh, and this benchmark's own (imports,
# dead code, the JavaScript corpus's call edges), cached in results/truth/
# until their extractor or corpus changes. Each corpus is copied to /tmp and
# indexed there (benches/accuracy/.corpora is never written). Writes
# results/<lang>.json (every task: question, truth, each tool's requests,
# answer text and score), results/tasks/<lang>.jsonl, results/summary.json and
# results/report.md; with --docs, also the section "Agent efficiency" of
# docs/benchmarks.md.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
acc="$repo/benches/accuracy"
res="$here/results"
cortex="$repo/build/cortex"
cortex_rev=""
cmdline=${*:+ $*}
langs=""
n=40
seed=23
fresh=0
docs=0
while [ $# -gt 0 ]; do
    case "$1" in
        --lang) langs="$langs $2"; shift 2 ;;
        --cortex) cortex=$2; shift 2 ;;
        --cortex-rev) cortex_rev=$2; shift 2 ;;
        --n) n=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --fresh-truth) fresh=1; shift ;;
        --docs) docs=1; shift ;;
        -h | --help) sed -n '2,24p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -n "$langs" ] || langs="go python ts js c"
for l in $langs; do
    case "$l" in go | python | ts | js | c) ;;
        *) echo "run.sh: unknown language $l" >&2; exit 2 ;; esac
done

log() { echo "agent: $*" >&2; }
start=$(date +%s)

command -v rg >/dev/null || { log "ripgrep (rg) is missing: run scripts/install-deps.sh"; exit 1; }
command -v ctags >/dev/null || { log "universal-ctags is missing: run scripts/install-deps.sh"; exit 1; }
"$acc/fetch.sh"
corpora=$("$acc/fetch.sh" --print-dir)
if [ ! -x "$cortex" ]; then
    log "building cortex"
    "$repo/scripts/build.sh" release >/dev/null
fi
mkdir -p "$res/truth" "$res/tasks"
truth="$res/truth"

# stale FILE DEP...: true when FILE must be (re)written
stale() {
    t=$1
    shift
    [ "$fresh" = 1 ] && return 0
    [ -s "$t" ] || return 0
    for dep in "$@"; do [ "$dep" -nt "$t" ] && return 0; done
    return 1
}
# produce FILE CMD...: runs CMD into FILE (its log beside it), atomically
produce() {
    out=$1
    shift
    "$@" >"$out.tmp" 2>"${out%.jsonl}.log"
    mv "$out.tmp" "$out"
}

GO_ROOTS="github.com/spf13/cobra github.com/spf13/pflag github.com/go-sql-driver/mysql google.golang.org/protobuf"
PY_PACKAGES="flask click requests"
TS_DIRS="rxjs/src express/lib express/index.js"
# JavaScript: express 4 and the packages it depends on, CommonJS as npm ships
# them (benches/accuracy/package.json's lockfile): whole package directories,
# or the source directory where a package also ships tests or bundles
JS_DIRS="express body-parser send serve-static finalhandler qs/lib debug/src http-errors mime-types accepts negotiator
type-is content-disposition cookie etag fresh proxy-addr raw-body on-finished depd statuses range-parser path-to-regexp
iconv-lite ipaddr.js/lib"
CLANG_ARGS="-Iinclude -Isrc"
# other cortex tools measured beside the chosen strategies (strategies.py)
# (those needing a tool the binary lacks are left out)
VARIANTS="--variant P1=cortex_p1_query --variant P2=cortex_p2_query --variant P2=cortex_p2_graph_callers
--variant P2=cortex_p2_graph_references"
nm="$acc/node_modules"
goroot=$(cd "$(go env GOROOT)" && pwd -P)
GO_STD_ROOTS=$(cd "$goroot/src" && ls -d */ | tr -d / | grep -vx 'cmd\|vendor\|testdata' | tr '\n' ' ')

go_truth() ( # MODE GOPATH ROOT...: gotruth's answer (as benches/accuracy/run.sh runs it)
    mode=$1 gopath=$2
    shift 2
    cd "$acc/gotruth" && GO111MODULE=off GOPATH="$gopath" GOFLAGS='' GOTOOLCHAIN=local GOTRUTH_MODE="$mode" go run main.go "$@"
)
go_imports() (
    cd "$here/goimports" && GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS='' GOTOOLCHAIN=local go run main.go "$@"
)

# calls_truth LANG: the call-edge truth's path, benches/accuracy's while it is fresh
calls_truth() {
    case "$1" in
        go) a="$acc/results/go.truth.jsonl"; deps="$acc/gotruth/main.go $corpora/go/.complete" ;;
        python) a="$acc/results/python.truth.jsonl"; deps="$acc/pytruth.py $corpora/python/.complete" ;;
        ts) a="$acc/results/ts.truth.jsonl"; deps="$acc/tstruth.js $acc/tsprogram.js $corpora/ts/.complete" ;;
        c) a="$acc/results/c.truth.jsonl"; deps="$acc/ctruth.py $corpora/c/.complete" ;;
        js) a="$truth/js.calls.truth.jsonl"; deps="$acc/tstruth.js $acc/tsprogram.js $nm/.complete" ;;
    esac
    # shellcheck disable=SC2086
    if [ "$1" != js ] && ! stale "$a" $deps; then echo "$a"; return; fi
    t="$truth/$1.calls.truth.jsonl"
    # shellcheck disable=SC2086
    if stale "$t" $deps; then
        log "$1: call-edge truth"
        case "$1" in
            go) produce "$t" go_truth "" /usr/share/gocode $GO_ROOTS ;;
            python) produce "$t" /usr/bin/python3 "$acc/pytruth.py" /usr/lib/python3/dist-packages $PY_PACKAGES ;;
            ts) produce "$t" node "$acc/tstruth.js" "$nm" $TS_DIRS ;;
            js) produce "$t" node "$acc/tstruth.js" "$nm" $JS_DIRS ;;
            c) produce "$t" python3 "$acc/ctruth.py" "$nm/tree-sitter/vendor/tree-sitter/lib" --skip src/lib.c -- $CLANG_ARGS ;;
        esac
    fi
    echo "$t"
}

# imports_truth LANG: the import edges between the corpus's files
imports_truth() {
    t="$truth/$1.imports.truth.jsonl"
    case "$1" in
        go) deps="$here/goimports/main.go $corpora/go/.complete" ;;
        python) deps="$acc/pyimports.py $corpora/python/.complete" ;;
        ts | js) deps="$acc/tstruth.js $acc/tsprogram.js $nm/.complete" ;;
        c) deps="$here/cincludes.py $corpora/c/.complete" ;;
    esac
    # shellcheck disable=SC2086
    if stale "$t" $deps; then
        log "$1: import truth"
        case "$1" in
            go) produce "$t" go_imports $GO_ROOTS ;;
            python) produce "$t" /usr/bin/python3 "$acc/pyimports.py" /usr/lib/python3/dist-packages $PY_PACKAGES ;;
            ts) produce "$t" env TSTRUTH_MODE=imports node "$acc/tstruth.js" "$nm" $TS_DIRS ;;
            js) produce "$t" env TSTRUTH_MODE=imports node "$acc/tstruth.js" "$nm" $JS_DIRS ;;
            c) produce "$t" python3 "$here/cincludes.py" "$nm/tree-sitter/vendor/tree-sitter/lib" -- $CLANG_ARGS ;;
        esac
    fi
    echo "$t"
}

# unused_truth LANG: dead code; empty for Python (no compiler truth yet)
unused_truth() {
    case "$1" in
        go) a="$acc/results/gostd.unused.truth.jsonl"
            if ! stale "$a" "$acc/gotruth/main.go"; then echo "$a"; return; fi
            t="$truth/gostd.unused.truth.jsonl"
            # shellcheck disable=SC2086
            stale "$t" "$acc/gotruth/main.go" && { log "go: dead-code truth (standard library)"; produce "$t" go_truth unused "$goroot" $GO_STD_ROOTS; }
            echo "$t"; return ;;
        python) return ;;
    esac
    t="$truth/$1.unused.truth.jsonl"
    case "$1" in
        ts | js) deps="$here/tsunused.js $acc/tsprogram.js $nm/.complete" ;;
        c) deps="$here/cunused.py $acc/ctruth.py $corpora/c/.complete" ;;
    esac
    # shellcheck disable=SC2086
    if stale "$t" $deps; then
        log "$1: dead-code truth"
        case "$1" in
            ts) produce "$t" node "$here/tsunused.js" "$nm" rxjs/src ;;
            js) produce "$t" node "$here/tsunused.js" "$nm" $JS_DIRS ;;
            c) produce "$t" python3 "$here/cunused.py" "$nm/tree-sitter/vendor/tree-sitter/lib" --skip src/lib.c -- $CLANG_ARGS ;;
        esac
    fi
    echo "$t"
}

# corpus_copy LANG: a copy of the corpus in /tmp, not yet indexed; prints its path
corpus_copy() {
    c=$(mktemp -d /tmp/cortex-agent.XXXXXX)
    case "$1" in
        js) # the files tstruth.js reads: .js/.ts/.mjs/.cjs, no node_modules, no dot directories
            # shellcheck disable=SC2086
            (cd "$nm" && find $JS_DIRS \( -name node_modules -o -name '.*' \) -prune -o -type f \
                \( -name '*.js' -o -name '*.mjs' -o -name '*.cjs' -o -name '*.ts' \) ! -name '*.d.ts' -print0 |
                xargs -0 cp --parents -t "$c")
            git init -q "$c" ;;
        gostd)
            for r in $GO_STD_ROOTS; do
                mkdir -p "$c/src/$(dirname "$r")"
                cp -a "$goroot/src/$r" "$c/src/$r"
            done
            git init -q "$c" ;;
        *) cp -al "$corpora/$1/." "$c/"
           rm -rf "$c/.cortex" ;;
    esac
    echo "$c"
}

index() { # DIR: a cold index
    t0=$(date +%s)
    "$cortex" index "$1" --quiet
    log "indexed $1 in $(($(date +%s) - t0)) s"
}

tmpdirs=""
# shellcheck disable=SC2086
trap 'rm -rf $tmpdirs' EXIT
for l in $langs; do
    lstart=$(date +%s)
    calls=$(calls_truth "$l")
    imports=$(imports_truth "$l")
    unused=$(unused_truth "$l")
    copy=$(corpus_copy "$l")
    tmpdirs="$tmpdirs $copy"
    tasks="$res/tasks/$l.jsonl"
    ucopy=""
    if [ -n "$unused" ]; then
        if [ "$l" = go ]; then ucopy=$(corpus_copy gostd); tmpdirs="$tmpdirs $ucopy"; else ucopy=$copy; fi
    fi
    set -- --lang "$l" --calls "$calls" --imports "$imports" --root "$copy" --n "$n" --seed "$seed"
    [ -z "$unused" ] || set -- "$@" --unused "$unused" --unused-root "$ucopy"
    python3 "$here/tasks.py" "$@" >"$tasks"
    index "$copy"
    if [ "$l" = go ] && [ -n "$ucopy" ]; then
        # shellcheck disable=SC2086
        python3 "$here/bench.py" --lang go --root "$copy" --tasks "$tasks" --cortex "$cortex" --cats P1,P2,P4 $VARIANTS --out "$res/go.main.json"
        rm -rf "$copy"
        index "$ucopy"
        python3 "$here/bench.py" --lang go --root "$ucopy" --tasks "$tasks" --cortex "$cortex" --cats P5 --out "$res/go.p5.json"
        rm -rf "$ucopy"
        python3 "$here/report.py" --merge "$res/go.main.json" "$res/go.p5.json" --out "$res/go.json"
        rm -f "$res/go.main.json" "$res/go.p5.json"
    else
        # shellcheck disable=SC2086
        python3 "$here/bench.py" --lang "$l" --root "$copy" --tasks "$tasks" --cortex "$cortex" $VARIANTS --out "$res/$l.json"
        rm -rf "$copy"
    fi
    echo "$(($(date +%s) - lstart))" >"$res/$l.seconds"
done

elapsed=$(($(date +%s) - start))
# which cortex answered: the commit it was built from, as far as can be told
built=$(date -u -r "$cortex" '+%Y-%m-%d %H:%M UTC')
if [ -n "$cortex_rev" ]; then
    desc="cortex built from $cortex_rev ($built)"
else
    rev=$(git -C "$repo" rev-parse --short HEAD)
    git -C "$repo" diff --quiet HEAD -- core plugins sdk CMakeLists.txt cmake || rev="$rev with uncommitted changes"
    desc="\`${cortex#"$repo"/}\` built $built; the work tree at $rev"
fi
set -- --results "$res" --command "$cmdline" --cortex-desc "$desc" --seconds "$elapsed" --n "$n" --seed "$seed" --out "$res/report.md"
[ "$docs" = 0 ] || set -- "$@" --docs "$repo/docs/benchmarks.md"
python3 "$here/report.py" "$@"
log "wrote $res/report.md in ${elapsed} s"
