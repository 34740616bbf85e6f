#!/usr/bin/env bash
# The analysis tool through the CLI on tests/fixtures/repos/graph: each
# operation's answer, asserted whole where it is short. What each expects
# follows from the fixture's source: who calls what (tests/e2e/graph.sh),
# which definitions are private and unreferenced (_orphan, Vault.used), and
# the import cycle loop/a.ts -> loop/b.ts -> loop/sub/c.ts -> loop/a.ts.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
cp -R "$REPO/tests/fixtures/repos/graph" "$TMP/repo"
cd "$TMP/repo"
"$CORTEX" index --quiet . >/dev/null

analysis() { "$CORTEX" analysis "$@" --format text; }
json() { "$CORTEX" analysis "$@" --json; }

expect_eq "symbols by pattern, with reference counts" "symbols:
  Item.price method shop/models.py:2-3 refs 1 (0 from other files)
total_found: 1
total_returned: 1
truncated: false" "$(analysis symbols --pattern '*.price')"

# Item (Discounted(Item), Gift(Item)), Discounted (the annotation and the
# call in cart.py), Handler (the annotation and new Handler() in routes.ts)
expect_eq "symbols by kind and reference count" "symbols:
  Item class shop/models.py:1-3 refs 2 (0 from other files)
  Discounted class shop/models.py:6-8 refs 2 (2 from other files)
  Handler class web/handler.ts:11-15 refs 2 (2 from other files)
total_found: 3
total_returned: 3
truncated: false" "$(analysis symbols --kinds class --ref-count-min 2)"

expect_eq "symbols no reference binds to" '["Gift","Named.name","Quiet","Quiet.__call__","Quiet._fail","Vault","Vault.used","_orphan","audit","main","run","start","total","untouched"]' \
  "$(json symbols --ref-count-max 0 | jq -c '[.symbols[].name] | sort')"
expect_eq "symbols by visibility" '["_orphan","Quiet._fail","Vault.secret","Vault.used"]' \
  "$(json symbols --visibility private | jq -c '[.symbols[].name]')"
expect_eq "symbols under a path" '["a","b","c"]' \
  "$(json symbols --path-prefix loop --kinds function | jq -c '[.symbols[].name]')"
expect_eq "a pattern with a dot matches qualified names" '["Handler.handle"]' \
  "$(json symbols --pattern 'Handler.*' | jq -c '[.symbols[].name]')"

expect_eq "search, ranked, with counts" '[["checkout",2,1]]' \
  "$(json search --pattern checkout | jq -c '[.symbols[] | [.name, .ref_count, .external_ref_count]]')"

expect_eq "summary: languages" \
  '{"python":{"files":5,"lines":58,"symbols":17,"kinds":{"function":9,"class":4,"method":3,"property":1}},"typescript":{"files":5,"lines":49,"symbols":14,"kinds":{"function":5,"method":5,"class":3,"interface":1}}}' \
  "$(json summary | jq -c .languages)"
expect_eq "summary: the largest directories" '[["shop",4,49],["loop",2,10],["web",2,34]]' \
  "$(json summary --top-n 3 | jq -c '[.directories[] | [.path, .files, .lines]]')"
# Ties at the cut are kept in id order: a symbol's id is its file's (path order here) above a hash.
expect_eq "summary: the most referenced" '[["checkout",2],["Item",2],["Discounted",2],["helper",2]]' \
  "$(json summary --top-n 4 | jq -c '[.top_symbols[] | [.name, .ref_count]]')"

expect_eq "package_summary" \
  '{"package":"shop","files":["shop/__init__.py","shop/cart.py","shop/models.py","shop/report.py"],"exported_total":13,"imports":{},"imported_by":{"tools/cli.py":1}}' \
  "$(json package_summary shop | jq -c '{package, files: [.files[].path], exported_total, imports, imported_by}')"

expect_eq "detail" "target: Discounted class shop/models.py:6-8
candidates:
detail: Discounted class shop/models.py:6-8 refs 2 (2 from other files)
  member Discounted.total method 7" "$(analysis detail Discounted)"

expect_eq "detail: the signature's parts, as written" \
  '{"receiver":null,"type_parameters":null,"parameters":["path: string"],"returns":"string"}' \
  "$(json detail Handler.handle | jq -c '.detail | {receiver, type_parameters, parameters, returns}')"
expect_eq "detail: a Go receiver and results" \
  '{"receiver":"m *Memory","parameters":["key string"],"returns":"string"}' \
  "$(cd "$REPO/tests/fixtures/repos/goifaces" && cp -R . "$TMP/go" && cd "$TMP/go" && "$CORTEX" index --quiet . >/dev/null &&
     "$CORTEX" analysis detail Memory.Get --json | jq -c '.detail | {receiver, parameters, returns}')"

expect_eq "type_hierarchy both ways" '{"implements":["Named"],"implemented_by":["Handler"]}' \
  "$(json type_hierarchy Base | jq -c '{implements: [.implements[].name], implemented_by: [.implemented_by[].name]}')"

expect_eq "scope, innermost first" '[["Handler.handle",12,14],["Handler",11,15]]' \
  "$(json scope web/handler.ts:13 | jq -c '[.scopes[] | [.name, .line, .line_end]]')"
expect_eq "scope with a column" '[["Handler.handle",12,14],["Handler",11,15]]' \
  "$(json scope web/handler.ts:13:5 | jq -c '[.scopes[] | [.name, .line, .line_end]]')"

# private and unreferenced; Vault.secret is called (by Vault.used), Gift is
# public, Quiet._fail is aliased in its class body (__call__ = _fail)
expect_eq "unused_symbols" "symbols:
  _orphan function shop/models.py:19-20: no reference or import in the repository reaches it (those bearing its name are bound to other definitions), its package writes it only where the index records it, and its visibility keeps it from code outside this repository
  Vault.used method web/handler.ts:22-24: no reference or import in the repository reaches it (those bearing its name are bound to other definitions), its package writes it only where the index records it, and its visibility keeps it from code outside this repository
total_found: 2
total_returned: 2
truncated: false" "$(analysis unused_symbols | grep -v '^note: ')"

# Go: a package is its directory. An unexported function stored in another
# file's table is used; one nothing names, and a method no call names, are not.
# A method whose name's only call is bound (through its receiver's type) to
# another type's method is unused; one an interface of the package declares
# may implement it, and one another package's directive names (`kv.pulled`)
# is used by the linker, as is one an assembly file beside it jumps to
# (`·fromasm(SB)`): all three are kept.
G="$TMP/gounused"
mkdir -p "$G/kv"
cat >"$G/go.mod" <<'GO'
module example.com/gounused
GO
cat >"$G/kv/a.go" <<'GO'
package kv

type mem struct{ n int }

func helper() {}

func orphan() {}

func (m *mem) get() int { return m.n }

func (m *mem) forgotten() int { return 0 }

type gnu struct{}

func (g *gnu) major() int { return 1 }

type ustar struct{}

func (u *ustar) major() int { return 2 }

type shape interface{ area() int }

type square struct{}

func (s square) area() int { return 1 }

func pulled() {}

func fromasm() {}
GO
cat >"$G/kv/jump_amd64.s" <<'ASM'
TEXT ·jump(SB), 0, $0-0
	JMP ·fromasm(SB)
ASM
cat >"$G/kv/b.go" <<'GO'
package kv

var table = map[string]func(){"h": helper}

func Use(m *mem) int { return m.get() }

func Major(u *ustar) int { return u.major() }

func Area(s shape) int { return s.area() }
GO
mkdir -p "$G/other"
cat >"$G/other/c.go" <<'GO'
package other

import _ "unsafe"

//go:linkname local example.com/gounused/kv.pulled
func local()
GO
expect_eq "unused_symbols in a Go package: a function another file stores is used" "gnu.major kv/a.go 15
mem.forgotten kv/a.go 11
orphan kv/a.go 7" \
  "$(cd "$G" && "$CORTEX" index --quiet . >/dev/null && "$CORTEX" analysis unused_symbols --json | jq -r '.symbols[] | "\(.name) \(.file) \(.line)"' | sort)"

# Its answer is kept with the files and directories it read, and taken again
# only while each is as it was: files the index does not hold (the assembly
# beside) change without a new generation.
gounused() { (cd "$G" && "$CORTEX" analysis unused_symbols --json | jq -r '"\([.symbols[].name] | sort | join(",")) \(.total_found)"'); }
mark_kept() {
  # a kept answer's first line is its JSON; the notes of what it read follow
  for f in "$G"/.cortex/cortex.db-answers/*.json; do
    if head -n 1 "$f" | jq -e '.args.operation == "unused_symbols"' >/dev/null 2>&1; then
      { head -n 1 "$f" | jq -c '.answer.total_found = 99' && tail -n +2 "$f"; } > "$TMP/kept" && mv "$TMP/kept" "$f"
    fi
  done
}
mark_kept
expect_eq "unused_symbols read back while what it read is as it was (the mark put in the kept answer)" \
  "gnu.major,mem.forgotten,orphan 99" "$(gounused)"
printf 'TEXT ·later(SB), 0, $0-0\n\tJMP ·orphan(SB)\n' > "$G/kv/later_amd64.s"
expect_eq "a file come beside (no new generation): computed again, orphan now used" "gnu.major,mem.forgotten 2" "$(gounused)"
mark_kept
sed -i 's/fromasm(SB)/fromasn(SB)/' "$G/kv/jump_amd64.s"
expect_eq "a file it read written in place at its size: computed again, fromasm no longer jumped to" \
  "fromasm,gnu.major,mem.forgotten 3" "$(gounused)"
mark_kept
rm "$G/kv/later_amd64.s"
expect_eq "a file gone: computed again" "fromasm,gnu.major,mem.forgotten,orphan 4" "$(gounused)"
: > "$G/kv/$(printf 'odd\377name.s')" # a name the kept notes cannot hold (not UTF-8)
gounused >/dev/null
mark_kept
expect_eq "an answer that read a path JSON cannot hold is not kept" "fromasm,gnu.major,mem.forgotten,orphan 4" "$(gounused)"
rm "$G/kv/$(printf 'odd\377name.s')"

# Under `cortex mcp`, whose watch sees each change in the tree, a kept answer
# whose files were found as they are is not examined again until something
# changes; a file it read, edited just before a call, is still seen.
mkfifo "$TMP/mcp-in"
"$CORTEX" mcp --root "$G" --no-index < "$TMP/mcp-in" > "$TMP/mcp-out" 2> "$TMP/mcp-err" & mpid=$!
exec 4> "$TMP/mcp-in"
printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' >&4
echo 0 > "$TMP/mcp-calls"
mcp_unused() { # unused_symbols through the server: the names and the total (run in a subshell: ids from a file)
  local calls=$(($(cat "$TMP/mcp-calls") + 1))
  echo "$calls" > "$TMP/mcp-calls"
  printf '{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"analysis","arguments":{"operation":"unused_symbols"}}}\n' \
    "$calls" >&4
  local i
  for i in $(seq 1 400); do
    jq -e --argjson n "$calls" 'select(.id == $n)' "$TMP/mcp-out" > /dev/null 2>&1 && break
    sleep 0.05
  done
  jq -r --argjson n "$calls" 'select(.id == $n) | .result.structuredContent
    | "\([.symbols[].name] | sort | join(",")) \(.total_found)"' "$TMP/mcp-out"
}
sleep "$TIMEOUT_SCALE" # the watch in place (were it not, each call examines the files: the same answers)
expect_eq "under cortex mcp: unused_symbols" "fromasm,gnu.major,mem.forgotten,orphan 4" "$(mcp_unused)"
mcp_unused > /dev/null # its files found as they are
mark_kept
expect_eq "under cortex mcp: the kept answer taken again, nothing changed" "fromasm,gnu.major,mem.forgotten,orphan 99" "$(mcp_unused)"
expect_eq "under cortex mcp: and again" "fromasm,gnu.major,mem.forgotten,orphan 99" "$(mcp_unused)"
sed -i 's/fromasn(SB)/fromasm(SB)/' "$G/kv/jump_amd64.s"
expect_eq "under cortex mcp: a file it read, edited just before the call: computed again" \
  "gnu.major,mem.forgotten,orphan 3" "$(mcp_unused)"
mark_kept
printf '\n' >> "$G/kv/jump_amd64.s" # written in place
expect_eq "under cortex mcp: a file it read, written in place just before the call: computed again" \
  "gnu.major,mem.forgotten,orphan 3" "$(mcp_unused)"
exec 4>&-
wait "$mpid"
# A server looks at the kept answers' files once its watch is in place, not
# at its first call: the answer kept last above is found current at start,
# and one whose file was edited while no server ran is not.
mcp_start_checks() {
  : > "$TMP/mcp-err2"
  rm -f "$TMP/mcp-in2" && mkfifo "$TMP/mcp-in2"
  "$CORTEX" mcp --root "$G" --no-index < "$TMP/mcp-in2" > /dev/null 2> "$TMP/mcp-err2" &
  local pid=$! i
  exec 5> "$TMP/mcp-in2" # held open: the server runs until it is closed
  for i in $(seq 1 400); do grep -q 'kept answers current' "$TMP/mcp-err2" && break; sleep 0.05; done
  exec 5>&-
  wait "$pid" 2>/dev/null
  grep -o 'kept answers current: [0-9]* of [0-9]*' "$TMP/mcp-err2" || echo none
}
expect_eq "a new server finds the kept answer current once its watch is in place" "kept answers current: 1 of 1" \
  "$(mcp_start_checks)"
printf '\n' >> "$G/kv/jump_amd64.s"
expect_eq "and not after a file it read was edited with no server running" "kept answers current: 0 of 1" \
  "$(mcp_start_checks)"

# C: two files' static functions of one name, the call in a.c bound (scoped)
# to a.c's, so it cannot reach c.c's, which nothing calls; and what the
# index cannot see used but is: a name a macro pastes (an argument, a macro's
# value), an inline stub beside its prototype in a header, a name in an
# importer's macro body or function table, a call a brace-less loop macro
# hides. gone_inline is the header's one unused definition.
C="$TMP/cunused"
mkdir -p "$C"
printf 'static int foo(void) { return 1; }\nint main(void) { return foo(); }\n' > "$C/a.c"
printf 'static int foo(void) { return 2; }\nstatic int kept(void) { return foo(); }\nint (*use)(void) = kept;\n' > "$C/b.c"
printf 'static int foo(void) { return 3; }\n' > "$C/c.c"
cat > "$C/show.c" <<'SRC'
#define SHOW(name) int (*name##_fp)(void) = name##_show
#define KIND hash_ip4
#define FN(k, s) k##s
static int status_show(void) { return 0; }
SHOW(status);
static int hash_ip4_kadt(void) { return 0; }
int (*kadt)(void) = FN(KIND, _kadt);
static void walk(int n) { }
static void run(void)
{
	int i;
	for_each_cpu(i)
		walk(i);
}
int (*runner)(void) = run;
SRC
cat > "$C/util.h" <<'SRC'
#ifdef CONFIG_STUB
int helper(void);
#else
static inline int helper(void) { return 0; }
#endif
static inline int in_macro(int x) { return x; }
static inline int in_table(void) { return 1; }
static inline int gone_inline(void) { return 2; }
SRC
cat > "$C/user.c" <<'SRC'
#include "util.h"
#define WRAP(x) in_macro(x)
struct ops { int (*fn)(void); };
static struct ops table = { .fn = in_table };
int user(void) { return helper() + WRAP(1) + table.fn(); }
SRC
printf 'STATE(SOFT)\nSTATE(HARD)\n' > "$C/states.h"
cat > "$C/verbose.c" <<'SRC'
static int SOFT_verbose(void) { return 0; }
static int HARD_verbose(void) { return 1; }
#define STATE(s) int (*s##_fp)(void) = s##_verbose;
#include "states.h"
SRC
expect_eq "unused_symbols in C: a static function whose name's calls are bound to other files' definitions; nothing the macros may use" \
  "foo c.c 1
gone_inline util.h 8" \
  "$(cd "$C" && "$CORTEX" index --quiet . >/dev/null && "$CORTEX" analysis unused_symbols --json | jq -r '.symbols[] | "\(.name) \(.file) \(.line)"' | sort)"

expect_eq "hotspots" '{"in":[["checkout",2],["helper",2]],"out":[["checkout",2],["main",2]]}' \
  "$(json hotspots --top-n 2 | jq -c '{in: [.fan_in[] | [.name, .ref_count]], out: [.fan_out[] | [.name, .calls_made]]}')"

expect_eq "circular_dependencies" "file_cycles:
  loop/a.ts -> loop/b.ts -> loop/sub/c.ts
directory_cycles:
  loop/sub -> loop
file_cycles_total: 1
directory_cycles_total: 1
truncated: false" "$(analysis circular_dependencies)"

expect_eq "dependency_graph" '[["loop","loop/sub",1],["loop/sub","loop",1],["tools","shop",1]]' \
  "$(json dependency_graph | jq -c '[.edges[] | [.from, .to, .imports]]')"
expect_eq "dependency_graph's page: the heaviest edge and the largest directory, with the totals" \
  '[["loop","loop/sub",2]]|3|[["shop",4,49]]|5|true' \
  "$(printf 'import { c } from "./sub/c";\nexport const again = c;\n' > loop/z.ts; "$CORTEX" index --quiet . >/dev/null
     json dependency_graph --max-results 1 | jq -c '[.edges[] | [.from, .to, .imports]], .edges_total, [.directories[] | [.path, .files, .lines]], .directories_total, .truncated' | paste -sd'|')"
expect_eq "package_summary's page: the first file, the most counted importers (the first path among equals), the totals" \
  '{"files":["loop/sub/c.ts"],"files_total":1,"imported_by":{"loop/b.ts":1},"imported_by_total":2,"truncated":true}' \
  "$(json package_summary loop/sub --max-results 1 | jq -c '{files: [.files[].path], files_total, imported_by, imported_by_total, truncated}')"

# Whole-repository answers are kept for the next call on the same index (.cortex/cortex.db-answers/)
# The highest bounds found first (store/ref_bounds.c) against one pass over
# every definition, on a repository whose names are referenced 2 to 18
# times: with 1, 2, 4 or 6 names kept, the definitions bounded above the cut
# come first (none, then some, then more), then the rest; each answer must be
# the one pass's.
mkdir -p "$TMP/rank/pkg"
cd "$TMP/rank"
: >pkg/__init__.py
for i in 1 2 3 4 5 6 7 8 9; do printf 'def f%d():\n    return %d\n\n' "$i" "$i" >>pkg/lib.py; done
{
    echo "from pkg.lib import f1, f2, f3, f4, f5, f6, f7, f8, f9"
    echo "def use():"
    for i in 1 2 3 4 5 6 7 8 9; do for _ in $(seq 1 $((i * i % 11 + 1))); do echo "    f$i()"; done; done
} >pkg/main.py
{
    printf 'def g():\n    return 0\n'
    for i in 1 2 3; do
        echo "def h$i():"
        for _ in $(seq 1 $((i * 3))); do echo "    g()"; done
    done
} >pkg/other.py
"$CORTEX" index --quiet . >/dev/null
for ask in "summary --top-n 2" "summary --top-n 5" "hotspots --top-n 1" "hotspots --top-n 3" "hotspots --top-n 6" \
    "hotspots --top-n 4 --path-prefix pkg/lib.py"; do
    rm -rf .cortex/cortex.db-answers
    one_pass=$(json $ask | jq -c 'del(.index)')
    for kept in 1 2 4 6; do
        rm -rf .cortex/cortex.db-answers
        expect_eq "$ask: the highest bounds first ($kept names kept) as one pass" "$one_pass" \
            "$(CORTEX_RANK_NAMES_KEPT=$kept json $ask | jq -c 'del(.index)')"
    done
done
expect_eq "the names referenced most, ranked" '[["g",18],["f3",10],["f8",10]]' \
    "$(json hotspots --top-n 3 | jq -c '[.fan_in[] | [.name, .ref_count]]')"
cd "$TMP/repo"

hot() { json hotspots --top-n 2 | jq -c '[.fan_in[] | [.name, .ref_count]]'; }
kept() { find .cortex/cortex.db-answers -name '*.json' | wc -l; }
expect_eq "hotspots' answer kept, and the same when read back" '[["checkout",2],["helper",2]]|[["checkout",2],["helper",2]]' \
  "$(hot)|$(hot)"
before=$(kept)
json unused_symbols >/dev/null
expect_eq "unused_symbols' answer is kept too, with the files it read" "$((before + 1))" "$(kept)"
for f in .cortex/cortex.db-answers/*.json; do echo '{"store_id":' > "$f"; done
expect_eq "a damaged kept answer is computed again" '[["checkout",2],["helper",2]]' "$(hot)"
printf 'from shop.models import helper\n\n\ndef again():\n    return helper()\n' > tools/again.py
"$CORTEX" index --quiet . >/dev/null
expect_eq "a new generation computes the answer again: helper has a third caller" '[["helper",3],["checkout",2]]' "$(hot)"
for f in .cortex/cortex.db-answers/*.json; do
  if jq -e . "$f" >/dev/null 2>&1; then jq -c '.build = "another" | .answer.fan_in = []' "$f" > "$TMP/kept" && mv "$TMP/kept" "$f"; fi
done
expect_eq "an answer another build of cortex kept is computed again" '[["helper",3],["checkout",2]]' "$(hot)"

expect_status "an unknown operation is refused" 1 "$CORTEX" analysis nope
expect_status "detail without a target is refused" 1 "$CORTEX" analysis detail
grep -q 'needs `target`' "$TMP/err" && pass "the refusal names target" || fail "the refusal names target"
expect_status "scope without a line is refused" 1 "$CORTEX" analysis scope shop/cart.py
expect_status "a path_prefix outside the root is refused" 1 "$CORTEX" analysis symbols --path-prefix ../..

finish
