#!/usr/bin/env python3
"""Sensitivity of `bialign qa` on professional translations: change one number in the Polish side of a
dev-set parallel article, run the QA, and count how often a number-mismatch error points at the change.

Usage: scripts/qa_inject.py [SET_DIR] [PER_ARTICLE]   (default corpus/align-dev, 3 changes per article)
Needs target/debug/bialign or target/release/bialign (BIALIGN_BIN overrides).
"""
import glob, json, os, re, subprocess, sys, tempfile

set_dir = sys.argv[1] if len(sys.argv) > 1 else "corpus/align-dev"
per = int(sys.argv[2]) if len(sys.argv) > 2 else 3
bin_ = os.environ.get("BIALIGN_BIN") or next(
    (b for b in ("target/release/bialign", "target/debug/bialign") if os.path.exists(b)), None)
if not bin_:
    sys.exit("build bialign first (cargo build)")

found = total = 0
missed = []
for d in sorted(glob.glob(os.path.join(set_dir, "*", "*", "parallel"))):
    en = os.path.join(d, "en.txt")
    pl_text = open(os.path.join(d, "pl.txt"), encoding="utf-8").read()
    # Standalone integers (not part of 3,5 / 1 000 / 13:00 / dates written with dots).
    cands = [m for m in re.finditer(r"(?<![\d.,:/\-])\d{1,4}(?![\d.,:/\-]\d)", pl_text)]
    step = max(1, len(cands) // per) if cands else 1
    for m in cands[::step][:per]:
        n = int(m.group())
        new = str(n + 7 if n < 1000 else n + 3)
        text = pl_text[:m.start()] + new + pl_text[m.end():]
        start_b = len(pl_text[:m.start()].encode("utf-8"))
        end_b = start_b + len(new.encode("utf-8"))
        with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as f:
            f.write(text)
        out = subprocess.run([bin_, "qa", en, f.name, "--format", "jsonl"], capture_output=True, text=True)
        os.unlink(f.name)
        total += 1
        hit = False
        for line in out.stdout.splitlines():
            v = json.loads(line)
            if v["check"] == "number-mismatch" and v["severity"] == "error":
                if any(s["start"] < end_b and start_b < s["end"] for s in v["pl"]):
                    hit = True
        found += hit
        if not hit:
            ctx = text[max(0, m.start() - 40):m.end() + 40].replace("\n", " ")
            missed.append(f"{d}: {n}->{new}: …{ctx}…")
print(f"injected number changes found as number-mismatch errors at the changed span: {found}/{total}"
      f" ({100.0 * found / max(total, 1):.1f}%)")
for m in missed[:15]:
    print("  missed", m)
