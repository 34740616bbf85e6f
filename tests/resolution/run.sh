#!/usr/bin/env bash
# Resolution goldens: each tests/resolution/<case>/repo is a small repository
# about one binding rule; `cortex index` stores it and every reference is
# printed with how it was bound and to what:
#
#   file:line:col kind name [qualifier] -> label target-file:line target-name
#
# and diffed with <case>/expected.txt. --update rewrites expected.txt instead:
# check every changed line by hand (a golden that records a wrong binding
# is not golden). --agree PROGRAM also runs tests/unit/bindings_agree.c's
# program on each case's store: the one-pass reading of the bindings that
# whole-graph readers use must give what the view gives, reference by reference.
#
#   tests/resolution/run.sh CORTEX_BINARY [--update] [--agree PROGRAM] [CASE...]
set -euo pipefail
export LC_ALL=C

binary=${1:?usage: $0 CORTEX_BINARY [--update] [CASE...]}
shift
update=0
agree=
cases=()
while [[ $# -gt 0 ]]; do
    case "$1" in
    --update) update=1 ;;
    --agree) agree=$2; shift ;;
    *) cases+=("$1") ;;
    esac
    shift
done
binary=$(readlink -f "$binary")
here=$(cd "$(dirname "$0")" && pwd)
[[ ${#cases[@]} -gt 0 ]] || mapfile -t cases < <(cd "$here" && for d in */repo; do echo "${d%/repo}"; done)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0
for c in "${cases[@]}"; do
    repo="$here/$c/repo"
    out="$work/$c"
    if ! "$binary" index --quiet --threads 1 --out "$out" "$repo" >"$work/$c.log" 2>&1; then
        echo "FAIL $c: cortex index exited non-zero:"
        cat "$work/$c.log"
        fail=$((fail + 1))
        continue
    fi
    sqlite3 -separator ' ' "$out/cortex.db" "
      SELECT f.path || ':' || b.line || ':' || b.col, b.kind, b.name,
             CASE WHEN b.qualifier IS NOT NULL THEN '[' || b.qualifier || ']' ELSE '' END, '->',
             COALESCE(b.resolution, 'unresolved'),
             COALESCE(tf.path || ':' || t.line_start || ' ' || t.name, '-')
      FROM ref_bindings b JOIN files f ON f.id = b.file_id
      LEFT JOIN symbols t ON t.id = b.target_id LEFT JOIN files tf ON tf.id = t.file_id
      ORDER BY f.path, b.line, b.col, b.name" | sed 's/  */ /g' >"$work/$c.got"
    if [[ -n $agree ]] && ! "$agree" "$out/cortex.db" 2>"$work/$c.agree"; then
        echo "FAIL $c: the one-pass bindings, or the ambiguous references counted from the index, differ from the view's:"
        cat "$work/$c.agree"
        fail=$((fail + 1))
        continue
    fi
    if [[ $update == 1 ]]; then
        cp "$work/$c.got" "$here/$c/expected.txt"
        pass=$((pass + 1))
    elif diff -u "$here/$c/expected.txt" "$work/$c.got" >"$work/$c.diff"; then
        pass=$((pass + 1))
    else
        echo "FAIL $c:"
        cat "$work/$c.diff"
        fail=$((fail + 1))
    fi
done
echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
