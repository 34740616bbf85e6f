#!/bin/sh
# The reference accuracy benchmark: cortex's call edges against compiler truth
# (issue 21, "How it is measured"). For each language: fetch the compiler and
# the corpus (fetch.sh), write the truth (go/types, jedi, the TypeScript
# compiler; cached in results/ until its extractor or corpus changes), index
# the corpus with cortex into a fresh directory, score (score.py).
#
#   benches/accuracy/run.sh [--lang go|python|ts|c]... [--cortex PATH] [--fresh-truth]
#
# With go, also Go interface implementations and dead code (unused.py, on
# the corpus and on standard-library packages) against go/types, and with ts
# what TypeScript types extend and implement against the compiler's heritage
# clauses (implements.py: results/{go,ts}.implements.json).
#
# Writes benches/accuracy/results/<lang>.{truth.jsonl,json,md} and
# results/accuracy.md (all languages measured in this run), the text that
# docs/benchmarks.md's section "Reference accuracy against compiler truth"
# records.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
res="$here/results"
cortex="$repo/build/cortex"
langs=""
fresh=0
while [ $# -gt 0 ]; do
    case "$1" in
        --lang) langs="$langs $2"; shift 2 ;;
        --cortex) cortex=$2; shift 2 ;;
        --fresh-truth) fresh=1; shift ;;
        -h | --help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[ -n "$langs" ] || langs="go python ts c"
for l in $langs; do
    case "$l" in go | python | ts | c) ;;
        *) echo "run.sh: unknown language $l" >&2; exit 2 ;; esac
done

log() { echo "accuracy: $*" >&2; }

"$here/fetch.sh"
corpora=$("$here/fetch.sh" --print-dir)
if [ ! -x "$cortex" ]; then
    log "building cortex"
    "$repo/scripts/build.sh" release >/dev/null
fi
mkdir -p "$res"

# stale TRUTH DEP...: true when TRUTH must be rewritten
stale() {
    t=$1
    shift
    [ "$fresh" = 1 ] && return 0
    [ -s "$t" ] || return 0
    for dep in "$@"; do [ "$dep" -nt "$t" ] && return 0; done
    return 1
}

GO_ROOTS="github.com/spf13/cobra github.com/spf13/pflag github.com/go-sql-driver/mysql google.golang.org/protobuf"
PY_PACKAGES="flask click requests"

# go_truth MODE GOPATH OUT ROOT...: gotruth's answer (GOTRUTH_MODE=MODE, ""
# for call edges) over the packages under ROOTs into OUT, its log beside it
go_truth() {
    mode=$1 gopath=$2 out=$3
    shift 3
    (cd "$here/gotruth" && GO111MODULE=off GOPATH="$gopath" GOFLAGS= GOTOOLCHAIN=local \
        GOTRUTH_MODE="$mode" go run main.go "$@") >"$out.tmp" 2>"${out%.jsonl}.log"
    mv "$out.tmp" "$out"
}

for l in $langs; do
    truth="$res/$l.truth.jsonl"
    kinds=call
    case "$l" in
        go)
            if stale "$truth" "$here/gotruth/main.go" "$corpora/go/.complete"; then
                log "go: truth from go/types over $GO_ROOTS"
                # shellcheck disable=SC2086
                go_truth "" /usr/share/gocode "$truth" $GO_ROOTS
            fi
            clang=go ;;
        python)
            if stale "$truth" "$here/pytruth.py" "$corpora/python/.complete"; then
                log "python: truth from jedi over $PY_PACKAGES (a few minutes)"
                # shellcheck disable=SC2086
                /usr/bin/python3 "$here/pytruth.py" /usr/lib/python3/dist-packages $PY_PACKAGES \
                    >"$truth.tmp" 2>"$res/$l.truth.log"
                mv "$truth.tmp" "$truth"
            fi
            clang=python ;;
        ts)
            if stale "$truth" "$here/tstruth.js" "$here/tsprogram.js" "$corpora/ts/.complete"; then
                log "ts: truth from the TypeScript compiler over rxjs/src and express"
                node "$here/tstruth.js" "$here/node_modules" rxjs/src express/lib express/index.js \
                    >"$truth.tmp" 2>"$res/$l.truth.log"
                mv "$truth.tmp" "$truth"
            fi
            clang="" # typescript and javascript files both
            kinds=call,instantiation ;; # new C()
        c)
            if stale "$truth" "$here/ctruth.py" "$corpora/c/.complete"; then
                log "c: truth from clang over the tree-sitter runtime"
                # lib.c includes every other .c file (a single-file build): each is its own unit here
                python3 "$here/ctruth.py" "$here/node_modules/tree-sitter/vendor/tree-sitter/lib" --skip src/lib.c \
                    -- -Iinclude -Isrc >"$truth.tmp" 2>"$res/$l.truth.log"
                mv "$truth.tmp" "$truth"
            fi
            clang=c ;;
    esac
    cat "$res/$l.truth.log" >&2
    out="$res/$l.cortex"
    rm -rf "$out"
    log "$l: cortex index $corpora/$l"
    "$cortex" index "$corpora/$l" --out "$out" --quiet
    python3 "$here/score.py" --truth "$truth" --db "$out/cortex.db" ${clang:+--lang "$clang"} --name "$l" --ref-kinds "$kinds" \
        --json "$res/$l.json" --md "$res/$l.md" >/dev/null
    log "$l: $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("precision", r["total"]["precision"], "recall", r["recall"]["recall"])' "$res/$l.json")"
done

# indexed_copy LANG: a hard-linked copy of the corpus, indexed under its own
# root (the MCP server and the commands read the store there); prints its path
indexed_copy() {
    c=$(mktemp -d /tmp/cortex-accuracy.XXXXXX)
    cp -al "$corpora/$1/." "$c/"
    rm -rf "$c/.cortex"
    "$cortex" index "$c" --quiet
    echo "$c"
}

# Go interface implementations (issue 22): go/types' implements against the
# graph tool's, on the same corpus, indexed in a hard-linked copy (the MCP
# server reads the store under its root)
case " $langs " in *" go "*)
    truth="$res/go.implements.truth.jsonl"
    if stale "$truth" "$here/gotruth/main.go" "$corpora/go/.complete"; then
        log "go: implements truth from go/types"
        # shellcheck disable=SC2086
        go_truth implements /usr/share/gocode "$truth" $GO_ROOTS
    fi
    copy=$(indexed_copy "go")
    python3 "$here/implements.py" --truth "$truth" --cortex "$cortex" --root "$copy" >"$res/go.implements.json"
    rm -rf "$copy"
    log "go implementations: $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("precision", r["precision"], "recall", r["recall"])' "$res/go.implements.json")"
    ;;
esac
# Go dead code (issue 22): go/types' unreferenced unexported functions and
# methods against analysis unused_symbols, on the Go corpus and on the Go
# standard library's packages (the Debian golang package's GOROOT)
case " $langs " in *" go "*)
    truth="$res/go.unused.truth.jsonl"
    if stale "$truth" "$here/gotruth/main.go" "$corpora/go/.complete"; then
        # shellcheck disable=SC2086
        go_truth unused /usr/share/gocode "$truth" $GO_ROOTS
    fi
    copy=$(indexed_copy "go")
    python3 "$here/unused.py" --truth "$truth" --cortex "$cortex" --root "$copy" >"$res/go.unused.json"
    rm -rf "$copy"
    log "go unused: $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("served", r["served"], "precision", r["precision"], "recall", r["recall"])' "$res/go.unused.json")"
    goroot=$(cd "$(go env GOROOT)" && pwd -P)
    # the standard library's packages, without the commands and vendored modules
    GO_STD_ROOTS=$(cd "$goroot/src" && ls -d */ | tr -d / | grep -vx 'cmd\|vendor\|testdata' | tr '\n' ' ')
    truth="$res/gostd.unused.truth.jsonl"
    if stale "$truth" "$here/gotruth/main.go"; then
        # shellcheck disable=SC2086
        go_truth unused "$goroot" "$truth" $GO_STD_ROOTS
    fi
    copy=$(mktemp -d /tmp/cortex-accuracy.XXXXXX)
    for r in $GO_STD_ROOTS; do
        mkdir -p "$copy/src/$(dirname "$r")"
        cp -a "$goroot/src/$r" "$copy/src/$r"
    done
    "$cortex" index "$copy" --quiet
    python3 "$here/unused.py" --truth "$truth" --cortex "$cortex" --root "$copy" >"$res/gostd.unused.json"
    rm -rf "$copy"
    log "go std unused: $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("served", r["served"], "precision", r["precision"], "recall", r["recall"])' "$res/gostd.unused.json")"
    ;;
esac
# TypeScript: what classes and interfaces extend and implement (the
# compiler's heritage clauses) against the graph tool's implementations
case " $langs " in *" ts "*)
    truth="$res/ts.heritage.truth.jsonl"
    if stale "$truth" "$here/tstruth.js" "$here/tsprogram.js" "$corpora/ts/.complete"; then
        TSTRUTH_MODE=heritage node "$here/tstruth.js" "$here/node_modules" rxjs/src express/lib express/index.js \
            >"$truth.tmp" 2>"$res/ts.heritage.truth.log"
        mv "$truth.tmp" "$truth"
    fi
    copy=$(indexed_copy "ts")
    python3 "$here/implements.py" --declared --truth "$truth" --cortex "$cortex" --root "$copy" >"$res/ts.implements.json"
    rm -rf "$copy"
    log "ts implementations: $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("precision", r["precision"], "recall", r["recall"])' "$res/ts.implements.json")"
    ;;
esac
# Import cycles (issue 22): the compilers' import graphs (the TypeScript
# compiler's module resolution; Python's importlib) against circular_dependencies
for l in $langs; do
    case "$l" in
        ts) truth="$res/ts.imports.truth.jsonl"
            TSTRUTH_MODE=imports node "$here/tstruth.js" "$here/node_modules" rxjs/src express/lib express/index.js \
                >"$truth" 2>"$res/ts.imports.truth.log" ;;
        python) truth="$res/python.imports.truth.jsonl"
            /usr/bin/python3 "$here/pyimports.py" /usr/lib/python3/dist-packages $PY_PACKAGES \
                >"$truth" 2>"$res/python.imports.truth.log" ;;
        *) continue ;;
    esac
    copy=$(indexed_copy "$l")
    python3 "$here/cycles.py" --truth "$truth" --cortex "$cortex" --root "$copy" >"$res/$l.cycles.json"
    rm -rf "$copy"
    log "$l import cycles: $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("precision", r["precision"], "recall", r["recall"])' "$res/$l.cycles.json")"
done

python3 "$here/report.py" --results "$res" --versions "$corpora/versions.tsv" --cortex "$cortex" $langs >"$res/accuracy.md"
log "wrote $res/accuracy.md"
