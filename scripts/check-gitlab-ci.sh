#!/usr/bin/env bash
# Runs ci/gitlab/odo.gitlab-ci.yml under gitlab-ci-local on examples/oplib, on this one machine:
# two host SKUs declared in the example's SKU map, two shards each, the measure matrix's four
# jobs feeding the import job. Three pipelines up to the import job:
#
#   1. on main: the baselines measured and merged (every row new, the gate passes); committed;
#      the preflight job then passes with a JUnit report of every PRE check;
#   2. a planted regression: main's HOST_B rows made twice as fast, so the same code measures
#      slower on HOST_B only: the import job fails, its JUnit report names HOST_B and the cases;
#   3. one shard's artifact removed: the import job fails naming that shard's missing cases.
#
# Environment: ODO_BUILD_DIR (odo's build folder with the tools built, default: a Release build
# in build/gitlab-ci/odo-build); ODO_GITLAB_CI_DIR (default build/gitlab-ci).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(realpath -m "${ODO_GITLAB_CI_DIR:-$root/build/gitlab-ci}")
jobs=$(nproc)
step() { printf '\n== %s\n' "$*"; }
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
    >/dev/null
fi
rm -rf "$work/odo" "$work/oplib" "$work/oplib-build"
cmake --install "$odo_build" --prefix "$work/odo" >/dev/null

step "examples/oplib as a git repository including the template, and its Invert benchmark"
repo=$work/oplib
cp -r "$root/examples/oplib" "$repo"
mkdir -p "$repo/ci/gitlab"
cp "$root/ci/gitlab/odo.gitlab-ci.yml" "$repo/ci/gitlab/"
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
cmake -S "$repo" -B "$work/oplib-build" -DCMAKE_BUILD_TYPE=Release -Dodo_DIR="$work/odo/lib/cmake/odo" >/dev/null
cmake --build "$work/oplib-build" -j "$jobs" --target bench_invert >/dev/null
cd "$repo"
git init -q -b main
git config user.email ci@example.com
git config user.name "odo gitlab-ci check"
printf '.gitlab-ci-local/\n' >> .gitignore
git add -A
git commit -qm "chore: the op library with odo's GitLab CI template"

artifacts=$repo/.gitlab-ci-local/artifacts
pipeline() { # log
  gitlab-ci-local --shell-isolation --needs odo-import > "$work/$1.log" 2>&1
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

step "pipeline 1 on main: measure 2 SKUs x 2 shards, import, gate (log: $work/main.log)"
pipeline main || { tail -n 40 "$work/main.log"; fail "the pipeline on main failed"; }
cp "$artifacts/odo-import/odo/invert.json" bench/config/operators/invert.json
git add bench/config/operators/invert.json
git commit -qm "bench(invert): baselines on HOST_A and HOST_B from the CI pipeline"
echo "committed $(grep -c '"HOST_B"' bench/config/operators/invert.json) HOST_B row(s)"
[ -z "$(junit_failures "$artifacts/odo-import/odo/import.xml")" ] ||
  fail "the import job's JUnit report on main has failures"

step "preflight job on main with the baselines committed: ready, its JUnit report without failure"
gitlab-ci-local --shell-isolation odo-preflight > "$work/preflight.log" 2>&1 ||
  { tail -n 40 "$work/preflight.log"; fail "the preflight job failed"; }
[ -z "$(junit_failures "$artifacts/odo-preflight/odo/preflight.xml")" ] ||
  fail "the preflight job's JUnit report has failures"
grep -c "<testcase" "$artifacts/odo-preflight/odo/preflight.xml" | sed 's/$/ preflight testcase(s), none failed/'

step "pipeline 2: main's HOST_B baselines planted twice as fast; HOST_B must regress"
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
git checkout -q -b campaign HEAD~1 # the baselines as measured: slower than main's on HOST_B
if pipeline planted; then fail "the import job passed a planted regression on HOST_B"; fi
failures=$(junit_failures "$artifacts/odo-import/odo/import.xml")
echo "$failures" | head -n 4
[ -n "$failures" ] || fail "the import job's JUnit report has no failure"
echo "$failures" | grep -q "^BASE-REGRESSION invert HOST_B invert_" ||
  fail "no JUnit failure names HOST_B and a case"
! echo "$failures" | grep -q "HOST_A" || fail "a JUnit failure names HOST_A, which was not planted"

step "pipeline 3: shard 2 of HOST_B's artifact removed; the import must name its cases"
gitlab-ci-local --shell-isolation odo-measure > "$work/measure.log" 2>&1 ||
  { tail -n 40 "$work/measure.log"; fail "the measure jobs failed"; }
removed=$(find "$artifacts" -path '*HOST_B*' -name 'HOST_B-shard2-*.json' -print -delete)
[ -n "$removed" ] || fail "no artifact of HOST_B's shard 2 found under $artifacts"
if gitlab-ci-local --shell-isolation odo-import > "$work/absent.log" 2>&1; then
  fail "the import job passed without HOST_B's shard 2"
fi
grep -E "missing from the inputs: HOST_B .*\(shard 2/2\)" "$work/absent.log" | head -n 3 ||
  { tail -n 40 "$work/absent.log"; fail "the import job did not name the missing cases"; }
echo "check-gitlab-ci.sh: OK (logs in $work)"
