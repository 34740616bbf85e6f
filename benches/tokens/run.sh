#!/bin/sh
# The token estimate against a real tokenizer (docs/benchmarks.md, "Token
# estimate"): installs js-tiktoken (npm ci), then measures each indexed
# repository given, with both of OpenAI's current encodings.
#   benches/tokens/run.sh REPO...   (each indexed: REPO/.cortex/index and chunks)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ -d "$here/node_modules/js-tiktoken" ] || (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
for repo in "$@"; do
    for enc in cl100k_base o200k_base; do node "$here/measure.mjs" "$repo" --encoding "$enc"; done
done
