# Shared helpers for the end-to-end scripts: assertions that print what was
# expected and what came, and a pass/fail tally ending in "N passed, N failed".
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PASSED=0
FAILED=0
TMP=$(mktemp -d /tmp/cortex-e2e.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

# Every plugin this tree builds, by name, sorted: one directory per plugin.
ALL_PLUGINS=$(cd "$REPO/plugins" && for f in */plugin.cmake; do echo "${f%%/*}"; done | sort | xargs)

pass() { PASSED=$((PASSED + 1)); echo "ok - $1"; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL - $1"; }

# expect_eq NAME EXPECTED ACTUAL
expect_eq() {
  if [ "$2" == "$3" ]; then pass "$1"; else
    fail "$1"; diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | sed 's/^/    /' || true
  fi
}

# expect_status NAME CODE COMMAND...
expect_status() {
  local name=$1 want=$2; shift 2
  local got=0
  "$@" >"$TMP/out" 2>"$TMP/err" || got=$?
  if [ "$got" == "$want" ]; then pass "$name"; else
    fail "$name (exit $got, expected $want)"; sed 's/^/    /' "$TMP/err" | head -20
  fi
}

finish() {
  echo "$PASSED passed, $FAILED failed"
  [ "$FAILED" -eq 0 ]
}
