#!/usr/bin/env python3
"""Read Morfologik's Polish morphological dictionary (polish.dict, BSD-2-Clause).

Used by scripts/build_lexicon.py; also runnable alone to dump the dictionary:

    python3 scripts/morfologik.py CACHE_DIR > forms.txt     # form<TAB>lemma<TAB>tags

Source: the Debian package `libmorfologik-stemming2-java` (morfologik-stemming 2.1.6,
dictionary "Morfologik Polish 2.1 PoliMorf", 2016-02-13, Copyright (c) 2016 Marcin
Miłkowski, BSD 2-Clause licence). `fetch` downloads it with `apt-get download` into
CACHE_DIR (nothing is installed), takes `morfologik/stemming/polish/polish.{dict,info}`
out of `usr/share/java/morfologik-polish.jar` and keeps them there with the licence text.

Format (read here with the standard library only):
  * polish.dict is a CFSA2 automaton: the header `\\fsa`, version byte 0xC6, two bytes of
    flags (big-endian), a label table (one length byte, then that many label bytes; index 0
    is unused), then the arcs. An arc is a flags byte `N L F MMMMM` (N: the target node
    follows this node's last arc; L: last arc of its node; F: a sequence may end after it;
    M: index of the label in the table, 0 = an explicit label byte follows), then, unless N,
    the target node address as a little-endian base-128 varint. Node 0 is a dummy whose
    only arc leads to the root. Address 0 as a target means "no further arcs".
  * each accepted byte sequence is `form;code;tags` (separator and encoding in polish.info,
    `fsa.dict.encoder=PREFIX`): the lemma is the form with (code[0] - 'A') bytes cut from its
    start and (code[1] - 'A') bytes cut from its end, then code[2:] appended (a cut of 255
    means "replace everything").
"""
import glob
import io
import os
import subprocess
import sys
import tarfile
import zipfile

DEB_PACKAGE = "libmorfologik-stemming2-java"
JAR = "usr/share/java/morfologik-polish.jar"
IN_JAR = "morfologik/stemming/polish/"
FILES = ["polish.dict", "polish.info", "polish.LICENSE.txt", "polish.README.txt"]


def fetch(cache_dir):
    """Path of polish.dict in cache_dir, downloading the Debian package first if needed."""
    os.makedirs(cache_dir, exist_ok=True)
    dict_path = os.path.join(cache_dir, "polish.dict")
    if os.path.exists(dict_path):
        return dict_path
    debs = glob.glob(os.path.join(cache_dir, DEB_PACKAGE + "_*.deb"))
    if not debs:
        subprocess.run(["apt-get", "download", DEB_PACKAGE], cwd=cache_dir, check=True)
        debs = glob.glob(os.path.join(cache_dir, DEB_PACKAGE + "_*.deb"))
    if not debs:
        sys.exit(f"{cache_dir}: apt-get download {DEB_PACKAGE} left no .deb")
    tar_bytes = subprocess.run(["dpkg-deb", "--fsys-tarfile", debs[0]], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar_bytes)) as tar:
        member = next((m for m in tar.getmembers() if m.name.lstrip("./") == JAR), None)
        if member is None:
            sys.exit(f"{debs[0]}: no {JAR}")
        jar = tar.extractfile(member).read()
    with zipfile.ZipFile(io.BytesIO(jar)) as z:
        for name in FILES:
            with open(os.path.join(cache_dir, name), "wb") as f:
                f.write(z.read(IN_JAR + name))
    return dict_path


def read_info(dict_path):
    """The key=value settings of polish.info next to polish.dict."""
    info = {}
    with open(dict_path[: -len(".dict")] + ".info", encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#") and "=" in line:
                k, v = line.split("=", 1)
                info[k.strip()] = v.strip()
    return info


NEXT, LAST, FINAL, LABEL_MASK = 0x80, 0x40, 0x20, 0x1F


def sequences(data):
    """Every byte sequence a CFSA2 automaton accepts (in no particular order)."""
    if data[:4] != b"\\fsa" or data[4] != 0xC6:
        raise ValueError("not a CFSA2 automaton (expected \\fsa and version 0xC6)")
    flags = int.from_bytes(data[5:7], "big")
    if flags & 0x100:
        raise ValueError("automata with NUMBERS are not supported")
    n = data[7]
    labels = data[8 : 8 + n]
    arcs = data[8 + n :]

    def skip_arc(o):
        f = arcs[o]
        o += 1 if f & LABEL_MASK else 2
        if not f & NEXT:
            while arcs[o] & 0x80:
                o += 1
            o += 1
        return o

    def varint(o):
        v, shift = 0, 0
        while True:
            b = arcs[o]
            v |= (b & 0x7F) << shift
            if b < 0x80:
                return v
            o += 1
            shift += 7

    memo = {}

    def node_arcs(node):
        r = memo.get(node)
        if r is not None:
            return r
        out, pending, o = [], [], node
        while True:
            f = arcs[o]
            idx = f & LABEL_MASK
            label = labels[idx] if idx else arcs[o + 1]
            target = None if f & NEXT else varint(o + (1 if idx else 2))
            out.append([label, bool(f & FINAL), target])
            if target is None:
                pending.append(out[-1])
            if f & LAST:
                after = skip_arc(o)
                break
            o = skip_arc(o)
        for a in pending:
            a[2] = after
        r = memo[node] = [tuple(a) for a in out]
        return r

    root = node_arcs(0)[0][2]
    stack = [(root, b"")]
    while stack:
        node, prefix = stack.pop()
        for label, final, target in node_arcs(node):
            p = prefix + bytes((label,))
            if target:
                stack.append((target, p))
            if final:
                yield p


def decode_lemma(form, code):
    """The lemma bytes of `form` under a PREFIX-encoder code (see the module doc)."""
    cut_start, cut_end = (code[0] - 65) & 0xFF, (code[1] - 65) & 0xFF
    if cut_start == 255 or cut_end == 255:
        cut_start, cut_end = len(form), 0
    return form[cut_start : len(form) - cut_end] + code[2:]


def entries(dict_path):
    """(form, lemma, tags) of every entry of a Morfologik dictionary with the PREFIX encoder."""
    info = read_info(dict_path)
    sep = info.get("fsa.dict.separator", "+").encode()
    if info.get("fsa.dict.encoder", "").upper() != "PREFIX":
        raise ValueError(f"{dict_path}: encoder {info.get('fsa.dict.encoder')!r}, expected PREFIX")
    enc = info.get("fsa.dict.encoding", "UTF-8")
    with open(dict_path, "rb") as f:
        data = f.read()
    for seq in sequences(data):
        parts = seq.split(sep, 2)
        if len(parts) != 3:
            continue
        form, code, tags = parts
        yield form.decode(enc), decode_lemma(form, code).decode(enc), tags.decode(enc)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.stdout
    for form, lemma, tags in entries(fetch(sys.argv[1])):
        out.write(f"{form}\t{lemma}\t{tags}\n")
