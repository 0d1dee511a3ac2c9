#!/usr/bin/env python3
"""One row of results/peers-history-PEER.csv (scripts/peers-history.sh), from
the typed files a release's run wrote: verify --summary's and fuzz --summary's
JSON, and bench's summary CSV. `kinds`: each kind of crash and wrong
screen found, `severity: kind=its first case`, separated by "; ".

Usage: peers-history-row.py PEER RELEASE UIKIT MANIFEST VERIFY.json FUZZ.json BENCH.summary.csv BENCH_STATUS

BENCH_STATUS: bench's exit status. Above 128 it was ended by a signal (the
peer trapped in its process): its summary holds the workloads before that."""
import csv, json, os, sys

peer, release, uikit, manifest, verify_path, fuzz_path, bench_path, bench_status = sys.argv[1:9]
note = []
counts = {"crash": 0, "wrong screen": 0, "cost": 0}
first = ""


def load(path, what):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        note.append(f"no {what}")
        return None


def kind(k):
    # A failure's kind as Swift's Codable writes an enum: its case's name.
    return next(iter(k)) if isinstance(k, dict) else str(k)


verify = load(verify_path, "verify summary")
fuzz = load(fuzz_path, "fuzz summary")
for summary in (verify, fuzz):
    for key in counts:
        counts[key] += ((summary or {}).get("severities") or {}).get(key, 0)
# The first finding of the worst severity: fuzz's shrunk case where fuzz
# found one (the referee finding the bug by itself), else the corpus file
# verify failed on.
WORST = {"crash": 0, "wrong screen": 1, "cost": 2}


def worst(found):
    ranked = [f for f in found if f.get("severity") in WORST]
    return min(ranked, key=lambda f: WORST[f["severity"]]) if ranked else None


f = worst((fuzz or {}).get("findings") or []) or worst((verify or {}).get("failures") or [])
first_kind = ""
if f:
    first, first_kind = f["file"], f"{f['severity']}: {kind(f['kind'])}"
# Every kind of bug found (crashes and wrong screens), each with its first
# case: what the README's spans follow from release to release.
kinds = {}
for found in ((fuzz or {}).get("findings") or []) + ((verify or {}).get("failures") or []):
    if found.get("severity") in ("crash", "wrong screen"):
        kinds.setdefault(f"{found['severity']}: {kind(found['kind'])}", found["file"])

x_floor = ""
ended = f"bench ended by signal {int(bench_status) - 128}" if int(bench_status) > 128 else ""
try:
    with open(bench_path) as f:
        rows = list(csv.DictReader(f))
    medians = {}
    for r in rows:
        if r.get("median"):
            medians[(r["workload"], r["strategy"])] = float(r["median"])
    pairs = [(medians[(w, peer)], medians[(w, "floor")]) for (w, s) in medians if s == peer and (w, "floor") in medians]
    if pairs:
        x_floor = f"{sum(p for p, _ in pairs) / sum(fl for _, fl in pairs):.2f}"
        if ended:
            note.append(f"{ended}: x_floor from the workloads timed before")
    else:
        note.append(f"{ended}: no timed rows" if ended else "no timed rows")
except OSError:
    note.append(f"{ended} before any workload" if ended else "no bench summary")

csv.writer(sys.stdout, lineterminator="\n").writerow([
    peer, release, uikit, "true", manifest, counts["crash"], counts["wrong screen"], counts["cost"],
    first_kind, first, x_floor, "; ".join(note), "; ".join(f"{k}={v}" for k, v in kinds.items())])
