# How scripts/demo.sh runs a step and fails: sourced by it (and by the test of its failure line,
# tests/cli/test_demo_script.cpp), so both run this code. The caller sets `demo`, the demo folder
# the failure line names, and runs under `set -euo pipefail`.

# A failure ends the run with one line naming the step and what to do: `failure` is set by the
# step that knows more than "a command failed".
current_step="setting up"
failure=""
step() {
  current_step=$*
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
on_exit() {
  local rc=$?
  [ "$rc" -eq 0 ] && return
  local why="the command above failed (its output is above; the files of the run are in $demo)"
  echo "demo.sh: FAILED at step \"$current_step\" (exit $rc): ${failure:-$why}" >&2
}
trap on_exit EXIT

# Builds with a line per compiled file, so a long build is not minutes of silence: Make's
# "[ 50%] Building …" and Ninja's "[1/2] Building …".
build_quietly() { # cmake --build arguments
  cmake --build "$@" |
    { grep --line-buffered -E '^\[ *[0-9]+(%|/[0-9]+)\] (Building|Linking)' || true; } |
    sed -u 's/^/  /'
}
