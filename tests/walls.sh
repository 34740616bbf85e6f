#!/usr/bin/env bash
# The walls between cortex's layers, checked on the source tree (docs/architecture.md, "Walls"):
#   plugins  files under plugins/ include only the SDK (<cortex/...>), their own generated
#            <plugin>_queries.h, system headers, and sibling code their plugin.cmake declares
#   names    nothing in core/ names a language (comments aside; string literals count)
#   sql      no file outside core/store/ holds SQL against the store's schema
#   tools    tool handlers (core/tools/) know no protocol: nothing from core/mcp/, no JSON-RPC
#   serving  core/serve/ and core/store/ include nothing from core/mcp/ or core/http/
# Each offence is printed as file:line: what. Checks named in CORTEX_WALLS_PENDING
# (e.g. "names sql") are printed but do not fail the run: a wall being rebuilt.
# Usage: tests/walls.sh [ROOT]    (default: this checkout)
#        tests/walls.sh --self-test  (each check must catch a planted offence)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)

# strip FILE...: every line as "file:line:code", with C comments blanked (block
# comments across lines, line comments) and string and character literals kept.
strip() {
  awk '
    FNR == 1 { in_comment = 0 }
    {
      line = $0; out = ""; n = length(line); i = 1; in_str = 0
      while (i <= n) {
        c = substr(line, i, 1); two = substr(line, i, 2)
        if (in_comment) {
          if (two == "*/") { in_comment = 0; out = out " "; i += 2 } else i++
          continue
        }
        if (in_str) {
          out = out c
          if (c == "\\") { out = out substr(line, i + 1, 1); i += 2; continue }
          if (c == quote) in_str = 0
          i++; continue
        }
        if (two == "/*") { in_comment = 1; i += 2; continue }
        if (two == "//") break
        if (c == "\"" || c == "\047") { in_str = 1; quote = c }
        out = out c; i++
      }
      sub(/[ \t]+$/, "", out)
      printf "%s:%d:%s\n", FILENAME, FNR, out
    }' "$@"
}

# sources DIR...: the C sources and headers under each DIR, sorted, one a line.
sources() {
  local d
  for d in "$@"; do [ -d "$d" ] && find "$d" -type f \( -name '*.c' -o -name '*.h' \); done | LC_ALL=C sort
}

# Angle-bracket headers a plugin may include: the SDK, or a header the C compiler finds in
# its own system directories.
system_dirs() {
  { ${CC:-cc} -xc -E -v /dev/null 2>&1 || true; } |
    sed -n '/#include <...> search starts here:/,/End of search list./p' | sed -n 's/^ //p'
  echo /usr/include
}

# ---- the checks: each prints its offences, one a line ------------------------

check_plugins() {
  local root=$1 f dir lang cm line target ok sysdirs
  sysdirs=$(system_dirs)
  # A plugin.cmake's SCANNER file is grammar code, compiled into the grammar's
  # library around the grammar's own scanner.c (a mend of third-party code), not
  # into the plugin: the SDK wall is not its wall.
  local scanners
  scanners=$(cat "$root"/plugins/*/plugin.cmake 2>/dev/null | grep -oE 'SCANNER +"\$\{CMAKE_CURRENT_SOURCE_DIR\}/[^"]+"' |
    sed -E 's|.*}/([^"]+)"|\1|')
  while IFS= read -r f; do
    grep -qxF "${f#"$root/plugins/"}" <<<"$scanners" && continue
    dir=$(dirname "$f"); lang=${dir#"$root/plugins/"}; lang=${lang%%/*}
    # The plugin.cmake files that build this file: its own directory's, and any that
    # name it among their sources (cpp compiles c/includes.c, tsx typescript/plugin.c).
    local cmakes=() queries=() incdirs=("$dir")
    [ -f "$root/plugins/$lang/plugin.cmake" ] && cmakes+=("$root/plugins/$lang/plugin.cmake")
    for cm in "$root"/plugins/*/plugin.cmake; do
      [ "$cm" == "$root/plugins/$lang/plugin.cmake" ] && continue
      grep -qE "(^|[ \"/])$lang/$(basename "$f")([ \")]|$)" "$cm" && cmakes+=("$cm")
    done
    for cm in "${cmakes[@]}"; do
      while IFS= read -r p; do queries+=("${p}_queries.h"); done < <(
        sed -nE 's/.*(cortex_add_plugin|cortex_plugin_from_dir)\(([a-z0-9_]+).*/\2/p' "$cm")
      while IFS= read -r s; do incdirs+=("$root/plugins/$s"); done < <(
        grep 'target_include_directories' "$cm" | grep -oE '\$\{CMAKE_CURRENT_SOURCE_DIR\}/[a-z0-9_]+' | sed 's|.*}/||')
    done
    while IFS= read -r line; do
      # line is file:N:#include <x> or "x"
      local n=${line#"$f":}; n=${n%%:*}
      target=$(sed -nE 's/^[^:]*:[0-9]+:[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^>"]*)[>"].*/\1/p' <<<"$line")
      ok=0
      case $line in
        *'#'*include*'<'*)
          case $target in
            cortex/*) ok=1 ;;
            *..*) ok=0 ;;
            *) while IFS= read -r sd; do [ -f "$sd/$target" ] && { ok=1; break; }; done <<<"$sysdirs" ;;
          esac ;;
        *)
          case $target in
            */*|*..*) ok=0 ;;
            *_queries.h) for q in "${queries[@]}"; do [ "$q" == "$target" ] && ok=1; done ;;
            *) for d in "${incdirs[@]}"; do [ -f "$d/$target" ] && ok=1; done ;;
          esac ;;
      esac
      [ $ok -eq 1 ] || echo "${f#"$root/"}:$n: includes $target (not the SDK, its own queries, a system header or a declared sibling)"
    done < <(strip "$f" | grep -E '^[^:]*:[0-9]+:[[:space:]]*#[[:space:]]*include')
  done < <(find "$root/plugins" -path '*/tests' -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print | LC_ALL=C sort)
}

# A language's name: as a word anywhere in code or string literals, in any case; the
# names that are also English or C ("go", "c", "c++") only where they can mean nothing
# else: a string literal that is exactly the name, or c++ inside a literal. A media
# type ("text/markdown") names a format cortex writes, not a language it treats apart.
LANGUAGES='python|ruby|bash|lua|markdown|rust|golang|java|javascript|typescript|tsx|csharp|php|cpp'
check_names() {
  local root=$1
  sources "$root/core" | while IFS= read -r f; do strip "$f"; done |
    awk -v words="(^|[^A-Za-z0-9_])($LANGUAGES)([^A-Za-z0-9_]|\$)" '
      {
        code = $0; sub(/^[^:]*:[0-9]+:/, "", code)
        probe = tolower(code)
        gsub(/"text\/[a-z+.-]+"/, "\"\"", probe)
        if (probe ~ words || probe ~ /"(go|c|c\+\+)"/ || probe ~ /"[^"]*c\+\+[^"]*"/) print
      }' |
    sed "s|^$root/||" | sed -E 's/^([^:]*:[0-9]+):[[:space:]]*(.*)$/\1: names a language: \2/' || true
}

# SQL on the schema's tables: a statement keyword (upper case, as the code writes SQL)
# before a table name, also when a string literal breaks between the two.
TABLES='files|symbols|refs|ref_bindings|imports|texts|chunks|definition_names|meta|[a-z_]+_fts[a-z_]*'
check_sql() {
  local root=$1 f
  sources "$root/core" | grep -v "^$root/core/store/" | while IFS= read -r f; do
    strip "$f" | awk -v tables="^($TABLES)([^A-Za-z0-9_]|\$)" -v root="$root/" '
      {
        split($0, parts, ":"); where = parts[1] ":" parts[2]
        code = substr($0, length(where) + 2)
        # Join this line to the previous one when the previous ended inside SQL,
        # so "... FROM " "files ..." across two literals still reads as one.
        text = (carry != "" ? carry " " : "") code
        carry = ""
        if (match(code, /(FROM|INTO|UPDATE|JOIN|TABLE|INDEX|ON)[[:space:]]*"[[:space:]]*$/))
          carry = substr(code, RSTART)
        gsub(/"[[:space:]]*"/, "", text)   # adjacent literals
        gsub(/"/, " ", text)
        found = 0
        if (text ~ /CREATE[[:space:]]+(UNIQUE[[:space:]]+|VIRTUAL[[:space:]]+|TEMP[[:space:]]+)*(TABLE|INDEX)/) found = 1
        s = text
        while (!found && match(s, /(FROM|INTO|UPDATE|JOIN)[[:space:]]+/)) {
          rest = substr(s, RSTART + RLENGTH)
          if (rest ~ tables) found = 1
          s = substr(s, RSTART + RLENGTH)
        }
        if (found) {
          sub(/^[[:space:]]+/, "", code)
          f = where; sub("^" root, "", f)
          print f ": SQL on the schema outside core/store/: " code
        }
      }'
  done
}

# includes_matching DIR REGEX: each #include under DIR whose target matches REGEX.
includes_matching() {
  local root=$1 dir=$2 re=$3
  sources "$root/$dir" | while IFS= read -r f; do strip "$f"; done |
    grep -E '^[^:]*:[0-9]+:[[:space:]]*#[[:space:]]*include' |
    grep -E "[<\"]([^>\"]*/)?($re)" | sed "s|^$root/||" |
    sed -E 's/^([^:]*:[0-9]+):[[:space:]]*(.*)$/\1: \2/' || true
}

check_tools() {
  local root=$1
  includes_matching "$root" core/tools 'mcp/|http/|jsonrpc' | sed 's/: /: a tool handler includes a protocol header: /'
  sources "$root/core/tools" | while IFS= read -r f; do strip "$f"; done |
    grep -iE '^[^:]*:[0-9]+:.*(cortex_mcp_|cortex_jsonrpc_|cortex_http_)' | sed "s|^$root/||" |
    sed -E 's/^([^:]*:[0-9]+):[[:space:]]*(.*)$/\1: a tool handler calls the protocol layer: \2/' || true
}

check_serving() {
  local root=$1 d
  for d in core/serve core/store; do
    includes_matching "$root" "$d" 'mcp/|http/|jsonrpc' | sed 's/: /: includes the protocol layer: /'
  done
}

CHECKS="plugins names sql tools serving"

# run ROOT: runs every check; exit 1 when a check that is not pending found an offence.
run() {
  local root=$1 failed=0 c out pending=" ${CORTEX_WALLS_PENDING:-} "
  for c in $CHECKS; do
    out=$(check_$c "$root")
    if [ -z "$out" ]; then
      echo "ok - walls: $c"
    elif [[ $pending == *" $c "* ]]; then
      echo "PENDING - walls: $c ($(wc -l <<<"$out") offences; pending, not failing)"
      sed 's/^/    /' <<<"$out"
    else
      echo "FAIL - walls: $c ($(wc -l <<<"$out") offences)"
      sed 's/^/    /' <<<"$out"
      failed=1
    fi
  done
  return $failed
}

# A tree with one planted offence per check (and decoys the checks must pass over):
# each check must report exactly the planted lines.
self_test() {
  local t failed=0 c want got
  t=$(mktemp -d /tmp/cortex-walls.XXXXXX)
  trap 'rm -rf "$t"' RETURN
  mkdir -p "$t"/plugins/{a,b}/tests/x "$t"/core/{chunk,tools,store,serve,sink,mcp}
  printf 'cortex_plugin_from_dir(a GRAMMARS g)\n' > "$t/plugins/a/plugin.cmake"
  printf 'cortex_plugin_from_dir(b GRAMMARS g SOURCES ../a/shared.c)\ntarget_include_directories(cortex_plugin_b PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/a")\n' > "$t/plugins/b/plugin.cmake"
  printf '#include <cortex/plugin.h>\n#include <string.h>\n#include "a_queries.h"\n#include "shared.h"\n#include "../../core/util/mem.h"\n#include <util/mem.h>\n#include "b_queries.h"\n' > "$t/plugins/a/plugin.c"
  printf '/* shared */\n' > "$t/plugins/a/shared.h"
  printf '#include "shared.h"\n#include "b_queries.h"\n' > "$t/plugins/a/shared.c"
  printf '#include "shared.h"\n#include "b_queries.h"\n#include "nope.h"\n' > "$t/plugins/b/plugin.c"
  printf '#include "../../core/x.h"\n' > "$t/plugins/b/tests/x/input.c"
  printf '/* python, ruby and\n * Lua: comments may name them */\nstatic const char *t = "Python"; // go\nint gopher = 1; /* bash */ int c = 0;\nconst char *s = "C++";\nconst char *q = "a // markdown";\nchar k = \047"\047; int rust_like;\nfor (c = 0; c < 2; c++) go(c, "Go to the line", "go");\nm = "text/markdown"; l = "c";\n' > "$t/core/chunk/x.c"
  printf 'static const char *a = "SELECT id FROM files WHERE x";\n/* DELETE FROM symbols */\nstatic const char *b = "SELECT 1 FROM "\n    "refs";\nstatic const char *c = "read from files";\nstatic const char *d = "CREATE INDEX i ON x(y)";\nstatic const char *e = "INSERT INTO texts_fts VALUES (1)";\n' > "$t/core/sink/y.c"
  printf 'static const char *a = "DELETE FROM symbols";\n' > "$t/core/store/ok.c"
  printf '#include "../mcp/jsonrpc.h"\n#include "../util/mem.h"\n/* cortex_mcp_send */\nvoid f(void) { cortex_mcp_send(0); }\n' > "$t/core/tools/z.c"
  printf '#include "../mcp/methods.h"\n' > "$t/core/serve/w.c"
  printf '#include "../store/store.h"\n#include "../http/http.h"\n' > "$t/core/store/v.c"

  for c in $CHECKS; do
    case $c in
      plugins) want='plugins/a/plugin.c:5: includes ../../core/util/mem.h (not the SDK, its own queries, a system header or a declared sibling)
plugins/a/plugin.c:6: includes util/mem.h (not the SDK, its own queries, a system header or a declared sibling)
plugins/a/plugin.c:7: includes b_queries.h (not the SDK, its own queries, a system header or a declared sibling)
plugins/b/plugin.c:3: includes nope.h (not the SDK, its own queries, a system header or a declared sibling)' ;;
      names) want='core/chunk/x.c:3: names a language: static const char *t = "Python";
core/chunk/x.c:5: names a language: const char *s = "C++";
core/chunk/x.c:6: names a language: const char *q = "a // markdown";
core/chunk/x.c:8: names a language: for (c = 0; c < 2; c++) go(c, "Go to the line", "go");
core/chunk/x.c:9: names a language: m = "text/markdown"; l = "c";' ;;
      sql) want='core/sink/y.c:1: SQL on the schema outside core/store/: static const char *a = "SELECT id FROM files WHERE x";
core/sink/y.c:4: SQL on the schema outside core/store/: "refs";
core/sink/y.c:6: SQL on the schema outside core/store/: static const char *d = "CREATE INDEX i ON x(y)";
core/sink/y.c:7: SQL on the schema outside core/store/: static const char *e = "INSERT INTO texts_fts VALUES (1)";' ;;
      tools) want='core/tools/z.c:1: a tool handler includes a protocol header: #include "../mcp/jsonrpc.h"
core/tools/z.c:4: a tool handler calls the protocol layer: void f(void) { cortex_mcp_send(0); }' ;;
      serving) want='core/serve/w.c:1: includes the protocol layer: #include "../mcp/methods.h"
core/store/v.c:2: includes the protocol layer: #include "../http/http.h"' ;;
    esac
    got=$(check_$c "$t")
    if [ "$got" == "$want" ]; then echo "ok - walls self-test: $c catches its offences"; else
      echo "FAIL - walls self-test: $c"; diff <(echo "$want") <(echo "$got") | sed 's/^/    /' || true
      failed=1
    fi
  done
  # And a clean tree passes, pending list or not.
  rm -rf "$t/plugins/b/plugin.c" "$t/plugins/a/plugin.c" "$t/core/chunk/x.c" "$t/core/sink/y.c" "$t/core/tools/z.c" \
    "$t/core/serve/w.c" "$t/core/store/v.c"
  if CORTEX_WALLS_PENDING= run "$t" >/dev/null; then echo "ok - walls self-test: a clean tree passes"; else
    echo "FAIL - walls self-test: a clean tree passes"; failed=1
  fi
  return $failed
}

if [ "${1:-}" == --self-test ]; then
  self_test
else
  run "${1:-$(cd "$HERE/.." && pwd)}"
fi
