#!/usr/bin/env python3
"""Compare bialign's sentence splitter with pySBD, sentencex and the Moses splitter.

Boundary precision/recall/F1 and speed (MB/s, one core) on the same paragraphs:

  sample  corpus/carrie-diaries/{en,pl}.txt against gold-sentences.json (paragraph = line)
  dev     news paragraphs built from the dev lines of corpus/align-dev (parallel variants):
          2-6 consecutive lines joined by a space (a deterministic draw; a line without final
          punctuation, a headline, stays alone). Gold boundaries are the joins plus the
          hand-checked boundaries inside lines in tests/data/dev_line_boundaries.tsv.
  real-dev  the hand-checked real EN/PL news of /work/shared/eval/real-dev (--real-dev DIR; not
          in the repository, read where it lies): every line of en.txt / pl.txt is a paragraph,
          gold boundaries are the starts of its gold sentences (gold.json) inside the line.

A boundary is the start (first non-whitespace character) of every sentence of a paragraph
but its first; peers' sentences are located in the paragraph by their non-whitespace text.

Install the peers:       pip install pysbd sentencex sentence-splitter
Build bialign first:     cargo build --release --bin bialign --example split_speed
Run:                     python3 scripts/compare_splitters.py [--set sample|dev|all] [--lang en|pl|both]
Published test suites (exact sentence lists per case, beside the peers; nothing of them is
stored in the repository):
  python3 scripts/compare_splitters.py --golden test_english.py
      pySBD's English Golden Rules (nipunsadvilkar/pySBD, tests/lang/test_english.py; without
      FILE it is fetched from raw.githubusercontent.com; the file is parsed, never run)
  python3 scripts/compare_splitters.py --golden .../sentencex-VERSION/tests/en.txt --lang en
      a sentencex fixture file (the crate's tests/LANG.txt, e.g. from ~/.cargo/registry/src
      after `cargo fetch` of a project depending on sentencex)
  python3 scripts/compare_splitters.py --golden PolishSentenceTokenizerTest.java --lang pl
      a LanguageTool sentence-tokenizer test (languagetool-org/languagetool, e.g.
      languagetool-language-modules/pl/src/test/java/org/languagetool/tokenizers/pl/
      PolishSentenceTokenizerTest.java or .../en/src/test/java/org/languagetool/tokenizers/
      EnglishSRXSentenceTokenizerTest.java): each testSplit call is a case, its strings the
      expected sentences and their concatenation the input
  add --errors to list every case bialign fails, with the peers that pass it.
Hand-check helper:       python3 scripts/compare_splitters.py --candidates
                         (dev lines that any splitter splits inside, with the TSV verdicts)

bialign's spans come from `bialign split FILE --lang L --format jsonl`; its speed from the
example binary `split_speed`, which times only the splitting of the same paragraphs in memory,
as the peers are timed around their split call alone.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REAL_DEV = "/work/shared/eval/real-dev"
TERMINAL = ".!?…"
CLOSERS = "\"'”’»«)]}"


def is_headline(line):
    """A line without final punctuation (after closing quotes and brackets)."""
    t = line.rstrip().rstrip(CLOSERS + " ")
    return not t or t[-1] not in TERMINAL


def load_line_boundaries():
    """(lang, article, line id) -> sorted char offsets of hand-checked boundaries inside the line."""
    path = os.path.join(ROOT, "tests", "data", "dev_line_boundaries.tsv")
    out, checked = {}, {}
    if not os.path.exists(path):
        return out, checked
    with open(path, encoding="utf-8") as f:
        for row in f:
            if row.startswith("#") or not row.strip():
                continue
            lang, article, line_id, offset, verdict = row.rstrip("\n").split("\t")[:5]
            key = (lang, article, line_id)
            checked.setdefault(key, {})[int(offset)] = verdict
            if verdict == "yes":
                out.setdefault(key, []).append(int(offset))
    return out, checked


def dev_lines(lang):
    """[(article, line id, text)] of every parallel-variant dev article, in order."""
    base = os.path.join(ROOT, "corpus", "align-dev", "wmt20-enpl")
    rows = []
    for art in sorted(os.listdir(base)):
        d = os.path.join(base, art, "parallel")
        gold = json.load(open(os.path.join(d, "gold.json"), encoding="utf-8"))
        data = open(os.path.join(d, f"{lang}.txt"), "rb").read()
        for ln in gold[f"{lang}_lines"]:
            rows.append((art, ln["id"], data[ln["start"]:ln["end"]].decode("utf-8").strip()))
    return rows


def dev_paragraphs(lang):
    """[(paragraph text, gold boundary char offsets)] built from the dev lines."""
    extra, _ = load_line_boundaries()
    rng = random.Random(20240601)
    paras, cur, gold = [], "", []

    def flush():
        nonlocal cur, gold
        if cur:
            paras.append((cur, sorted(gold)))
        cur, gold = "", []

    want = rng.randint(2, 6)
    count = 0
    for art, lid, text in dev_lines(lang):
        # the TSV holds byte offsets into the line; paragraphs are indexed by character
        offs = [len(text.encode()[:o].decode("utf-8")) for o in extra.get((lang, art, lid), [])]
        if is_headline(text):
            flush()
            paras.append((text, offs))
            count, want = 0, rng.randint(2, 6)
            continue
        if cur:
            cur += " "
            gold.append(len(cur))
        base = len(cur)
        cur += text
        gold.extend(base + o for o in offs)
        count += 1
        if count >= want:
            flush()
            count, want = 0, rng.randint(2, 6)
    flush()
    return paras


def sample_paragraphs(lang):
    d = os.path.join(ROOT, "corpus", "carrie-diaries")
    data = open(os.path.join(d, f"{lang}.txt"), "rb").read()
    gold = json.load(open(os.path.join(d, "gold-sentences.json"), encoding="utf-8"))[lang]["sentences"]
    return line_paragraphs(data, [s["start"] for s in gold])


def real_dev_paragraphs(lang, base):
    """Paragraphs (lines) of every pair of the real-dev set at `base`, with its gold boundaries.

    The set is read where it lies (it is third-party text for evaluation only: nothing of it
    is written anywhere)."""
    paras = []
    for pair in sorted(os.listdir(base)):
        d = os.path.join(base, pair)
        if not os.path.exists(os.path.join(d, "gold.json")):
            continue
        data = open(os.path.join(d, f"{lang}.txt"), "rb").read()
        gold = json.load(open(os.path.join(d, "gold.json"), encoding="utf-8"))["sentences"][lang]
        paras.extend(line_paragraphs(data, [s for s, _ in gold]))
    return paras


def line_paragraphs(data, starts):
    """[(paragraph text, gold boundary char offsets)]: every non-blank line of `data` is a
    paragraph; `starts` are the byte offsets of the gold sentence starts."""
    paras, pos = [], 0
    for raw in data.split(b"\n"):
        start, end = pos, pos + len(raw)
        pos = end + 1
        text = raw.decode("utf-8")
        if not text.strip():
            continue
        lead = len(text) - len(text.lstrip())
        pstart = start + len(text[:lead].encode())
        ptext = text.strip()
        pend = pstart + len(ptext.encode())
        bounds = []
        for s in starts:
            if pstart < s < pend:
                bounds.append(len(data[pstart:s].decode("utf-8")))
        paras.append((ptext, sorted(bounds)))
    return paras


def locate(para, sentences):
    """Char offsets where each sentence but the first starts, found by non-whitespace text."""
    starts, pos = [], 0
    for s in sentences:
        core = "".join(s.split())
        if not core:
            continue
        # skip whitespace to the next char, then match the sentence's non-space chars in order
        while pos < len(para) and para[pos].isspace():
            pos += 1
        start, k, i = pos, 0, pos
        while i < len(para) and k < len(core):
            if para[i].isspace():
                i += 1
                continue
            if para[i] != core[k]:
                break
            i += 1
            k += 1
        if k < len(core):  # the peer changed the text: fall back to a search
            j = para.find(s.strip(), pos)
            if j < 0:
                continue
            start, i = j, j + len(s.strip())
        starts.append(start)
        pos = i
    return starts[1:]


def peers(lang):
    out = {}
    try:
        import pysbd

        seg = pysbd.Segmenter(language=lang, clean=False)
        out["pySBD"] = seg.segment
    except ImportError:
        print("pysbd missing: pip install pysbd", file=sys.stderr)
    try:
        import sentencex

        out["sentencex"] = lambda t: list(sentencex.segment(lang, t))
    except ImportError:
        print("sentencex missing: pip install sentencex", file=sys.stderr)
    try:
        from sentence_splitter import SentenceSplitter

        ms = SentenceSplitter(language=lang)
        out["Moses (sentence-splitter)"] = ms.split
    except ImportError:
        print("sentence-splitter missing: pip install sentence-splitter", file=sys.stderr)
    return out


def run_peer(fn, paras, seconds):
    preds = [locate(p, fn(p)) for p, _ in paras]
    nbytes = sum(len(p.encode()) for p, _ in paras)
    rounds, t0 = 0, time.perf_counter()
    while True:
        for p, _ in paras:
            fn(p)
        rounds += 1
        el = time.perf_counter() - t0
        if el >= seconds:
            break
    return preds, nbytes * rounds / el / 1e6


def run_bialign(args, paras, lang):
    """bialign's boundaries (via the CLI) and speed (via the split_speed example)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"paras.{lang}.txt")
        with open(path, "w", encoding="utf-8") as f:
            for p, _ in paras:
                f.write(p + "\n")
        data = open(path, "rb").read()
        res = subprocess.run([args.bin, "split", path, "--lang", lang, "--format", "jsonl"],
                             capture_output=True, check=True)
        # map byte offsets to (paragraph, char offset)
        line_starts, pos = [], 0
        for p, _ in paras:
            line_starts.append(pos)
            pos += len(p.encode()) + 1
        preds = [[] for _ in paras]
        firsts = set()
        import bisect

        for row in res.stdout.decode().splitlines():
            s = json.loads(row)["start"]
            i = bisect.bisect_right(line_starts, s) - 1
            if (i, "first") not in firsts:
                firsts.add((i, "first"))
                continue
            preds[i].append(len(data[line_starts[i]:s].decode("utf-8")))
        speed = None
        if os.path.exists(args.speed_bin):
            r = subprocess.run([args.speed_bin, path, lang, str(args.seconds)], capture_output=True, check=True)
            for ln in r.stderr.decode().splitlines():
                if ln.startswith("MB/s"):
                    speed = float(ln.split()[1])
    return preds, speed


def prf(preds, paras):
    tp = fp = fn = 0
    for pred, (_, gold) in zip(preds, paras):
        p, g = set(pred), set(gold)
        tp += len(p & g)
        fp += len(p - g)
        fn += len(g - p)
    prec = tp / (tp + fp) if tp + fp else 1.0
    rec = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return prec, rec, f1, tp + fn


def candidates(args):
    """Dev lines that some splitter splits inside, with the verdicts recorded so far."""
    _, checked = load_line_boundaries()
    for lang in ("en", "pl"):
        lines = dev_lines(lang)
        paras = [(t, []) for _, _, t in lines]
        found = {}
        bi, _ = run_bialign(argparse.Namespace(**{**vars(args), "speed_bin": ""}), paras, lang)
        for i, offs in enumerate(bi):
            for o in offs:
                found.setdefault(i, {}).setdefault(o, []).append("bialign")
        for name, fn in peers(lang).items():
            for i, (t, _) in enumerate(paras):
                for o in locate(t, fn(t)):
                    found.setdefault(i, {}).setdefault(o, []).append(name.split()[0])
        for i in sorted(found):
            art, lid, t = lines[i]
            for o, who in sorted(found[i].items()):
                byte_off = len(t[:o].encode())
                verdict = checked.get((lang, art, lid), {}).get(byte_off, "?")
                print(f"{lang}\t{art}\t{lid}\t{byte_off}\t{verdict}\t{','.join(who)}\t{t[max(0, o - 50):o]}|{t[o:o + 40]}")


GOLDEN_URL = "https://raw.githubusercontent.com/nipunsadvilkar/pySBD/master/tests/lang/test_english.py"


def golden_cases(path):
    """[(text, expected sentences)] of pySBD's English Golden Rules, read from its test file
    (tests/lang/test_english.py of nipunsadvilkar/pySBD) without running it: the list
    GOLDEN_EN_RULES_TEST_CASES is parsed, `pytest.param(text, sents, ...)` entries included."""
    import ast

    if path is None:
        import urllib.request

        try:
            src = urllib.request.urlopen(GOLDEN_URL, timeout=30).read().decode("utf-8")
        except OSError as e:
            sys.exit(f"cannot fetch {GOLDEN_URL} ({e}); download it and pass --golden FILE")
    else:
        try:
            src = open(path, encoding="utf-8").read()
        except OSError as e:
            sys.exit(f"{path}: {e}")
    try:
        tree = ast.parse(src)
    except SyntaxError as e:
        sys.exit(f"{path or GOLDEN_URL}: not a Python file ({e})")
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "GOLDEN_EN_RULES_TEST_CASES" for t in node.targets
        ):
            cases = []
            for el in node.value.elts:
                args = el.args if isinstance(el, ast.Call) else el.elts
                cases.append((ast.literal_eval(args[0]), ast.literal_eval(args[1])))
            return cases
    sys.exit(f"{path or GOLDEN_URL}: no GOLDEN_EN_RULES_TEST_CASES list")


def sentencex_cases(path):
    """[(text, expected sentences)] of a sentencex fixture file (its tests/LANG.txt): cases
    separated by `===`, input and expected sentences (one a line) by `---`, `#` lines
    ignored, as sentencex's own test runner reads them."""
    try:
        content = open(path, encoding="utf-8").read().replace("\r\n", "\n")
    except OSError as e:
        sys.exit(f"{path}: {e}")
    cases = []
    for case in content.split("==="):
        cleaned = "\n".join(ln for ln in case.split("\n") if not ln.lstrip().startswith("#")).strip()
        parts = [p.strip() for p in cleaned.split("---") if p.strip()]
        if len(parts) == 2:
            cases.append((parts[0], [ln for ln in parts[1].split("\n") if ln.strip()]))
    if not cases:
        sys.exit(f"{path}: no test cases (expected sentencex's `input --- sentences ===` format)")
    return cases


def java_string(src, i):
    """The Java string literal starting at src[i] (a double quote): (its value, the index after it)."""
    out, i = [], i + 1
    simple = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
    while i < len(src) and src[i] != '"':
        if src[i] == "\\":
            c = src[i + 1]
            if c == "u":
                j = i + 1
                while src[j] == "u":
                    j += 1
                out.append(chr(int(src[j:j + 4], 16)))
                i = j + 4
                continue
            if c not in simple:
                sys.exit(f"unknown Java escape \\{c}")
            out.append(simple[c])
            i += 2
            continue
        out.append(src[i])
        i += 1
    return "".join(out), i + 1


def languagetool_cases(path):
    """[(text, expected sentences)] of a LanguageTool sentence-tokenizer test (Java), read without
    running it: every `testSplit(...)` call (and `TestTools.testSplit(new String[] {...}, ...)`)
    is a case whose string arguments are the expected sentences, the input being their
    concatenation, as LanguageTool's TestTools.testSplit joins them."""
    try:
        src = open(path, encoding="utf-8").read()
    except OSError as e:
        sys.exit(f"{path}: {e}")
    cases = []
    for m in re.finditer(r"\btestSplit\(", src):
        if re.search(r"void\s+$", src[:m.start()]):
            continue  # the helper's own definition
        i, depth, parts = m.end(), 1, []
        while i < len(src) and depth > 0:
            if src[i] == '"':
                value, i = java_string(src, i)
                parts.append(value)
                continue
            if src.startswith("//", i):
                i = src.find("\n", i)
                continue
            depth += {"(": 1, ")": -1}.get(src[i], 0)
            i += 1
        if parts:
            cases.append(("".join(parts), parts))
    if not cases:
        sys.exit(f"{path}: no testSplit calls (expected a LanguageTool sentence-tokenizer test)")
    return cases


def bialign_sentences(args, texts, lang):
    """bialign's sentences (text, stripped) for each of `texts`, one paragraph each. Texts with
    line breaks are split one file each, the others in one file, one a line."""
    import bisect

    def run(path):
        res = subprocess.run([args.bin, "split", path, "--lang", lang, "--format", "jsonl"],
                             capture_output=True, check=True)
        return [json.loads(row) for row in res.stdout.decode().splitlines()]

    out = [[] for _ in texts]
    with tempfile.TemporaryDirectory() as tmp:
        single = [k for k, t in enumerate(texts) if "\n" not in t]
        path = os.path.join(tmp, f"cases.{lang}.txt")
        with open(path, "w", encoding="utf-8") as f:
            for k in single:
                f.write(texts[k] + "\n")
        data = open(path, "rb").read()
        line_starts, pos = [], 0
        for k in single:
            line_starts.append(pos)
            pos += len(texts[k].encode()) + 1
        for sp in run(path):
            i = bisect.bisect_right(line_starts, sp["start"]) - 1
            out[single[i]].append(data[sp["start"]:sp["end"]].decode("utf-8").strip())
        for k, t in enumerate(texts):
            if "\n" in t:
                one = os.path.join(tmp, f"case{k}.{lang}.txt")
                with open(one, "w", encoding="utf-8") as f:
                    f.write(t)
                raw = open(one, "rb").read()
                out[k] = [raw[sp["start"]:sp["end"]].decode("utf-8").strip() for sp in run(one)]
    return out


def golden(args):
    """How many cases of a published test suite each splitter passes (exact sentence lists):
    pySBD's English Golden Rules (a .py file), a LanguageTool tokenizer test (a .java file) or a
    sentencex fixture file (any other)."""
    if args.golden and args.golden.endswith(".java"):
        cases = languagetool_cases(args.golden)
        lang = "en" if args.lang == "both" else args.lang
        title = f"LanguageTool {os.path.basename(args.golden)} ({lang})"
        norm = str.strip  # its sentences keep their trailing space; compared without it
    elif args.golden and not args.golden.endswith(".py"):
        cases = sentencex_cases(args.golden)
        lang = "en" if args.lang == "both" else args.lang
        title = f"sentencex fixtures {os.path.basename(args.golden)} ({lang})"
        norm = lambda x: " ".join(x.split())  # sentencex compares with whitespace collapsed
    else:
        cases = golden_cases(args.golden)
        lang, title = "en", "pySBD English Golden Rules"
        norm = str.strip  # pySBD's test strips each segment
    cases = [(t, [norm(x) for x in exp]) for t, exp in cases]
    texts = [t for t, _ in cases]
    results = {"bialign": [[norm(x) for x in g if norm(x)] for g in bialign_sentences(args, texts, lang)]}
    for name, fn in peers(lang).items():
        results[name] = [[norm(x) for x in fn(t) if norm(x)] for t in texts]
    print(f"== {title}: {len(cases)} cases (exact sentence lists)")
    for name, got in results.items():
        ok = sum(g == exp for g, (_, exp) in zip(got, cases))
        print(f"{name:28} {ok:3d} / {len(cases)}")
    if args.errors:
        for k, (t, exp) in enumerate(cases):
            if results["bialign"][k] != exp:
                others = ", ".join(n.split()[0] for n, g in results.items() if n != "bialign" and g[k] == exp)
                print(f"\n#{k + 1} {t!r}\n  expected {exp}\n  bialign  {results['bialign'][k]}"
                      f"\n  passed by: {others or 'none'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", choices=["sample", "dev", "real-dev", "all"], default="all",
                    help="all: sample and dev, and real-dev when --real-dev exists")
    ap.add_argument("--real-dev", default=REAL_DEV, help="the real-dev set (not in the repository)")
    ap.add_argument("--golden", nargs="?", const="", default=None, metavar="FILE",
                    help="score a published test suite: pySBD's English Golden Rules from FILE "
                         "(tests/lang/test_english.py; without FILE it is fetched from GitHub), or a "
                         "sentencex fixture file (tests/LANG.txt of the crate; --lang picks the rules)")
    ap.add_argument("--lang", choices=["en", "pl", "both"], default="both")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "bialign"))
    ap.add_argument("--speed-bin", default=os.path.join(ROOT, "target", "release", "examples", "split_speed"))
    ap.add_argument("--seconds", type=float, default=1.0, help="minimum timing per splitter and text")
    ap.add_argument("--candidates", action="store_true", help="list dev lines split inside (hand-check aid)")
    ap.add_argument("--errors", action="store_true", help="print bialign's false and missed boundaries")
    args = ap.parse_args()
    if not os.path.exists(args.bin):
        sys.exit(f"{args.bin} not found: cargo build --release --bin bialign --example split_speed")
    if args.candidates:
        candidates(args)
        return
    if args.golden is not None:
        args.golden = args.golden or None
        golden(args)
        return
    sets = ["sample", "dev"] if args.set == "all" else [args.set]
    if args.set == "all" and os.path.isdir(args.real_dev):
        sets.append("real-dev")
    langs = ["en", "pl"] if args.lang == "both" else [args.lang]
    for st in sets:
        for lang in langs:
            if st == "sample":
                paras = sample_paragraphs(lang)
            elif st == "dev":
                paras = dev_paragraphs(lang)
            else:
                if not os.path.isdir(args.real_dev):
                    sys.exit(f"{args.real_dev}: no such directory (--real-dev)")
                paras = real_dev_paragraphs(lang, args.real_dev)
            nbytes = sum(len(p.encode()) for p, _ in paras)
            ngold = sum(len(g) for _, g in paras)
            print(f"\n== {st} / {lang}: {len(paras)} paragraphs, {nbytes} bytes, {ngold} gold boundaries")
            print(f"{'splitter':28} {'P':>6} {'R':>6} {'F1':>6} {'MB/s':>8}")
            rows = []
            preds, speed = run_bialign(args, paras, lang)
            rows.append(("bialign", preds, speed))
            if args.errors:
                for pred, (p, gold) in zip(preds, paras):
                    for o in sorted(set(pred) ^ set(gold)):
                        tag = "FP" if o in pred else "FN"
                        print(f"  {tag} {p[max(0, o - 60):o]!r} | {p[o:o + 40]!r}")
            for name, fn in peers(lang).items():
                preds, sp = run_peer(fn, paras, args.seconds)
                rows.append((name, preds, sp))
            sx = next((sp for n, _, sp in rows if n == "sentencex"), None)
            for name, preds, sp in rows:
                p, r, f, _ = prf(preds, paras)
                sps = f"{sp:8.2f}" if sp else "       -"
                print(f"{name:28} {p:6.3f} {r:6.3f} {f:6.3f} {sps}")
            if sx and rows[0][2]:
                print(f"bialign / sentencex speed ratio: {rows[0][2] / sx:.1f}x")


if __name__ == "__main__":
    main()
