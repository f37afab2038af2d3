#!/usr/bin/env python3
"""Figures of the Python package: align_many against `bialign batch --jobs N` on the 120 align-dev
article variants (same records; output compared byte for byte; alternating runs, medians), the
import time, and the time of a warm `align` of the sample pair.

    python3 python/bench.py [--runs 5] [--jobs 2] [--bin target/release/bialign]

Run it with the Python that has the wheel installed; the binary should be a release build.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEV = os.path.join(REPO, "corpus", "align-dev")
SAMPLE = os.path.join(REPO, "corpus", "carrie-diaries")


def read(p: str) -> str:
    with open(p, encoding="utf-8") as f:
        return f.read()


def dev_records():
    out = []
    for dirpath, _dirs, files in os.walk(DEV):
        if "en.txt" in files and "pl.txt" in files:
            rid = os.path.relpath(dirpath, DEV).replace(os.sep, "/")
            out.append({"id": rid, "en": read(os.path.join(dirpath, "en.txt")), "pl": read(os.path.join(dirpath, "pl.txt"))})
    out.sort(key=lambda r: r["id"])
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bin", default=os.path.join(REPO, "target", "release", "bialign"))
    args = ap.parse_args()

    # Import time: measured inside a fresh interpreter, around the import statement.
    def import_time() -> float:
        code = "import time; t = time.perf_counter(); import bialign; print(time.perf_counter() - t)"
        return float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout)

    imp = [import_time() for _ in range(args.runs)]
    print(f"import bialign: median {statistics.median(imp) * 1000:.1f} ms over {args.runs} fresh interpreters")

    # The installed package, not the source folder beside this script.
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
    import bialign

    en, pl = read(os.path.join(SAMPLE, "en.txt")), read(os.path.join(SAMPLE, "pl.txt"))
    bialign.align(en, pl)
    warm = []
    for _ in range(50):
        t = time.perf_counter()
        bialign.align(en, pl)
        warm.append(time.perf_counter() - t)
    print(f"warm align of the sample pair: median {statistics.median(warm) * 1000:.3f} ms over 50 calls")

    recs = dev_records()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "records.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            for r in recs:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        want = subprocess.run([args.bin, "batch", path, "--quiet", "--jobs", str(args.jobs)], capture_output=True, check=True).stdout
        got = "".join(r.to_json() for r in bialign.align_many(recs, jobs=args.jobs)).encode()
        print(f"align_many on {len(recs)} records: {'identical to' if got == want else 'DIFFERENT from'} bialign batch ({len(want)} bytes)")
        cli_t, py_t = [], []
        for _ in range(args.runs):
            t = time.perf_counter()
            subprocess.run([args.bin, "batch", path, "--quiet", "--jobs", str(args.jobs)], capture_output=True, check=True)
            cli_t.append(time.perf_counter() - t)
            t = time.perf_counter()
            # Reading the file is part of the work, as it is for batch.
            with open(path, encoding="utf-8") as f:
                records = (json.loads(line) for line in f)
                out = "".join(r.to_json() for r in bialign.align_many(records, jobs=args.jobs))
            py_t.append(time.perf_counter() - t)
            assert out.encode() == want
        c, p = statistics.median(cli_t), statistics.median(py_t)
        print(f"bialign batch --jobs {args.jobs}: median {c:.3f} s; align_many(jobs={args.jobs}): median {p:.3f} s "
              f"({(p / c - 1) * 100:+.1f}%), {args.runs} alternating runs")


if __name__ == "__main__":
    main()
