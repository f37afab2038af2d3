#!/usr/bin/env python3
"""Align a bilingual corpus on Apache Spark, with bialign as a per-shard filter.

    python3 examples/spark/align_corpus.py INPUT OUTDIR [--format jsonl|parquet] [--partitions N]
    spark-submit --master yarn examples/spark/align_corpus.py INPUT OUTDIR ...

INPUT holds one record per article pair, {"id": ..., "en": ..., "pl": ...}: JSON Lines (a file, a
directory of files or a glob; .gz works) or Parquet with the columns id, en, pl (chosen by the
extension .parquet, or by a directory holding *.parquet files, or by --input-format).

By default the JVM does all the work on the executors: it reads the input, pipes each partition
(an input split, in input order) through one `bialign batch - --format jsonl` process
(JavaRDD.pipe), whose output becomes OUTDIR/part-NNNNN: written by the process itself straight to
OUTDIR when the executors see it as a file system path (--direct-output), else passed back through the
JVM and written by it (HDFS, S3). With --direct-output and one plain local JSONL file as input, the
tasks read their own line-aligned byte ranges of it, so no record passes through the JVM at all. No Python worker runs and
nothing is shuffled, so the part files concatenated in name order are byte for byte the output of
one `bialign batch -` run over the same input (except that a line bialign cannot read as a record
is reported as "<stdin>:LINE" with LINE counted within its partition). The output's lines and error
records are then counted, for the summary and the exit status: by the driver when it can read the
output (local master, local OUTDIR), else by a second pass piping it through `awk` on the executors.

With --shard-by-id, records are instead sharded by a stable hash of their pair id (a shuffle
through Python workers) and sorted by id inside each shard, so a given input and partition count
always produce the same files whatever the input's order and splits. Nothing is shared between
records or between processes.

Environment:
    BIALIGN_BIN    the bialign binary (default: target/release/bialign of this repository)
    SPARK_MASTER   the master when the script is run with plain python3 (default: local[2]);
                   under spark-submit its --master is used

Exit status: 0 every record aligned; 1 some records failed (their error records are written with
the rest); 2 bad usage or input (no binary, no input, output exists); 3 the Spark job failed (a
bialign process crashed or could not start; the executor logs say why).

The executors need `sh` and `awk` (default path) or Python 3 with only its standard library
(--shard-by-id, --format parquet); pyspark is needed on the driver.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from typing import Iterable, Iterator, Optional

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_BIN = os.path.join(REPO, "target", "release", "bialign")
DEFAULT_MASTER = "local[2]"

# JVM options of the driver when this script starts it (in local mode the executors run in it too):
# the JVM's work here is reading, piping and writing lines, and its start-up dominates short runs;
# without the optimizing compiler (C2), whose threads compete with bialign for the cores, the JVM
# starts about twice as fast on a busy machine. Log4j registers no JMX beans for its configuration
# (nothing here reads them; it cut the JVM's start by 0.1 s of its 0.9-1.2 s, medians of 10 alternating
# starts). spark-defaults.conf or PYSPARK_SUBMIT_ARGS overrides.
DRIVER_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1 -Dlog4j2.disable.jmx=true"

# The driver JVM's start-up is mostly loading and verifying Spark's classes. When the script starts
# the JVM itself, it keeps a class archive (Java's application class-data sharing, JDK 13+) of the
# classes one run loaded and maps it into later runs, which then start in about two thirds of the time.
# The archive depends on the JDK, Spark and the JVM options, so its name is a hash of them. It is
# written by the first run's JVM as it exits, to a temporary name, and renamed only once that JVM has
# exited cleanly: a cut-off archive would crash the JVM (SIGBUS), so one that fails to start is
# removed and the run retried without it. --class-archive off (or spark.driver.extraJavaOptions)
# disables all this; BIALIGN_SPARK_CACHE sets the folder (default ~/.cache/bialign).
CDS_LOG_OFF = "-Xlog:cds*=off"

# Exit statuses (see the module documentation).
EXIT_OK, EXIT_RECORD_ERRORS, EXIT_USAGE, EXIT_JOB_FAILED = 0, 1, 2, 3


class UsageError(Exception):
    """A problem with the command line, the input or the binary: reported in one line, exit 2."""


# ---------------------------------------------------------------------------------------------
# Sharding: pure functions, also used by the tests.


def record_id(line: str) -> str:
    """The pair id of one JSONL record, as the shard and sort key.

    A record whose id is not a string is keyed by the id's JSON text; a line that is not a JSON
    object with an id is keyed by "" (bialign reports it as an error record; keying it
    deterministically keeps even that output reproducible).
    """
    try:
        rec = json.loads(line)
    except ValueError:
        return ""
    if not isinstance(rec, dict) or rec.get("id") is None:
        return ""
    rid = rec["id"]
    return rid if isinstance(rid, str) else json.dumps(rid, sort_keys=True)


def shard_of(key: str) -> int:
    """A stable hash of a pair id (CRC-32 of its UTF-8 bytes): the same shard on every run and host.

    Python's own str hash is salted per process, so it cannot be used for this.
    """
    return zlib.crc32(key.encode("utf-8", "surrogatepass"))


def shard_key(line: str) -> tuple:
    """Shard and sort key of a record line: its id, then the line itself (orders duplicate ids)."""
    return (record_id(line), line)


# ---------------------------------------------------------------------------------------------
# The per-partition filter (runs on the executors).


class BialignFailed(RuntimeError):
    """A bialign process exited with a status other than 0 or 1, or could not be started."""


CHUNK_BYTES = 1 << 20


def pipe_through_bialign(
    lines: Iterable[str], argv: list, counters: Optional[dict] = None
) -> Iterator[str]:
    """Feed record lines to one `bialign batch -` process and yield its output as blocks of whole
    lines, joined by "\n" without a final one (so writing each block as a text line writes the
    output exactly; `split_blocks` gives the single lines).

    Exit status 1 (some records failed; their error records are in the output) is accepted;
    any other non-zero status raises BialignFailed with the tail of the process's stderr, which
    makes Spark fail (and retry) the task rather than silently lose records.
    `counters` (optional) maps "records", "links", "errors" to Spark accumulators or lists.
    """
    it = iter(lines)
    try:
        first = next(it)
    except StopIteration:
        return  # empty shard: no process at all
    err = tempfile.TemporaryFile()
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err)
    except OSError as e:
        err.close()
        raise BialignFailed(f"cannot run {argv[0]}: {e}") from e
    feed_error: list = []
    fed = [0]

    def feed() -> None:
        try:
            for line in _chain(first, it):
                proc.stdin.write(line.encode("utf-8", "surrogatepass") + b"\n")
                fed[0] += 1
        except BrokenPipeError:
            pass  # the process died; its exit status says why
        except BaseException as e:  # an upstream failure: re-raised in the task below
            feed_error.append(e)
        finally:
            try:
                proc.stdin.close()
            except OSError:
                pass

    writer = threading.Thread(target=feed, name="bialign-stdin", daemon=True)
    writer.start()
    links = errors = 0
    finished = False
    pending = b""
    try:
        # Whole lines are passed on in blocks, not one by one: a Python object per link would cost
        # more than aligning it. Cutting at a line break never splits a UTF-8 character.
        while True:
            chunk = proc.stdout.read1(CHUNK_BYTES)
            if not chunk:
                break
            pending += chunk
            cut = pending.rfind(b"\n")
            if cut < 0:
                continue
            block, pending = pending[:cut].decode("utf-8", "replace"), pending[cut + 1 :]
            bad = _count_error_records(block)
            errors += bad
            links += block.count("\n") + 1 - bad
            yield block
        if pending:  # bialign ends every line with a line break; this is only for robustness
            block = pending.decode("utf-8", "replace")
            bad = _count_error_records(block)
            errors += bad
            links += block.count("\n") + 1 - bad
            yield block
        rc = proc.wait()
        writer.join()
        finished = True
    finally:
        if not finished:  # the consumer stopped early or failed: do not leave the process behind
            proc.kill()
            proc.wait()
            writer.join()
        proc.stdout.close()
    if feed_error:
        err.close()
        raise feed_error[0]
    if rc not in (0, 1):
        err.seek(0)
        tail = err.read()[-2000:].decode("utf-8", "replace").strip()
        err.close()
        what = f"killed by signal {-rc}" if rc < 0 else f"exited with status {rc}"
        raise BialignFailed(f"{' '.join(argv)} {what} after {fed[0]} records: {tail or '(no stderr)'}")
    err.close()
    if counters:
        counters["records"].add(fed[0])
        counters["links"].add(links)
        counters["errors"].add(errors)


def _chain(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


def split_blocks(blocks: Iterable[str]) -> Iterator[str]:
    """The single output lines of the blocks pipe_through_bialign yields."""
    for block in blocks:
        yield from block.split("\n")


def _count_error_records(block: str) -> int:
    if '"error"' not in block:
        return 0
    return sum(1 for line in block.split("\n") if _is_error_record(line))


def _is_error_record(line: str) -> bool:
    """True for bialign's per-record error objects {"doc": ..., "error": ...}."""
    if '"error"' not in line:  # cheap filter: link lines never hold this key at the top level
        return False
    try:
        obj = json.loads(line)
    except ValueError:
        return False
    return isinstance(obj, dict) and "error" in obj


# ---------------------------------------------------------------------------------------------
# Parquet output: the JSONL contract as columns.

LINK_FIELDS = ("doc", "kind", "en", "pl", "score", "speaker", "evidence", "error")


def parquet_schema():
    """Columns of --format parquet: the contract's fields; evidence (free-form) and any field the
    contract gains later (`extra`) are kept as JSON text, so no line loses information."""
    from pyspark.sql.types import (
        ArrayType,
        DoubleType,
        LongType,
        StringType,
        StructField,
        StructType,
    )

    span = StructType(
        [
            StructField("start", LongType()),
            StructField("end", LongType()),
            StructField("text", StringType()),
        ]
    )
    speaker = StructType([StructField("en", StringType()), StructField("pl", StringType())])
    return StructType(
        [
            StructField("doc", StringType()),
            StructField("kind", StringType()),
            StructField("en", ArrayType(span)),
            StructField("pl", ArrayType(span)),
            StructField("score", DoubleType()),
            StructField("speaker", speaker),
            StructField("evidence", StringType()),
            StructField("error", StringType()),
            StructField("extra", StringType()),
        ]
    )


def link_row(line: str) -> tuple:
    """One output line as a tuple in parquet_schema() order."""
    obj = json.loads(line)

    def spans(v):
        if not isinstance(v, list):
            return None
        return [(s.get("start"), s.get("end"), s.get("text")) for s in v if isinstance(s, dict)]

    sp = obj.get("speaker")
    speaker = (sp.get("en"), sp.get("pl")) if isinstance(sp, dict) else None
    ev = obj.get("evidence")
    extra = {k: v for k, v in obj.items() if k not in LINK_FIELDS}
    doc = obj.get("doc")
    score = obj.get("score")
    return (
        doc if doc is None or isinstance(doc, str) else json.dumps(doc),
        obj.get("kind"),
        spans(obj.get("en")),
        spans(obj.get("pl")),
        float(score) if isinstance(score, (int, float)) else None,
        speaker,
        None if ev is None else json.dumps(ev, ensure_ascii=False, sort_keys=True),
        obj.get("error"),
        json.dumps(extra, ensure_ascii=False, sort_keys=True) if extra else None,
    )


# ---------------------------------------------------------------------------------------------
# The driver.


def parse_args(argv: list) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Align EN/PL article pairs on Spark: each partition is piped through `bialign batch -`.",
        epilog="Environment: BIALIGN_BIN (the binary; default target/release/bialign), "
        "SPARK_MASTER (default local[2] when not run by spark-submit). "
        "Exit status: 0 ok; 1 some records failed; 2 bad usage or input; 3 the Spark job failed.",
    )
    p.add_argument("input", help="JSONL records {id, en, pl} (file, directory or glob) or Parquet (id, en, pl)")
    p.add_argument("outdir", help="output directory (part-* files); must not exist unless --overwrite")
    p.add_argument("--format", choices=("jsonl", "parquet"), default="jsonl", help="output format")
    p.add_argument(
        "--input-format",
        choices=("auto", "jsonl", "parquet"),
        default="auto",
        help="auto: Parquet for a *.parquet path or a directory of *.parquet files, else JSONL",
    )
    p.add_argument(
        "--partitions",
        type=int,
        default=0,
        help="default path: the minimum number of input splits = bialign processes = output files (default: "
        "a multiple of the default parallelism, splits at most a block; a .gz file is one split; one plain "
        "local file read in byte ranges (--direct-output) is cut into exactly N, by default one per slot; "
        "Parquet input is repartitioned to N); "
        "--shard-by-id: the number of shards (default: 2 x the default parallelism)",
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=0,
        help="threads of each bialign process (default: spark.task.cpus, i.e. 1 per task)",
    )
    p.add_argument(
        "--ship-binary",
        choices=("auto", "yes", "no"),
        default="auto",
        help="copy BIALIGN_BIN to the executors with SparkContext.addFile, where it runs as ./NAME from "
        "their working directory (auto: yes unless the master is local; 'no' when the binary is in the "
        "executors' image at that path)",
    )
    p.add_argument(
        "--shard-by-id",
        action="store_true",
        help="shard the records by a stable hash of their pair id into --partitions shards, sorted by id "
        "within each (a shuffle through Python workers: slower); default: each input split is piped as it is",
    )
    p.add_argument(
        "--direct-output",
        choices=("auto", "yes", "no"),
        default="auto",
        help="JSONL to a file-system OUTDIR: each bialign process writes its part file itself, so its output "
        "never passes through the JVM ('yes' needs OUTDIR on a file system the driver and every executor "
        "see at the same path; auto: yes when the master is local)",
    )
    p.add_argument(
        "--class-archive",
        choices=("auto", "off"),
        default="auto",
        help="auto: when this script starts the JVM, keep an archive of the classes it loads (about 60 MB in "
        "$BIALIGN_SPARK_CACHE, default ~/.cache/bialign; written by the first run) so later runs start faster",
    )
    p.add_argument("--overwrite", action="store_true", help="replace OUTDIR if it exists")
    args = p.parse_args(argv)
    if args.partitions < 0 or args.jobs < 0:
        p.error("--partitions and --jobs must be positive")
    return args


def detect_input_format(path: str) -> str:
    """'parquet' for a *.parquet path or a local directory holding *.parquet files; else 'jsonl'."""
    if path.rstrip("/").lower().endswith(".parquet"):
        return "parquet"
    if os.path.isdir(path):
        names = os.listdir(path)
        if any(n.endswith(".parquet") for n in names):
            return "parquet"
    return "jsonl"


def _is_local(path: str) -> bool:
    return "://" not in path or path.startswith("file://")


def _local_path(path: str) -> str:
    return path[len("file://") :] if path.startswith("file://") else path


def check_binary(path: str) -> None:
    """Fail early, on the driver, with one clear line when the binary is missing or not bialign."""
    if not os.path.isfile(path):
        raise UsageError(
            f"bialign binary not found: {path} (build it with `cargo build --release`, or set BIALIGN_BIN)"
        )
    if not os.access(path, os.X_OK):
        raise UsageError(f"bialign binary is not executable: {path}")
    try:
        subprocess.run([path, "--version"], check=True, capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise UsageError(f"cannot run the bialign binary {path}: {e}") from e


_SHIPPED_MODULE_TO: list = []  # SparkContexts this module was added to (see _sharded_by_id)

# Each bialign process of the default path runs under this `sh -c` script (its arguments are the
# bialign command line). Spark's pipe fails a task on any non-zero exit status, but bialign's 1 means
# "some records failed, their error records are in the output": it becomes 0. Every other status
# (2 bad usage, 126/127 cannot run, 128+N killed by signal N) is passed on and fails the task.
PIPE_WRAPPER = '"$@"; s=$?; if [ "$s" -eq 1 ]; then exit 0; fi; exit "$s"'

# bialign's per-record error object as it writes it: {"doc":"<id or position>","error":...}, the
# error right after the doc. A link line never matches (its second key is "kind").
ERROR_RECORD_REGEX = r'^[{]"doc":"([^"\\]|\\.)*","error":'
ERROR_RECORD = re.compile(ERROR_RECORD_REGEX.replace("[{]", r"\{").encode())
# Prints "LINES ERRORS" for the lines on its standard input (one partition of the output).
COUNT_SCRIPT = "awk '/%s/ { e++ } END { print NR, e + 0 }'" % ERROR_RECORD_REGEX

# --direct-output: each bialign process writes its partition's output straight to a file of its own
# under OUTDIR/_temporary/ (named by host and shell process id; OUTDIR on a local or shared file
# system) and prints one line, "FILE LINES ERRORS", which is all that goes back through the JVM; the
# driver then renames the files to part-NNNNN in partition order. Arguments: OUTDIR, then the bialign
# command line. Status 1 becomes 0 as in PIPE_WRAPPER; on any other failure the attempt's file is
# removed and the status passed on (Spark fails or retries the task). bialign exits with 0 only when
# no record failed, so only after a 1 is the output searched for error records.
_DIRECT_COUNTS = (
    'if [ "$s" -ne 0 ] && [ "$s" -ne 1 ]; then rm -f "$t"; exit "$s"; fi; '
    'n=$(wc -l < "$t") || exit 74; '
    "if [ \"$s\" -eq 0 ]; then e=0; else e=$(grep -cE '%s' \"$t\"); [ \"$?\" -le 1 ] || exit 74; fi; "
    'echo "$t" $n $e' % ERROR_RECORD_REGEX
)
DIRECT_WRAPPER = 'd=$1; shift; t="$d/_temporary/bialign-$(uname -n)-$$"; "$@" > "$t"; s=$?; ' + _DIRECT_COUNTS

# --direct-output with a single local uncompressed JSONL file: the JVM does not read the input either.
# The driver cuts the file into line-aligned byte ranges, one partition each, and each task's wrapper
# gets "START LENGTH PATH" on its standard input and runs bialign on the file with
# `--byte-range START:LENGTH` (it reads just those bytes; no process copies them into a pipe). A file
# that cannot be opened fails the task: status 76 (the group's redirection fails, so `s` keeps it). The
# ranges concatenated are the file, so the output is the same as when the JVM reads the splits.
DIRECT_INPUT_WRAPPER = (
    'd=$1; shift; IFS= read -r r || exit 75; start=${r%% *}; r=${r#* }; len=${r%% *}; path=${r#* }; '
    't="$d/_temporary/bialign-$(uname -n)-$$"; s=76; '
    '{ "$@" --byte-range "$start:$len" > "$t"; s=$?; } < "$path"; '
    'if [ "$s" -eq 76 ]; then rm -f "$t"; exit 76; fi; ' + _DIRECT_COUNTS
)


def class_archive_path(spark_home: Optional[str] = None, version: Optional[str] = None) -> Optional[str]:
    """Where the driver JVM's class archive for this JDK, Spark and JVM options lives (see CDS_LOG_OFF),
    or None when the folder cannot be made. `spark_home` and `version` are SPARK_HOME (or pyspark's
    folder) and pyspark's version, found by importing pyspark when not given."""
    import hashlib

    if spark_home is None or version is None:
        import pyspark

        spark_home = os.environ.get("SPARK_HOME") or os.path.dirname(pyspark.__file__)
        version = pyspark.__version__
    java_home = os.environ.get("JAVA_HOME")
    java = os.path.join(java_home, "bin", "java") if java_home else shutil.which("java")
    if not java:
        return None
    java = os.path.realpath(java)
    try:
        st = os.stat(java)
    except OSError:
        return None
    key = "\0".join([java, str(st.st_size), str(st.st_mtime_ns), os.path.realpath(spark_home), version, DRIVER_JAVA_OPTIONS])
    folder = os.environ.get("BIALIGN_SPARK_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "bialign"
    )
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    return os.path.join(folder, f"spark-classes-{hashlib.sha1(key.encode()).hexdigest()[:16]}.jsa")


def _archive_java_options(archive: str) -> str:
    return f"{DRIVER_JAVA_OPTIONS} -XX:SharedArchiveFile={archive} {CDS_LOG_OFF}"


def _start_context(conf, archive: Optional[str], early: Optional["StartingJvm"] = None):
    """Start the Spark context, with the class archive when there is one (else with a JVM that writes
    one as it exits), on the driver JVM `early` when it was started for this very configuration.
    Returns (context, the temporary archive its JVM writes, or None)."""
    from pyspark import SparkContext

    if early is not None and (archive is None or not os.path.isfile(archive)):
        early.kill()
        early = None
    if archive is None:
        return SparkContext.getOrCreate(conf), None
    if os.path.isfile(archive):
        conf.set("spark.driver.extraJavaOptions", _archive_java_options(archive))
        try:
            _launch_gateway_directly(conf, archive, early)
            return SparkContext.getOrCreate(conf), None
        except Exception:  # noqa: BLE001 (a damaged archive: drop it, start without)
            try:
                os.remove(archive)
            except OSError:
                pass
            print(f"align_corpus: the JVM did not start with the class archive {archive} (damaged?); "
                  "removed it, starting without", file=sys.stderr)
            conf.set("spark.driver.extraJavaOptions", DRIVER_JAVA_OPTIONS)
            return SparkContext.getOrCreate(conf), None
    pending = f"{archive}.{os.getpid()}.tmp"
    conf.set("spark.driver.extraJavaOptions", f"{DRIVER_JAVA_OPTIONS} -XX:ArchiveClassesAtExit={pending} {CDS_LOG_OFF}")
    return SparkContext.getOrCreate(conf), pending


# The driver JVM is normally started by pyspark through bin/spark-submit, a shell script that runs
# a first JVM (Spark's launcher) only to print the command line of the second, the driver: on two busy
# cores that first JVM and its scripts cost about half a second of every run. Once this script keeps a
# class archive (so its JVM options are its own), it also keeps that command line, as the launcher
# printed it for these settings, next to the archive, and later runs start the driver JVM with it
# directly (pyspark then connects to it as to any running gateway). The command depends on the Spark
# configuration and environment, so the file's name is a hash of them; a configuration that needs a
# script of its own (conf/spark-env.sh, PYSPARK_SUBMIT_ARGS) always goes through spark-submit.
LAUNCH_ENV_PREFIXES = ("SPARK_", "PYSPARK_", "HADOOP_", "YARN_", "JAVA_", "_JAVA_", "JDK_", "CLASSPATH")


def _launch_command_path(settings: list, archive: str, spark_home: str) -> Optional[str]:
    """Where the driver JVM's command line for the Spark `settings` ((key, value) pairs: SparkConf's
    getAll()) is kept (beside the class archive), or None when the launch needs spark-submit's scripts."""
    import hashlib

    if "PYSPARK_SUBMIT_ARGS" in os.environ or "PYSPARK_GATEWAY_PORT" in os.environ:
        return None
    conf_dir = os.environ.get("SPARK_CONF_DIR") or os.path.join(spark_home, "conf")
    if os.path.exists(os.path.join(conf_dir, "spark-env.sh")):
        return None
    try:
        with open(os.path.join(conf_dir, "spark-defaults.conf"), "rb") as f:
            defaults = f.read()
    except OSError:
        defaults = b""
    env = sorted(
        (k, v)
        for k, v in os.environ.items()
        if k.startswith(LAUNCH_ENV_PREFIXES) and k not in ("SPARK_MASTER", "SPARK_LOG_LEVEL")  # (this script's own)
    )
    key = repr((sorted(settings), spark_home, env, defaults, os.path.basename(archive)))
    return archive[: -len(".jsa")] + f"-launch-{hashlib.sha1(key.encode()).hexdigest()[:16]}.json"


def _capture_launch_command(conf, spark_home: str) -> Optional[dict]:
    """Run Spark's launcher as bin/spark-submit would and return what it would run: {"command": the
    driver JVM's argv, "env": the variables the scripts set}; None if that fails."""
    script = (
        'env_out=$1; shift; . "$SPARK_HOME/bin/load-spark-env.sh" && export PYTHONHASHSEED=0 && env -0 > "$env_out" '
        '&& exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -Xmx128m $SPARK_LAUNCHER_OPTS -cp "$SPARK_HOME/jars/*" '
        "org.apache.spark.launcher.Main \"$@\""
    )
    args = ["org.apache.spark.deploy.SparkSubmit"]
    for k, v in conf.getAll():
        args += ["--conf", f"{k}={v}"]
    args.append("pyspark-shell")
    with tempfile.TemporaryDirectory() as d:
        env_file = os.path.join(d, "env")
        try:
            p = subprocess.run(
                ["bash", "-c", script, "bialign-launch", env_file] + args,
                env=dict(os.environ, SPARK_HOME=spark_home),
                capture_output=True,
                timeout=120,
            )
            with open(env_file, "rb") as f:
                env_dump = f.read()
        except (OSError, subprocess.SubprocessError):
            return None
    if p.returncode != 0:
        return None
    # The launcher prints a NUL and a line break (messages before them are for the user), then the
    # command's arguments, each ended by a NUL.
    _, marker, printed = p.stdout.rpartition(b"\0\n")
    command = [a.decode("utf-8", "surrogateescape") for a in printed.split(b"\0")[:-1]]
    if not marker or not command or "org.apache.spark.deploy.SparkSubmit" not in command:
        return None
    env = {}
    for item in env_dump.split(b"\0"):
        k, sep, v = item.decode("utf-8", "surrogateescape").partition("=")
        if sep and k and os.environ.get(k) != v and k not in ("_", "SHLVL", "PWD", "OLDPWD"):
            env[k] = v
    return {"command": command, "env": env}


class StartingJvm:
    """A driver JVM started with a kept command line (see LAUNCH_ENV_PREFIXES), not yet connected to:
    the process, the folder of its connection file, the kept command's file, and what it was started
    for (spark_home, the archive, the Spark settings)."""

    def __init__(self, proc, conn_dir: str, path: str, spark_home: str, archive: str, settings: list):
        self.proc, self.conn_dir, self.path = proc, conn_dir, path
        self.spark_home, self.archive, self.settings = spark_home, archive, sorted(settings)
        self.taken = False  # connected to, or killed

    def kill(self) -> None:
        self.taken = True
        self.proc.kill()
        self.proc.wait()
        shutil.rmtree(self.conn_dir, ignore_errors=True)


def _spawn_kept_jvm(path: str, launch: dict, spark_home: str, archive: str, settings: list) -> Optional[StartingJvm]:
    """Start the driver JVM of a kept (or just captured) command line, without waiting for it."""
    try:
        command, extra = list(launch["command"]), dict(launch["env"])
    except (KeyError, TypeError, ValueError):
        return None
    conn_dir = tempfile.mkdtemp()
    env = dict(os.environ, SPARK_HOME=spark_home)
    env.update(extra)
    env["_PYSPARK_DRIVER_CONN_INFO_PATH"] = os.path.join(conn_dir, "conn")
    try:
        # As pyspark does: the JVM exits when its standard input closes; Ctrl-C is for Python.
        proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, env=env, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)
        )
    except (OSError, ValueError, TypeError):
        shutil.rmtree(conn_dir, ignore_errors=True)
        return None
    return StartingJvm(proc, conn_dir, path, spark_home, archive, settings)


def _read_kept_launch(path: str) -> Optional[dict]:
    try:
        with open(path, encoding="utf-8") as f:
            launch = json.load(f)
        return launch if isinstance(launch, dict) else None
    except (OSError, ValueError):
        return None


def start_kept_jvm_early(args: argparse.Namespace) -> Optional[StartingJvm]:
    """Start the driver JVM before pyspark is even imported (which then takes place while the JVM
    starts), when this run would start it from a kept command line anyway: run as a command with plain
    python3, with the class archive and the kept command of exactly the settings run() gives the
    SparkContext. Everything is found without importing pyspark; run() checks that it matches what
    pyspark finds (else the JVM is killed and started the usual way). None when any of it is missing."""
    import importlib.util

    if "PYSPARK_GATEWAY_PORT" in os.environ or args.class_archive != "auto":
        return None
    try:
        spec = importlib.util.find_spec("pyspark")
        folder = os.path.dirname(spec.origin)
        finder = importlib.util.spec_from_file_location("_bialign_find_spark_home", os.path.join(folder, "find_spark_home.py"))
        module = importlib.util.module_from_spec(finder)
        finder.loader.exec_module(module)
        spark_home = module._find_spark_home()
        with open(os.path.join(folder, "version.py"), encoding="utf-8") as f:
            version = re.search(r"__version__[^=]*=\s*[\"']([^\"']+)", f.read()).group(1)
    except BaseException:  # noqa: BLE001 (no pyspark, or one laid out otherwise: the usual way)
        return None
    archive = class_archive_path(os.environ.get("SPARK_HOME") or folder, version)
    if archive is None or not os.path.isfile(archive):
        return None
    settings = own_settings() + [("spark.driver.extraJavaOptions", _archive_java_options(archive))]
    path = _launch_command_path(settings, archive, spark_home)
    launch = _read_kept_launch(path) if path else None
    if launch is None:
        return None
    return _spawn_kept_jvm(path, launch, spark_home, archive, settings)


def _launch_gateway_directly(conf, archive: str, early: Optional[StartingJvm] = None) -> None:
    """Start the driver JVM with its kept command line (or use `early`, that JVM started already) and
    install it as pyspark's gateway (see LAUNCH_ENV_PREFIXES); on the first run, capture and keep the
    command first. Does nothing when this cannot be done (pyspark then starts the JVM through
    spark-submit) and drops a kept command whose JVM does not start."""
    from pyspark import SparkContext
    from pyspark.find_spark_home import _find_spark_home

    try:
        spark_home = _find_spark_home()
    except BaseException:  # noqa: BLE001 (it exits when it finds none: spark-submit will say why)
        spark_home = None
    path = _launch_command_path(conf.getAll(), archive, spark_home) if spark_home else None
    if early is not None and (
        (early.path, early.spark_home, early.archive, early.settings) != (path, spark_home, archive, sorted(conf.getAll()))
        or SparkContext._gateway is not None
    ):
        early.kill()
        early = None
    if path is None or SparkContext._gateway is not None:
        return
    if early is None:
        launch = _read_kept_launch(path)
        if launch is None:
            launch = _capture_launch_command(conf, spark_home)
            if launch is None:
                return
            try:
                with open(f"{path}.{os.getpid()}.tmp", "w", encoding="utf-8") as f:
                    json.dump(launch, f)
                os.replace(f"{path}.{os.getpid()}.tmp", path)
            except OSError:
                pass
        early = _spawn_kept_jvm(path, launch, spark_home, archive, conf.getAll())
        if early is None:
            return
    _connect_gateway(early, conf)


def _connect_gateway(jvm: StartingJvm, conf) -> None:
    """Wait for a started driver JVM's connection file and install it as pyspark's gateway; on any
    failure kill it (and drop its kept command if the JVM exited on its own)."""
    from pyspark import SparkContext
    from pyspark.java_gateway import launch_gateway
    from pyspark.serializers import UTF8Deserializer, read_int

    jvm.taken = True
    proc, conn_info = jvm.proc, os.path.join(jvm.conn_dir, "conn")
    try:
        while proc.poll() is None and not os.path.isfile(conn_info):
            time.sleep(0.01)
        # (the JVM writes the file under another name and renames it into place when complete)
        if not os.path.isfile(conn_info):  # the JVM exited (a stale command, a damaged archive)
            proc = None
            os.remove(jvm.path)
            return
        with open(conn_info, "rb") as f:
            port, secret = read_int(f), UTF8Deserializer().loads(f)
        saved = {k: os.environ.get(k) for k in ("PYSPARK_GATEWAY_PORT", "PYSPARK_GATEWAY_SECRET")}
        os.environ["PYSPARK_GATEWAY_PORT"], os.environ["PYSPARK_GATEWAY_SECRET"] = str(port), secret
        try:
            gateway = launch_gateway(conf)  # connects to the running JVM
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        gateway.proc = proc
        SparkContext._gateway, SparkContext._jvm = gateway, gateway.jvm
        proc = None
    except Exception:  # noqa: BLE001 (spark-submit's way instead)
        pass
    finally:
        if proc is not None:
            proc.kill()
            proc.wait()
        shutil.rmtree(jvm.conn_dir, ignore_errors=True)


def _finish_class_archive(pending: str, archive: str) -> None:
    """Stop the (stopped session's) JVM so that it writes its class archive, and keep the archive if
    it exited cleanly. The next SparkContext in this process starts a new JVM."""
    from pyspark import SparkContext

    gateway = SparkContext._gateway
    proc = getattr(gateway, "proc", None)
    try:
        if proc is not None:
            gateway.shutdown()
            proc.stdin.close()  # the gateway JVM exits when its standard input closes
            rc = proc.wait(timeout=120)
            SparkContext._gateway = SparkContext._jvm = None
            if rc == 0 and os.path.getsize(pending) > 0:
                os.replace(pending, archive)
    except Exception:  # noqa: BLE001 (no archive this time; the run itself succeeded)
        pass
    finally:
        if os.path.exists(pending):
            os.remove(pending)


class LazySession:
    """The job's SparkSession, started only when first used (Parquet input or output): the JSONL paths
    need only the SparkContext, and Spark SQL's session costs a noticeable share of a short run.
    Attributes other than `sparkContext` and `session` are the session's."""

    def __init__(self, sc, session=None):
        self.sparkContext = sc
        self._session = session

    @property
    def session(self):
        if self._session is None:
            from pyspark.sql import SparkSession

            self._session = SparkSession.builder.getOrCreate()  # on the running context
        return self._session

    def __getattr__(self, name):
        return getattr(self.session, name)

    def stop(self) -> None:
        (self._session or self.sparkContext).stop()


APP_NAME = "bialign-align-corpus"


def own_settings() -> list:
    """The Spark settings of a driver this script starts itself (run with plain python3, not
    spark-submit), as (key, value) pairs; the JVM options come on top (see _start_context)."""
    return [
        ("spark.app.name", APP_NAME),
        ("spark.master", os.environ.get("SPARK_MASTER") or DEFAULT_MASTER),
        # Run from a terminal or a test: no progress bar over our own messages, no web UI.
        ("spark.ui.showConsoleProgress", "false"),
        ("spark.ui.enabled", "false"),
    ]


def run(args: argparse.Namespace, leave_jvm: bool = False, early: Optional[StartingJvm] = None) -> int:
    """Run the job. `leave_jvm` (the script run as a command): once the output is complete, do not stop
    the Spark context this run started: the caller exits at once (see exit_leaving_jvm). `early`: a
    driver JVM start_kept_jvm_early started for this run (used if it matches, else killed)."""
    from pyspark import SparkConf
    from pyspark.sql import SparkSession

    started = time.monotonic()
    binary = os.path.abspath(os.environ.get("BIALIGN_BIN") or DEFAULT_BIN)

    conf = SparkConf().setAppName(APP_NAME)
    # Under spark-submit (which hands the driver its gateway) the master comes from its --master.
    submitted = "PYSPARK_GATEWAY_PORT" in os.environ
    own_options = False
    if not submitted:
        for key, value in own_settings():
            conf.set(key, value)
        own_options = not conf.contains("spark.driver.extraJavaOptions")
        if own_options:
            conf.set("spark.driver.extraJavaOptions", DRIVER_JAVA_OPTIONS)
    input_format = args.input_format if args.input_format != "auto" else detect_input_format(args.input)

    # What can be checked before the JVM starts is checked here, so mistakes fail in a second.
    if _is_local(args.input) and not _glob_or_exists(_local_path(args.input)):
        raise UsageError(f"input not found: {args.input}")
    if _is_local(args.outdir) and os.path.exists(_local_path(args.outdir)) and not args.overwrite:
        raise UsageError(f"output exists: {args.outdir} (remove it or pass --overwrite)")
    if not submitted and args.ship_binary != "no":
        check_binary(binary)

    # A session that is already running (a notebook, a test) is used and left running.
    from pyspark import SparkContext

    active = SparkSession.getActiveSession()
    owned = active is None and SparkContext._active_spark_context is None
    # The class archive only when this run starts the JVM (no session, no gateway yet) with our options.
    archive = None
    if not submitted and own_options and owned and SparkContext._gateway is None and args.class_archive == "auto":
        archive = class_archive_path()
    sc, pending = _start_context(conf, archive, early)
    spark = LazySession(sc, active)
    sc.setLogLevel(os.environ.get("SPARK_LOG_LEVEL", "WARN"))
    finished = False
    try:
        master = sc.master
        local = master.startswith("local")
        ship = args.ship_binary == "yes" or (args.ship_binary == "auto" and not local)
        if submitted and (ship or local):
            check_binary(binary)
        if ship:
            sc.addFile(binary)

        out_path = args.outdir
        _prepare_output(sc, out_path, args.overwrite)
        jobs = args.jobs or int(sc.getConf().get("spark.task.cpus", "1"))
        argv = ["batch", "-", "--format", "jsonl", "--jobs", str(jobs), "--quiet"]

        try:
            if args.shard_by_id:
                summary = _sharded_by_id(spark, args, input_format, binary, ship, argv, out_path)
            else:
                exe = _executor_path(sc, binary, ship, local)
                summary = _piped(spark, args, input_format, [exe] + argv, out_path)
        except UsageError:
            raise
        except Exception as e:  # Py4JJavaError and friends: a task failed for good
            msg = _first_line_of_cause(e, binary)
            print(f"align_corpus: the Spark job failed: {msg}", file=sys.stderr)
            return EXIT_JOB_FAILED

        lines, bad, how = summary
        finished = True
        print(
            f"align_corpus: {lines} lines written, {bad} error records -> {out_path} "
            f"({how}, master {master}) in {time.monotonic() - started:.1f} s",
            file=sys.stderr,
        )
        return EXIT_RECORD_ERRORS if bad else EXIT_OK
    finally:
        if owned and (pending or not (leave_jvm and finished)):
            spark.stop()
            if pending:
                _finish_class_archive(pending, archive)


def _executor_path(sc, binary: str, ship: bool, local: bool) -> str:
    """The binary's path as the executors' processes see it.

    Not shipped: the same path as on the driver (the binary is in the image, or the master is local).
    Shipped with addFile: executors fetch the file into their working directory, the directory their
    piped processes start in, so it is ./NAME there; in local mode the executors run inside the
    driver's JVM, whose copy is at SparkFiles.get(NAME).
    """
    name = os.path.basename(binary)
    if not ship:
        return binary
    if local:
        return sc._jvm.org.apache.spark.SparkFiles.get(name)
    return "./" + name


def _java_lines(spark, args: argparse.Namespace, input_format: str):
    """The input records as a JavaRDD of JSONL lines, read by the JVM alone (no Python worker).

    JSONL: the lines of the input files, one partition per input split (at least --partitions, by
    default _even_split_count; a .gz file is one split). Parquet: each row as
    {"id", "en", "pl"} (to_json; all three cast to strings), partitioned as Spark reads the files.
    """
    sc = spark.sparkContext
    if input_format == "parquet":
        df = _read_parquet_records(spark, args.input)
        jdf = df.selectExpr("to_json(struct(id, en, pl)) AS value")._jdf
        lines = getattr(jdf, "as")(sc._jvm.org.apache.spark.sql.Encoders.STRING()).javaRDD()
        if args.partitions:
            lines = lines.repartition(args.partitions)
        return lines
    return sc._jsc.textFile(args.input, args.partitions or _even_split_count(sc, args.input))


def _even_split_count(sc, path: str) -> int:
    """A split count that keeps every task slot busy to the end: a multiple of the default
    parallelism with splits no larger than a file system block (Hadoop's default split), e.g. 10
    splits rather than Hadoop's 9 for 264 MB in 32 MB blocks on 2 slots, where the ninth would run
    alone. Falls back to the default parallelism when the input cannot be measured."""
    slots = max(1, sc.defaultParallelism)
    try:
        hpath = sc._jvm.org.apache.hadoop.fs.Path(path)
        fs = hpath.getFileSystem(sc._jsc.hadoopConfiguration())
        total = sum(fs.getContentSummary(st.getPath()).getLength() for st in (fs.globStatus(hpath) or []))
        block = fs.getDefaultBlockSize(hpath)
    except Exception:  # noqa: BLE001 (a file system that cannot say: Hadoop's own splitting)
        return slots
    return even_split_count(slots, total, block)


def even_split_count(slots: int, total: int, block: int) -> int:
    """The smallest multiple of `slots` that cuts `total` bytes into splits of at most `block` bytes
    (`slots` when either size is unknown)."""
    if total <= 0 or block <= 0:
        return slots
    return slots * max(1, -(-total // (block * slots)))


# The most bytes one task reads of a plain local file (see range_count).
MAX_RANGE_BYTES = 1 << 30


def range_count(slots: int, total: int) -> int:
    """How many byte ranges to cut a plain local file of `total` bytes into: one per task slot, and
    more (a multiple of `slots`) only when a range would exceed MAX_RANGE_BYTES.

    Every task costs a fixed time to start and finish: its process's start, the executor's own
    bookkeeping, and the slot left idle between one task's end and the next one's start, about 0.3 s
    per task on two busy cores (measured from the tasks' start and end times). With 8 ranges of a 264 MB
    file on 2 slots the slots were busy 11.1 s, against 10.2 s with one range per slot. Equal byte
    ranges of the same kind of records take the same time, so the slots still finish together. The cap
    bounds what one failed attempt costs to redo (1 GiB is about 80 s of one core's work).
    """
    return even_split_count(max(1, slots), total, MAX_RANGE_BYTES)


def _read_parquet_records(spark, path: str):
    df = spark.read.parquet(path)
    missing = [c for c in ("id", "en", "pl") if c not in df.columns]
    if missing:
        raise UsageError(f"{path}: Parquet input lacks column(s) {', '.join(missing)}")
    # Numeric ids and binary (UTF-8) text columns are common in Parquet: read all as strings.
    return df.select(*[df[c].cast("string").alias(c) for c in ("id", "en", "pl")])


def _piped(spark, args: argparse.Namespace, input_format: str, command: list, out_path: str) -> tuple:
    """The default path: the JVM reads the input, pipes each partition through one bialign process
    (JavaRDD.pipe, under PIPE_WRAPPER) and writes its output lines, in order, as part-NNNNN.
    Python runs only on the driver (and for --format parquet, to turn lines into rows).
    Returns (lines written, error records, a description)."""
    from py4j.java_collections import ListConverter, MapConverter

    sc = spark.sparkContext
    gateway = sc._gateway._gateway_client
    if _direct_output(sc, args):
        # One local plain file: the tasks read their own byte ranges, the JVM never sees a record (nor
        # computes input splits): by default one range per task slot (range_count).
        local = _plain_local_file(args.input, input_format)
        if local:
            count = args.partitions or range_count(max(1, sc.defaultParallelism), os.path.getsize(local))
            ranges = _local_ranges(local, input_format, count)
            if ranges:
                descs = ListConverter().convert([f"{a} {n} {path}" for a, n, path in ranges], gateway)
                lines = sc._jsc.parallelize(descs, len(ranges))
                return _piped_direct(sc, lines, command, _local_path(out_path), DIRECT_INPUT_WRAPPER) + (
                    f"{len(ranges)} byte ranges read and written by bialign",
                )
    lines = _java_lines(spark, args, input_format)
    parts = lines.getNumPartitions()
    if _direct_output(sc, args):
        return _piped_direct(sc, lines, command, _local_path(out_path)) + (
            f"{parts} partitions piped in input order, written by bialign",
        )
    jcommand = ListConverter().convert(["sh", "-c", PIPE_WRAPPER, "bialign-pipe"] + command, gateway)
    jenv = MapConverter().convert({}, gateway)
    # (command, extra environment, separate working directory, buffer size, encoding)
    out = lines.pipe(jcommand, jenv, False, 1 << 16, "UTF-8")
    how = f"{parts} partitions piped in input order"
    if args.format == "parquet":
        return _write_parquet(spark, out, out_path) + (how,)
    out.saveAsTextFile(out_path)
    if sc.master.startswith("local") and _is_local(out_path):
        # The driver sees the files the (in-JVM) executors wrote: reading them here is cheaper than
        # another Spark pass, which moves every line through the JVM again.
        return _count_local_jsonl(_local_path(out_path)) + (how,)
    return _count_jsonl(sc, out_path) + (how,)


def _direct_output(sc, args: argparse.Namespace) -> bool:
    """Whether the bialign processes write the JSONL part files themselves (--direct-output)."""
    if args.format != "jsonl" or not _is_local(args.outdir):
        return False
    if args.direct_output == "auto":
        return sc.master.startswith("local")
    return args.direct_output == "yes"


def _plain_local_file(path: str, input_format: str) -> Optional[str]:
    """The absolute path of a single local, uncompressed JSONL file; None for any other input."""
    if input_format != "jsonl" or not _is_local(path):
        return None
    local = os.path.abspath(_local_path(path))
    if not os.path.isfile(local) or local.endswith((".gz", ".bz2", ".xz", ".zst", ".lz4", ".snappy", ".deflate")):
        return None
    return local


def _local_ranges(path: str, input_format: str, parts: int) -> list:
    """(start, length, path) of `parts` line-aligned byte ranges covering a single local, uncompressed
    JSONL file, in order (empty ranges left out); [] for any other input (a folder, a glob, a
    compressed file, Parquet, another file system), which the JVM reads."""
    local = _plain_local_file(path, input_format)
    if not local:
        return []
    size = os.path.getsize(local)
    cuts = [0]
    with open(local, "rb") as f:
        for i in range(1, max(1, parts)):
            f.seek(max(size * i // parts, cuts[-1]))
            if f.tell() > 0:
                f.seek(f.tell() - 1)  # a cut just after a line break starts the next line there
                f.readline()
            cuts.append(min(f.tell(), size))
    cuts.append(size)
    return [(a, b - a, local) for a, b in zip(cuts, cuts[1:]) if b > a]


def _piped_direct(sc, lines, command: list, outdir: str, wrapper: str = DIRECT_WRAPPER) -> tuple:
    """--direct-output: each partition's bialign process writes its output to a file of its own under
    OUTDIR/_temporary (DIRECT_WRAPPER), and only one line per partition, "FILE LINES ERRORS", comes
    back through the JVM, which therefore decodes and encodes the input but not the output (2 to 3
    times larger). collect() returns those lines in partition order; the driver renames the files to
    part-NNNNN in that order and writes _SUCCESS, as saveAsTextFile would. A failed or speculative
    attempt's file is never renamed and goes with _temporary. Returns (lines written, error records).
    """
    from py4j.java_collections import ListConverter, MapConverter

    gateway = sc._gateway._gateway_client
    temporary = os.path.join(outdir, "_temporary")
    os.makedirs(temporary)
    try:
        jcommand = ListConverter().convert(
            ["sh", "-c", wrapper, "bialign-direct", os.path.abspath(outdir)] + command, gateway
        )
        jenv = MapConverter().convert({}, gateway)
        results = list(lines.pipe(jcommand, jenv, False, 1 << 16, "UTF-8").collect())
        total = bad = 0
        for i, result in enumerate(results):
            path, n, e = result.rsplit(" ", 2)
            os.rename(path, os.path.join(outdir, f"part-{i:05d}"))
            total, bad = total + int(n), bad + int(e)
        with open(os.path.join(outdir, "_SUCCESS"), "w"):
            pass
        return total, bad
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
        if not os.listdir(outdir):  # the job failed before writing anything: leave no empty OUTDIR
            os.rmdir(outdir)


def _count_jsonl(sc, out_path: str) -> tuple:
    """(lines, error records) of a JSONL output directory, counted in one pass by `awk` on the
    executors (piped from the JVM like bialign: no Python worker, and no Spark SQL, whose first
    query in a JVM costs seconds)."""
    from py4j.java_collections import ListConverter

    command = ListConverter().convert(["sh", "-c", COUNT_SCRIPT], sc._gateway._gateway_client)
    lines = bad = 0
    for counts in sc._jsc.textFile(out_path).pipe(command).collect():
        n, e = counts.split()
        lines, bad = lines + int(n), bad + int(e)
    return lines, bad


def count_jsonl_lines(f) -> tuple:
    """(lines, error records) of an open binary JSONL file, read in blocks (the same counts as
    COUNT_SCRIPT: only lines holding the error key are split out and matched)."""
    lines = bad = 0
    rest = b""
    while True:
        chunk = f.read(1 << 24)
        if not chunk:
            break
        block = rest + chunk
        cut = block.rfind(b"\n") + 1
        block, rest = block[:cut], block[cut:]
        lines += block.count(b"\n")
        if b'","error":' in block:
            bad += sum(1 for line in block.split(b"\n") if ERROR_RECORD.match(line))
    if rest:
        lines += 1
        bad += 1 if ERROR_RECORD.match(rest) else 0
    return lines, bad


def _count_local_jsonl(outdir: str) -> tuple:
    """(lines, error records) of the part files of a local output directory."""
    lines = bad = 0
    for name in sorted(os.listdir(outdir)):
        if name.startswith("part-"):
            with open(os.path.join(outdir, name), "rb") as f:
                n, e = count_jsonl_lines(f)
            lines, bad = lines + n, bad + e
    return lines, bad


def _write_parquet(spark, jlines, out_path: str) -> tuple:
    """Write output lines (a JavaRDD of JSONL) as Parquet in parquet_schema(); (rows, error rows)."""
    from pyspark.sql import DataFrame

    jvm = spark.sparkContext._jvm
    jds = spark._jsparkSession.createDataset(jlines.rdd(), jvm.org.apache.spark.sql.Encoders.STRING())
    rows = DataFrame(jds.toDF(), getattr(spark, "session", spark)).rdd.map(lambda r: link_row(r[0]))
    spark.createDataFrame(rows, parquet_schema()).write.parquet(out_path)
    row = spark.read.parquet(out_path).selectExpr("count(1) AS n", "count(error) AS bad").first()
    return row["n"], row["bad"]


def _sharded_by_id(spark, args, input_format: str, binary: str, ship: bool, argv: list, out_path: str) -> tuple:
    """--shard-by-id: records sharded by a stable hash of their pair id into --partitions shards,
    sorted by id within each (a shuffle through Python), each shard piped through bialign by a Python
    worker. Returns (lines written, error records, a description)."""
    from pyspark import SparkFiles

    sc = spark.sparkContext
    if __name__ != "__main__" and sc not in _SHIPPED_MODULE_TO:
        # Imported (a test, a notebook): the executors need this module to unpickle the filter.
        sc.addPyFile(os.path.abspath(__file__))
        _SHIPPED_MODULE_TO.append(sc)
    binary_name = os.path.basename(binary)
    partitions = args.partitions or 2 * sc.defaultParallelism

    if input_format == "parquet":
        records = _read_parquet_records(spark, args.input).rdd.map(
            lambda r: json.dumps({"id": r["id"], "en": r["en"], "pl": r["pl"]}, ensure_ascii=False)
        )
    else:
        records = sc.textFile(args.input).filter(lambda line: line.strip() != "")

    counters = {"records": sc.accumulator(0), "links": sc.accumulator(0), "errors": sc.accumulator(0)}

    def shard(lines):
        exe = SparkFiles.get(binary_name) if ship else binary
        if ship and not os.access(exe, os.X_OK):
            os.chmod(exe, 0o755)
        return pipe_through_bialign(lines, [exe] + argv, counters)

    links = (
        records.map(lambda line: (shard_key(line), None))
        .repartitionAndSortWithinPartitions(partitions, lambda k: shard_of(k[0]))
        .map(lambda kv: kv[0][1])
        .mapPartitions(shard)
    )
    if args.format == "parquet":
        rows = links.mapPartitions(split_blocks).map(link_row)
        spark.createDataFrame(rows, parquet_schema()).write.parquet(out_path)
    else:
        links.saveAsTextFile(out_path)
    n, k, bad = counters["records"].value, counters["links"].value, counters["errors"].value
    return k + bad, bad, f"{n} records in {partitions} shards by pair id"


def _glob_or_exists(path: str) -> bool:
    import glob

    return os.path.exists(path) or bool(glob.glob(path))


def _prepare_output(sc, out_path: str, overwrite: bool) -> None:
    """Refuse an existing OUTDIR (Spark would fail late) unless --overwrite, which deletes it."""
    if out_path.startswith("file://") or (_is_local(out_path) and sc.master.startswith("local")):
        # A local path: no Hadoop file system to start in the JVM for it.
        local = _local_path(out_path)
        if os.path.lexists(local):
            if not overwrite:
                raise UsageError(f"output exists: {out_path} (remove it or pass --overwrite)")
            if os.path.isdir(local) and not os.path.islink(local):
                shutil.rmtree(local)
            else:
                os.remove(local)
        return
    jvm = sc._jvm
    hpath = jvm.org.apache.hadoop.fs.Path(out_path)
    fs = hpath.getFileSystem(sc._jsc.hadoopConfiguration())
    if fs.exists(hpath):
        if not overwrite:
            raise UsageError(f"output exists: {out_path} (remove it or pass --overwrite)")
        if _is_local(out_path):
            shutil.rmtree(_local_path(out_path), ignore_errors=True)
        if fs.exists(hpath):
            fs.delete(hpath, True)


PY_EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Failed): ")


PIPE_EXIT = re.compile(r"Subprocess exited with status (-?[0-9]+)")


def _first_line_of_cause(e: BaseException, binary: str = "bialign") -> str:
    """The most useful line of a Spark failure: what happened to the bialign process when one failed
    (the default path's JVM pipe reports only its exit status; its stderr went to the executor log),
    our BialignFailed message (--shard-by-id), else the first line that is not a stack frame."""
    text = str(e)
    m = PIPE_EXIT.search(text)
    if m:
        status = int(m.group(1))
        what = f"exited with status {status}"
        if status == 127:
            what += " (not found on the executor: see --ship-binary and BIALIGN_BIN)"
        elif status == 126:
            what += " (not executable on the executor)"
        elif status > 128:
            what = f"was killed by signal {status - 128}"
        return (
            f"{os.path.basename(binary)} {what} in a Spark task; "
            "its standard error is in the executor's log (above, in local mode)"
        )
    for line in text.splitlines():
        if "BialignFailed:" in line:
            return line.split("BialignFailed:", 1)[1].strip()
    for line in text.splitlines():  # the last line of a Python traceback from an executor
        if PY_EXCEPTION_LINE.match(line.strip()):
            return line.strip()[:500]
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith(("at ", "File ", "Traceback")):
            return line[:500]
    return type(e).__name__


def main(argv: Optional[list] = None, leave_jvm: bool = False) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    # Run as a command: the driver JVM starts now, while Python imports pyspark (0.1-0.3 s).
    early = start_kept_jvm_early(args) if leave_jvm else None
    try:
        return run(args, leave_jvm, early)
    except UsageError as e:
        print(f"align_corpus: {e}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if early is not None and not early.taken:
            early.kill()


def exit_leaving_jvm(status: int) -> None:
    """End the process now, without stopping the driver JVM it started (a second of shutting down
    Spark's services, on two cores). Safe only once the output is complete: the part files renamed and
    _SUCCESS written. The JVM sees its standard input close and exits by itself, stopping the Spark
    context and deleting its temporary folders in its shutdown hooks, as spark.stop() would have."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


if __name__ == "__main__":
    exit_leaving_jvm(main(leave_jvm=True))
