#!/usr/bin/env bash
# Runs ci/gitlab/odo.gitlab-ci.yml under gitlab-ci-local on examples/oplib, on this one machine:
# two host SKUs declared in the example's SKU map, two shards each, the measure matrix's four
# jobs feeding the import job, then the summary and evidence jobs of a whole campaign:
#
#   1. on main: the baselines measured and merged (every row new, the gate passes); committed;
#      the preflight job then passes with a JUnit report of every PRE check;
#   2. a planted regression: the import job of main's measurements gated against a base whose
#      HOST_B rows are twice as fast: it fails, its JUnit report names HOST_B and the cases;
#   3. a hostile branch: `odo` committed as a link out of the checkout, `odo/mr-description.md`
#      and `odo/summary/mr-description.md` committed as links, a forged run artifact committed
#      under `odo/runs/`: each job run on it is refused and nothing is written outside;
#   4. figures measured elsewhere committed for unchanged code: the import job warns that the rows
#      moved beyond their noise although no source of the operator changed;
#   5. one shard's artifacts removed: the import job fails naming the shard and its cases;
#   6. the campaign, as scripts/demo.sh makes it, on record in its ledger (odo_campaign): the
#      dominant case profiled, lead L1 opened, the perf commit of examples/campaign with its pixel
#      tests and refactor assessment, its baselines measured by the pipeline and committed, L1
#      evaluated from the pipeline's run artifacts (kept outside the checkout: each record
#      publishes what it cites under refs/odo/evidence), profiled again at the ridge; the MR
#      description written from the ledger and the measurements (odo_campaign_notes); then the
#      whole pipeline, preflight to evidence, passes, the evidence job's JUnit report holds every
#      ODO check of a change (ODO-1 to ODO-12) without a failure, and its ODO-4 is the ledger's,
#      every cited file read back from the store; the summary job publishes the merged
#      configuration it used beside the description, which names it.
#
# Environment: ODO_BUILD_DIR (odo's build folder with the tools built, default: a Release build
# in build/gitlab-ci/odo-build); ODO_GITLAB_CI_DIR (default build/gitlab-ci).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(realpath -m "${ODO_GITLAB_CI_DIR:-$root/build/gitlab-ci}")
jobs=$(nproc)
step() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }
fail() {
  echo "check-gitlab-ci.sh: FAILED: $*" >&2
  exit 1
}

step "gitlab-ci-local 4.60.0 (the last release for Node 20) and rsync"
command -v rsync >/dev/null || { apt-get update -q && apt-get install -y -q rsync; }
if [ "$(gitlab-ci-local --version 2>/dev/null || true)" != "4.60.0" ]; then
  npm install -g --no-audit --no-fund gitlab-ci-local@4.60.0
fi

step "odo's tools and an installed odo in $work"
odo_build=$(realpath -m "${ODO_BUILD_DIR:-$work/odo-build}")
if [ -z "${ODO_BUILD_DIR:-}" ]; then
  cmake -S "$root" -B "$odo_build" -DCMAKE_BUILD_TYPE=Release -DODO_BUILD_TESTS=OFF \
        -DODO_BUILD_PERF=OFF >/dev/null
  cmake --build "$odo_build" -j "$jobs" --target optimize_op odo_baseline odo_profile refactor_op \
    odo_campaign odo_campaign_notes >/dev/null
fi
rm -rf "$work/odo" "$work/oplib" "$work/oplib-build" "$work/campaign" "$work/mr-description.md" \
  "$work/outside"
cmake --install "$odo_build" --prefix "$work/odo" >/dev/null

step "examples/oplib as a git repository including the template; its benchmark and campaign tools"
repo=$work/oplib
cp -r "$root/examples/oplib" "$repo"
mkdir -p "$repo/ci/gitlab"
# The template as `cmake --install` puts it.
cp "$work/odo/share/odo/ci/gitlab/odo.gitlab-ci.yml" "$repo/ci/gitlab/"
# Two host SKUs, both this machine: a shared host's quality limits, as scripts/demo.sh states.
sku_entry() { # stem
  printf '{"gpu_name": "host %s (odo host backend)", "power_cap_w": 0, "locked_sm_clock_mhz": 0, ' "$1"
  printf '"stem": "%s", "quality": {"max_noise_pct": 60, "max_parity_pct": 80, "max_parity_us": 5000}}' "$1"
}
printf '{"entries": [%s, %s]}\n' "$(sku_entry HOST_A)" "$(sku_entry HOST_B)" > "$repo/bench/config/sku_map.json"
cat > "$repo/.gitlab-ci.yml" <<EOF
include:
  - local: ci/gitlab/odo.gitlab-ci.yml
variables:
  ODO_OPERATOR: Invert
  ODO_BENCH: $work/oplib-build/bench_invert
  ODO_BENCH_ARGS: "--tier basic,advanced --timing batch --min-time 0.05"
  ODO_LANGUAGES: "cpp python"
  ODO_RUNS: "2" # ODO-7 cannot tell a baseline of one run from a regression
  ODO_SHARDS: "2"
  ODO_HOST_SKU: "true"
  ODO_BIN: $work/odo/bin
  ODO_BASE: main
  ODO_REGRESSION_PCT: "60"
odo-measure:
  parallel:
    matrix:
      - ODO_SKU: [HOST_A, HOST_B]
        ODO_RUNNER_TAG: host
        ODO_SHARD: ["1", "2"]
EOF
oplib_targets="bench_invert cvcuda_test_system oplib_footprint oplib_roofline"
cmake -S "$repo" -B "$work/oplib-build" -DCMAKE_BUILD_TYPE=Release -Dodo_DIR="$work/odo/lib/cmake/odo" >/dev/null
# shellcheck disable=SC2086 # the target list
cmake --build "$work/oplib-build" -j "$jobs" --target $oplib_targets >/dev/null
cd "$repo"
git init -q -b main
git config user.email ci@example.com
git config user.name "odo gitlab-ci check"
printf '.gitlab-ci-local/\nodo/\n' >> .gitignore
git add -A
git commit -qm "chore: the op library with odo's GitLab CI template"
# The campaign's files, named as scripts/demo.sh names them: odo_campaign_notes reads them.
art=$work/campaign
mkdir -p "$art"
"$work/oplib-build/oplib_footprint" --out "$art/footprint-before.json" >/dev/null

artifacts=$repo/.gitlab-ci-local/artifacts
ci() { # log gitlab-ci-local-arguments...
  local log=$work/$1.log
  shift
  gitlab-ci-local --shell-isolation "$@" > "$log" 2>&1
}
junit_failures() { # report: "name<TAB>text" of each failing testcase
  python3 - "$1" <<'EOF'
import sys, xml.etree.ElementTree as ET
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    failure = case.find("failure")
    if failure is not None:
        print(case.get("name") + "\t" + (failure.text or "").replace("\n", " "))
EOF
}
# The run artifacts the measure jobs uploaded, copied to a folder of the campaign.
keep_runs() { # folder
  mkdir -p "$1"
  find "$artifacts" -path '*odo-measure*' -name '*.json' -exec cp {} "$1/" \;
}
# The operator's config as committed, HOST_A's rows only: odo_campaign_notes writes the
# description's notes from one SKU's figures.
host_a_baselines() { # out
  python3 - bench/config/operators/invert.json "$1" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
for config in doc["configs"].values():
    for skus in config.get("baselines", {}).values():
        for sku in [s for s in skus if s != "HOST_A"]:
            del skus[sku]
json.dump(doc, open(sys.argv[2], "w"), indent=4)
EOF
}

step "pipeline 1 on main: measure 2 SKUs x 2 shards, import, gate (log: $work/main.log)"
ci main --needs odo-import || { tail -n 40 "$work/main.log"; fail "the pipeline on main failed"; }
cp "$artifacts/odo-import/odo/import/invert.json" bench/config/operators/invert.json
git add bench/config/operators/invert.json
git commit -qm "bench(invert): baselines on HOST_A and HOST_B from the CI pipeline"
echo "committed $(grep -c '"HOST_B"' bench/config/operators/invert.json) HOST_B row(s)"
[ -z "$(junit_failures "$artifacts/odo-import/odo/import/import.xml")" ] ||
  fail "the import job's JUnit report on main has failures"
keep_runs "$art/invert-before"
host_a_baselines "$art/invert-baselines-before.json"

step "preflight job on main with the baselines committed: ready, its JUnit report without failure"
ci preflight odo-preflight || { tail -n 40 "$work/preflight.log"; fail "the preflight job failed"; }
[ -z "$(junit_failures "$artifacts/odo-preflight/odo/preflight/preflight.xml")" ] ||
  fail "the preflight job's JUnit report has failures"
grep -c "<testcase" "$artifacts/odo-preflight/odo/preflight/preflight.xml" | sed 's/$/ preflight testcase(s), none failed/'

step "a planted regression: main's measurements gated against a base with HOST_B twice as fast"
git checkout -q -b planted
python3 - bench/config/operators/invert.json <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
for config in doc["configs"].values():
    for skus in config["baselines"].values():
        for field in ("gpu_time_us_cpp", "gpu_time_us_python"):
            if field in skus["HOST_B"]:
                skus["HOST_B"][field] /= 2
json.dump(doc, open(sys.argv[1], "w"), indent=4)
EOF
git commit -qam "test: HOST_B baselines twice as fast"
git checkout -q main
# The import job alone reuses pipeline 1's measure artifacts: the figures main committed.
if ci planted odo-import --variable ODO_BASE=planted; then
  fail "the import job passed a planted regression on HOST_B"
fi
failures=$(junit_failures "$artifacts/odo-import/odo/import/import.xml")
echo "$failures" | head -n 4
[ -n "$failures" ] || fail "the import job's JUnit report has no failure"
echo "$failures" | grep -q "^BASE-REGRESSION invert HOST_B invert_" ||
  fail "no JUnit failure names HOST_B and a case"
! echo "$failures" | grep -q "HOST_A" || fail "a JUnit failure names HOST_A, which was not planted"

step "a hostile branch: odo committed as a link out of the checkout, the description as links, a forged run artifact"
# A folder outside the checkout holding one secret: a job must neither write there nor upload it.
outside=$work/outside
mkdir -p "$outside"
printf 'outside the checkout\n' > "$outside/secret"
nothing_outside() { # what job
  [ "$(ls -A "$outside")" = secret ] && [ "$(cat "$outside/secret")" = "outside the checkout" ] ||
    { ls -la "$outside"; fail "$1 wrote outside the checkout"; }
  ! grep -Rqs "outside the checkout" "$artifacts/$2" || fail "$1 uploaded a file from outside"
}
hostile() { # what job log: runs the job on the branch as the caller left it; it must be refused
  git add -f odo
  git commit -qm "test: a branch committing $1"
  if ci "hostile-$3" "$2" --variable "CI_MERGE_REQUEST_DESCRIPTION=* * * * * root planted"; then
    fail "the $2 job passed on a branch committing $1"
  fi
  grep -F "odo: refused: the branch commits odo" "$work/hostile-$3.log" ||
    { tail -n 20 "$work/hostile-$3.log"; fail "the $2 job did not refuse a branch committing $1"; }
  nothing_outside "the $2 job on a branch committing $1" "$2"
  rm -rf odo # what gitlab-ci-local copied back into the working tree (--artifacts-to-source)
  git checkout -q -f main
}
hostile_branch() { # name: a branch from main without the odo/ gitlab-ci-local copied back
  git checkout -q -b "$1" main
  rm -rf odo
}
hostile_branch hostile-link
ln -s "$outside" odo
hostile "odo as a link" odo-preflight link
git ls-tree hostile-link odo | grep -q "^120000 " ||
  fail "the branch did not commit odo itself as a symbolic link"
hostile_branch hostile-description
mkdir -p odo/summary
ln -s "$outside/planted" odo/mr-description.md
ln -s "$outside/secret" odo/summary/mr-description.md
hostile "the description as links" odo-summary description
hostile_branch hostile-runs
mkdir -p odo/runs
forged=$(find "$artifacts"/odo-measure* -name 'HOST_A-shard1-*-cpp-run1.json' | head -n 1)
[ -n "$forged" ] || fail "no artifact of HOST_A's shard 1 under $artifacts"
sed 's/"n_runs": 1,/"n_runs": 1000,/' "$forged" > odo/runs/HOST_A-shard1-of2-cpp-run3.json
# Even given to odo_baseline directly, the forged weight is refused, naming the file and field.
if "$work/odo/bin/odo_baseline" import --from odo/runs --dry-run 2> "$work/forged.err"; then
  fail "odo_baseline imported an artifact claiming 1000 runs"
fi
grep -m 1 "odo/runs/HOST_A-shard1-of2-cpp-run3.json: .*: n_runs must be 1 in a run artifact" \
  "$work/forged.err" || fail "odo_baseline did not name the forged artifact's n_runs"
hostile "a run artifact" odo-import runs

step "figures of a slower machine committed for unchanged code: the import job warns (log: $work/workstation.log)"
git checkout -q -b workstation main
python3 - bench/config/operators/invert.json <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
for config in doc["configs"].values():
    for skus in config["baselines"].values():
        for field in ("gpu_time_us_cpp", "gpu_time_us_python", "gpu_noise_us_cpp", "gpu_noise_us_python"):
            skus["HOST_A"][field] *= 4
json.dump(doc, open(sys.argv[1], "w"), indent=4)
EOF
git commit -qam "bench(invert): HOST_A baselines from a workstation four times slower"
ci workstation odo-import --variable ODO_BASE=main ||
  { tail -n 40 "$work/workstation.log"; fail "the import job failed on figures of a slower machine"; }
grep -m 2 "warning: invert: HOST_A " "$work/workstation.log" ||
  fail "the import job did not warn about HOST_A's rows, which moved with the code unchanged"
! grep -q "warning: invert: HOST_B " "$work/workstation.log" ||
  fail "the import job warned about HOST_B's rows, which did not move"
grep -F "moved beyond their noise although no source of their operator changed since main" \
  "$work/workstation.log"
git checkout -q main

step "shard 2 of HOST_B's artifacts removed: the import must name the shard and its cases"
removed=$(find "$artifacts" -name 'HOST_B-shard2-*.json' -print -delete)
[ -n "$removed" ] || fail "no artifact of HOST_B's shard 2 found under $artifacts"
if ci absent odo-import; then
  fail "the import job passed without HOST_B's shard 2"
fi
grep -F "missing from the inputs: HOST_B shard 2/2 (no artifact of it arrived)" "$work/absent.log" ||
  { tail -n 40 "$work/absent.log"; fail "the import job did not name the missing shard"; }
grep -E "missing from the inputs: HOST_B .*\(shard 2/2\)" "$work/absent.log" | head -n 3 ||
  { tail -n 40 "$work/absent.log"; fail "the import job did not name the missing cases"; }

step "the campaign on record: the dominant case profiled, lead L1, the perf commit, its checks"
git checkout -q -b campaign
bench=$work/oplib-build/bench_invert
odo_campaign=$work/odo/bin/odo_campaign
invert_case=$("$bench" --list | grep -F '[layout=NHWC][inputKind=Tensor]' | head -n 1)
float_case=$("$bench" --list --tier basic,advanced | grep -F '[InOutDataType=float3]' | head -n 1)
# A host roofline of `key`, recorded against a ridge of `ridge` %: the loop's stop rule is not
# under test here (example_campaign drives both of its branches), so the ridge is out of reach
# before L1, and the loop stops at three strikes whatever a busy CI machine reads.
profile_case() { # key record ridge [--represents KEY]...
  local key=$1 record=$2 ridge=$3
  shift 3
  "$work/odo/bin/odo_profile" --bench "$bench" --case "$key" --host-roofline --record "$record" \
    --ridge-pct "$ridge" >/dev/null
  "$odo_campaign" Invert profile --report "$record" --ridge-pct "$ridge" --artifacts "$art" "$@"
}
profile_invert() { # record ridge: the dominant case, standing for all but the other dtype's cases
  local represents=() key
  while read -r key; do
    [ "$key" = "$invert_case" ] || [ "$key" = "$float_case" ] || represents+=(--represents "$key")
  done < <("$bench" --list --tier basic,advanced)
  profile_case "$invert_case" "$1" "$2" "${represents[@]}"
}
profile_invert "$art/invert-roofline-1.json" 1000
profile_case "$float_case" "$art/invert-roofline-float3.json" 1000
"$odo_campaign" Invert lead --id L1 --category memory --target "$invert_case" \
  --hypothesis "one flat, vectorizable pass over packed tensors"
git apply "$root/examples/campaign/perf-invert.patch"
# shellcheck disable=SC2086 # the target list
cmake --build "$work/oplib-build" -j "$jobs" --target $oplib_targets >/dev/null
"$work/oplib-build/cvcuda_test_system" > "$art/pixel-tests.txt"
tail -n 1 "$art/pixel-tests.txt"
"$work/odo/bin/refactor_op" Invert --phase assess --out "$art/refactor-assess.md" | tail -n 1
"$odo_campaign" Invert review --report "$art/refactor-assess.md" --artifacts "$art"
git add bench/campaigns
git commit -qam "perf(invert): one flat, vectorizable pass over packed tensors"

step "pipeline 2 on the campaign: its baselines measured and committed (log: $work/remeasure.log)"
ci remeasure --needs odo-import ||
  { tail -n 40 "$work/remeasure.log"; fail "the pipeline on the campaign failed"; }
cp "$artifacts/odo-import/odo/import/invert.json" bench/config/operators/invert.json
git commit -qam "bench(invert): re-measured by the CI pipeline on HOST_A and HOST_B"
keep_runs "$art/invert-after"
host_a_baselines "$art/invert-baselines-after.json"
# L1 judged from the two pipelines' C++ runs on HOST_A (win or strike, whichever the figures say),
# recorded at the commit that keeps it; the dominant case profiled again. Then three leads that
# change nothing, each the build of HEAD timed against itself: three strikes, the stop condition.
for side in before after; do
  mkdir -p "$art/l1-$side"
  cp "$art/invert-$side"/HOST_A-*-cpp-*.json "$art/l1-$side/"
done
"$odo_campaign" Invert evaluate --lead L1 --before "$art/l1-before" --after "$art/l1-after" \
  --kept "$(git rev-parse HEAD~1)" --artifacts "$art"
profile_invert "$art/invert-roofline-2.json" 1000
for id in L2 L3 L4; do
  "$odo_campaign" Invert lead --id "$id" --category launch --target "$invert_case" \
    --hypothesis "a probe of the template's check: the build of HEAD against itself"
  "$odo_campaign" Invert evaluate --lead "$id" --before "$art/l1-after" --after "$art/l1-after" \
    --artifacts "$art" | tail -n 1
done
"$odo_campaign" Invert status --artifacts "$art" | grep -E '^- (Wins|Stop|Evidence store):' 
git add bench/campaigns
git commit -qm "bench(invert): the campaign ledger, L1 evaluated and the dominant case profiled again"
"$work/odo/bin/odo_baseline" validate --operator invert --reject-regressions-from main > "$art/validate.txt"
"$work/oplib-build/oplib_footprint" --out "$art/footprint-after.json" >/dev/null

step "the MR description: a provisional summary from the ledger, completed from the measurements"
"$work/oplib-build/oplib_roofline" --operator invert --case "$invert_case" \
  --out "$art/invert-roofline.json" >/dev/null
notes=$odo_build/examples/campaign/odo_campaign_notes
"$bench" --list --tier basic,advanced | grep -v NCHW_FAKE > "$art/optimized-cases.txt"
description=$work/mr-description.md
"$work/odo/bin/optimize_op" Invert --phase summary --benchmark-base main \
  --optimized-cases-file "$art/optimized-cases.txt" --state provisional \
  --out "$description" >/dev/null
"$notes" complete --campaign "$art" --operator Invert --case "$invert_case" \
  --description "$description" --ledger bench/campaigns/OpInvert.ledger.jsonl

step "the author pushes the branch and the evidence store; the checkout CI makes lacks the store"
remote=$work/origin.git
rm -rf "$remote"
git init -q --bare "$remote"
git push -q "$remote" main campaign refs/odo/evidence
git remote remove origin 2>/dev/null || true
git remote add origin "$remote"
git update-ref -d refs/odo/evidence # the evidence job must fetch it, by its fixed refspec

step "pipeline 3 on the campaign, preflight to evidence (log: $work/campaign.log)"
ci campaign --variable "ODO_DESCRIPTION=$description" ||
  { tail -n 60 "$work/campaign.log"; fail "the campaign's pipeline failed"; }
# ODO-0 ("no optimization detected") is reported only for a change that leaves the operator's
# implementation alone; a campaign's report holds ODO-1 to ODO-12.
python3 - "$artifacts/odo-evidence/odo/evidence/evidence.xml" <<'EOF' ||
import sys, xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
checks = {case.get("name").split(" ")[0] for case in cases}
missing = [f"ODO-{n}" for n in range(1, 13) if f"ODO-{n}" not in checks]
failed = [case.get("name") for case in cases if case.find("failure") is not None]
print(f"{len(cases)} evidence testcase(s); ODO checks missing: {missing}; failed: {failed}")
sys.exit(1 if missing or failed else 0)
EOF
  fail "the evidence job's JUnit report does not hold every ODO check without a failure"
grep -F "**evidence verdict: PASS**" "$artifacts/odo-evidence/odo/evidence/evidence.md" ||
  fail "the evidence job's report has no PASS verdict"
# Lead exhaustion is the ledger's, every cited file read back (the run artifacts from the store the
# job fetched).
! grep -F "> odo - no evidence store fetched" "$work/campaign.log" ||
  fail "the evidence job did not fetch refs/odo/evidence from the remote"
grep -A 1 -F '`ODO-4` — Lead exhaustion recorded in the campaign ledger, which checks out' \
  "$artifacts/odo-evidence/odo/evidence/evidence.md" |
  grep -E 'evidence: bench/campaigns/OpInvert.ledger.jsonl: [0-9]+ records check out' ||
  fail "the evidence job's ODO-4 is not the ledger's PASS"
# The figures of the refreshed summary are traceable: the merged configuration is published beside
# the description, is the import job's merge, and the description names it.
published=$artifacts/odo-summary/odo/summary/invert.json
cmp "$published" "$artifacts/odo-import/odo/import/invert.json" ||
  fail "the summary job did not publish the import job's merged configuration"
grep -E "^odo CI merge: .* the artifact odo/summary/invert\.json of " \
  "$artifacts/odo-summary/odo/summary/mr-description.md" ||
  fail "the refreshed description does not name the merged configuration it was refreshed from"
echo "check-gitlab-ci.sh: OK in $SECONDS s (logs in $work)"
