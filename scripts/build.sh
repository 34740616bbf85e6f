#!/usr/bin/env bash
# Configures and builds cortex into a build directory, installing what a fresh
# Debian 12 machine lacks first. Usage: scripts/build.sh [release|asan|fuzz]
# (fuzz: the libFuzzer targets of fuzz/, built with clang into build-fuzz)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/install-deps.sh" >&2 # stdout carries only the build directory
case "${1:-release}" in
  release) dir="$here/build"; flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  asan) dir="$here/build-asan"; flags=(-DCMAKE_BUILD_TYPE=Debug -DCORTEX_SANITIZE=ON) ;;
  # -O1 and NDEBUG unset: assertions (the tree-sitter runtime's among them) stay on
  fuzz) dir="$here/build-fuzz"; export CC=clang
        flags=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DCORTEX_FUZZ=ON -DCORTEX_BUILD_TESTS=OFF) ;;
  *) echo "usage: scripts/build.sh [release|asan|fuzz]" >&2; exit 2 ;;
esac
cmake -S "$here" -B "$dir" "${flags[@]}" >&2
cmake --build "$dir" -j "$(nproc)" >&2
echo "$dir"
