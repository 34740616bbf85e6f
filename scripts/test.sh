#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds with AddressSanitizer
# and UBSan, and runs every test (Check unit suites, golden files per
# language, end-to-end tests on the real binary, a short run of each fuzz
# target from the clang build beside it) through CTest.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/install-deps.sh"
# The fuzz build needs clang's libFuzzer runtime, which install-deps installs.
if echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' |
   clang -fsanitize=fuzzer -x c - -o /dev/null 2>/dev/null; then
  "$here/scripts/build.sh" fuzz >/dev/null
else
  echo "test.sh: clang's libFuzzer runtime is missing: the fuzz_ tests will be skipped" >&2
fi
build=$("$here/scripts/build.sh" asan)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$build"
ctest --output-on-failure -j "$(nproc)"
