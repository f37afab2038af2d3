//! What `bialign pair` writes: the pairs with their evidence, the documents left unpaired, each
//! document's best candidates, or batch input records with both texts; and the summary line.

use std::io::Write;
use std::time::Duration;

use serde_json::json;

use super::input::{read_text, Loaded};
use super::{Collection, Pairing};
use crate::error::{Error, Result};
use crate::ingest::IngestOptions;

const SIDE_NAME: [&str; 2] = ["en", "pl"];

fn round3(x: f32) -> f64 {
    (f64::from(x) * 1000.0).round() / 1000.0
}

/// One line per pair, `{"en","pl","score","evidence"}`; then with `unpaired` one line per document
/// left without a partner (`{"unpaired":"en"|"pl","id","best"}`); then with `candidates` > 0 each
/// document's best `candidates` (`{"candidates":"en"|"pl","id","top"}`).
pub fn write_pairs(
    out: &mut dyn Write,
    coll: &Collection,
    pairing: &Pairing,
    unpaired: bool,
    candidates: usize,
) -> std::io::Result<()> {
    for p in &pairing.pairs {
        let ev = coll.evidence(p.en, p.pl);
        let r =
            json!({"en": coll.id(0, p.en), "pl": coll.id(1, p.pl), "score": round3(p.score), "evidence": ev});
        writeln!(out, "{r}")?;
    }
    if unpaired {
        for (s, &side) in SIDE_NAME.iter().enumerate() {
            for i in (0..coll.len(s)).filter(|&i| !pairing.paired[s][i]) {
                let mut r = json!({"unpaired": side, "id": coll.id(s, i)});
                if let Some(&(j, score)) = pairing.candidates[s][i].first() {
                    r["best"] = json!({"id": coll.id(1 - s, j as usize), "score": round3(score)});
                }
                writeln!(out, "{r}")?;
            }
        }
    }
    if candidates > 0 {
        for (s, &side) in SIDE_NAME.iter().enumerate() {
            for i in 0..coll.len(s) {
                let top: Vec<serde_json::Value> = pairing.candidates[s][i]
                    .iter()
                    .take(candidates)
                    .map(|&(j, score)| json!({"id": coll.id(1 - s, j as usize), "score": round3(score)}))
                    .collect();
                writeln!(out, "{}", json!({"candidates": side, "id": coll.id(s, i), "top": top}))?;
            }
        }
    }
    Ok(())
}

/// One line per document, English side first, in input order:
/// `{"side":"en"|"pl","id","date","keys":[[KEY,COUNT,TEXT],…]}`, where KEY is the raw 64-bit key
/// (its kind in the top two bits, see [`super::keys`]), COUNT its count in the document and TEXT the
/// key as the evidence shows it (or null). `date` is days since 1970-01-01, or null. What a job that
/// pairs elsewhere (examples/spark/pair_corpus.py) needs to weigh keys, score and assign as
/// [`Collection::pair`] does.
pub fn write_keys(out: &mut dyn Write, coll: &Collection) -> std::io::Result<()> {
    for (s, &side) in SIDE_NAME.iter().enumerate() {
        for i in 0..coll.len(s) {
            let keys: Vec<serde_json::Value> =
                coll.doc_keys(s, i).into_iter().map(|(k, c, t)| json!([k, c, t])).collect();
            let r = json!({"side": side, "id": coll.id(s, i), "date": coll.date(s, i), "keys": keys});
            writeln!(out, "{r}")?;
        }
    }
    Ok(())
}

/// One batch input record `{"id":"EN_ID|PL_ID","en":TEXT,"pl":TEXT}` per pair, the texts read again
/// from their sources (kept by [`super::input::load`] with `keep_sources`). A text that cannot be
/// read is passed to `on_error` and its pair left out; returns how many were. A write error names
/// `out_name`.
pub fn write_records(
    out: &mut dyn Write,
    out_name: &str,
    coll: &Collection,
    pairing: &Pairing,
    loaded: &Loaded,
    ingest: &IngestOptions,
    on_error: &mut dyn FnMut(&Error),
) -> Result<usize> {
    let mut failed = 0;
    for p in &pairing.pairs {
        let texts =
            [(0, p.en), (1, p.pl)].map(|(s, i)| read_text(&loaded.sources[s][i], &loaded.inputs, ingest));
        match texts {
            [Ok(en), Ok(pl)] => {
                let id = format!("{}|{}", coll.id(0, p.en), coll.id(1, p.pl));
                writeln!(out, "{}", json!({"id": id, "en": en, "pl": pl}))
                    .map_err(|e| Error::output(out_name, "cannot write", &e))?;
            }
            [a, b] => {
                for e in [a.err(), b.err()].into_iter().flatten() {
                    on_error(&e);
                    failed += 1;
                }
            }
        }
    }
    Ok(failed)
}

/// The summary line of `pair` on standard error: documents, pairs, unpaired, failed, index size and
/// the time spent reading and pairing.
pub fn summary(coll: &Collection, p: &Pairing, failed: usize, read: Duration, paired: Duration) -> String {
    let left = |s: usize| p.paired[s].iter().filter(|&&b| !b).count();
    let (keys, postings) = coll.index_size();
    format!(
        "bialign: pair: {} English and {} Polish documents, {} pairs; {} English and {} Polish unpaired; {} failed; index {} keys, {} postings; read {:.1} s, paired {:.1} s",
        coll.len(0),
        coll.len(1),
        p.pairs.len(),
        left(0),
        left(1),
        failed,
        keys,
        postings,
        read.as_secs_f64(),
        paired.as_secs_f64()
    )
}
