#!/usr/bin/env bash
# The README's times, measured as a newcomer meets them: README command 2, then command 1, each
# in a fresh clone of the checkout with fresh caches (XDG_CACHE_HOME new: ccache's cache and the
# judge's compile cache start empty), then the setter's loops of doc/development.md in command
# 1's clone. Each command of a README line is timed by bash's `time` (CPU: user + sys of it and
# every process it waited for), one after the other as the line's && runs them. Run it on an
# otherwise idle machine; the figures go to doc/measurements.md ("The README's commands").
# Not a test (about 40 minutes on 2 cores): a measurement.
#
#   bench/readme/readme_times.sh [CHECKOUT] [OUT_DIR]     (LOOPS=0: the two commands alone;
#                                                          COMMAND2=0: command 1 and the loops;
#                                                          COMMAND1=0: command 2 alone)
#
#   CHECKOUT  what to clone (default: this checkout's committed HEAD)
#   OUT_DIR   the clones, the caches, every command's output and times.txt (default
#             /tmp/readme-times-<pid>; removed first when it exists)
set -uo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
source_repo=${1:-$here}
out=${2:-/tmp/readme-times-$$}
rm -rf "$out"
mkdir -p "$out"
unset CCACHE_DIR CCACHE_BASEDIR CCACHE_SLOPPINESS ENTRAPMENT_CACHE_DIR ENTRAPMENT_ROOT ENTRAPMENT_BIN
TIMEFORMAT='%R s real, %U s user, %S s sys'

# timed LABEL COMMAND...: runs it with its output in OUT_DIR/LABEL.log; "LABEL: times (exit N)"
# goes to OUT_DIR/times.txt.
timed() {
  local label=$1
  shift
  { time "$@" >"$out/$label.log" 2>&1; } 2>"$out/$label.time"
  local status=$?
  echo "$label: $(cat "$out/$label.time") (exit $status)" >>"$out/times.txt"
}

echo "start $(date -u) $(git -C "$source_repo" rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/times.txt"

# README command 2: set up everything, build everything, run every test.
if [ "${COMMAND2:-1}" != 0 ]; then
  export XDG_CACHE_HOME="$out/cache2"
  mkdir -p "$XDG_CACHE_HOME"
  git clone -q "$source_repo" "$out/c2" && cd "$out/c2" || exit 1
  timed c2-setup bash .ci/setup
  timed c2-configure cmake -G Ninja -S . -B build
  timed c2-build cmake --build build -j2
  timed c2-ctest ctest --test-dir build --output-on-failure -j2
fi

[ "${COMMAND1:-1}" = 0 ] && { echo "end $(date -u)" >>"$out/times.txt"; cat "$out/times.txt"; exit 0; }

# README command 1: the main job.
export XDG_CACHE_HOME="$out/cache1"
mkdir -p "$XDG_CACHE_HOME"
git clone -q "$source_repo" "$out/c1" && cd "$out/c1" || exit 1
timed c1-setup bash .ci/setup core
timed c1-configure cmake -G Ninja -S . -B build
timed c1-build cmake --build build -j2 --target main_job
timed c1-verify build/bin/judge verify

[ "${LOOPS:-1}" = 0 ] && { echo "end $(date -u)" >>"$out/times.txt"; cat "$out/times.txt"; exit 0; }

# The setter's loops after command 1 (doc/development.md, "The setter's loop"), in this order:
# each builds what the one before did not.
timed loop-submission-build cmake --build build -j2 --target mistakes_test solutions_table_test \
  solutions_strength_test
timed loop-submission-ctest ctest --test-dir build -j2 \
  -R 'WrongSubmission|MistakeMarks|SolutionsTable|RejectedProgram'
timed loop-handtest-build cmake --build build -j2 --target generate_test validators_test \
  corpus_test solutions_strength_test solutions_table_test
timed loop-handtest-ctest ctest --test-dir build -j2 -R \
  'GenerateCheck|GeneratedTests|ContestSet|HandWritten|CommittedTestData|Strength\.|Selection\.|RejectedProgram|SolutionsTable'
timed loop-limits-build cmake --build build -j2 --target package_test solutions_strength_test \
  export_test
timed loop-limits-ctest ctest --test-dir build -j2 -R 'ProblemYaml|RejectedProgram|export_test'
timed loop-select build/bin/judge generate --select --check
echo "end $(date -u)" >>"$out/times.txt"
cat "$out/times.txt"
