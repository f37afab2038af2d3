#!/usr/bin/env python3
"""Tests of the Spark pairing job: its pairs must equal `bialign pair`'s on the same inputs.

    python3 examples/spark/test_pair_corpus.py [-v] [unittest options]

Needs Java (17) and pyspark (examples/spark/requirements.txt), installed when missing as
test_align_corpus.py does (SPARK_TEST_NO_INSTALL=1 to fail instead). The binary is $BIALIGN_BIN, or
else the debug build (`cargo build --bin bialign`).

Input: piles built as scripts/pair_eval.py builds them from corpus/align-dev (the English side of
every `parallel` article, the Polish side of four in five of them cut to two paragraphs, shuffled
under opaque ids), with dates that put some true partners more than a week apart, and one line
that is not JSON in the English pile. The job runs in Spark local mode (local[2]) with two input
partitions per side, with two sets of options (--min-score 0.15 with the margin rule, dates and
--unpaired --candidates 3; --many --method tfidf --margin 0 --date-window 0 --unpaired); OUTDIR/pairs.jsonl must equal bialign pair's output
line for line, and the bad line must be reported as bialign reports it (file and line) while
every other document is paired. Ends with one line "N passed, N failed".
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "scripts"))

import pair_corpus  # noqa: E402
import pair_eval  # noqa: E402
from test_align_corpus import ensure_binary, ensure_java, ensure_pyspark  # noqa: E402

BAD_LINE = "this line is not JSON"
BAD_AT = 25  # its line number in the English pile (in the second of two partitions)
RUNS = {
    "default": ["--min-score", "0.15", "--unpaired", "--candidates", "3"],
    "many-tfidf": ["--many", "--method", "tfidf", "--margin", "0", "--date-window", "0", "--unpaired"],
}


class Env:
    binary = ""
    tmp = ""
    en = ""
    pl = ""
    spark = None


def dated(docs: list, side: str) -> list:
    """Dates for the records of one pile: spread over March 2024, so that some partners are more than
    a week apart and some documents have none."""
    out = []
    for k, line in enumerate(docs):
        r = json.loads(line)
        n = int(r["id"][2:])
        if n % 6 != 5:
            day = 1 + (n * (7 if side == "en" else 11)) % 28
            r["date"] = f"2024-03-{day:02d}"
        out.append(json.dumps(r, ensure_ascii=False))
    return out


def setUpModule() -> None:
    ensure_java()
    ensure_pyspark()
    Env.binary = ensure_binary()
    Env.tmp = tempfile.mkdtemp(prefix="bialign-spark-pair-test-")
    piles = Path(Env.tmp) / "piles"
    pair_eval.build(piles, Path(Env.tmp) / "no-real-dev", 7, "parallel", 2)
    for side in ("en", "pl"):
        path = piles / f"{side}.jsonl"
        lines = dated(path.read_text(encoding="utf-8").splitlines(), side)
        if side == "en":
            lines.insert(BAD_AT - 1, BAD_LINE)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    Env.en, Env.pl = str(piles / "en.jsonl"), str(piles / "pl.jsonl")
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.master("local[2]").appName("bialign-pair-test")
    for k, v in pair_corpus.SESSION_CONFIG.items():
        builder = builder.config(k, v)
    Env.spark = builder.config("spark.ui.enabled", "false").getOrCreate()
    Env.spark.sparkContext.setLogLevel("ERROR")


def tearDownModule() -> None:
    if Env.spark is not None:
        Env.spark.stop()
    if Env.tmp:
        shutil.rmtree(Env.tmp, ignore_errors=True)


class TimedTest(unittest.TestCase):
    """Prints each test's wall time on stderr: the CI budget is watched through these."""

    def setUp(self):
        self._started = time.monotonic()

    def tearDown(self):
        print(f"[{time.monotonic() - self._started:.1f} s] ", end="", file=sys.stderr, flush=True)


class DriverTest(TimedTest):
    """The parts that run on the driver, without Spark."""

    def test_single_precision_and_printed_scores(self):
        self.assertEqual(pair_corpus.f32(0.1), 0.10000000149011612)
        self.assertEqual(pair_corpus.kind_weight(pair_corpus.NAME, "evidence"), pair_corpus.f32(1.6))
        self.assertEqual(pair_corpus.kind_weight(pair_corpus.NAME, "tfidf"), 0.0)
        self.assertEqual(pair_corpus.logf(1.0), 0.0)
        self.assertEqual(pair_corpus.round3(0.0625), 0.063)  # halves away from zero, as f64::round
        self.assertEqual(pair_corpus.round3(pair_corpus.f32(0.1)), 0.1)

    def test_bad_line_numbers_count_in_the_whole_file(self):
        msg = "bialign: <stdin>:4: not valid JSON: expected ident (column 2)"
        self.assertEqual(pair_corpus.relocate(msg, "en.jsonl", 20), "bialign: en.jsonl:24: not valid JSON: expected ident (column 2)")

    def test_assignment_margin_and_rivals(self):
        # The Rust test's shape: a write-up under the cut that stands out is paired, one between two is not.
        en = [[(0, 0.08), (1, 0.01)], [(1, 0.06)], [(1, 0.06)]]
        pl = [[(0, 0.08)], [(1, 0.06), (2, 0.06), (0, 0.01)]]
        pairs, paired = pair_corpus.assign([en, pl], (3, 2), pair_corpus.f32(0.1), 2.0, False, 10)
        self.assertEqual([(e, p) for e, p, _ in pairs], [(0, 0)])
        self.assertEqual(paired, [[True, False, False], [True, False]])
        pairs, _ = pair_corpus.assign([en, pl], (3, 2), pair_corpus.f32(0.1), 0.0, False, 10)
        self.assertEqual(pairs, [])
        self.assertEqual(pair_corpus.rival([(3, 0.5), (1, 0.2), (2, 0.1)], 3, [True] * 4, 3), 0.1)


def run_job(name: str, args: list) -> tuple:
    """The job in this process on the shared session: (exit status, stderr, output lines)."""
    out = os.path.join(Env.tmp, "out-" + name)
    old = os.environ.get("BIALIGN_BIN")
    os.environ["BIALIGN_BIN"] = Env.binary
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            rc = pair_corpus.main([Env.en, Env.pl, out, "--partitions", "2", *args], Env.spark)
    finally:
        if old is None:
            del os.environ["BIALIGN_BIN"]
        else:
            os.environ["BIALIGN_BIN"] = old
    with open(os.path.join(out, "pairs.jsonl"), encoding="utf-8") as f:
        return rc, err.getvalue(), f.read().splitlines()


def plain(args: list) -> tuple:
    p = subprocess.run([Env.binary, "pair", Env.en, Env.pl, *args], capture_output=True, text=True)
    return p.returncode, p.stderr, p.stdout.splitlines()


class JobTest(TimedTest):
    def check(self, name: str):
        args = RUNS[name]
        want_rc, want_err, want = plain(args)
        rc, err, got = run_job(name, args)
        self.assertEqual(want_rc, 1, want_err)  # the bad line
        self.assertEqual(rc, want_rc, err[-3000:])
        self.assertEqual(got, want)
        pairs = [json.loads(x) for x in got if '"evidence"' in x]
        self.assertGreater(len(pairs), 10)
        # The bad line is reported as bialign reports it, by file and line, once.
        bad = [x for x in want_err.splitlines() if f":{BAD_AT}:" in x]
        self.assertEqual(len(bad), 1, want_err)
        self.assertEqual([x for x in err.splitlines() if x.startswith("bialign:")], bad)
        return got

    def test_default_options_equal_bialign_pair(self):
        got = self.check("default")
        # The piles exercise the rules: pairs under the cut (0.15 here) kept by the margin, unpaired
        # documents (distractors and partners dated apart), candidate lists.
        scores = [json.loads(x)["score"] for x in got if '"evidence"' in x]
        self.assertTrue(any(s < 0.15 for s in scores), scores)
        self.assertTrue(any('"unpaired"' in x for x in got))
        self.assertTrue(any('"candidates"' in x for x in got))

    def test_many_tfidf_no_margin_no_dates_equal_bialign_pair(self):
        self.check("many-tfidf")


if __name__ == "__main__":
    started = time.monotonic()
    prog = unittest.main(exit=False, verbosity=2 if "-v" in sys.argv else 1)
    r = prog.result
    failed = len(r.failures) + len(r.errors)
    print(f"{r.testsRun - failed} passed, {failed} failed ({time.monotonic() - started:.1f} s)")
    sys.exit(1 if failed else 0)
