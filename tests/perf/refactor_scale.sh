#!/usr/bin/env bash
# refactor_op at scale (#17, #28.6): a generated library of N operators with real-sized sources (a
# public header with its Limitations table, ~25 kernels and helpers of 8-30 lines per operator, a
# binding; every fifth operator repeats a kernel of its neighbour), committed to git. Times
# `--all-operators` and the assess of one operator side by side with the reads they need (the
# floor: git's top level and every file of the tree read once, `git ls-files | xargs cat`), each
# repetition running every command once in turn, so a busy machine slows them alike. Prints, per
# command, the best wall and CPU (user + system, the command and its children) and the ratio to
# the floor's of the same repetition, min / median / max. With BEFORE=path/to/another/refactor_op
# that build runs in the same repetitions, and its reports are compared byte for byte with these.
#
#   [OPERATORS=60] [REPEAT=11] [BEFORE=old/refactor_op] tests/perf/refactor_scale.sh [refactor_op]
#   (default build/perf/tools/refactor_op, a Release build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tool=$(realpath "${1:-$root/build/perf/tools/refactor_op}")
before=${BEFORE:+$(realpath "$BEFORE")}
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
echo "corpus: ${OPERATORS:-60} operators, $(git ls-files | wc -l) files, $(git ls-files -z | xargs -0 cat | wc -c) bytes"
if [ -n "$before" ]; then
  for args in "--all-operators --format json" "--all-operators --format md" \
              "Op00x --format json" "Op01x --format md" "Op05x --format json"; do
    # shellcheck disable=SC2086
    if ! cmp -s <("$tool" $args) <("$before" $args); then echo "reports differ: $args"; exit 1; fi
  done
  echo "reports identical to BEFORE's (--all-operators, Op00x, Op01x, Op05x)"
fi

REPEAT=${REPEAT:-11} python3 - "$tool" "$before" <<'PY'
import os, statistics, subprocess, sys, time
tool, before = sys.argv[1], sys.argv[2]
commands = {"floor": ["bash", "-c", "git rev-parse --show-toplevel >/dev/null && git ls-files -z | xargs -0 cat >/dev/null"],
            "one operator": [tool, "Op01x", "--format", "json"],
            "--all-operators": [tool, "--all-operators", "--format", "json"]}
if before:
    commands["one operator (BEFORE)"] = [before, "Op01x", "--format", "json"]
    commands["--all-operators (BEFORE)"] = [before, "--all-operators", "--format", "json"]
def run(argv):  # wall and CPU seconds of one run, its children included
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{argv} failed")
    return wall, usage.ru_utime + usage.ru_stime
runs = {name: [] for name in commands}
for r in range(int(os.environ["REPEAT"])):
    names = list(commands)
    for name in names[r % len(names):] + names[:r % len(names)]:
        runs[name].append(run(commands[name]))
floor = runs["floor"]
print(f"{'command':26} {'best wall ms':>12} {'best CPU ms':>11}   wall ratio min/median/max   CPU ratio min/median/max")
for name, values in runs.items():
    line = f"{name:26} {min(w for w, _ in values) * 1e3:12.1f} {min(c for _, c in values) * 1e3:11.1f}"
    if name != "floor":
        for k in (0, 1):
            ratios = sorted(v[k] / max(f[k], 1e-3) for v, f in zip(values, floor))
            line += f"   {ratios[0]:6.1f} / {statistics.median(ratios):6.1f} / {ratios[-1]:6.1f}x"
    print(line)
PY
