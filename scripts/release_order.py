#!/usr/bin/env python3
"""Releases in their order: by their numbers, a pre-release (3.0.0-beta.0)
before its release, a tag with no numbers first. `sort -V` puts 3.0.0
before 3.0.0-beta.0.

As a program: sorts the CSV rows on stdin (results/peers-history-PEER.csv
without its header) by release, then --uikit target, to stdout."""
import csv, re, sys


def version(release):
    m = re.match(r"v?(\d+(?:\.\d+)*)(.*)", release)
    if not m:
        return ([-1], 0, release)
    numbers = [int(x) for x in m.group(1).split(".")]
    return (numbers + [0] * (4 - len(numbers)), 0 if m.group(2) else 1, m.group(2))


if __name__ == "__main__":
    rows = [r for r in csv.reader(sys.stdin) if r]
    csv.writer(sys.stdout, lineterminator="\n").writerows(sorted(rows, key=lambda r: (version(r[1]), r[2])))
