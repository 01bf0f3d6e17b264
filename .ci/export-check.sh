#!/usr/bin/env bash
# Exports the package in every format and checks what a contest system would do with it:
#   - the layout (files and keys each format requires),
#   - each exported interactor (and the checker, the input validator) compiled alone with the
#     command its systems use: problemtools g++ -O2 -std=gnu++17, DOMjudge g++ -Wall -O2
#     -std=gnu++20 (no warning allowed), Polygon g++ -O2 -std=gnu++17,
#   - the samples replayed (their .interaction files) and a slice of the secret data played with
#     the reference solution through every compiled interactor: 42 for the Kattis builds, 0 for
#     the testlib build followed by 0 from the checker on its log.
#
#   bash .ci/export-check.sh [BUILD_DIR] [SECRET_SLICE]       (defaults: build, 20)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
slice="${2:-20}"
work="$(mktemp -d /tmp/entrapment-export-check-XXXXXX)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "export-check: FAIL: $*" >&2; failures=$((failures + 1)); }
need() { [ -e "$1" ] || fail "missing $1"; }

for format in legacy 2025-09 polygon; do
  "$build/bin/judge" --root "$root" export --format "$format" "$work/$format" --zip --build-dir "$build"
  need "$work/$format/entrapment.zip"
done
python3 - "$work" <<'PY' || failures=$((failures + 1))
import sys, zipfile
for fmt in ("legacy", "2025-09", "polygon"):
    z = zipfile.ZipFile(f"{sys.argv[1]}/{fmt}/entrapment.zip")
    bad = z.testzip()
    assert bad is None, f"{fmt}: corrupt zip entry {bad}"
    assert all(n.startswith("entrapment/") for n in z.namelist()), f"{fmt}: zip entries outside entrapment/"
PY

# Layouts.
L="$work/legacy/entrapment"; K="$work/2025-09/entrapment"; P="$work/polygon/entrapment"
for f in problem.yaml .timelimit problem_statement/problem.en.tex attachments/testing_tool.py \
         output_validators/entrapment_interactor/interactor.cpp \
         input_validators/input_validator/input_validator.cpp submissions/accepted; do need "$L/$f"; done
grep -qx 'validation: custom interactive' "$L/problem.yaml" || fail "legacy problem.yaml: validation"
grep -q 'time_limit' "$L/problem.yaml" && fail "legacy problem.yaml holds a time_limit key"
[ -d "$L/data/invalid_input" ] && fail "legacy: data/invalid_input would be taken for a test group"
for f in problem.yaml statement/problem.en.tex attachments/testing_tool.py output_validator/interactor.cpp \
         input_validators/input_validator/input_validator.cpp submissions/accepted data/invalid_input; do need "$K/$f"; done
grep -qx 'problem_format_version: 2025-09' "$K/problem.yaml" || fail "2025-09 problem.yaml: version"
grep -qx 'type: interactive' "$K/problem.yaml" || fail "2025-09 problem.yaml: type"
grep -qE '^  time_limit: ' "$K/problem.yaml" || fail "2025-09 problem.yaml: limits.time_limit"
for in in "$K"/data/sample/*.in; do
  for ext in ans interaction in.download ans.download; do need "${in%.in}.$ext"; done
done
for f in problem.xml files/interactor.cpp files/check.cpp tests; do need "$P/$f"; done
[ -e "$P/files/testlib.h" ] && fail "polygon: testlib.h must not be shipped"
for pkg in "$L" "$K" "$P"; do
  bad="$(cd "$pkg" && find . -mindepth 1 ! -name .timelimit | sed 's|^\./||' | tr '/' '\n' | grep -Ev '^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$' || true)"
  [ -z "$bad" ] || fail "$pkg: file names outside the format's rule: $bad"
done
secret_in=$(find "$root/testdata/secret" -name '*.in' | wc -l)
[ "$(find "$L/data/secret" -name '*.in' | wc -l)" -eq "$secret_in" ] || fail "legacy: secret test count"
[ "$(find "$K/data/secret" -name '*.in' | wc -l)" -eq "$secret_in" ] || fail "2025-09: secret test count"

# Compile alone, as the contest systems do.
compile() {  # compile NAME "COMMAND" SOURCE: no output allowed
  if ! $2 -o "$work/$1" "$3" > "$work/$1.log" 2>&1 || [ -s "$work/$1.log" ]; then
    fail "$1: $2 $3"; cat "$work/$1.log" >&2
  fi
}
compile legacy_interactor "g++ -O2 -std=gnu++17" "$L/output_validators/entrapment_interactor/interactor.cpp"
compile kattis_interactor "g++ -Wall -O2 -std=gnu++20" "$K/output_validator/interactor.cpp"
compile testlib_interactor "g++ -O2 -std=gnu++17" "$P/files/interactor.cpp"
compile checker "g++ -O2 -std=gnu++17" "$P/files/check.cpp"
compile validator "g++ -Wall -O2 -std=gnu++20" "$K/input_validators/input_validator/input_validator.cpp"
compile reference "g++ -O2 -std=gnu++17" "$root/solutions/accepted/reference.cpp"
[ "$failures" -eq 0 ] || { echo "export-check: $failures failure(s)" >&2; exit 1; }

# Play: judge and contestant joined by a FIFO, like a contest system's two pipes.
mkfifo "$work/fifo"
play() {  # play EXPECTED JUDGE... -- CONTESTANT...
  local expected=$1; shift
  local judge=() contestant=()
  while [ "$1" != "--" ]; do judge+=("$1"); shift; done; shift
  contestant=("$@")
  set +e
  "${judge[@]}" < "$work/fifo" 2> "$work/judge.err" | "${contestant[@]}" > "$work/fifo"
  local status=${PIPESTATUS[0]}
  set -e
  [ "$status" -eq "$expected" ] || { fail "exit $status, expected $expected: ${judge[*]}"; cat "$work/judge.err" >&2; }
}
mkdir -p "$work/feedback"
games=0
run_case() {  # run_case TEST.in CONTESTANT...
  local in=$1; shift
  local ans="${in%.in}.ans"
  play 42 "$work/legacy_interactor" "$in" "$ans" "$work/feedback/" -- "$@"
  play 42 "$work/kattis_interactor" "$in" "$ans" "$work/feedback/" -- "$@"
  play 0 "$work/testlib_interactor" "$in" "$work/testlib.log" "$ans" -- "$@"
  "$work/checker" "$in" "$work/testlib.log" "$ans" 2> /dev/null || fail "checker rejected the log of $in"
  games=$((games + 3))
}
for in in "$K"/data/sample/*.in; do
  run_case "$in" sh "$root/tests/export/replay.sh" "${in%.in}.interaction"
done
mapfile -t secret < <(find "$K/data/secret" -name '*.in' | sort)
step=$(( ${#secret[@]} / slice )); [ "$step" -ge 1 ] || step=1
for ((i = 0; i < ${#secret[@]}; i += step)); do run_case "${secret[$i]}" "$work/reference"; done
for in in "$K"/data/invalid_input/*.in; do
  set +e; "$work/validator" < "$in" > /dev/null 2>&1; status=$?; set -e
  [ "$status" -eq 43 ] || fail "exported validator accepted $in (exit $status)"
done

if [ "$failures" -ne 0 ]; then echo "export-check: $failures failure(s)" >&2; exit 1; fi
echo "export-check: 3 formats exported and checked, 5 programs compiled alone, $games games played"
