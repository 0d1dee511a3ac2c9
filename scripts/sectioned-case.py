#!/usr/bin/env python3
"""DifferenceKit's sectioned measurement as a corpus file: 5 sections of
20,001 items; in each, 1,000 deleted, 1,000 inserted, the first 200 shuffled.
Usage: sectioned-case.py OUT.json"""
import json, random, sys
random.seed(1)
old, new = [], []
for k in range(5):
    ids = [f"s{k}i{i}" for i in range(20001)]
    kept = ids[:2000] + ids[3000:]
    target = kept[:3000] + [f"s{k}n{i}" for i in range(1000)] + kept[3000:]
    head = target[:200]
    random.shuffle(head)
    old.append({"id": f"s{k}", "items": ids})
    new.append({"id": f"s{k}", "items": head + target[200:]})
json.dump({"name": "DifferenceKit sectioned: 5 sections, 100,005 items", "old": {"sections": old}, "new": {"sections": new}},
          open(sys.argv[1], "w"))
