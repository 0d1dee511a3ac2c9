#!/usr/bin/env bash
# make peers-history PEER=differencekit [RELEASES="0.3.0 0.4.0"]: a peer's
# tagged releases (default every one), each built from the package's copy
# at that tag and refereed as make peers does: verify Corpus/ and
# FUZZ_SECONDS of fuzz under both --uikit targets, bench --quick on a few
# rows. One row a release and target in results/peers-history-PEER.csv
# (columns: the Diffbench article's "Peers across releases"); each
# finding's shrunk case under Peers/History/PEER/RELEASE-UIKIT/.
#
# A release whose manifest today's SwiftPM cannot read (none, or one
# without a swift-tools-version line) gets one written beside its copy,
# under .build, never committed. A release that does not build, or whose
# API the adapter does not know, is a row that says so (built false).
set -uo pipefail
cd "$(dirname "$0")/.."
peer=${1:?usage: scripts/peers-history.sh PEER [RELEASE ...]}
shift
FUZZ_SECONDS=${FUZZ_SECONDS:-30}
# A peer: its repository, module, adapter type, the adapter's other files,
# and whether its library is always built from a manifest of our own (its
# own names test-only or Rx dependencies no adapter needs).
calls="" own=false
# The rows timed (bench --quick): each peer's on the same rows, release by
# release. Changeset's edit distance is O(n·m) in time and memory: on its
# 5,000-item rows one release's bench took eight minutes, so it times the
# 1,000-item ones alone.
rows_timed="dk-5k scattered-5k random-1e3 jsfb-create-1k appstore-sections"
case $peer in
  differencekit) repo=ra1028/DifferenceKit module=DifferenceKit adapter=DifferenceKitPeer ;;
  listdiff) repo=lxcid/ListDiff module=ListDiff adapter=ListDiffPeer ;;
  differ) repo=tonyarnold/Differ module=Differ adapter=DifferPeer ;;
  deepdiff) repo=onmyway133/DeepDiff module=DeepDiff adapter=DeepDiffPeer ;;
  changeset) repo=osteslag/Changeset module=Changeset adapter=ChangesetPeer calls=ChangesetCall
    rows_timed="random-1e3 jsfb-create-1k appstore-sections" ;;
  flexiblediff) repo=RACCommunity/FlexibleDiff module=FlexibleDiff adapter=FlexibleDiffPeer calls=FlexibleDiffCall own=true ;;
  # RxDataSources' diff, the module Differentiator (from 2.0.0; before, it
  # lived in its UIKit module, DataSources, whose rows say so).
  differentiator) repo=RxSwiftCommunity/RxDataSources module=Differentiator adapter=DifferentiatorPeer own=true ;;
  *) echo "peers-history: no peer named '$peer' (differencekit, listdiff, differ, deepdiff, changeset, flexiblediff, differentiator)" >&2; exit 2 ;;
esac
root=$(pwd)
# The harness each release is built against: this checkout's last commit,
# copied once under .build, so that editing the sources while a run goes on
# cannot break a release's build (a run's rows once said "modified during
# the build").
commit=$(git rev-parse --short HEAD)
harness=$root/.build/peers-history/harness-$commit
if [ ! -f "$harness/Package.swift" ]; then
  rm -rf "$harness" && mkdir -p "$harness"
  git archive HEAD | tar -x -C "$harness"
fi
git diff --quiet HEAD -- Sources Harness Peers/Sources Package.swift || echo "peers-history: uncommitted changes to the harness are not in this run (it builds $commit)" >&2
work=.build/peers-history/$peer
mkdir -p "$work" results
if [ ! -d "$work/repo.git" ]; then
  if ! git clone -q --bare "https://github.com/$repo" "$work/repo.git" 2>/dev/null; then
    echo "peers-history: cannot reach https://github.com/$repo (no network, or no copy of it here)" >&2
    exit 2
  fi
fi
releases=("$@")
[ ${#releases[@]} -gt 0 ] || mapfile -t releases < <(git --git-dir="$work/repo.git" tag | sort -V)
csv=results/peers-history-$peer.csv
rows=$(mktemp)
# The rows of releases not run this time are kept.
[ -f "$csv" ] && tail -n +2 "$csv" | grep -v -E "^$peer,($(IFS='|'; echo "${releases[*]//./\\.}")),"  >"$rows"
# The rows so far, sorted: written after each release, so that a run
# stopped part way keeps the releases it finished.
write_csv() {
  {
    echo "peer,release,uikit,built,manifest,crash,wrong_screen,cost,first_kind,first_finding,x_floor,note,kinds"
    python3 scripts/release_order.py <"$rows"
  } >"$csv.partial" && mv "$csv.partial" "$csv"
}
started=$(date +%s)
n=0
for release in "${releases[@]}"; do
  n=$((n + 1))
  elapsed=$(($(date +%s) - started))
  left=""
  [ $n -gt 1 ] && left=", $((elapsed * (${#releases[@]} - n + 1) / (n - 1))) s left"
  echo "== [$n/${#releases[@]}] $peer $release (${elapsed} s$left)" >&2
  dir=$work/$release
  rm -rf "$dir" && mkdir -p "$dir/lib" "$dir/run/Sources/peer"
  if ! git --git-dir="$work/repo.git" rev-parse -q --verify "$release^{tree}" >/dev/null; then
    echo "peers-history: $peer has no release '$release'" >&2
    exit 2
  fi
  # The Swift sources and the manifest only: a copy may lack a blob of
  # something else (an image of the README).
  # (git archive reads every blob of the tree.)
  while read -r file; do
    mkdir -p "$dir/lib/$(dirname "$file")"
    if ! git --git-dir="$work/repo.git" show "$release:$file" >"$dir/lib/$file"; then
      echo "peers-history: $peer $release: cannot read $file from $work/repo.git" >&2
      exit 2
    fi
  done < <(git --git-dir="$work/repo.git" ls-tree -r --name-only "$release" | grep -E '\.swift$')
  manifest=theirs
  # The library's source folder: SwiftPM's convention, or a folder named
  # as the module (releases before a manifest).
  src=Sources
  [ -d "$dir/lib/Sources/$module" ] && src=Sources/$module
  [ ! -d "$dir/lib/Sources" ] && [ -d "$dir/lib/$module" ] && src=$module
  # A manifest of our own, under .build: the release's Swift sources but
  # the files named in $1 (one a line).
  write_manifest() {
    manifest=written
    excluded=$( (cd "$dir/lib/$src" && find . -type f ! -name '*.swift' | sed 's|^\./||'; [ -n "$1" ] && printf '%s\n' "$1") | sort -u | sed 's/.*/"&"/' | paste -sd, -)
    cat >"$dir/lib/Package.swift" <<EOF
// swift-tools-version:5.9
// Written by scripts/peers-history.sh: this release's own manifest is one
// today's SwiftPM cannot read, or it has none, or it builds UIKit glue.
import PackageDescription
let package = Package(
  name: "$module", products: [.library(name: "$module", targets: ["$module"])],
  targets: [.target(name: "$module", path: "$src", exclude: [$excluded])],
  swiftLanguageVersions: [.v4_2])
EOF
  }
  if $own && [ "$src" = Sources ]; then
    # Ours names the module's folder; this release has none.
    for uikit in ios13 ios15; do echo "$peer,$release,$uikit,false,written,,,,,,,no $module module in this release," >>"$rows"; done
    echo "   not built: no $module module" >&2
    write_csv; continue
  fi
  if $own || ! head -n 1 "$dir/lib/Package.swift" 2>/dev/null | grep -q swift-tools-version; then write_manifest ""; fi
  # The adapter as make peers builds it, told what API the release has.
  cp "$harness/Peers/Sources/PeerAdapters/$adapter.swift" "$harness/Peers/Sources/PeerAdapters/UIKitBatch.swift" "$dir/run/Sources/peer/"
  [ -z "$calls" ] || cp "$harness/Peers/Sources/PeerAdapters/$calls.swift" "$dir/run/Sources/peer/"
  # What API the release has, read from its sources.
  define=()
  if [ "$peer" = listdiff ] && ! grep -rq forBatchUpdates "$dir/lib/Sources"; then define+=(LISTDIFF_RAW_RESULT); fi
  # DeepDiff 2.0.x's DiffAware has an Int diffId (an associated type from 2.2.0).
  if [ "$peer" = deepdiff ] && grep -rq "var diffId: Int { get }" "$dir/lib/Sources"; then define+=(DEEPDIFF_INT_DIFF_ID); fi
  # DeepDiff 1.x diffs Hashable items (no diffId).
  if [ "$peer" = deepdiff ] && ! grep -rq "var diffId" "$dir/lib/Sources"; then define+=(DEEPDIFF_HASHABLE); fi
  # DeepDiff 1.0.0's diff is Wagner–Fischer, O(n·m) in time and memory (Heckel from 1.1.0).
  if [ "$peer" = deepdiff ] && grep -rq "WagnerFischerAlgorithm().diff" "$dir/lib/Sources/Shared/DeepDiff.swift" 2>/dev/null; then
    define+=(DEEPDIFF_WAGNER_FISCHER)
  fi
  # Differ before 1.4.2: its glue's NestedBatchUpdate is internal. The
  # release's own file is built in the adapter's module, not the library's.
  if [ "$peer" = differ ] && grep -q "^struct NestedBatchUpdate" "$dir/lib/$src/NestedBatchUpdate.swift" 2>/dev/null; then
    write_manifest NestedBatchUpdate.swift
    { echo "import Differ"; cat "$dir/lib/$src/NestedBatchUpdate.swift"; } >"$dir/run/Sources/peer/NestedBatchUpdate.swift"
  fi
  if [ "$peer" = differencekit ]; then
    grep -rq "func isUpdated(from" "$dir/lib/Sources" && define+=(DIFFERENCEKIT_IS_UPDATED)
    grep -rq "var differenceIdentifier" "$dir/lib/Sources" || define+=(DIFFERENCEKIT_IDENTIFIER)
    grep -rq "struct ArraySection" "$dir/lib/Sources" || define+=(DIFFERENCEKIT_SECTION)
  fi
  defines=$(for d in "${define[@]}"; do printf '.define("%s"),' "$d"; done)
  printf 'import DiffBenchCLI\n\nDiffBench.main(extraStrategies: [Contender(%s())])\n' "$adapter" >"$dir/run/Sources/peer/main.swift"
  cat >"$dir/run/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription
let package = Package(
  name: "run",
  dependencies: [.package(name: "SnapshotDiff", path: "$harness"), .package(path: "../lib")],
  targets: [
    .executableTarget(
      name: "peer",
      dependencies: [.product(name: "DiffBenchCLI", package: "SnapshotDiff"), .product(name: "$module", package: "lib")],
      swiftSettings: [$defines])
  ])
EOF
  log=$dir/build.log
  # One build folder for every release: the harness is built once. Its plan
  # is forgotten before each build, its objects kept: with the plan kept, a
  # release that built was followed by "Build complete" in 0.15 s and the
  # last release's binary (DeepDiff 1.1.0 – 1.1.2 were refereed as 1.0.0).
  build() {
    rm -f .build-peers-history/workspace-state.json .build-peers-history/release.yaml
    swift build -c release --package-path "$dir/run" --scratch-path .build-peers-history >"$log" 2>&1 || return 1
    # Built from this release's copy, or the verdicts would be another's.
    grep -q "Compiling $module " "$log" || { echo "peers-history: $peer $release: the build did not compile $module from $dir/lib (see $log)" >&2; exit 2; }
  }
  built=true
  if ! build; then
    built=false
    if grep -qE "no such module '(UIKit|AppKit|Cocoa)'|error: Invalid manifest|Failed to clone repository" "$log"; then
      # Its UIKit glue (an extension of UICollectionView) cannot build here,
      # and the adapter models that glue (UIKitBatch.swift); or its manifest
      # is one today's SwiftPM refuses, or names a package not offline (its
      # tests'): the library built without the glue, in a manifest of our own.
      write_manifest "$(cd "$dir/lib/$src" && { grep -rlE '^import (UIKit|AppKit|Cocoa)' .; find . -path '*/iOS/*' -o -path '*/Mac/*' -o -path '*/macOS/*' -o -path '*/tvOS/*' -o -path '*/UIKit/*' -o -path '*/AppKit/*'; } | sed 's|^\./||' | sort -u)"
      build && built=true
    fi
  fi
  if ! $built; then
    why=$(grep -m1 -E "error:" "$log" | sed -E "s|$harness/||g; s|$root/||g; s|\.build/peers-history/$peer/$release/||; s/,/;/g" | cut -c1-160)
    why=${why:-build failed}
    for uikit in ios13 ios15; do
      echo "$peer,$release,$uikit,false,$manifest,,,,,,,\"${why//\"/\"\"}\"," >>"$rows"  # a quote doubled, as CSV has it
    done
    echo "   not built: ${why:-see $log}" >&2
    write_csv; continue
  fi
  bin=.build-peers-history/release/peer
  findings=Peers/History/$peer
  for uikit in ios13 ios15; do
    out=$dir/$uikit
    mkdir -p "$out"
    $bin verify --quiet --strategy "$peer" --uikit "$uikit" --summary "$out/verify.json" Corpus/ >"$out/verify.txt" 2>&1
    rm -rf "$findings/$release-$uikit"
    $bin fuzz --quiet --seed 1 --seconds "$FUZZ_SECONDS" --strategy "$peer" --uikit "$uikit" \
      --out "$findings/$release-$uikit" --summary "$out/fuzz.json" >"$out/fuzz.txt" 2>&1
    rmdir "$findings/$release-$uikit" 2>/dev/null
  done
  filters=()
  for row in $rows_timed; do filters+=(--filter "$row"); done
  bench_status=0
  $bin bench --quiet --quick --strategy "$peer" "${filters[@]}" --out "$dir/bench.csv" >"$dir/bench.txt" 2>&1 || bench_status=$?
  for uikit in ios13 ios15; do
    python3 scripts/peers-history-row.py "$peer" "$release" "$uikit" "$manifest" "$dir/$uikit/verify.json" \
      "$dir/$uikit/fuzz.json" "$dir/bench.summary.csv" "$bench_status" >>"$rows"
  done
  tail -n 2 "$rows" | cut -d, -f3,6-10 | sed 's/^/   /' >&2
  write_csv
done
write_csv
rm -f "$rows"
echo "wrote $csv" >&2
python3 scripts/peers-history-table.py
