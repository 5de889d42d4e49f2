#!/usr/bin/env bash
# The main job: builds odo, lays out a small op repository in the CV-CUDA layout as a fresh git
# repository, and runs the preflight gate on it twice: first with a missing system test (PRE-1
# is a GAP, exit 1), then after the coverage commit that closes the gap (exit 0).
set -euo pipefail
cd "$(dirname "$0")/.."
# ODO_OPTIMIZE_OP names an already built driver (the CTest `example` test uses it).
if [ -n "${ODO_OPTIMIZE_OP:-}" ]; then
  optimize_op=$ODO_OPTIMIZE_OP
else
  bash scripts/install-deps.sh
  build=${ODO_BUILD_DIR:-build/release}
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DODO_BUILD_TESTS=OFF -DODO_BUILD_PERF=OFF >/dev/null
  cmake --build "$build" -j "$(nproc)" --target optimize_op
  optimize_op=$(realpath "$build/tools/optimize_op")
fi

demo=$(realpath -m "${ODO_DEMO_DIR:-build/demo}")
rm -rf "$demo"
mkdir -p "$demo"
cp -r tests/data/oprepo/. "$demo/"
cd "$demo"
git init -q -b main
git config user.email demo@example.com
git config user.name "odo demo"
saved_test=$(mktemp)
mv tests/cvcuda/system/TestOpInvert.cpp "$saved_test"
git add -A && git commit -qm "chore: op repository without Invert's system test"

echo "== preflight on $demo (Invert has no system test yet)"
set +e
"$optimize_op" Invert --phase preflight --out "$demo/preflight-before.md"
rc=$?
set -e
echo "== exit code $rc (1: a GAP blocks the campaign)"
[ "$rc" -eq 1 ]

mv "$saved_test" tests/cvcuda/system/TestOpInvert.cpp
git add -A && git commit -qm "test(invert): add the system test against an independent host reference"
echo
echo "== preflight after the coverage commit"
"$optimize_op" Invert --phase preflight --out "$demo/preflight-after.md"
echo "== exit code 0: ready to optimize. Reports: $demo/preflight-before.md, $demo/preflight-after.md"
