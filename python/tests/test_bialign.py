"""Tests of the bialign Python package against the command line it mirrors.

The CLI is $BIALIGN_BIN, or else the repository's target/release or target/debug build (CI runs
`cargo test` first, which builds target/debug/bialign). A missing binary fails the tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import bialign

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(REPO, "corpus", "carrie-diaries")
DEV = os.path.join(REPO, "corpus", "align-dev")


def _bin() -> str:
    env = os.environ.get("BIALIGN_BIN")
    if env:
        return env
    for profile in ("release", "debug"):
        p = os.path.join(REPO, "target", profile, "bialign")
        if os.path.exists(p):
            return p
    pytest.fail("no bialign binary: set BIALIGN_BIN or run `cargo build` first")


BIN = None


def cli(*args: str, input: bytes | None = None, ok=(0,)) -> bytes:
    global BIN
    BIN = BIN or _bin()
    p = subprocess.run([BIN, *args], input=input, capture_output=True)
    assert p.returncode in ok, p.stderr.decode()
    return p.stdout


def read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


EN_PATH = os.path.join(SAMPLE, "en.txt")
PL_PATH = os.path.join(SAMPLE, "pl.txt")
EN = read(EN_PATH)
PL = read(PL_PATH)


def dev_pairs(n: int):
    """The first n article variants of align-dev as (id, en, pl), sorted by id."""
    out = []
    for dirpath, _dirs, files in os.walk(DEV):
        if "en.txt" in files and "pl.txt" in files:
            rid = os.path.relpath(dirpath, DEV).replace(os.sep, "/")
            out.append((rid, read(os.path.join(dirpath, "en.txt")), read(os.path.join(dirpath, "pl.txt"))))
    out.sort()
    return out[:n]


# --- align ------------------------------------------------------------------------------------


def test_align_sample_pair_is_the_cli_jsonl_byte_for_byte():
    r = bialign.align(EN, PL)
    assert r.to_json().encode() == cli("align", EN_PATH, PL_PATH, "--format", "jsonl")
    assert r.quotes and r.sentences and r.mode in ("translation", "comparable")
    assert not r.swapped and r.id is None and not r.is_error


@pytest.mark.parametrize(
    "kwargs,args",
    [
        ({"mode": "translation"}, ["--mode", "translation"]),
        ({"mode": "comparable", "only": "quotes"}, ["--mode", "comparable", "--only", "quotes"]),
        ({"only": "sentences", "min_score": 0.5}, ["--only", "sentences", "--min-score", "0.5"]),
    ],
)
def test_align_options_match_the_cli(kwargs, args):
    r = bialign.align(EN, PL, **kwargs)
    assert r.to_json().encode() == cli("align", EN_PATH, PL_PATH, "--format", "jsonl", *args)


def test_align_sides_given_polish_first_are_swapped_like_the_cli():
    r = bialign.align(PL, EN)
    assert r.swapped
    assert r.to_json().encode() == cli("align", PL_PATH, EN_PATH, "--format", "jsonl")


def test_links_are_the_records_and_spans_index_the_utf8_text():
    r = bialign.align(EN.encode(), PL.encode())  # bytes work as str does
    links = r.quotes + r.sentences
    assert "".join(l.to_json() + "\n" for l in links) == r.to_json()
    recs = r.records()
    assert [l.to_dict() for l in links] == recs
    assert r.to_dict()["records"] == recs and r.to_dict()["mode"] == r.mode
    en_bytes = r.en_text.encode()
    for l, rec in zip(links, recs):
        assert l.kind == rec["kind"] and l.score == rec["score"]
        for s in l.en:
            assert en_bytes[s.start : s.end].decode() == s.text
        assert [s.to_dict() for s in l.en] == rec["en"]
        assert [s.to_dict() for s in l.pl] == rec["pl"]
    k, q = next((k, l) for k, l in enumerate(links) if l.kind == "quote" and l.is_match)
    assert (q.speaker_en, q.speaker_pl) == (recs[k]["speaker"]["en"], recs[k]["speaker"]["pl"])
    assert set(q.evidence) == {"names", "numbers", "lexicon", "cognates", "speaker_match", "method"}



# --- stages -----------------------------------------------------------------------------------


def test_split_quotes_detect_match_the_cli():
    cli_split = [json.loads(l) for l in cli("split", EN_PATH, "--format", "jsonl").splitlines()]
    assert [s.to_dict() for s in bialign.split(EN)] == cli_split
    cli_pl = [json.loads(l) for l in cli("split", PL_PATH, "--format", "jsonl", "--lang", "pl").splitlines()]
    assert [s.to_dict() for s in bialign.split(PL, lang="pl")] == cli_pl
    cli_quotes = cli("quotes", PL_PATH, "--format", "jsonl").decode().splitlines()
    qs = bialign.quotes(PL)
    assert qs and [q.to_json() for q in qs] == cli_quotes
    assert [q.to_dict() for q in qs] == [json.loads(l) for l in cli_quotes]
    assert any(q.speaker for q in qs)
    det = json.loads(cli("detect", EN_PATH, "--format", "jsonl"))
    d = bialign.detect(EN)
    assert (d.lang, d.confidence) == (det["lang"], det["confidence"]) == ("en", d.confidence)
    assert bialign.detect(PL).lang == "pl"


def test_detect_of_short_and_mixed_texts_matches_the_cli(tmp_path):
    texts = ["Ala ma kota.", "Prices rose.", "Tak, OK, the end.", GERMAN, "Rząd said nie."]
    for i, t in enumerate(texts):
        path = tmp_path / f"{i}.txt"
        path.write_text(t, encoding="utf-8")
        det = json.loads(cli("detect", str(path), "--format", "jsonl"))
        d = bialign.detect(t)
        assert (d.lang, d.confidence) == (det["lang"], det["confidence"]), t
    assert any(bialign.detect(t).confidence < 1 for t in texts)


def test_qa_matches_the_cli():
    want = cli("qa", EN_PATH, PL_PATH, "--format", "jsonl").decode().splitlines()
    got = bialign.qa(EN, PL)
    assert got and [f.to_json() for f in got] == want
    assert all(f.severity in ("error", "warning", "style") for f in got)


# --- align_many -------------------------------------------------------------------------------

GERMAN = (
    "Die Regierung hat am Montag den Entwurf des Haushalts für das kommende Jahr beschlossen. "
    "Der Minister sagte, das Defizit werde geringer ausfallen als erwartet."
)


def small_batch():
    recs = [{"id": i, "en": e, "pl": p} for i, e, p in dev_pairs(6)]
    recs.append({"id": "sample-swapped", "en": PL, "pl": EN})
    recs.append({"id": "german", "en": GERMAN, "pl": PL})
    recs.append({"id": "both-english", "en": EN, "pl": EN})
    recs.append({"id": "sample", "en": EN, "pl": PL})
    return recs


def test_align_many_is_bialign_batch_byte_for_byte(tmp_path):
    recs = small_batch()
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
    want = cli("batch", str(path), "--quiet", ok=(1,))  # exit 1: two records fail
    results = list(bialign.align_many(recs, jobs=2))
    assert [r.id for r in results] == [r["id"] for r in recs]
    assert "".join(r.to_json() for r in results).encode() == want
    assert [r.is_error for r in results] == [False] * 7 + [True, True, False]
    assert results[6].swapped and "swapped" in results[6].records()[0]["note"]
    assert results[7].kind == "language" and "German" in results[7].error
    with pytest.raises(bialign.LanguageError):
        results[7].raise_error()


def test_align_many_tuples_generators_and_jobs_agree():
    # A long pair first, short ones after: the short ones finish first and must wait their turn.
    long_first = sorted(dev_pairs(3), key=lambda p: -len(p[1]))
    shorts = [(f"short-{i}", en, pl) for i, (en, pl) in enumerate(GOOD)]
    pairs = long_first[:1] + shorts + [("sample", EN, PL)] + long_first[1:]
    one = [r.to_json() for r in bialign.align_many(pairs, jobs=1)]
    gen = (p for p in pairs)
    results = list(bialign.align_many(gen, jobs=2, mode="auto"))
    assert [r.id for r in results] == [p[0] for p in pairs]
    assert [r.to_json() for r in results] == one
    # The same texts through align(): the records are the same but for "doc".
    r = bialign.align(pairs[0][1], pairs[0][2])
    docless = [json.dumps({k: v for k, v in json.loads(l).items() if k != "doc"}, ensure_ascii=False) for l in one[0].splitlines()]
    assert [json.loads(l) for l in docless] == r.records()


def test_align_many_bad_records_are_error_results_and_the_rest_go_on():
    recs = [
        ("ok-1", EN, PL),
        ("none", None, PL),
        ("bad-bytes", b"caf\xe9 au lait", PL),
        ("short",),
        42,
        {"id": "no-pl", "en": EN},
        {"id": 7, "en": EN, "pl": PL},
        ("huge", "a. " * (40 << 20), PL),
        ("ok-2", PL, EN),
    ]
    results = list(bialign.align_many(recs, jobs=2))
    assert len(results) == len(recs)
    assert [r.is_error for r in results] == [False] + [True] * 7 + [False]
    assert results[0].to_json() and results[-1].swapped
    by_id = {r.id: r for r in results}
    assert "expected str or bytes, got NoneType" in by_id["none"].error
    assert by_id["bad-bytes"].kind == "decode" and "bad-bytes (en): not valid UTF-8" in by_id["bad-bytes"].error
    assert "offset 3" in by_id["bad-bytes"].error and by_id["bad-bytes"].to_dict()["offset"] == 3
    assert "expected (id, en, pl), got 1 items" in results[3].error
    assert "got int" in results[4].error
    assert 'no "pl"' in by_id["no-pl"].error
    assert "the id is not a str" in results[6].error
    assert by_id["huge"].kind == "limit" and "memory" in by_id["huge"].error
    for r in results[1:-1]:
        rec = json.loads(r.to_json())
        assert set(rec) >= {"doc", "error", "kind"} and r.to_json().endswith("\n")


def test_align_many_passes_on_the_iterables_own_exception():
    def records():
        yield ("a", EN, PL)
        raise RuntimeError("the reader broke")

    it = bialign.align_many(records(), jobs=1)
    with pytest.raises(RuntimeError, match="the reader broke"):
        list(it)


# --- bad input --------------------------------------------------------------------------------


def test_none_is_a_type_error_naming_the_argument():
    with pytest.raises(TypeError, match="en: expected str or bytes, got NoneType"):
        bialign.align(None, PL)
    with pytest.raises(TypeError, match="pl: expected str or bytes, got int"):
        bialign.align(EN, 5)
    with pytest.raises(TypeError, match="text: expected str or bytes"):
        bialign.split(None)


def test_bytes_that_are_not_utf8_are_a_decode_error_with_the_offset():
    bad = EN.encode()[:100] + b"\xff\xfe" + EN.encode()[100:]
    with pytest.raises(bialign.DecodeError, match=r"en: not valid UTF-8 \(byte 0xff at offset 100\)") as e:
        bialign.align(bad, PL)
    assert e.value.kind == "decode" and isinstance(e.value, ValueError)
    with pytest.raises(bialign.DecodeError):
        bialign.quotes("ok".encode("utf-16"))
    with pytest.raises(bialign.DecodeError):
        bialign.detect("\ud800 lone surrogate")


def test_huge_empty_and_foreign_texts_are_clear_errors():
    with pytest.raises(bialign.LimitError, match="limit") as e:
        bialign.align("word " * (14 << 20), PL)
    assert e.value.kind == "limit"
    with pytest.raises(bialign.DecodeError, match="empty"):
        bialign.align("", PL)
    with pytest.raises(bialign.LanguageError, match="German"):
        bialign.align(GERMAN, PL)
    with pytest.raises(bialign.LanguageError, match="both English"):
        bialign.align(EN, EN)


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError, match="mode"):
        bialign.align(EN, PL, mode="fast")
    with pytest.raises(ValueError, match="only"):
        bialign.align(EN, PL, only="links")
    with pytest.raises(ValueError, match="min_score"):
        bialign.align(EN, PL, min_score=1.5)
    with pytest.raises(ValueError, match="lang"):
        bialign.split(EN, lang="de")
    with pytest.raises(ValueError, match="jobs"):
        bialign.align_many([], jobs=0)
    with pytest.raises(TypeError):
        bialign.align_many(None)


def test_help_is_worth_reading():
    doc = bialign.align.__doc__
    assert "Raises:" in doc and "DecodeError" in doc and "to_json()" in doc
    assert "input order" in bialign.align_many.__doc__


# --- OpusFilter-style filter ------------------------------------------------------------------

GOOD = [
    ("The minister said on Monday that 120 new schools would open in 2027.",
     "Minister powiedział w poniedziałek, że w 2027 roku zostanie otwartych 120 nowych szkół."),
    ("Anna Nowak won the race in Warsaw on Sunday.", "Anna Nowak wygrała w niedzielę wyścig w Warszawie."),
]
BAD = [
    ("The minister said on Monday that 120 new schools would open in 2027.",
     "Kot spał cały dzień na parapecie i nie chciał jeść."),
    ("Anna Nowak won the race in Warsaw on Sunday.", ""),
]


def test_opusfilter_filter_keeps_translations_and_drops_unrelated_pairs():
    from bialign.opusfilter import BialignFilter

    f = BialignFilter(threshold=0.3, min_matched=0.5)
    scores = list(f.score(GOOD + BAD))
    assert all(set(s) == {"score", "en_matched", "pl_matched"} for s in scores)
    assert list(f.decisions(GOOD + BAD)) == [True, True, False, False], scores
    assert list(f.filter(GOOD + BAD)) == GOOD
    assert scores[3] == {"score": 0.0, "en_matched": 0.0, "pl_matched": 0.0}
    with pytest.raises(ValueError):
        BialignFilter(threshold=2)


def test_import_does_not_load_json_or_pandas():
    code = "import sys, bialign; print('json' in sys.modules, 'pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_qa_reads_a_glossary_and_a_configuration_as_the_cli_does(tmp_path):
    gloss = tmp_path / "terms.tsv"
    gloss.write_text("television\ttelewizja\nseries\tserial\n", encoding="utf-8")
    conf = tmp_path / "qa.toml"
    conf.write_text('skip = ["length-ratio"]\nglossary = "terms.tsv"\n', encoding="utf-8")
    want = cli("qa", EN_PATH, PL_PATH, "--format", "jsonl", "--config", str(conf)).decode().splitlines()
    got = bialign.qa(EN, PL, config=conf)
    assert [f.to_json() for f in got] == want
    assert not any(f.check == "length-ratio" for f in got)
    assert [f.to_json() for f in bialign.qa(EN, PL, glossary=str(gloss))] == (
        cli("qa", EN_PATH, PL_PATH, "--format", "jsonl", "--glossary", str(gloss)).decode().splitlines()
    )
    bad = tmp_path / "bad.toml"
    bad.write_text("nonsense = 1\n", encoding="utf-8")
    with pytest.raises(bialign.BialignError, match="bad.toml"):
        bialign.qa(EN, PL, config=bad)
