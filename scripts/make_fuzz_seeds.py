#!/usr/bin/env python3
"""Write the committed fuzz seed corpus (fuzz/seeds/<target>/) from the sample pair and tricky fragments.

Run from the repository root: python3 scripts/make_fuzz_seeds.py. The fuzz targets take a leading
selector byte (ingest: HTML mode; split/quotes: English or Polish rules and the quote depth limit);
align takes two documents separated by a 0xFF byte (never present in UTF-8 text).
"""
import hashlib
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EN = open(os.path.join(ROOT, "corpus/carrie-diaries/en.txt"), "rb").read()
PL = open(os.path.join(ROOT, "corpus/carrie-diaries/pl.txt"), "rb").read()

FRAGMENTS = [
    EN[:1500],
    PL[:1500],
    "„Nie wiem” - mówi Harris. »Tak« — dodał. «Non» ‚pojedynczy’ “curly” 'single' \"straight\"".encode(),
    '"He said "she said "they said "we said" " " "'.encode(),
    "„„„„„„„„„„„„„„„„””””””””””””””””".encode(),
    "\"\"\"\"\"\"''''''“”“”«»«»".encode(),
    b"!?.;:...!!!???,,,---()[]{}",
    "Dr. Smith met Mr. J. R. R. Tolkien at 3 p.m. on Jan. 5, 2021. Then he left. ul. Marszałkowska 1, godz. 12.".encode(),
    "Zdanie pierwsze.\u00a0Zdanie\u00a0drugie!\u00a0„Cytat\u00a0tu” –\u00a0powiedział\u00a0Jan.".encode(),
    "abc\u200b\u200d\u2060def. \u202eevil\u202c text. \u2067isolate\u2069 done.".encode(),
    b"Line one.\rLine two.\r\rParagraph two.\rEnd",
    b"Line one.\r\nLine two.\r\n\r\nParagraph\r\n",
    "e\u0301\u0301\u0301 combining. \U0001F600 emoji sentence. Ąę śćź ŻÓŁ.".encode(),
    "Zażółć gęślą jaźń".encode("utf-16"),
    "Zażółć gęślą jaźń".encode("windows-1250"),
    "Zażółć gęślą jaźń".encode("iso-8859-2"),
    b"\xff\xfe\x00\xd8a\x00",  # UTF-16LE with a lone surrogate
    b"\xc3\x28\xa0\xa1\xe2\x28\xa1\xf0\x90\x28\xbc valid? no.",
    b"<html><body><p>One.</p><div><p>\"Two,\" he said.</p></div><script>x</script></body></html>",
    b"<div>" * 200 + b"deep text." + b"</div>" * 200,
    b"<p>unclosed <b>bold <i>italic &amp; &#x201e;ent&#8221; &bogus;",
    b"",
    b"\n\n\n   \t  \n",
]


def write(target, name, data):
    d = os.path.join(ROOT, "fuzz", "seeds", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    for i, frag in enumerate(FRAGMENTS):
        for sel in (0, 1, 2):
            write("ingest", f"frag{i:02}-{sel}", bytes([sel]) + frag)
        for sel in (0, 1, 7, 31):
            write("split", f"frag{i:02}-{sel}", bytes([sel]) + frag)
            write("quotes", f"frag{i:02}-{sel}", bytes([sel]) + frag)
    for sel in (0, 1):
        write("ingest", f"sample-en-{sel}", bytes([sel]) + EN)
        write("ingest", f"sample-pl-{sel}", bytes([sel]) + PL)
        write("split", f"sample-en-{sel}", bytes([sel]) + EN)
        write("split", f"sample-pl-{sel}", bytes([sel + 1]) + PL)
        write("quotes", f"sample-en-{sel}", bytes([sel * 2]) + EN)
        write("quotes", f"sample-pl-{sel}", bytes([sel * 2 + 1]) + PL)
    write("align", "sample", EN + b"\xff" + PL)
    write("align", "sample-head", EN[:2000] + b"\xff" + PL[:1200])
    for i, frag in enumerate(FRAGMENTS):
        other = FRAGMENTS[(i + 1) % len(FRAGMENTS)]
        write("align", f"frag{i:02}", frag + b"\xff" + other)
    n = sum(len(fs) for _, _, fs in os.walk(os.path.join(ROOT, "fuzz", "seeds")))
    print(f"{n} seed files")


if __name__ == "__main__":
    main()
