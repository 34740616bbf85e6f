#!/usr/bin/env bash
# The graph tool through the CLI on tests/fixtures/repos/graph (Python and
# TypeScript): every operation's whole answer, as compact text (names, kinds,
# places, depths by indentation, the edge each node was reached through and
# its binding), the context read from disk, target resolution (Class.method,
# a bare name with several definitions, file:line, a directory, a misspelt
# name) and bad input. Each expectation follows from the fixture's source by
# the language's rules, noted beside it. Each level is listed by file, then line.
. "$(dirname "$0")/lib.sh"
CORTEX=$1
cp -R "$REPO/tests/fixtures/repos/graph" "$TMP/repo"
cd "$TMP/repo"
"$CORTEX" index --quiet . >/dev/null

graph() { "$CORTEX" graph "$@" --format text --include-context false; }

# self.price() in Discounted.total is Item's (inherited); checkout's d is
# declared Discounted; main and report call checkout (same file, import).
expect_eq "callers to depth 3" "callers Item.price method shop/models.py:2-3
Discounted.total method shop/models.py:7-8 via shop/models.py:8 call [inherit]
  checkout function shop/cart.py:4-5 via shop/cart.py:5 call [type]
    main function shop/cart.py:8-9 via shop/cart.py:9 call [scoped]
    report function shop/report.py:4-5 via shop/report.py:5 call [import]
4 of 4" "$(graph callers Item.price --depth 3)"

# Discounted() is a call of the class; helper comes from the import.
expect_eq "callees to depth 3" "callees main function shop/cart.py:8-9
checkout function shop/cart.py:4-5 via shop/cart.py:9 call [scoped]
Discounted class shop/models.py:6-8 via shop/cart.py:9 call [import]
  Discounted.total method shop/models.py:7-8 via shop/cart.py:5 call [type]
  helper function shop/models.py:15-16 via shop/cart.py:5 call [import]
    Item.price method shop/models.py:2-3 via shop/models.py:8 call [inherit]
5 of 5" "$(graph callees main --depth 3)"

expect_eq "callers to depth 1 only" "callers checkout function shop/cart.py:4-5
main function shop/cart.py:8-9 via shop/cart.py:9 call [scoped]
report function shop/report.py:4-5 via shop/report.py:5 call [import]
2 of 2" "$(graph callers checkout)"

# every kind: the annotation is a type reference, Discounted() a call
# order.total() in tools/cli.py: a receiver of unknown type; never an edge
expect_eq "an ambiguous reference is listed apart, never a node" "callers Discounted.total method shop/models.py:7-8
checkout function shop/cart.py:4-5 via shop/cart.py:5 call [type]
ambiguous: tools/cli.py:9 call total in audit [ambiguous]
1 of 1" "$(graph callers Discounted.total)"

expect_eq "references of every kind" "references Discounted class shop/models.py:6-8
checkout function shop/cart.py:4-5 via shop/cart.py:4 type [import]
main function shop/cart.py:8-9 via shop/cart.py:9 call [import]
2 of 2" "$(graph references Discounted)"

expect_eq "type_usages" "type_usages Discounted class shop/models.py:6-8
checkout function shop/cart.py:4-5 via shop/cart.py:4 type [import]
1 of 1" "$(graph type_usages Discounted)"

expect_eq "implementations" "implementations Item class shop/models.py:1-3
Discounted class shop/models.py:6-8 via shop/models.py:6 inherit [scoped]
Gift class shop/models.py:11-12 via shop/models.py:11 inherit [scoped]
2 of 2" "$(graph implementations Item)"

# TypeScript: Handler extends Base, which implements Named
expect_eq "implements, transitively" "implements Handler class web/handler.ts:11-15
Base class web/handler.ts:5-9 via web/handler.ts:11 inherit [scoped]
  Named interface web/handler.ts:1-3 via web/handler.ts:5 inherit [scoped]
2 of 2" "$(graph implements Handler --depth 2)"

expect_eq "an interface's implementations" "implementations Named interface web/handler.ts:1-3
Base class web/handler.ts:5-9 via web/handler.ts:5 inherit [scoped]
1 of 1" "$(graph implementations Named)"

# h: Handler, so h.handle() is Handler's; start calls route
expect_eq "TypeScript callers" "callers Handler.handle method web/handler.ts:12-14
route function web/routes.ts:3-5 via web/routes.ts:4 call [type]
  start function web/routes.ts:7-9 via web/routes.ts:8 call [scoped]
2 of 2" "$(graph callers Handler.handle --depth 2)"

expect_eq "impact: callers by severity, dependent files" "impact checkout function shop/cart.py:4-5
main function shop/cart.py:8-9 direct via shop/cart.py:9 call [scoped]
report function shop/report.py:4-5 direct via shop/report.py:5 call [import]
  run function tools/cli.py:4-5 transitive via tools/cli.py:5 call [import]
shop/report.py file direct
4 of 4" "$(graph impact checkout --depth 2)"
expect_eq "impact groups" '{"callers":3,"value_users":0,"type_users":0,"implementations":0,"dependents":1}' \
  "$("$CORTEX" graph impact checkout --depth 2 --json | jq -c .groups)"

expect_eq "path" "path report function shop/report.py:4-5
checkout function shop/cart.py:4-5 via shop/report.py:5 call [import]
  Discounted.total method shop/models.py:7-8 via shop/cart.py:5 call [type]
    Item.price method shop/models.py:2-3 via shop/models.py:8 call [inherit]
3 of 3" "$(graph path report --to Item.price --depth 5)"
expect_eq "no path" "path untouched function shop/report.py:8-9
0 of 0; no call path within depth 5" "$(graph path untouched --to Item.price --depth 5)"
expect_eq "a path longer than the depth is not found" "false" \
  "$("$CORTEX" graph path report --to Item.price --depth 2 --json | jq -c .found)"

expect_eq "dependencies of a directory" "dependencies tools directory
shop/report.py file
  shop/cart.py file
    shop/models.py file
3 of 3" "$(graph dependencies tools --depth 3)"
expect_eq "dependents of a directory: files outside it" "dependents shop directory
tools/cli.py file
1 of 1" "$(graph dependents shop --depth 2)"
expect_eq "dependents of a file" "dependents shop/cart.py file
shop/report.py file
  tools/cli.py file
2 of 2" "$(graph dependents shop/cart.py --depth 2)"

# the bare name `total` is both a function and Discounted's method: the exact
# qualified name wins, the other is a candidate
expect_eq "definition, with candidates" "definition total function shop/cart.py:12-13
also: Discounted.total shop/models.py:7
total function shop/cart.py:12-13
1 of 1" "$(graph definition total)"
expect_eq "definition's source, read from disk" '"def total():\n    return 0"' \
  "$("$CORTEX" graph definition total --json | jq -c '.nodes[0].source')"

expect_eq "file:line names the definition there" "callers checkout function shop/cart.py:4-5
main function shop/cart.py:8-9 via shop/cart.py:9 call [scoped]
report function shop/report.py:4-5 via shop/report.py:5 call [import]
2 of 2" "$(graph callers shop/cart.py:5)"
expect_eq "a misspelt name: empty, with the names near it" "callers (no match)
did you mean: Item.price
0 of 0" "$(graph callers Itme.price)"

expect_eq "each edge's context, from disk" \
  '{"name":"main","depth":1,"line":9,"context":"def main():\n    return checkout(Discounted())","context_line":8}' \
  "$("$CORTEX" graph callers checkout --context-lines 1 --json | jq -c '.nodes[0] | {name, depth, line: .edge.line, context: .edge.context, context_line: .edge.context_line}')"
expect_eq "a limit cuts and says where" '{"total_found":2,"total_returned":1,"truncated":true,"truncated_at_depth":1}' \
  "$("$CORTEX" graph callers checkout --max-per-level 1 --json | jq -c '{total_found, total_returned, truncated, truncated_at_depth}')"
expect_eq "depth over the cap is clamped, with a note" '"depth 11 is over the cap: walked to 10"' \
  "$("$CORTEX" graph callers checkout --depth 11 --json | jq -c .note)"

# Go: interfaces are implicit. Memory has Get and Put (pointer receivers);
# ReadOnly embeds Memory, so its method set has them too; Other and Cache
# have Get; Cache's Put is declared in another file; Store embeds Getter
# (said in its body); the empty interface lists nothing.
cp -R "$REPO/tests/fixtures/repos/goifaces" "$TMP/go"
(cd "$TMP/go" && "$CORTEX" index --quiet . >/dev/null)
gograph() { (cd "$TMP/go" && "$CORTEX" graph "$@" --format text --include-context false); }
expect_eq "Go: an interface's implementations by method set" "implementations Getter interface kv/store.go:3-5
Cache struct kv/cache.go:3
Store interface kv/store.go:7-10 via kv/store.go:8 inherit [scoped]
Memory struct kv/store.go:12-14
ReadOnly struct kv/store.go:20-22
Other struct kv/store.go:24
5 of 5" "$(gograph implementations Getter)"
expect_eq "Go: every method of the interface, wherever declared" "implementations Store interface kv/store.go:7-10
Cache struct kv/cache.go:3
Memory struct kv/store.go:12-14
ReadOnly struct kv/store.go:20-22
3 of 3" "$(gograph implementations Store)"
expect_eq "Go: what a type implements, promoted methods included" "implements ReadOnly struct kv/store.go:20-22
Getter interface kv/store.go:3-5
Store interface kv/store.go:7-10
Memory struct kv/store.go:12-14 via kv/store.go:21 inherit [scoped]
3 of 3" "$(gograph implements ReadOnly)"
expect_eq "Go: the empty interface lists nothing" "implementations Empty interface kv/store.go:28
0 of 0" "$(gograph implementations Empty)"
expect_eq "Go: a node found by method set says so" '"method set"' \
  "$(cd "$TMP/go" && "$CORTEX" graph implementations Store --json | jq -c '.nodes[0].via')"

expect_status "an unknown operation is refused" 1 "$CORTEX" graph nope checkout
grep -q 'must be one of "definition", "references"' "$TMP/err" && pass "the refusal lists the operations" ||
  fail "the refusal lists the operations"
expect_status "path without to is refused" 1 "$CORTEX" graph path report
grep -q 'needs `to`' "$TMP/err" && pass "the refusal names to" || fail "the refusal names to"
expect_status "callers of a file is refused" 1 "$CORTEX" graph callers shop/cart.py
expect_status "a path outside the root is refused" 1 "$CORTEX" graph dependencies ../../etc/passwd

finish
