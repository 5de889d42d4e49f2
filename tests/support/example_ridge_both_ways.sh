#!/usr/bin/env bash
# The bundled campaign's stop rule both ways, from a roofline measured now on the campaign's own
# build (the one example_campaign left): a ridge under the figure stops the loop at the ridge; a
# ridge over it asks for leads and says the limit and the figure this run measured.
#   example_ridge_both_ways.sh DEMO_DIR ODO_CAMPAIGN_NOTES
set -euo pipefail
demo=$1 notes=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$demo/artifacts/invert-baselines-after.json" "$work/"
key=$("$demo/oplib-build/bench_invert" --list | grep -F '[layout=NHWC][inputKind=Tensor]' | head -n 1)
"$demo/oplib-build/oplib_roofline" --operator invert --case "$key" --rounds 30 \
  --out "$work/invert-roofline.json"
profile() { "$notes" profile --campaign "$work" --operator Invert --case "$key" --ridge-pct "$1"; }
profile 0
grep -F ': at ridge (>= 0% BWUtil)' "$work/lead-exhaustion.txt"
profile 1000
grep -E ': below the ridge \(needs >= 1000% BWUtil; this run measured [0-9]+%, so leads go on' \
  "$work/lead-exhaustion.txt"
