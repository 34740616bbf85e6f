#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test cortex:
# the Debian -dev packages (only those missing) and the pinned npm grammar sources.
# Safe to run again: does nothing when everything is present.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

debs=(build-essential cmake pkg-config git nodejs npm
      python3 sqlite3 jq libjansson-dev libyaml-dev libxxhash-dev zlib1g-dev check
      universal-ctags clang libclang-rt-dev ripgrep libmicrohttpd-dev)
missing=()
for p in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# node/npm may come from elsewhere (nvm, nodesource): accept any working ones.
if command -v node >/dev/null && command -v npm >/dev/null; then
  tmp=(); for p in "${missing[@]}"; do [[ $p == nodejs || $p == npm ]] || tmp+=("$p"); done
  missing=("${tmp[@]+"${tmp[@]}"}")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# node_modules is current when it was installed from this very lock file: its
# content, not its time (a git worktree's checkout is newer than the
# node_modules it shares, and is the same lock).
stamp="$here/node_modules/.cortex-lock-sha256"
lock_sum=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
if [ ! -f "$here/node_modules/.package-lock.json" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; then
  if [ ! -f "$stamp" ] && [ -f "$here/node_modules/.package-lock.json" ] && \
     [ ! "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
    : # installed before the stamp existed, and not older than the lock: current
  else
    echo "install-deps: npm ci (grammar sources)" >&2
    "$here/scripts/npm-sources.sh" "$here"
  fi
  echo "$lock_sum" > "$stamp"
fi
