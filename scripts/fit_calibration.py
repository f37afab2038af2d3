#!/usr/bin/env python3
"""Fit the aligner's logistic scoring models (src/align/calibrate.rs) on dev feature rows.

    cargo run --release --example dump_features -- corpus/align-dev target/calib
    python3 scripts/fit_calibration.py target/calib [--write src/align/calibrate/translation.rs]

Each model (beads, links, quotes) is fitted by Newton's method with a small L2 penalty on the
rows of the parallel and deleted variants, and checked on the reordered and comparable variants
(log loss, precision at score >= 0.5 and >= 0.8, a reliability table). A second check fits on the
even-numbered articles and tests on the odd ones, to see that the weights do not depend on the
articles. Prints the constants; with --write, writes them as the generated Rust file (the hand-set
parameters that go with them stay in src/align/calibrate.rs). Pure Python, no dependencies.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibration_files  # noqa: E402
import rust_constants  # noqa: E402

L2 = 1e-2


def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            rows.append((p[0], p[1], int(p[2]), [float(x) for x in p[3:]]))
    return rows


def solve(a, b):
    """Solve a x = b (Gaussian elimination with partial pivoting)."""
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


def sigmoid(z):
    if z < -30:
        return 1e-13
    if z > 30:
        return 1 - 1e-13
    return 1 / (1 + math.exp(-z))


def fit(rows):
    d = len(rows[0][3]) + 1
    w = [0.0] * d
    for _ in range(25):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for _, _, y, f in rows:
            x = [1.0] + f
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            r = p - y
            s = p * (1 - p)
            for i in range(d):
                g[i] += r * x[i]
                xi = s * x[i]
                hi = h[i]
                for j in range(i, d):
                    hi[j] += xi * x[j]
        for i in range(d):
            for j in range(i):
                h[i][j] = h[j][i]
            if i > 0:
                g[i] += L2 * w[i] * len(rows) / 100
                h[i][i] += L2 * len(rows) / 100
        step = solve(h, g)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def predict(w, f):
    return sigmoid(w[0] + sum(wi * xi for wi, xi in zip(w[1:], f)))


def report(name, w, rows):
    if not rows:
        print(f"  {name}: no rows")
        return
    ll = 0.0
    bins = [[0, 0] for _ in range(5)]
    at = {0.5: [0, 0], 0.8: [0, 0]}
    for _, _, y, f in rows:
        p = predict(w, f)
        ll -= math.log(p if y else 1 - p)
        b = min(int(p * 5), 4)
        bins[b][0] += 1
        bins[b][1] += y
        for t in at:
            if p >= t:
                at[t][0] += 1
                at[t][1] += y
    prec = "  ".join(f"P@{t}={c[1] / c[0]:.3f} (n={c[0]})" if c[0] else f"P@{t}=n/a" for t, c in at.items())
    rel = " ".join(f"{i / 5:.1f}-{(i + 1) / 5:.1f}:{b[1] / b[0]:.2f}/{b[0]}" if b[0] else f"{i / 5:.1f}:-" for i, b in enumerate(bins))
    print(f"  {name}: n={len(rows)} logloss={ll / len(rows):.4f}  {prec}")
    print(f"    reliability (predicted bin: observed share/n): {rel}")


def main():
    args = sys.argv[1:]
    write = None
    if "--write" in args:
        k = args.index("--write")
        write = args[k + 1]
        del args[k:k + 2]
    d = args[0] if args else "target/calib"
    names = {"beads": "PAIR", "links": "LINK", "quotes": "QUOTE", "quotes_own": "QUOTE_OWN"}
    fitted = {}
    counts = []
    for model in ["beads", "links", "quotes", "quotes_own"]:
        rows = load(f"{d}/{model.replace('_own', '')}.tsv")
        if not rows:
            continue
        if model == "quotes_own":
            # The dev articles are translations: every gold quote sits in a linked sentence. To learn
            # how much a quote's own words, speaker and length say when the sentences are not linked
            # (comparable articles that retell), fit a second model on the rows without sentence
            # support (features 0: best joining sentence link, 5: same rank within linked sentences).
            rows = [(v, a, y, [0.0] + f[1:5] + [0.0] + f[6:]) for v, a, y, f in rows]
        train = [r for r in rows if r[0] in ("parallel", "deleted")]
        test = [r for r in rows if r[0] not in ("parallel", "deleted")]
        w = fit(train)
        fitted[names[model]] = (w[0], w[1:])
        counts.append(f"{model} {len(train)}")
        print(f"== {model}: bias {w[0]:.3f}, weights [{', '.join(f'{x:.3f}' for x in w[1:])}]")
        report("train parallel+deleted", w, train)
        report("test reordered+comparable", w, test)
        even = [r for r in rows if int(r[1].lstrip("a") or 0) % 2 == 0]
        odd = [r for r in rows if int(r[1].lstrip("a") or 0) % 2 == 1]
        if even and odd:
            we = fit(even)
            print(f"  half split: fit on even articles: [{', '.join(f'{x:.2f}' for x in we)}]")
            report("test on odd articles (even fit)", we, odd)
            report("odd articles with the main fit", w, odd)
        print()
        print(f"    // {model}")
        print(f"    BIAS = {w[0]:.3f}; W = [{', '.join(f'{x:.3f}' for x in w[1:])}]")
        print()
    if write:
        spec = calibration_files.TRANSLATION
        data = spec["data"] + [f"Training rows: {', '.join(counts)}."]
        rust_constants.write(write, rust_constants.render(
            "scripts/fit_calibration.py", spec["commands"], data, calibration_files.models(spec, fitted)))
        print(f"wrote {write}")


if __name__ == "__main__":
    main()
