#!/usr/bin/env bash
# The bundled campaign's stop rule both ways, from a host roofline odo_profile measures now on the
# campaign's own build (the one example_campaign left): a ridge under the figure is reached (the
# Lead exhaustion line says so), a ridge over it is not (no Lead exhaustion line, below the ridge).
#   example_ridge_both_ways.sh DEMO_DIR ODO_PROFILE
set -euo pipefail
demo=$1 odo_profile=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench=$demo/oplib-build/bench_invert
key=$("$bench" --list | grep -F '[layout=NHWC][inputKind=Tensor]' | head -n 1)
"$odo_profile" --bench "$bench" --case "$key" --host-roofline --rounds 30 \
  --record "$work/roofline.json" > /dev/null
judge() { "$odo_profile" import --host-roofline "$work/roofline.json" --case "$key" --ridge-pct "$1"; }
judge 0 | grep -E '^Lead exhaustion: .* at ridge for '
judge 1000 > "$work/above.txt"
grep -E '^Classification: .*below the ridge \(1000\.0%\)' "$work/above.txt"
if grep -q "^Lead exhaustion" "$work/above.txt"; then exit 1; fi
