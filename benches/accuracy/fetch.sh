#!/bin/sh
# Installs the compilers that give the accuracy benchmark its truth and lays out
# its corpora in benches/accuracy/.corpora/ (gitignored through benches/.corpora?
# no: through benches/accuracy/.gitignore). Idempotent: apt runs only when a
# package is missing, a corpus is rebuilt only when its `.complete` marker is.
#
#   go/       GOPATH layout (src/<import path>/...) of Debian golang-*-dev module
#             sources: cobra + pflag, go-sql-driver/mysql, google.golang.org/protobuf
#   python/   dist-packages layout of Debian python3-flask, python3-click,
#             python3-requests (pure Python)
#   ts/       npm rxjs's TypeScript sources (src/) and express's CommonJS lib/,
#             installed from benches/accuracy/package.json with the compiler
#   c/        the tree-sitter runtime library (npm tree-sitter's vendor/tree-sitter/lib:
#             src/ and include/), checked with Debian clang
#
# Every corpus is a copy (cortex never follows symlinks) and the root of its own
# empty git repository, so this repository's ignore rules do not apply to it.
# The truth extractors read the packages where Debian installed them; the
# scorer joins on paths relative to the corpus root, which are the same.
#
# Usage: benches/accuracy/fetch.sh [--print-dir]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cache="$here/.corpora"

if [ "${1:-}" = "--print-dir" ]; then
    echo "$cache"
    exit 0
fi

log() { echo "accuracy/fetch: $*" >&2; }

# Packages, installed only when missing (apt is slow even with nothing to do).
GO_PKGS="golang-go golang-github-spf13-cobra-dev golang-github-spf13-pflag-dev golang-github-go-sql-driver-mysql-dev golang-google-protobuf-dev"
PY_PKGS="python3-jedi python3-flask python3-click python3-requests"
C_PKGS="clang"
need=""
for p in $GO_PKGS $PY_PKGS $C_PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need="$need $p"
done
if [ -n "$need" ]; then
    log "installing:$need"
    if [ "$(id -u)" -ne 0 ]; then
        log "not root: run apt-get install -y$need yourself"
        exit 1
    fi
    apt-get update -qq
    # shellcheck disable=SC2086 # word splitting is the point
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need >/dev/null
fi

mkdir -p "$cache"

# Copies directory $1 (following symlinks) to $2, keeping the relative layout.
copy_tree() {
    mkdir -p "$(dirname "$2")"
    cp -rL "$1" "$2"
    find "$2" -name __pycache__ -type d -prune -exec rm -rf {} +
}

# ---- Go ------------------------------------------------------------------------
GOSRC=/usr/share/gocode/src
go_dirs="github.com/spf13/cobra github.com/spf13/pflag github.com/go-sql-driver/mysql google.golang.org/protobuf"
d="$cache/go"
if [ ! -f "$d/.complete" ]; then
    log "copying Go module sources into $d"
    rm -rf "$d"
    for m in $go_dirs; do copy_tree "$GOSRC/$m" "$d/src/$m"; done
    touch "$d/.complete"
fi

# ---- Python --------------------------------------------------------------------
PYSRC=/usr/lib/python3/dist-packages
py_dirs="flask click requests"
d="$cache/python"
if [ ! -f "$d/.complete" ]; then
    log "copying Python packages into $d"
    rm -rf "$d"
    for m in $py_dirs; do copy_tree "$PYSRC/$m" "$d/$m"; done
    touch "$d/.complete"
fi

# ---- TypeScript ----------------------------------------------------------------
if [ -f "$here/package-lock.json" ]; then
    if [ ! -f "$here/node_modules/.complete" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.complete" ]; then
        log "npm ci in $here"
        (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
        touch "$here/node_modules/.complete"
    fi
    d="$cache/ts"
    if [ ! -f "$d/.complete" ]; then
        log "copying rxjs/src and express into $d"
        rm -rf "$d"
        copy_tree "$here/node_modules/rxjs/src" "$d/rxjs/src"
        copy_tree "$here/node_modules/express/lib" "$d/express/lib"
        cp "$here/node_modules/express/index.js" "$d/express/index.js"
        touch "$d/.complete"
    fi
    d="$cache/c"
    if [ ! -f "$d/.complete" ]; then
        log "copying the tree-sitter C runtime into $d"
        rm -rf "$d"
        copy_tree "$here/node_modules/tree-sitter/vendor/tree-sitter/lib" "$d"
        touch "$d/.complete"
    fi
fi

for c in go python ts c; do
    [ -d "$cache/$c" ] || continue
    [ -d "$cache/$c/.git" ] || git init -q "$cache/$c"
done

# Versions, for the report.
{
    for p in $GO_PKGS $PY_PKGS $C_PKGS; do
        printf '%s\t%s\n' "$p" "$(dpkg-query -W -f='${Version}' "$p")"
    done
    for p in typescript rxjs express tree-sitter; do
        [ -f "$here/node_modules/$p/package.json" ] &&
            printf 'npm %s\t%s\n' "$p" "$(node -p "require('$here/node_modules/$p/package.json').version")"
    done
} >"$cache/versions.tsv"
log "corpora in $cache: $(ls "$cache" | tr '\n' ' ')"
