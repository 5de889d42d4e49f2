#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds odo and its tests (Debug: the suite checks
# behaviour, and -O0 compiles about three times faster than -O2 -g on two cores; odo's own benchmarks
# are built by scripts/build-perf.sh), runs every CTest test
# (GPU tests skip with a printed reason where no device is present).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=${ODO_BUILD_DIR:-build/test}
jobs=$(nproc)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DODO_BUILD_PERF=OFF >/dev/null
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" --output-on-failure -j "$jobs"
