# Shared by the `cortex serve` scripts (http.sh, http_lazy.sh), after lib.sh:
# every process a script starts goes into PIDS and is stopped at exit, with
# the servers' logs ($TMP/*.log) shown when a check failed; a script that
# must do more first (release a lock a helper holds) defines before_cleanup.
# And the two parts of an answer its `req` gives as "STATUS BODY".
PIDS=()
cleanup() {
  if declare -F before_cleanup >/dev/null; then before_cleanup; fi
  for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ "$FAILED" -ne 0 ]; then
    for f in "$TMP"/*.log; do echo "== the server's log $f:"; tail -40 "$f" | sed 's/^/    /'; done
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT

field() { printf '%s' "${1#* }" | jq -c "$2"; }
status_of() { printf '%s' "${1%% *}"; }
