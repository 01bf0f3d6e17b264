#!/usr/bin/env bash
# What one run costs the machine, judge-box beside ioi/isolate: runs of /bin/true, RUNS at a
# time in each way, the ways interleaved over ROUNDS rounds so that a busy moment falls on all
# of them alike. CPU is the whole batch's, read from a cpuacct control group made for it
# (cgroup v1) or from cpu.stat (v2): the box's own process, its sandbox and the program,
# whatever forks them. As root the box's sandbox is namespaces it makes itself; box-bwrap is
# the same run through bwrap (ENTRAPMENT_OWN_NAMESPACES=off, the box's way where it may not
# make them: a build before it had no other). Prints each way's median over the rounds, in ms of CPU a run, and judge-box's
# default against isolate's. A measurement, not a test: doc/measurements.md keeps its figures.
#
#   bench/execution/versus_isolate.sh ISOLATE [BIN_DIR]    (as root; BIN_DIR: build/bin)
#   ROUNDS=6 RUNS=100 IDLE=2000 bench/execution/versus_isolate.sh /tmp/isolate-src/isolate
#
# ISOLATE is an isolate binary built from its own source in a scratch directory (never in this
# repository, never in CI): `make isolate` in a checkout of ioi/isolate (Debian's libcap-dev
# and libseccomp-dev), and a configuration file where it reads one (/usr/local/etc/isolate:
# box_root, lock_root, first_uid, first_gid, num_boxes). isolate runs without --cg: version 2
# limits by control groups v2 only. IDLE (0: none) sleeping processes are started for the
# rlimit ways' second measure: a run under rlimits must not cost more on a machine with more
# processes.
set -euo pipefail
cd "$(dirname "$0")/../.."
isolate=${1:?usage: $0 ISOLATE [BIN_DIR]}
bin=${2:-build/bin}
rounds=${ROUNDS:-6}
runs=${RUNS:-100}
idle=${IDLE:-2000}
box=$bin/judge-box
[ "$(id -u)" = 0 ] || { echo "$0: run it as root (isolate and the box's user ids)" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-isolate-XXXXXX)
box_id=$((RANDOM % 50 + 40))
cleanup() {
  "$isolate" --box-id=$box_id --cleanup >/dev/null 2>&1 || true
  if [ -n "${idle_pids:-}" ]; then kill $idle_pids 2>/dev/null || true; fi
  for dir in "$work"/group-*; do [ -d "$dir" ] && rmdir "$dir" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
"$isolate" --box-id=$box_id --init >/dev/null

# Where a batch's CPU is counted: a group of its own beside this shell's.
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  parent=/sys/fs/cgroup$(sed -n 's/^0:://p' /proc/self/cgroup)
  cpu_file=cpu.stat
else
  parent=/sys/fs/cgroup/cpuacct$(sed -n 's/^[0-9]*:\([^:]*,\)\?cpuacct\(,[^:]*\)\?://p' /proc/self/cgroup)
  cpu_file=cpuacct.usage
fi
group_ns() {  # the CPU a group used, in ns
  if [ "$cpu_file" = cpu.stat ]; then
    echo $(($(sed -n 's/^usage_usec //p' "$1/cpu.stat") * 1000))
  else
    cat "$1/cpuacct.usage"
  fi
}

run_dir=$work/run
mkdir -p "$run_dir"
chmod 755 "$work" "$run_dir"
one_run() {  # one run of /bin/true the way $1 says
  case $1 in
    bare) /bin/true ;;
    isolate) "$isolate" --box-id=$box_id --run --silent -- /bin/true >/dev/null ;;
    bwrap) bwrap --unshare-all --die-with-parent --ro-bind / / --dev /dev --proc /proc /bin/true ;;
    box-default) "$box" --time 1 --memory 256 --dir "$run_dir" --meta "$work/meta" -- /bin/true ;;
    box-none-cgroup)
      "$box" --sandbox none --limits cgroup --time 1 --memory 256 --dir "$run_dir" \
        --meta "$work/meta" -- /bin/true ;;
    box-none-rlimit)
      "$box" --sandbox none --limits rlimit --time 1 --memory 256 --dir "$run_dir" \
        --meta "$work/meta" -- /bin/true ;;
    box-bwrap)
      ENTRAPMENT_OWN_NAMESPACES=off "$box" --time 1 --memory 256 --dir "$run_dir" \
        --meta "$work/meta" -- /bin/true ;;
    box-sandbox-rlimit)
      "$box" --limits rlimit --time 1 --memory 256 --dir "$run_dir" --meta "$work/meta" \
        -- /bin/true ;;
  esac
}
batch() {  # prints the ms of CPU a run of way $1 cost, over $runs runs in a group of its own
  local group=$parent/versus-isolate-$$-$1
  mkdir "$group"
  ln -sfn "$group" "$work/group-$1"
  (
    echo $BASHPID >"$group/cgroup.procs"
    for ((i = 0; i < runs; i++)); do one_run "$1" >/dev/null 2>&1 || exit 1; done
  ) || { echo "$0: $1 failed" >&2; rmdir "$group"; exit 1; }
  local ns
  ns=$(group_ns "$group")
  rmdir "$group"
  awk -v ns="$ns" -v runs="$runs" 'BEGIN { printf "%.2f\n", ns / runs / 1e6 }'
}

ways=(bare isolate bwrap box-default box-bwrap box-none-cgroup box-none-rlimit box-sandbox-rlimit)
declare -A figures
for ((round = 1; round <= rounds; round++)); do
  for way in "${ways[@]}"; do figures[$way]+="$(batch "$way") "; done
done
if [ "$idle" -gt 0 ]; then
  idle_pids=
  for ((i = 0; i < idle; i++)); do
    sleep 3600 &
    idle_pids+="$! "
  done
  for ((round = 1; round <= rounds; round++)); do
    for way in box-none-rlimit box-sandbox-rlimit; do
      figures[$way+idle]+="$(batch "$way") "
    done
  done
  kill $idle_pids 2>/dev/null || true
  idle_pids=
fi

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
echo "ms of CPU a run of /bin/true, median of $rounds rounds of $runs runs ($(nproc) CPUs, $(uname -r)):"
for way in "${ways[@]}" box-none-rlimit+idle box-sandbox-rlimit+idle; do
  [ -n "${figures[$way]:-}" ] || continue
  printf '  %-22s %8s   (%s)\n' "$way" "$(echo "${figures[$way]}" | median)" "${figures[$way]% }"
done
box_default=$(echo "${figures[box-default]}" | median)
isolate_cost=$(echo "${figures[isolate]}" | median)
awk -v b="$box_default" -v i="$isolate_cost" \
  'BEGIN { printf "judge-box default / isolate: %.2f (at most 1.5 wanted)\n", b / i }'
if [ -n "${figures[box-none-rlimit+idle]:-}" ]; then
  for way in box-none-rlimit box-sandbox-rlimit; do
    awk -v a="$(echo "${figures[$way+idle]}" | median)" -v b="$(echo "${figures[$way]}" | median)" \
      -v w="$way" -v n="$idle" \
      'BEGIN { printf "%s beside %d idle processes / without: %.2f (at most 1.25 wanted)\n", w, n, a / b }'
  done
fi
