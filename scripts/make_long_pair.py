#!/usr/bin/env python3
"""Make one very long EN/PL article pair for speed and memory measurements of `bialign align`.

Concatenates the parallel dev articles (corpus/align-dev/wmt20-enpl/*/parallel/{en,pl}.txt), in order and
repeated, until each side has about N sentence ends (. ? !), and writes OUT_DIR/en.txt and OUT_DIR/pl.txt.

usage: scripts/make_long_pair.py [--sentences 20000] OUT_DIR
then:  /usr/bin/time -v target/release/bialign align OUT_DIR/en.txt OUT_DIR/pl.txt --format jsonl > /dev/null
"""
import argparse
import glob
import os


def build(side, n, root):
    texts = [open(p, encoding="utf-8").read() for p in sorted(glob.glob(os.path.join(root, "*", "parallel", side + ".txt")))]
    if not texts:
        raise SystemExit(f"no dev articles under {root}")
    out, count, k = [], 0, 0
    while count < n:
        t = texts[k % len(texts)]
        count += sum(t.count(c) for c in ".?!")
        out.append(t)
        k += 1
    return "\n\n".join(out), count


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir")
    ap.add_argument("--sentences", type=int, default=20000)
    ap.add_argument("--dev", default=os.path.join(os.path.dirname(__file__), "..", "corpus", "align-dev", "wmt20-enpl"))
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    for side in ("en", "pl"):
        text, count = build(side, args.sentences, args.dev)
        with open(os.path.join(args.out_dir, side + ".txt"), "w", encoding="utf-8") as f:
            f.write(text)
        print(f"{side}: {len(text.encode())} bytes, ~{count} sentence ends")


if __name__ == "__main__":
    main()
