#!/usr/bin/env bash
# Regenerates the PTX and cubin fixtures of tests/unit/devcode/test_device_code_*.cpp from the
# .cu files beside this script (README.md). Run from anywhere; needs nvcc (CUDA 13 made them).
set -euo pipefail
cd "$(dirname "$0")"
nvcc="${ODO_NVCC:-/usr/local/cuda/bin/nvcc}"
for variant in scale scale_constant scale_dropped scale_swapped scale_added; do
    "$nvcc" -ptx -arch=sm_80 "$variant.cu" -o "$variant.ptx"
done
# Debug line directives (.loc, .file) and another file name (another anonymous-namespace
# discriminator) on top of the renames and reflow: still the same program.
"$nvcc" -ptx -arch=sm_80 -lineinfo scale_reflowed.cu -o scale_reflowed.ptx
"$nvcc" -cubin -arch=sm_80 scale.cu -o scale.sm_80.cubin
"$nvcc" -cubin -arch=sm_80 literal.cu -o literal.sm_80.cubin
"$nvcc" -cubin -rdc=true -arch=sm_80 rdc.cu -o rdc.sm_80.cubin
