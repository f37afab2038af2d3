#!/usr/bin/env python3
"""Precision of predicted links by score threshold, on a dev set scored with score_align.py's rules.

    scripts/eval_dev.sh                                  # writes target/pred
    python3 scripts/precision_at.py corpus/align-dev target/pred

    ../shared/eval/real-dev/run_bialign.sh target/release/bialign target/real-pred
    python3 scripts/precision_at.py ../shared/eval/real-dev target/real-pred

On a set of real comparable pairs (a SET_DIR with the real pairs' `score.py` instead of
`score_align.py`), a sentence link is right when every (EN, PL) gold sentence pair it covers (half of
each gold sentence) is a gold link; quote links are counted by that set's own scorer, not here.

A sentence link is right when every (EN line, PL line) pair it stands for is a gold link; a
quote link is right when it covers a gold quote pair on both sides (the scorer's quote rule,
without the one-to-one matching). Links whose lines hold no gold (inserted distractors, quotes
in lines without a gold quote pair) count as wrong, as the scorer counts them.
"""
import importlib.util
import os
import sys

root, pred = sys.argv[1], sys.argv[2]


def real_pairs():
    """Sentence-link precision by score on real comparable pairs (the set's score.py rules)."""
    spec = importlib.util.spec_from_file_location("score", os.path.join(root, "score.py"))
    sc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sc)
    tot = {t: [0, 0] for t in (0.0, 0.5, 0.8)}
    for p in sorted(os.listdir(root)):
        if not os.path.exists(os.path.join(root, p, "gold.json")):
            continue
        g, docs = sc.load_pair(os.path.join(root, p))
        gold_links = {tuple(x) for x in g["links"]}
        for o in sc.read_pred(os.path.join(pred, p + ".jsonl")) or []:
            if o.get("kind", "sentence") != "sentence" or not o.get("en") or not o.get("pl"):
                continue
            me, mp = sc.merge_spans(o["en"], docs["en"].n), sc.merge_spans(o["pl"], docs["pl"].n)
            ce = sc.units_covered(docs["en"], me, g["sentences"]["en"], False)
            cp = sc.units_covered(docs["pl"], mp, g["sentences"]["pl"], False)
            pairs = [(a, b) for a in ce for b in cp]
            ok = bool(pairs) and all(x in gold_links for x in pairs)
            for t, c in tot.items():
                if o.get("score", 0) >= t:
                    c[0] += 1
                    c[1] += ok
    print("sentence", "  ".join(f"P@{t}={c[1] / c[0]:.3f} (n={c[0]})" if c[0] else f"P@{t}=n/a"
                                for t, c in tot.items()))


if not os.path.exists(os.path.join(root, "score_align.py")) and os.path.exists(os.path.join(root, "score.py")):
    real_pairs()
    sys.exit(0)

spec = importlib.util.spec_from_file_location("score_align", os.path.join(root, "score_align.py"))
sa = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sa)

stats = {k: {t: [0, 0] for t in (0.0, 0.5, 0.8)} for k in ("sentence", "quote")}
for dirpath, _, files in os.walk(root):
    if "gold.json" not in files:
        continue
    rel = os.path.relpath(dirpath, root)
    gold = sa.Gold(dirpath)
    links, _ = sa.read_pred(os.path.join(pred, rel + ".jsonl"))
    for o in links or []:
        en, pl = o.get("en") or [], o.get("pl") or []
        if not en or not pl:
            continue
        me, mp = sa.merge_spans(en, gold.en.n), sa.merge_spans(pl, gold.pl.n)
        kind = o.get("kind")
        if kind == "sentence":
            ce, cp = gold.covered_lines("en", me), gold.covered_lines("pl", mp)
            pairs = [(a, b) for a in ce for b in cp]
            ok = bool(pairs) and all(p in gold.links for p in pairs)
        else:
            ok = any(sa.covered_strict(gold.en, me, q["en"]["start"], q["en"]["end"])
                     and sa.covered_strict(gold.pl, mp, q["pl"]["start"], q["pl"]["end"]) for q in gold.quotes)
        for t, c in stats[kind].items():
            if o.get("score", 0) >= t:
                c[0] += 1
                c[1] += ok
for kind, st in stats.items():
    print(kind, "  ".join(f"P@{t}={c[1] / c[0]:.3f} (n={c[0]})" if c[0] else f"P@{t}=n/a" for t, c in st.items()))
