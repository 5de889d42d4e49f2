#!/usr/bin/env bash
# What embedding odo costs an op author's build: each translation unit an op author writes with
# odo is compiled beside its anchor (the same TU against Google Benchmark, plain doctest or
# plain GoogleTest), in interleaved rounds of one run, with the same compiler and flags. Prints a
# markdown table: CPU seconds (user+sys) and wall seconds as min / median / max, peak RSS, and
# the CPU ratio of each odo TU to its anchor's median. docs/performance.md records its output.
#
#   tests/perf/compile_cost.sh [ROUNDS] [PATTERN]   (default 5; needs g++, libbenchmark-dev,
#                                                     doctest-dev, libgtest-dev, Boost)
#
# PATTERN (an extended regex) keeps only the units whose name matches it, with their anchors,
# e.g. `tests/perf/compile_cost.sh 12 'oplib TestOpInvert'` times that test and its plain twin.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-5}
pattern=${2:-}
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
  # The drivers as Release builds them: -O2, separate compilation (odo/core/linkage.hpp).
  "tools/optimize_op.cpp|-|tool|tools/optimize_op.cpp"
  "tools/odo_baseline.cpp|-|tool|tools/odo_baseline.cpp"
  "tools/odo_profile.cpp|-|tool|tools/odo_profile.cpp"
  "tools/refactor_op.cpp|-|tool|tools/refactor_op.cpp"
  "tools/odo_campaign.cpp|-|tool|tools/odo_campaign.cpp"
  "tools/layers/repo_surface_baseline.cpp|-|tool|tools/layers/repo_surface_baseline.cpp"
  "tools/layers/review_refactor.cpp|-|tool|tools/layers/review_refactor.cpp"
  "tools/layers/summary_gates.cpp|-|tool|tools/layers/summary_gates.cpp"
)

if [ -n "$pattern" ]; then
  kept=()
  anchors=()
  for entry in "${cases[@]}"; do
    IFS='|' read -r name anchor _ <<<"$entry"
    if [[ $name =~ $pattern ]]; then
      kept+=("$entry")
      [ "$anchor" != - ] && anchors+=("$anchor")
    fi
  done
  for entry in "${cases[@]}"; do
    IFS='|' read -r name _ <<<"$entry"
    for anchor in "${anchors[@]}"; do
      [ "$name" = "$anchor" ] && ! [[ $name =~ $pattern ]] && kept+=("$entry")
    done
  done
  [ ${#kept[@]} -gt 0 ] || { echo "no unit matches '$pattern'" >&2; exit 2; }
  cases=("${kept[@]}")
fi

results=$(mktemp)
trap 'rm -f "$results"' EXIT
for ((round = 1; round <= rounds; ++round)); do
  for entry in "${cases[@]}"; do
    IFS='|' read -r name _ extra source <<<"$entry"
    args=("${flags[@]}")
    [ "$extra" = oplib ] && args+=("${oplib[@]}")
    [ "$extra" = tool ] && args=(-std=c++17 -O2 -DNDEBUG -DODO_SEPARATE_COMPILATION -Iinclude -Itools)
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
# What a driver costs in all: its own TU plus the layer TUs it links, which the drivers share.
layers = [c[0] for c in cases if c[0].startswith("tools/layers/")]
drivers = [c[0] for c in cases if c[2] == "tool" and c[0] not in layers]
def total(names):
    return sum(median_cpu[n] for n in names)
if layers and "tools/optimize_op.cpp" in drivers:
    print()
    print(f"optimize_op, its TU and the {len(layers)} layer TUs: "
          f"{total(['tools/optimize_op.cpp'] + layers):.1f} s CPU (sum of medians)")
    print(f"the {len(drivers)} drivers and the layer TUs they share: "
          f"{total(drivers + layers):.1f} s CPU (sum of medians)")
EOF
