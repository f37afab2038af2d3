//! Output of the stage commands (detect, split, quotes), as text or JSON Lines.

use std::io::Write;

use serde_json::json;

use crate::lang::Lang;
use crate::model::{Document, Span};
use crate::output::jsonl::{push_str, push_uint};
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

/// The unit `detect` reports a language for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// The whole file.
    Document,
    /// Each paragraph (the routing decision the other stages use).
    Paragraph,
    /// Each line, detected on its own.
    Line,
}

/// The language of `doc` (already routed) per `unit`, one result per line; `file` names it.
pub fn write_detections<W: Write + ?Sized>(
    out: &mut W,
    jsonl: bool,
    file: &str,
    doc: &Document,
    unit: Unit,
) -> std::io::Result<()> {
    match unit {
        Unit::Document => write_detection(out, jsonl, file, None, doc.lang, doc.lang_confidence),
        Unit::Paragraph => {
            for p in &doc.paragraphs {
                write_detection(out, jsonl, file, Some((p.span, doc.slice(p.span))), p.lang, p.confidence)?;
            }
            Ok(())
        }
        Unit::Line => {
            for span in crate::ingest::line_spans(&doc.text) {
                let t = doc.slice(span);
                let d = crate::lang::detect(t);
                write_detection(out, jsonl, file, Some((span, t)), d.lang, d.confidence)?;
            }
            Ok(())
        }
    }
}

/// The decoded text of `doc` (ending with a line feed), or with `paragraphs` one line per paragraph
/// with its byte span: `[start..end] text`.
pub fn write_text<W: Write + ?Sized>(out: &mut W, doc: &Document, paragraphs: bool) -> std::io::Result<()> {
    if paragraphs {
        for p in &doc.paragraphs {
            writeln!(out, "[{}..{}] {}", p.span.start, p.span.end, doc.slice(p.span))?;
        }
    } else {
        out.write_all(doc.text.as_bytes())?;
        if !doc.text.ends_with('\n') {
            writeln!(out)?;
        }
    }
    Ok(())
}

/// The document's sentences.
pub fn write_sentences<W: Write + ?Sized>(out: &mut W, jsonl: bool, doc: &Document) -> std::io::Result<()> {
    // Lines are gathered in a buffer written out every 64 KiB or so.
    const FLUSH: usize = 1 << 16;
    let mut buf = Vec::with_capacity(FLUSH + 4096);
    for s in &doc.sentences {
        let t = doc.slice(s.span);
        if jsonl {
            // The bytes of `json!({"start", "end", "text"}).to_string()`, written directly (the tests
            // check them against it).
            buf.extend_from_slice(b"{\"start\":");
            push_uint(&mut buf, s.span.start);
            buf.extend_from_slice(b",\"end\":");
            push_uint(&mut buf, s.span.end);
            buf.extend_from_slice(b",\"text\":");
            push_str(&mut buf, t);
            buf.extend_from_slice(b"}\n");
        } else {
            // Line breaks inside a sentence become spaces.
            let mut rest = t.as_bytes();
            while let Some(at) = memchr::memchr2(b'\n', b'\r', rest) {
                buf.extend_from_slice(&rest[..at]);
                buf.push(b' ');
                rest = &rest[at + 1..];
            }
            buf.extend_from_slice(rest);
            buf.push(b'\n');
        }
        if buf.len() >= FLUSH {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `split --format jsonl` lines are the bytes of printing `json!({"start", "end", "text"})`, for
    /// text with every kind of character JSON escapes; the text format puts one sentence a line.
    #[test]
    fn sentence_lines_are_the_json_values_bytes() {
        // Control characters once (more would make the text binary data), the rest repeated.
        let body = "Plain \"quoted\" back\\slash.\tTab end. Zażółć\r\ngęślą\u{2028}jaźń „x”! ";
        let text = format!("A \u{1}x\u{1f}y\u{7f} start. {}", body.repeat(3000));
        let mut doc = crate::ingest::ingest_bytes("t", text.as_bytes(), &Default::default()).expect("text");
        doc.paragraphs.iter_mut().for_each(|p| p.lang = Lang::Pl);
        crate::segment::segment(&mut doc);
        assert!(doc.sentences.len() > 3000, "{} sentences", doc.sentences.len());
        let mut direct = Vec::new();
        write_sentences(&mut direct, true, &doc).expect("write");
        let mut via_value = String::new();
        for s in &doc.sentences {
            let v = json!({"start": s.span.start, "end": s.span.end, "text": doc.slice(s.span)});
            via_value.push_str(&v.to_string());
            via_value.push('\n');
        }
        assert_eq!(String::from_utf8(direct).expect("UTF-8"), via_value);
        let mut plain = Vec::new();
        write_sentences(&mut plain, false, &doc).expect("write");
        let expected: String =
            doc.sentences.iter().map(|s| doc.slice(s.span).replace(['\n', '\r'], " ") + "\n").collect();
        assert_eq!(String::from_utf8(plain).expect("UTF-8"), expected);
    }
}
