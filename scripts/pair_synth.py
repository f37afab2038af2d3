#!/usr/bin/env python3
"""Synthetic collections for timing `bialign pair` at scale (not for quality).

    python3 scripts/pair_synth.py N OUT_DIR [--seed 1] [--paragraphs 4-9]

Writes OUT_DIR/en.jsonl and OUT_DIR/pl.jsonl with N documents each, and OUT_DIR/gold.tsv. Document k
is made of 4 to 9 paragraphs drawn at random from the `parallel` variant of the corpus/align-dev
articles (whose English and Polish paragraphs correspond one to one): its English side joins the
English paragraphs, its Polish side the same Polish paragraphs. The Polish pile is shuffled.

The pool is a few hundred paragraphs, so at 10,000 documents and more every paragraph recurs in
hundreds of documents: the keys are far less rare than in real news (a worst case for an inverted
index), and many synthetic documents share most of their paragraphs with others. Use the files for
time and memory; the pairing quality they give says little.
"""

import argparse
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def paragraphs(text):
    return [p.strip() for p in text.split("\n\n") if p.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", type=int)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--paragraphs", default="4-9")
    a = ap.parse_args()
    lo, hi = map(int, a.paragraphs.split("-"))
    pool = []
    for d in sorted((ROOT / "corpus/align-dev/wmt20-enpl").glob("a*/parallel")):
        en = paragraphs((d / "en.txt").read_text(encoding="utf-8"))
        pl = paragraphs((d / "pl.txt").read_text(encoding="utf-8"))
        if len(en) == len(pl):
            pool.extend(zip(en, pl))
    rng = random.Random(a.seed)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    order = list(range(a.n))
    rng.shuffle(order)
    pl_docs = [None] * a.n
    with open(out / "en.jsonl", "w", encoding="utf-8") as fe, open(out / "gold.tsv", "w") as fg:
        for k in range(a.n):
            pick = rng.sample(range(len(pool)), rng.randint(lo, hi))
            fe.write(json.dumps({"id": f"e{k}", "text": "\n\n".join(pool[i][0] for i in pick)},
                                ensure_ascii=False) + "\n")
            pl_docs[order[k]] = {"id": f"p{order[k]}", "text": "\n\n".join(pool[i][1] for i in pick)}
            fg.write(f"e{k}\tp{order[k]}\n")
    with open(out / "pl.jsonl", "w", encoding="utf-8") as fp:
        for d in pl_docs:
            fp.write(json.dumps(d, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
