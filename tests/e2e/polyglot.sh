#!/usr/bin/env bash
# A repository in every language cortex ships, indexed end to end: each file
# goes to its plugin, imports resolve to files within a language's rules, and
# call edges bind within a language only (a Ruby call never binds to a Rust
# function of the same name).
. "$(dirname "$0")/lib.sh"
CORTEX=$1
R="$TMP/polyglot"
# the fixture's sources are the plugins' golden inputs, linked: copied as files
cp -RL "$REPO/tests/fixtures/repos/polyglot" "$R"
git -C "$R" init -q

expect_status "index exits 0" 0 "$CORTEX" index "$R" --json --quiet
expect_eq "every file goes to its plugin" \
  "bash:2 cpp:1 csharp:1 go:1 java:1 javascript:1 markdown:1 php:1 ruby:2 rust:2 typescript:2 web:1" \
  "$(jq -r '.languages | to_entries | map("\(.key):\(.value.files)") | join(" ")' "$TMP/out")"
expect_eq "nothing failed to parse" "0 0" "$(jq -r '"\(.files_with_parse_errors) \(.problems | length)"' "$TMP/out")"

imports() { "$CORTEX" imports "$1" --root "$R" --json | jq -r '.imports[] | select(.resolved) | "\(.name) -> \(.resolved)"' | xargs; }
expect_eq "TypeScript: ./ledger.js is ledger.ts" "./ledger.js.Ledger -> web/src/ledger.ts" "$(imports web/src/store.ts)"
expect_eq "Rust: mod util; and use crate::util::normalize are util.rs" "crate::util::normalize -> rust/src/util.rs util -> rust/src/util.rs" "$(imports rust/src/lib.rs)"
expect_eq "Ruby: require_relative" "notes -> rb/notes.rb" "$(imports rb/ledger.rb)"
expect_eq "Bash: source" "./lib/common.sh -> sh/lib/common.sh" "$(imports sh/deploy.sh)"
expect_eq "C++: a local include with no such file stays unresolved" "" "$(imports cpp/ledger.cpp)"

edges() { "$CORTEX" callers "$1" --root "$R" --json | jq -r '.references[] | "\(.file):\(.line) \(.binding) \(.target.file // "-")"' | xargs; }
expect_eq "normalize: each call binds within its own language" \
  "cpp/ledger.cpp:42 unresolved - java/com/example/Ledger.java:25 unresolved - rb/ledger.rb:22 name rb/notes.rb rust/src/lib.rs:41 import rust/src/util.rs" \
  "$(edges normalize)"
expect_eq "Bash: a function defined in a sourced file" "sh/deploy.sh:15 name sh/lib/common.sh" "$(edges log_info)"

names() { "$CORTEX" symbols "$1" --root "$R" --json | jq -r '[.symbols[] | select(.kind == "method") | .name] | join(" ")'; }
expect_eq "Go: methods belong to their receiver's type" "Handler.Serve Handler.Name Server.Start Server.name List.Push" "$(names go/server.go)"
expect_eq "C++: members defined outside the class are its methods" \
  "accounting.Ledger.size accounting.Ledger.Ledger accounting.Ledger.~Ledger accounting.Ledger.add" "$(names cpp/ledger.cpp)"
expect_eq "Vue: the TypeScript <script setup> is parsed" "count increment" \
  "$("$CORTEX" symbols web/src/Counter.vue --root "$R" --json | jq -r '[.symbols[] | select(.kind != "import") | .name] | join(" ")')"
expect_eq "search finds a Java method by its qualified name" "java/com/example/Ledger.java:24 Ledger.add" \
  "$("$CORTEX" search "Ledger.add" --kind method --path "java/" --root "$R" --json | jq -r '.results[0] | "\(.file):\(.line) \(.name)"')"

# Imports bind by their last component whatever the language's separator:
# PHP's `\`, Rust's `::`; an alias binds to the class it renames.
P="$TMP/php-aliases"
mkdir -p "$P/App/Storage" "$P/App/Legacy"
printf '<?php\nnamespace App\\Storage;\nclass FileStore {}\n' > "$P/App/Storage/FileStore.php"
printf '<?php\nnamespace App\\Legacy;\nclass FileStore {}\n' > "$P/App/Legacy/FileStore.php"
printf '<?php\nuse App\\Storage\\FileStore;\nuse App\\Legacy\\FileStore as OldStore;\nnew FileStore();\nnew OldStore();\n' > "$P/main.php"
"$CORTEX" index "$P" --quiet >/dev/null 2>&1
expect_eq "PHP: use and use-as bind each name to its own class" \
  "main.php:4 import App/Storage/FileStore.php main.php:5 import App/Legacy/FileStore.php" \
  "$(for n in FileStore OldStore; do "$CORTEX" callers "$n" --reference-kind instantiation --root "$P" --json; done |
     jq -r '.references[] | "\(.file):\(.line) \(.binding) \(.target.file // "-")"' | xargs)"

finish
