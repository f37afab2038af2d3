//! Output of the stage commands (detect, split, quotes), as text or JSON Lines.

use std::io::Write;

use serde_json::json;

use crate::lang::Lang;
use crate::model::{Document, Span};
use crate::output::text::clip;

/// One detection result: a whole file (`unit` None) or a paragraph/line (its span and text).
pub fn write_detection<W: Write + ?Sized>(
    out: &mut W,
    jsonl: bool,
    file: &str,
    unit: Option<(Span, &str)>,
    lang: Lang,
    confidence: f32,
) -> std::io::Result<()> {
    let conf = (confidence as f64 * 1000.0).round() / 1000.0;
    match (jsonl, unit) {
        (true, None) => writeln!(out, "{}", json!({"file": file, "lang": lang.code(), "confidence": conf})),
        (true, Some((s, _))) => writeln!(
            out,
            "{}",
            json!({"file": file, "start": s.start, "end": s.end, "lang": lang.code(), "confidence": conf})
        ),
        (false, None) => writeln!(out, "{file}\t{}\t{conf:.2}", lang.code()),
        (false, Some((s, t))) => {
            writeln!(out, "{file}:{}-{}\t{}\t{conf:.2}\t{}", s.start, s.end, lang.code(), clip(t, 60))
        }
    }
}

/// The document's sentences.
pub fn write_sentences<W: Write + ?Sized>(out: &mut W, jsonl: bool, doc: &Document) -> std::io::Result<()> {
    for s in &doc.sentences {
        let t = doc.slice(s.span);
        if jsonl {
            // The bytes of `json!({"start", "end", "text"})`, written directly (the schema test checks them).
            write!(out, "{{\"start\":{},\"end\":{},\"text\":", s.span.start, s.span.end)?;
            serde_json::to_writer(&mut *out, t)?;
            out.write_all(b"}\n")?;
        } else {
            writeln!(out, "{}", t.replace(['\n', '\r'], " "))?;
        }
    }
    Ok(())
}

/// The document's quotations with kind and speaker.
pub fn write_quotes<W: Write + ?Sized>(out: &mut W, jsonl: bool, doc: &Document) -> std::io::Result<()> {
    for q in &doc.quotes {
        let t = doc.slice(q.span);
        if jsonl {
            let mut o = json!({"start": q.span.start, "end": q.span.end, "text": t, "kind": q.kind.as_str(),
                "speaker": q.speaker.as_ref().map(|s| s.name.clone()),
                "speaker_text": q.speaker.as_ref().filter(|s| !s.span.is_empty()).map(|s| doc.slice(s.span)),
                "speaker_span": q.speaker.as_ref().filter(|s| !s.span.is_empty()).map(|s| json!({"start": s.span.start, "end": s.span.end})),
                "utterance": q.utterance});
            if q.unbalanced {
                o["unbalanced"] = json!(true);
            }
            if q.depth > 0 {
                o["depth"] = json!(q.depth);
            }
            writeln!(out, "{o}")?;
        } else {
            // Nested quotes are indented under their quote; pieces of one utterance share "u<id>".
            let who = q.speaker.as_ref().map(|s| s.name.as_str()).unwrap_or("-");
            writeln!(
                out,
                "{}{:<7} {:<20} u{:<3} [{}..{}] «{}»{}",
                "  ".repeat(q.depth as usize),
                q.kind.as_str(),
                clip(who, 20),
                q.utterance,
                q.span.start,
                q.span.end,
                clip(&t.replace(['\n', '\r'], " "), 90),
                if q.unbalanced { "  (unbalanced)" } else { "" }
            )?;
        }
    }
    Ok(())
}
