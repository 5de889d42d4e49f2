#!/usr/bin/env bash
# The test suite once more under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=${ODO_BUILD_DIR:-build/sanitize}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DODO_SANITIZE=address,undefined \
      -DODO_BUILD_PERF=OFF >/dev/null
cmake --build "$build" -j "$(nproc)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -LE example -E '^consumer_'
