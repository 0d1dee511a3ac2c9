#!/usr/bin/env bash
# make peers: the peer libraries beside the library's strategies, every
# command: verify over Corpus/, FUZZ_SECONDS of fuzz per peer (findings kept
# in Peers/Findings/), bench on the grid and sessions, and the comparison.
set -uo pipefail
cd "$(dirname "$0")/.."
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
commit=$(git rev-parse --short HEAD)

# Each peer package must be reachable (no network: not). The first that is
# not is named, in one line, and the run stops with 2: never a silent pass.
urls=$(swift package --package-path Peers dump-package 2>/dev/null | python3 -c '
import json, sys
for d in json.load(sys.stdin)["dependencies"]:
    for r in d.get("sourceControl", []):
        print(r["location"]["remote"][0]["urlString"])')
for url in $urls; do
  if ! git ls-remote --exit-code "$url" >/dev/null 2>&1; then
    echo "make peers: cannot resolve $url (no network, or no copy of it here); the peers need it" >&2
    exit 2
  fi
done
if ! out=$(swift package --package-path Peers resolve 2>&1); then
  echo "make peers: cannot resolve the peer packages: $(grep -m1 'error:' <<<"$out")" >&2
  exit 2
fi
# The build plan forgotten, the objects kept: SwiftPM reuses a cached plan
# for the path dependency (this package), and a source file added to it
# since was not compiled ("no member" errors).
rm -f Peers/.build/release.yaml
swift build -c release --package-path Peers || exit 1
P=Peers/.build/release/peers
# The peers: the names this executable knows that diffbench does not.
# (DIFFBENCH: the diffbench make built, wherever its build folder is; a
# stale one named workloads as peers.)
peers=$(grep -vxF -f <("${DIFFBENCH:-.build/release/diffbench}" list) <($P list))
mkdir -p results Peers/Findings

echo "== verify Corpus/"
$P verify Corpus/ | tee "results/peers-$commit.verify.txt"

# A finding's kind is its file name without the seed and iteration:
# PEER-KIND-SEED-ITERATION.json(l).
kind() { basename "$1" | sed -E 's/-[0-9]+-[0-9]+\.(json|jsonl)$//'; }

fuzzed=()
for peer in $peers; do
  echo "== fuzz $peer, $FUZZ_SECONDS s"
  summary="results/peers-$commit.fuzz-$peer.json"
  before=$(find "Peers/Findings/$peer" \( -name '*.json' -o -name '*.jsonl' \) ! -name '*.changeset.json' 2>/dev/null | sort)
  $P fuzz --seconds "$FUZZ_SECONDS" --strategy "$peer" --out "Peers/Findings/$peer" --summary "$summary"
  fuzzed+=(--fuzz "$summary")
  # This run's cases replace the earlier ones of the same kind (git keeps
  # those); a kind this run did not find again keeps its earlier cases.
  after=$(find "Peers/Findings/$peer" \( -name '*.json' -o -name '*.jsonl' \) ! -name '*.changeset.json' 2>/dev/null | sort)
  new=$(comm -13 <(echo "$before") <(echo "$after"))
  for old in $before; do
    for found in $new; do
      if [ "$(kind "$old")" = "$(kind "$found")" ]; then
        rm -f "$old" "${old%.json}.changeset.json"
        break
      fi
    done
  done
done

scripts/peers-findings.sh $peers

echo "== bench"
$P bench ${PEERS_BENCH_ARGS:-} --out "results/peers-$commit.csv" || true
$P table "results/peers-$commit.summary.csv" "${fuzzed[@]}"
scripts/readme-table.sh
