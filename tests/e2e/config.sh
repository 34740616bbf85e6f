#!/usr/bin/env bash
# The configuration end to end: `cortex config check`, an invalid file stops
# `cortex index` before anything is written, and each pipeline key changes
# what is indexed (include/exclude globs, enabled plugins, extension
# overrides, the line-length limit, sinks, named pipelines), and the MCP
# server hides the tool groups it disables and serves the tool profile it names.
. "$(dirname "$0")/lib.sh"
CORTEX=$1

R="$TMP/repo"
mkdir -p "$R/.cortex"
copy_fixture "$R" --no-ignore-files
git -C "$R" init -q
paths() { jq -r '"\(.path) \(.lang)"' "$R/.cortex/index/files.jsonl" | xargs; }

expect_status "config check without a file exits 0" 0 "$CORTEX" config check "$R"
expect_eq "config check prints the built-in defaults" "(built-in defaults) 1048576 16384 sqlite,jsonl,chunks" \
  "$("$CORTEX" config check "$R" --json | jq -r '"\(.source) \(.pipelines.default.limits.max_file_size) \(.pipelines.default.limits.max_line_length) \(.pipelines.default.sinks | join(","))"')"

printf 'version: 1\npipelines:\n  default:\n    threads: many\n' > "$R/.cortex/config.yml"
expect_status "an invalid file: config check exits 1" 1 "$CORTEX" config check "$R"
expect_eq "the error names file, line, column and key" \
  "cortex config: $R/.cortex/config.yml:4:14: pipelines.default.threads: expected an integer, got \"many\"" "$(cat "$TMP/err")"
expect_status "an invalid file: index exits 2" 2 "$CORTEX" index "$R"
[ ! -e "$R/.cortex/cortex.db" ] && [ ! -e "$R/.cortex/index" ] && pass "an invalid file: nothing written" || fail "an invalid file: nothing written"

cat > "$R/.cortex/config.yml" <<'YAML'
version: 1
pipelines:
  default:
    exclude: ["venv/**", "src/keep_*.py"]
    extensions: {".h": markdown}
  code:
    include: ["src/"]
    plugins: [python]
    sinks: [jsonl]
mcp:
  disable: [graph]
YAML
expect_status "a valid file: index exits 0" 0 "$CORTEX" index --quiet "$R"
expect_eq "exclude globs and an extension override" \
  "README.md markdown lib/point.c c lib/point.h markdown src/app.py python src/util.py python" "$(paths)"
expect_status "--pipeline code" 0 "$CORTEX" index --quiet --pipeline code --full "$R"
expect_eq "include globs and enabled plugins" "src/app.py python src/keep_gen.py python src/util.py python" "$(paths)"
expect_status "an unknown pipeline exits 2" 2 "$CORTEX" index --pipeline nope "$R"
expect_eq "an unknown pipeline names the defined ones" \
  "cortex index: $R/.cortex/config.yml: no pipeline named \"nope\" (defined: default, code)" "$(cat "$TMP/err")"

# A minified file (one line over the limit) is skipped, with the reason.
printf 'version: 1\npipelines:\n  default:\n    limits: {max_line_length: 200}\n' > "$R/.cortex/config.yml"
python3 -c "print('x = [' + ', '.join(str(i) for i in range(200)) + ']')" > "$R/src/minified.py"
"$CORTEX" index --json "$R" > "$TMP/out.json"
expect_eq "a line over the limit: skipped with the reason" \
  "src/minified.py: a line longer than the limit (minified or generated; limits.max_line_length)" \
  "$(jq -r '.skipped[] | "\(.path): \(.reason)"' "$TMP/out.json")"

# A pipeline naming a plugin that is not loaded is an error, before anything runs.
printf 'pipelines:\n  default:\n    plugins: [cobol]\n' > "$R/.cortex/config.yml"
expect_status "an unknown plugin exits 1" 1 "$CORTEX" index "$R"
expect_eq "an unknown plugin is named" "pipeline \"default\" names plugin \"cobol\", which is not loaded" \
  "$(sed -e 's/^cortex index: //' -e 's/ (loaded: .*//' "$TMP/err")"

# The MCP server hides the groups the configuration disables.
printf 'mcp:\n  disable: [graph]\n' > "$R/.cortex/config.yml"
echo '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' | "$CORTEX" mcp --root "$R" > "$TMP/mcp.out" 2>/dev/null
expect_eq "mcp.disable hides the graph tools" "explore search query evidence_pack expand get_file_symbols get_children get_imports memory memory_delete flush_index" \
  "$(jq -r '[.result.tools[].name] | join(" ")' "$TMP/mcp.out")"

# mcp.tools: core serves the core profile; --tools overrides the configuration.
list_tools() { echo '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' | "$CORTEX" mcp --root "$R" "$@" 2>/dev/null |
  jq -r '[.result.tools[].name] | join(" ")'; }
printf 'mcp:\n  tools: core\n' > "$R/.cortex/config.yml"
expect_eq "mcp.tools core: the core tools" "explore search query evidence_pack expand get_file_symbols graph" "$(list_tools)"
echo '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_callers","arguments":{"name":"x"}}}' |
  "$CORTEX" mcp --root "$R" > "$TMP/mcp.out" 2>/dev/null
expect_eq "mcp.tools core: a tool outside the profile is refused" "-32602 Invalid params: unknown tool \"get_callers\"" \
  "$(jq -r '"\(.error.code) \(.error.message)"' "$TMP/mcp.out")"
expect_eq "--tools full over mcp.tools core: every tool" 15 "$(list_tools --tools full | wc -w)"
printf 'mcp:\n  tools: core\n  disable: [graph]\n' > "$R/.cortex/config.yml"
expect_eq "mcp.tools core and mcp.disable together" "explore search query evidence_pack expand get_file_symbols" "$(list_tools)"
expect_eq "config check shows mcp.tools" "core" "$("$CORTEX" config check "$R" --json | jq -r .mcp.tools)"
rm "$R/.cortex/config.yml"
expect_eq "mcp.tools is full by default" "full" "$("$CORTEX" config check "$R" --json | jq -r .mcp.tools)"
expect_eq "--tools core without a configuration" "explore search query evidence_pack expand get_file_symbols graph" \
  "$(list_tools --tools core)"
expect_status "--tools with an unknown profile exits 2" 2 "$CORTEX" mcp --root "$R" --tools all
expect_eq "an unknown profile is named, with the known ones" "cortex mcp: unknown tool profile 'all' (profiles: full, core)" \
  "$(cat "$TMP/err")"
printf 'mcp:\n  tools: all\n' > "$R/.cortex/config.yml"
expect_status "mcp.tools all: config check exits 1" 1 "$CORTEX" config check "$R"
expect_eq "mcp.tools all: the error names the position and the profiles" \
  "cortex config: $R/.cortex/config.yml:2:10: mcp.tools: unknown value \"all\" (one of: full, core)" "$(cat "$TMP/err")"
rm "$R/.cortex/config.yml"

finish
