#!/usr/bin/env python3
"""Measure bialign's speed and quality on data inside the repository and write docs/PERFORMANCE.md.

usage: scripts/performance.py [--bin target/release/bialign] [--base OTHER_BIN] [--mb 20] [--batch-mb MB]
                              [--sentencex PATH] [--runs 5] [--out docs/PERFORMANCE.md]

Every figure is a median over --runs runs. With --base, each measurement alternates between the two
binaries (base, new, base, new, ...) and the table gives both and their ratio, so that load on a
shared machine weighs on both alike. Measured:
- the start: one `split` of a one-sentence file, wall time of the whole process;
- one `align` of the sample pair (corpus/carrie-diaries), wall time of the whole process;
- `batch` over a JSON Lines corpus made by scripts/make_big_corpus.py (--batch-mb of article text,
  --mb when not given), with --jobs 1 and --jobs 2: MB/s of article text and peak RSS (from
  /usr/bin/time when present);
- `split --lang en|pl --format jsonl` over the English / Polish parallel dev articles repeated to
  --mb: MB/s through the command line, output to /dev/null;
- with --sentencex (the sentencex crate's command line, `cargo install sentencex`), the same files
  split by it in the same alternating runs, and the ratio of its time to bialign's;
- routing memory: peak RSS of `detect FILE --by paragraph` (every paragraph routed) on the Polish
  file;
- sentence and quote F1 on the dev set copy (corpus/align-dev, scripts/eval_dev.sh).
"""

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def run_timed(cmd, stdin=None, stdout=subprocess.DEVNULL):
    """Wall seconds and peak RSS in MB (None without /usr/bin/time) of one run of cmd."""
    rss = None
    if os.path.exists("/usr/bin/time"):
        cmd = ["/usr/bin/time", "-f", "%M"] + cmd
    t = time.perf_counter()
    p = subprocess.run(cmd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, cwd=ROOT)
    dt = time.perf_counter() - t
    if p.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.decode(errors='replace')[-400:]}")
    if cmd[0] == "/usr/bin/time":
        last = p.stderr.decode(errors="replace").strip().splitlines()[-1:]
        if last and last[0].isdigit():
            rss = int(last[0]) / 1024
    return dt, rss


def median_alternating(bins, make_cmd, runs, stdin_path=None):
    """{bin: (median seconds, median RSS MB)} over runs alternating between bins."""
    times = {b: [] for b in bins}
    rss = {b: [] for b in bins}
    for _ in range(runs):
        for b in bins:
            f = open(stdin_path, "rb") if stdin_path else None
            try:
                dt, r = run_timed(make_cmd(b), stdin=f)
            finally:
                if f:
                    f.close()
            times[b].append(dt)
            if r is not None:
                rss[b].append(r)
    return {b: (statistics.median(times[b]), statistics.median(rss[b]) if rss[b] else None) for b in bins}


def dev_scores(binary):
    env = dict(os.environ, BIALIGN_BIN=binary)
    with tempfile.TemporaryDirectory() as pred:
        js = os.path.join(pred, "score.json")
        subprocess.run(["bash", "scripts/eval_dev.sh", "corpus/align-dev", pred, "--json", js, "--quiet"],
                       cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
        with open(js) as f:
            s = json.load(f)
    return s


ROWS = ["ALL", "variant=parallel", "variant=deleted", "variant=reordered", "variant=comparable"]


def f1s(s):
    """{row: (sentence F1, quote F1)} of score_align.py's JSON summary."""
    return {r: (s["summary"][r]["sent_F1"], s["summary"][r]["quote_F1"]) for r in ROWS if r in s["summary"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="target/release/bialign")
    ap.add_argument("--base", help="another bialign binary to measure in the same alternating runs")
    ap.add_argument("--mb", type=float, default=20.0, help="size of the split and routing files, MB")
    ap.add_argument("--batch-mb", type=float, help="article text of the batch corpus, MB (default: --mb)")
    ap.add_argument("--sentencex", help="the sentencex command line, to compare splitting speed")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--base-label", help="what the base binary is (e.g. 'the build of commit 2de05c3')")
    ap.add_argument("--long", default="5000,50000",
                    help="sentences a side of the long pairs `align` is timed on (scripts/make_long_pair.py)")
    ap.add_argument("--out", default="docs/PERFORMANCE.md")
    a = ap.parse_args()
    new = os.path.abspath(os.path.join(ROOT, a.bin))
    if a.bin == "target/release/bialign":
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    bins = [os.path.abspath(a.base), new] if a.base else [new]
    names = {new: "bialign"}
    if a.base:
        names[bins[0]] = "base"

    tmp = tempfile.mkdtemp(prefix="bialign-perf-")
    corpus = os.path.join(tmp, "corpus.jsonl")
    batch_mb = a.batch_mb or a.mb
    subprocess.run([sys.executable, "scripts/make_big_corpus.py", "--mb", str(batch_mb), corpus], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    text_mb = 0
    with open(corpus, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            text_mb += (len(r["en"].encode()) + len(r["pl"].encode())) / 1e6
    split_files = {}
    for lang in ("en", "pl"):
        path = os.path.join(tmp, f"{lang}.txt")
        with open(path, "w", encoding="utf-8") as out:
            dev = os.path.join(ROOT, "corpus", "align-dev")
            parts = []
            for dirpath, _, files in sorted(os.walk(dev)):
                if dirpath.endswith("parallel") and f"{lang}.txt" in files:
                    with open(os.path.join(dirpath, f"{lang}.txt"), encoding="utf-8") as f:
                        parts.append(f.read())
            block = "\n\n".join(parts)
            n = 0
            while n < a.mb * 1e6:
                out.write(block + "\n\n")
                n += len(block.encode()) + 2
        split_files[lang] = (path, os.path.getsize(path) / 1e6)
    one = os.path.join(tmp, "one.txt")
    with open(one, "w", encoding="utf-8") as f:
        f.write("The minister said the bridge will open in May.\n")

    sample = ["corpus/carrie-diaries/en.txt", "corpus/carrie-diaries/pl.txt"]
    rows = []
    r = median_alternating(bins, lambda b: [b, "split", one, "--lang", "en"], max(a.runs, 21))
    rows.append(("start: `split --lang en` of a one-sentence file, whole process",
                 {b: f"{r[b][0] * 1000:.1f} ms" for b in bins}, {b: r[b][0] for b in bins}))
    r = median_alternating(bins, lambda b: [b, "align"] + sample + ["--format", "jsonl"], max(a.runs, 11))
    rows.append(("`align` of the sample pair, whole process", {b: f"{r[b][0] * 1000:.1f} ms" for b in bins},
                 {b: r[b][0] for b in bins}))
    for jobs in (1, 2):
        r = median_alternating(bins, lambda b: [b, "batch", "-", "--quiet", "--jobs", str(jobs)], a.runs, corpus)
        rows.append((f"`batch --jobs {jobs}`, {text_mb:.1f} MB of article text",
                     {b: f"{text_mb / r[b][0]:.1f} MB/s ({r[b][0]:.2f} s"
                      + (f", peak RSS {r[b][1]:.0f} MB)" if r[b][1] else ")") for b in bins},
                     {b: r[b][0] for b in bins}))
    # Long pairs: whole-process `align`, in the estimated mode and in comparable mode; the cost per
    # sentence of the longest against the shortest says whether the aligner stays linear.
    sizes = [int(x) for x in a.long.split(",") if x.strip()]
    for mode in (None, "comparable"):
        per = {}
        for n in sizes:
            d = os.path.join(tmp, f"long{n}")
            if not os.path.exists(d):
                subprocess.run([sys.executable, "scripts/make_long_pair.py", "--sentences", str(n), d], cwd=ROOT,
                               check=True, stdout=subprocess.DEVNULL)
            pair = [os.path.join(d, "en.txt"), os.path.join(d, "pl.txt")]
            extra = ["--mode", mode] if mode else []
            r = median_alternating(bins, lambda b: [b, "align"] + pair + extra + ["--format", "jsonl"], a.runs)
            rows.append((f"`align{' --mode ' + mode if mode else ''}` of a pair of {n:,} sentences a side, whole process",
                         {b: f"{r[b][0]:.2f} s" + (f" (peak RSS {r[b][1]:.0f} MB)" if r[b][1] else "") for b in bins},
                         {b: r[b][0] for b in bins}))
            per[n] = {b: r[b][0] / n for b in bins}
        if len(sizes) > 1:
            lo, hi = min(sizes), max(sizes)
            rows.append((f"time per sentence, {hi:,} against {lo:,} sentences a side"
                         + (f" (`--mode {mode}`)" if mode else ""),
                         {b: f"{per[hi][b] / per[lo][b]:.2f}×" for b in bins}, None))
    sx = os.path.abspath(a.sentencex) if a.sentencex else None
    for lang, (path, mb) in split_files.items():
        cmds = {b: [b, "split", path, "--lang", lang, "--format", "jsonl"] for b in bins}
        if sx:
            cmds[sx] = [sx, "-f", path, "-l", lang]
        r = median_alternating(list(cmds), lambda b: cmds[b], a.runs)
        rows.append((f"`split --lang {lang} --format jsonl`, {mb:.1f} MB", {b: f"{mb / r[b][0]:.1f} MB/s" for b in bins},
                     {b: r[b][0] for b in bins}))
        if sx:
            rows.append((f"sentencex command line, `-l {lang}`, same file, in the same runs: {mb / r[sx][0]:.1f} MB/s; "
                         "its time / each binary's", {b: f"{r[sx][0] / r[b][0]:.2f}×" for b in bins}, None))
    path, mb = split_files["pl"]
    r = median_alternating(bins, lambda b: [b, "detect", path, "--by", "paragraph"], a.runs)
    if all(r[b][1] for b in bins):
        rows.append((f"routing memory: peak RSS of `detect --by paragraph`, {mb:.1f} MB of Polish",
                     {b: f"{r[b][1]:.0f} MB ({r[b][0]:.2f} s)" for b in bins}, {b: r[b][1] for b in bins}))

    scores = {b: f1s(dev_scores(b)) for b in bins}

    load = os.getloadavg() if hasattr(os, "getloadavg") else (0, 0, 0)
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
            cpu = m.group(1) if m else ""
    except OSError:
        pass
    lines = ["# Performance", "",
             "Produced by `python3 scripts/performance.py" + (" --base BASE" if a.base else "")
             + f" --mb {a.mb:g}" + (f" --batch-mb {a.batch_mb:g}" if a.batch_mb else "")
             + (" --sentencex SENTENCEX" if sx else "") + f" --long {a.long} --runs {a.runs}`; medians of alternating runs"
             + (" of the two binaries" if a.base else "") + "."
             + (f" `base` is {a.base_label}." if a.base and a.base_label else ""), "",
             f"Machine: {os.cpu_count()} cores, {cpu or platform.processor()}; load average at the end "
             f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (a shared machine: compare ratios measured in "
             "the same runs, not absolute figures across machines).", ""]
    head = "| what | " + " | ".join(names[b] for b in bins) + (" | base / bialign (time or memory) |" if a.base else " |")
    lines += [head, "|---" * (len(bins) + 1 + (1 if a.base else 0)) + "|"]
    for what, shown, cost in rows:
        cells = " | ".join(shown[b] for b in bins)
        ratio = (f" | {cost[bins[0]] / cost[bins[1]]:.2f} |" if cost else " | |") if a.base else " |"
        lines.append(f"| {what} | {cells}{ratio}")
    lines += ["", "Dev set (`scripts/eval_dev.sh`, corpus/align-dev), sentence F1 / quote F1:", ""]
    lines += ["| rows | " + " | ".join(names[b] for b in bins) + " |", "|---" * (len(bins) + 1) + "|"]
    for k in ROWS:
        lines.append(f"| {k} | " + " | ".join(
            "{:.3f} / {:.3f}".format(*scores[b][k]) if k in scores[b] else "-" for b in bins) + " |")
    lines += ["", "Per-stage timings: `cargo bench --bench lang|segment|quote|lexicon|align|pipeline` (criterion).", ""]
    with open(os.path.join(ROOT, a.out), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
