#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each briefly on its seed corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh clang libclang-rt-14-dev
build=${ODO_BUILD_DIR:-build/fuzz}
CXX=clang++ cmake -S . -B "$build" -DODO_BUILD_FUZZ=ON -DODO_BUILD_TESTS=OFF -DODO_BUILD_TOOLS=OFF \
      -DODO_BUILD_PERF=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$(nproc)"
seconds=${ODO_FUZZ_SECONDS:-10}
for target in "$build"/tests/fuzz/fuzz_*; do
  [ -x "$target" ] || continue
  name=$(basename "$target")
  corpus=$(mktemp -d)
  cp tests/fuzz/corpus/"${name#fuzz_}"/* "$corpus"/ 2>/dev/null || true
  echo "fuzzing $name for ${seconds}s"
  "$target" -max_total_time="$seconds" -max_len=65536 "$corpus" 2>&1 | tail -n 2
  rm -rf "$corpus"
done
