#!/usr/bin/env bash
# Exports the package in every format and checks what a contest system would do with it:
#   - the layout (files and keys each format requires, the statement rendered for each, no
#     judge-only line in a file contestants can see, problem.xml well formed and complete),
#   - each exported program compiled alone with the command its systems use: problemtools
#     g++ -O2 -std=gnu++17, DOMjudge g++ -Wall -O2 -std=gnu++20 (no warning allowed), Polygon
#     g++ -O2 -std=gnu++17; the submissions with clang++ and libc++ too (BAPCtools checks that
#     they do not need bits/stdc++.h),
#   - the samples replayed (their .interaction files, in each format's own files: legacy's
#     board-only .in with the judge's lines in .ans) and a slice of the secret data played with
#     the reference solution through every compiled interactor: 42 for the Kattis builds, 0 for
#     the testlib build followed by 0 from the checker on its log,
#   - the exhaustive tier shipped only with --exhaustive, every test of it,
#   - the validators: the Kattis one on the data and on invalid_input, legacy's with
#     --board-only on its samples, the testlib one on Polygon's validator tests with the
#     verdicts problem.xml declares.
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
for f in problem.yaml .timelimit README.md problem_statement/problem.en.tex attachments/testing_tool.py \
         output_validators/entrapment_interactor/interactor.cpp data/sample/testdata.yaml \
         input_validators/input_validator/input_validator.cpp submissions/accepted; do need "$L/$f"; done
grep -qx 'validation: custom interactive' "$L/problem.yaml" || fail "legacy problem.yaml: validation"
grep -q 'time_limit' "$L/problem.yaml" && fail "legacy problem.yaml holds a time_limit key"
grep -qE '^license: ' "$L/problem.yaml" || fail "legacy problem.yaml: no license (problemtools warns)"
grep -q '^license: unknown' "$L/problem.yaml" && fail "legacy problem.yaml: license unknown"
grep -q '\\problemname{' "$L/problem_statement/problem.en.tex" || fail "legacy statement: no \\problemname"
grep -qx 'input_validator_flags: --board-only' "$L/data/sample/testdata.yaml" || fail "legacy samples: validator flag"
[ -e "$L/invalid_input" ] || [ -e "$L/data/invalid_input" ] && fail "legacy: invalid_input is not a legacy directory"
for in in "$L"/data/sample/*.in; do
  cmp -s <(cat "$in" "${in%.in}.ans") "$root/testdata/sample/$(basename "$in")" ||
    fail "legacy $in + .ans is not the test file"
done
for f in problem.yaml README.md statement/problem.en.tex attachments/testing_tool.py output_validator/interactor.cpp \
         input_validators/input_validator/input_validator.cpp submissions/accepted data/invalid_input; do need "$K/$f"; done
[ "$(find "$K/statement" -name 'problem.en.*' | wc -l)" -eq 1 ] || fail "2025-09: not exactly one statement in English"
"$build/bin/judge" --root "$root" export --format 2025-09 --statement markdown "$work/markdown" --build-dir "$build" > /dev/null
[ "$(cd "$work/markdown/entrapment/statement" && ls)" = problem.en.md ] || fail "2025-09 --statement markdown: statement/"
grep -q '^## Interaction' "$work/markdown/entrapment/statement/problem.en.md" || fail "2025-09 Markdown statement: sections"
grep -qx 'problem_format_version: 2025-09' "$K/problem.yaml" || fail "2025-09 problem.yaml: version"
grep -qx 'type: interactive' "$K/problem.yaml" || fail "2025-09 problem.yaml: type"
grep -qE '^  time_limit: ' "$K/problem.yaml" || fail "2025-09 problem.yaml: limits.time_limit"
grep -q 'settings.yaml' "$K/problem.yaml" && fail "2025-09 problem.yaml names a file that does not exist"
for in in "$K"/data/sample/*.in; do
  for ext in ans interaction in.download ans.download; do need "${in%.in}.$ext"; done
done
nonempty_ans=$(find "$K/data" -name '*.ans' -size +0 | wc -l)
[ "$nonempty_ans" -eq 0 ] || fail "2025-09: $nonempty_ans non-empty .ans files (BAPCtools wants them empty)"
for f in problem.xml README.md files/interactor.cpp files/check.cpp files/validator.cpp tests \
         statements/english/problem.tex statement-sections/english/legend.tex \
         statement-sections/english/interaction.tex statement-sections/english/example.01; do need "$P/$f"; done
[ -e "$P/files/testlib.h" ] && fail "polygon: testlib.h must not be shipped"
python3 - "$P" "$root" <<'PY' || failures=$((failures + 1))
import os, sys, xml.etree.ElementTree as ET
pkg, root = sys.argv[1], sys.argv[2]
p = ET.parse(f"{pkg}/problem.xml").getroot()
ts = p.find("judging/testset")
n = int(ts.findtext("test-count"))
assert n == len(ts.findall("tests/test")), "test-count differs from the tests listed"
pattern = ts.findtext("input-path-pattern")
assert all(os.path.isfile(f"{pkg}/{pattern % i}") for i in range(1, n + 1)), "a listed test is missing"
v = p.find("assets/validators/validator")
assert v is not None and v.find("source").get("path") == "files/validator.cpp", "no validator declared"
vt = v.find("testset")
vn = int(vt.findtext("test-count"))
assert vn == len(vt.findall("tests/test")) > 0, "validator tests"
assert {t.get("verdict") for t in vt.findall("tests/test")} == {"valid", "invalid"}, "validator verdicts"
sols = p.findall("assets/solutions/solution")
mains = [s.find("source").get("path") for s in sols if s.get("tag") == "main"]
assert mains == ["solutions/reference.cpp"], f"main solution: {mains}"
tags = {"main", "accepted", "wrong-answer", "time-limit-exceeded", "rejected"}
assert all(s.get("tag") in tags for s in sols), "an unknown solution tag"
types = {"cpp.g++17", "c.gcc", "python.3", "java11"}
assert all(s.find("source").get("type") in types for s in sols), "an unknown source type"
assert p.find("assets/interactor/source").get("path") == "files/interactor.cpp"
assert p.find("assets/checker/source").get("path") == "files/check.cpp"
PY
# Files contestants can see never hold the judge's lines.
visible=("$L"/data/sample/*.in "$L"/data/sample/*.interaction "$L"/problem_statement/*
         "$K"/data/sample/*.download "$K"/data/sample/*.interaction "$K"/statement/*
         "$work"/markdown/entrapment/statement/*
         "$P"/statement-sections/english/* "$P"/statements/english/*
         "$L"/attachments/* "$K"/attachments/* "$P"/attachments/*)
if grep -lE '^[<>]? ?(adversary|ask|answers) ' "${visible[@]}"; then fail "judge lines in files contestants can see"; fi
for pkg in "$L" "$K" "$P"; do
  bad="$(cd "$pkg" && find . -mindepth 1 ! -name .timelimit | sed 's|^\./||' | tr '/' '\n' | grep -Ev '^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$' || true)"
  [ -z "$bad" ] || fail "$pkg: file names outside the format's rule: $bad"
  head -n 1 "$pkg/README.md" | grep -q '^<!-- Written by `judge export`' || fail "$pkg/README.md: no export marker"
done
secret_in=$(find "$root/testdata/secret" -name '*.in' | wc -l)
[ "$(find "$L/data/secret" -name '*.in' | wc -l)" -eq "$secret_in" ] || fail "legacy: secret test count"
[ "$(find "$K/data/secret" -name '*.in' | wc -l)" -eq "$secret_in" ] || fail "2025-09: secret test count"
# The exhaustive tier only on request: as data/secret/exhaustive/ in the Kattis formats.
for pkg in "$L" "$K"; do [ -e "$pkg/data/secret/exhaustive" ] && fail "$pkg: exhaustive tier shipped by default"; done
if [ -d "$root/testdata/exhaustive" ]; then
  exhaustive_in=$(find "$root/testdata/exhaustive" -name '*.in' | wc -l)
  "$build/bin/judge" --root "$root" export --format 2025-09 --exhaustive "$work/exhaustive" --build-dir "$build" > /dev/null
  [ "$(find "$work/exhaustive/entrapment/data/secret/exhaustive" -name '*.in' | wc -l)" -eq "$exhaustive_in" ] ||
    fail "2025-09 --exhaustive: not every test of testdata/exhaustive in data/secret/exhaustive"
  [ "$(find "$work/exhaustive/entrapment/data/secret" -name '*.in' | wc -l)" -eq $((secret_in + exhaustive_in)) ] ||
    fail "2025-09 --exhaustive: secret test count"
  rm -rf "$work/exhaustive"
fi

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
compile legacy_validator "g++ -O2 -std=gnu++17" "$L/input_validators/input_validator/input_validator.cpp"
compile testlib_validator "g++ -O2 -std=gnu++17" "$P/files/validator.cpp"
compile reference "g++ -O2 -std=gnu++17" "$root/solutions/accepted/reference.cpp"
programs=8
if command -v clang++ > /dev/null && echo '#include <vector>' | clang++ -x c++ -stdlib=libc++ -fsyntax-only - 2> /dev/null; then
  for source in "$K"/submissions/*/*.cpp; do
    grep -q 'bits/stdc++.h' "$source" && fail "$source includes bits/stdc++.h"
    clang++ -std=c++20 -stdlib=libc++ -Wall -fsyntax-only "$source" > "$work/clang.log" 2>&1 ||
      { fail "$source does not build with clang++ and libc++"; cat "$work/clang.log" >&2; }
    programs=$((programs + 1))
  done
else
  echo "export-check: clang++ with libc++ not available: submissions not built with it" >&2
fi
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
run_case() {  # run_case NAME CONTESTANT...: NAME relative to data/ in the Kattis packages
  local name=$1; shift
  play 42 "$work/legacy_interactor" "$L/data/$name.in" "$L/data/$name.ans" "$work/feedback/" -- "$@"
  play 42 "$work/kattis_interactor" "$K/data/$name.in" "$K/data/$name.ans" "$work/feedback/" -- "$@"
  cat "$L/data/$name.ans" > "$work/winner.a"  # Polygon's answer: the winner (secret) or unused
  play 0 "$work/testlib_interactor" "$K/data/$name.in" "$work/testlib.log" "$work/winner.a" -- "$@"
  "$work/checker" "$K/data/$name.in" "$work/testlib.log" "$work/winner.a" 2> /dev/null || fail "checker rejected the log of $name"
  games=$((games + 3))
}
for in in "$K"/data/sample/*.in; do
  name="sample/$(basename "${in%.in}")"
  run_case "$name" sh "$root/tests/export/replay.sh" "${in%.in}.interaction"
done
mapfile -t secret < <(cd "$K/data" && find secret -name '*.in' | sort)
step=$(( ${#secret[@]} / slice )); [ "$step" -ge 1 ] || step=1
for ((i = 0; i < ${#secret[@]}; i += step)); do run_case "${secret[$i]%.in}" "$work/reference"; done

# Validators.
validate() {  # validate EXPECTED PROGRAM FILE [ARGS...]
  local expected=$1 program=$2 file=$3; shift 3
  set +e; "$program" "$@" < "$file" > /dev/null 2>&1; local status=$?; set -e
  [ "$status" -eq "$expected" ] || fail "$(basename "$program") $* on $file: exit $status, expected $expected"
}
for in in "$K"/data/sample/*.in; do validate 42 "$work/validator" "$in"; done
for in in "$K"/data/invalid_input/*.in; do validate 43 "$work/validator" "$in"; done
for in in "$L"/data/sample/*.in; do
  validate 42 "$work/legacy_validator" "$in" --board-only
  validate 43 "$work/legacy_validator" "$in"
done
for ((i = 0; i < ${#secret[@]}; i += step)); do validate 42 "$work/legacy_validator" "$L/data/${secret[$i]}"; done
mapfile -t verdicts < <(grep -o '<test verdict="[a-z]*"/>' "$P/problem.xml" | sed 's/.*verdict="\([a-z]*\)".*/\1/')
mapfile -t vtests < <(find "$P/files/tests/validator-tests" -type f | sort)
[ "${#verdicts[@]}" -eq "${#vtests[@]}" ] || fail "polygon: ${#verdicts[@]} validator verdicts for ${#vtests[@]} tests"
for ((i = 0; i < ${#vtests[@]}; i++)); do
  validate "$([ "${verdicts[$i]}" = valid ] && echo 0 || echo 3)" "$work/testlib_validator" "${vtests[$i]}"
done

if [ "$failures" -ne 0 ]; then echo "export-check: $failures failure(s)" >&2; exit 1; fi
echo "export-check: 3 formats exported and checked, $programs programs compiled alone, $games games played," \
  "${#vtests[@]} Polygon validator tests"
