#!/bin/bash
# make fuzz-campaign HOURS=H: fuzz for H hours (fractions too), alternating
# random fuzzing (`diffbench fuzz`, both cores) and coverage-guided fuzzing
# (two libFuzzer processes, no ASan for throughput), in rounds of at most
# 10 minutes each. The libFuzzer corpus lives in fuzz-campaign/corpus (kept
# between campaigns, ignored by git) and each round's finds are merged into
# it (-merge=1). A libFuzzer crash is imported as a shrunk regression; random
# fuzzing writes its own. The campaign ends with a summary; exit 1 when
# anything failed.
set -euo pipefail
hours="${HOURS:?HOURS=H (e.g. 0.1)}"
diffbench="${DIFFBENCH:?the diffbench binary}"
total=$(python3 -c "print(max(20, int(float('$hours') * 3600)))")
round=$(( total / 2 < 600 ? total / 2 : 600 ))
half=$(( round / 2 > 10 ? round / 2 : 10 ))
root=fuzz-campaign
work=.build-libfuzzer-fast
fuzzer="$(scripts/fuzz/build-target.sh "$work" fuzzer 2>/dev/null)"
mkdir -p "$root/corpus" "$root/artifacts" "$root/regressions" "$root/logs"
rm -rf "$root/seeds" && "$diffbench" seeds "$root/seeds" Corpus >/dev/null
start_corpus=$(ls "$root/corpus" | wc -l)
random_inputs=0 libfuzzer_inputs=0 random_failures=0 imported=0 rounds=0 cov=0
began=$(date +%s)
echo "fuzz-campaign: $hours h ($total s) in rounds of $round s (random $half s, libFuzzer $half s), corpus $root/corpus ($start_corpus inputs)"
while [ $(( $(date +%s) - began + round )) -le $(( total + 5 )) ] || [ "$rounds" = 0 ]; do
  rounds=$((rounds + 1))
  # Random fuzzing on both cores; a new seed each round.
  seed=$(( $(date +%s) + rounds ))
  status=0
  "$diffbench" fuzz --seed "$seed" --seconds "$half" --jobs 2 --out "$root/regressions" > "$root/logs/random-$rounds.log" 2>&1 || status=$?
  line=$(grep -E "pairs and sessions in" "$root/logs/random-$rounds.log" || true)
  pairs=$(echo "$line" | grep -oE "^[0-9]+" || echo 0)
  random_inputs=$((random_inputs + ${pairs:-0}))
  fails=$(echo "$line" | grep -oE "[0-9]+ failures" | grep -oE "[0-9]+" || echo 0)
  random_failures=$((random_failures + ${fails:-0}))
  echo "round $rounds: random: ${line:-no summary (exit $status)}"
  # Coverage-guided fuzzing on both cores into a scratch folder, then merged.
  fresh="$root/round-$rounds"
  rm -rf "$fresh" && mkdir -p "$fresh"
  for job in 1 2; do
    SWIFT_BACKTRACE=enable=no "$fuzzer" -max_total_time="$half" -timeout=10 -max_len=512 -dict=scripts/fuzz/pairs.dict \
      -print_final_stats=1 -artifact_prefix="$root/artifacts/" "$fresh" "$root/corpus" "$root/seeds" \
      > "$root/logs/libfuzzer-$rounds-$job.log" 2>&1 &
  done
  wait || true
  for job in 1 2; do
    n=$(grep -E "stat::number_of_executed_units" "$root/logs/libfuzzer-$rounds-$job.log" | grep -oE "[0-9]+$" || echo 0)
    libfuzzer_inputs=$((libfuzzer_inputs + ${n:-0}))
  done
  "$fuzzer" -merge=1 "$root/corpus" "$fresh" > "$root/logs/merge-$rounds.log" 2>&1 || true
  rm -rf "$fresh"
  cov=$(grep -oE "MERGE-OUTER: [0-9]+ new files with [0-9]+ new features" "$root/logs/merge-$rounds.log" || true)
  echo "round $rounds: libFuzzer: $(grep -hE "^#[0-9]+.*DONE" "$root/logs/libfuzzer-$rounds-"*.log | awk '{print $1, $3, $4}' | tr '\n' ' ')merged: ${cov:-nothing new}"
done
# Crashes libFuzzer saved: each imported as a shrunk regression.
crashes=$(ls "$root/artifacts" 2>/dev/null | grep -E "^(crash|timeout|oom)-" || true)
for crash in $crashes; do
  "$diffbench" import --out "$root/regressions" "$root/artifacts/$crash" >> "$root/logs/import.log" 2>&1 || imported=$((imported + 1))
  mv "$root/artifacts/$crash" "$root/artifacts/imported-$crash"
done
# Coverage of the kept corpus, read once at the end.
final=$("$fuzzer" -runs=0 "$root/corpus" 2>&1 | grep -E "INITED" | grep -oE "cov: [0-9]+ ft: [0-9]+" || echo "cov: ?")
end_corpus=$(ls "$root/corpus" | wc -l)
written=$(ls "$root/regressions" 2>/dev/null | wc -l)
failures=$((random_failures + $(echo "$crashes" | grep -c . || true)))
echo
echo "fuzz-campaign summary: $rounds rounds in $(( $(date +%s) - began )) s"
echo "  random (diffbench fuzz): $random_inputs pairs and sessions, $random_failures failures"
echo "  coverage-guided (libFuzzer): $libfuzzer_inputs inputs; corpus $start_corpus → $end_corpus inputs, $final"
echo "  crashes imported: $(echo "$crashes" | grep -c . || true) ($imported failing regressions written); regressions in $root/regressions: $written"
if [ "$failures" = 0 ]; then
  echo "verdict: no failure in $random_inputs random and $libfuzzer_inputs coverage-guided inputs"
else
  echo "verdict: $failures failures found; regressions in $root/regressions (move them to Corpus/regressions to keep them)"
  exit 1
fi
