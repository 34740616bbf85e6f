#!/usr/bin/env bash
# Golden tests for the language plugins: runs `CORTEX extract input.<ext>`
# inside every plugins/<lang>/tests/<case>/ directory (so no absolute path
# reaches the output) and diffs stdout against expected.jsonl beside it.
# The chunker's cases, tests/chunks/<case>/, run `CORTEX extract --chunks`.
# --update rewrites expected.jsonl instead; check every changed line by hand.
#
#   tests/golden/run.sh CORTEX_BINARY [--update]
set -euo pipefail
export LC_ALL=C # stable case order and byte-wise tools

usage() {
    echo "usage: $0 CORTEX_BINARY [--update]" >&2
    exit 2
}

binary=""
update=0
for arg in "$@"; do
    case "$arg" in
    --update) update=1 ;;
    -h | --help) usage ;;
    -*)
        echo "$0: unknown option: $arg" >&2
        usage
        ;;
    *)
        [[ -z "$binary" ]] || usage
        binary="$arg"
        ;;
    esac
done
[[ -n "$binary" ]] || usage

# A bare name that is not a file here may be a command on PATH.
if [[ "$binary" != */* && ! -e "$binary" ]] && command -v "$binary" >/dev/null 2>&1; then
    binary="$(command -v "$binary")"
fi
if [[ ! -e "$binary" ]]; then
    echo "$0: cortex binary not found: $binary (build it first: cmake -S . -B build && make -C build)" >&2
    exit 2
fi
if [[ -d "$binary" || ! -x "$binary" ]]; then
    echo "$0: not an executable file: $binary" >&2
    exit 2
fi
# Absolute, because each case runs from inside its own directory.
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
fail() {
    echo "FAIL $1${2:+: $2}"
    failed=$((failed + 1))
}

shopt -s nullglob
cases=("$root"/plugins/*/tests/*/ "$root"/tests/chunks/*/)
if [[ ${#cases[@]} -eq 0 ]]; then
    echo "$0: no golden cases found under $root/plugins/*/tests/" >&2
fi
for dir in "${cases[@]}"; do
    dir="${dir%/}"
    name="${dir#"$root"/plugins/}"
    name="${name#"$root"/tests/}"
    mode=()
    [[ "$dir" == "$root"/tests/chunks/* ]] && mode=(--chunks)
    inputs=("$dir"/input.*)
    if [[ ${#inputs[@]} -ne 1 ]]; then
        fail "$name" "expected exactly one input.<ext>, found ${#inputs[@]}"
        continue
    fi
    file="$(basename "${inputs[0]}")"
    expected="$dir/expected.jsonl"

    status=0
    (cd "$dir" && "$binary" extract ${mode[@]+"${mode[@]}"} "$file") >"$tmp/out" 2>"$tmp/err" || status=$?
    if [[ $status -ne 0 ]]; then
        fail "$name" "cortex extract $file exited with status $status"
        sed 's/^/    /' "$tmp/err"
        continue
    fi

    if [[ $update -eq 1 ]]; then
        if [[ ! -f "$expected" ]] || ! cmp -s "$tmp/out" "$expected"; then
            cp "$tmp/out" "$expected"
            echo "updated $name/expected.jsonl"
        fi
        passed=$((passed + 1))
        continue
    fi

    if [[ ! -f "$expected" ]]; then
        fail "$name" "no expected.jsonl (create it with --update, then check every line by hand)"
        continue
    fi
    if diff -u --label "$name/expected.jsonl" --label "$name/actual" "$expected" "$tmp/out" >"$tmp/diff"; then
        passed=$((passed + 1))
    else
        fail "$name"
        cat "$tmp/diff"
        if [[ -s "$tmp/err" ]]; then sed 's/^/    stderr: /' "$tmp/err"; fi
    fi
done

echo "$passed passed, $failed failed"
[[ $failed -eq 0 && ${#cases[@]} -gt 0 ]]
