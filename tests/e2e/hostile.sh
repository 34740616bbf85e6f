#!/usr/bin/env bash
# Repositories that are hostile by accident (issue 24): each input here once
# crashed or hung cortex. Every one must index, extract and search to a
# normal answer.
. "$(dirname "$0")/lib.sh"
CORTEX=$1

R="$TMP/repo"
mkdir -p "$R/docs"
git -C "$R" init -q
# The Markdown scanner serialized one entry per open block into a fixed buffer.
python3 - "$R/docs" <<'PY'
import sys
d = sys.argv[1]
open(f"{d}/quotes.md", "w").write("# Top\n\ntext\n\n" + ">" * 400 + " deep\n\n## After\n\nmore\n")
open(f"{d}/lists.md", "w").write("# Lists\n\n" + "".join("  " * i + "- a\n" for i in range(300)) + "\n## Below\n")
PY
expect_eq "400 nested block quotes: the sections either side are found" \
  "section Top 1 9
section Top.After 7 9" \
  "$("$CORTEX" extract "$R/docs/quotes.md" | jq -r 'select(.type=="symbol") | "\(.kind) \(.name) \(.line[0]) \(.line[1])"')"
expect_eq "300 nested list items: the sections either side are found" \
  "section Lists 1 304
section Lists.Below 304 304" \
  "$("$CORTEX" extract "$R/docs/lists.md" | jq -r 'select(.type=="symbol") | "\(.kind) \(.name) \(.line[0]) \(.line[1])"')"
expect_status "a repository with both indexes" 0 "$CORTEX" index --quiet "$R"
expect_eq "both files are in the store" "docs/lists.md docs/quotes.md" \
  "$(jq -r '.path' "$R/.cortex/index/files.jsonl" | sort | xargs)"

# Two grammars' scanners wrote more state than tree-sitter's fixed buffer holds
# (found by fuzz_extract-ruby): a Ruby heredoc word of 256 bytes or more came
# back shorter than written, and about five hundred nested Python blocks
# around a string wrote one byte past the buffer; both aborted the indexer.
python3 - "$R" <<'PY'
import sys
d = sys.argv[1]
open(f"{d}/heredoc.rb", "w").write("def before\nend\n\nx = <<~`" + "w" * 600 + "\nbody\n")
deep = "".join(" " * i + "if x:\n" for i in range(520)) + " " * 520 + 'y = "a {b} c"\n'
open(f"{d}/deep.py", "w").write("def before():\n    pass\n\n" + deep + "\ndef after():\n    pass\n")
PY
expect_eq "a Ruby heredoc word of 600 bytes: the function before it is found" "function before 1 2" \
  "$("$CORTEX" extract "$R/heredoc.rb" | jq -r 'select(.type=="symbol") | "\(.kind) \(.name) \(.line[0]) \(.line[1])"')"
expect_eq "520 nested Python blocks around a string: the functions either side are found" \
  "function after 526 527
function before 1 2" \
  "$("$CORTEX" extract "$R/deep.py" | jq -r 'select(.type=="symbol" and .kind=="function") | "\(.kind) \(.name) \(.line[0]) \(.line[1])"' | sort)"
rm "$R/heredoc.rb" "$R/deep.py"

# A glob of many stars backtracked exponentially against a long name.
long=$(printf 'a%.0s' $(seq 60))
printf 'x = 1\n' >"$R/$long.py"
mkdir -p "$R/.cortex"
printf 'pipelines:\n  default:\n    exclude: ["*a*a*a*a*a*a*a*a*b"]\n' >"$R/.cortex/config.yml"
expect_status "an exclude of many stars does not hang the index" 0 timeout 60 "$CORTEX" index --quiet "$R"
expect_eq "the long name is not excluded by a pattern it does not match" "$long.py" \
  "$(jq -r '.path' "$R/.cortex/index/files.jsonl" | grep '^a')"
expect_status "a search path filter of many stars answers" 0 \
  timeout 60 "$CORTEX" search x --path '*a*a*a*a*a*a*a*a*b' --root "$R"

# A heading that is not UTF-8 made the chunk's name NULL, and search crashed on it.
U="$TMP/utf"
mkdir -p "$U"
git -C "$U" init -q
printf '# Caf\xe9\n\nsome text about coffee\n' >"$U/doc.md"
expect_status "a heading that is not UTF-8 indexes" 0 "$CORTEX" index --quiet "$U"
expect_eq "search names its section with the invalid byte replaced" "doc Caf$(printf '\xef\xbf\xbd') doc.md 1" \
  "$("$CORTEX" search coffee --json --root "$U" | jq -r '.results[] | "\(.kind) \(.name) \(.file) \(.line)"')"

# Names that are not UTF-8: a directory and a file. explore dropped them while
# counting them, and a root so named made its answer an empty object.
B="$TMP/caf$(printf '\xe9')"
mkdir -p "$B/d$(printf '\xff')"
git -C "$B" init -q
printf 'x = 1\n' >"$B/d$(printf '\xff')/m.py"
printf 'y = 2\n' >"$B/top.py"
expect_status "a root and a directory named in Latin-1 index" 0 "$CORTEX" index --quiet "$B"
expect_eq "explore shows every file, the bytes repaired" "2 2 caf$(printf '\xef\xbf\xbd') d$(printf '\xef\xbf\xbd')" \
  "$("$CORTEX" explore --json --root "$B" | jq -r '"\(.project.files) \(.shown) \(.project.name) \([.directories[].path] | sort | .[1])"')"

# Two names that differ only in an invalid byte were both written a\uFFFDb.py
# in the JSONL, and the store rebuilt from it was malformed. Paths round-trip.
P="$TMP/paths"
mkdir -p "$P/d$(printf '\xe9')"
git -C "$P" init -q
printf 'def f():\n    return 1\n' >"$P/a$(printf '\xff')b.py"
printf 'def g():\n    return 2\n' >"$P/a$(printf '\xfe')b.py"
printf 'def h():\n    return 3\n' >"$P/%%h.py"
printf 'def k():\n    return 4\n' >"$P/d$(printf '\xe9')/m.py"
printf 'def u():\n    return 5\n' >"$P/plain.py"
expect_status "names that are not UTF-8 index" 0 "$CORTEX" index --quiet "$P"
expect_eq "the JSONL spells each path apart, escaped where it must be" \
  "%%%25%25h.py %%a%FEb.py %%a%FFb.py %%d%E9/m.py plain.py" \
  "$(jq -r '.path' "$P/.cortex/index/files.jsonl" | xargs)"
expect_eq "their symbols name the same paths" "%%%25%25h.py:h %%a%FEb.py:g %%a%FFb.py:f %%d%E9/m.py:k plain.py:u" \
  "$(jq -r '"\(.file):\(.name)"' "$P/.cortex/index/symbols.jsonl" | xargs)"
sqlite3 "$P/.cortex/cortex.db" "SELECT hex(path) FROM files ORDER BY path" >"$TMP/paths.before"
rm -f "$P/.cortex/cortex.db"*
expect_status "the store rebuilds from that JSONL" 0 "$CORTEX" index --quiet --from-jsonl "$P"
expect_eq "with the same bytes in every path" "$(cat "$TMP/paths.before")" \
  "$(sqlite3 "$P/.cortex/cortex.db" "SELECT hex(path) FROM files ORDER BY path")"
expect_eq "and an intact store" "ok" "$(sqlite3 "$P/.cortex/cortex.db" "PRAGMA integrity_check")"
printf 'def f2():\n    return 1\n' >"$P/a$(printf '\xff')b.py"
expect_status "an edit of one of them indexes" 0 "$CORTEX" index --quiet "$P"
expect_eq "the edit lands on its own file only" "%%a%FEb.py:g %%a%FFb.py:f2" \
  "$(jq -r '"\(.file):\(.name)"' "$P/.cortex/index/symbols.jsonl" | grep '^%%a' | xargs)"

# A configuration nested 200,000 deep overflowed the stack of the check that
# walks the document (libyaml loads it without recursion): refused, with where.
C="$TMP/deepconfig"
mkdir -p "$C/.cortex"
git -C "$C" init -q
python3 -c "
n = 200000
open('$C/.cortex/config.yml', 'w').write('version: 1\nx: ' + '[' * n + ']' * n + '\n')"
expect_status "a configuration nested 200,000 deep is refused, not a crash" 1 "$CORTEX" config check "$C"
expect_eq "with its place" "cortex config: $C/.cortex/config.yml:2:68: nested deeper than 64 levels" "$(cat "$TMP/err")"

# Deep nesting on short lines is quadratic in the queries: the per-file time
# limit bounds the whole extraction, the file is reported, the run goes on.
D="$TMP/deep"
mkdir -p "$D/.cortex"
git -C "$D" init -q
python3 -c "
n = 20000
open('$D/deep.c', 'w').write('int f(void)\n' + '{\n' * n + '}\n' * n)
open('$D/ok.c', 'w').write('int g(void) { return 1; }\n')"
printf 'pipelines:\n  default:\n    limits:\n      parse_seconds: 1\n' >"$D/.cortex/config.yml"
expect_status "20,000 nested blocks: the run finishes" 0 timeout 60 "$CORTEX" index --json "$D"
expect_eq "the file is reported with its reason, the other indexed" \
  "deep.c extraction did not finish within the time limit|ok.c" \
  "$(jq -r '"\(.problems[0].path) \(.problems[0].message)"' "$TMP/out")|$(jq -r '.path' "$D/.cortex/index/files.jsonl" | grep ok.c)"

# Qualified names grew with nesting, so the index was quadratic in depth: 4,000
# nested Java classes made a 442 MB .cortex/. Past a bound they are named from "...".
J="$TMP/nested"
mkdir -p "$J"
git -C "$J" init -q
python3 -c "
n = 4000
open('$J/N.java', 'w').write(''.join('class C%d {\n' % i for i in range(n)) + '}\n' * n)"
expect_status "4,000 nested classes index" 0 timeout 120 "$CORTEX" index --json "$J"
expect_eq "the file is reported, every class kept" "4000 definitions nested too deep: the innermost are named from \"...\" and their own name" \
  "$(jq -r '"\(.symbols) \(.problems[0].message)"' "$TMP/out")"
expect_eq "the index stays small" "yes" "$([ "$(du -sk "$J/.cortex" | cut -f1)" -lt 65536 ] && echo yes || du -sh "$J/.cortex")"

# A client that floods the server while one long request runs: the reader
# queued every message and grew without bound. Past the queue's limit each
# request is answered "busy" at its turn; every request gets one answer.
F="$TMP/flood"
mkdir -p "$F"
git -C "$F" init -q
for i in $(seq 40); do printf 'def f%d(x):\n    return x\n' "$i" >"$F/m$i.py"; done
"$CORTEX" index --quiet "$F"
python3 - "$CORTEX" "$F" >"$TMP/flood.out" <<'PY'
import json, subprocess, sys
cortex, root = sys.argv[1], sys.argv[2]
lines = [{"jsonrpc": "2.0", "id": 0, "method": "initialize",
          "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
         {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "flush_index", "arguments": {}}}]
lines += [{"jsonrpc": "2.0", "id": 2 + i, "method": "ping"} for i in range(600)]
payload = "".join(json.dumps(m) + "\n" for m in lines).encode()
p = subprocess.run([cortex, "mcp", "--root", root, "--no-watch"], input=payload, capture_output=True, timeout=120)
answers = [json.loads(l) for l in p.stdout.decode().splitlines() if l.strip()]
ids = sorted(a["id"] for a in answers)
busy = sum(1 for a in answers if a.get("error", {}).get("code") == -32000)
print(len(answers), ids == list(range(602)), busy > 0, all(a.get("result") is not None or a.get("error") for a in answers))
PY
expect_eq "a flood is answered once each, the overflow busy" "602 True True True" "$(cat "$TMP/flood.out")"

finish
