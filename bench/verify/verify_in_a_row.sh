#!/usr/bin/env bash
# `judge verify`, the package's main job, many times in a row: it must never fail by itself.
# It used to fail at random ("Text file busy", issue 17), more often at -j 1 and with the
# compile cache warm. For each configuration (jobs x compile cache state x load) this runs
# verify N times and prints how many runs failed, with the first lines of each failure; the
# log of every failed run is kept. Not a test (it takes hours): a measurement, as
# doc/execution.md reports it.
#
#   bench/verify/verify_in_a_row.sh [-n N] [-j "1 2"] [-c "warm cold"] [-l "off on"]
#                                   [-b BIN_DIR] [-r ROOT] [-o LOG_DIR] [-- VERIFY_ARGS...]
#
#   -n N        runs per configuration (default 50)
#   -j LIST     the -j values (default "1 2")
#   -c LIST     compile cache states: warm (a cache filled by one run first) and cold (an
#               empty cache for every run) (default "warm cold")
#   -l LIST     background load: off, or on (two busy processes per core, each in a session of
#               its own, for the whole configuration) (default "off")
#   -b BIN_DIR  where judge and input_validator are; they are copied to a directory of the
#               script's own first, so that rebuilding the tree meanwhile changes nothing
#               (default build/bin)
#   -r ROOT     the package (default: this checkout)
#   -o LOG_DIR  where failed runs' logs go (default /tmp/verify-in-a-row-<pid>)
#   after --     arguments for verify (e.g. --only submissions)
set -uo pipefail
cd "$(dirname "$0")/../.."
runs=50 jobs="1 2" caches="warm cold" loads="off" bin=build/bin root=$PWD
logs=/tmp/verify-in-a-row-$$
while getopts "n:j:c:l:b:r:o:" option; do
  case $option in
    n) runs=$OPTARG ;;
    j) jobs=$OPTARG ;;
    c) caches=$OPTARG ;;
    l) loads=$OPTARG ;;
    b) bin=$OPTARG ;;
    r) root=$OPTARG ;;
    o) logs=$OPTARG ;;
    *) sed -n '2,22p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
extra=("$@")

work=$(mktemp -d /tmp/verify-in-a-row-work-XXXXXX)
mkdir -p "$logs"
cp "$bin/judge" "$bin/input_validator" "$work/" || exit 2
busy=()
stop_load() {
  [ ${#busy[@]} -gt 0 ] && kill "${busy[@]}" 2>/dev/null
  wait "${busy[@]}" 2>/dev/null
  busy=()
}
trap 'stop_load; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
start_load() {
  local cores
  cores=$(nproc)
  for ((i = 0; i < 2 * cores; ++i)); do
    setsid sh -c 'while :; do :; done' &
    busy+=($!)
  done
}

printf 'judge verify %s, %d runs per configuration, package %s, %d cores\n' \
  "${extra[*]:-(all stages)}" "$runs" "$root" "$(nproc)"
total_failed=0
for load in $loads; do
  [ "$load" = on ] && start_load
  for j in $jobs; do
    for cache in $caches; do
      cache_dir=$work/cache
      rm -rf "$cache_dir"
      if [ "$cache" = warm ]; then  # filled once, not counted
        ENTRAPMENT_CACHE_DIR=$cache_dir ENTRAPMENT_ROOT=$root "$work/judge" verify -j "$j" \
          "${extra[@]}" >/dev/null 2>&1
      fi
      failed=0 seconds=0
      for ((k = 1; k <= runs; ++k)); do
        [ "$cache" = cold ] && rm -rf "$cache_dir"
        log=$logs/j$j-$cache-load-$load-run$k.log
        start=$(date +%s.%N)
        ENTRAPMENT_CACHE_DIR=$cache_dir ENTRAPMENT_ROOT=$root "$work/judge" verify -j "$j" \
          "${extra[@]}" >"$log" 2>&1
        status=$?
        seconds=$(awk -v a="$seconds" -v b="$(date +%s.%N)" -v c="$start" 'BEGIN { print a + b - c }')
        if [ $status -ne 0 ]; then
          failed=$((failed + 1))
          printf '  run %d (exit %d): %s\n' "$k" "$status" \
            "$(grep -m 3 -E 'FAIL|error' "$log" | tr '\n' ' ' | cut -c1-300)"
        else
          rm -f "$log"
        fi
      done
      total_failed=$((total_failed + failed))
      printf -- '-j %s  cache %-4s  load %-3s: %d runs, %d failed, %.1f s per run (machine load %s)\n' \
        "$j" "$cache" "$load" "$runs" "$failed" "$(awk -v s="$seconds" -v n="$runs" 'BEGIN { print s / n }')" \
        "$(cut -d' ' -f1-3 /proc/loadavg)"
    done
  done
  stop_load
done
printf 'failed runs in all: %d (logs of failed runs in %s)\n' "$total_failed" "$logs"
[ "$total_failed" -eq 0 ]
