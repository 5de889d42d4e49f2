#!/usr/bin/env bash
# refactor_op at scale (#17): a generated 60-operator library with real-sized sources (a public
# header with its Limitations table, ~25 kernels and helpers of 8-30 lines per operator, a
# binding; every fifth operator repeats a kernel of its neighbour), committed to git. Times
# `--all-operators` and the assess of one operator against the reads they need: git's top level
# and every file of the tree read once (`git ls-files | xargs cat`). Best of five runs each.
#
#   [OPERATORS=60] tests/perf/refactor_scale.sh [path/to/refactor_op]
#   (default build/perf/tools/refactor_op, a Release build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tool=$(realpath "${1:-$root/build/perf/tools/refactor_op}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

OPERATORS=${OPERATORS:-60} python3 - "$work" <<'PY'
import os, sys, random
root = sys.argv[1]
rng = random.Random(17)
def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    open(full, "w").write(text)
def body(seed, lines):
    r = random.Random(str(seed))
    out = []
    for i in range(lines):
        v = r.randrange(1000)
        out.append(f"    acc{i % 7} = acc{(i + 3) % 7} * {v} + in[x * {r.randrange(1, 9)} + {i}];")
    return "\n".join(out)
for n in range(int(os.environ.get("OPERATORS", "60"))):
    name = f"Op{n:02d}x"
    write(f"src/cvcuda/include/cvcuda/Op{name}.h",
          "/**\n * Limitations:\n *\n * Input:\n *      Data Layout:    [kNHWC, kNCHW]\n"
          " *      Channels:       [1, 3, 4]\n *      8bit  Unsigned | Yes\n *      32bit Float    | Yes\n"
          " *\n * Output:\n *      Data Layout:    [kNHWC, kNCHW]\n */\n"
          f"CVCUDA_PUBLIC NVCVStatus cvcuda{name}Submit(NVCVOperatorHandle h, cudaStream_t s,\n"
          "    NVCVTensorHandle in, NVCVTensorHandle out);\n")
    parts = ["#include \"Common.hpp\"\n\nnamespace cvcuda::priv {\n"]
    for k in range(25):
        seed = (n - n % 5, k) if k == 0 else (n, k)   # every fifth operator shares kernel 0
        lines = rng.randrange(8, 31)
        parts.append(f"template <class T>\n__global__ void {name}Kernel{k}(const T *in, T *out, int x)\n{{\n"
                     f"    int acc0 = 0, acc1 = 0, acc2 = 0, acc3 = 0, acc4 = 0, acc5 = 0, acc6 = 0;\n"
                     f"{body(seed, lines)}\n    out[x] = T(acc0 + acc6);\n}}\n")
    parts.append("} // namespace cvcuda::priv\n")
    write(f"src/cvcuda/priv/Op{name}.cu", "\n".join(parts))
    write(f"python/mod_cvcuda/operators/Op{name}.cpp",
          f"namespace cvcudapy {{\nTensor {name}(Tensor &input)\n{{\n{body((n, 99), 12)}\n    return input;\n}}\n"
          f"void ExportOp{name}(py::module &m)\n{{\n    m.def(\"op{n:02d}\", &{name});\n}} // namespace cvcudapy\n")
PY
cd "$work"
git init -q -b main && git add -A && git -c user.email=p@e -c user.name=perf commit -qm corpus
files=$(git ls-files | wc -l)
bytes=$(git ls-files -z | xargs -0 cat | wc -c)

best() { # command...: the best wall time of five runs, in milliseconds
  local best=
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null
    end=$(date +%s%N)
    local ms=$(( (end - start) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}
reads() { git rev-parse --show-toplevel > /dev/null && git ls-files -z | xargs -0 cat; }
all=$(best "$tool" --all-operators --format json)
one=$(best "$tool" Op01x --format json)
io=$(best reads)
echo "corpus: ${OPERATORS:-60} operators, $files files, $bytes bytes"
echo "--all-operators: $all ms; assess of one operator: $one ms; git + reading every file: $io ms"
awk -v a="$all" -v o="$one" -v r="$io" 'BEGIN { if (r < 1) r = 1;
  printf "ratio to the reads: --all-operators %.1fx, one operator %.1fx\n", a / r, o / r }'
