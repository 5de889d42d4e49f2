#!/usr/bin/env bash
# What the device-code proof costs against the plain compiles it needs: on a scratch git copy of
# examples/oplib with EXTRA_FILES other tracked files (half of them headers in an include folder)
# and a refactor of OpInvert.cu (a rename), `refactor_op Invert --phase prove` (SASS, the recorded
# arches sm_80 and sm_90, flags from compile_commands.json) beside the floor: the plain nvcc
# `-cubin` compiles of the same TU with the same flags, once per arch on each side (the base in a
# second checkout, then the change), in interleaved rounds. Prints a markdown table: CPU seconds
# (user+sys, the compiler's children included) and wall seconds as min / median / max, and the
# ratio of the medians. docs/performance.md records its output.
#
#   [EXTRA_FILES=1500] tests/perf/prove_cost.sh [ROUNDS]
#   (default 5 rounds; REFACTOR_OP=path/to/refactor_op, NVCC=nvcc)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
tool=$(realpath "${REFACTOR_OP:-build/release/tools/refactor_op}")
nvcc=${NVCC:-${ODO_NVCC:-/usr/local/cuda/bin/nvcc}}
scratch=$(mktemp -d)
results=$(mktemp)
trap 'rm -rf "$scratch" "$results"' EXIT

repo=$scratch/repo
cp -r examples/oplib "$repo"
python3 - "$repo" "${EXTRA_FILES:-1500}" <<'EOF'
import os, sys
repo, count = sys.argv[1], int(sys.argv[2])
line = "// a tracked file no compile of the proof reads, about as large as a real header\n"
for i in range(count):
    folder = "src/cvcuda/include/cvcuda/extra" if i % 2 == 0 else "tests/extra"
    os.makedirs(os.path.join(repo, folder), exist_ok=True)
    with open(os.path.join(repo, folder, "file%04d.hpp" % i), "w") as f:
        f.write("#pragma once\n" + line * 24 + "inline int extra%d() { return %d; }\n" % (i, i))
EOF
git -C "$repo" init -q -b main
git -C "$repo" add -A
git -C "$repo" -c user.email=perf@odo -c user.name=perf commit -qm base
git -C "$repo" worktree add -q --detach "$scratch/base" main
sed -i 's/const T top =/const T maximum =/; s/T(top - in\[/T(maximum - in[/' \
  "$repo/src/cvcuda/priv/OpInvert.cu"

# The build's own command, as CMake records it for oplib with OPLIB_CUDA=ON (CUDA_ARCHITECTURES
# 80;90): $1 is the checkout it compiles.
command_of() {
  echo "$nvcc -forward-unknown-to-host-compiler -DOPLIB_CUDA=1 -I$1/src/nvcv/include" \
    "-I$1/src/cvcuda/include -O3 -DNDEBUG -std=c++17" \
    "--generate-code=arch=compute_80,code=[compute_80,sm_80]" \
    "--generate-code=arch=compute_90,code=[compute_90,sm_90]" \
    "-Werror=all-warnings -Xcompiler=-Wall,-Wextra -x cu -c $1/src/cvcuda/priv/OpInvert.cu"
}
mkdir -p "$scratch/build"
python3 - "$scratch/build" "$repo" "$(command_of "$repo") -o obj.o" <<'EOF'
import json, sys
build, repo, command = sys.argv[1:]
json.dump([{"directory": build, "command": command,
            "file": repo + "/src/cvcuda/priv/OpInvert.cu"}], open(build + "/compile_commands.json", "w"))
EOF

# The plain device-code compiles: the same flags, `-cubin` once per arch.
cubin_of() { # checkout, arch, output
  echo "$nvcc -forward-unknown-to-host-compiler -DOPLIB_CUDA=1 -I$1/src/nvcv/include" \
    "-I$1/src/cvcuda/include -O3 -DNDEBUG -std=c++17 -Werror=all-warnings" \
    "-Xcompiler=-Wall,-Wextra -x cu -cubin -arch=$2 -o $3 $1/src/cvcuda/priv/OpInvert.cu"
}

measure() { # name, command...
  local name=$1
  shift
  local m
  m=$( { /usr/bin/time -f '%U %S %e' "$@" >/dev/null; } 2>&1 | tail -n 1)
  echo "$name|$m" >>"$results"
}
plain_both_sides() {
  for side in "$scratch/base" "$repo"; do
    for arch in sm_80 sm_90; do
      $(cubin_of "$side" $arch "$scratch/out.cubin")
    done
  done
}
export -f plain_both_sides cubin_of
export nvcc scratch repo

for ((round = 1; round <= rounds; ++round)); do
  measure "plain -cubin compiles (both sides, each arch)" bash -c plain_both_sides
  measure "refactor_op --phase prove --isolation environment" \
    bash -c "cd '$repo' && '$tool' Invert --phase prove --build-dir '$scratch/build' --isolation environment"
  measure "refactor_op --phase prove (bubblewrap)" \
    bash -c "cd '$repo' && '$tool' Invert --phase prove --build-dir '$scratch/build' --isolation bubblewrap"
  echo "round $round of $rounds done" >&2
done

python3 - "$results" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, figures = line.rstrip("\n").split("|")
    user, system, wall = map(float, figures.split())
    rows.setdefault(name, []).append((user + system, wall))
def span(values):
    return "%.2f / %.2f / %.2f" % (min(values), statistics.median(values), max(values))
print("| | CPU s min / median / max | wall s min / median / max |")
print("|---|---|---|")
for name, runs in rows.items():
    print("| %s | %s | %s |" % (name, span([c for c, _ in runs]), span([w for _, w in runs])))
plain = rows["plain -cubin compiles (both sides, each arch)"]
def median_ratio(name, column):
    return statistics.median(r[column] for r in rows[name]) / statistics.median(r[column] for r in plain)
print()
for name in rows:
    if name.startswith("refactor_op"):
        print("%s / plain compiles, medians: CPU %.2fx, wall %.2fx (%d rounds)"
              % (name, median_ratio(name, 0), median_ratio(name, 1), len(rows[name])))
EOF
