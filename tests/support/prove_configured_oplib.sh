#!/usr/bin/env bash
# refactor_op's device-code proof on examples/oplib as its own build records it: odo installed,
# oplib configured with OPLIB_CUDA=ON and compile commands exported (configured only, nothing
# built), then in a throw-away git repository a rename proves MATCH from the recorded command and
# a changed constant is DEVICE-CODE-CHANGED naming the kernel; cost measures its CUDA and host TUs.
# Exit 77 (skipped) without nvcc.
#   prove_configured_oplib.sh ODO_SOURCE_DIR ODO_BUILD_DIR
set -euo pipefail
src=$1 odo_build=$2
nvcc=${ODO_NVCC:-/usr/local/cuda/bin/nvcc}
if [ ! -x "$nvcc" ]; then
  echo "skipped: no nvcc at $nvcc (set ODO_NVCC or install the CUDA Toolkit)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$odo_build" --prefix "$work/odo" > /dev/null
cp -r "$src/examples/oplib" "$work/repo"
cd "$work/repo"
git init -q -b main
git -c user.email=t@example.com -c user.name=t add -A
git -c user.email=t@example.com -c user.name=t commit -qm import
cmake -S . -B "$work/build" -Dodo_DIR="$work/odo/lib/cmake/odo" -DOPLIB_CUDA=ON \
  -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON > "$work/configure.log" ||
  { tail -n 20 "$work/configure.log"; exit 1; }
grep -qF 'OpInvert.cu' "$work/build/compile_commands.json"
refactor_op=$work/odo/bin/refactor_op
prove() { ODO_NVCC=$nvcc "$refactor_op" Invert --phase prove --base main --build-dir "$work/build" "$@"; }

sed -i 's/const T top =/const T maximum =/; s/T(top - in\[/T(maximum - in[/' src/cvcuda/priv/OpInvert.cu
prove --format json > "$work/rename.json"
grep -qF '"verdict": "MATCH"' "$work/rename.json" || grep -qF '"verdict":"MATCH"' "$work/rename.json"
grep -qF 'compile_commands.json' "$work/rename.json"
echo "rename: MATCH from the recorded command"

sed -i 's/T(1) : T(255)/T(1) : T(254)/' src/cvcuda/priv/OpInvert.cu
set +e
prove > "$work/constant.md"
rc=$?
set -e
[ "$rc" -eq 1 ] || { cat "$work/constant.md"; echo "expected exit 1, got $rc"; exit 1; }
grep -qF 'DEVICE-CODE-CHANGED' "$work/constant.md"
grep -qF 'invertKernel' "$work/constant.md"
echo "constant: DEVICE-CODE-CHANGED naming invertKernel"

# cost: every TU of the operator the build recorded, CUDA and host C++, both sides; code added to
# the host implementation shows as a .text delta.
printf '\nint oplibCostExtra(int x) { return x * 3 + 1; }\n' >> src/cvcuda/priv/OpInvert.cpp
"$refactor_op" Invert --phase cost --base main --build-dir "$work/build" > "$work/cost.md"
for tu in src/cvcuda/priv/OpInvert.cu src/cvcuda/priv/OpInvert.cpp \
          python/mod_cvcuda/operators/OpInvert.cpp; do
  grep -qF "| $tu | base | " "$work/cost.md" || { cat "$work/cost.md"; echo "no row for $tu"; exit 1; }
done
grep -qE '^- src/cvcuda/priv/OpInvert.cpp: CPU .*\(\+[1-9][0-9]*\)' "$work/cost.md" ||
  { cat "$work/cost.md"; echo "no .text growth for the host TU"; exit 1; }
echo "cost: CUDA and host TUs from the recorded commands, the host TU's added code measured"
