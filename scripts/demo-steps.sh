# How scripts/demo.sh runs a step, measures, and fails: sourced by it (and by the test of its
# failure line, tests/cli/test_demo_script.cpp), so both run this code. The caller sets:
#   demo          the demo folder, named by the failure line
#   art           the campaign's artifact folder
#   build         the op library's build folder (bench_<operator> in it)
#   sku           the SKU stem the measurements are recorded for
#   min_time      CPU seconds measured per case, entry point and run
#   odo_baseline  the odo_baseline to import with (run in the op repository)
# and runs under `set -euo pipefail`.

# A failure ends the run with one line naming the step and what to do: `failure` is set by the
# step that knows more than "a command failed" (see measure_and_import).
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

# Host timings are the host backend's defaults: the thread's CPU time, which the other processes
# of a busy machine do not inflate (the wall time is recorded beside it), stopped on time as
# Google Benchmark does; batch samples (~10 ms of launches each) also average out the cache
# refills after the scheduler's interruptions. Two runs of each case through each entry point
# (the C++ API and the binding), case by case so the two entry points of a case are timed
# seconds apart, as parity compares them. A verdict needs a baseline averaged over two runs.
# Given a file of case keys, only those cases are measured again, over their earlier files.
measure() { # operator when [keys-file]
  local dir=$art/$1-$2 only=${3:-} n=0 keys
  [ -n "$only" ] || { rm -rf "$dir" && mkdir -p "$dir"; }
  keys=$("$build/bench_$1" --list --tier basic,advanced)
  local total
  total=$(wc -l <<<"$keys")
  while read -r key; do
    n=$((n + 1))
    [ -z "$only" ] || grep -qxF -- "$key" "$only" || continue
    local figures=""
    for run in 1 2; do
      for language in cpp python; do
        local out=$dir/case$n-$language-$run
        "$build/bench_$1" --case "$key" --language "$language" --sku "$sku" --timing batch \
          --min-time "$min_time" --json "$out.json" > "$out.md" 2> "$out.log" ||
          { cat "$out.log" >&2; failure="bench_$1 could not measure $key (above)"; return 1; }
        figures+=" $language $(sed -n 's/.*\]: \([0-9.]* us\) .*/\1/p' "$out.log")"
      done
    done
    printf '  [%d/%d] %s:%s\n' "$n" "$total" "$key" "$figures"
  done <<<"$keys"
}

# A lead's measurement: every case of the operator through the C++ entry point, three times with
# the build before the lead's change and three times with the build after it, alternating case by
# case, so both builds see the same state of a busy machine, and each side has a spread of runs
# to judge the change by. Run artifacts go to DIR/before and DIR/after.
measure_lead() { # operator before-bench after-bench dir
  local op=$1 dir=$4 n=0 key side bench
  local -A benches=([before]=$2 [after]=$3)
  rm -rf "$dir" && mkdir -p "$dir/before" "$dir/after"
  while read -r key; do
    n=$((n + 1))
    for run in 1 2 3; do
      for side in before after; do
        bench=${benches[$side]}
        "$bench" --case "$key" --language cpp --sku "$sku" --timing batch --min-time "$min_time" \
          --json "$dir/$side/case$n-$run.json" > /dev/null 2> "$dir/$side/case$n-$run.log" ||
          { cat "$dir/$side/case$n-$run.log" >&2; failure="$op's build $side the lead could not measure $key (above)"; return 1; }
      done
    done
  done < <("${benches[before]}" --list --tier basic,advanced)
  echo "  $n case(s) of $op measured three times with each build, alternating"
}

# Measures and imports; when the import refuses rows, their cases are measured again, for twice
# as long each time (more samples settle a noisy mean and its parity), four times at most, and
# the rows it accepted are kept: on a busy machine one noisy case in 16 is common, the same case
# noisy five times in a row is not. A refusal that cannot be traced to listed cases measures
# everything again. The refused rows are kept in import-<when>.txt and, at the last refusal,
# named in the failure line.
measure_and_import() { # when operator...
  local when=$1 retry="" again base_time=$min_time attempts=5
  local min_time=$min_time # measure reads it; a retry of refused cases doubles it
  shift
  for attempt in $(seq 1 $attempts); do
    local from=()
    for op in "$@"; do
      measure "$op" "$when" "$retry"
      from+=(--from "$art/$op-$when")
    done
    if "$odo_baseline" import "${from[@]}" > "$art/import-$when.txt" 2>&1; then
      cat "$art/import-$when.txt"
      return 0
    fi
    tail -n 5 "$art/import-$when.txt"
    retry="" again="measuring again" min_time=$base_time
    if refused_cases "$art/import-$when.txt" "$@" > "$art/refused-$when.txt"; then
      min_time=$(awk -v t="$base_time" -v n="$attempt" 'BEGIN { print t * 2 ^ n }')
      retry=$art/refused-$when.txt again="measuring its refused cases again, $min_time s each"
    fi
    [ "$attempt" -eq $attempts ] ||
      echo "the import refused attempt $attempt of $attempts (rows above); $again"
  done
  failure="odo_baseline import refused the $when measurements $attempts times: $(refused_rows "$art/import-$when.txt"). \
The machine is too busy for the SKU map's quality limits (bench/config/sku_map.json) and the \
import's regression limit: stop other work and run again, or raise ODO_DEMO_MIN_TIME (now $base_time s); the import's report is \
$art/import-$when.txt"
  return 1
}

# The refusals of an import report: the quality gate's rows and the same-key regressions.
refused_pattern='exceeds|requires|must be|would regress'

# The case keys of an import report's refused rows ("<SKU> <config> [<language>] (<axis>=<value>,
# …): …", the language only on a regression), one per line; fails when there are none or one is
# not a case the operators' benchmarks list.
refused_cases() { # report operator...
  local report=$1 listed keys
  shift
  keys=$(grep -E "$refused_pattern" "$report" |
         sed -n 's/^[[:space:]]*[^ ]* \([^ ]*\)\( \[[a-z]*\]\)\{0,1\} (\(.*\)): .*/\1[\3]/p' |
         sed 's/, /][/g' | sort -u)
  [ -n "$keys" ] || return 1
  listed=$(for op in "$@"; do "$build/bench_$op" --list --tier basic,advanced; done)
  while read -r key; do
    grep -qxF -- "$key" <<<"$listed" || return 1
  done <<<"$keys"
  echo "$keys"
}

# "<SKU> <config> (<axes>): <problem>; …" from an import's report: its refused rows, at most three.
refused_rows() { # report
  grep -E "$refused_pattern" "$1" | head -n 3 | sed 's/^[[:space:]]*//' |
    awk '{ printf "%s%s", (NR > 1 ? "; " : ""), $0 }'
}
