#!/usr/bin/env bash
# The hostile suite as a table: every hostile program (tests/programs/player.cpp's
# modes, sources that attack the compiler, Java's native memory) judged by `judge run` in every
# mode this machine allows, as root and as an unprivileged user, each run with a terminal of
# its own (script(1)) so that a program that goes for the terminal has one to find. Prints a
# Markdown table of the verdicts, and under it the message of every cell whose verdict says
# that what the program tried worked (it exits with status 3, RTE, when it reached what it
# went for). doc/execution.md holds its output. Minutes, not a test: a measurement.
#
#   bench/execution/hostile_table.sh [BIN_DIR]     (default build/bin)
#   HOSTILE_PROGRAMS="fork-bomb tmp-fill" bench/execution/hostile_table.sh   (some of them)
#
# Modes (bwrap, or none: doc/execution.md, section 4):
#   root, bwrap              --sandbox, with ENTRAPMENT_LIMITS=cgroup and =rlimit
#   root, none               --no-sandbox --trust, cgroup and rlimit: the program runs as root
#   nobody, bwrap            --sandbox, as the user nobody (rlimit: no cgroup is writable)
#   nobody, none             --no-sandbox --trust, as nobody: the program runs as the user
# Not run where nothing contains them: kill-all (as root it would SIGKILL every process of the
# machine, as nobody every process of that user, the judge's too), and as root attack-judge,
# tiocsti and trace-all (they reached other checkouts' packages, other sessions' terminals and
# every process of the machine).
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/bin}
src=$PWD
work=$(mktemp -d /tmp/hostile-table-XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

# A package of its own, readable by everyone: small limits so that the memory hogs meet them
# soon (page faults are slow on small VMs), a secret test for the compiler to go for.
pkg=$work/package
mkdir -p "$pkg/testdata/sample" "$pkg/testdata/secret" "$work/bin" "$work/sources"
sed -e 's/time_limit: 5/time_limit: 8/' -e 's/memory: 2048/memory: 256/' "$src/problem.yaml" \
  >"$pkg/problem.yaml"
cp "$src/testdata/sample/1.in" "$pkg/testdata/sample/1.in"
cp "$src/testdata/sample/1.in" "$pkg/testdata/secret/secret-1.in"
cp "$bin/judge" "$bin/test_player" "$work/bin/"
secret=$pkg/testdata/secret/secret-1.in
cat >"$work/sources/incbin_secret.cpp" <<EOF
asm(".section .rodata\n.global leak\nleak: .incbin \"$secret\"\n.byte 0\n.text");
#include <cstdio>
extern const char leak[];
int main() { std::puts(leak); }
EOF
printf '#include "/dev/zero"\nint main() {}\n' >"$work/sources/include_dev_zero.cpp"
printf 'template <int N> struct D { static const int v = D<N + 1>::v; };\nint main() { return D<0>::v; }\n' \
  >"$work/sources/template_without_end.cpp"
cp "$src/tests/programs/NativeHog.java" "$work/sources/"
chmod -R a+rX "$work"

player=$work/bin/test_player
programs=(correct sleep no-flush stdout-flood stderr-flood fork-bomb allocate close-stdin
  crash-after orphan blank-flood spin fds "two-processes 140" fork-bomb-child bomb-during
  tmp-fill shm-fill cwd-fill attack-judge tiocsti trace-all kill-all
  src:incbin_secret.cpp src:include_dev_zero.cpp src:template_without_end.cpp src:NativeHog.java)
if [ -n "${HOSTILE_PROGRAMS:-}" ]; then
  # shellcheck disable=SC2206
  programs=($HOSTILE_PROGRAMS)
fi
modes=("root bwrap cgroup" "root bwrap rlimit" "root none cgroup" "root none rlimit"
  "nobody bwrap rlimit" "nobody none rlimit")

# One run: the verdict, and the message when it is worth showing.
run_one() {
  local who=$1 isolation=$2 limits=$3 program=$4
  local env=(ENTRAPMENT_ROOT="$pkg" ENTRAPMENT_CACHE_DIR=off ENTRAPMENT_LIMITS="$limits"
    HOME="$work")
  local flags=(--sandbox)
  case $isolation in
    none) flags=(--no-sandbox --trust) ;;
  esac
  local json=$work/result-$$.json words
  rm -f "$json"
  if [[ $program == src:* ]]; then
    words=("$work/sources/${program#src:}" "$pkg/testdata/sample/1.in")
  else
    # shellcheck disable=SC2206
    local args=($program)
    words=("$pkg/testdata/sample/1.in" -- "$player" "${args[0]}" "table-$$" "${args[@]:1}")
  fi
  local command=(env "${env[@]}" "$work/bin/judge" run "${flags[@]}" --json "$json" "${words[@]}")
  local line
  line=$(printf '%q ' "${command[@]}")
  if [ "$who" = nobody ]; then
    chmod 777 "$work"
    script -qec "setpriv --reuid=nobody --regid=nogroup --clear-groups $line" /dev/null \
      >"$work/out" 2>&1 </dev/null
  else
    script -qec "$line" /dev/null >"$work/out" 2>&1 </dev/null
  fi
  local status=$?
  # What a program left where nothing contained it (its files carry the script's token).
  rm -rf /tmp/fill-table-$$-* /var/tmp/fill-table-$$-* /dev/shm/fill-table-$$-*
  if [ -f "$json" ]; then
    python3 - "$json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
message = r["tests"][0]["message"] if r["tests"] else r["message"]
print(r["verdict"] + "\t" + " ".join(message.split())[:160])
EOF
  elif [ "$status" -ge 128 ]; then
    # No report: the judge itself was killed (by the program, where nothing contained it).
    printf 'judge killed (exit %s)\t%s\n' "$status" "$(tail -c 160 "$work/out" | tr '\n' ' ')"
  else
    printf 'refused\t%s\n' "$(grep -m1 -E 'judge run:' "$work/out" | cut -c1-160)"
  fi
}

header="| program |"
rule="|---|"
for mode in "${modes[@]}"; do
  header+=" ${mode} |"
  rule+="---|"
done
echo "$header"
echo "$rule"
notes=()
for program in "${programs[@]}"; do
  row="| ${program} |"
  for mode in "${modes[@]}"; do
    read -r who isolation limits <<<"$mode"
    # Where nothing contains them they reach what their user may: as root, every process,
    # terminal and checkout of the machine (other people's work on a shared one).
    if [ "$isolation" = none ] && { [ "$program" = kill-all ] ||
      { [ "$who" = root ] && [[ " attack-judge tiocsti trace-all " == *" $program "* ]]; }; }; then
      row+=" not run |"
      continue
    fi
    result=$(run_one "$who" "$isolation" "$limits" "$program")
    verdict=${result%%$'\t'*}
    message=${result#*$'\t'}
    row+=" ${verdict} |"
    case $message in
      *reached:* | *"nothing stopped it"* | *inherited*) notes+=("- ${program}, ${mode}: ${message}") ;;
    esac
  done
  echo "$row"
done
if [ ${#notes[@]} -gt 0 ]; then
  echo
  echo "What the program reached where it could:"
  printf '%s\n' "${notes[@]}"
fi
