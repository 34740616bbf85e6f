#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds with AddressSanitizer
# and UBSan, and runs every test (Check unit suites, golden files per
# language, end-to-end tests on the real binary) through CTest.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$("$here/scripts/build.sh" asan)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$build"
ctest --output-on-failure -j "$(nproc)"
