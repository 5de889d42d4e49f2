#!/usr/bin/env bash
# Installs the Debian 12 packages odo needs that are not installed yet (run as root or with sudo).
# Usage: scripts/install-deps.sh [extra-package ...]
set -euo pipefail
packages=(g++ cmake make git libboost1.81-dev libboost-json1.81-dev
          libboost-program-options1.81-dev libboost-filesystem1.81-dev doctest-dev bubblewrap jq "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "odo: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
