#!/usr/bin/env bash
# Compiles every portable header of include/odo on its own under nvcc (-std=c++17). Host-only
# headers (marked "HOST-ONLY" on their first lines) and device headers (.cuh) are excluded here;
# .cuh files are compiled by the CUDA test targets.
set -euo pipefail
cd "$(dirname "$0")/.."
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
if [ ! -x "$nvcc" ]; then
  echo "check-nvcc-headers: no nvcc at $nvcc; skipped" >&2
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
headers=()
while IFS= read -r h; do
  head -n 3 "$h" | grep -q "HOST-ONLY" || headers+=("$h")
done < <(find include/odo -name '*.hpp' | sort)
printf '%s\n' "${headers[@]}" | xargs -P "$(nproc)" -I{} sh -c '
  tu="$1/$(echo "{}" | tr / _).cu"
  printf "#include \"%s\"\n" "$(echo "{}" | sed "s|^include/||")" > "$tu"
  "$2" -std=c++17 -Iinclude -c "$tu" -o "$tu.o" || { echo "nvcc failed: {}" >&2; exit 255; }
' _ "$work" "$nvcc"
echo "nvcc compiled ${#headers[@]} portable headers"
