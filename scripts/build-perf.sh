#!/usr/bin/env bash
# Builds odo's own benchmarks (tests/perf) so they keep compiling; CI runs this, not the
# benchmarks: their figures are measured by hand on a quiet machine (docs/performance.md). They
# are not part of the README's test command, which builds what the tests run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=${ODO_BUILD_DIR:-build/perf}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DODO_BUILD_TESTS=OFF -DODO_BUILD_PERF=ON >/dev/null
# Only the benchmarks' folder (and what they link): the tools they time are built on demand.
cmake --build "$build/tests/perf" -j "$(nproc)"
