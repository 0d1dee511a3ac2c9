#!/bin/bash
# Runs .clusterfuzzlite/build.sh as ClusterFuzzLite's builder would (SRC, OUT,
# WORK set; docker does not run here), then checks what it built: the fuzzer
# runs its seed corpus clean.
set -euo pipefail
root=.build-cflite
rm -rf "$root/out" "$root/seeds"
mkdir -p "$root/src" "$root/out" "$root/work"
SRC="$PWD/$root/src" OUT="$PWD/$root/out" WORK="$PWD/$root/work" .clusterfuzzlite/build.sh
for f in diffbench_fuzzer diffbench_fuzzer_seed_corpus.zip diffbench_fuzzer.options; do
  [ -s "$root/out/$f" ] || { echo "clusterfuzzlite-check: $root/out/$f missing"; exit 1; }
done
mkdir -p "$root/seeds"
(cd "$root/seeds" && unzip -q -o ../out/diffbench_fuzzer_seed_corpus.zip)
SWIFT_BACKTRACE=enable=no "$root/out/diffbench_fuzzer" -runs=2000 "$root/seeds" 2>&1 | grep -E "INITED|DONE"
for f in diffbench_readers_fuzzer diffbench_readers_fuzzer_seed_corpus.zip diffbench_readers_fuzzer.options; do
  [ -s "$root/out/$f" ] || { echo "clusterfuzzlite-check: $root/out/$f missing"; exit 1; }
done
rm -rf "$root/reader-seeds" && mkdir -p "$root/reader-seeds"
(cd "$root/reader-seeds" && unzip -q -o ../out/diffbench_readers_fuzzer_seed_corpus.zip)
SWIFT_BACKTRACE=enable=no "$root/out/diffbench_readers_fuzzer" -runs=5000 "$root/reader-seeds" 2>&1 | grep -E "INITED|DONE"
echo "clusterfuzzlite-check: build.sh built the fuzzer and its seed corpus; they run clean"
