#!/usr/bin/env bash
# The GPU checks, in two halves, for a GPU machine that has neither Boost nor doctest:
#
#   bash scripts/gpu-check.sh build   # here: odo's GPU tests and the example library's CUDA build,
#                                     # Release, Boost linked statically, into build-gpu/
#   bash scripts/gpu-check.sh run     # there (carry build-gpu): every GPU test and the example's
#                                     # device test cases; logs go to $OUT (default build-gpu/out)
#
# CTest files hold absolute paths, so `run` starts the test executables itself.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-gpu
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}

build_all() {
  bash scripts/install-deps.sh
  [ -x "$nvcc" ] || { echo "gpu-check: no nvcc at $nvcc" >&2; exit 2; }
  cmake -S . -B "$build/odo" -DCMAKE_BUILD_TYPE=Release -DODO_STATIC_BOOST=ON \
        -DCMAKE_CUDA_COMPILER="$nvcc" -DODO_BUILD_PERF=OFF -DODO_BUILD_TOOLS=OFF >/dev/null
  cmake --build "$build/odo" -j "$(nproc)" --target gpu_pixel gpu_profile_nvtx \
        gpu_profile_memory gpu_bench
  cmake --install "$build/odo" --prefix "$build/prefix" >/dev/null
  cmake -S examples/oplib -B "$build/oplib" -DCMAKE_BUILD_TYPE=Release -DOPLIB_CUDA=ON \
        -DCMAKE_CUDA_COMPILER="$nvcc" -DBoost_USE_STATIC_LIBS=ON \
        -Dodo_DIR="$PWD/$build/prefix/lib/cmake/odo" >/dev/null
  cmake --build "$build/oplib" -j "$(nproc)" --target cvcuda_test_system
  echo "gpu-check: built; carry $build and run: bash scripts/gpu-check.sh run"
}

run_all() {
  local out=${OUT:-$build/out} failed=0
  mkdir -p "$out"
  nvidia-smi -L > "$out/device.txt" 2>&1 || true
  for test in gpu_pixel gpu_profile_nvtx gpu_profile_memory gpu_bench; do
    local exe
    exe=$(find "$build/odo" -type f -name "$test" -perm -u+x | head -n 1)
    echo "== $test"
    local rc=0
    "$exe" > "$out/$test.txt" 2>&1 || rc=$?
    tail -n 4 "$out/$test.txt"
    # 77: cases skipped for want of a device (tests/gpu/device_skip.hpp), a failure here.
    [ "$rc" -eq 77 ] && echo "gpu-check: $test skipped its device cases: no usable device" >&2
    [ "$rc" -eq 0 ] || failed=1
  done
  echo "== example library, device cases"
  "$build/oplib/cvcuda_test_system" > "$out/oplib_tests.txt" 2>&1 || failed=1
  tail -n 4 "$out/oplib_tests.txt"
  return "$failed"
}

case "${1:-}" in
  build) build_all ;;
  run) run_all ;;
  *) echo "usage: scripts/gpu-check.sh build|run" >&2; exit 2 ;;
esac
