#!/usr/bin/env python3
"""Recall of `bialign qa` on injected problems: change one thing in the Polish side of a dev-set
parallel article (professional translations), run the QA, and count how often a finding of the
expected check points at the change.

Classes (each injection is one run of `bialign qa` on one changed Polish article):
  number       a standalone number changed (n -> n+7)             number-mismatch, PL span of the number
  name         a name kept from the English replaced by another   name-mismatch, PL span of the new name
  speaker      the name of a quote's speaker replaced by a surname  speaker-mismatch, PL span of the quote or speaker
  quote        a paired speech quote removed with its marks        quote-omitted, EN span of the quote
  drop         a line (one or two sentences) removed               omitted-passage, EN span of the line
  add          a line of another article inserted                  added-passage, PL span of the new line
  untranslated a line replaced by its English original             untranslated, PL span of the line
  marks        a quote's „…” replaced by English “…”               quote-marks, PL span of a changed mark

The places are chosen evenly through each article from gold.json (line spans, quote pairs) and
`bialign quotes` (speakers); nothing is tuned per file.

Usage: scripts/qa_inject.py [SET_DIR] [PER_ARTICLE] [CLASS,...]
       (default corpus/align-dev, 3 injections per article and class, twice as many speaker changes
       since few quotes name their speaker on both sides; all classes)
Needs target/release/bialign or target/debug/bialign (BIALIGN_BIN overrides).
Prints one line per class: found/total and the share; --misses prints up to 10 misses per class.
"""
import glob, json, os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

args = [a for a in sys.argv[1:] if not a.startswith("--")]
show_misses = "--misses" in sys.argv
set_dir = args[0] if len(args) > 0 else "corpus/align-dev"
per = int(args[1]) if len(args) > 1 else 3
classes = args[2].split(",") if len(args) > 2 else [
    "number", "name", "speaker", "quote", "drop", "add", "untranslated", "marks"]
bin_ = os.environ.get("BIALIGN_BIN") or next(
    (b for b in ("target/release/bialign", "target/debug/bialign") if os.path.exists(b)), None)
if not bin_:
    sys.exit("build bialign first (cargo build --release)")

# Surnames for the name and speaker changes: not English or Polish dictionary words (as a known form of the
# embedded lexicon: Mazurek, also a Polish common noun, was replaced by Kaczmarczyk), not in the dev set.
SURNAMES = ["Wiśniewski", "Zielińska", "Dąbrowski", "Wójcik", "Kamińska", "Szymański", "Woźniak",
            "Kozłowski", "Jankowska", "Kaczmarczyk", "Krawczyk", "Piotrowski", "Grabowska", "Pawłowski",
            "Michalska", "Zalewski", "Jabłońska", "Wróblewski", "Majewska", "Olszewski"]


def b2c(text, b):
    """Character index of byte offset b."""
    return len(text.encode("utf-8")[:b].decode("utf-8", errors="ignore"))


def c2b(text, c):
    return len(text[:c].encode("utf-8"))


def spread(items, n):
    if not items:
        return []
    step = max(1, len(items) // n)
    return items[step // 2::step][:n]


def overlaps(spans, lo, hi):
    return any(s["start"] < hi and lo < s["end"] for s in spans)


class Article:
    def __init__(self, d):
        self.dir = d
        self.en_path = os.path.join(d, "en.txt")
        self.en = open(self.en_path, encoding="utf-8").read()
        self.pl = open(os.path.join(d, "pl.txt"), encoding="utf-8").read()
        self.enb = self.en.encode("utf-8")
        self.plb = self.pl.encode("utf-8")
        self.gold = json.load(open(os.path.join(d, "gold.json"), encoding="utf-8"))
        self.en_lines = {l["id"]: l for l in self.gold["en_lines"]}
        self.pl_lines = {l["id"]: l for l in self.gold["pl_lines"]}


def replace_bytes(b, lo, hi, new):
    return b[:lo] + new.encode("utf-8") + b[hi:]


def inj_number(a, k):
    out = []
    cands = [m for m in re.finditer(r"(?<![\d.,:/\-])\d{1,4}(?![\d.,:/\-]\d)", a.pl)]
    for m in spread(cands, per):
        n = int(m.group())
        new = str(n + 7 if n < 1000 else n + 3)
        lo = c2b(a.pl, m.start())
        text = replace_bytes(a.plb, lo, c2b(a.pl, m.end()), new)
        hi = lo + len(new.encode())
        out.append((text, lambda f, lo=lo, hi=hi: f["check"] == "number-mismatch" and overlaps(f["pl"], lo, hi),
                    f"{m.group()}->{new}"))
    return out


def words_caps(t):
    return [(m.start(), m.end(), m.group()) for m in re.finditer(r"\b[A-ZĄĆĘŁŃÓŚŹŻ][a-ząćęłńóśźż]{3,}\b", t)]


def inj_name(a, k):
    """A capitalised Polish word inside a line whose first five letters start a capitalised word of the
    linked English line (a name kept from the English: Johnsona / Johnson) gets another surname."""
    cands = []
    for e_id, p_id in a.gold["links"]:
        el, pline = a.en_lines[e_id], a.pl_lines[p_id]
        et = a.enb[el["start"]:el["end"]].decode()
        pt = a.plb[pline["start"]:pline["end"]].decode()
        en_caps = {w[:5].lower() for _, _, w in words_caps(et)}
        for s, e, w in words_caps(pt):
            before = pt[:s].rstrip()
            if not before or before[-1] in ".!?:„\"“–-(":
                continue
            if w[:5].lower() in en_caps and len(w) >= 5:
                cands.append((pline["start"] + c2b(pt, s), pline["start"] + c2b(pt, e), w))
    out = []
    for i, (lo, hi, w) in enumerate(spread(cands, per)):
        new = SURNAMES[(k * 7 + i) % len(SURNAMES)]
        text = replace_bytes(a.plb, lo, hi, new)
        nhi = lo + len(new.encode())
        out.append((text, lambda f, lo=lo, hi=nhi: f["check"] == "name-mismatch" and overlaps(f["pl"], lo, hi),
                    f"{w}->{new}"))
    return out


def quotes_of(path):
    r = subprocess.run([bin_, "quotes", path, "--format", "jsonl"], capture_output=True, text=True)
    return [json.loads(l) for l in r.stdout.splitlines() if l.strip()]


def inj_speaker(a, k):
    """A Polish quote paired (gold) with an English one, both attributed to a speaker named in the
    text by a capitalised word: the Polish mention's name becomes another surname."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as f:
        f.write(a.pl)
    pq = quotes_of(f.name)
    os.unlink(f.name)
    eq = quotes_of(a.en_path)
    cands = []
    for g in a.gold["quotes"]:
        e = next((q for q in eq if q["start"] <= g["en"]["start"] < q["end"]), None)
        p = next((q for q in pq if q["start"] <= g["pl"]["start"] < q["end"]), None)
        if not e or not p or not e["speaker_span"] or not p["speaker_span"]:
            continue
        st = p["speaker_text"] or ""
        ws = list(re.finditer(r"[A-ZĄĆĘŁŃÓŚŹŻ][\wąćęłńóśźż'’-]+", st))
        # The same person named on both sides (a capitalised word of the English mention starts like
        # one of the Polish mention: Johnson / Johnsona), not a role or a pronoun.
        en_caps = {w.group()[:5].lower() for w in re.finditer(r"[A-Z][\w'’-]+", e["speaker_text"] or "")}
        if not ws or not any(w.group()[:5].lower() in en_caps for w in ws):
            continue
        # The capitalised words of the mention (first to last) give way to one other surname.
        sp = p["speaker_span"]["start"]
        lo = sp + len(st[:ws[0].start()].encode())
        hi = sp + len(st[:ws[-1].end()].encode())
        cands.append((lo, hi, st[ws[0].start():ws[-1].end()], p["start"], p["end"]))
    seen, uniq = set(), []
    for c in cands:
        if (c[0], c[1]) not in seen:
            seen.add((c[0], c[1]))
            uniq.append(c)
    out = []
    for i, (lo, hi, w, qs, qe) in enumerate(spread(uniq, 2 * per)):
        new = SURNAMES[(k * 5 + i + 3) % len(SURNAMES)]
        text = replace_bytes(a.plb, lo, hi, new)
        delta = len(new.encode()) - (hi - lo)
        # Quote span after the change (the mention may precede the quote).
        nqs, nqe = (qs + delta, qe + delta) if lo < qs else (qs, qe)
        nhi = lo + len(new.encode())
        out.append((text, lambda f, a_=(lo, nhi), q=(nqs, nqe): f["check"] == "speaker-mismatch" and (
            overlaps(f["pl"], *a_) or overlaps(f["pl"], *q)), f"{w}->{new}"))
    return out


def inj_quote(a, k):
    """A gold-paired Polish quote (content and marks) removed; expected: quote-omitted on the English quote."""
    cands = []
    for g in a.gold["quotes"]:
        lo, hi = g["pl"]["start"], g["pl"]["end"]
        # Widen to the marks around the content.
        before = a.plb[max(0, lo - 3):lo].decode(errors="ignore")
        after = a.plb[hi:hi + 3].decode(errors="ignore")
        if not before or not after or before[-1] not in "„\"“«»‚" or after[0] not in "”\"“«»’":
            continue
        lo -= len(before[-1].encode())
        hi += len(after[0].encode())
        cands.append((lo, hi, g["en"]["start"], g["en"]["end"]))
    out = []
    for lo, hi, es, ee in spread(cands, per):
        text = replace_bytes(a.plb, lo, hi, "")
        out.append((text, lambda f, es=es, ee=ee: f["check"] == "quote-omitted" and overlaps(f["en"], es, ee),
                    a.enb[es:ee].decode()[:40]))
    return out


def inner_links(a):
    """Links whose lines are not the first or last of the article."""
    return a.gold["links"][1:-1]


def inj_drop(a, k):
    out = []
    for e_id, p_id in spread(inner_links(a), per):
        pl_, el = a.pl_lines[p_id], a.en_lines[e_id]
        text = replace_bytes(a.plb, pl_["start"], pl_["end"], "")
        es, ee = el["start"], el["end"]
        out.append((text, lambda f, es=es, ee=ee: f["check"] == "omitted-passage" and overlaps(f["en"], es, ee),
                    a.enb[es:ee].decode()[:40]))
    return out


def inj_add(a, k, others):
    out = []
    donor = others[(k + 11) % len(others)]
    lines = [l for l in donor.gold["pl_lines"] if 40 < l["end"] - l["start"] < 400]
    for i, (e_id, p_id) in enumerate(spread(inner_links(a), per)):
        pl_ = a.pl_lines[p_id]
        new = " " + donor.plb[lines[(i * 13) % len(lines)]["start"]:lines[(i * 13) % len(lines)]["end"]].decode()
        text = replace_bytes(a.plb, pl_["end"], pl_["end"], new)
        lo, hi = pl_["end"] + 1, pl_["end"] + len(new.encode())
        out.append((text, lambda f, lo=lo, hi=hi: f["check"] == "added-passage" and overlaps(f["pl"], lo, hi),
                    new[:40]))
    return out


def inj_untranslated(a, k):
    out = []
    for e_id, p_id in spread(inner_links(a), per):
        pl_, el = a.pl_lines[p_id], a.en_lines[e_id]
        new = a.enb[el["start"]:el["end"]].decode()
        text = replace_bytes(a.plb, pl_["start"], pl_["end"], new)
        lo, hi = pl_["start"], pl_["start"] + len(new.encode())
        out.append((text, lambda f, lo=lo, hi=hi: f["check"] == "untranslated" and overlaps(f["pl"], lo, hi),
                    new[:40]))
    return out


def inj_marks(a, k):
    cands = []
    for g in a.gold["quotes"]:
        lo, hi = g["pl"]["start"], g["pl"]["end"]
        if a.plb[lo - 3:lo].decode(errors="ignore").endswith("„") and a.plb[hi:hi + 3].decode(errors="ignore").startswith("”"):
            cands.append((lo - 3, hi))
    out = []
    for lo, hi in spread(cands, per):
        # „ (3 bytes) -> “ (3 bytes); ” stays: “…” is the English pair.
        text = a.plb[:lo] + "“".encode() + a.plb[lo + 3:]
        out.append((text, lambda f, lo=lo: f["check"] == "quote-marks" and overlaps(f["pl"], lo, lo + 3),
                    a.plb[lo:hi + 3].decode()[:40]))
    return out


def run(job):
    en_path, text, ok = job
    with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
        f.write(text)
    r = subprocess.run([bin_, "qa", en_path, f.name, "--format", "jsonl"], capture_output=True, text=True)
    os.unlink(f.name)
    return any(ok(json.loads(l)) for l in r.stdout.splitlines() if l.strip())


arts = [Article(d) for d in sorted(glob.glob(os.path.join(set_dir, "*", "*", "parallel")))]
makers = {"number": inj_number, "name": inj_name, "speaker": inj_speaker, "quote": inj_quote,
          "drop": inj_drop, "add": lambda a, k: inj_add(a, k, arts), "untranslated": inj_untranslated,
          "marks": inj_marks}
with ThreadPoolExecutor(max_workers=2) as pool:
    for cls in classes:
        jobs, labels = [], []
        for k, a in enumerate(arts):
            for text, ok, label in makers[cls](a, k):
                jobs.append((a.en_path, text, ok))
                labels.append(f"{os.path.relpath(a.dir, set_dir)}: {label}")
        hits = list(pool.map(run, jobs))
        n, found = len(hits), sum(hits)
        print(f"{cls:13} {found}/{n} ({100.0 * found / max(n, 1):.1f}%) found at the changed span")
        if show_misses:
            for h, lab in list(zip(hits, labels)):
                if not h:
                    print("   missed", lab.replace("\n", " "))
