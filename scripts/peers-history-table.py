#!/usr/bin/env python3
"""The README's table of the peers across their releases, written between its
peers-history markers from every results/peers-history-PEER.csv
(scripts/peers-history.sh): a row a release, both --uikit targets, and for
each kind of first finding the release that first shows it and the one
where it stops."""
import csv, glob, re, sys

BEGIN, END = "<!-- peers-history:begin -->", "<!-- peers-history:end -->"


def version(release):
    """A release's place: by its numbers, a pre-release (3.0.0-beta.0) before
    its release; a tag with no numbers first."""
    m = re.match(r"v?(\d+(?:\.\d+)*)(.*)", release)
    if not m:
        return ([-1], 0, release)
    numbers = [int(x) for x in m.group(1).split(".")]
    return (numbers + [0] * (4 - len(numbers)), 0 if m.group(2) else 1, m.group(2))


lines = ["<!-- `make peers-history PEER=…` writes this from results/peers-history-*.csv; regenerate, do not edit -->",
         "| peer | release | built | crash (ios13 / ios15) | wrong screen | cost | × floor | first finding (ios15) |",
         "| --- | --- | --- | --- | --- | --- | --- | --- |"]
spans = []
for path in sorted(glob.glob("results/peers-history-*.csv")):
    rows = list(csv.DictReader(open(path)))
    by_release = {}
    for r in rows:
        by_release.setdefault(r["release"], {})[r["uikit"]] = r
    releases = sorted(by_release, key=version)
    kinds = {}
    # Releases in a row that did not build for the same reason: one row
    # ("0.1 – 1.0.4, 22 releases"), so that a peer's early history is a line.
    unbuilt = []

    def flush():
        if unbuilt:
            peer_name, note, first, last, n = unbuilt[0][0], unbuilt[0][1], unbuilt[0][2], unbuilt[-1][2], len(unbuilt)
            span = first if n == 1 else f"{first} – {last} ({n} releases)"
            lines.append(f"| {peer_name} | {span} | no: {note} | | | | | |")
            unbuilt.clear()

    for release in releases:
        t = by_release[release]
        a, b = t.get("ios13", {}), t.get("ios15", {})
        built = b.get("built") or a.get("built") or "false"
        if built != "true":
            note = (b.get("note") or a.get("note") or "").replace("|", "/")
            if unbuilt and unbuilt[-1][1] != note:
                flush()
            unbuilt.append((b.get("peer") or a.get("peer"), note, release))
            continue
        flush()
        kind, first = b.get("first_kind", ""), b.get("first_finding", "")
        lines.append(f"| {b['peer']} | {release} | yes | {a.get('crash', '')} / {b.get('crash', '')} | "
                     f"{a.get('wrong_screen', '')} / {b.get('wrong_screen', '')} | {a.get('cost', '')} / {b.get('cost', '')} | "
                     f"{b.get('x_floor', '')} | {f'{kind} ([case]({first}))' if first else 'none'} |")
        # The spans of the bugs: crashes and wrong screens (a cost is no bug a user reports).
        if kind.startswith(("crash", "wrong screen")):
            kinds.setdefault(kind, [])
            if not kinds[kind] or kinds[kind][-1].startswith("stops"):
                kinds[kind].append(release)
        for k in kinds:
            if k != kind and not kinds[k][-1].startswith("stops"):
                kinds[k].append(f"stops at {release}")
    flush()
    peer = rows[0]["peer"] if rows else path
    for k, seen in kinds.items():
        stop = next((x for x in seen if x.startswith("stops")), None)
        spans.append(f"- {peer}: {k}, first on {seen[0]}" + (f", gone from {stop.split()[-1]}" if stop else ", on every release run since"))

text = open("README.md").read()
if BEGIN not in text or END not in text:
    sys.exit("peers-history-table: README.md has no peers-history markers")
head, rest = text.split(BEGIN, 1)
_, tail = rest.split(END, 1)
open("README.md", "w").write(head + BEGIN + "\n" + "\n".join(lines + [""] + spans) + "\n" + END + tail)
print("README.md: the peers across their releases", file=sys.stderr)
