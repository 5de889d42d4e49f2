#!/usr/bin/env bash
# The main job: a complete optimization campaign on the bundled example (examples/oplib), in a
# throw-away git repository, with every figure measured on this machine:
#
#   1. preflight on the imported library: GAPs (no Invert system test, no baselines);
#   2. the coverage commit (the system test) and a full-surface baseline measured here;
#   3. preflight again: ready;
#   4. Invert profiled against the host's memory roofline (odo_profile --host-roofline);
#   5. lead 1, one real perf: change to Invert's host implementation, the pixel tests passing,
#      measured against the build before it: odo computes win or strike; a win is kept,
#      re-measured, imported and profiled again;
#   6. below the ridge, more leads (examples/campaign/leads), each measured the same way, until
#      the ridge or three strikes after the last win;
#   7. the summary initialised (provisional), completed from the run's files, refreshed to final;
#   8. the evidence gate, which must end in PASS (ODO-4 from the campaign ledger);
#   9. every `ref:` of the reports it wrote resolves to a file and heading of the repository.
#
# Everything is left under build/demo/ (ODO_DEMO_DIR): the installed odo (odo/, kept from run to
# run), the repository (oplib/), the MR description (mr-description.md) and every file a figure
# comes from (artifacts/).
#
# Environment: ODO_BUILD_DIR (odo's build folder, default build/release); ODO_DEMO_DIR;
# ODO_DEMO_MIN_TIME (CPU seconds measured per case, entry point and timing, default 0.25);
# ODO_DEMO_RIDGE_PCT (the BWUtil the roofline must reach to stop the loop, default 80: the test
# suite sets 1000 to drive the leads and three strikes with real measurements).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
min_time=${ODO_DEMO_MIN_TIME:-0.25}
jobs=$(nproc)

demo=$(realpath -m "${ODO_DEMO_DIR:-$root/build/demo}")
# step, the failure line, build_quietly, measure and measure_and_import.
source "$root/scripts/demo-steps.sh"

# Every step of the loop is a record of the campaign ledger (bench/campaigns/OpInvert.ledger.jsonl,
# committed with the campaign), written by odo_campaign; `odo_campaign Invert status` is printed
# after each step: where the campaign stands and the next step's command.
#
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
odo_profile=$demo/odo/bin/odo_profile
odo_campaign=$demo/odo/bin/odo_campaign
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

# Where the campaign stands and what comes next, from its ledger (indented under the step).
status() { # [odo_campaign status options]
  "$odo_campaign" Invert status --artifacts "$art" "$@" | sed 's/^/    /'
}
stopped() { ! "$odo_campaign" Invert status --artifacts "$art" | grep -qxF -- '- Stop: none'; }

step "preflight: Invert before any coverage work (GAPs expected)"
set +e
"$optimize_op" Invert --phase preflight --out "$art/preflight-before.md"
rc=$?
"$optimize_op" Invert --phase preflight --format json --out "$art/preflight-before.json" >/dev/null
set -e
echo "exit code $rc: a GAP blocks the campaign"
[ "$rc" -eq 1 ]
status --preflight "$art/preflight-before.json"

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
status

# A kept change's checks before its commit: the pixel tests on it, and refactor_op's assess of the
# change (the Review/refactor gate's evidence: the summary's item cites the line the report ends
# with, and ODO-8 re-runs assess to check it).
test_and_assess() { # lead id
  local report=$art/refactor-assess-$1.md
  build_quietly "$build" -j "$jobs"
  "$build/cvcuda_test_system" > "$art/pixel-tests.txt"
  grep -F 'Pixelwise equality to reference' "$art/pixel-tests.txt" | grep -F TestOpInvert || true
  tail -n 3 "$art/pixel-tests.txt"
  "$demo/odo/bin/refactor_op" Invert --phase assess --out "$report" | tail -n 1
  "$odo_campaign" Invert review --report "$report" --artifacts "$art"
  cp "$report" "$art/refactor-assess.md" # the latest, which the summary's item cites
}

# Invert measured again after a kept change, imported, held to the regression gate, its footprint.
remeasure_invert() { # what
  measure_and_import after invert
  cp bench/config/operators/invert.json "$art/invert-baselines-after.json"
  "$odo_baseline" validate --operator invert --reject-regressions-from main |
    tee "$art/validate.txt"
  "$build/oplib_footprint" --out "$art/footprint-after.json"
  git add bench/campaigns
  git commit -qam "bench(invert): re-measure baselines on $sku after $1"
}

# The optimized case against the machine's memory roofline (odo's host roofline: the case timed
# against a memcpy of the bytes it moves, alternating rounds), recorded in the ledger; the case
# stands for the cases of Invert's surface that run the same host code as it, all but the other
# dtype's, which is profiled once on its own (one profile standing for every other case is the
# author's claim alone, which the evidence gate leaves to a reviewer).
profiles=0
profile_case() { # case record [--represents KEY]...
  local key=$1 record=$2
  shift 2
  "$odo_profile" --bench "$build/bench_invert" --case "$key" --host-roofline \
    --record "$record" ${ODO_DEMO_RIDGE_PCT:+--ridge-pct "$ODO_DEMO_RIDGE_PCT"} |
    grep -E '^(Classification|Ceiling):'
  "$odo_campaign" Invert profile --report "$record" --artifacts "$art" "$@" \
    ${ODO_DEMO_RIDGE_PCT:+--ridge-pct "$ODO_DEMO_RIDGE_PCT"}
}
profile_invert() {
  profiles=$((profiles + 1))
  local represents=()
  while read -r key; do
    [ "$key" = "$invert_case" ] || [ "$key" = "$float_case" ] || represents+=(--represents "$key")
  done < <("$build/bench_invert" --list --tier basic,advanced)
  profile_case "$invert_case" "$art/invert-roofline-$profiles.json" "${represents[@]}"
  status
}

# One lead of the loop: opened in the ledger, its change applied, the build before it (the
# yardstick) and the build with it measured case by case, alternating; odo computes win or strike
# from the two (docs/campaign.md). A win is tested, reviewed (refactor_op assess), committed, and
# its evaluation recorded at that commit; Invert is then re-measured, imported and profiled again.
# A strike is reverted and recorded at HEAD.
try_lead() { # id patch hypothesis
  local id=$1 patch=$2 hypothesis=$3 runs=$art/invert-lead-$1
  "$odo_campaign" Invert lead --id "$id" --hypothesis "$hypothesis" --category memory \
    --target "$invert_case"
  git apply "$patch"
  build_quietly "$build" -j "$jobs" --target bench_invert
  measure_lead invert "$lead_base/bench_invert" "$build/bench_invert" "$runs"
  local judge=(Invert evaluate --lead "$id" --before "$runs/before" --after "$runs/after"
    --artifacts "$art")
  if "$odo_campaign" "${judge[@]}" --dry-run | tee "$art/invert-lead-$id.txt" | grep -qxF "$id: win"; then
    sed 's/^/  /' "$art/invert-lead-$id.txt"
    test_and_assess "$id"
    git add bench/campaigns
    git commit -qam "perf(invert): $hypothesis"
    "$odo_campaign" "${judge[@]}" --kept "$(git rev-parse HEAD)"
    remeasure_invert "$hypothesis"
    profile_invert
    cp "$build/bench_invert" "$lead_base/bench_invert" # the build of the new HEAD
  else
    sed 's/^/  /' "$art/invert-lead-$id.txt"
    git apply -R "$patch"
    "$odo_campaign" "${judge[@]}" >/dev/null
    status
  fi
}

step "profile: Invert's dominant case against the machine's memory roofline"
git checkout -q -b campaign
invert_case=$("$build/bench_invert" --list | grep -F '[layout=NHWC][inputKind=Tensor]' | head -n 1)
float_case=$("$build/bench_invert" --list --tier basic,advanced | grep -F '[InOutDataType=float3]' |
  head -n 1)
profile_invert
profile_case "$float_case" "$art/invert-roofline-float3.json"

lead_base=$demo/lead-yardstick
rm -rf "$lead_base" && mkdir "$lead_base"
cp "$build/bench_invert" "$lead_base/bench_invert" # the build of HEAD: each lead's yardstick
step "lead L1, perf(invert): one flat, vectorizable pass over packed tensors"
git --no-pager apply --stat "$root/examples/campaign/perf-invert.patch"
try_lead L1 "$root/examples/campaign/perf-invert.patch" \
  "one flat, vectorizable pass over packed tensors"

# Below the ridge the loop goes on until the ridge or three strikes after the last win: each lead
# of examples/campaign/leads is a real change, tried as L1 was.
n=1
for patch in "$root"/examples/campaign/leads/*.patch; do
  stopped && break
  n=$((n + 1))
  name=$(sed -n '1s/^Lead: //p' "$patch")
  step "lead L$n, below the ridge: $name"
  if ! git apply --check "$patch" 2>/dev/null; then
    echo "  does not apply on top of the kept changes; not tried"
    continue
  fi
  try_lead "L$n" "$patch" "$name"
done
rm -rf "$lead_base"
if ! stopped; then
  failure="the leads ran out before a stop condition held ($n lead(s) measured, ledger \
bench/campaigns/OpInvert.ledger.jsonl; \`odo_campaign Invert status\` in $repo says where it stands); \
add a lead to examples/campaign/leads or run again on a quieter machine"
  exit 1
fi
if [ -n "$(git status --porcelain bench/campaigns)" ]; then
  git add bench/campaigns
  git commit -qm "bench(invert): the campaign ledger's last records"
fi
build_quietly "$build" -j "$jobs" # the build of HEAD again, after the last lead tried
status

step "summary: initialised (provisional), completed from the run's files, refreshed to final"
"$build/bench_invert" --list --tier basic,advanced | grep -v NCHW_FAKE > "$art/optimized-cases.txt"
"$optimize_op" Invert --phase summary --benchmark-base main \
  --optimized-cases-file "$art/optimized-cases.txt" --state provisional --out "$description"
"$notes" complete --campaign "$art" --operator Invert --case "$invert_case" \
  --description "$description" --ledger bench/campaigns/OpInvert.ledger.jsonl
"$optimize_op" Invert --phase summary --results "$description" --out "$description" --state final
cat "$description"

step "evidence gate"
"$optimize_op" Invert --phase evidence --results "$description" --artifacts "$art" \
  --out "$art/evidence.md"

step "the campaign re-checked from a fresh clone: its cited files from the published store"
# A reviewer holds what the merge request pushed: the branch, and the evidence store fetched by
# its ref (docs/campaign.md, "Re-checking a campaign you did not run"). Nothing beside the clone:
# no artifacts folder, no build.
clone=$demo/clone
rm -rf "$clone"
git clone -q --branch campaign "$repo" "$clone"
git -C "$clone" fetch -q origin '+refs/odo/evidence:refs/odo/evidence'
"$optimize_op" Invert --repo "$clone" --phase evidence --base origin/main \
  --results "$description" --out "$art/evidence-clone.md"
grep -F '**evidence verdict: PASS**' "$art/evidence-clone.md"
"$odo_campaign" Invert status --repo "$clone" | grep -E '^- (Stop|Wins|Evidence store):'
# What the store adds to the repository: its files, their bytes, and the pack a fetch carries.
git ls-tree -l refs/odo/evidence |
  awk '{ n++; s += $4 } END { printf "evidence store: %d files, %d bytes", n, s }'
git rev-list --objects refs/odo/evidence --not --branches | git pack-objects --stdout -q |
  wc -c | awk '{ printf ", %d bytes packed\n", $1 }'

step "every ref: of the campaign's reports resolves in the repository"
"$notes" refs --campaign "$art" --repo "$repo"
echo
echo "MR description: $description"
echo "Artifacts:      $art"
echo "Repository:     $repo (branch campaign, base main)"
