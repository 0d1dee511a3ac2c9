#!/usr/bin/env bash
# The README's "How it compares", regenerated between its markers from the
# newest results/peers-*.summary.csv and the fuzz summaries of that run.
set -euo pipefail
cd "$(dirname "$0")/.."
P=Peers/.build/release/peers
summary=$(ls -t results/peers-*.summary.csv 2>/dev/null | head -1 || true)
[ -n "$summary" ] || { echo "readme-table: no results/peers-*.summary.csv; run make peers" >&2; exit 2; }
[ -x "$P" ] || { echo "readme-table: $P is not built; run make peers" >&2; exit 2; }
run=${summary%.summary.csv}
fuzz=()
# The run's own fuzz summaries, or FUZZ_RUN's (results/peers-COMMIT) where the bench was rerun apart.
for f in "${FUZZ_RUN:-$run}".fuzz-*.json; do [ -e "$f" ] && fuzz+=(--fuzz "$f"); done
table=$($P table "$summary" "${fuzz[@]}")
python3 - "$table" <<'PY'
import sys
begin, end = "<!-- peers:begin -->", "<!-- peers:end -->"
text = open("README.md").read()
if begin not in text or end not in text:
    sys.exit("readme-table: README.md has no peers markers")
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open("README.md", "w").write(head + begin + "\n" + sys.argv[1].rstrip("\n") + "\n" + end + tail)
PY
echo "README.md: How it compares, from $summary"
