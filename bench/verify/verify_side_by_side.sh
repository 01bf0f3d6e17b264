#!/usr/bin/env bash
# `judge verify` of two checkouts, side by side on one machine: each checkout's own judge on its
# own package, with a compile cache of its own, alternately, so that whatever else the machine
# does meets both in turn. One run each with an empty compile cache, then ROUNDS rounds warm.
# CPU is user + sys of judge and every process it waited for (/usr/bin/time). Not a test: a
# measurement (doc/measurements.md, "The main job").
#
#   bench/verify/verify_side_by_side.sh OLD_CHECKOUT NEW_CHECKOUT [ROUNDS]
#
# Each checkout must be built (`cmake --build build --target main_job`); ROUNDS defaults to 3.
set -uo pipefail
[ $# -ge 2 ] || { sed -n '2,10p' "$0"; exit 2; }
old=$1 new=$2 rounds=${3:-3}
caches=$(mktemp -d /tmp/verify-side-by-side-XXXXXX)
# run NAME CHECKOUT: one `judge verify`, its times and whether it said `verify: OK`.
run() {
  local name=$1 checkout=$2
  local times
  times=$(cd "$checkout" && ENTRAPMENT_CACHE_DIR="$caches/$name" /usr/bin/time -f "%U %S %e" \
    build/bin/judge verify 2>&1 >"$caches/$name.out" | tail -1)
  read -r user sys wall <<<"$times"
  printf '%-4s CPU %6.1f s (user %s, sys %s), wall %s s, %s\n' "$name" \
    "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$user" "$sys" "$wall" \
    "$(grep -q 'verify: OK' "$caches/$name.out" && echo 'verify: OK' || echo 'NOT OK')"
}
echo "cold compile caches:"
run old "$old"
run new "$new"
for round in $(seq "$rounds"); do
  echo "round $round, warm:"
  run old "$old"
  run new "$new"
done
rm -rf "$caches"
