//! JSON Lines, following DESIGN.md's output contract.

use serde::Serialize;
use serde_json::{json, Value};

use crate::align::{Alignment, Evidence, Link};
use crate::model::{Document, Span};

/// Which links to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Only {
    #[default]
    Both,
    Sentences,
    Quotes,
}

fn span_json(doc: &Document, s: Span) -> Value {
    json!({"start": s.start, "end": s.end, "text": doc.slice(s)})
}

/// One link as a JSON object. `doc_id` is set in batch mode.
pub fn link_json(doc_id: Option<&str>, kind: &str, link: &Link, en: &Document, pl: &Document) -> Value {
    let (en_spans, pl_spans): (Vec<Value>, Vec<Value>) = if kind == "quote" {
        (
            link.en.iter().map(|&i| span_json(en, en.quotes[i].span)).collect(),
            link.pl.iter().map(|&i| span_json(pl, pl.quotes[i].span)).collect(),
        )
    } else {
        (
            link.en.iter().map(|&i| span_json(en, en.sentences[i].span)).collect(),
            link.pl.iter().map(|&i| span_json(pl, pl.sentences[i].span)).collect(),
        )
    };
    let mut obj = serde_json::Map::new();
    if let Some(id) = doc_id {
        obj.insert("doc".into(), json!(id));
    }
    obj.insert("kind".into(), json!(kind));
    obj.insert("en".into(), Value::Array(en_spans));
    obj.insert("pl".into(), Value::Array(pl_spans));
    obj.insert("score".into(), json!((link.score as f64 * 1000.0).round() / 1000.0));
    if kind == "quote" {
        let spk = |d: &Document, idx: &[usize]| -> Value {
            idx.iter()
                .find_map(|&i| d.quotes[i].speaker.as_ref().map(|s| json!(s.name)))
                .unwrap_or(Value::Null)
        };
        obj.insert("speaker".into(), json!({"en": spk(en, &link.en), "pl": spk(pl, &link.pl)}));
    }
    obj.insert("evidence".into(), serde_json::to_value(&link.evidence).unwrap_or(Value::Null));
    Value::Object(obj)
}

/// A span as written by [`span_json`].
#[derive(Serialize)]
struct SpanOut<'a> {
    start: usize,
    end: usize,
    text: &'a str,
}

/// The speakers of a quote link (`null` when unknown).
#[derive(Serialize)]
struct SpeakersOut<'a> {
    en: Option<&'a str>,
    pl: Option<&'a str>,
}

/// A link as written by [`link_json`], serialised directly (no intermediate [`Value`]): the same
/// keys in the same order, the same bytes.
#[derive(Serialize)]
struct LinkOut<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    doc: Option<&'a str>,
    kind: &'a str,
    en: Vec<SpanOut<'a>>,
    pl: Vec<SpanOut<'a>>,
    score: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    speaker: Option<SpeakersOut<'a>>,
    evidence: &'a Evidence,
}

fn link_out<'a>(
    doc_id: Option<&'a str>,
    kind: &'a str,
    link: &'a Link,
    en: &'a Document,
    pl: &'a Document,
) -> LinkOut<'a> {
    let quote = kind == "quote";
    let spans = |d: &'a Document, idx: &[usize]| -> Vec<SpanOut<'a>> {
        idx.iter()
            .map(|&i| {
                let s = if quote { d.quotes[i].span } else { d.sentences[i].span };
                SpanOut { start: s.start, end: s.end, text: d.slice(s) }
            })
            .collect()
    };
    let spk = |d: &'a Document, idx: &[usize]| -> Option<&'a str> {
        idx.iter().find_map(|&i| d.quotes[i].speaker.as_ref().map(|s| s.name.as_str()))
    };
    LinkOut {
        doc: doc_id,
        kind,
        en: spans(en, &link.en),
        pl: spans(pl, &link.pl),
        score: (link.score as f64 * 1000.0).round() / 1000.0,
        speaker: quote.then(|| SpeakersOut { en: spk(en, &link.en), pl: spk(pl, &link.pl) }),
        evidence: &link.evidence,
    }
}

/// Write one link as a JSON line.
fn write_link<W: std::io::Write>(out: &mut W, link: &LinkOut) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, link)?;
    out.write_all(b"\n")
}

/// Write an alignment as JSON Lines: quote links first, then sentence links.
pub fn write_alignment<W: std::io::Write>(
    out: &mut W,
    doc_id: Option<&str>,
    a: &Alignment,
    en: &Document,
    pl: &Document,
    only: Only,
    min_score: f32,
) -> std::io::Result<()> {
    let keep = |l: &Link| l.kept(min_score);
    if only != Only::Sentences {
        for l in a.quotes.iter().filter(|l| keep(l)) {
            write_link(out, &link_out(doc_id, "quote", l, en, pl))?;
        }
    }
    if only != Only::Quotes {
        for l in a.sentences.iter().filter(|l| keep(l)) {
            write_link(out, &link_out(doc_id, "sentence", l, en, pl))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct writer gives the same bytes as printing [`link_json`]'s value.
    #[test]
    fn direct_writer_matches_link_json() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/carrie-diaries");
        let read = |f: &str| {
            crate::analyze(f, &std::fs::read(dir.join(f)).expect("sample pair"), &Default::default())
                .expect("analyze")
        };
        let (en, pl) = (read("en.txt"), read("pl.txt"));
        let a = crate::align(&en, &pl, &Default::default());
        assert!(!a.quotes.is_empty() && !a.sentences.is_empty());
        for id in [None, Some("doc \"1\"\t/é")] {
            let mut direct = Vec::new();
            write_alignment(&mut direct, id, &a, &en, &pl, Only::Both, 0.0).expect("write");
            let mut via_value = String::new();
            for (kind, links) in [("quote", &a.quotes), ("sentence", &a.sentences)] {
                for l in links {
                    via_value.push_str(&link_json(id, kind, l, &en, &pl).to_string());
                    via_value.push('\n');
                }
            }
            assert_eq!(String::from_utf8(direct).expect("utf-8"), via_value);
        }
    }
}
