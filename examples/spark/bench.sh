#!/usr/bin/env bash
# Throughput of the Spark job in local mode against plain `bialign batch` on the same records.
#
#   bash examples/spark/bench.sh [PAIRS] [RUNS]      (default 60000 pairs, 528 MB, 3 runs; needs a release build)
#
# The Spark job pays a fixed start (the driver JVM, the SparkContext: 1.7-3 s on 2 cores), so its
# throughput is measured on an input large enough for that to matter little; smaller inputs measure the start.
#
# Makes PAIRS records by repeating corpus/align-dev (make_records.py --count), then times RUNS runs of
#   bialign batch RECORDS --format jsonl --jobs 2 -o OUT       (plain batch, 2 threads)
#   SPARK_MASTER=local[2] python3 examples/spark/align_corpus.py RECORDS OUTDIR   (2 Spark workers)
# (the Spark time includes starting the JVM, with its class archive) and prints each run and the medians, pairs/s and the ratio.
# The Spark part files, concatenated in order, are checked to equal the batch output byte for byte.
# The job returns once its output is complete and its JVM then stops by itself: the time until that JVM
# has exited is printed too.
# Extra options for align_corpus.py (e.g. --partitions 4, --shard-by-id) come from $SPARK_ARGS.
set -euo pipefail
cd "$(dirname "$0")/../.."
PAIRS=${1:-60000}
RUNS=${2:-3}
BIN=${BIALIGN_BIN:-$PWD/target/release/bialign}
[ -x "$BIN" ] || { echo "bench.sh: no binary at $BIN (cargo build --release)" >&2; exit 2; }
export BIALIGN_BIN=$BIN SPARK_MASTER='local[2]' SPARK_LOG_LEVEL=ERROR
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 examples/spark/make_records.py --count "$PAIRS" > "$TMP/records.jsonl"
MB=$(python3 -c "import os,sys; print(f'{os.path.getsize(sys.argv[1]) / 1e6:.1f}')" "$TMP/records.jsonl")
echo "input: $PAIRS pairs, $MB MB of JSONL; binary $BIN; load: $(cut -d' ' -f1-3 /proc/loadavg)"

# One untimed job on 10 records first, as any earlier run on this machine would have done: it leaves the
# driver JVM's class archive (align_corpus.py --class-archive) that every later run starts with.
python3 examples/spark/make_records.py --count 10 > "$TMP/warm.jsonl"
python3 examples/spark/align_corpus.py "$TMP/warm.jsonl" "$TMP/warm" ${SPARK_ARGS:-} 2>/dev/null >/dev/null || true
jvm_gone() { for _ in $(seq 200); do pgrep -f 'spark.app.name=bialign-align-corpus' >/dev/null || break; sleep 0.02; done; }
jvm_gone
# (bash's own clock: no process start inside the timed intervals)
now() { echo "$EPOCHREALTIME"; }
# The job's fixed start: the same 10 records again, timed (Python, the driver JVM, the SparkContext, one job).
t0=$(now)
python3 examples/spark/align_corpus.py "$TMP/warm.jsonl" "$TMP/warm2" ${SPARK_ARGS:-} 2>/dev/null >/dev/null || true
t1=$(now)
jvm_gone
echo "fixed start (a 10-pair job): $(python3 -c "print(f'{$t1 - $t0:.2f}')") s"

batch_times=() spark_times=() exit_times=()
for i in $(seq "$RUNS"); do
  rm -f "$TMP/batch.jsonl"
  t0=$(now)
  rc=0; "$BIN" batch "$TMP/records.jsonl" --format jsonl --jobs 2 --quiet -o "$TMP/batch.jsonl" 2>/dev/null || rc=$?
  t1=$(now)
  [ "$rc" -le 1 ] || { echo "bench.sh: bialign batch failed ($rc)" >&2; exit 1; }
  rm -rf "$TMP/spark"
  rc=0; python3 examples/spark/align_corpus.py "$TMP/records.jsonl" "$TMP/spark" ${SPARK_ARGS:-} 2>"$TMP/spark.err" || rc=$?
  t2=$(now)
  [ "$rc" -le 1 ] || { cat "$TMP/spark.err" >&2; echo "bench.sh: Spark job failed ($rc)" >&2; exit 1; }
  # The script returns once its output is complete and leaves its JVM to shut down by itself: wait
  # (untimed) until it has, so that it takes no CPU from the next timed run.
  jvm_gone
  t3=$(now)
  b=$(python3 -c "print(f'{$t1 - $t0:.2f}')"); s=$(python3 -c "print(f'{$t2 - $t1:.2f}')")
  x=$(python3 -c "print(f'{$t3 - $t1:.2f}')")
  batch_times+=("$b"); spark_times+=("$s"); exit_times+=("$x")
  echo "run $i: batch ${b} s, spark ${s} s (${x} s until its JVM has exited; load $(cut -d' ' -f1 /proc/loadavg))"
done
if [[ "${SPARK_ARGS:-}" == *--shard-by-id* ]]; then  # sharded by id: the same lines, in another order
  cmp <(sort "$TMP/batch.jsonl") <(cat "$TMP"/spark/part-* | sort) >/dev/null
else
  cmp "$TMP/batch.jsonl" <(cat "$TMP"/spark/part-*) >/dev/null
fi || { echo "bench.sh: Spark output differs from batch output" >&2; exit 1; }
python3 - "$PAIRS" "$MB" "${batch_times[*]}" "${spark_times[*]}" "${exit_times[*]}" <<'PY'
import statistics, sys
pairs, mb = int(sys.argv[1]), float(sys.argv[2])
b = statistics.median(map(float, sys.argv[3].split()))
s = statistics.median(map(float, sys.argv[4].split()))
x = statistics.median(map(float, sys.argv[5].split()))
print(f"median batch --jobs 2: {b:.2f} s ({pairs / b:.0f} pairs/s, {mb / b:.2f} MB/s)")
print(f"median spark local[2]: {s:.2f} s ({pairs / s:.0f} pairs/s, {mb / s:.2f} MB/s)")
print(f"spark / batch time: {s / b:.2f} (target: at most 1.25)")
print(f"counting until the driver JVM has exited: {x:.2f} s, {x / b:.2f}x batch")
PY
