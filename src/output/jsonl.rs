//! JSON Lines, following DESIGN.md's output contract.

use serde_json::{json, Value};

use crate::align::{Alignment, Link};
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
    let keep = |l: &Link| l.en.is_empty() || l.pl.is_empty() || l.score >= min_score;
    if only != Only::Sentences {
        for l in a.quotes.iter().filter(|l| keep(l)) {
            writeln!(out, "{}", link_json(doc_id, "quote", l, en, pl))?;
        }
    }
    if only != Only::Quotes {
        for l in a.sentences.iter().filter(|l| keep(l)) {
            writeln!(out, "{}", link_json(doc_id, "sentence", l, en, pl))?;
        }
    }
    Ok(())
}
