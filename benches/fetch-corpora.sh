#!/bin/sh
# Fetches the benchmark corpora into benches/.corpora/ (gitignored, never
# committed) and installs the tools the benchmarks compare against. Idempotent:
# a corpus is rebuilt only when its `.complete` marker is missing.
#
#   python-stdlib/   a copy of /usr/lib/python3.11 (Debian libpython3.11-stdlib)
#   linux-6.1/       kernel/ fs/ net/ mm/ from Debian linux-source-6.1
#
# Usage: benches/fetch-corpora.sh [--print-dir]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cache="$here/.corpora"

if [ "${1:-}" = "--print-dir" ]; then
    echo "$cache"
    exit 0
fi

log() { echo "fetch-corpora: $*" >&2; }

# Packages, installed only when missing: apt is slow even when there is nothing to do.
need=""
[ -d /usr/lib/python3.11 ] && [ -f /usr/lib/python3.11/os.py ] || need="$need libpython3.11-stdlib"
[ -f /usr/src/linux-source-6.1.tar.xz ] || need="$need linux-source-6.1"
command -v ctags >/dev/null 2>&1 && ctags --version 2>/dev/null | grep -q 'Universal Ctags' || need="$need universal-ctags"
[ -x /usr/bin/time ] || need="$need time"
command -v xz >/dev/null 2>&1 || need="$need xz-utils"
if [ -n "$need" ]; then
    log "installing:$need"
    if [ "$(id -u)" -ne 0 ]; then
        log "not root: run apt-get install -y$need yourself"
        exit 1
    fi
    apt-get update -qq
    # shellcheck disable=SC2086 # word splitting is the point
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null
fi

mkdir -p "$cache"

# ---- Python standard library ------------------------------------------------
# A real copy, not a symlink: cortex never follows symlinks. Symlinked files
# to Python sources (e.g. _sysconfigdata) are replaced by copies of their
# targets, other links removed, so cortex and ctags (which follows links) see
# the same files.
py="$cache/python-stdlib"
if [ ! -f "$py/.complete" ]; then
    log "copying /usr/lib/python3.11 to $py"
    rm -rf "$py"
    mkdir -p "$py"
    cp -a /usr/lib/python3.11/. "$py/"
    find "$py" -name __pycache__ -type d -prune -exec rm -rf {} +
    find "$py" -type l | while IFS= read -r link; do
        target=$(readlink -f "$link" || true)
        if [ -n "$target" ] && [ -f "$target" ] && [ "${link%.py}" != "$link" ]; then
            cp --remove-destination "$target" "$link"
        else
            rm -f "$link" # not source (libpython.so), dangling or a directory
        fi
    done
    touch "$py/.complete"
fi

# ---- Linux kernel subtree -----------------------------------------------------
linux="$cache/linux-6.1"
if [ ! -f "$linux/.complete" ]; then
    log "extracting kernel/ fs/ net/ mm/ from /usr/src/linux-source-6.1.tar.xz to $linux (about a minute)"
    rm -rf "$linux"
    mkdir -p "$linux"
    xz -dc /usr/src/linux-source-6.1.tar.xz |
        tar -x -C "$linux" --strip-components=1 --no-same-owner \
            linux-source-6.1/kernel linux-source-6.1/fs linux-source-6.1/net linux-source-6.1/mm
    # Same rule as above; the kernel tree normally has none in these directories.
    find "$linux" -type l -exec rm -f {} +
    touch "$linux/.complete"
fi

# cortex applies the ignore rules of the repository enclosing the indexed
# directory, and this repository's .gitignore ignores benches/.corpora/: each
# corpus is made the root of its own empty git repository so that its files
# are not all "ignored by ignore rules". ctags skips .git by default.
for d in "$py" "$linux"; do
    [ -d "$d/.git" ] || git init -q "$d"
done

for d in "$py" "$linux"; do
    n=$(find "$d" -type f \( -name '*.py' -o -name '*.c' -o -name '*.h' \) | wc -l)
    log "$(basename "$d"): $n source files, $(du -sm "$d" | cut -f1) MB"
done
