#!/usr/bin/env python3
"""Tests of the Spark example: its output must equal one plain `bialign batch` run.

    python3 examples/spark/test_align_corpus.py [-v] [unittest options]

Needs Java (17) and pyspark (examples/spark/requirements.txt); when `java` is missing it installs
openjdk-17-jre-headless with apt-get, and when pyspark is missing it pip-installs the requirements
(set SPARK_TEST_NO_INSTALL=1 to fail instead). The binary is $BIALIGN_BIN, or else the debug build,
which the script brings up to date with `cargo build --bin bialign` (a no-op after `cargo test`).

Input: 50 article pairs of corpus/align-dev as JSONL records plus a few bad records and a blank line;
the job runs in Spark local mode (local[2]). By default its part files, concatenated in name order,
must equal `bialign batch -` on the same file byte for byte; with --shard-by-id they must hold the
same lines per pair id, each shard sorted by id. Ends with one line "N passed, N failed".
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import align_corpus  # noqa: E402
import make_records  # noqa: E402

JOB = os.path.join(HERE, "align_corpus.py")
N_PAIRS = 50
# Records bialign must reject one by one (error records) while the rest of the run goes on.
# One with a usable id fails in the pipeline and its error record is keyed by the id: identical
# under Spark wherever it is. Malformed ones are keyed by their position ("<stdin>:LINE"), which
# under Spark is the line within the partition: they open the input (with a blank line, which
# bialign skips but counts), so they fall in the first partition and keep their line numbers.
BAD_RECORD = json.dumps(
    {
        "id": "bad/both-english",
        "en": "The council met on Monday. It approved the new budget for the city's schools.",
        "pl": "The mayor spoke after the vote. She said the schools would get new computers.",
    }
)
MALFORMED = [
    "this line is not JSON",
    "",
    json.dumps({"id": "bad/no-pl", "en": "Only one side is here. It cannot be aligned."}),
    json.dumps({"id": "bad/pl-not-string", "en": "The Polish side is a number.", "pl": 42}),
]
N_ERRORS = 4  # BAD_RECORD and the three non-blank MALFORMED lines


# ---------------------------------------------------------------------------------------------
# Environment: Java, pyspark, the binary.


def _may_install() -> bool:
    return os.environ.get("SPARK_TEST_NO_INSTALL", "") in ("", "0")


def ensure_java() -> None:
    if shutil.which("java"):
        return
    if not _may_install() or not shutil.which("apt-get"):
        raise SystemExit("test_align_corpus: `java` not found (install openjdk-17-jre-headless)")
    print("test_align_corpus: installing openjdk-17-jre-headless (java not found)", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "openjdk-17-jre-headless"],
        check=True,
        env=env,
    )
    if not shutil.which("java"):
        raise SystemExit("test_align_corpus: java still not on PATH after installing openjdk-17-jre-headless")


def ensure_pyspark() -> None:
    try:
        import pyspark  # noqa: F401
    except ImportError:
        if not _may_install():
            raise SystemExit("test_align_corpus: pyspark missing: pip install -r examples/spark/requirements.txt")
        print("test_align_corpus: installing pyspark (examples/spark/requirements.txt)", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "-r", os.path.join(HERE, "requirements.txt")],
            check=True,
        )


def ensure_binary() -> str:
    path = os.environ.get("BIALIGN_BIN")
    if not path:
        subprocess.run(["cargo", "build", "--quiet", "--bin", "bialign"], cwd=REPO, check=True)
        path = os.path.join(REPO, "target", "debug", "bialign")
    probe = subprocess.run([path, "batch", "--help"], capture_output=True)
    if probe.returncode != 0:
        raise SystemExit(f"test_align_corpus: {path} has no working `batch` subcommand")
    return os.path.abspath(path)


# ---------------------------------------------------------------------------------------------
# Helpers.


def by_doc(lines) -> dict:
    """Output lines grouped by their "doc" (as JSON text), each group in its original order."""
    groups: dict = {}
    for line in lines:
        doc = json.loads(line).get("doc")
        groups.setdefault(json.dumps(doc), []).append(line)
    return groups


POSITION = re.compile(r"^<stdin>:[0-9]+")


def normalized(line: str) -> str:
    """An output line with the input position of a malformed record's error blanked out.

    bialign keys a record it cannot read by "<stdin>:LINE" (and gives LINE as "line"); each Spark
    shard is its own stdin, so LINE counts within the shard there. Every other line is returned
    unchanged.
    """
    obj = json.loads(line)
    if "error" in obj and isinstance(obj.get("doc"), str) and POSITION.match(obj["doc"]):
        obj["doc"] = POSITION.sub("<stdin>:N", obj["doc"])
        obj["error"] = POSITION.sub("<stdin>:N", str(obj["error"]))
        if "line" in obj:
            obj["line"] = "N"
        return json.dumps(obj, ensure_ascii=False)
    return line


def read_parts(outdir: str) -> list:
    """The JSONL part files of a job's output directory, in name order."""
    names = sorted(n for n in os.listdir(outdir) if n.startswith("part-"))
    parts = []
    for n in names:
        with open(os.path.join(outdir, n), encoding="utf-8") as f:
            parts.append((n, f.read().splitlines()))
    return parts


class Env:
    """State shared by the tests: the binary, the input and the single-batch reference."""

    binary = ""
    tmp = ""
    input_jsonl = ""
    records: list = []
    good: list = []
    single_lines: list = []
    single_rc = -1
    spark = None


def setUpModule() -> None:
    ensure_java()
    ensure_pyspark()
    Env.binary = ensure_binary()
    Env.tmp = tempfile.mkdtemp(prefix="bialign-spark-test-")
    good = make_records.records(os.path.join(REPO, "corpus", "align-dev"), N_PAIRS)
    Env.records = MALFORMED + good[: N_PAIRS // 2] + [BAD_RECORD] + good[N_PAIRS // 2 :]
    Env.good = good
    # The driver JVM's class archive (align_corpus --class-archive) goes to the test's folder.
    os.environ["BIALIGN_SPARK_CACHE"] = os.path.join(Env.tmp, "cache")
    Env.input_jsonl = os.path.join(Env.tmp, "records.jsonl")
    with open(Env.input_jsonl, "w", encoding="utf-8") as f:
        f.write("\n".join(Env.records) + "\n")
    with open(Env.input_jsonl, "rb") as f:
        p = subprocess.run(
            [Env.binary, "batch", "-", "--format", "jsonl", "--jobs", "2"],
            stdin=f,
            capture_output=True,
        )
    Env.single_rc = p.returncode
    Env.single_lines = p.stdout.decode("utf-8").splitlines()
    if p.returncode not in (0, 1) or not Env.single_lines:
        raise SystemExit(f"test_align_corpus: plain bialign batch failed ({p.returncode}): {p.stderr[-2000:]!r}")


def tearDownModule() -> None:
    if Env.spark is not None:
        Env.spark.stop()
    if Env.tmp:
        shutil.rmtree(Env.tmp, ignore_errors=True)


def run_job(*args, binary=None, env_extra=None):
    env = dict(os.environ, BIALIGN_BIN=binary or Env.binary, SPARK_MASTER="local[2]", SPARK_LOG_LEVEL="ERROR")
    env.update(env_extra or {})
    started = time.monotonic()
    # (in the test's folder: a JVM that crashes, as on a damaged class archive, leaves hs_err_pid*.log)
    p = subprocess.run([sys.executable, JOB, *args], env=env, capture_output=True, text=True, cwd=Env.tmp)
    p.seconds = time.monotonic() - started
    return p


# ---------------------------------------------------------------------------------------------
# Tests without Spark: the sharding and the per-shard filter.


class TimedTest(unittest.TestCase):
    """Prints each test's wall time on stderr: the CI budget is watched through these."""

    def setUp(self):
        self._started = time.monotonic()

    def tearDown(self):
        print(f"[{time.monotonic() - self._started:.1f} s] ", end="", file=sys.stderr, flush=True)


class ShardingTest(TimedTest):
    def test_record_id_and_key(self):
        self.assertEqual(align_corpus.record_id('{"id": "a/b", "en": "x", "pl": "y"}'), "a/b")
        self.assertEqual(align_corpus.record_id('{"id": 7, "en": "x"}'), "7")
        # Not a record: keyed by "" so it still lands in one fixed shard (bialign reports it).
        self.assertEqual(align_corpus.record_id("not json"), "")
        self.assertEqual(align_corpus.record_id('["id"]'), "")
        self.assertEqual(align_corpus.record_id('{"en": "x"}'), "")

    def test_shard_is_stable_across_processes(self):
        # Python's str hash is salted per process; the shard function must not be.
        code = "import sys; sys.path.insert(0, %r); import align_corpus as a; print(a.shard_of('wmt20-enpl/a05/deleted'))"
        outs = {
            subprocess.run(
                [sys.executable, "-c", code % HERE],
                capture_output=True,
                text=True,
                env=dict(os.environ, PYTHONHASHSEED=str(seed)),
                check=True,
            ).stdout.strip()
            for seed in (1, 2, 3)
        }
        self.assertEqual(len(outs), 1, outs)
        self.assertEqual(outs.pop(), str(align_corpus.shard_of("wmt20-enpl/a05/deleted")))


class PipeTest(TimedTest):
    def argv(self, binary=None):
        return [binary or Env.binary, "batch", "-", "--format", "jsonl", "--jobs", "1"]

    def test_wrapper_turns_status_1_into_0_and_passes_others_on(self):
        # The default path's JVM pipe fails a task on any non-zero status; bialign's 1 is success.
        for status, want in ((0, 0), (1, 0), (2, 2), (127, 127)):
            p = subprocess.run(["sh", "-c", align_corpus.PIPE_WRAPPER, "w", "sh", "-c", f"echo out; exit {status}"],
                               capture_output=True, text=True)
            self.assertEqual((p.returncode, p.stdout), (want, "out\n"), status)

    def test_direct_wrapper_writes_the_output_and_reports_its_counts(self):
        # --direct-output: bialign's output goes to a file under OUTDIR/_temporary, one line comes back.
        out = tempfile.mkdtemp(dir=Env.tmp)
        os.makedirs(os.path.join(out, "_temporary"))
        with open(Env.input_jsonl, "rb") as f:
            p = subprocess.run(["sh", "-c", align_corpus.DIRECT_WRAPPER, "w", out] + self.argv(), stdin=f,
                               capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr[-2000:])  # bialign's 1 (bad records) is success
        path, lines, errors = p.stdout.split()
        self.assertEqual(os.path.dirname(path), os.path.join(out, "_temporary"))
        self.assertEqual((int(lines), int(errors)), (len(Env.single_lines), N_ERRORS))
        with open(path, encoding="utf-8") as f:
            self.assertEqual(f.read().splitlines(), Env.single_lines)
        # Any other status is passed on and the attempt's file removed.
        for status in (2, 127, 137):
            p = subprocess.run(["sh", "-c", align_corpus.DIRECT_WRAPPER, "w", out, "sh", "-c",
                                f"echo partial; exit {status}"], capture_output=True, text=True)
            self.assertEqual((p.returncode, p.stdout), (status, ""), status)
        self.assertEqual(os.listdir(os.path.join(out, "_temporary")), [os.path.basename(path)])

    def test_local_ranges_cover_the_file_in_whole_lines(self):
        for parts in range(1, 9):
            ranges = align_corpus._local_ranges(Env.input_jsonl, "jsonl", parts)
            self.assertLessEqual(len(ranges), parts)
            with open(Env.input_jsonl, "rb") as f:
                data = f.read()
            self.assertEqual(b"".join(data[a : a + n] for a, n, _ in ranges), data)
            for a, n, path in ranges:
                self.assertEqual(path, os.path.abspath(Env.input_jsonl))
                self.assertTrue(a == 0 or data[a - 1 : a] == b"\n", (parts, a))
        # Anything but one local uncompressed file is left to the JVM.
        self.assertEqual(align_corpus._local_ranges(Env.tmp, "jsonl", 2), [])
        self.assertEqual(align_corpus._local_ranges("hdfs:///x.jsonl", "jsonl", 2), [])
        self.assertEqual(align_corpus._local_ranges(Env.input_jsonl, "parquet", 2), [])

    def test_range_count_is_one_range_per_slot_up_to_the_cap(self):
        cap = align_corpus.MAX_RANGE_BYTES
        self.assertEqual(align_corpus.range_count(2, 264_000_000), 2)
        self.assertEqual(align_corpus.range_count(2, 2 * cap), 2)
        self.assertEqual(align_corpus.range_count(2, 2 * cap + 1), 4)  # a multiple of the slots
        self.assertEqual(align_corpus.range_count(8, 3 * cap), 8)
        self.assertEqual(align_corpus.range_count(0, 0), 1)

    def test_direct_input_wrapper_reads_its_byte_range(self):
        out = tempfile.mkdtemp(dir=Env.tmp)
        os.makedirs(os.path.join(out, "_temporary"))
        spaced = os.path.join(out, "in put.jsonl")
        shutil.copy(Env.input_jsonl, spaced)
        ranges = align_corpus._local_ranges(spaced, "jsonl", 2)
        got = []
        for a, n, path in ranges:
            p = subprocess.run(["sh", "-c", align_corpus.DIRECT_INPUT_WRAPPER, "w", out] + self.argv(),
                               input=f"{a} {n} {path}\n", capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr[-2000:])
            with open(p.stdout.split()[0], encoding="utf-8") as f:
                got += f.read().splitlines()
        self.assertEqual(by_doc(got), by_doc(Env.single_lines))
        # A file that cannot be read fails the task (no empty output passed off as success).
        p = subprocess.run(["sh", "-c", align_corpus.DIRECT_INPUT_WRAPPER, "w", out] + self.argv(),
                           input=f"0 100 {out}/missing.jsonl\n", capture_output=True, text=True)
        self.assertEqual((p.returncode, p.stdout), (76, ""))
        self.assertEqual(len(os.listdir(os.path.join(out, "_temporary"))), len(ranges))

    def test_count_script_counts_error_records_only(self):
        lines = [line for line in Env.single_lines] + [
            '{"doc":"q\\"x,\\"error\\":","error":"odd id"}',  # an id holding quotes and the key
            '{"doc":"a","kind":"sentence","en":[],"pl":[],"score":1,"evidence":{"error":"x"}}',
        ]
        p = subprocess.run(["sh", "-c", align_corpus.COUNT_SCRIPT], input="\n".join(lines) + "\n",
                           capture_output=True, text=True, check=True)
        self.assertEqual(p.stdout.split(), [str(len(lines)), str(N_ERRORS + 1)])
        # The driver's own count (local mode, local output) agrees, with or without a final newline.
        for data in ("\n".join(lines) + "\n", "\n".join(lines)):
            got = align_corpus.count_jsonl_lines(io.BytesIO(data.encode()))
            self.assertEqual(got, (len(lines), N_ERRORS + 1))

    def test_failure_message_names_the_exit_status(self):
        msg = align_corpus._first_line_of_cause(
            RuntimeError("Job aborted\njava.lang.IllegalStateException: Subprocess exited with status 127. "
                         "Command ran: sh -c ..."), "/x/bialign")
        self.assertIn("bialign exited with status 127", msg)
        self.assertIn("not found on the executor", msg)
        msg = align_corpus._first_line_of_cause(RuntimeError("Subprocess exited with status 137. ..."))
        self.assertIn("killed by signal 9", msg)

    def test_pipe_equals_single_batch(self):
        out = list(align_corpus.split_blocks(align_corpus.pipe_through_bialign(Env.records, self.argv())))
        self.assertEqual(by_doc(out), by_doc(Env.single_lines))

    def test_empty_shard_starts_no_process(self):
        self.assertEqual(list(align_corpus.pipe_through_bialign([], self.argv("/nonexistent/bialign"))), [])

    def test_failing_binary_raises(self):
        fake = os.path.join(Env.tmp, "exit2")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\ncat >/dev/null\necho 'bialign: broken on purpose' >&2\nexit 2\n")
        os.chmod(fake, 0o755)
        with self.assertRaises(align_corpus.BialignFailed) as cm:
            list(align_corpus.pipe_through_bialign(Env.records[:3], self.argv(fake)))
        self.assertIn("exited with status 2", str(cm.exception))
        self.assertIn("broken on purpose", str(cm.exception))

    def test_missing_binary_raises(self):
        with self.assertRaises(align_corpus.BialignFailed):
            list(align_corpus.pipe_through_bialign(Env.records[:1], self.argv("/nonexistent/bialign")))


# ---------------------------------------------------------------------------------------------
# The job itself, in Spark local mode.


def session():
    """One local[2] SparkSession shared by the in-process runs (a JVM start costs seconds)."""
    if Env.spark is None:
        from pyspark.sql import SparkSession

        Env.spark = (
            SparkSession.builder.master("local[2]")
            .appName("bialign-spark-test")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .getOrCreate()
        )
        Env.spark.sparkContext.setLogLevel("ERROR")
    return Env.spark


def run_in_process(*args, binary=None, log_level="ERROR"):
    """align_corpus.main in this process, on the shared session: (exit status, its stderr)."""
    session()
    old = os.environ.get("BIALIGN_BIN")
    os.environ["BIALIGN_BIN"] = binary or Env.binary
    os.environ["SPARK_LOG_LEVEL"] = log_level
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            rc = align_corpus.main(list(args))
    finally:
        if old is None:
            del os.environ["BIALIGN_BIN"]
        else:
            os.environ["BIALIGN_BIN"] = old
    return rc, err.getvalue()


class SparkJobTest(TimedTest):
    def test_jsonl_output_is_the_single_batch_output_byte_for_byte(self):
        # The command line as users run it, in its own JVM.
        out1 = os.path.join(Env.tmp, "out-jsonl-1")
        p = run_job(Env.input_jsonl, out1, "--partitions", "3")
        self.assertEqual(p.returncode, 1, p.stderr[-3000:])
        self.assertEqual(Env.single_rc, 1)
        names = sorted(n for n in os.listdir(out1) if n.startswith("part-"))
        self.assertGreaterEqual(len(names), 3)
        data = b""
        for n in names:
            with open(os.path.join(out1, n), "rb") as f:
                data += f.read()
        with open(Env.input_jsonl, "rb") as f:
            single = subprocess.run([Env.binary, "batch", "-", "--jobs", "2", "--quiet"], stdin=f,
                                    capture_output=True).stdout
        self.assertEqual(data, single)
        self.assertTrue(all(os.path.getsize(os.path.join(out1, n)) for n in names[:3]), "a partition is empty")
        errors = [json.loads(line) for line in data.decode().splitlines() if "error" in json.loads(line)]
        self.assertEqual(len(errors), N_ERRORS, errors)
        self.assertIn(f"{len(Env.single_lines)} lines written, {N_ERRORS} error records", p.stderr)
        # The count on the executors (used when the driver cannot read the output) agrees.
        self.assertEqual(align_corpus._count_jsonl(session().sparkContext, out1), (len(Env.single_lines), N_ERRORS))

        # local master, local OUTDIR, one plain file: bialign reads its byte range and writes its part
        self.assertIn("3 byte ranges read and written by bialign", p.stderr)
        self.assertEqual(sorted(os.listdir(out1)), ["_SUCCESS"] + names)  # no _temporary left

        # Another run (another JVM) gives byte-identical files, also when the JVM writes the output
        # (the path for output on HDFS or S3); all good records: exit status 0.
        out2 = os.path.join(Env.tmp, "out-jsonl-2")
        rc, err = run_in_process(Env.input_jsonl, out2, "--partitions", "3", "--direct-output", "no")
        self.assertEqual(rc, 1, err[-3000:])
        self.assertNotIn("written by bialign", err)
        self.assertEqual(read_parts(out2), read_parts(out1))
        # A glob (not one plain file): the JVM reads the splits, bialign still writes the parts.
        out3 = os.path.join(Env.tmp, "out-jsonl-3")
        rc, err = run_in_process(Env.input_jsonl[:-2] + "*", out3, "--partitions", "3")
        self.assertEqual(rc, 1, err[-3000:])
        self.assertIn("partitions piped in input order, written by bialign", err)
        self.assertEqual(b"".join(f.encode() for _n, lines in read_parts(out3) for f in (l + "\n" for l in lines)), data)
        good = os.path.join(Env.tmp, "good.jsonl")
        with open(good, "w", encoding="utf-8") as f:
            f.write("\n".join(Env.good) + "\n")
        rc, err = run_in_process(good, os.path.join(Env.tmp, "out-good"))
        self.assertEqual(rc, 0, err[-3000:])
        self.assertIn("0 error records", err)

    def test_class_archive_is_kept_used_and_dropped_when_damaged(self):
        cache = os.path.join(Env.tmp, "cache-archive-test")
        small = os.path.join(Env.tmp, "small.jsonl")
        with open(small, "w", encoding="utf-8") as f:
            f.write("\n".join(Env.good[:4]) + "\n")
        outs = []
        for i in range(4):
            out = os.path.join(Env.tmp, f"out-archive-{i}")
            p = run_job(small, out, env_extra={"BIALIGN_SPARK_CACHE": cache})
            self.assertEqual(p.returncode, 0, p.stderr[-3000:])
            outs.append(read_parts(out))
            names = [n for n in os.listdir(cache) if n.endswith(".jsa")]
            launch = [n for n in os.listdir(cache) if n not in names]
            # The first run's JVM wrote the archive as it exited (renamed from its temporary name);
            # the second used it, and kept the driver JVM's command line beside it (started without
            # spark-submit); the third started that JVM before importing pyspark; the fourth found the
            # archive cut short (its JVM did not start with the kept command either), dropped both and
            # ran without.
            self.assertEqual(len(names), 0 if i == 3 else 1, names)
            self.assertEqual(len(launch), 1 if i in (1, 2) else 0, launch)
            self.assertEqual("class archive" in p.stderr and "damaged" in p.stderr, i == 3, p.stderr[-3000:])
            self.assertTrue(all(n.startswith("spark-classes-") and n.endswith(".jsa") for n in names), names)
            self.assertTrue(all(n.startswith("spark-classes-") and n.endswith(".json") for n in launch), launch)
            if i == 1:
                # What the third run does first: the kept command is found without pyspark, for exactly
                # the settings run() gives the SparkContext (else the early JVM would be thrown away).
                with mock.patch.dict(os.environ, {"BIALIGN_SPARK_CACHE": cache}):
                    early = align_corpus.start_kept_jvm_early(align_corpus.parse_args([small, out + "-x"]))
                self.assertIsNotNone(early)
                self.assertEqual(early.path, os.path.join(cache, launch[0]))
                self.assertEqual(early.archive, os.path.join(cache, names[0]))
                early.kill()
                self.assertIsNotNone(early.proc.returncode)
            if i == 2:
                archive = os.path.join(cache, names[0])
                self.assertGreater(os.path.getsize(archive), 1 << 20)
                with open(archive, "rb") as f:
                    head = f.read(1 << 20)
                os.chmod(archive, 0o644)
                with open(archive, "wb") as f:
                    f.write(head)
        self.assertEqual(outs[1], outs[0])
        self.assertEqual(outs[2], outs[0])
        self.assertEqual(outs[3], outs[0])

    def test_shard_by_id(self):
        out1 = os.path.join(Env.tmp, "out-sharded")
        rc, err = run_in_process(Env.input_jsonl, out1, "--partitions", "3", "--shard-by-id")
        self.assertEqual(rc, Env.single_rc, err[-3000:])
        parts = read_parts(out1)
        self.assertEqual(len(parts), 3)
        all_lines = [line for _name, lines in parts for line in lines]
        self.assertEqual(len(all_lines), len(Env.single_lines))
        # The same links and error records, each pair's lines in the same order: byte for byte
        # for every record with an id bialign could read.
        spark_docs = by_doc(all_lines)
        single_docs = by_doc(Env.single_lines)
        keyed = {d for d in single_docs if not json.loads(d).startswith("<stdin>:")}
        self.assertEqual(len(keyed), N_PAIRS + 1)  # the good pairs and bad/both-english
        self.assertEqual({d: spark_docs.get(d) for d in keyed}, {d: single_docs[d] for d in keyed})
        # Malformed records: the same error records up to the line number.
        self.assertEqual(
            sorted(normalized(line) for line in all_lines), sorted(normalized(line) for line in Env.single_lines)
        )
        # Each pair lives in the shard its id hashes to, and shards are sorted by pair id.
        keyed_ids = {json.loads(d) for d in keyed}
        for i, (_name, lines) in enumerate(parts):
            docs = [json.loads(k) for k in by_doc(lines) if json.loads(k) in keyed_ids]
            for doc in docs:
                self.assertEqual(align_corpus.shard_of(doc) % 3, i, doc)
            self.assertEqual(docs, sorted(docs))
        # Every bad record came back as one error record, and the summary counts them.
        errors = [json.loads(line) for line in all_lines if "error" in json.loads(line)]
        self.assertEqual(len(errors), N_ERRORS, errors)
        self.assertIn("bad/both-english", {e["doc"] for e in errors})
        self.assertIn(f"{N_PAIRS + N_ERRORS} records in 3 shards", err)
        self.assertIn(f"{N_ERRORS} error records", err)

    def test_parquet_in_and_out(self):
        spark = session()
        good = [json.loads(r) for r in Env.good]
        inp = os.path.join(Env.tmp, "records.parquet")
        spark.createDataFrame(
            [(r["id"], r["en"], r["pl"]) for r in good], "id string, en string, pl string"
        ).write.parquet(inp)

        out = os.path.join(Env.tmp, "out-parquet")
        # --ship-binary yes: the cluster path, the binary sent to the executors with addFile.
        rc, err = run_in_process(inp, out, "--format", "parquet", "--ship-binary", "yes")
        self.assertEqual(rc, 0, err[-3000:])
        self.assertTrue(any(n.startswith("part-") for n in os.listdir(out)))

        got = sorted(
            tuple(json.dumps(row[c], sort_keys=True) for c in row.__fields__)
            for row in spark.read.parquet(out).collect()
        )
        ids = {r["id"] for r in good}
        want = sorted(
            tuple(json.dumps(v, sort_keys=True) for v in link_tuple(line))
            for line in Env.single_lines
            if json.loads(line).get("doc") in ids
        )
        self.assertEqual(len(got), len(want))
        self.assertEqual(got, want)

    def test_failing_binary_fails_the_job(self):
        fake = os.path.join(Env.tmp, "fails-on-batch")
        with open(fake, "w") as f:
            f.write(
                '#!/bin/sh\n[ "$1" = --version ] && { echo "bialign 0"; exit 0; }\n'
                "cat >/dev/null\necho 'bialign: broken on purpose' >&2\nexit 2\n"
            )
        os.chmod(fake, 0o755)
        # Its own JVM: in local mode the executors' stderr (where bialign's goes) is the job's stderr.
        p = run_job(Env.input_jsonl, os.path.join(Env.tmp, "out-fail"), binary=fake)
        self.assertEqual(p.returncode, align_corpus.EXIT_JOB_FAILED, p.stderr[-3000:])
        last = [line for line in p.stderr.splitlines() if line.startswith("align_corpus:")][-1]
        self.assertIn("the Spark job failed: fails-on-batch exited with status 2", last)
        self.assertIn("broken on purpose", p.stderr)
        # --shard-by-id pipes from Python and puts bialign's stderr in the message itself.
        # (log level OFF: Spark would print each failed task's traceback, which is expected here)
        rc, err = run_in_process(Env.input_jsonl, os.path.join(Env.tmp, "out-fail-2"), "--shard-by-id",
                                 binary=fake, log_level="OFF")
        self.assertEqual(rc, align_corpus.EXIT_JOB_FAILED, err[-3000:])
        self.assertIn("exited with status 2", err)
        self.assertIn("broken on purpose", err)

    def test_usage_errors_exit_2_before_spark_starts(self):
        out = os.path.join(Env.tmp, "exists")
        os.makedirs(out, exist_ok=True)
        cases = [
            ((Env.input_jsonl, out), {}, "output exists"),
            ((os.path.join(Env.tmp, "nope.jsonl"), out + "-2"), {}, "input not found"),
            ((Env.input_jsonl, out + "-3"), {"binary": "/nonexistent/bialign"}, "binary not found"),
        ]
        for args, kw, message in cases:
            p = run_job(*args, **kw)
            self.assertEqual(p.returncode, align_corpus.EXIT_USAGE, p.stderr[-2000:])
            self.assertIn(message, p.stderr)
            self.assertLess(p.seconds, 30, "usage errors should not wait for a JVM")


def link_tuple(line: str) -> tuple:
    """A JSONL line in the Parquet schema's shape (structs as lists, as a Row serializes)."""
    doc, kind, en, pl, score, speaker, evidence, error, extra = align_corpus.link_row(line)
    return (doc, kind, en, pl, score, speaker, evidence, error, extra)


# ---------------------------------------------------------------------------------------------


def main() -> int:
    started = time.monotonic()
    result = unittest.main(module=__name__, exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped
    print(f"spark example tests took {time.monotonic() - started:.1f} s", file=sys.stderr)
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed or result.testsRun == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
