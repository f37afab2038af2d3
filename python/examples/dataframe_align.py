#!/usr/bin/env python3
"""Align a table of article pairs with bialign: a pandas DataFrame, or a Hugging Face `datasets`
Dataset, with columns id, en and pl.

    python3 python/examples/dataframe_align.py [DIR] [--datasets] [--jobs N]

DIR (default corpus/align-dev) is searched for folders holding en.txt and pl.txt; each is a row.
The result is a DataFrame of sentence links (one row a link: id, kind, en, pl, score), the quote
pairs with their speakers, and the records that failed. pandas (and datasets, for --datasets) are
optional: `pip install pandas datasets`; without pandas the script prints the first records.
"""

from __future__ import annotations

import argparse
import os
import sys

import bialign

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pairs(root: str):
    for dirpath, _dirs, files in sorted(os.walk(root)):
        if "en.txt" in files and "pl.txt" in files:
            rid = os.path.relpath(dirpath, root).replace(os.sep, "/")
            with open(os.path.join(dirpath, "en.txt"), encoding="utf-8") as f:
                en = f.read()
            with open(os.path.join(dirpath, "pl.txt"), encoding="utf-8") as f:
                pl = f.read()
            yield {"id": rid, "en": en, "pl": pl}


def link_rows(results):
    """One row per link, and the failed records, from align_many's results."""
    rows, failed = [], []
    for r in results:
        if r.is_error:
            failed.append({"id": r.id, "kind": r.kind, "error": r.error})
            continue
        for link in r.quotes + r.sentences:
            rows.append({
                "id": r.id,
                "mode": r.mode,
                "kind": link.kind,
                "en": " ".join(s.text for s in link.en),
                "pl": " ".join(s.text for s in link.pl),
                "score": link.score,
                "speaker_en": link.speaker_en,
                "speaker_pl": link.speaker_pl,
            })
    return rows, failed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", nargs="?", default=os.path.join(REPO, "corpus", "align-dev"))
    ap.add_argument("--datasets", action="store_true", help="read the pairs through a datasets.Dataset")
    ap.add_argument("--jobs", type=int, default=None)
    args = ap.parse_args()

    records = list(pairs(args.dir))
    try:
        import pandas as pd
    except ImportError:
        pd = None

    if args.datasets:
        import datasets  # optional

        ds = datasets.Dataset.from_list(records)
        # A Dataset iterates as dicts with the column names: align_many takes them as they are.
        results = bialign.align_many(ds, jobs=args.jobs)
    elif pd is not None:
        df = pd.DataFrame(records)
        # itertuples(index=False, name=None) gives plain (id, en, pl) tuples.
        results = bialign.align_many(df[["id", "en", "pl"]].itertuples(index=False, name=None), jobs=args.jobs)
    else:
        results = bialign.align_many(records, jobs=args.jobs)

    rows, failed = link_rows(results)
    if pd is None:
        for row in rows[:5]:
            print(row)
        print(f"{len(rows)} links, {len(failed)} failed records (install pandas for a DataFrame)")
        return
    links = pd.DataFrame(rows)
    matched = links[(links.en != "") & (links.pl != "")]
    print(matched[matched.kind == "sentence"].groupby("id").score.agg(["count", "mean"]).head(8))
    quotes = matched[matched.kind == "quote"][["id", "speaker_en", "speaker_pl", "score"]]
    print(quotes.head(8).to_string(index=False))
    print(f"{len(links)} links over {links.id.nunique()} pairs, {len(failed)} failed records")
    if failed:
        print(pd.DataFrame(failed).to_string(index=False), file=sys.stderr)


if __name__ == "__main__":
    main()
