#!/bin/bash
# make libfuzzer-finds: can coverage-guided fuzzing find each test-only faulty
# strategy from an empty corpus, and how fast? Builds the target with the
# faulty strategies (-DFAULTY_STRATEGIES, no ASan), then per strategy fuzzes
# it alone for up to $FIND_SECONDS (default 60) from nothing but the
# dictionary, and prints the seconds to its first failure. Exit 1 when one
# is not found.
set -euo pipefail
seconds="${FIND_SECONDS:-60}"
work=.build-libfuzzer-faulty
fuzzer="$(scripts/fuzz/build-target.sh "$work" fuzzer -DFAULTY_STRATEGIES 2>/dev/null)"
strategies="${FIND_STRATEGIES:-trapping off-by-one forgets-updates breaks-rule-2 hangs not-longest naive-drops-last heckel-boundary}"
missed=0
for strategy in $strategies; do
  dir="$work/find-$strategy"
  rm -rf "$dir" && mkdir -p "$dir/corpus"
  start=$(date +%s.%N)
  status=0
  SWIFT_BACKTRACE=enable=no DIFFBENCH_FUZZ_STRATEGIES="${FIND_WITH:+$FIND_WITH,}$strategy" \
    "$fuzzer" -max_total_time="$seconds" -timeout=2 -max_len=512 -dict=scripts/fuzz/pairs.dict \
    -artifact_prefix="$dir/" "$dir/corpus" > "$dir/log" 2>&1 || status=$?
  elapsed=$(echo "$(date +%s.%N) - $start" | bc)
  execs=$(grep -oE '^#[0-9]+' "$dir/log" | tail -1 | tr -d '#')
  if [ "$status" != 0 ]; then
    printf '%-18s found in %6.1f s after %s inputs: %s\n' "$strategy" "$elapsed" "${execs:-?}" \
      "$(grep -m1 -oE "(Fatal error|ERROR): .{0,100}" "$dir/log" || echo "exit $status")"
  else
    printf '%-18s NOT found in %s s (%s inputs)\n' "$strategy" "$seconds" "${execs:-?}"
    missed=1
  fi
done
exit "$missed"
