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

# copy_fixture DIR [--no-ignore-files]: a fresh copy of the sample repository
# in DIR, its two .gitignore files put in place (stored under other names so
# they do not apply to this tree), or dropped with --no-ignore-files.
copy_fixture() {
  local d=$1
  mkdir -p "$d"
  cp -R "$REPO/tests/fixtures/repos/sample/." "$d/"
  if [ "${2:-}" == --no-ignore-files ]; then
    rm "$d/root.gitignore" "$d/src.gitignore"
  else
    mv "$d/root.gitignore" "$d/.gitignore"
    mv "$d/src.gitignore" "$d/src/.gitignore"
  fi
}

# CORTEX_TEST_TIMEOUT scales every deadline (2 doubles them) on a slow or shared machine.
TIMEOUT_SCALE=${CORTEX_TEST_TIMEOUT:-1}

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
