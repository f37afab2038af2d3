#!/usr/bin/env python3
"""Pair the English and Polish articles of two unpaired collections on Apache Spark: `bialign pair`
with its index sharded by key.

    python3 examples/spark/pair_corpus.py EN_INPUT PL_INPUT OUTDIR [--min-score S] [--margin R]
        [--many] [--date-window DAYS] [--method evidence|tfidf] [--unpaired] [--candidates N]
        [--partitions N] [--lexicon FILE] [--overwrite]
    spark-submit --master yarn examples/spark/pair_corpus.py EN_INPUT PL_INPUT OUTDIR ...

EN_INPUT and PL_INPUT are what `bialign pair` reads: JSON Lines files of {"id","text"} records
(optionally "date") or folders of articles. OUTDIR/pairs.jsonl receives what `bialign pair EN_INPUT
PL_INPUT` with the same options writes on standard output, line for line and in the same order.

The steps:

1. Keys. Every partition of a JSON Lines input (its lines, in input order) is piped through one
   `bialign pair --emit-keys` process on the executors, which writes each document's keys (lexicon
   concepts, names, numbers, quotation speakers; see src/pair/keys.rs) with their counts and texts.
   A folder input is keyed by one such process on the driver. A line bialign cannot read is
   reported on standard error as bialign reports it, with its line number in the whole file, and
   the run goes on.
2. Weights (Spark SQL). Each key's document frequency over both sides, and from it its weight: the
   kind's weight times ln(1 + N/df), in single precision as the Rust code computes it.
3. The index, sharded by key. Each document probes the posting lists of its rarest keys on the
   other side (at least 12 keys, then as many as a budget of 60,000 postings allows, rarest first),
   as src/pair/index.rs does; probes and posting lists are joined on the key, so every key's
   postings are handled by one shard. Grouped by document, the walked postings sum to a first score
   per candidate; each document's 48 best candidates (or N, if more) within the date window are
   scored exactly (the cosine of the documents' weighted key vectors, read from a broadcast of every
   document's vector) and its best N kept.
4. The assignment, on the driver over those candidate lists: one-to-one greedily by score with
   --min-score and the --margin rule (or --many), as Collection::pair does. The evidence of each
   pair (the keys its documents share, heaviest first) comes from one more join.

Every sum runs over the same keys in the same order and in the same (f32) precision as bialign's,
so the scores are bit for bit bialign's. The natural logarithm of the weights is the C library's
`logf`, which the Rust code calls too: the driver and bialign should use the same C library.

Environment:
    BIALIGN_BIN    the bialign binary (default: target/release/bialign of this repository)
    SPARK_MASTER   the master when the script is run with plain python3 (default: local[2]);
                   under spark-submit its --master is used

Exit status: 0 every document read; 1 some documents could not be read (reported on standard
error, left out); 2 bad usage or input; 3 the Spark job failed.

The executors need Python 3 (standard library only) and the bialign binary at BIALIGN_BIN's path.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import math
import os
import re
import struct
import subprocess
import sys
import threading
from array import array
import time
from typing import Iterable, Iterator, Optional

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_BIN = os.path.join(REPO, "target", "release", "bialign")
DEFAULT_MASTER = "local[2]"

EXIT_OK, EXIT_READ_ERRORS, EXIT_USAGE, EXIT_JOB_FAILED = 0, 1, 2, 3

# The constants of src/pair/mod.rs and src/pair/index.rs.
DEFAULT_MIN_SCORE = 0.10
DEFAULT_MARGIN = 2.0
MARGIN_FLOOR_SHARE = 0.5
DEFAULT_CANDIDATES = 10
DEFAULT_DATE_WINDOW = 7
POSTING_BUDGET = 60_000
MIN_KEYS = 12
RESCORED = 48
EVIDENCE_ITEMS = 8

SIDES = ("en", "pl")
# Key kinds: the top two bits of a raw key (src/pair/keys.rs).
LEXICON, NAME, NUMBER, SPEAKER = 0, 1, 2, 3
KIND_LIST = {NAME: "names", NUMBER: "numbers", LEXICON: "lexicon", SPEAKER: "quotes"}
EVIDENCE_ORDER = ("names", "numbers", "lexicon", "quotes")
PAYLOAD_BITS = 62

# A document's position in bialign's collection, as one integer: side, then the input partition,
# then the document's place in it. Sorting by it is sorting by the order documents are added.
SIDE_SHIFT = 61
PART_SHIFT = 32


# Session settings when the script starts Spark itself (spark-submit's or spark-defaults.conf's
# settings come first): no progress bars on standard error.
SESSION_CONFIG = {"spark.ui.showConsoleProgress": "false"}


class UsageError(Exception):
    """A problem with the command line, the input or the binary: reported in one line, exit 2."""


# ---------------------------------------------------------------------------------------------
# Single precision, as the Rust code computes.

def f32(x: float) -> float:
    """`x` rounded to the nearest single-precision value (one IEEE operation's result, when `x` is
    the double-precision result of +, -, *, / or sqrt of single-precision operands)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


_LIBM = None


def logf(x: float) -> float:
    """The C library's single-precision natural logarithm: what Rust's `f32::ln` calls."""
    global _LIBM
    if _LIBM is None:
        lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        lib.logf.restype = ctypes.c_float
        lib.logf.argtypes = [ctypes.c_float]
        _LIBM = lib
    return _LIBM.logf(x)


def kind_weight(kind: int, method: str) -> float:
    """How much a kind of key counts against a lexicon concept of the same rarity (index.rs)."""
    if method == "tfidf":
        return 1.0 if kind == LEXICON else 0.0
    return f32({LEXICON: 1.0, NAME: 1.6, NUMBER: 1.3, SPEAKER: 1.6}[kind])


def key_weight(kind: int, df: int, n: int, method: str) -> float:
    """kind weight × ln(1 + n/df), each step in single precision (Weights::new)."""
    idf = logf(f32(1.0 + f32(f32(n) / f32(max(df, 1)))))
    return f32(kind_weight(kind, method) * idf)


def round3(x: float) -> float:
    """The score as bialign prints it: rounded to three decimals, halves away from zero."""
    y = x * 1000.0
    r = math.floor(y)
    if y - r >= 0.5:
        r += 1
    return r / 1000.0


def dumps(obj) -> str:
    """One JSON line as serde_json writes it (no spaces, UTF-8 as is)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------------------------------------
# Keying: bialign pair --emit-keys over one partition.


class BialignFailed(RuntimeError):
    pass


def keys_argv(binary: str, side: int, source: str, lexicon: Optional[str]) -> list:
    """`bialign pair --emit-keys` reading side `side` from `source` ("-": standard input)."""
    inputs = [source, os.devnull] if side == 0 else [os.devnull, source]
    argv = [binary, "pair", "--emit-keys", "-q", *inputs]
    if lexicon:
        argv += ["--lexicon", lexicon]
    return argv


# bialign's report of a line of standard input it cannot read: "<stdin>: line N: ...", or
# "<stdin>:N: ..." depending on the error.
STDIN_LINE = re.compile(r"<stdin>(:\s*line\s+|:)([0-9]+)")


def key_partition(index: int, lines: Iterable[str], binary: str, side: int, lexicon: Optional[str]) -> Iterator[str]:
    """Pipe one partition's lines through bialign; yield its key lines tagged with the partition and
    the document's place in it ({"p","n",...}), then one line {"p","lines","errors":[...]}: how
    many lines the partition had and bialign's error messages about them."""
    argv = keys_argv(binary, side, "-", lexicon)
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise BialignFailed(f"cannot start {binary}: {e}") from e
    count = [0]
    err_chunks: list = []

    def feed():
        try:
            for line in lines:
                count[0] += 1
                proc.stdin.write(line.encode("utf-8") + b"\n")
        except BrokenPipeError:
            pass
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass

    def drain():
        err_chunks.append(proc.stderr.read())

    writer = threading.Thread(target=feed, daemon=True)
    reader = threading.Thread(target=drain, daemon=True)
    writer.start()
    reader.start()
    n = 0
    for raw in proc.stdout:
        yield '{"p":%d,"n":%d,%s' % (index, n, raw.decode("utf-8").rstrip("\n")[1:])
        n += 1
    writer.join()
    reader.join()
    status = proc.wait()
    stderr = b"".join(err_chunks).decode("utf-8", "replace")
    if status not in (0, 1):
        raise BialignFailed(f"{binary} exited with status {status}: {stderr.strip()[-2000:]}")
    errors = [e for e in stderr.splitlines() if e.strip()]
    yield dumps({"p": index, "lines": count[0], "errors": errors})


def relocate(message: str, name: str, offset: int) -> str:
    """bialign's message about line N of a partition's standard input, about line offset+N of `name`."""
    return STDIN_LINE.sub(lambda m: f"{name}{m.group(1)}{int(m.group(2)) + offset}", message, count=1)


def key_folder(binary: str, side: int, path: str, lexicon: Optional[str]) -> tuple:
    """A folder input keyed on the driver: (key lines tagged as partition 0, error messages)."""
    p = subprocess.run(keys_argv(binary, side, path, lexicon), capture_output=True)
    if p.returncode not in (0, 1):
        raise UsageError(f"{path}: bialign exited with status {p.returncode}: {p.stderr.decode(errors='replace').strip()[-2000:]}")
    lines = ['{"p":0,"n":%d,%s' % (n, x[1:]) for n, x in enumerate(p.stdout.decode("utf-8").splitlines())]
    errors = [e for e in p.stderr.decode("utf-8", "replace").splitlines() if e.strip()]
    return lines, errors


# ---------------------------------------------------------------------------------------------
# The assignment (Collection::pair), on the driver.


def rival(cands: list, partner: int, taken: list, keep: int) -> float:
    """The best score of a candidate other than `partner` that is not taken (mod.rs `rival`)."""
    for d, s in cands:
        if d != partner and not taken[d]:
            return s
    if len(cands) >= keep:
        return cands[-1][1] if cands else 0.0
    return 0.0


def assign(cands: list, n: tuple, min_score: float, margin: float, many: bool, keep: int) -> tuple:
    """Pairs (en, pl, score) from both sides' candidate lists (`cands[side][doc]`: (other, score),
    best first), and which documents are paired: what Collection::pair does with them."""
    en, pl = cands
    floor = f32(min_score * MARGIN_FLOOR_SHARE) if margin > 0.0 else min_score
    edges = {}
    for e, c in enumerate(en):
        for p, s in c:
            edges[(e, p)] = s
    for p, c in enumerate(pl):
        for e, s in c:
            edges.setdefault((e, p), s)
    order = sorted(((s, e, p) for (e, p), s in edges.items() if s >= floor), key=lambda x: (-x[0], x[1], x[2]))
    paired = [[False] * n[0], [False] * n[1]]
    pairs = []

    def stands_out(s, e, p, taken):
        if s >= min_score:
            return True
        if margin <= 0.0:
            return False
        r = max(rival(en[e], p, taken[1], keep), rival(pl[p], e, taken[0], keep))
        return s >= f32(margin * r)

    if many:
        none = [[False] * n[0], [False] * n[1]]
        for s, e, p in order:
            of_en = bool(en[e]) and en[e][0][0] == p
            of_pl = bool(pl[p]) and pl[p][0][0] == e
            if stands_out(s, e, p, none) and (of_en or of_pl):
                paired[0][e] = paired[1][p] = True
                pairs.append((e, p, s))
    else:
        for s, e, p in order:
            if paired[0][e] or paired[1][p]:
                continue
            if stands_out(s, e, p, paired):
                paired[0][e] = paired[1][p] = True
                pairs.append((e, p, s))
    pairs.sort(key=lambda x: (x[0], -x[2], x[1]))
    return pairs, paired


def norm(wofs) -> float:
    """The Euclidean norm of a document's key weights, summed in kid order in single precision."""
    acc = array("f", [0.0])
    for x in wofs:
        acc[0] += f32(x * x)
    return f32(math.sqrt(acc[0]))


def exact_score(a: tuple, b: tuple, na: float, nb: float) -> float:
    """index.rs `score`: the cosine of two documents' weights over the keys they share, in kid order."""
    if na == 0.0 or nb == 0.0:
        return 0.0
    (ka, wa), (kb, wb) = a, b
    i = j = 0
    dot = array("f", [0.0])
    while i < len(ka) and j < len(kb):
        if ka[i] < kb[j]:
            i += 1
        elif ka[i] > kb[j]:
            j += 1
        else:
            dot[0] += f32(wa[i] * wb[j])
            i += 1
            j += 1
    return min(max(f32(dot[0] / f32(na * nb)), 0.0), 1.0)


def candidates_of(rows, shared: dict, cut: int, keep: int, window: Optional[int]) -> Iterator[tuple]:
    """The best `keep` candidates of each document, from the posting lists its probes walked (index.rs
    `candidates`): a first score per document met (the sum of the walked keys' squared weights, in
    walk order, over the candidate's norm), the `cut` best of those within the date window scored
    exactly. Yields (side, document, [(other, score), ...] best first)."""
    vectors, norms, dates = shared["vectors"], shared["norms"], shared["dates"]
    tiny = f32(1e-6)
    accs = {}
    for row in rows:
        src, i = row["s"], row["idx"]
        to = 1 - src
        acc = accs.get(to)
        if acc is None:
            acc = accs[to] = array("f", bytes(4 * len(norms[to])))
        touched = []
        for step in sorted(row["walk"], key=lambda x: x["pos"]):
            w2 = step["w2"]
            for p in step["docs"]:
                if acc[p] == 0.0:
                    touched.append(p)
                acc[p] += w2
        date = dates[src][i]
        first = []
        for p in touched:
            other = dates[to][p]
            if window is None or date is None or other is None or abs(date - other) <= window:
                first.append((f32(acc[p] / max(norms[to][p], tiny)), p))
            acc[p] = 0.0
        first.sort(key=lambda x: (-x[0], x[1]))
        mine, na = vectors[src][i], norms[src][i]
        top = [(p, exact_score(mine, vectors[to][p], na, norms[to][p])) for _, p in first[:cut]]
        top = sorted((x for x in top if x[1] > 0.0), key=lambda x: (-x[1], x[0]))[:keep]
        yield src, i, top


def evidence(shared: list) -> dict:
    """The evidence of a pair from its shared keys (weight, kind, payload, text), as
    Collection::evidence: heaviest first, keys of one weight by raw key, at most 8 of a kind."""
    lists = {k: [] for k in EVIDENCE_ORDER}
    for w, kind, payload, text in sorted(shared, key=lambda x: (-x[0], x[1], x[2])):
        if w <= 0.0:
            continue
        lst = lists[KIND_LIST[kind]]
        if len(lst) >= EVIDENCE_ITEMS or text is None:
            continue
        lst.append(text)
    return {k: v for k, v in lists.items() if v}


def write_pairs(out, ids: list, pairs: list, paired: list, cands: list, ev: dict, unpaired: bool, candidates: int) -> None:
    """What write::write_pairs writes."""
    for e, p, s in pairs:
        out.write(dumps({"en": ids[0][e], "pl": ids[1][p], "score": round3(s), "evidence": ev.get((e, p), {})}) + "\n")
    if unpaired:
        for side in (0, 1):
            for i in range(len(ids[side])):
                if paired[side][i]:
                    continue
                r = {"unpaired": SIDES[side], "id": ids[side][i]}
                if cands[side][i]:
                    j, s = cands[side][i][0]
                    r["best"] = {"id": ids[1 - side][j], "score": round3(s)}
                out.write(dumps(r) + "\n")
    if candidates > 0:
        for side in (0, 1):
            for i in range(len(ids[side])):
                top = [{"id": ids[1 - side][j], "score": round3(s)} for j, s in cands[side][i][:candidates]]
                out.write(dumps({"candidates": SIDES[side], "id": ids[side][i], "top": top}) + "\n")


# ---------------------------------------------------------------------------------------------
# The job.


def parse_args(argv: list) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Pair the English and Polish articles of two collections on Spark (bialign pair, "
        "its index sharded by key).",
        epilog="Environment: BIALIGN_BIN (the binary; default target/release/bialign), "
        "SPARK_MASTER (default local[2] under plain python3).",
    )
    p.add_argument("en_input", metavar="EN_INPUT", help="English articles: JSON Lines {id,text[,date]} or a folder")
    p.add_argument("pl_input", metavar="PL_INPUT", help="Polish articles: JSON Lines {id,text[,date]} or a folder")
    p.add_argument("outdir", metavar="OUTDIR", help="where pairs.jsonl is written (a local path on the driver)")
    p.add_argument("--min-score", type=float, default=DEFAULT_MIN_SCORE)
    p.add_argument("--margin", type=float, default=DEFAULT_MARGIN)
    p.add_argument("--many", action="store_true")
    p.add_argument("--date-window", type=int, default=DEFAULT_DATE_WINDOW, metavar="DAYS")
    p.add_argument("--method", choices=("evidence", "tfidf"), default="evidence")
    p.add_argument("--unpaired", action="store_true")
    p.add_argument("--candidates", type=int, default=0, metavar="N")
    p.add_argument("--lexicon", metavar="FILE", help="passed to bialign (a path the executors can read)")
    p.add_argument("--partitions", type=int, default=0,
                   help="input partitions per side and shuffle partitions (default: the default parallelism)")
    p.add_argument("--overwrite", action="store_true", help="replace OUTDIR/pairs.jsonl if it exists")
    a = p.parse_args(argv)
    if not 0.0 <= a.min_score <= 1.0:
        p.error("--min-score: a number from 0 to 1")
    if a.margin != 0.0 and not a.margin >= 1.0:
        p.error("--margin: 0, or 1 or more")
    if a.date_window < 0 or a.candidates < 0 or a.partitions < 0:
        p.error("--date-window, --candidates and --partitions take 0 or more")
    return a


def check_binary(path: str) -> None:
    if not os.path.isfile(path):
        raise UsageError(f"bialign binary not found: {path} (build it with `cargo build --release`, or set BIALIGN_BIN)")
    try:
        p = subprocess.run([path, "pair", "--help"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise UsageError(f"cannot run the bialign binary {path}: {e}") from e
    if p.returncode != 0 or "--emit-keys" not in p.stdout:
        raise UsageError(f"{path}: no `pair --emit-keys` (a bialign too old?)")


def get_session(partitions: int):
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("bialign-pair")
    # Under spark-submit (which hands the driver its gateway) the master comes from its --master.
    if "PYSPARK_GATEWAY_PORT" not in os.environ:
        builder = builder.master(os.environ.get("SPARK_MASTER") or DEFAULT_MASTER)
    for k, v in SESSION_CONFIG.items():
        builder = builder.config(k, v)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel(os.environ.get("SPARK_LOG_LEVEL", "WARN"))
    return spark


def key_lines(spark, binary: str, args, side: int, path: str, parts: int) -> tuple:
    """The tagged key lines of one side (an RDD of strings), and a function that, once the RDD has
    been computed, returns that side's error messages (file and line numbers of the whole input)."""
    sc = spark.sparkContext
    if os.path.isdir(path):
        lines, errors = key_folder(binary, side, path, args.lexicon)
        return sc.parallelize(lines, 1), lambda _status: errors
    lexicon = args.lexicon
    rdd = sc.textFile(path, minPartitions=parts).mapPartitionsWithIndex(
        lambda i, it: key_partition(i, it, binary, side, lexicon)
    )

    def errors(status: list) -> list:
        counts = sorted((s["p"], s["lines"], s["errors"]) for s in status)
        out, offset = [], 0
        for _p, lines, errs in counts:
            out += [relocate(e, path, offset) for e in errs]
            offset += lines
        return out

    return rdd, errors


def run(args: argparse.Namespace, spark=None) -> int:
    binary = os.path.abspath(os.environ.get("BIALIGN_BIN") or DEFAULT_BIN)
    check_binary(binary)
    for path in (args.en_input, args.pl_input):
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file or folder")
    out_path = os.path.join(args.outdir, "pairs.jsonl")
    if os.path.exists(out_path) and not args.overwrite:
        raise UsageError(f"{out_path} exists (give --overwrite to replace it)")
    started = time.monotonic()
    spark = spark or get_session(args.partitions)
    from pyspark import StorageLevel
    from pyspark.sql import Window
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    sc = spark.sparkContext
    sc.addPyFile(os.path.abspath(__file__))
    parts = args.partitions or sc.defaultParallelism
    spark.conf.set("spark.sql.shuffle.partitions", str(max(parts, 1)))
    method = args.method
    keep = max(DEFAULT_CANDIDATES, args.candidates)
    min_score = f32(args.min_score)
    margin = f32(args.margin)
    window = args.date_window if args.date_window > 0 else None

    # 1. Keys, on the executors.
    rdds, error_fns = [], []
    for side, path in enumerate((args.en_input, args.pl_input)):
        rdd, errs = key_lines(spark, binary, args, side, path, parts)
        rdds.append(rdd.map(lambda line, side=side: '{"s":%d,%s' % (side, line[1:])))
        error_fns.append(errs)
    schema = T.StructType(
        [
            T.StructField("s", T.IntegerType()),
            T.StructField("p", T.LongType()),
            T.StructField("n", T.LongType()),
            T.StructField("id", T.StringType()),
            T.StructField("date", T.IntegerType()),
            T.StructField("keys", T.ArrayType(T.ArrayType(T.StringType()))),
            T.StructField("lines", T.LongType()),
            T.StructField("errors", T.ArrayType(T.StringType())),
        ]
    )
    raw = spark.read.json(sc.union(rdds), schema=schema).persist(StorageLevel.MEMORY_AND_DISK)
    status = raw.where(F.col("lines").isNotNull()).select("s", "p", "lines", "errors").collect()
    errors = []
    for side in (0, 1):
        errors += error_fns[side]([r.asDict() for r in status if r["s"] == side])
    for e in errors:
        print(e if e.startswith("bialign") else f"bialign: {e}", file=sys.stderr)

    doc_col = (
        F.col("s").cast("long") * F.lit(1 << SIDE_SHIFT) + F.col("p") * F.lit(1 << PART_SHIFT) + F.col("n")
    ).alias("doc")
    docs_df = raw.where(F.col("id").isNotNull()).select(doc_col, "s", "id", "date")
    docs = sorted(docs_df.collect(), key=lambda r: r["doc"])
    ids = [[], []]
    index = {}
    dates = {}
    for r in docs:
        index[r["doc"]] = len(ids[r["s"]])
        ids[r["s"]].append(r["id"])
        dates[r["doc"]] = r["date"]
    n_docs = len(docs)

    # 2. Weights: document frequency per key, over both sides.
    exploded = raw.where(F.col("id").isNotNull()).select(doc_col, "s", F.explode("keys").alias("k"))
    big = F.col("k")[0].cast(T.DecimalType(20, 0))
    kind = F.floor(big / F.lit(1 << PAYLOAD_BITS)).cast("int")
    keys = exploded.select(
        "doc",
        "s",
        kind.alias("kind"),
        (big - kind.cast(T.DecimalType(20, 0)) * F.lit(1 << PAYLOAD_BITS)).cast("long").alias("payload"),
        F.col("k")[1].cast("int").alias("count"),
        F.col("k")[2].alias("text"),
    )
    stats = keys.groupBy("kind", "payload").agg(
        F.sum(F.when(F.col("s") == 0, 1).otherwise(0)).cast("long").alias("df0"),
        F.sum(F.when(F.col("s") == 1, 1).otherwise(0)).cast("long").alias("df1"),
        F.min("doc").alias("first"),
        F.min_by("text", "doc").alias("label"),
    ).persist(StorageLevel.MEMORY_AND_DISK)
    kinds_dfs = stats.select("kind", (F.col("df0") + F.col("df1")).alias("df")).distinct().collect()
    wtable = spark.createDataFrame(
        [(r["kind"], r["df"], key_weight(r["kind"], r["df"], n_docs, method)) for r in kinds_dfs],
        "kind int, df long, w float",
    )
    stats = stats.join(
        F.broadcast(wtable), (stats.kind == wtable.kind) & ((stats.df0 + stats.df1) == wtable.df)
    ).select(stats["*"], wtable.w)
    # A key's place in bialign's interning order: the first document holding it, then (within that
    # document) names, numbers and speakers before lexicon concepts, each by raw key. Keys are
    # numbered in that order (kid), so that sorting a document's keys by kid is bialign's order.
    rank = F.struct(
        F.col("first").alias("d"), (F.col("kind") == 0).alias("lex"), F.col("kind").alias("k"), F.col("payload").alias("v")
    )
    stats = stats.withColumn("kid", (F.row_number().over(Window.orderBy(rank)) - 1).cast("int")).persist(
        StorageLevel.MEMORY_AND_DISK
    )
    dense = spark.createDataFrame([(r["doc"], index[r["doc"]]) for r in docs], "doc long, idx int")
    kw = (
        keys.join(stats, ["kind", "payload"])
        .join(dense, "doc")
        .select(
            "doc",
            "idx",
            "s",
            "kind",
            "payload",
            "kid",
            "w",
            (F.col("w") if method == "evidence" else F.col("w") * F.col("count").cast("float")).alias("wof"),
            F.when(F.col("s") == 0, F.col("df1")).otherwise(F.col("df0")).alias("df_other"),
        )
        .persist(StorageLevel.MEMORY_AND_DISK)
    )

    # Every document's weighted keys in kid order, for the exact scores (a broadcast to the executors).
    vec_rows = (
        kw.groupBy("s", "idx")
        .agg(F.array_sort(F.collect_list(F.struct("kid", "wof"))).alias("v"))
        .select("s", "idx", F.col("v.kid").alias("kids"), F.col("v.wof").alias("wofs"))
        .collect()
    )
    vectors = [[((), ())] * len(ids[0]), [((), ())] * len(ids[1])]
    norms = [array("f", bytes(4 * len(ids[0]))), array("f", bytes(4 * len(ids[1])))]
    for r in vec_rows:
        vectors[r["s"]][r["idx"]] = (array("i", r["kids"]), array("f", r["wofs"]))
        norms[r["s"]][r["idx"]] = norm(r["wofs"])
    side_dates = [[None] * len(ids[0]), [None] * len(ids[1])]
    for r in docs:
        side_dates[r["s"]][index[r["doc"]]] = r["date"]
    shared_data = sc.broadcast({"vectors": vectors, "norms": norms, "dates": side_dates})

    # 3. The index, sharded by key: each document's probes of its rarest keys (walked rarest first, at
    # least MIN_KEYS, then within the posting budget) join the other side's posting lists on the key.
    walk = Window.partitionBy("s", "idx").orderBy("df_other", "kid")
    probes = (
        kw.where((F.col("df_other") > 0) & (F.col("w") > 0))
        .withColumn("pos", F.row_number().over(walk) - 1)
        .withColumn("walked", F.sum("df_other").over(walk.rowsBetween(Window.unboundedPreceding, Window.currentRow)))
        .where((F.col("pos") < MIN_KEYS) | (F.col("walked") <= POSTING_BUDGET))
        .select("s", "idx", "kid", "pos", (F.col("w") * F.col("w")).alias("w2"), (1 - F.col("s")).alias("to"))
    )
    postings = kw.groupBy(F.col("kid"), F.col("s").alias("to")).agg(F.collect_list("idx").alias("docs"))
    walked = (
        probes.join(postings, ["kid", "to"])
        .groupBy("s", "idx")
        .agg(F.collect_list(F.struct("pos", "w2", "docs")).alias("walk"))
    )
    cut, window_days = max(RESCORED, keep), window
    scored = walked.rdd.mapPartitions(
        lambda rows: candidates_of(rows, shared_data.value, cut, keep, window_days)
    ).collect()
    cands = [[[] for _ in ids[0]], [[] for _ in ids[1]]]
    for side, i, top in scored:
        cands[side][i] = top

    # 4. The assignment, and the evidence of the pairs made.
    pairs, paired = assign(cands, (len(ids[0]), len(ids[1])), min_score, margin, args.many, keep)
    doc_of = [{}, {}]
    for r in docs:
        doc_of[r["s"]][index[r["doc"]]] = r["doc"]
    ev = {}
    if pairs:
        made = spark.createDataFrame([(doc_of[0][e], doc_of[1][p]) for e, p, _ in pairs], "en long, pl long")
        with_text = kw.join(stats.select("kind", "payload", "label"), ["kind", "payload"]).where(F.col("w") > 0)
        ea = with_text.select(F.col("doc").alias("en"), "kind", "payload", "w", "label")
        pb = kw.select(F.col("doc").alias("pl"), "kind", "payload")
        shared = made.join(ea, "en").join(pb, ["pl", "kind", "payload"]).collect()
        by_pair: dict = {}
        for r in shared:
            by_pair.setdefault((index[r["en"]], index[r["pl"]]), []).append((r["w"], r["kind"], r["payload"], r["label"]))
        ev = {k: evidence(v) for k, v in by_pair.items()}
    os.makedirs(args.outdir, exist_ok=True)
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        write_pairs(out, ids, pairs, paired, cands, ev, args.unpaired, args.candidates)
    os.replace(tmp, out_path)
    for df in (raw, stats, kw):
        df.unpersist()
    shared_data.unpersist()
    left = [sum(1 for x in paired[s] if not x) for s in (0, 1)]
    print(
        f"pair_corpus: {len(ids[0])} English and {len(ids[1])} Polish documents, {len(pairs)} pairs; "
        f"{left[0]} English and {left[1]} Polish unpaired; {len(errors)} failed; "
        f"{time.monotonic() - started:.1f} s; {out_path}",
        file=sys.stderr,
    )
    return EXIT_READ_ERRORS if errors else EXIT_OK


def main(argv: Optional[list] = None, spark=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return run(args, spark)
    except UsageError as e:
        print(f"pair_corpus: {e}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as e:  # noqa: BLE001 (a failed Spark job: one line, exit 3)
        if type(e).__name__ in ("Py4JJavaError", "PythonException", "AnalysisException", "BialignFailed") or "Spark" in type(e).__name__:
            first = str(e).strip().splitlines()
            print(f"pair_corpus: the Spark job failed: {first[0] if first else type(e).__name__}", file=sys.stderr)
            return EXIT_JOB_FAILED
        raise


if __name__ == "__main__":
    sys.exit(main())
