#!/bin/bash -eu
# Builds the libFuzzer target the way ClusterFuzzLite and OSS-Fuzz call it:
# sources in $SRC/snapshotdiff (or this checkout), the fuzzer and its seed
# corpus into $OUT, scratch files under $WORK. Runs locally too:
#   SRC=… OUT=… WORK=… .clusterfuzzlite/build.sh      (make clusterfuzzlite-check)
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
project="${SRC}/snapshotdiff"
[ -f "$project/Package.swift" ] || project="$here"
cd "$project"

# OSS-Fuzz's Swift images set SANITIZER; address is its default.
sanitizer="${SANITIZER:-address}"
case "$sanitizer" in
  address|thread|undefined) target="$(scripts/fuzz/build-target.sh "$WORK/build" "fuzzer,$sanitizer")" ;;
  coverage) target="$(scripts/fuzz/build-target.sh "$WORK/build" fuzzer -profile-generate -profile-coverage-mapping)" ;;
  *) target="$(scripts/fuzz/build-target.sh "$WORK/build" fuzzer)" ;;
esac
cp "$target" "$OUT/diffbench_fuzzer"
# The readers' target is the same binary: its name picks ReaderTarget.
cp "$target" "$OUT/diffbench_readers_fuzzer"

# The seed corpus: every corpus case, encoded (diffbench seeds).
swift build -c release --product diffbench --scratch-path "$WORK/build-tools"
tools="$(swift build -c release --product diffbench --scratch-path "$WORK/build-tools" --show-bin-path)"
rm -rf "$WORK/seeds"
"$tools/diffbench" seeds "$WORK/seeds" Corpus
(cd "$WORK/seeds" && rm -f "$OUT/diffbench_fuzzer_seed_corpus.zip" && zip -q -r "$OUT/diffbench_fuzzer_seed_corpus.zip" .)
scripts/reader-seeds.sh "$WORK/reader-seeds"
(cd "$WORK/reader-seeds" && rm -f "$OUT/diffbench_readers_fuzzer_seed_corpus.zip" && zip -q -r "$OUT/diffbench_readers_fuzzer_seed_corpus.zip" .)

# One input may take 10 s before it is a hang (diffbench's --timeout);
# pairs up to 512 bytes, with the dictionary of edits.
cp scripts/fuzz/pairs.dict "$OUT/diffbench_fuzzer.dict"
cat > "$OUT/diffbench_fuzzer.options" <<OPTIONS
[libfuzzer]
timeout = 10
max_len = 512
dict = diffbench_fuzzer.dict
OPTIONS
cat > "$OUT/diffbench_readers_fuzzer.options" <<OPTIONS
[libfuzzer]
timeout = 10
max_len = 65536
OPTIONS
echo "built $OUT/diffbench_fuzzer, $OUT/diffbench_readers_fuzzer and their seed corpora"
