#!/usr/bin/env bash
# make compare BASE=<rev> [FILTER="prefix …"] [TIMED=1]: build <rev> in its own
# git worktree and build folder, bench it and this tree workload by workload,
# then compare the pooled reports.
#
# Counted (the default): one `bench --instructions` run per side, under
# callgrind; the counts do not drift, so one round is enough.
# Timed (TIMED=1): alternating base, head, base, head per workload (this
# machine's speed drifts by tens of percent over seconds: alternation spreads
# the drift over both sides, and compare divides each sample by the floor's
# of its round).
set -euo pipefail
base=${1:?usage: scripts/compare.sh REV [WORKLOAD-PREFIX…]}
shift
dir=.build-compare
head_bin="$(swift build -c release --show-bin-path)/diffbench"
rm -rf "$dir/src" "$dir"/base-*.csv "$dir"/head-*.csv
git worktree prune
mkdir -p "$dir"
git worktree add --detach "$dir/src" "$base" >/dev/null
trap 'git worktree remove --force "$dir/src" 2>/dev/null || true' EXIT
(cd "$dir/src" && swift build -c release --product diffbench --scratch-path ../build)
base_bin="$dir/build/release/diffbench"

# Workload names contain a dash; strategy names do not.
workloads=$("$head_bin" list | grep -- '-' || true)
if [ "$#" -gt 0 ]; then
  selected=""
  for w in $workloads; do
    for prefix in "$@"; do
      case "$w" in "$prefix"*) selected="$selected $w"; break ;; esac
    done
  done
  workloads=$selected
fi
if [ "$#" -eq 0 ] && [ -z "${TIMED:-}" ]; then
  # Counted runs cover the workloads up to 100,000 items unless named.
  workloads=$(echo "$workloads" | grep -v -e '-1m$' -e '-1e6$' || true)
fi
[ -n "$workloads" ] || { echo "compare: no workload matches: $*" >&2; exit 2; }

if [ -n "${TIMED:-}" ]; then
  # The same hash seed in every process, so hash tables probe alike in each run.
  export SWIFT_DETERMINISTIC_HASHING=1
  mode=""; rounds="1 2"
  echo "compare: timed (wall clock), rounds alternating base and head" >&2
else
  mode="--instructions"; rounds="1"
  echo "compare: counted (instructions under callgrind); TIMED=1 for wall time" >&2
fi
for w in $workloads; do
  for round in $rounds; do
    echo "== $w, round $round" >&2
    "$base_bin" bench $mode --filter "$w" --out "$dir/base-$w-$round.csv" >/dev/null
    "$head_bin" bench $mode --filter "$w" --out "$dir/head-$w-$round.csv" >/dev/null
  done
done
for side in base head; do
  first=1
  for w in $workloads; do
    for round in $rounds; do
      if [ $first = 1 ]; then cat "$dir/$side-$w-$round.csv"; first=0; else tail -n +2 "$dir/$side-$w-$round.csv"; fi
    done
  done > "$dir/$side.csv.tmp"
  mv "$dir/$side.csv.tmp" "$dir/$side.csv"
done
echo "reports: $dir/base.csv $dir/head.csv" >&2
status=0
"$head_bin" compare "$dir/base.csv" "$dir/head.csv" || status=$?
exit $status
