#!/usr/bin/env bash
# What embedding odo costs an op author's build: each translation unit an op author writes with
# odo is compiled beside its anchor (the same TU against Google Benchmark, plain doctest or
# plain GoogleTest), in interleaved rounds of one run, with the same compiler and flags. Prints a
# markdown table: CPU seconds (user+sys) and wall seconds as min / median / max, peak RSS, and
# the CPU ratio of each odo TU to its anchor's median. docs/performance.md records its output.
#
#   tests/perf/compile_cost.sh [ROUNDS]        (default 5; needs g++, libbenchmark-dev,
#                                                doctest-dev, libgtest-dev, Boost)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
cxx=${CXX:-g++}
flags=(-std=c++17 -O2 -Iinclude)
oplib=(-Iexamples/oplib/src/nvcv/include -Iexamples/oplib/src/cvcuda/include
       -Iexamples/oplib/python/mod_cvcuda -Iexamples/oplib/bench/cpp/ops
       '-DODO_BENCH_CONFIG="invert.json"')
tus=tests/perf/compile_cost

# name | anchor name ('-' for none) | extra flags | source
cases=(
  "bench body (odo)|bench body (Google Benchmark)||$tus/bench_body.cpp"
  "bench body (Google Benchmark)|-||$tus/gbench_body.cpp"
  "pixel test (odo, doctest)|plain doctest test||$tus/pixel_doctest.cpp"
  "plain doctest test|-||$tus/plain_doctest.cpp"
  "pixel test (odo, GoogleTest)|plain GoogleTest test||$tus/pixel_gtest.cpp"
  "plain GoogleTest test|-||$tus/plain_gtest.cpp"
  "oplib BenchInvert.cpp|oplib Invert benchmark (Google Benchmark)|oplib|examples/oplib/bench/cpp/ops/BenchInvert.cpp"
  "oplib Invert benchmark (Google Benchmark)|-|oplib|$tus/oplib_bench_gbench.cpp"
  "oplib TestOpInvert.cpp|oplib Invert test (plain doctest)|oplib|examples/oplib/tests/cvcuda/system/TestOpInvert.cpp"
  "oplib Invert test (plain doctest)|-|oplib|$tus/oplib_test_plain.cpp"
  "tools/optimize_op.cpp (Release, -O2)|-|release|tools/optimize_op.cpp"
)

results=$(mktemp)
trap 'rm -f "$results"' EXIT
for ((round = 1; round <= rounds; ++round)); do
  for entry in "${cases[@]}"; do
    IFS='|' read -r name _ extra source <<<"$entry"
    args=("${flags[@]}")
    [ "$extra" = oplib ] && args+=("${oplib[@]}")
    [ "$extra" = release ] && args=(-std=c++17 -O2 -DNDEBUG -Iinclude -Itools)
    measured=$( { /usr/bin/time -f '%U %S %e %M' "$cxx" "${args[@]}" -c "$source" -o /dev/null; } 2>&1 |
               tail -n 1)
    echo "$name|$measured" >>"$results"
  done
  echo "round $round of $rounds done" >&2
done

python3 - "$results" "${cases[@]}" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, figures = line.rstrip("\n").split("|")
    user, system, wall, rss = figures.split()
    rows.setdefault(name, []).append((float(user) + float(system), float(wall), int(rss)))
cases = [c.split("|") for c in sys.argv[2:]]
median_cpu = {name: statistics.median(r[0] for r in rows[name]) for name in rows}
def spread(values):
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"
print("| translation unit | CPU s (min / median / max) | wall s (min / median / max) "
      "| peak RSS MB | anchor | CPU ratio to anchor |")
print("|---|---|---|---|---|---|")
for name, anchor, _, _ in cases:
    r = rows[name]
    ratio = f"{median_cpu[name] / median_cpu[anchor]:.2f}x" if anchor != "-" else ""
    print(f"| {name} | {spread([x[0] for x in r])} | {spread([x[1] for x in r])} "
          f"| {max(x[2] for x in r) // 1024} | {anchor if anchor != '-' else ''} | {ratio} |")
EOF
