#!/usr/bin/env bash
# The main job: install what is missing, build, index a repository (this
# project when none is given) and show what was found.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
target=${1:-$here}
build=$("$here/scripts/build.sh" release)
"$build/cortex" plugins
echo
"$build/cortex" index "$target"
echo
echo "Symbols by kind (from $target/.cortex/cortex.db):"
sqlite3 -column -header "$target/.cortex/cortex.db" \
  "SELECT kind, count(*) AS symbols FROM symbols GROUP BY kind ORDER BY symbols DESC LIMIT 8;"
echo
echo "Most called functions (call edges bound in the store):"
sqlite3 -column -header "$target/.cortex/cortex.db" \
  "SELECT t.name AS function, f.path AS file, t.line_start AS line, count(*) AS callers
     FROM ref_bindings r JOIN symbols t ON t.id = r.target_id JOIN files f ON f.id = t.file_id
    WHERE r.kind = 'call' GROUP BY t.id ORDER BY callers DESC, t.name LIMIT 8;"
