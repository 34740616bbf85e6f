#!/usr/bin/env bash
# `cortex serve` as its clients see it: curl on every REST route with exact
# answers and the hostile cases (malformed JSON, an oversized body, a missing
# or wrong token, a bad Origin, paths outside the roots or the repository,
# unknown repositories and tools, too many requests), a 409 on a stale
# expand after a reindex, readers under a reindexing writer, and the official
# MCP clients over Streamable HTTP (tests/e2e/mcp/http_*.mjs: the 2.x client
# on 2026-07-28, the 1.x client in a legacy session), each calling every
# tool. Each server runs on a free port and is always stopped.
. "$(dirname "$0")/lib.sh"
CORTEX=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

. "$(dirname "$0")/http_lib.sh"

# start NAME ARGS...: a server on a free port; sets PORT and PID. Its log is $TMP/NAME.log.
start() {
  local name=$1; shift
  rm -f "$TMP/$name.port"
  "$CORTEX" serve --listen 127.0.0.1:0 --port-file "$TMP/$name.port" "$@" >"$TMP/$name.log" 2>&1 &
  PID=$!
  PIDS+=("$PID")
  for _ in $(seq 1 $((300 * TIMEOUT_SCALE))); do
    [ -s "$TMP/$name.port" ] && break
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.1
  done
  PORT=$(cat "$TMP/$name.port" 2>/dev/null || echo 0)
}

# stop PID: SIGTERM, and its exit status must be 0 (a clean shutdown, no leak under ASan).
stop() {
  kill -TERM "$1"
  local rc=0
  wait "$1" || rc=$?
  expect_eq "server $1 stops cleanly on SIGTERM" 0 "$rc"
}

# req METHOD PATH [BODY] [curl args...]: prints "STATUS BODY" (the body on one line).
req() {
  local method=$1 path=$2 body=${3-}; shift 3 2>/dev/null || shift $#
  local args=(-s -o "$TMP/body" -w '%{http_code}' -X "$method" --path-as-is "$@")
  [ -n "$body" ] && args+=(--data-binary "$body")
  local code
  code=$(curl "${args[@]}" "http://127.0.0.1:$PORT$path")
  printf '%s %s' "$code" "$(tr -d '\n' <"$TMP/body")"
}
# field STATUS+BODY JQ: the body's field.

make_repo() { # DIR: the fixture as a git repository with one commit
  copy_fixture "$1"
  git -C "$1" init -q
  git -C "$1" add -A
  git -C "$1" -c user.email=e2e@cortex -c user.name=e2e commit -qm fixture
}

# wait_ready NAME: until the repository is indexed (status ready), or a deadline.
wait_ready() {
  for _ in $(seq 1 $((600 * TIMEOUT_SCALE))); do
    [ "$(field "$(req GET /repos '')" ".[] | select(.name == \"$1\") | .status")" == '"ready"' ] && return 0
    sleep 0.1
  done
  return 1
}

# ---- refusing to start ----------------------------------------------------------------
expect_status "off loopback without --token-file: refuses to start" 1 "$CORTEX" serve --listen 0.0.0.0:0
grep -q 'refusing to listen on 0.0.0.0:0 without --token-file' "$TMP/err" && pass "... and says why" ||
  { fail "... and says why"; cat "$TMP/err"; }
printf 'short\n' >"$TMP/short.token"
expect_status "a token shorter than 16 characters: refuses to start" 1 \
  "$CORTEX" serve --listen 127.0.0.1:0 --token-file "$TMP/short.token"
grep -q 'must be at least 16 printable characters' "$TMP/err" && pass "... and says why" || fail "... and says why"
expect_status "a --repo outside the roots: refuses to start" 1 \
  "$CORTEX" serve --listen 127.0.0.1:0 --root "$TMP" --repo /etc
expect_status "--listen without a port" 2 "$CORTEX" serve --listen 127.0.0.1 --bogus

# ---- the REST API ----------------------------------------------------------------------
mkdir -p "$TMP/roots" "$TMP/outside"
make_repo "$TMP/roots/rest"
make_repo "$TMP/roots/other"
make_repo "$TMP/outside/repo"
mkdir -p "$TMP/roots/plain"
ln -s "$TMP/outside/repo" "$TMP/roots/link"
SHA=$(git -C "$TMP/roots/rest" rev-parse HEAD)
start rest --root "$TMP/roots" --max-body 65536
REST_PID=$PID
# the nice value of the service's index run process (one at a time here)
index_child_nice() {
  local child
  for _ in $(seq 1 $((50 * TIMEOUT_SCALE))); do
    child=$(pgrep -P "$1" -f __index-child | head -1)
    [ -n "$child" ] && break
    sleep 0.1
  done
  [ -n "$child" ] && ps -o ni= -p "$child" | tr -d ' '
}

expect_eq "GET /health" '200 {"status":"ok","version":"'"$("$CORTEX" --version | cut -d' ' -f2)"'"}' "$(req GET /health '')"
expect_eq "GET /repos: none yet" '200 []' "$(req GET /repos '')"
r=$(req POST /repos/add "{\"path\":\"$TMP/roots/rest\"}")
RID=$(field "$r" .repo_id | tr -d '"')
expect_eq "POST /repos/add: repo_id and name" "200 {\"repo_id\":\"$RID\",\"name\":\"rest\"}" "$r"
[[ $RID =~ ^[0-9a-f]{16}$ ]] && pass "repo_id is 16 hex digits" || fail "repo_id is 16 hex digits ($RID)"
expect_eq "POST /repos/add again: the same entry" "200 {\"repo_id\":\"$RID\",\"name\":\"rest\"}" \
  "$(req POST /repos/add "{\"path\":\"$TMP/roots/rest/\"}")"
expect_eq "POST /repos/add outside the roots: 403 outside_roots" '403 "outside_roots"' \
  "$(r=$(req POST /repos/add "{\"path\":\"$TMP/outside/repo\"}"); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "POST /repos/add /etc: 403" '403 "outside_roots"' \
  "$(r=$(req POST /repos/add '{"path":"/etc"}'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "POST /repos/add a link under a root to a repository outside: 403" '403 "outside_roots"' \
  "$(r=$(req POST /repos/add "{\"path\":\"$TMP/roots/link\"}"); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "POST /repos/add ../ out of a root: 403" '403 "outside_roots"' \
  "$(r=$(req POST /repos/add "{\"path\":\"$TMP/roots/rest/../../outside/repo\"}"); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "POST /repos/add not a git work tree: 400 not_a_repository" '400 "not_a_repository"' \
  "$(r=$(req POST /repos/add "{\"path\":\"$TMP/roots/plain\"}"); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "POST /repos/add a relative path: 400" '400 "invalid_argument"' \
  "$(r=$(req POST /repos/add '{"path":"roots/rest"}'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "POST /repos/add no such directory: 404" '404 "not_found"' \
  "$(r=$(req POST /repos/add "{\"path\":\"$TMP/roots/none\"}"); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "POST /repos/add a taken name: 409 name_taken" '409 "name_taken"' \
  "$(r=$(req POST /repos/add "{\"path\":\"$TMP/roots/other\",\"name\":\"rest\"}"); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "POST /repos/add a name with a slash: 400" '400 "invalid_argument"' \
  "$(r=$(req POST /repos/add "{\"path\":\"$TMP/roots/other\",\"name\":\"a/b\"}"); echo "$(status_of "$r") $(field "$r" .code)")"
wait_ready rest && pass "the repository is indexed in the background" || fail "the repository is indexed in the background"
r=$(req GET /repos '')
expect_eq "GET /repos: the entry" \
  "[{\"repo_id\":\"$RID\",\"name\":\"rest\",\"repo_root\":\"$(cd "$TMP/roots/rest" && pwd -P)\",\"status\":\"ready\",\"generation\":1,\"commit_sha\":\"$SHA\",\"files\":7}]" \
  "$(field "$r" '[.[] | {repo_id, name, repo_root, status, generation, commit_sha, files}]')"
expect_eq "GET /status: service, roots, repositories" "\"cortex\" [\"$(cd "$TMP/roots" && pwd -P)\"] 1" \
  "$(r=$(req GET /status ''); echo "$(field "$r" .service) $(field "$r" .roots) $(field "$r" '.repos | length')")"

# query, evidence_pack, expand: handles with source, commit_sha, generation
r=$(req POST /query '{"repo":"rest","symbol":"normalize","kind":"definition"}')
expect_eq "POST /query: the definition's handle, with source, commit_sha, generation" \
  "200 [{\"file\":\"src/util.py\",\"kind\":\"function\",\"name\":\"normalize\",\"line_range\":[1,3],\"source\":\"service\",\"commit_sha\":\"$SHA\",\"generation\":1}]" \
  "$(status_of "$r") $(field "$r" '[.handles[] | {file, kind, name, line_range, source, commit_sha, generation}]')"
HID=$(field "$r" '.handles[0].id' | tr -d '"')
r=$(req POST /query "{\"repo\":\"$RID\",\"pattern\":\"normalize\",\"glob\":\"src/util.py\",\"limit\":1}")
expect_eq "POST /query by repo_id, a glob and a limit" '200 1 "src/util.py" "service"' \
  "$(status_of "$r") $(field "$r" '.handles | length') $(field "$r" '.handles[0].file') $(field "$r" '.handles[0].source')"
r=$(req POST /evidence_pack '{"repo":"rest","symbol":"Ledger","max_handles":2}')
expect_eq "POST /evidence_pack: ranked handles, each from the service" '200 "src/app.py" ["service"]' \
  "$(status_of "$r") $(field "$r" '.handles[0].file') $(field "$r" '[.handles[].source] | unique')"
r=$(req POST /expand "{\"repo\":\"rest\",\"handles\":[{\"id\":\"$HID\",\"generation\":1}]}")
expect_eq "POST /expand: the handle's content" \
  '200 "def normalize(text):\n    \"\"\"Strip and lower-case a note.\"\"\"\n    return text.strip().lower()" 1' \
  "$(status_of "$r") $(field "$r" '.contents[0].content') $(field "$r" .generation)"
expect_eq "POST /expand: an unknown handle is named in its item" '200 "unknown handle: query again (handles come from query or evidence_pack)"' \
  "$(r=$(req POST /expand '{"repo":"rest","handles":["h000000000000000000000000"]}'); echo "$(status_of "$r") $(field "$r" '.contents[0].error')")"

# a change, a reindex, and the old generation's handles are stale: 409
printf '\n\ndef loud(text):\n    return normalize(text).upper()\n' >>"$TMP/roots/rest/src/util.py"
r=$(req POST /reindex '{"repo":"rest"}')
expect_eq "POST /reindex: started at generation 1, with the commit" "200 1 \"$SHA\"" \
  "$(status_of "$r") $(field "$r" .generation) $(field "$r" .commit_sha)"
case $(field "$r" .status) in '"indexing"'|'"already_indexing"') pass "POST /reindex: status indexing";; *) fail "POST /reindex: status ($r)";; esac
for _ in $(seq 1 $((300 * TIMEOUT_SCALE))); do
  [ "$(field "$(req GET /repos '')" '.[0].generation')" == 2 ] && break; sleep 0.1
done
expect_eq "the generation moved to 2" 2 "$(field "$(req GET /repos '')" '.[0].generation')"
r=$(req POST /expand "{\"repo\":\"rest\",\"handles\":[{\"id\":\"$HID\",\"generation\":1}]}")
expect_eq "POST /expand with generation 1 after the reindex: 409 stale_generation" \
  '409 "stale_generation" "stale_generation: the handles are of index generation 1, the index is now at 2: query again for fresh handles"' \
  "$(status_of "$r") $(field "$r" .code) $(field "$r" .message)"
expect_eq "POST /expand without a generation still answers" '200 2' \
  "$(r=$(req POST /expand "{\"repo\":\"rest\",\"handle_ids\":[\"$HID\"]}"); echo "$(status_of "$r") $(field "$r" .generation)")"
r=$(req POST /query '{"repo":"rest","symbol":"loud"}')
expect_eq "POST /query finds the new function at generation 2" '200 "src/util.py" [10,11] 2' \
  "$(status_of "$r") $(field "$r" '.handles[0].file') $(field "$r" '.handles[0].line_range') $(field "$r" '.handles[0].generation')"
# two reindexes at once: while the index lock is held (as another indexer would
# hold it), the first request's run waits for it and the second joins that run
wait_ready rest
flock "$TMP/roots/rest/.cortex/lock" sleep 2 &
LOCKER=$!
sleep 0.3
a=$(req POST /reindex '{"repo":"rest"}'; echo; req POST /reindex '{"repo":"rest"}')
expect_eq "two reindexes while one waits: indexing, then already_indexing (coalesced)" \
  '"indexing" "already_indexing"' "$(grep -o '"[a-z_]*indexing"' <<<"$a" | paste -sd' ')"
# a reindex no caller waits on gives way to the calls that answer: its
# process (waiting on the lock here) runs at a lower priority
expect_eq "a background reindex's process runs at nice 10" 10 "$(index_child_nice "$REST_PID")"
wait $LOCKER
wait_ready rest
expect_eq "POST /reindex with a glob out of the repository: 400" '400 "invalid_argument"' \
  "$(r=$(req POST /reindex '{"repo":"rest","glob":"../**"}'); echo "$(status_of "$r") $(field "$r" .code)")"

# every tool at /repos/{id}/tools/{name}
r=$(req POST /repos/rest/tools/get_callers '{"name":"normalize"}')
expect_eq "tools/get_callers: the callers, as MCP and the CLI give them" \
  '200 [["src/app.py",19,"Ledger.add"],["src/util.py",7,"_unused"],["src/util.py",11,"loud"]]' \
  "$(status_of "$r") $(field "$r" '[.references[] | [.file, .line, .caller]]')"
r=$(req POST "/repos/$RID/tools/get_file_symbols" '{"file":"src/util.py"}')
expect_eq "tools/get_file_symbols by repo_id" '200 ["normalize","_unused","loud"]' \
  "$(status_of "$r") $(field "$r" '[.symbols[].name]')"
r=$(req POST /repos/rest/tools/explore '')
expect_eq "tools/explore with an empty body" '200 true' "$(status_of "$r") $(field "$r" 'has("index")')"
cli=$(cd "$TMP/roots/rest" && "$CORTEX" tool search '{"query":"normalize","limit":3}' --json | jq -cS 'del(.index)')
expect_eq "tools/search: the same structured answer as the CLI" "200 $cli" \
  "$(r=$(req POST /repos/rest/tools/search '{"query":"normalize","limit":3}'); echo "$(status_of "$r") $(field "$r" 'del(.index)' | jq -cS .)")"
expect_eq "tools: a missing required argument is 400 with the schema's message" \
  '400 "invalid_argument" "arguments: missing required property \"name\" (the tool'"'"'s inputSchema lists its parameters)"' \
  "$(r=$(req POST /repos/rest/tools/get_callers '{}'); echo "$(status_of "$r") $(field "$r" .code) $(field "$r" .message)")"
expect_eq "tools: an unknown argument is 400" '400 "invalid_argument"' \
  "$(r=$(req POST /repos/rest/tools/search '{"query":"x","bogus":1}'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "tools: ../../etc/passwd is refused as the stdio tools refuse it" \
  '400 "path \"../../etc/passwd\" leads outside the repository root; pass a path relative to it"' \
  "$(r=$(req POST /repos/rest/tools/get_file_symbols '{"file":"../../etc/passwd"}'); echo "$(status_of "$r") $(field "$r" .message)")"
expect_eq "tools: an absolute path outside is refused" '400' \
  "$(status_of "$(req POST /repos/rest/tools/get_file_symbols '{"file":"/etc/passwd"}')")"
ln -s /etc "$TMP/roots/rest/etc-link"
expect_eq "tools: a path through a link out of the repository is refused" '400' \
  "$(status_of "$(req POST /repos/rest/tools/get_file_symbols '{"file":"etc-link/passwd"}')")"
rm "$TMP/roots/rest/etc-link"
expect_eq "tools: an unknown tool is 404 unknown_tool" '404 "unknown_tool"' \
  "$(r=$(req POST /repos/rest/tools/nope '{}'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "tools: an unknown repository is 404" '404 "not_found"' \
  "$(r=$(req POST /repos/nope/tools/search '{"query":"x"}'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "tools: .. as the repository segment is no route" '404 "not_found"' \
  "$(r=$(req POST /repos/../tools/search '{"query":"x"}'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "tools: an escaped slash in the repository segment is no route" '404' \
  "$(status_of "$(req POST '/repos/..%2f..%2fetc/tools/search' '{"query":"x"}')")"

# hostile bodies and methods
r=$(req POST /query '{"repo":"rest",')
expect_eq "malformed JSON: 400 invalid_json with where" '400 "invalid_json" "the body is not JSON: string or '"'"'}'"'"' expected near end of file at line 1, column 15"' \
  "$(status_of "$r") $(field "$r" .code) $(field "$r" .message)"
expect_eq "a JSON array body: 400 invalid_body" '400 "invalid_body"' \
  "$(r=$(req POST /query '[1,2]'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "a body without repo: 400" '400 "invalid_argument"' \
  "$(r=$(req POST /query '{"pattern":"x"}'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "an unknown repository: 404" '404 "not_found"' \
  "$(r=$(req POST /query '{"repo":"nope","pattern":"x"}'); echo "$(status_of "$r") $(field "$r" .code)")"
head -c 70000 /dev/zero | tr '\0' ' ' >"$TMP/big"
expect_eq "a body over --max-body: 413" '413 "payload_too_large"' \
  "$(r=$(req POST /query '' --data-binary @"$TMP/big"); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "a chunked body over --max-body: 413" '413 "payload_too_large"' \
  "$(r=$(req POST /query '' -H 'Transfer-Encoding: chunked' --data-binary @"$TMP/big"); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "GET on a POST route: 405 with Allow" '405 "method_not_allowed"' \
  "$(r=$(req GET /query ''); echo "$(status_of "$r") $(field "$r" .code)")"
curl -s -D "$TMP/headers" -o /dev/null "http://127.0.0.1:$PORT/query"
grep -qi '^Allow: POST' "$TMP/headers" && pass "405 names the allowed methods" || fail "405 names the allowed methods"
expect_eq "an unknown path: 404" '404 "not_found"' \
  "$(r=$(req GET /nope ''); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "a foreign Origin: 403 forbidden_origin" '403 "forbidden_origin"' \
  "$(r=$(req GET /repos '' -H 'Origin: http://evil.example'); echo "$(status_of "$r") $(field "$r" .code)")"
expect_eq "a rebinding Origin with a loopback Host: 403" '403' \
  "$(status_of "$(req GET /repos '' -H 'Origin: http://attacker.test:7878' -H 'Host: 127.0.0.1')")"
expect_eq "a loopback Origin is allowed" '200' "$(status_of "$(req GET /health '' -H "Origin: http://127.0.0.1:$PORT")")"
expect_eq "a name that starts like a loopback address is no loopback Origin: 403" '403' \
  "$(status_of "$(req GET /repos '' -H 'Origin: http://127.attacker.test:7878')")"
expect_eq "a loopback address followed by a domain is no loopback Origin: 403" '403' \
  "$(status_of "$(req GET /health '' -H 'Origin: http://127.0.0.1.attacker.test:7878')")"
expect_eq "the service still answers after every hostile request" '200' "$(status_of "$(req GET /health '')")"

# metrics
m=$(curl -s "http://127.0.0.1:$PORT/metrics")
grep -q '^cortex_http_requests_total{route="/expand",status="409"} 1$' <<<"$m" && pass "metrics: the 409 counted by route and status" || fail "metrics: 409 ($m)"
grep -q '^cortex_http_requests_total{route="/query",status="413"} 2$' <<<"$m" && pass "metrics: the 413s" || fail "metrics: 413"
grep -q '^cortex_http_request_duration_seconds_count{route="/health"} ' <<<"$m" && pass "metrics: a latency histogram per route" || fail "metrics: histogram"
grep -q '^cortex_repo_generation{repo="rest"} [2-9]$' <<<"$m" && pass "metrics: the generation per repository" || fail "metrics: generation"
grep -q '^cortex_repo_files{repo="rest"} 7$' <<<"$m" && pass "metrics: files per repository" || fail "metrics: files"
grep -q '^cortex_repo_store_bytes{repo="rest"} [1-9]' <<<"$m" && pass "metrics: the store's size" || fail "metrics: store size"
grep -q '^cortex_repo_index_runs_total{repo="rest"} [1-9]' <<<"$m" && pass "metrics: index runs" || fail "metrics: index runs"
grep -q '^cortex_http_calls_waiting 0$' <<<"$m" && pass "metrics: no call waits for its turn when idle" || fail "metrics: calls waiting"

# MCP at /mcp/{repo}, by hand: the transport's rules
mcp() { req POST "$1" "$2" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' "${@:3}"; }
r=$(mcp /mcp/rest '{"jsonrpc":"2.0","id":1,"method":"tools/list"}')
expect_eq "MCP: a legacy request without a session: 400" '400 -32600' "$(status_of "$r") $(field "$r" .error.code)"
r=$(mcp /mcp/rest '{"jsonrpc":"2.0","id":1,"method":"ping"}' -H 'Mcp-Session-Id: 0123456789abcdef0123456789abcdef')
expect_eq "MCP: an unknown session: 404" '404 "session_not_found"' "$(status_of "$r") $(field "$r" .code)"
modern='{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
r=$(mcp /mcp/rest "$modern" -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/list')
expect_eq "MCP: a stateless 2026-07-28 request: the tools, cacheable" '200 15 "public"' \
  "$(status_of "$r") $(field "$r" '.result.tools | length') $(field "$r" .result.cacheScope)"
r=$(mcp /mcp/rest "$modern" -H 'MCP-Protocol-Version: 2025-11-25' -H 'Mcp-Method: tools/list')
expect_eq "MCP: MCP-Protocol-Version differing from _meta: 400 HeaderMismatch" '400 -32020' "$(status_of "$r") $(field "$r" .error.code)"
r=$(mcp /mcp/rest "$modern" -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call')
expect_eq "MCP: Mcp-Method differing from the method: 400 HeaderMismatch" '400 -32020' "$(status_of "$r") $(field "$r" .error.code)"
r=$(mcp /mcp/rest '{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}' -D "$TMP/headers")
SID=$(grep -i '^Mcp-Session-Id:' "$TMP/headers" | tr -d '\r' | cut -d' ' -f2)
expect_eq "MCP: initialize opens a session with the negotiated version" '200 "2025-06-18"' "$(status_of "$r") $(field "$r" .result.protocolVersion)"
[[ $SID =~ ^[0-9a-f]{32}$ ]] && pass "MCP: Mcp-Session-Id is 128 random bits" || fail "MCP: session id ($SID)"
r=$(mcp /mcp/rest '{"jsonrpc":"2.0","id":4,"method":"ping"}' -H "Mcp-Session-Id: $SID" -H 'MCP-Protocol-Version: 2025-06-18')
expect_eq "MCP: the session answers" '200 {}' "$(status_of "$r") $(field "$r" .result)"
r=$(mcp /mcp/rest '{"jsonrpc":"2.0","id":5,"method":"ping"}' -H "Mcp-Session-Id: $SID" -H 'MCP-Protocol-Version: 1999-01-01')
expect_eq "MCP: an unsupported MCP-Protocol-Version: 400" '400' "$(status_of "$r")"
expect_eq "MCP: the session on another repository's endpoint: 404" '404' \
  "$(status_of "$(mcp /mcp/other '{"jsonrpc":"2.0","id":6,"method":"ping"}' -H "Mcp-Session-Id: $SID")")"
expect_eq "MCP: a notification: 202, no body" '202 ' "$(mcp /mcp/rest '{"jsonrpc":"2.0","method":"notifications/initialized"}' -H "Mcp-Session-Id: $SID")"
r=$(mcp /mcp/rest '{"jsonrpc":"2.0","id":7,')
expect_eq "MCP: malformed JSON: 400 Parse error" '400 -32700' "$(status_of "$r") $(field "$r" .error.code)"
r=$(mcp /mcp/rest '[{"jsonrpc":"2.0","id":8,"method":"ping"}]' -H "Mcp-Session-Id: $SID")
expect_eq "MCP: a batch: 400 Invalid Request" '400 -32600' "$(status_of "$r") $(field "$r" .error.code)"
expect_eq "MCP: GET (no server stream): 405" '405' "$(status_of "$(req GET /mcp/rest '')")"
expect_eq "MCP: GET accepting text/event-stream: still 405" '405' \
  "$(status_of "$(req GET /mcp/rest '' -H 'Accept: text/event-stream')")"
# Accept: a POST must accept both application/json and text/event-stream (406 otherwise, as the SDKs answer)
NOT_ACCEPTABLE='406 {"error":{"code":-32000,"message":"Not Acceptable: Client must accept both application/json and text/event-stream"},"id":null,"jsonrpc":"2.0"}'
ping_modern='{"jsonrpc":"2.0","id":10,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
acc() { r=$(req POST /mcp/rest "$ping_modern" -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/list' "$@"); echo "$(status_of "$r") $(field "$r" . | jq -cS .)"; }
expect_eq "MCP: a POST without Accept: 406 with the JSON-RPC error" "$NOT_ACCEPTABLE" "$(acc -H 'Accept:')"
expect_eq "MCP: Accept: application/json only: 406" "$NOT_ACCEPTABLE" "$(acc -H 'Accept: application/json')"
expect_eq "MCP: Accept: text/event-stream only: 406" "$NOT_ACCEPTABLE" "$(acc -H 'Accept: text/event-stream')"
expect_eq "MCP: Accept: text/html: 406" "$NOT_ACCEPTABLE" "$(acc -H 'Accept: text/html')"
expect_eq "MCP: text/event-stream refused with q=0: 406" "$NOT_ACCEPTABLE" \
  "$(acc -H 'Accept: application/json, text/event-stream;q=0')"
expect_eq "MCP: Accept: */* covers both" '200' "$(acc -H 'Accept: */*' | cut -d' ' -f1)"
expect_eq "MCP: Accept: application/*, TEXT/* covers both" '200' "$(acc -H 'Accept: application/*;q=0.5, TEXT/*' | cut -d' ' -f1)"
expect_eq "MCP: an unknown repository: 404" '404' "$(status_of "$(mcp /mcp/nope "$modern")")"
expect_eq "MCP: DELETE ends the session" '200' "$(status_of "$(req DELETE /mcp/rest '' -H "Mcp-Session-Id: $SID")")"
expect_eq "MCP: ... after which it is unknown" '404' \
  "$(status_of "$(mcp /mcp/rest '{"jsonrpc":"2.0","id":9,"method":"ping"}' -H "Mcp-Session-Id: $SID")")"

# Progress as it happens: a flush_index that asks for progress, held on the
# index lock taken here, has its "waiting" progress on the wire while it waits
# (before, a request's notifications came only with its response); the response
# follows on the same stream once the lock is let go.
mkfifo "$TMP/release_flush"
flock -o "$TMP/roots/rest/.cortex/lock" sh -c "read _ < '$TMP/release_flush'" &
FLUSH_LOCKER=$!
sleep 0.3
flush='{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"flush_index","arguments":{},"_meta":{"progressToken":"flush-1","io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
curl -sN -X POST -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' --data-binary "$flush" \
  "http://127.0.0.1:$PORT/mcp/rest" >"$TMP/flush.sse" &
FLUSH_CURL=$!
for _ in $(seq 1 $((100 * TIMEOUT_SCALE))); do grep -q 'waiting for the index run' "$TMP/flush.sse" && break; sleep 0.1; done
expect_eq "MCP: a call's progress reaches the client while the call still runs (waiting on the index lock)" \
  '{"method":"notifications/progress","params":{"message":"waiting for the index run of process N to finish","progress":0,"progressToken":"flush-1"}}' \
  "$(sed -n 's/^data: //p' "$TMP/flush.sse" | head -1 | jq -cS 'del(.jsonrpc)' | sed 's/process [0-9]*/process N/')"
expect_eq "MCP: ... and no response yet while the lock is held" 0 "$(grep -c '"result"' "$TMP/flush.sse")"
expect_eq "a flush_index a caller waits on runs at the default priority" 0 "$(index_child_nice "$REST_PID")"
echo >"$TMP/release_flush"
wait "$FLUSH_LOCKER"
wait "$FLUSH_CURL"
expect_eq "MCP: once the lock is let go the response ends the same stream, after the files' progress" \
  '20 false 7 true' \
  "$(sed -n 's/^data: //p' "$TMP/flush.sse" | jq -s -r '[.[-1].id, .[-1].result.isError, .[-1].result.structuredContent.files,
     ([.[:-1][] | .method == "notifications/progress" and .params.progressToken == "flush-1"] | all)] | join(" ")')"
# A client that leaves a streamed call: the call is cancelled (its flush
# commits nothing) and the service goes on answering.
GEN=$(field "$(req GET /repos '')" '.[] | select(.name == "rest") | .generation')
mkfifo "$TMP/release_flush2"
flock -o "$TMP/roots/rest/.cortex/lock" sh -c "read _ < '$TMP/release_flush2'" &
FLUSH_LOCKER=$!
sleep 0.3
rc=0; curl -sN --max-time 1 -X POST -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' --data-binary "${flush/flush-1/flush-2}" \
  "http://127.0.0.1:$PORT/mcp/rest" >"$TMP/flush2.sse" || rc=$?
expect_eq "MCP: a client gives up on a streamed call (curl --max-time 1)" 28 "$rc"
for _ in $(seq 1 $((50 * TIMEOUT_SCALE))); do grep -q 'mcp.*cancelled after' "$TMP/rest.log" && break; sleep 0.1; done
expect_eq "MCP: ... its call is cancelled, and the log says why" 1 \
  "$(grep -c 'POST /mcp/rest from 127.0.0.1: cancelled after .* (its client closed the connection)' "$TMP/rest.log")"
echo >"$TMP/release_flush2"
wait "$FLUSH_LOCKER"
expect_eq "MCP: ... it committed nothing, and the service answers" "200 $GEN" \
  "$(r=$(req GET /repos ''); echo "$(status_of "$r") $(field "$r" '.[] | select(.name == "rest") | .generation')")"

# ---- readers under a reindexing writer: never half an index --------------------------------
# gen.py holds 40 functions named f<round>_<i>; a writer rewrites it with the next
# round's names and reindexes, 15 times, while 6 readers list its symbols: every
# answer must hold 40 symbols of one round, and each reader's generations only increase.
python3 -c "print('\n'.join(f'def f0_{i}():\n    return {i}\n' for i in range(40)))" >"$TMP/roots/rest/gen.py"
req POST /reindex '{"repo":"rest"}' >/dev/null
for _ in $(seq 1 100); do
  [ "$(field "$(req POST /repos/rest/tools/get_file_symbols '{"file":"gen.py","limit":100}')" '.total')" == 40 ] && break; sleep 0.1
done
reader() {
  local n=$1 last=0 bad=0 port=$PORT
  for _ in $(seq 1 60); do
    local b
    b=$(curl -s -X POST "http://127.0.0.1:$port/repos/rest/tools/get_file_symbols" -d '{"file":"gen.py","limit":100}')
    local line
    line=$(jq -r '[(.symbols | length), ([.symbols[].name | sub("_[0-9]+$"; "")] | unique | length), .index.generation] | @tsv' <<<"$b" 2>/dev/null)
    local count rounds gen
    read -r count rounds gen <<<"$line"
    if [ "$count" != 40 ] || [ "$rounds" != 1 ] || [ -z "$gen" ] || [ "$gen" -lt "$last" ]; then
      bad=$((bad + 1)); echo "reader $n: $line $(head -c 300 <<<"$b")"
    fi
    last=${gen:-$last}
  done
  echo "reader $n bad $bad"
}
writer() {
  for round in $(seq 1 15); do
    # written beside and renamed over: the file on disk is always one whole round
    python3 -c "print('\n'.join(f'def f${round}_{i}():\n    return {i}\n' for i in range(40)))" >"$TMP/roots/rest/gen.py.tmp"
    mv "$TMP/roots/rest/gen.py.tmp" "$TMP/roots/rest/gen.py"
    curl -s -X POST "http://127.0.0.1:$PORT/reindex" -d '{"repo":"rest"}' >/dev/null
    sleep 0.2
  done
}
g0=$(field "$(req GET /repos '')" '.[0].generation')
writer & WRITER=$!
READERS=()
for n in 1 2 3 4 5 6; do reader "$n" >"$TMP/reader$n.log" & READERS+=($!); done
wait "$WRITER" "${READERS[@]}"
out=$(cat "$TMP"/reader*.log)
expect_eq "6 readers x 60 answers under 15 rewrites and reindexes: none saw half an index or a generation go back" \
  "$(for n in 1 2 3 4 5 6; do echo "reader $n bad 0"; done)" "$(grep 'bad' <<<"$out" | sort)"
{ grep -v ' bad 0$' <<<"$out" || true; } | head -5 | sed 's/^/    /'
g1=$(field "$(req GET /repos '')" '.[0].generation')
[ "$g1" -gt "$g0" ] && pass "the generation moved under load ($g0 -> $g1)" || fail "the generation moved under load ($g0 -> $g1)"
expect_eq "the service still answers" '200' "$(status_of "$(req GET /health '')")"
stop "$REST_PID"

# ---- a client that leaves: its call is cancelled, its thread freed --------------------------
# The repository's first index waits on the index lock (held as another indexer
# would hold it), so a tool call waits for it: the client gives up after 1 s
# (curl --max-time) and closes; the call must be cancelled then, not when the
# lock goes, and with --per-client 1 the address is served again at once.
make_repo "$TMP/slow/repo"
mkdir -p "$TMP/slow/repo/.cortex"
flock "$TMP/slow/repo/.cortex/lock" sleep $((6 * TIMEOUT_SCALE)) &
LOCKER=$!
sleep 0.3
start slow --root "$TMP/slow" --repo "$TMP/slow/repo" --per-client 1
SLOW_PID=$PID
rc=0; curl -s --max-time 1 -X POST "http://127.0.0.1:$PORT/repos/repo/tools/get_callers" -d '{"name":"normalize"}' >/dev/null || rc=$?
expect_eq "curl --max-time 1 on a call waiting for the first index gives up" 28 "$rc"
for _ in $(seq 1 50); do grep -q 'cancelled after' "$TMP/slow.log" && break; sleep 0.1; done
line=$(grep 'cancelled after' "$TMP/slow.log" || true)
expect_eq "the server logs the call cancelled because its client left" \
  "cortex serve: POST /repos/repo/tools/get_callers from 127.0.0.1: cancelled (its client closed the connection)" \
  "$(sed 's/ after [0-9.]* s//' <<<"$line")"
secs=$(grep -o 'after [0-9.]* s' <<<"$line" | cut -d' ' -f2)
kill -0 "$LOCKER" 2>/dev/null && pass "... while the index lock was still held (${secs}s after it came)" ||
  fail "... while the index lock was still held (${secs}s)"
expect_eq "with --per-client 1 the address is served again at once (its thread was freed)" '200' \
  "$(status_of "$(req GET /health '')")"
m=$(curl -s "http://127.0.0.1:$PORT/metrics")
grep -q '^cortex_http_requests_cancelled_total{reason="client_gone"} 1$' <<<"$m" &&
  pass "metrics: the call counted as cancelled, client_gone" || fail "metrics: cancelled ($(grep cancelled <<<"$m"))"
grep -q '^cortex_http_requests_cancelled_total{reason="deadline"} 0$' <<<"$m" &&
  pass "metrics: not as a deadline" || fail "metrics: deadline"
wait "$LOCKER"
wait_ready repo && pass "the first index goes on once the lock is free" || fail "the first index goes on once the lock is free"
expect_eq "and the same call is answered" '200 ["src/app.py"]' \
  "$(r=$(req POST /repos/repo/tools/get_callers '{"name":"normalize"}'); echo "$(status_of "$r") $(field "$r" '[.references[].file] | unique | map(select(. == "src/app.py"))')")"
stop "$SLOW_PID"

# ---- a bearer token, 429 -----------------------------------------------------------------
head -c 24 /dev/urandom | base64 >"$TMP/token"
TOKEN=$(head -1 "$TMP/token")
start token --root "$TMP/roots" --token-file "$TMP/token" --per-client 1
TOKEN_PID=$PID
expect_eq "a token: no Authorization is 401" '401 "unauthorized"' \
  "$(r=$(req GET /repos ''); echo "$(status_of "$r") $(field "$r" .code)")"
curl -s -D "$TMP/headers" -o /dev/null "http://127.0.0.1:$PORT/repos"
grep -qi '^WWW-Authenticate: Bearer' "$TMP/headers" && pass "401 says Bearer" || fail "401 says Bearer"
expect_eq "a token: a wrong one is 401" '401' "$(status_of "$(req GET /repos '' -H "Authorization: Bearer ${TOKEN}x")")"
expect_eq "a token: its prefix is 401" '401' "$(status_of "$(req GET /repos '' -H "Authorization: Bearer ${TOKEN:0:10}")")"
expect_eq "a token: Basic is 401" '401' "$(status_of "$(req GET /repos '' -H "Authorization: Basic ${TOKEN}")")"
expect_eq "a token: the right one is 200" '200 []' "$(req GET /repos '' -H "Authorization: Bearer $TOKEN")"
# One request held open (headers sent, body not): the client's one request in flight.
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
printf 'POST /query HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\nContent-Length: 100\r\n\r\n{' "$TOKEN" >&3
sleep 0.5
expect_eq "a second request in flight from the address over --per-client 1: 429" '429 "too_many_requests"' \
  "$(r=$(req GET /repos '' -H "Authorization: Bearer $TOKEN"); echo "$(status_of "$r") $(field "$r" .code)")"
exec 3>&-
sleep 0.5
expect_eq "once it is gone, the client is served again" '200' "$(status_of "$(req GET /health '' -H "Authorization: Bearer $TOKEN")")"
stop "$TOKEN_PID"

# ---- the official MCP clients over Streamable HTTP -----------------------------------------
if ! command -v node >/dev/null || [ ! -d "$REPO/node_modules/@modelcontextprotocol/client" ]; then
  fail "node and the MCP clients in $REPO/node_modules (npm ci --ignore-scripts)"
  finish
fi
for era in modern legacy; do
  # Named "repo" on disk in both: explore reports the directory's name.
  copy_fixture "$TMP/mcp/$era/repo"
  git -C "$TMP/mcp/$era/repo" init -q
done
start mcp --root "$TMP/mcp"
MCP_PID=$PID
req POST /repos/add "{\"path\":\"$TMP/mcp/modern/repo\",\"name\":\"modern\"}" >/dev/null
req POST /repos/add "{\"path\":\"$TMP/mcp/legacy/repo\",\"name\":\"legacy\"}" >/dev/null
for era in modern legacy; do
  wait_ready "$era" || fail "$era: indexed"
  if (cd "$REPO" && CORTEX="$CORTEX" FIXTURE="$TMP/mcp/$era/repo" MCP_URL="http://127.0.0.1:$PORT/mcp/$era" \
        timeout $((300 * TIMEOUT_SCALE)) node tests/e2e/mcp/http_$era.mjs) >"$TMP/$era.log" 2>&1; then
    pass "$era client over Streamable HTTP"
  else
    fail "$era client over Streamable HTTP"
  fi
  sed 's/^/    /' "$TMP/$era.log"
done
stop "$MCP_PID"

finish
