#!/usr/bin/env python3
"""Evaluate `bialign pair` (document pairing) on piles built from the data at hand.

    python3 scripts/pair_eval.py [--bin target/release/bialign] [--out /tmp/pair-eval]
                                 [--real-dev ../shared/eval/real-dev] [--seed 7]

Builds, outside the repository (texts are never written into it):

* an English pile and a Polish pile, both shuffled under opaque ids:
  - translated pairs: the `parallel` variant of every corpus/align-dev article, except
  - EN distractors: the English side of every fifth dev article, its Polish side left out;
  - real comparable pairs: the ../shared/eval/real-dev pairs (when that folder exists), except
  - PL distractors: the Polish side of some real-dev pairs (about a third), their English left out;
  real-dev dates (source.json) are given as `date`;
* `gold.tsv`: en_id, pl_id, kind (translated | real) of every true pair.

Then runs `bialign pair --unpaired --candidates 5` with the evidence method and with the TF-IDF
baseline (`--method tfidf`), both with the same one-to-one assignment, and prints per kind (the pairs
and the documents of that source, distractors included):

* P / R / F1 of the pairs at the default --min-score, and at the threshold best for that method
  on this set (an oracle figure, for comparing the two methods fairly);
* the lowest score of a true pair and the highest score of a wrong candidate of the documents of
  that kind (the room a threshold has);
* recall@1 and recall@5 of the candidates: how often a document's true partner is its best
  candidate / among its five best (both documents of every gold pair counted).
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shorten(text: str, paragraphs: int) -> str:
    """The first `paragraphs` non-empty paragraphs of `text` (all of them when 0)."""
    paras = [p for p in re.split(r"\n\s*\n|\n", text) if p.strip()]
    return "\n\n".join(paras[:paragraphs] if paragraphs else paras)


def build(out: Path, real_dev: Path, seed: int, variant: str, pl_paragraphs: int = 0):
    rng = random.Random(seed)
    en, pl, gold, kind_of = [], [], [], {}
    dev = sorted((ROOT / "corpus/align-dev/wmt20-enpl").glob(f"a*/{variant}"))
    for n, d in enumerate(dev):
        e = (d / "en.txt").read_text(encoding="utf-8")
        p = (d / "pl.txt").read_text(encoding="utf-8")
        en.append({"src": f"dev/{d.parent.name}", "text": e, "kind": "translated"})
        if n % 5 == 4:
            continue  # EN distractor: no Polish partner
        pl.append({"src": f"dev/{d.parent.name}", "text": shorten(p, pl_paragraphs), "kind": "translated"})
    if real_dev.is_dir():
        pairs = sorted(x for x in real_dev.iterdir() if (x / "en.txt").exists() and (x / "pl.txt").exists())
        drop = set(rng.sample(range(len(pairs)), k=max(1, len(pairs) // 3)))
        for n, d in enumerate(pairs):
            src = json.loads((d / "source.json").read_text(encoding="utf-8"))
            pl.append({"src": f"real/{d.name}",
                       "text": shorten((d / "pl.txt").read_text(encoding="utf-8"), pl_paragraphs),
                       "kind": "real", "date": src.get("pl", {}).get("date")})
            if n in drop:
                continue  # PL distractor: no English partner
            en.append({"src": f"real/{d.name}", "text": (d / "en.txt").read_text(encoding="utf-8"),
                       "kind": "real", "date": src.get("en", {}).get("date")})
    out.mkdir(parents=True, exist_ok=True)
    ids = {}
    for side, docs in (("en", en), ("pl", pl)):
        rng.shuffle(docs)
        with open(out / f"{side}.jsonl", "w", encoding="utf-8") as f:
            for k, d in enumerate(docs):
                i = f"{side}{k:04d}"
                ids[(side, d["src"])] = i
                kind_of[(side, i)] = d["kind"]
                r = {"id": i, "text": d["text"]}
                if re.fullmatch(r"\d{4}-\d{2}-\d{2}", d.get("date") or ""):  # only full dates
                    r["date"] = d["date"]
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    for (side, src), i in ids.items():
        if side == "en" and ("pl", src) in ids:
            gold.append((i, ids[("pl", src)], kind_of[("en", i)]))
    with open(out / "gold.tsv", "w") as f:
        for g in sorted(gold):
            f.write("\t".join(g) + "\n")
    return gold, kind_of


def run(binary: str, out: Path, extra):
    cmd = [binary, "pair", str(out / "en.jsonl"), str(out / "pl.jsonl"), "--unpaired", "--candidates", "5",
           "-q"] + extra
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stderr}")
    pairs, cands = [], {}
    for line in r.stdout.splitlines():
        x = json.loads(line)
        if "candidates" in x:
            cands[(x["candidates"], x["id"])] = [(c["id"], c["score"]) for c in x["top"]]
        elif "en" in x:
            pairs.append((x["en"], x["pl"], x["score"]))
    return pairs, cands


def prf(pred, gold):
    tp = len(pred & gold)
    p = tp / len(pred) if pred else 1.0
    r = tp / len(gold) if gold else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def score(pairs, cands, gold, kind_of, kind, min_score):
    g = {(e, p) for e, p, k in gold if k == kind}
    pred = {(e, p) for e, p, s in pairs if s >= min_score
            and (kind_of.get(("en", e)) == kind or kind_of.get(("pl", p)) == kind)}
    P, R, F = prf(pred, g)
    at = {1: 0, 5: 0}
    for e, p in g:
        for side, me, other in (("en", e, p), ("pl", p, e)):
            top = [c[0] for c in cands.get((side, me), [])]
            for k in at:
                at[k] += other in top[:k]
    n = 2 * len(g) or 1
    # Separation: the lowest score of a true pair, the highest of a wrong candidate of this kind's documents.
    true = {(e, p) for e, p, _ in gold}
    low = min((s for (side, me), top in cands.items() if side == "en" for o, s in top if (me, o) in g), default=0)
    high = max((s for (side, me), top in cands.items() if kind_of.get((side, me)) == kind for o, s in top
                if ((me, o) if side == "en" else (o, me)) not in true), default=0)
    return P, R, F, at[1] / n, at[5] / n, low, high


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / "target/release/bialign"))
    ap.add_argument("--out", default="/tmp/pair-eval")
    ap.add_argument("--real-dev", default=str(ROOT.parent / "shared/eval/real-dev"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--variant", default="parallel",
                    help="align-dev variant for the translated pairs (parallel; deleted, reordered, comparable are harder)")
    ap.add_argument("--min-score", type=float, default=None, help="default: the binary's default")
    ap.add_argument("--margin", default=None, help="passed to `bialign pair --margin` (default: the binary's)")
    ap.add_argument("--pl-paragraphs", type=int, default=0,
                    help="keep only the first N paragraphs of every Polish document: short write-ups of "
                         "long articles, a stress test of the cut (0: whole documents)")
    a = ap.parse_args()
    out = Path(a.out)
    gold, kind_of = build(out, Path(a.real_dev), a.seed, a.variant, a.pl_paragraphs)
    default = a.min_score
    if default is None:
        h = subprocess.run([a.bin, "pair", "--help"], capture_output=True, text=True).stdout
        default = float(h.split("--min-score <MIN_SCORE>")[1].split("[default: ")[1].split("]")[0])
    n_en = sum(1 for k in kind_of if k[0] == "en")
    n_pl = len(kind_of) - n_en
    print(f"piles: {n_en} EN, {n_pl} PL documents; gold pairs: "
          + ", ".join(f"{k} {sum(1 for g in gold if g[2] == k)}" for k in ("translated", "real")))
    print()
    print("| method | kind | min-score | P | R | F1 | recall@1 | recall@5 | lowest true | highest wrong |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    cut = ["--min-score", str(default)] + (["--margin", a.margin] if a.margin is not None else [])
    for name, extra in (("evidence", []), ("tfidf baseline", ["--method", "tfidf"])):
        # The binary's own cut (min-score and margin) for the first row; every pair, cut here, for the
        # oracle threshold of the second.
        made = run(a.bin, out, extra + cut)[0]
        pairs, cands = run(a.bin, out, extra + ["--min-score", "0", "--margin", "0"])
        for kind in ("translated", "real"):
            if not any(g[2] == kind for g in gold):
                continue
            best = max((score(pairs, cands, gold, kind_of, kind, t / 100)[2], -t) for t in range(0, 60))
            rows = [(f"default {default:.2f}", made, 0.0),
                    (f"best on this set {-best[1] / 100:.2f} (no margin)", pairs, -best[1] / 100)]
            for label, ps, t in rows:
                P, R, F, r1, r5, low, high = score(ps, cands, gold, kind_of, kind, t)
                print(f"| {name} | {kind} | {label} | {P:.3f} | {R:.3f} | {F:.3f} | {r1:.3f} | {r5:.3f} "
                      f"| {low:.3f} | {high:.3f} |")


if __name__ == "__main__":
    main()
