#!/usr/bin/env bash
# The SDK as a third party sees it: install cortex into a temporary prefix,
# check the header compiles as C99 -pedantic and as C++, build the example
# plugin out of tree with find_package(Cortex) and again with pkg-config, and
# load both into the installed cortex.
. "$(dirname "$0")/lib.sh"
BUILD=$2
PREFIX="$TMP/prefix"

cmake --install "$BUILD" --prefix "$PREFIX" >"$TMP/install.log" 2>&1 && pass "cmake --install" || { fail "cmake --install"; cat "$TMP/install.log"; }
for f in bin/cortex lib/cortex/plugins/python.so lib/cortex/plugins/c.so lib/cortex/plugins/markdown.so \
         include/cortex/plugin.h lib/cmake/Cortex/CortexConfig.cmake lib/cmake/Cortex/CortexPlugin.cmake \
         lib/pkgconfig/cortex-plugin.pc; do
  [ -e "$PREFIX/$f" ] && pass "installed $f" || fail "installed $f"
done

# The installed binary finds the installed plugins relative to itself.
expect_eq "installed cortex loads its plugins" "$ALL_PLUGINS" \
  "$("$PREFIX/bin/cortex" plugins --json | jq -r '[.plugins[].name] | sort | join(" ")')"

# The header alone: strict C99 and C++.
printf '#include <cortex/plugin.h>\nint main(void) { return (int)sizeof(cortex_plugin) > 0 ? 0 : 1; }\n' > "$TMP/h.c"
cp "$TMP/h.c" "$TMP/h.cpp"
gcc -std=c99 -pedantic -Wall -Wextra -Werror -I"$PREFIX/include" -c "$TMP/h.c" -o "$TMP/h.o" && pass "header is C99 -pedantic clean" || fail "header is C99 -pedantic clean"
if command -v g++ >/dev/null; then
  g++ -std=c++11 -pedantic -Wall -Wextra -Werror -I"$PREFIX/include" -c "$TMP/h.cpp" -o "$TMP/hpp.o" && pass "header compiles as C++" || fail "header compiles as C++"
fi

JSON_SRC="$REPO/node_modules/tree-sitter-json/src"
EXAMPLE="$REPO/sdk/examples/json"
if cmake -S "$EXAMPLE" -B "$TMP/example" -DCMAKE_PREFIX_PATH="$PREFIX" -DTREE_SITTER_JSON_SRC="$JSON_SRC" >"$TMP/ex.log" 2>&1 &&
   cmake --build "$TMP/example" >>"$TMP/ex.log" 2>&1; then pass "example builds with find_package(Cortex)"; else
  fail "example builds with find_package(Cortex)"; tail -30 "$TMP/ex.log"; fi

expect_eq "installed cortex lists the example plugin" "json 1.0.0" \
  "$(CORTEX_PLUGIN_PATH="$TMP/example" "$PREFIX/bin/cortex" plugins --json | jq -r '.plugins[] | select(.name=="json") | "\(.name) \(.version)"')"
(cd "$EXAMPLE" && CORTEX_PLUGIN_PATH="$TMP/example" "$PREFIX/bin/cortex" extract sample.json) > "$TMP/json.out"
expect_eq "example plugin extracts sample.json" "$(cat "$EXAMPLE/expected.jsonl")" "$(cat "$TMP/json.out")"

# The Lua plugin of docs/writing-a-plugin.md, from the installed SDK alone,
# loaded by the installed cortex and run on its golden cases.
LUA_SRC="$REPO/node_modules/@tree-sitter-grammars/tree-sitter-lua/src"
LUA="$REPO/sdk/examples/lua"
if cmake -S "$LUA" -B "$TMP/lua" -DCMAKE_PREFIX_PATH="$PREFIX" -DTREE_SITTER_LUA_SRC="$LUA_SRC" >"$TMP/lua.log" 2>&1 &&
   cmake --build "$TMP/lua" >>"$TMP/lua.log" 2>&1; then pass "lua example builds against the installed SDK"; else
  fail "lua example builds against the installed SDK"; tail -30 "$TMP/lua.log"; fi
expect_eq "installed cortex loads the lua plugin" "lua 1.0.0 .lua" \
  "$(CORTEX_PLUGIN_PATH="$TMP/lua" "$PREFIX/bin/cortex" plugins --json | jq -r '.plugins[] | select(.name=="lua") | "\(.name) \(.version) \(.extensions | join(" "))"')"
for case in "$LUA"/tests/*/; do
  name=$(basename "$case")
  (cd "$case" && CORTEX_PLUGIN_PATH="$TMP/lua" "$PREFIX/bin/cortex" extract input.lua) > "$TMP/lua-$name.out" 2>&1
  expect_eq "lua golden case $name" "$(cat "$case/expected.jsonl")" "$(cat "$TMP/lua-$name.out")"
done

# The same plugin built by hand with pkg-config only.
mkdir -p "$TMP/pc/gen"
cmake -DOUT="$TMP/pc/gen/json_queries.h" -DINPUTS="$EXAMPLE/queries/tags.scm" -P "$PREFIX/lib/cmake/Cortex/EmbedQueries.cmake"
if gcc -shared $(PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig" pkg-config --cflags cortex-plugin) -I"$TMP/pc/gen" -I"$JSON_SRC" \
     "$EXAMPLE/plugin.c" "$JSON_SRC/parser.c" -o "$TMP/pc/json.so" 2>"$TMP/pc.log"; then
  pass "example builds with pkg-config"; else fail "example builds with pkg-config"; cat "$TMP/pc.log"; fi
# Hidden visibility: only the entry point, and the grammar function its
# parser.c marks public itself, leave the object (RTLD_LOCAL keeps even that private).
expect_eq "pkg-config build exports only the entry point and the grammar" "cortex_plugin_v1 tree_sitter_json" \
  "$(nm -D --defined-only "$TMP/pc/json.so" | awk '$2=="T"{print $3}' | sort | xargs)"
expect_eq "pkg-config plugindir" "$(realpath "$PREFIX/lib/cortex/plugins")" \
  "$(realpath "$(PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig" pkg-config --variable=plugindir cortex-plugin)")"

finish
