#!/bin/bash
# make libfuzzer: build diffbench-libfuzzer with libFuzzer and AddressSanitizer,
# encode the corpus as seeds, fuzz the strategies for $FUZZ_SECONDS, then the
# readers (corpus, changeset, CSV, trace) for $FUZZ_SECONDS. Exit 0 when
# nothing failed. FAST=1 builds without AddressSanitizer (its own folder),
# for throughput: about 3× the inputs a second; ASan stays the default and
# what ClusterFuzzLite runs.
set -euo pipefail
seconds="${FUZZ_SECONDS:-60}"
diffbench="${DIFFBENCH:?the diffbench binary}"
if [ -n "${FAST:-}" ]; then
  work=.build-libfuzzer-fast
  sanitize=fuzzer
else
  work=.build-libfuzzer
  sanitize=fuzzer,address
fi
fuzzer="$(scripts/fuzz/build-target.sh "$work" "$sanitize")"
rm -rf "$work/seeds"
"$diffbench" seeds "$work/seeds" Corpus
mkdir -p "$work/corpus" "$work/artifacts"
echo "libfuzzer: $seconds s, corpus $work/corpus, seeds $work/seeds, failures into $work/artifacts/"
# A crash must reach libFuzzer, not Swift's backtracer.
status=0
# Inputs up to 512 bytes (an edit script of ~150 edits; the corpus's seeds
# are longer and kept as they are), and a dictionary of edits.
SWIFT_BACKTRACE=enable=no "$fuzzer" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
  -max_len=512 -dict=scripts/fuzz/pairs.dict \
  -artifact_prefix="$work/artifacts/" "$work/corpus" "$work/seeds" > "$work/log" 2>&1 || status=$?
grep -E "INITED|pulse|DONE|stat::|ERROR|Fatal error|Test unit written|SUMMARY" "$work/log" || true
if [ "$status" != 0 ]; then
  echo "libfuzzer: FAILED (exit $status); whole log in $work/log"
  echo "turn the input into a regression: $diffbench import $work/artifacts/<crash-…>"
fi
[ "$status" = 0 ] || exit "$status"

# The readers: the same binary under a name that picks ReaderTarget.
readers="$work/diffbench-readers-libfuzzer"
cp "$fuzzer" "$readers"
scripts/reader-seeds.sh "$work/reader-seeds"
mkdir -p "$work/reader-corpus"
echo "libfuzzer readers: $seconds s, corpus $work/reader-corpus, failures into $work/artifacts/"
SWIFT_BACKTRACE=enable=no "$readers" -max_total_time="$seconds" -timeout=10 -max_len=65536 -rss_limit_mb=1024 \
  -print_final_stats=1 -artifact_prefix="$work/artifacts/readers-" "$work/reader-corpus" "$work/reader-seeds" \
  > "$work/readers.log" 2>&1 || status=$?
grep -E "INITED|pulse|DONE|stat::|ERROR|Fatal error|Test unit written|SUMMARY" "$work/readers.log" || true
if [ "$status" != 0 ]; then
  echo "libfuzzer readers: FAILED (exit $status); whole log in $work/readers.log"
fi
exit "$status"
