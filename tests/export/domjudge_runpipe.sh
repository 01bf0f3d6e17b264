#!/usr/bin/env bash
# Plays an exported Kattis package (legacy or 2025-09) through DOMjudge's runpipe the way a
# DOMjudge judgehost runs an interactive problem, and checks the verdicts:
#   - the reference solution must be judged correct on every sample and on a slice of the
#     secret data,
#   - a contestant that always claims the Runner and stops must be judged wrong on every one,
#   - a wrong submission of the package (submissions/wrong_answer/list_split.cpp unless WRONG
#     is given) must be judged wrong on at least one and correct on the others.
#
#   bash tests/export/domjudge_runpipe.sh RUNPIPE PACKAGE_DIR [SECRET_TESTS [WRONG]]
#
# RUNPIPE is DOMjudge's judge/runpipe built from its sources (not a Debian package, so CI does
# not run this; README.md says how it was built). PACKAGE_DIR is OUTDIR/entrapment of
# `judge export --format legacy|2025-09`. SECRET_TESTS (default 20) evenly spaced secret tests
# are played besides the samples.
#
# What the judgehost does, and this script with it (DOMjudge judge/judgedaemon.main.php and
# judge/run-interactive.sh): the output validator directory is built with
# `g++ -Wall -O2 -std=gnu++20 SOURCE -o run`, and `run` is renamed `runjury`; the submission
# is compiled as DOMjudge compiles C++; for each test it copies the input to testdata.in in a
# fresh directory, creates feedback/ there and runs, from that directory,
#   runpipe -M compare.meta -o program.out RUNJURY testdata.in ANSWER feedback = PROGRAM
# where ANSWER is the test's .ans where the judgehost keeps it. runpipe exits with the
# validator's exit code: 42 correct, 43 wrong answer, anything else a judge error. The one
# difference: the judgehost starts PROGRAM under runguard (sudo, cgroups, its own user);
# here it runs directly.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,16p' "$0"; exit 2; }
runpipe="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
package="$(cd "$2" && pwd)"
secret_count="${3:-20}"
wrong_source="${4:-$package/submissions/wrong_answer/list_split.cpp}"
[ -x "$runpipe" ] || { echo "domjudge-runpipe: $runpipe is not an executable" >&2; exit 2; }

if [ -d "$package/output_validator" ]; then
  format=2025-09; validator_dir="$package/output_validator"
elif [ -d "$package/output_validators" ]; then
  format=legacy; validator_dir="$(find "$package/output_validators" -mindepth 1 -maxdepth 1 -type d | head -n 1)"
else
  echo "domjudge-runpipe: $package holds no output validator" >&2; exit 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/domjudge-runpipe-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The output validator, built as the judgehost builds an executable without a build script.
mkdir -p "$work/executable"
cp -r "$validator_dir"/. "$work/executable/"
source_file="$(cd "$work/executable" && find . -maxdepth 1 \( -name '*.cpp' -o -name '*.cc' \) | sort | head -n 1)"
(cd "$work/executable" && g++ -Wall -O2 -std=gnu++20 "$source_file" -o run)
mv "$work/executable/run" "$work/executable/runjury"
runjury="$work/executable/runjury"

# The contestants: compiled the way DOMjudge compiles C++ submissions.
compile() { g++ -x c++ -Wall -O2 -static -pipe -std=gnu++20 -o "$1" "$2"; }
compile "$work/reference" "$package/submissions/accepted/reference.cpp"
compile "$work/wrong" "$wrong_source"
printf '#!/bin/sh\nread -r board\necho Runner\n' > "$work/claims_runner"
chmod +x "$work/claims_runner"

# The tests: every sample, and SECRET_TESTS evenly spaced secret ones.
mapfile -t samples < <(find "$package/data/sample" -name '*.in' | sort)
mapfile -t secret < <(find "$package/data/secret" -name '*.in' | sort)
tests=("${samples[@]}")
step=$(( ${#secret[@]} / secret_count )); [ "$step" -ge 1 ] || step=1
for ((i = 0; i < ${#secret[@]} && i / step < secret_count; i += step)); do tests+=("${secret[$i]}"); done

# One judging: the verdict DOMjudge gives, from runpipe's exit code.
judge() {  # judge PROGRAM TEST.in -> prints correct | wrong-answer | judge-error(CODE)
  local program=$1 input=$2 pass
  pass="$(mktemp -d "$work/pass-XXXXXX")"
  cp "$input" "$pass/testdata.in"
  mkdir -p "$pass/feedback"
  local code=0
  (cd "$pass" && "$runpipe" -M compare.meta -o program.out "$runjury" testdata.in \
     "${input%.in}.ans" feedback = "$program" > runpipe.out 2> runpipe.err) || code=$?
  case $code in
    42) echo correct ;;
    43) echo wrong-answer ;;
    *) echo "judge-error($code)"; cat "$pass/runpipe.err" "$pass/feedback/judgeerror.txt" 2> /dev/null >&2 || true ;;
  esac
}

failures=0 reference_ok=0 claims_wrong=0 wrong_rejected=0
for input in "${tests[@]}"; do
  name="${input#"$package"/data/}"
  r=$(judge "$work/reference" "$input")
  c=$(judge "$work/claims_runner" "$input")
  w=$(judge "$work/wrong" "$input")
  printf '%-55s reference %-13s claims-runner %-13s %s %s\n' "$name" "$r" "$c" "$(basename "$wrong_source")" "$w"
  if [ "$r" = correct ]; then reference_ok=$((reference_ok + 1)); else failures=$((failures + 1)); fi
  if [ "$c" = wrong-answer ]; then claims_wrong=$((claims_wrong + 1)); else failures=$((failures + 1)); fi
  case "$w" in
    wrong-answer) wrong_rejected=$((wrong_rejected + 1)) ;;
    correct) ;;
    *) failures=$((failures + 1)) ;;
  esac
done
[ "$wrong_rejected" -gt 0 ] || failures=$((failures + 1))
n=${#tests[@]}
echo "domjudge-runpipe: $format package, ${#samples[@]} samples + $((n - ${#samples[@]})) secret tests:" \
  "reference correct on $reference_ok/$n, claims-runner wrong-answer on $claims_wrong/$n," \
  "$(basename "$wrong_source") wrong-answer on $wrong_rejected/$n (correct on the others)"
if [ "$failures" -ne 0 ]; then echo "domjudge-runpipe: FAIL ($failures)" >&2; exit 1; fi
echo "domjudge-runpipe: OK"
