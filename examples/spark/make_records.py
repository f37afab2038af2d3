#!/usr/bin/env python3
"""Turn article pairs on disk into the JSONL records that `bialign batch -` and align_corpus.py read.

    python3 examples/spark/make_records.py [--count N] [DIR] > records.jsonl

DIR (default corpus/align-dev) is searched for folders holding en.txt and pl.txt; each becomes
{"id": "<folder relative to DIR>", "en": "<en.txt>", "pl": "<pl.txt>"}, in sorted order. With
--count N the first N pairs are written; when N exceeds the pairs found, the list is repeated with
ids suffixed "#2", "#3", ... (distinct ids, same texts), which is how the throughput input is made.
"""

import argparse
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def find_pairs(root: str) -> list:
    """(id, en text, pl text) for every folder under root holding en.txt and pl.txt, sorted by id."""
    pairs = []
    for dirpath, _dirs, files in os.walk(root):
        if "en.txt" in files and "pl.txt" in files:
            rid = os.path.relpath(dirpath, root).replace(os.sep, "/")
            with open(os.path.join(dirpath, "en.txt"), encoding="utf-8") as f:
                en = f.read()
            with open(os.path.join(dirpath, "pl.txt"), encoding="utf-8") as f:
                pl = f.read()
            pairs.append((rid, en, pl))
    pairs.sort()
    return pairs


def records(root: str, count: int = 0) -> list:
    """JSONL lines (without newline) for the first `count` pairs (all when 0), repeating as needed."""
    pairs = find_pairs(root)
    if not pairs:
        raise SystemExit(f"make_records: no en.txt + pl.txt folders under {root}")
    count = count or len(pairs)
    out = []
    for i in range(count):
        rid, en, pl = pairs[i % len(pairs)]
        rep = i // len(pairs)
        if rep:
            rid = f"{rid}#{rep + 1}"
        out.append(json.dumps({"id": rid, "en": en, "pl": pl}, ensure_ascii=False))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("dir", nargs="?", default=os.path.join(REPO, "corpus", "align-dev"))
    p.add_argument("--count", type=int, default=0, help="number of records (default: one per pair)")
    args = p.parse_args()
    out = sys.stdout
    for line in records(args.dir, args.count):
        out.write(line + "\n")


if __name__ == "__main__":
    main()
