#!/usr/bin/env bash
# Incremental binding is cold binding: for every resolution case, each file
# in turn is removed and the repository re-indexed incrementally, then cut
# to its first half (definitions leave a file that stays), then put back
# and re-indexed again; after each step every reference's
# label and target must be what a fresh index of the same tree binds.
#
#   tests/resolution/incremental.sh CORTEX_BINARY
set -euo pipefail
export LC_ALL=C
binary=$(readlink -f "${1:?usage: $0 CORTEX_BINARY}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bindings() { # DB: every reference with its label and target, by position
    sqlite3 -separator ' ' "$1" "
      SELECT f.path, b.line, b.col, b.kind, b.name, COALESCE(b.resolution, '-'),
             COALESCE(tf.path || ':' || t.line_start || ':' || t.name, '-')
      FROM ref_bindings b JOIN files f ON f.id = b.file_id
      LEFT JOIN symbols t ON t.id = b.target_id LEFT JOIN files tf ON tf.id = t.file_id
      ORDER BY 1, 2, 3, 5"
}

fresh() { # DIR: the bindings of a cold index of DIR
    rm -rf "$work/fresh"
    "$binary" index --quiet --full --threads 1 --out "$work/fresh" "$1" >/dev/null
    bindings "$work/fresh/cortex.db"
}

pass=0
fail=0
check() { # CASE REPO WHEN: index REPO incrementally and compare with a fresh index
    "$binary" index --quiet --threads 1 "$2" >/dev/null
    if [[ "$(bindings "$2/.cortex/cortex.db")" == "$(fresh "$2")" ]]; then
        pass=$((pass + 1))
    else
        echo "FAIL $1: $3, the incremental bindings differ from a fresh index's:"
        diff <(fresh "$2") <(bindings "$2/.cortex/cortex.db") | head -20 || true
        fail=$((fail + 1))
    fi
}
for case_dir in "$here"/*/repo; do
    name=$(basename "$(dirname "$case_dir")")
    repo="$work/$name"
    cp -R "$case_dir" "$repo"
    "$binary" index --quiet --threads 1 "$repo" >/dev/null
    while IFS= read -r file; do
        mv "$repo/$file" "$work/held"
        check "$name" "$repo" "without $file"
        head -n "$(($(wc -l <"$work/held") / 2))" "$work/held" >"$repo/$file"
        check "$name" "$repo" "with half of $file"
        mv "$work/held" "$repo/$file"
        check "$name" "$repo" "with $file back"
    done < <(cd "$repo" && find . -type f -not -path './.cortex/*' | sed 's|^\./||' | sort)
done
echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
