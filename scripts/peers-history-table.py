#!/usr/bin/env python3
"""The README's table of the peers across their releases, written between its
peers-history markers from every results/peers-history-PEER.csv
(scripts/peers-history.sh): a row a release, both --uikit targets, and for
each kind of crash and wrong screen (the `kinds` column) the releases that
show it and the release where it stops."""
import csv, glob, os, sys

sys.path.insert(0, os.path.dirname(__file__))
from release_order import version  # noqa: E402

BEGIN, END = "<!-- peers-history:begin -->", "<!-- peers-history:end -->"


def kinds_of(targets):
    """Every kind of crash and wrong screen a release showed on either
    target, each with its first case (the `kinds` column)."""
    found = {}
    for uikit in ("ios15", "ios13"):
        for entry in filter(None, (targets.get(uikit, {}).get("kinds") or "").split("; ")):
            k, _, case = entry.partition("=")
            found.setdefault(k, case)
    return found


def kind_spans(peer, releases):
    """A line a kind: the releases that show it, as spans of built releases
    in a row, with the case of its first, and the release where each span
    stops (a release that did not build neither shows nor clears it)."""
    built = [(r, kinds_of(t)) for r, t in releases if any(x.get("built") == "true" for x in t.values())]
    order = []
    for _, found in built:
        order += [k for k in found if k not in order]
    out = []
    for k in order:
        spans, start, case = [], None, None
        for i, (release, found) in enumerate(built):
            if k in found and start is None:
                start, case = release, case or found[k]
            if k not in found and start is not None:
                spans.append(f"{start} – {built[i - 1][0]}, gone from {release}" if built[i - 1][0] != start else f"{start}, gone from {release}")
                start = None
        if start is not None:
            spans.append(f"{start} and every release since" if start != built[-1][0] else f"{start}, the last release run")
        out.append(f"- {peer}: {k} ([first case]({case})): on " + "; again on ".join(spans))
    return out


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
    flush()
    peer = rows[0]["peer"] if rows else path
    spans += kind_spans(peer, [(r, by_release[r]) for r in releases])

text = open("README.md").read()
if BEGIN not in text or END not in text:
    sys.exit("peers-history-table: README.md has no peers-history markers")
head, rest = text.split(BEGIN, 1)
_, tail = rest.split(END, 1)
open("README.md", "w").write(head + BEGIN + "\n" + "\n".join(lines + [""] + spans) + "\n" + END + tail)
print("README.md: the peers across their releases", file=sys.stderr)
