#!/bin/bash
# make verify-under-load: verdicts that do not depend on load. Both cores are
# kept busy by CPU hogs while `verify` runs every strategy on DifferenceKit's
# sectioned case (100,005 items), which must pass; then a real hang (the
# test-only `hangs` strategy) must still be reported as a hang.
set -euo pipefail
diffbench="${DIFFBENCH:?the diffbench binary}"
faulty="${FAULTY:?the faulty-diffbench binary}"
work=.build/verify-under-load
mkdir -p "$work"
scripts/sectioned-case.py "$work/sections-100k.json"
echo '{"old": ["a"], "new": ["x", "y"]}' > "$work/hang.json"
hogs=()
for _ in 1 2; do (while :; do :; done) & hogs+=($!); done
trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT
echo "2 CPU hogs running (pids ${hogs[*]})"
start=$(date +%s.%N)
"$diffbench" verify "$work/sections-100k.json"
echo "verify, every strategy, 100,005 items, under load: $(echo "$(date +%s.%N) - $start" | bc) s wall"
start=$(date +%s.%N)
status=0
"$faulty" verify --strategy hangs --timeout 2 "$work/hang.json" || status=$?
echo "the hanging strategy under load (timeout 2 s of CPU): exit $status after $(echo "$(date +%s.%N) - $start" | bc) s wall"
[ "$status" = 1 ]
