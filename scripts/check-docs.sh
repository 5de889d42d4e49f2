#!/usr/bin/env bash
# Compiles the documentation: every fenced `cpp` and `cmake` block of README.md and docs/*.md is
# built against an installed odo, so the examples cannot drift from the library.
#
#   cpp    one translation unit per block, `g++ -std=c++17 -fsyntax-only` against the installed
#          include dir (and Boost, doctest, GoogleTest from the system). A block that includes a
#          `.cuh` header or holds CUDA syntax is compiled by nvcc's front end instead (skipped with
#          a reason where there is no nvcc). ODO_BENCH_CONFIG is defined, as odo_add_benchmark
#          defines it.
#   cmake  one generated project per round (blocks whose targets do not clash share a round):
#          `cmake_minimum_required` and `project()` first, then per block a subdirectory holding
#          `find_package(odo CONFIG REQUIRED)` (unless the block finds odo itself), the block's
#          prelude and the block, configured and generated. Every relative file name the block
#          or its prelude mentions (`flip.json`, `bench_flip.cu`) exists as a stub: a source
#          holds an empty main, a .json file a minimal operator config.
#
# An HTML comment right before a block (blank lines between are allowed) says how to build it:
#
#   <!-- odo-doc: fragment -->     the block's lines are a function body: lines starting with `#`
#                                  (includes) move to the top, the rest is wrapped in a function
#   <!-- odo-doc: tu -->           a whole translation unit (the default)
#   <!-- odo-doc: skip REASON -->  not built; the reason is printed
#
# Lines after the first line of such a comment, up to `-->`, are a prelude the reader does not see:
# declarations the block uses (placed after its includes), or CMake commands that set up what a
# fragment of a user's project refers to (placed before the block; for a cmake block `tu` and
# `fragment` mean the same). Compiler messages name the markdown file and line.
#
# Usage: scripts/check-docs.sh [MARKDOWN...]   (default: README.md docs/*.md)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh libgtest-dev # pixel.md shows the GoogleTest macros
start=$SECONDS
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$nvcc" ] || nvcc=""
jobs=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ $# -gt 0 ]; then docs=("$@"); else docs=(README.md docs/*.md); fi

# 1. An installed odo. Header-only: a configure without tools, tests or benchmarks is enough.
cmake -S . -B "$work/odo-build" -DODO_BUILD_TOOLS=OFF -DODO_BUILD_TESTS=OFF -DODO_BUILD_PERF=OFF \
      >"$work/odo-configure.log" 2>&1 || { cat "$work/odo-configure.log" >&2; exit 1; }
cmake --install "$work/odo-build" --prefix "$work/prefix" >/dev/null
prefix=$work/prefix

# 2. The blocks. blocks/NNN.body, NNN.prelude, and one line per block in blocks/index:
#    NNN <TAB> language <TAB> mode <TAB> file <TAB> line of the fence <TAB> line of the prelude <TAB> reason
mkdir -p "$work/blocks"
awk -v out="$work/blocks" '
  function flush_directive() { pending = 0; mode = "tu"; reason = ""; prelude_line = 0 }
  FNR == 1 { flush_directive(); fence = ""; in_comment = 0 }
  fence != "" {
    line = $0
    if (line ~ "^[ \t]*" fence "[ \t]*$") { fence = ""; close(body); next }
    sub("^" indent, "", line)
    print line > body
    next
  }
  in_comment {
    if (index($0, "-->")) { in_comment = 0; pending = 1; line = $0; sub(/-->.*/, "", line)
                            if (line ~ /[^ \t]/) print line > prelude; close(prelude); next }
    print > prelude
    next
  }
  /^[ \t]*<!--[ \t]*odo-doc:/ {
    flush_directive()
    n_directive++
    directive = $0
    sub(/^[ \t]*<!--[ \t]*odo-doc:[ \t]*/, "", directive)
    closed = index(directive, "-->")
    if (closed) sub(/[ \t]*-->.*/, "", directive)
    split(directive, words, /[ \t]+/)
    mode = words[1]
    reason = directive
    sub(/^[^ \t]+[ \t]*/, "", reason)
    if (mode != "tu" && mode != "fragment" && mode != "skip") {
      printf "%s:%d: unknown odo-doc mode \"%s\" (tu, fragment, skip)\n", FILENAME, FNR, mode > "/dev/stderr"
      bad = 1
    }
    prelude = sprintf("%s/d%03d.prelude", out, n_directive)
    printf "" > prelude
    prelude_line = FNR + 1
    if (closed) { pending = 1; close(prelude) } else in_comment = 1
    next
  }
  /^[ \t]*```+/ {
    match($0, /^[ \t]*/); indent = substr($0, 1, RLENGTH)
    info = substr($0, RLENGTH + 1)
    match(info, /^`+/); fence = substr(info, 1, RLENGTH)
    lang = substr(info, RLENGTH + 1); sub(/[ \t].*/, "", lang)
    n++
    id = sprintf("%03d", n)
    body = sprintf("%s/%s.body", out, id)
    printf "" > body
    p = sprintf("%s/%s.prelude", out, id)
    if (pending) { while ((getline l < prelude) > 0) print l > p; close(prelude) } else printf "" > p
    close(p)
    printf "%s\t%s\t%s\t%s\t%d\t%d\t%s\n", id, lang, pending ? mode : "tu", FILENAME, FNR + 1,
           pending ? prelude_line : 0, pending ? reason : "" > (out "/index")
    flush_directive()
    next
  }
  /[^ \t]/ { flush_directive() }
  END { if (bad) exit 1 }
' "${docs[@]}"
touch "$work/blocks/index"

cpp_done=0 cuda_done=0 cmake_done=0 failed=0
skipped=()
while IFS=$'\t' read -r id lang mode file line pline reason; do
  if [ "$mode" = skip ]; then
    if [ -z "$reason" ]; then
      echo "$file:$((line - 1)): odo-doc: skip needs a reason" >&2
      failed=$((failed + 1))
    elif [ "$lang" = cpp ] || [ "$lang" = cmake ]; then
      skipped+=("$file:$((line - 1)) ($lang): $reason")
    fi
  fi
done <"$work/blocks/index"

# 3. cpp blocks: one translation unit each, compiled in parallel.
make_tu() { # id mode file line pline -> prints the translation unit
  local id=$1 mode=$2 file=$3 line=$4 pline=$5 body=$work/blocks/$1.body
  awk -v file="$file" -v first="$line" '/^[ \t]*#/ { printf "#line %d \"%s\"\n%s\n", first + NR - 1, file, $0 }' "$body"
  if [ -s "$work/blocks/$id.prelude" ]; then
    printf '#line %d "%s"\n' "$pline" "$file"
    cat "$work/blocks/$id.prelude"
  fi
  [ "$mode" = fragment ] && echo "void odo_doc_fragment_$id() {"
  printf '#line %d "%s"\n' "$line" "$file"
  awk '/^[ \t]*#/ { print ""; next } { print }' "$body"
  [ "$mode" = fragment ] && echo "}"
  return 0
}
mkdir -p "$work/cpp"
: >"$work/cpp/jobs"
while IFS=$'\t' read -r id lang mode file line pline reason; do
  [ "$lang" = cpp ] && [ "$mode" != skip ] || continue
  if grep -Eq '\.cuh[">]|__global__|__device__|<<<' "$work/blocks/$id.body"; then
    if [ -z "$nvcc" ]; then
      skipped+=("$file:$line (cpp): CUDA code and no nvcc (set NVCC)")
      continue
    fi
    make_tu "$id" "$mode" "$file" "$line" "$pline" >"$work/cpp/$id.cu"
    printf '%s\tcu\t%s:%s\n' "$id" "$file" "$line" >>"$work/cpp/jobs"
    cuda_done=$((cuda_done + 1))
  else
    make_tu "$id" "$mode" "$file" "$line" "$pline" >"$work/cpp/$id.cpp"
    printf '%s\tcpp\t%s:%s\n' "$id" "$file" "$line" >>"$work/cpp/jobs"
  fi
  cpp_done=$((cpp_done + 1))
done <"$work/blocks/index"

export work prefix nvcc
compile_one() { # id kind where
  local src=$work/cpp/$1.$2 log=$work/cpp/$1.log defs=(-DODO_BENCH_CONFIG="\"bench_config.json\"")
  if [ "$2" = cu ]; then
    # nvcc's front end (cudafe++) checks host and device code; no host or device code generation.
    "$nvcc" -std=c++17 -I"$prefix/include" "${defs[@]}" --cuda -x cu "$src" -o /dev/null >"$log" 2>&1
  else
    g++ -std=c++17 -fsyntax-only -I"$prefix/include" "${defs[@]}" -x c++ "$src" >"$log" 2>&1
  fi || { echo "FAILED $3 (cpp block, $([ "$2" = cu ] && echo nvcc || echo g++)):"; head -n 60 "$log"; exit 1; }
}
export -f compile_one
if [ -s "$work/cpp/jobs" ]; then
  tr '\t' '\n' <"$work/cpp/jobs" | xargs -d '\n' -n 3 -P "$jobs" bash -c 'compile_one "$@"' _ \
    >"$work/cpp/failures" 2>&1 || true
  if [ -s "$work/cpp/failures" ]; then
    cat "$work/cpp/failures" >&2
    failed=$((failed + $(grep -c '^FAILED ' "$work/cpp/failures")))
  fi
fi

# 4. cmake blocks, in as few configures as the target names allow.
targets_of() { # files... -> the names add_executable, add_library and odo_add_benchmark create
  cat "$@" | tr "\n" " " |
    grep -Eo '(add_executable|add_library|odo_add_benchmark)\([[:space:]]*[A-Za-z0-9_.+-]+' |
    sed -E 's/.*\([[:space:]]*//' | sort -u || true
}
stub_files() { # files... -> relative file names mentioned, one per line
  cat "$@" | grep -Eo '(^|[[:space:](])[A-Za-z0-9_][A-Za-z0-9_./-]*\.(c|cc|cpp|cxx|cu|h|hpp|cuh|json)\b' |
    sed -E 's/^[[:space:](]//' | grep -v '\.\.' | sort -u || true
}
needs_cuda() { grep -Eq '\.cu\b' "$@"; }
block_project() { # id file line dir -> the block's subdirectory
  local id=$1 file=$2 line=$3 dir=$4 body=$work/blocks/$1.body prelude=$work/blocks/$1.prelude
  mkdir -p "$dir"
  {
    echo "# $file:$line"
    grep -q 'find_package(odo' "$body" || echo "find_package(odo CONFIG REQUIRED)"
    cat "$prelude" "$body"
  } >"$dir/CMakeLists.txt"
  local stub
  while IFS= read -r stub; do
    [ -n "$stub" ] || continue
    mkdir -p "$dir/$(dirname "$stub")"
    case "$stub" in
      *.json) printf '{"benchmark": "doc", "configs": {"doc_basic": {"tier": "basic", "dtypes": ["uint8"]}}}\n' ;;
      *.h | *.hpp | *.cuh) echo "#pragma once" ;;
      *) echo "int main() { return 0; }" ;;
    esac >"$dir/$stub"
  done < <(stub_files "$prelude" "$body")
}
configure() { # dir cuda(0|1) subdirs... ; returns cmake's status, log in dir/configure.log
  local dir=$1 cuda=$2
  shift 2
  {
    echo "cmake_minimum_required(VERSION 3.25)"
    if [ "$cuda" = 1 ]; then echo "project(odo_docs LANGUAGES CXX CUDA)"; else echo "project(odo_docs LANGUAGES CXX)"; fi
    for sub in "$@"; do echo "add_subdirectory($sub)"; done
  } >"$dir/CMakeLists.txt"
  local args=(-S "$dir" -B "$dir/build" -Dodo_DIR="$prefix/lib/cmake/odo")
  [ "$cuda" = 1 ] && args+=(-DCMAKE_CUDA_COMPILER="$nvcc")
  cmake "${args[@]}" >"$dir/configure.log" 2>&1
}
declare -a round_ids=() round_names=()
round_cuda=()
while IFS=$'\t' read -r id lang mode file line pline reason; do
  [ "$lang" = cmake ] && [ "$mode" != skip ] || continue
  cuda=0
  if needs_cuda "$work/blocks/$id.body" "$work/blocks/$id.prelude"; then
    if [ -z "$nvcc" ]; then
      skipped+=("$file:$line (cmake): a .cu source and no nvcc (set NVCC)")
      continue
    fi
    cuda=1
  fi
  names=$(targets_of "$work/blocks/$id.prelude" "$work/blocks/$id.body" | tr '\n' ' ')
  placed=""
  for r in "${!round_ids[@]}"; do
    clash=0
    for t in $names; do [[ " ${round_names[$r]} " == *" $t "* ]] && clash=1; done
    if [ "$clash" = 0 ]; then
      round_ids[$r]+=" $id"; round_names[$r]+=" $names"
      [ "$cuda" = 1 ] && round_cuda[$r]=1
      placed=1
      break
    fi
  done
  if [ -z "$placed" ]; then
    round_ids+=("$id"); round_names+=("$names"); round_cuda+=("$cuda")
  fi
  printf '%s\t%s\t%s\n' "$id" "$file" "$line" >>"$work/cmake-where"
  cmake_done=$((cmake_done + 1))
done <"$work/blocks/index"

where_of() { awk -F'\t' -v id="$1" '$1 == id { print $2 ":" $3 }' "$work/cmake-where"; }
for r in "${!round_ids[@]}"; do
  dir=$work/cmake/round$r
  subs=()
  for id in ${round_ids[$r]}; do
    where=$(where_of "$id")
    block_project "$id" "${where%:*}" "${where##*:}" "$dir/b$id"
    subs+=("b$id")
  done
  configure "$dir" "${round_cuda[$r]}" "${subs[@]}" && continue
  # The round failed: configure each of its blocks alone to name the ones that fail.
  for id in ${round_ids[$r]}; do
    where=$(where_of "$id")
    alone=$work/cmake/alone$id
    block_project "$id" "${where%:*}" "${where##*:}" "$alone/b$id"
    cuda=0
    needs_cuda "$work/blocks/$id.body" "$work/blocks/$id.prelude" && cuda=1
    if ! configure "$alone" "$cuda" "b$id"; then
      echo "FAILED $where (cmake block), as configured in b$id/CMakeLists.txt:" >&2
      cat -n "$alone/b$id/CMakeLists.txt" >&2
      grep -v '^-- ' "$alone/configure.log" >&2 || true
      failed=$((failed + 1))
    fi
  done
done

for s in "${skipped[@]+"${skipped[@]}"}"; do echo "skipped $s"; done
echo "check-docs: ${#docs[@]} files: $cpp_done cpp blocks compiled ($cuda_done under nvcc)," \
     "$cmake_done cmake blocks configured, ${#skipped[@]} skipped, $failed failed" \
     "in $((SECONDS - start)) s"
[ "$failed" = 0 ]
