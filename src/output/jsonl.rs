//! JSON Lines, following the output contract of docs/FORMAT.md (schema: docs/records.schema.json).

use serde::Serialize;
use serde_json::{json, Value};

use crate::align::{Alignment, Evidence, Link};
use crate::model::{Document, Span};

/// Which links to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Only {
    /// Sentence and quotation links.
    #[default]
    Both,
    /// Sentence links only.
    Sentences,
    /// Quotation links only.
    Quotes,
}

fn span_json(doc: &Document, s: Span) -> Value {
    json!({"start": s.start, "end": s.end, "text": doc.slice(s)})
}

/// One link as a JSON object. `doc_id` is set in batch mode; `mode` is the alignment's.
pub fn link_json(
    doc_id: Option<&str>,
    kind: &str,
    mode: crate::align::Mode,
    link: &Link,
    en: &Document,
    pl: &Document,
) -> Value {
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
    obj.insert("mode".into(), json!(mode.as_str()));
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
    mode: &'a str,
    en: Vec<SpanOut<'a>>,
    pl: Vec<SpanOut<'a>>,
    score: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    speaker: Option<SpeakersOut<'a>>,
    evidence: &'a Evidence,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

fn link_out<'a>(
    doc_id: Option<&'a str>,
    kind: &'a str,
    mode: crate::align::Mode,
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
        mode: mode.as_str(),
        en: spans(en, &link.en),
        pl: spans(pl, &link.pl),
        score: (link.score as f64 * 1000.0).round() / 1000.0,
        speaker: quote.then(|| SpeakersOut { en: spk(en, &link.en), pl: spk(pl, &link.pl) }),
        evidence: &link.evidence,
        note: None,
    }
}

/// Write one link as a JSON line.
fn write_link<W: std::io::Write>(out: &mut W, link: &LinkOut, line: &mut Vec<u8>) -> std::io::Result<()> {
    line.clear();
    render_link(line, link);
    line.push(b'\n');
    out.write_all(line)
}

/// `s` as a JSON string, escaped as serde_json escapes it: `"` and `\\`, the control characters
/// (`\b \f \n \r \t` by name, others as `\u00XX`); everything else as it is.
pub(crate) fn push_str(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let mut rest = s.as_bytes();
    while let Some(k) = first_escape(rest) {
        out.extend_from_slice(&rest[..k]);
        let x = rest[k];
        match x {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[(x >> 4) as usize]);
                out.push(HEX[(x & 0xF) as usize]);
            }
        }
        rest = &rest[k + 1..];
    }
    out.extend_from_slice(rest);
    out.push(b'"');
}

/// Whether a byte needs escaping in a JSON string.
#[inline]
fn escaped(x: u8) -> bool {
    x < 0x20 || x == b'"' || x == b'\\'
}

/// The position of the first byte of `b` that needs escaping: 32 bytes at a time, then eight.
#[inline]
fn first_escape(b: &[u8]) -> Option<usize> {
    let word = |w: &[u8]| escape_mask(u64::from_le_bytes(w.try_into().unwrap_or([0; 8])));
    let mut i = 0;
    while let Some(w) = b.get(i..i + 32) {
        if word(&w[..8]) | word(&w[8..16]) | word(&w[16..24]) | word(&w[24..]) != 0 {
            return w.iter().position(|&x| escaped(x)).map(|k| i + k);
        }
        i += 32;
    }
    while let Some(w) = b.get(i..i + 8) {
        if word(w) != 0 {
            return w.iter().position(|&x| escaped(x)).map(|k| i + k);
        }
        i += 8;
    }
    b[i..].iter().position(|&x| escaped(x)).map(|k| i + k)
}

/// Not zero exactly when a byte of `w` is below 0x20, `"` or `\\` (the usual "has a zero byte" tests,
/// which have no false positives as a whole).
#[inline]
fn escape_mask(w: u64) -> u64 {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let below = w.wrapping_sub(LO * 0x20) & !w & HI;
    let q = w ^ (LO * b'"' as u64);
    let quote = q.wrapping_sub(LO) & !q & HI;
    let s = w ^ (LO * b'\\' as u64);
    let slash = s.wrapping_sub(LO) & !s & HI;
    below | quote | slash
}

/// `n` in decimal, as serde_json writes it.
pub(crate) fn push_uint(out: &mut Vec<u8>, n: usize) {
    // Two digits at a time from a table of 00..99.
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566\
        676869707172737475767778798081828384858687888990919293949596979899";
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut n = n;
    while n >= 100 {
        let d = (n % 100) * 2;
        n /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[d..d + 2]);
    }
    if n >= 10 {
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[n * 2..n * 2 + 2]);
    } else {
        i -= 1;
        buf[i] = b'0' + n as u8;
    }
    out.extend_from_slice(&buf[i..]);
}

fn push_spans(out: &mut Vec<u8>, spans: &[SpanOut]) {
    out.push(b'[');
    for (k, s) in spans.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"start\":");
        push_uint(out, s.start);
        out.extend_from_slice(b",\"end\":");
        push_uint(out, s.end);
        out.extend_from_slice(b",\"text\":");
        push_str(out, s.text);
        out.push(b'}');
    }
    out.push(b']');
}

fn push_opt_str(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => push_str(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

/// The evidence object, as its `Serialize` derive writes it (empty lists and unset options left out).
fn push_evidence(out: &mut Vec<u8>, e: &Evidence) {
    out.push(b'{');
    let mut first = true;
    let mut key = |out: &mut Vec<u8>, k: &str| {
        if !first {
            out.push(b',');
        }
        first = false;
        push_str(out, k);
        out.push(b':');
    };
    for (k, list) in
        [("names", &e.names), ("numbers", &e.numbers), ("lexicon", &e.lexicon), ("cognates", &e.cognates)]
    {
        if !list.is_empty() {
            key(out, k);
            out.push(b'[');
            for (i, s) in list.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                push_str(out, s);
            }
            out.push(b']');
        }
    }
    if let Some(m) = e.speaker_match {
        key(out, "speaker_match");
        out.extend_from_slice(if m { b"true" } else { b"false" });
    }
    if let Some(m) = &e.method {
        key(out, "method");
        push_str(out, m);
    }
    out.push(b'}');
}

/// A link as serde_json writes [`LinkOut`] (the same keys, order and bytes), without going through
/// the serializer's writer calls.
fn render_link(out: &mut Vec<u8>, l: &LinkOut) {
    out.push(b'{');
    if let Some(d) = l.doc {
        out.extend_from_slice(b"\"doc\":");
        push_str(out, d);
        out.push(b',');
    }
    out.extend_from_slice(b"\"kind\":");
    push_str(out, l.kind);
    out.extend_from_slice(b",\"mode\":");
    push_str(out, l.mode);
    out.extend_from_slice(b",\"en\":");
    push_spans(out, &l.en);
    out.extend_from_slice(b",\"pl\":");
    push_spans(out, &l.pl);
    out.extend_from_slice(b",\"score\":");
    // Numbers are written by serde_json itself (shortest round-trip form, `null` if not finite).
    if serde_json::to_writer(&mut *out, &l.score).is_err() {
        out.extend_from_slice(b"null");
    }
    if let Some(sp) = &l.speaker {
        out.extend_from_slice(b",\"speaker\":{\"en\":");
        push_opt_str(out, sp.en);
        out.extend_from_slice(b",\"pl\":");
        push_opt_str(out, sp.pl);
        out.push(b'}');
    }
    out.extend_from_slice(b",\"evidence\":");
    push_evidence(out, l.evidence);
    if let Some(n) = l.note {
        out.extend_from_slice(b",\"note\":");
        push_str(out, n);
    }
    out.push(b'}');
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
    write_alignment_noted(out, doc_id, None, a, en, pl, only, min_score)
}

/// [`write_alignment`] with a `"note"` (the last field) on every record when `note` is given.
#[allow(clippy::too_many_arguments)]
pub fn write_alignment_noted<W: std::io::Write>(
    out: &mut W,
    doc_id: Option<&str>,
    note: Option<&str>,
    a: &Alignment,
    en: &Document,
    pl: &Document,
    only: Only,
    min_score: f32,
) -> std::io::Result<()> {
    let keep = |l: &Link| l.kept(min_score);
    let mut line = Vec::with_capacity(1024);
    if only != Only::Sentences {
        for l in a.quotes.iter().filter(|l| keep(l)) {
            write_link(out, &LinkOut { note, ..link_out(doc_id, "quote", a.mode, l, en, pl) }, &mut line)?;
        }
    }
    if only != Only::Quotes {
        for l in a.sentences.iter().filter(|l| keep(l)) {
            write_link(out, &LinkOut { note, ..link_out(doc_id, "sentence", a.mode, l, en, pl) }, &mut line)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time test agrees with the byte test on every byte value in every position;
    /// numbers are written as `Display` writes them.
    #[test]
    fn escape_mask_finds_every_escaped_byte() {
        for x in 0..=255u8 {
            for pos in 0..8 {
                let mut w = [b'a'; 8];
                w[pos] = x;
                let expect = x < 0x20 || x == b'"' || x == b'\\';
                assert_eq!(escape_mask(u64::from_le_bytes(w)) != 0, expect, "byte {x:#x} at {pos}");
            }
        }
        for n in (0..100_000).chain([usize::MAX, 1 << 40, 1_000_000_007]) {
            let mut out = Vec::new();
            push_uint(&mut out, n);
            assert_eq!(out, n.to_string().as_bytes());
        }
        let mut out = Vec::new();
        push_str(&mut out, "żółw \"a\"\u{1}\\ bcdefghijklmnop\n");
        assert_eq!(out, serde_json::to_vec("żółw \"a\"\u{1}\\ bcdefghijklmnop\n").unwrap());
        // Each escaped byte at every position of strings shorter and longer than the blocks.
        for len in 1..80 {
            for pos in 0..len {
                for c in ['"', '\\', '\n', '\u{1}', '\u{1f}', 'ż'] {
                    let mut t: String = "ab".repeat(len).chars().take(len).collect();
                    t.replace_range(pos..pos + 1, c.encode_utf8(&mut [0; 4]));
                    t.push('\t');
                    let mut out = Vec::new();
                    push_str(&mut out, &t);
                    assert_eq!(out, serde_json::to_vec(&t).unwrap(), "{t:?}");
                }
            }
        }
    }

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
        for id in [None, Some("doc \"1\"\t/é"), Some("\u{0}\u{1f}\u{7f}\\\u{8}\u{c}\r\n\u{2028}„x”")] {
            let mut direct = Vec::new();
            write_alignment(&mut direct, id, &a, &en, &pl, Only::Both, 0.0).expect("write");
            let mut via_value = String::new();
            for (kind, links) in [("quote", &a.quotes), ("sentence", &a.sentences)] {
                for l in links {
                    via_value.push_str(&link_json(id, kind, a.mode, l, &en, &pl).to_string());
                    via_value.push('\n');
                }
            }
            assert_eq!(String::from_utf8(direct).expect("utf-8"), via_value);
        }
    }
}
