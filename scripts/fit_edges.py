#!/usr/bin/env python3
"""Fit the comparable aligner's edge model (src/align/comparable.rs: EDGE_BIAS, EDGE_W) on
labelled edge rows, and report how it generalises with each pair held out in turn.

    cargo run --release --example dump_edges -- SET_DIR... > edges.tsv
    python3 scripts/fit_edges.py edges.tsv [--min-content 0.9] [--keep 0.4]

Rows: `pair  en  pl  label  content  feature...` (see examples/dump_edges.rs). Logistic regression
by Newton's method with a small L2 penalty, on the rows whose shared content reaches the floor the
aligner applies (--min-content; the others are never links). Prints:

- the edge-level P/R/F1 at the keep threshold, fitted on all pairs and leave-one-pair-out (each
  pair scored by a model fitted on the others), with the degree cap the aligner applies;
- precision in score bins (calibration), leave-one-pair-out;
- the fitted constants; with --write, the generated Rust file that holds them
  (src/align/calibrate/edges.rs, or src/align/calibrate/comparable_quotes.rs with --quotes; the
  hand-set parameters that go with them stay in src/align/calibrate.rs).

Pure Python, no dependencies.
"""
import argparse
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibration_files  # noqa: E402
import rust_constants  # noqa: E402

L2 = 0.5
QUOTES = False
MAX_DEGREE = 4
MAX_QUOTE_DEGREE = 4


def sigmoid(z):
    if z < -30:
        return 1e-13
    if z > 30:
        return 1 - 1e-13
    return 1 / (1 + math.exp(-z))


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(rows):
    d = len(rows[0]["x"]) + 1
    w = [0.0] * d
    for _ in range(30):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for r in rows:
            x = [1.0] + r["x"]
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            for i in range(d):
                g[i] += (p - r["y"]) * x[i]
                for j in range(d):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(1, d):
            g[i] += L2 * w[i]
            h[i][i] += L2
        step = solve(h, g)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def prob(w, x):
    return sigmoid(w[0] + sum(wi * xi for wi, xi in zip(w[1:], x)))


def logit(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def fit_platt(pairs_yp):
    """Platt scaling: (a, b) with sigmoid(a * logit(p) + b) fitted to the labels by Newton's method."""
    rows = [{"x": [logit(p)], "y": y} for y, p in pairs_yp]
    b, a = fit(rows)
    return a, b


def platt(ab, p):
    return sigmoid(ab[0] * logit(p) + ab[1])


def kept(rows, ps, keep):
    """The edges the aligner keeps: p >= keep, best first, at most MAX_DEGREE per unit."""
    order = sorted(range(len(rows)), key=lambda k: -ps[k])
    deg_e = defaultdict(int)
    deg_p = defaultdict(int)
    out = set()
    for k in order:
        if ps[k] < keep:
            break
        r = rows[k]
        a, b = (r["pair"], r["en"]), (r["pair"], r["pl"])
        cap = MAX_QUOTE_DEGREE if QUOTES else MAX_DEGREE
        if deg_e[a] >= cap or deg_p[b] >= cap:
            continue
        deg_e[a] += 1
        deg_p[b] += 1
        out.add(k)
    return out


def prf(rows, ps, keep, positives):
    k = kept(rows, ps, keep)
    tp = sum(rows[i]["y"] for i in k)
    fp = len(k) - tp
    fn = positives - tp
    p = tp / max(tp + fp, 1)
    r = tp / max(tp + fn, 1)
    return p, r, 2 * p * r / max(p + r, 1e-9), tp, fp, fn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rows")
    ap.add_argument("--min-content", type=float, default=1.0)
    ap.add_argument("--keep", type=float, default=0.4)
    ap.add_argument("--dump", help="write each row's leave-one-pair-out probability to this file")
    ap.add_argument("--quotes", action="store_true",
                    help="rows are quote pairs (`pair en pl label feature...`, no content column; "
                         "examples/dump_edges.rs --quotes): fit the comparable quote model")
    ap.add_argument("--columns", help="comma-separated feature columns to use (default: all)")
    ap.add_argument("--write", help="write the fitted constants as this generated Rust file")
    a = ap.parse_args()
    global QUOTES
    QUOTES = a.quotes
    rows = []
    positives = 0
    per_pair_pos = defaultdict(int)
    for line in open(a.rows, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        y = int(f[3])
        positives += y
        per_pair_pos[f[0]] += y
        if not a.quotes and float(f[4]) < a.min_content:
            continue
        x = [float(v) for v in f[4 if a.quotes else 5:]]
        if a.columns:
            x = [x[int(c)] for c in a.columns.split(",")]
        rows.append({"pair": f[0], "en": int(f[1]), "pl": int(f[2]), "y": y, "x": x})
    pairs = sorted(per_pair_pos)
    print(f"{len(rows)} rows over the content floor ({sum(r['y'] for r in rows)} of {positives} gold edges), {len(pairs)} pairs")
    w = fit(rows)
    ps_all = [prob(w, r["x"]) for r in rows]
    loo = [0.0] * len(rows)
    for held in pairs:
        train = [r for r in rows if r["pair"] != held]
        wh = fit(train)
        for k, r in enumerate(rows):
            if r["pair"] == held:
                loo[k] = prob(wh, r["x"])
    if a.dump:
        with open(a.dump, "w", encoding="utf-8") as f:
            for k, r in enumerate(rows):
                f.write(f"{r['pair']}\t{r['en']}\t{r['pl']}\t{r['y']}\t{loo[k]:.3f}\n")
    for keep in (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5):
        p, r, f1, tp, fp, fn = prf(rows, ps_all, keep, positives)
        lp, lr, lf1, ltp, lfp, lfn = prf(rows, loo, keep, positives)
        mark = " <- keep" if abs(keep - a.keep) < 1e-9 else ""
        print(f"keep {keep:.2f}: fitted on all P {p:.3f} R {r:.3f} F1 {f1:.3f} | leave-one-pair-out P {lp:.3f} R {lr:.3f} F1 {lf1:.3f}{mark}")
    print("per pair, leave-one-pair-out, at the keep threshold:")
    for held in pairs:
        idx = [k for k, r in enumerate(rows) if r["pair"] == held]
        sub = [rows[k] for k in idx]
        p, r, f1, *_ = prf(sub, [loo[k] for k in idx], a.keep, per_pair_pos[held])
        p2, r2, f12, *_ = prf(sub, [ps_all[k] for k in idx], a.keep, per_pair_pos[held])
        print(f"  {held:26s} LOO P {p:.2f} R {r:.2f} F1 {f1:.2f} | all P {p2:.2f} R {r2:.2f} F1 {f12:.2f}")
    # The score a link reports: the model's probability mapped by Platt scaling fitted on the
    # leave-one-pair-out probabilities (keep decisions stay on the model's own probability). Its
    # own held-out figure fits the scaling on the other pairs' leave-one-pair-out probabilities.
    score_ab = None if a.quotes else fit_platt([(r["y"], loo[k]) for k, r in enumerate(rows)])
    shown = list(loo)
    if score_ab:
        for held in pairs:
            ab = fit_platt([(r["y"], loo[k]) for k, r in enumerate(rows) if r["pair"] != held])
            for k, r in enumerate(rows):
                if r["pair"] == held:
                    shown[k] = platt(ab, loo[k])
    print("calibration (leave-one-pair-out): score bin, edges, share correct"
          + ("; then the reported score (scaled, also held out)" if score_ab else ""))
    for lo, hi in ((0.3, 0.5), (0.5, 0.65), (0.65, 0.8), (0.8, 1.01)):
        cols = []
        for ps in ([loo, shown] if score_ab else [loo]):
            sel = [k for k in range(len(rows)) if lo <= ps[k] < hi]
            share = sum(rows[k]["y"] for k in sel) / len(sel) if sel else float("nan")
            cols.append(f"{len(sel):4d} {share:.3f}")
        print(f"  [{lo:.2f}, {min(hi, 1):.2f}) " + " | ".join(cols))
    print()
    name = "COMPARABLE_QUOTE" if a.quotes else "EDGE"
    size = "N_COMPARABLE_QUOTE" if a.quotes else "N_EDGE"
    print("// fitted (use --write to write the generated file)")
    print(f"pub const {name}_BIAS: f32 = {w[0]:.3f};")
    print(f"pub const {name}_W: [f32; {size}] = [" + ", ".join(f"{x:.3f}" for x in w[1:]) + "];")
    if score_ab:
        print(f"pub const EDGE_SCORE_BIAS: f32 = {score_ab[1]:.3f};")
        print(f"pub const EDGE_SCORE_W: [f32; 1] = [{score_ab[0]:.3f}];")
    if a.write:
        spec = calibration_files.COMPARABLE_QUOTES if a.quotes else calibration_files.EDGES
        lp, lr, lf1, *_ = prf(rows, loo, a.keep, positives)
        fitted = {name: (w[0], w[1:])}
        if score_ab:
            fitted["EDGE_SCORE"] = (score_ab[1], [score_ab[0]])
        data = spec["data"] + [
            f"Rows: {len(rows)} ({sum(r['y'] for r in rows)} of {positives} gold links among them), "
            f"{len(pairs)} pairs; at keep {a.keep:.2f},",
            f"leave-one-pair-out P {lp:.3f} R {lr:.3f} F1 {lf1:.3f}."]
        rust_constants.write(a.write, rust_constants.render(
            "scripts/fit_edges.py", spec["commands"], data,
            calibration_files.models(spec, fitted)))
        print(f"wrote {a.write}")


if __name__ == "__main__":
    main()
