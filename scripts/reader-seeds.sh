#!/bin/bash
# The readers' fuzz target's seeds (scripts/reader-seeds.sh FOLDER): each
# file prefixed with the byte that picks its reader (ReaderTarget.swift):
# 0 corpus case, 1 changeset file, 2 CSV report (its first 40 lines), 3 trace.
set -euo pipefail
out="$1"
rm -rf "$out"
mkdir -p "$out"
k=0
seed() {  # seed SELECTOR FILE [head]
  k=$((k + 1))
  { printf "\\x$1"; if [ "${3:-}" = head ]; then head -40 "$2"; else cat "$2"; fi; } > "$out/seed-$k"
}
while IFS= read -r f; do seed 00 "$f"; done < <(find Corpus -name '*.json' | sort)
while IFS= read -r f; do seed 01 "$f"; done < <(find Harness/Tests/Fixtures/changesets -name '*.json' | sort)
while IFS= read -r f; do seed 02 "$f" head; done < <(find results -name '*.csv' | sort)
while IFS= read -r f; do seed 03 "$f"; done < <(find Corpus -name '*.jsonl' | sort)
# Pairs as two-line traces too, so trace lines start from real snapshots.
while IFS= read -r f; do
  k=$((k + 1))
  { printf '\x03'; python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); print(json.dumps(c["old"])); print(json.dumps(c["new"]))' "$f"; } > "$out/seed-$k"
done < <(find Corpus/scenarios -name '*.json' | sort)
echo "$k reader seeds in $out"
