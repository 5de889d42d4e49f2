#!/usr/bin/env bash
# The CUDA paths CI can build without a GPU, under nvcc, and that every header stands alone:
#   1. every header of include/odo, each alone in a g++ translation unit (-fsyntax-only): none
#      leans on what another happened to include first; the headers of the layers the drivers
#      compile once (odo/core/linkage.hpp) also alone as a driver's TU sees them, declarations
#      only (-DODO_SEPARATE_COMPILATION);
#   2. every portable header together in one .cu translation unit (host-only headers, marked
#      "HOST-ONLY" on their first lines, are never reached from a .cu file): one nvcc run checks
#      them all, where one run per header spent minutes starting nvcc's passes;
#   3. every device header (.cuh), each alone in a .cu translation unit;
#   4. the example op library with its CUDA kernels (examples/oplib, -DOPLIB_CUDA=ON) against an
#      installed odo, as a user builds it.
# odo's own GPU tests (tests/gpu) are built by scripts/test.sh wherever nvcc is found.
set -euo pipefail
cd "$(dirname "$0")/.."
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
if [ ! -x "$nvcc" ]; then
  echo "check-nvcc-headers: no nvcc at $nvcc; skipped" >&2
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Checks each header given on stdin alone with g++ -fsyntax-only; $1 names the mode for the
# summary line, the other arguments are g++ flags.
stands_alone() {
  local mode=$1 count
  shift
  count=$(tee "$work/alone.list" | wc -l)
  xargs -P "$(nproc)" -I{} sh -c '
    printf "#include \"%s\"\n" "$(echo "{}" | sed "s|^include/||")" |
      g++ -std=c++17 -Iinclude "$@" -fsyntax-only -x c++ - || { echo "g++ failed: {}" >&2; exit 255; }
  ' _ "$@" <"$work/alone.list"
  echo "g++ compiled each of $count headers alone ($mode)"
}

# Compiles every header given on stdin in one .cu translation unit.
compile_together() {
  local count
  count=$(sed "s|^include/||; s|.*|#include \"&\"|" | tee "$work/portable.cu" | wc -l)
  "$nvcc" -std=c++17 -Iinclude -c "$work/portable.cu" -o "$work/portable.o"
  echo "nvcc compiled $count portable headers in one translation unit"
}

# Compiles each header given on stdin alone; $1 names the kind for the summary line.
compile_each() {
  local kind=$1 count
  count=$(tee "$work/$kind.list" | wc -l)
  xargs -P "$(nproc)" -I{} sh -c '
    tu="$1/$(echo "{}" | tr / _).cu"
    printf "#include \"%s\"\n" "$(echo "{}" | sed "s|^include/||")" > "$tu"
    "$2" -std=c++17 -Iinclude -c "$tu" -o "$tu.o" || { echo "nvcc failed: {}" >&2; exit 255; }
  ' _ "$work" "$nvcc" <"$work/$kind.list"
  echo "nvcc compiled $count $kind headers"
}

find include/odo -name '*.hpp' | sort | stands_alone header-only
find include/odo/{repo,surface,baseline,devcode,review,refactor,summary,gates} -name '*.hpp' | sort |
  stands_alone "separate compilation" -DODO_SEPARATE_COMPILATION
find include/odo -name '*.hpp' | sort | while IFS= read -r h; do
  head -n 3 "$h" | grep -q "HOST-ONLY" || echo "$h"
done | compile_together
find include/odo -name '*.cuh' | sort | compile_each device

cmake -S . -B "$work/odo" -DODO_BUILD_TOOLS=OFF -DODO_BUILD_TESTS=OFF -DODO_BUILD_PERF=OFF \
      >/dev/null
cmake --install "$work/odo" --prefix "$work/prefix" >/dev/null
cmake -S examples/oplib -B "$work/oplib" -DCMAKE_BUILD_TYPE=Release -DOPLIB_CUDA=ON \
      -DCMAKE_CUDA_COMPILER="$nvcc" -Dodo_DIR="$work/prefix/lib/cmake/odo" >/dev/null
cmake --build "$work/oplib" -j "$(nproc)" >/dev/null
echo "nvcc built examples/oplib with its CUDA kernels (-DOPLIB_CUDA=ON)"
