#!/usr/bin/env python3
"""Throughput of the Spark job on a running session (no JVM start), against plain bialign batch.

    python3 examples/spark/bench_warm.py [PAIRS] [RUNS]     (default 3000 pairs, 3 runs)

Where bench.sh times the command line (JVM start included, as a one-off run pays it), this runs
align_corpus.main on one local[2] session kept open, as a notebook or a long-lived cluster does, so
what is left is the job's own cost: reading, the bialign processes, writing, counting the error records
(and with --shard-by-id the shuffle). The session gets the JVM options align_corpus.py gives its own.
Extra options for align_corpus.py come from $SPARK_ARGS. Needs the release binary (or $BIALIGN_BIN).
Prints each run and the medians.
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import align_corpus  # noqa: E402
import make_records  # noqa: E402


def main() -> int:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    binary = os.environ.get("BIALIGN_BIN") or os.path.join(REPO, "target", "release", "bialign")
    os.environ["BIALIGN_BIN"] = binary
    os.environ.setdefault("SPARK_LOG_LEVEL", "ERROR")
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.extraJavaOptions", align_corpus.DRIVER_JAVA_OPTIONS)
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    tmp = tempfile.mkdtemp(prefix="bialign-bench-")
    try:
        inp = os.path.join(tmp, "records.jsonl")
        with open(inp, "w", encoding="utf-8") as f:
            f.write("\n".join(make_records.records(os.path.join(REPO, "corpus", "align-dev"), pairs)) + "\n")
        print(f"input: {pairs} pairs, {os.path.getsize(inp) / 1e6:.1f} MB; load {os.getloadavg()[0]:.1f}")
        spark.sparkContext.parallelize(range(4), 2).count()  # start the Python workers (--shard-by-id)
        batch_t, spark_t = [], []
        for i in range(runs):
            out_b = os.path.join(tmp, "batch.jsonl")
            t0 = time.monotonic()
            cmd = [binary, "batch", inp, "--format", "jsonl", "--jobs", "2", "--quiet", "-o", out_b]
            rc = subprocess.run(cmd, stderr=subprocess.DEVNULL).returncode
            t1 = time.monotonic()
            out_s = os.path.join(tmp, "spark")
            shutil.rmtree(out_s, ignore_errors=True)
            rc_s = align_corpus.main([inp, out_s] + os.environ.get("SPARK_ARGS", "").split())
            t2 = time.monotonic()
            os.remove(out_b)
            if rc > 1 or rc_s > 1:
                print(f"bench_warm: a run failed (batch {rc}, spark {rc_s})", file=sys.stderr)
                return 1
            batch_t.append(t1 - t0)
            spark_t.append(t2 - t1)
            print(f"run {i + 1}: batch {t1 - t0:.2f} s, spark (warm session) {t2 - t1:.2f} s", flush=True)
        b, s = statistics.median(batch_t), statistics.median(spark_t)
        print(f"median batch --jobs 2: {b:.2f} s ({pairs / b:.0f} pairs/s)")
        print(f"median spark local[2], warm: {s:.2f} s ({pairs / s:.0f} pairs/s)")
        print(f"spark / batch time: {s / b:.2f} (target: at most 1.25)")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        spark.stop()


if __name__ == "__main__":
    sys.exit(main())
