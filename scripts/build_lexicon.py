#!/usr/bin/env python3
"""Extract the sources of bialign's embedded EN-PL lexicon (src/lexicon/data/lexicon.bin).

Step 1 of 2 (this script, Python 3 standard library only):
  * reads FreeDict/WikDict Polish-English (Debian package dict-freedict-pol-eng,
    /usr/share/dictd/freedict-pol-eng.{index,dict.dz}; CC-BY-SA 3.0) and writes
    OUT/pairs.tsv: one `polish-lemma<TAB>english-translation` line per translation;
  * adds src/lexicon/data/supplement.tsv (suppletive forms written for this project);
  * reads the Polish hunspell dictionary (Debian package hunspell-pl,
    /usr/share/hunspell/pl_PL.{aff,dic}; sjp.pl, licensed GPL/LGPL/MPL/Apache-2.0/CC-SA,
    used here under Apache-2.0), expands the affix rules of every word that is a headword
    of the lexicon and writes OUT/forms.tsv: `inflected-form<TAB>lemma`;
  * reads Morfologik's Polish dictionary (Debian package libmorfologik-stemming2-java,
    fetched with `apt-get download` into OUT/morfologik/ by scripts/morfologik.py;
    "Morfologik Polish 2.1 PoliMorf", BSD-2-Clause) and writes OUT/morfologik.tsv:
    `inflected-form<TAB>lemma<TAB>rule` for every form whose lemma is a headword of the
    lexicon (rule empty), or whose lemma reaches a headword by one of the word-formation
    rules of `bridges` (rule names it: `lipcowy` -> `lipiec`, `zaakceptować` -> `akceptować`).
Step 2 (Rust, stems English with the same Snowball stemmer the library uses):
    cargo run --release --example build_lexicon -- OUT src/lexicon/data/lexicon.bin

Usage:
    apt-get install -y dict-freedict-pol-eng hunspell-pl
    python3 scripts/build_lexicon.py target/lexicon-src
"""
import collections
import gzip
import os
import re
import sys

DICT_INDEX = "/usr/share/dictd/freedict-pol-eng.index"
DICT_DATA = "/usr/share/dictd/freedict-pol-eng.dict.dz"
HUN_AFF = "/usr/share/hunspell/pl_PL.aff"
HUN_DIC = "/usr/share/hunspell/pl_PL.dic"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import morfologik  # noqa: E402

SUPPLEMENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "lexicon", "data", "supplement.tsv")
# Entries added after lexicon.bin was last built (overlaid at load until the next rebuild).
OVERLAY = os.path.join(os.path.dirname(SUPPLEMENT), "overlay.tsv")

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def b64(s):
    n = 0
    for c in s:
        n = n * 64 + B64.index(c)
    return n


def parse_freedict(index_path, data_path):
    """Return {polish headword (lowercase): [english translations]} from a dictd database.

    An entry reads `headword /ipa/ <pos>`, then per sense a line of comma-separated English
    translations (numbered `1. ` when there are several senses, sometimes ending with the
    number of the next Polish gloss, ` 2.`), then Polish gloss lines, which are skipped."""
    data = gzip.open(data_path).read()
    out = collections.defaultdict(list)
    seen = set()
    with open(index_path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or not parts[0] or parts[0].startswith("00database"):
                continue
            hw, off, ln = parts
            key = (b64(off), b64(ln))
            if key in seen:
                continue
            seen.add(key)
            text = data[key[0] : key[0] + key[1]].decode("utf-8")
            lines = text.split("\n")
            for i, l in enumerate(lines[1:]):
                m = re.match(r"^\d+\.\s+(.*)$", l)
                if m:
                    t = m.group(1)
                elif i == 0:
                    t = l
                else:
                    continue
                t = re.sub(r"\s+\d+\.\s*$", "", t).strip()
                for x in t.split(", "):
                    x = x.strip()
                    if x and x not in out[hw.lower()]:
                        out[hw.lower()].append(x)
    return out


def load_aff(path):
    """Affix rules of a hunspell .aff file: {flag: (is_suffix, cross_product, [(strip, add, cond)])}."""
    rules = {}
    with open(path, encoding="iso-8859-2") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        f = lines[i].split()
        if len(f) >= 4 and f[0] in ("PFX", "SFX") and f[2] in ("Y", "N") and f[3].isdigit():
            n = int(f[3])
            rs = []
            for j in range(1, n + 1):
                g = lines[i + j].split()
                strip = "" if g[2] == "0" else g[2]
                add = "" if g[3] == "0" else g[3].split("/")[0]
                cond = g[4] if len(g) > 4 else "."
                rx = re.compile(cond + "$" if f[0] == "SFX" else "^" + cond)
                rs.append((strip, add, rx))
            rules[f[1]] = (f[0] == "SFX", f[2] == "Y", rs)
            i += n + 1
        else:
            i += 1
    return rules


def expand(word, flags, rules):
    """All forms of a hunspell stem with its flags (suffixes, prefixes, cross products)."""
    out = {word}
    crossable = [word]
    prefixes = []
    for fl in flags:
        if fl not in rules:
            continue
        is_sfx, cross, rs = rules[fl]
        for strip, add, rx in rs:
            if not is_sfx:
                prefixes.append((strip, add, rx, cross))
            elif word.endswith(strip) and rx.search(word):
                form = word[: len(word) - len(strip)] + add
                out.add(form)
                if cross:
                    crossable.append(form)
    for strip, add, rx, cross in prefixes:
        for base in crossable if cross else [word]:
            if base.startswith(strip) and rx.search(base):
                out.add(add + base[len(strip) :])
    return out


# Perfective prefixes that only change the aspect of a borrowed `-ować` verb
# (zaakceptować, skomentować, zidentyfikować, zareagować, uszanować).
ASPECT_PREFIXES = ["za", "ze", "z", "s", "u", "po", "prze", "wy"]


def bridges(lemma, kinds, heads, persons):
    """Headwords of the lexicon a Morfologik lemma that is not one stands for, by a
    word-formation rule, as (headword, rule) pairs. `kinds` holds the lemma's Morfologik
    classes (`subst`, `adj`, `verb`, ...) and the genders of a noun (`subst:f`); `persons`
    the lemmas of masculine personal nouns (gender m1)."""
    out = []
    if "verb" in kinds and lemma.endswith("ować"):
        for p in ASPECT_PREFIXES:
            rest = lemma[len(p) :]
            if lemma.startswith(p) and len(rest) >= 7 and rest in heads:
                out.append((rest, "aspect"))
    if "adj" in kinds:
        # relational adjectives from nouns: meczowy -> mecz, bazowy -> baza, lipcowy -> lipiec,
        # inflacyjny -> inflacja
        for suf, adds in (("owy", ["", "a", "o"]), ("yjny", ["ja"]), ("iczny", ["ika", "ia"])):
            if lemma.endswith(suf):
                stem = lemma[: -len(suf)]
                cands = [stem + a for a in adds]
                if stem.endswith("c") and len(stem) >= 3 and stem[-2] not in "aeiouyąęó":
                    cands.append(stem[:-1] + "iec")
                out += [(c, "adj:" + suf) for c in cands if len(c) >= 4 and c in heads]
    if "subst:f" in kinds:
        # feminine nouns of persons: szefowa -> szef, nauczycielka -> nauczyciel
        for suf in ("owa", "ka"):
            stem = lemma[: -len(suf)]
            if lemma.endswith(suf) and len(stem) >= 4 and stem in heads and stem in persons:
                out.append((stem, "fem:" + suf))
    return out


def write_morfologik(outdir, heads):
    """OUT/morfologik.tsv from the Morfologik dictionary (see the module doc)."""
    dict_path = morfologik.fetch(os.path.join(outdir, "morfologik"))
    lemmas_of = collections.defaultdict(set)
    kinds = collections.defaultdict(set)
    for form, lemma, tags in morfologik.entries(dict_path):
        f, l = form.lower(), lemma.lower()
        lemmas_of[f].add(l)
        for tag in tags.split("+"):
            fields = tag.split(":")
            kinds[l].add(fields[0])
            if fields[0] == "subst" and len(fields) > 3:
                # the gender field may list several: `m1.p1`
                kinds[l].update("subst:" + g for g in fields[3].split("."))
    persons = {l for l, k in kinds.items() if "subst:m1" in k}
    bridge_of = {}
    for l, k in kinds.items():
        b = [(l, "")] if l in heads else bridges(l, k, heads, persons)
        if b:
            bridge_of[l] = b
    rows = set()
    for f, ls in lemmas_of.items():
        for l in ls:
            for head, rule in bridge_of.get(l, ()):
                rows.add((f, head, rule))
    with open(os.path.join(outdir, "morfologik.tsv"), "w", encoding="utf-8") as out:
        for f, head, rule in sorted(rows):
            out.write(f"{f}\t{head}\t{rule}\n")
    by_rule = collections.Counter(r.split(":")[0] or "lemma" for _, _, r in rows)
    return len(lemmas_of), len(kinds), len(rows), dict(by_rule)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    entries = parse_freedict(DICT_INDEX, DICT_DATA)
    for path in (SUPPLEMENT, OVERLAY):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    en, pl = line.rstrip("\n").split("\t")
                    if en not in entries[pl.lower()]:
                        entries[pl.lower()].append(en)
    n_pairs = 0
    with open(os.path.join(outdir, "pairs.tsv"), "w", encoding="utf-8") as f:
        for pl in sorted(entries):
            for en in entries[pl]:
                if "\t" in pl or "\t" in en:
                    continue
                f.write(f"{pl}\t{en}\n")
                n_pairs += 1
    rules = load_aff(HUN_AFF)
    forms = set()
    with open(HUN_DIC, encoding="iso-8859-2") as f:
        next(f)  # word count
        for line in f:
            w, _, fl = line.rstrip("\n").partition("/")
            lw = w.lower()
            if lw not in entries:
                continue
            for form in expand(w, fl, rules):
                forms.add((form.lower(), lw))
    with open(os.path.join(outdir, "forms.tsv"), "w", encoding="utf-8") as f:
        for form, lemma in sorted(forms):
            f.write(f"{form}\t{lemma}\n")
    print(f"{len(entries)} headwords, {n_pairs} pairs, {len(forms)} (form, lemma) pairs -> {outdir}")
    heads = {pl for pl in entries if " " not in pl}
    n_forms, n_lemmas, n_rows, by_rule = write_morfologik(outdir, heads)
    print(f"Morfologik: {n_forms} forms of {n_lemmas} lemmas, {n_rows} (form, headword) rows {by_rule}")


if __name__ == "__main__":
    main()
