#!/usr/bin/env bash
# The main job: a complete optimization campaign on the bundled example (examples/oplib), in a
# throw-away git repository, with every figure measured on this machine:
#
#   1. preflight on the imported library: GAPs (no Invert system test, no baselines);
#   2. the coverage commit (the system test) and a full-surface baseline measured here;
#   3. preflight again: ready;
#   4. one real perf: change to Invert's host implementation, the pixel tests passing;
#   5. Invert re-measured and imported, the summary initialised (provisional), completed from the
#      run's files and refreshed to final;
#   6. the evidence gate, which must end in PASS;
#   7. every `ref:` of the reports it wrote resolves to a file and heading of the repository.
#
# Everything is left under build/demo/ (ODO_DEMO_DIR): the installed odo (odo/, kept from run to
# run), the repository (oplib/), the MR description (mr-description.md) and every file a figure
# comes from (artifacts/).
#
# Environment: ODO_BUILD_DIR (odo's build folder, default build/release); ODO_DEMO_DIR;
# ODO_DEMO_MIN_TIME (CPU seconds measured per case, entry point and timing, default 0.25).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
min_time=${ODO_DEMO_MIN_TIME:-0.25}
jobs=$(nproc)

demo=$(realpath -m "${ODO_DEMO_DIR:-$root/build/demo}")
# step, the failure line, build_quietly, measure and measure_and_import.
source "$root/scripts/demo-steps.sh"

# --- odo: the gates, the baseline tool, the note writer, and an installed package for oplib ---
odo_build=$(realpath -m "${ODO_BUILD_DIR:-$root/build/release}")
if [ -z "${ODO_BUILD_DIR:-}" ]; then
  bash "$root/scripts/install-deps.sh"
  step "building odo's tools (Release) in $odo_build"
  cmake -S "$root" -B "$odo_build" -DCMAKE_BUILD_TYPE=Release -DODO_BUILD_TESTS=OFF \
        -DODO_BUILD_PERF=OFF >/dev/null
  build_quietly "$odo_build" -j "$jobs"
fi
# The campaign starts afresh; the installed odo stays, for use after the demo, and is updated.
rm -rf "$demo/oplib" "$demo/oplib-build" "$demo/artifacts" "$demo/mr-description.md"
mkdir -p "$demo/artifacts"
cmake --install "$odo_build" --prefix "$demo/odo" >/dev/null
optimize_op=$demo/odo/bin/optimize_op
odo_baseline=$demo/odo/bin/odo_baseline
notes=$odo_build/examples/campaign/odo_campaign_notes
art=$demo/artifacts
repo=$demo/oplib
build=$demo/oplib-build
description=$demo/mr-description.md

# --- the repository: examples/oplib with a SKU map naming this machine as its reference ---
# This machine is a shared host, not a quiet reference GPU: its entry states the quality its
# baselines are held to (the reference's 10 % noise and parity apply to every other SKU), where
# odo_baseline, the evidence gate and --odo-gate read it. Timed by the thread's CPU time, rows
# measured beside busy processes stay within a few percent (docs/performance.md), so 20 % leaves
# the margin a shared machine needs; wall-clock timing needed 40 % noise and 50 % parity and
# still failed under load.
step "laying out the op library as a fresh git repository in $repo"
cp -r "$root/examples/oplib" "$repo"
sku=HOST_$(hostname | tr -c 'A-Za-z0-9\n' '_' | tr 'a-z' 'A-Z')
cat > "$repo/bench/config/sku_map.json" <<EOF
{
    "entries": [
        {
            "gpu_name": "$(hostname) (odo host backend)",
            "power_cap_w": 0,
            "locked_sm_clock_mhz": 0,
            "stem": "$sku",
            "quality": {
                "max_noise_pct": 20,
                "max_parity_pct": 20,
                "max_parity_us": 100
            }
        }
    ]
}
EOF
saved_test=$(mktemp)
mv "$repo/tests/cvcuda/system/TestOpInvert.cpp" "$saved_test"
cd "$repo"
git init -q -b main
git config user.email demo@example.com
git config user.name "odo demo"
git add -A
git commit -qm "chore: import the op library (no Invert system test, no baselines yet)"

step "preflight: Invert before any coverage work (GAPs expected)"
set +e
"$optimize_op" Invert --phase preflight --out "$art/preflight-before.md"
rc=$?
set -e
echo "exit code $rc: a GAP blocks the campaign"
[ "$rc" -eq 1 ]

step "coverage commit: Invert's system test against an independent host reference"
mv "$saved_test" tests/cvcuda/system/TestOpInvert.cpp
git add -A
git commit -qm "test(invert): system test against an independent host reference"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -Dodo_DIR="$demo/odo/lib/cmake/odo" >/dev/null
build_quietly "$build" -j "$jobs"
"$build/cvcuda_test_system" > "$art/pixel-tests-base.txt"
tail -n 3 "$art/pixel-tests-base.txt"

step "a full-surface baseline measured on this machine ($sku)"
measure_and_import before invert flip
cp bench/config/operators/invert.json "$art/invert-baselines-before.json"
"$build/oplib_footprint" --out "$art/footprint-before.json"
git add -A
git commit -qm "bench: baselines measured on $sku"

step "preflight again: ready to optimize"
"$optimize_op" Invert --phase preflight --out "$art/preflight-after.md"

step "perf(invert): one flat, vectorizable pass over packed tensors"
git checkout -q -b campaign
git apply "$root/examples/campaign/perf-invert.patch"
git --no-pager diff --stat
build_quietly "$build" -j "$jobs"
"$build/cvcuda_test_system" > "$art/pixel-tests.txt"
grep -F 'Pixelwise equality to reference' "$art/pixel-tests.txt" | grep -F TestOpInvert || true
tail -n 3 "$art/pixel-tests.txt"
# The Review/refactor gate's evidence: refactor_op's assess of the change, run before committing
# it; the summary's item cites the line the report ends with, and ODO-8 re-runs assess to check it.
"$demo/odo/bin/refactor_op" Invert --phase assess --out "$art/refactor-assess.md" | tail -n 1
git commit -qam "perf(invert): one flat, vectorizable pass over packed tensors"

step "Invert re-measured and imported"
measure_and_import after invert
cp bench/config/operators/invert.json "$art/invert-baselines-after.json"
"$odo_baseline" validate --operator invert --reject-regressions-from main |
  tee "$art/validate.txt"
"$build/oplib_footprint" --out "$art/footprint-after.json"
git commit -qam "bench(invert): re-measure baselines on $sku"

step "profile: the optimized case against the machine's memory roofline"
invert_case=$("$build/bench_invert" --list | grep -F '[layout=NHWC][inputKind=Tensor]' | head -n 1)
"$build/oplib_roofline" --operator invert --case "$invert_case" --out "$art/invert-roofline.json"
"$notes" profile --campaign "$art" --operator Invert --case "$invert_case"

step "summary: initialised (provisional), completed from the run's files, refreshed to final"
"$build/bench_invert" --list --tier basic,advanced | grep -v NCHW_FAKE > "$art/optimized-cases.txt"
"$optimize_op" Invert --phase summary --benchmark-base main \
  --optimized-cases-file "$art/optimized-cases.txt" --state provisional \
  --bottleneck "$(cat "$art/bottleneck.txt")" --profile-evidence "$(cat "$art/profile-evidence.txt")" \
  --out "$description"
"$notes" complete --campaign "$art" --operator Invert --case "$invert_case" \
  --description "$description"
"$optimize_op" Invert --phase summary --results "$description" --out "$description" --state final
cat "$description"

step "evidence gate"
"$optimize_op" Invert --phase evidence --results "$description" --out "$art/evidence.md"

step "every ref: of the campaign's reports resolves in the repository"
"$notes" refs --campaign "$art" --repo "$repo"
echo
echo "MR description: $description"
echo "Artifacts:      $art"
echo "Repository:     $repo (branch campaign, base main)"
