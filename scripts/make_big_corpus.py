#!/usr/bin/env python3
"""Make a large JSON Lines corpus for measuring `bialign batch` throughput.

Repeats the article pairs of the bundled dev set (corpus/align-dev: 30 articles x 4 variants) with
distinct ids until the article text (English + Polish, UTF-8 bytes) reaches the requested size.
Each line is a record {"id": "rNNNN/<source>/<article>/<variant>", "en": "...", "pl": "..."}.

usage: scripts/make_big_corpus.py [--mb 100] [--dev corpus/align-dev] OUT.jsonl
"""
import argparse
import json
import os
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", help="output JSONL file ('-' for standard output)")
    ap.add_argument("--mb", type=float, default=100.0, help="article text to produce, in MB (10^6 bytes)")
    ap.add_argument("--dev", default=os.path.join(os.path.dirname(__file__), "..", "corpus", "align-dev"))
    args = ap.parse_args()

    pairs = []
    for dirpath, _dirs, files in sorted(os.walk(args.dev)):
        if "en.txt" in files and "pl.txt" in files:
            with open(os.path.join(dirpath, "en.txt"), encoding="utf-8") as f:
                en = f.read()
            with open(os.path.join(dirpath, "pl.txt"), encoding="utf-8") as f:
                pl = f.read()
            rel = os.path.relpath(dirpath, args.dev).replace(os.sep, "/")
            pairs.append((rel, en, pl, len(en.encode()) + len(pl.encode())))
    pairs.sort()
    if not pairs:
        sys.exit(f"no en.txt/pl.txt pairs under {args.dev}")

    target = int(args.mb * 1e6)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    total = n = rep = 0
    while total < target:
        for rel, en, pl, size in pairs:
            out.write(json.dumps({"id": f"r{rep:04d}/{rel}", "en": en, "pl": pl}, ensure_ascii=False))
            out.write("\n")
            total += size
            n += 1
            if total >= target:
                break
        rep += 1
    if out is not sys.stdout:
        out.close()
    print(f"{n} pairs, {total / 1e6:.1f} MB of article text", file=sys.stderr)


if __name__ == "__main__":
    main()
