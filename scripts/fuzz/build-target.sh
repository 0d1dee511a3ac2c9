#!/bin/bash
# The one way the libFuzzer target is built, for every script that fuzzes:
#   scripts/fuzz/build-target.sh SCRATCH SANITIZE [SWIFTC-FLAG…]
# builds diffbench-libfuzzer in release with -sanitize=SANITIZE (fuzzer,
# fuzzer,address, …) and any further swiftc flags, in the scratch folder
# SCRATCH, and prints the binary's path on standard output (the build's own
# output goes to standard error).
set -euo pipefail
scratch="${1:?scratch folder}"
sanitize="${2:?sanitize list, e.g. fuzzer,address}"
shift 2
flags=(-c release --product diffbench-libfuzzer --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitize")
for flag in "$@"; do flags+=(-Xswiftc "$flag"); done
swift build "${flags[@]}" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/diffbench-libfuzzer"
