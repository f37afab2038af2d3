//! Ingest: bytes in, decoded article text split into paragraphs.
//!
//! - [`decode`]: encoding detection (BOM, UTF-8, UTF-16, Windows-1250, ISO-8859-2, forced names),
//!   binary-data refusal;
//! - [`html`]: the article text of an HTML page;
//! - this module: reading files within a size limit, and paragraph splitting.
//!
//! **What offsets index.** [`Document::text`] is the decoded text. For plain UTF-8 input without a
//! byte order mark it is the input bytes exactly, so every span is a byte offset into the file
//! (line ends are left as they are: CRLF and lone CR stay in the text and are treated as line
//! breaks). For UTF-8 with a BOM the BOM is dropped, so offsets are file offsets minus 3. For other
//! encodings and for HTML, offsets index the decoded (article) text, which `bialign ingest FILE`
//! prints.

pub mod decode;
pub mod html;

pub mod jsonl;

use std::path::Path;

use crate::error::{Error, Result};
use crate::model::{Document, Paragraph, Span};

/// How to read an input.
#[derive(Debug, Clone)]
pub struct IngestOptions {
    /// Force an encoding (a WHATWG label such as "windows-1250"); `None` detects it.
    pub encoding: Option<String>,
    /// Treat the input as HTML (`Some(true)`), as text (`Some(false)`), or decide (`None`).
    pub html: Option<bool>,
    /// Refuse inputs larger than this many bytes.
    pub max_bytes: u64,
    /// The text is already split: one sentence per line, a line `<p>` between paragraphs
    /// (hunalign's convention; see [`presplit_paragraphs`]).
    pub presplit: bool,
}

impl Default for IngestOptions {
    fn default() -> Self {
        IngestOptions { encoding: None, html: None, max_bytes: 64 * 1024 * 1024, presplit: false }
    }
}

/// Whether a line is hunalign's paragraph mark `<p>`.
fn is_paragraph_mark(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("<p>")
}

/// Paragraphs of presplit text (one sentence per line): the runs of lines between `<p>` lines (and
/// blank lines). A `<p>` line is neither a sentence nor part of a paragraph; offsets still index
/// the text.
pub fn presplit_paragraphs(text: &str) -> Vec<Paragraph> {
    let mut out = Vec::new();
    let mut open: Option<(usize, usize)> = None;
    for l in lines(text) {
        let t = &text[l.start..l.end];
        if l.blank || is_paragraph_mark(t) {
            if let Some((a, z)) = open.take() {
                out.push(Paragraph { span: Span::new(a, z), lang: Default::default(), confidence: 0.0 });
            }
            continue;
        }
        let a = l.start + (t.len() - t.trim_start().len());
        let z = l.start + t.trim_end().len();
        open = Some((open.map_or(a, |o| o.0), z));
    }
    if let Some((a, z)) = open {
        out.push(Paragraph { span: Span::new(a, z), lang: Default::default(), confidence: 0.0 });
    }
    out
}

/// The sentences of presplit text: every line of every paragraph, trimmed.
pub fn presplit_sentences(doc: &mut Document) {
    let mut sentences = Vec::new();
    for (pi, p) in doc.paragraphs.iter().enumerate() {
        let body = &doc.text[p.span.start..p.span.end];
        for l in lines(body) {
            let t = &body[l.start..l.end];
            if l.blank {
                continue;
            }
            let a = p.span.start + l.start + (t.len() - t.trim_start().len());
            let z = p.span.start + l.start + t.trim_end().len();
            sentences.push(crate::model::Sentence { span: Span::new(a, z), paragraph: pi });
        }
    }
    doc.sentences = sentences;
}

/// Does the path name an HTML file?
pub fn looks_like_html_path(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()).map(|e| e.to_ascii_lowercase()).as_deref(),
        Some("html" | "htm" | "xhtml")
    )
}

/// Read a file (or standard input for `-`), enforcing the size limit. Returns (name, bytes).
///
/// The limit bounds the read itself, not a size looked up beforehand: a device (`/dev/zero`), a
/// named pipe (`<(zcat …)`) or a file that grows while it is read stops at `max_bytes + 1` bytes
/// and is refused, so no input can take more memory than the limit.
pub fn read_input(path: &Path, opts: &IngestOptions) -> Result<(String, Vec<u8>)> {
    let name = path.display().to_string();
    if name == "-" {
        let buf = read_bounded(std::io::stdin().lock(), "<stdin>", opts.max_bytes, 0)?;
        return Ok(("<stdin>".into(), buf));
    }
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, &e))?;
    if meta.is_dir() {
        return Err(Error::io_msg(path, "is a directory, not a file"));
    }
    if meta.is_file() && meta.len() > opts.max_bytes {
        return Err(Error::TooLarge { name, size: meta.len(), limit: opts.max_bytes });
    }
    let f = std::fs::File::open(path).map_err(|e| Error::io(path, &e))?;
    let hint = if meta.is_file() { meta.len() } else { 0 };
    let bytes = read_bounded(f, &name, opts.max_bytes, hint)?;
    Ok((name, bytes))
}

/// Read all of `r`, refusing it once it goes over `max` bytes (it is never read further than one
/// byte past the limit). `hint`: the expected size, to allocate once.
pub fn read_bounded<R: std::io::Read>(r: R, name: &str, max: u64, hint: u64) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut buf = Vec::with_capacity(hint.min(max).saturating_add(1).min(1 << 30) as usize);
    r.take(max.saturating_add(1)).read_to_end(&mut buf).map_err(|e| Error::io(name, &e))?;
    if buf.len() as u64 > max {
        return Err(Error::TooLarge { name: name.into(), size: buf.len() as u64, limit: max });
    }
    Ok(buf)
}

/// Build a [`Document`] (text and paragraphs, no language yet) from raw bytes.
///
/// HTML is recognised when `opts.html` says so or, when it is `None`, by sniffing the text.
pub fn ingest_bytes(name: &str, bytes: &[u8], opts: &IngestOptions) -> Result<Document> {
    ingest_input(name, std::borrow::Cow::Borrowed(bytes), opts)
}

/// [`ingest_bytes`] of bytes the caller gives away: UTF-8 text becomes the document's text without
/// a copy.
pub fn ingest_owned(name: &str, bytes: Vec<u8>, opts: &IngestOptions) -> Result<Document> {
    ingest_input(name, std::borrow::Cow::Owned(bytes), opts)
}

fn ingest_input(name: &str, input: std::borrow::Cow<'_, [u8]>, opts: &IngestOptions) -> Result<Document> {
    let bytes: &[u8] = &input;
    if bytes.len() as u64 > opts.max_bytes {
        return Err(Error::TooLarge { name: name.into(), size: bytes.len() as u64, limit: opts.max_bytes });
    }
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Error::Empty { name: name.into() });
    }
    // An HTML page may declare its charset; honour it unless the user forced one or a BOM decides.
    let mut forced = opts.encoding.clone();
    if forced.is_none() && opts.html != Some(false) && encoding_rs::Encoding::for_bom(bytes).is_none() {
        if let Some(cs) = html::declared_charset(bytes) {
            if simdutf8::basic::from_utf8(bytes).is_err() && decode::encoding_for_name(&cs).is_ok() {
                forced = Some(cs);
            }
        }
    }
    let decoded = match input {
        std::borrow::Cow::Borrowed(b) => decode::decode(name, b, forced.as_deref())?,
        std::borrow::Cow::Owned(v) => decode::decode_owned(name, v, forced.as_deref())?,
    };
    let is_html = opts.html.unwrap_or_else(|| html::sniff_html(&decoded.text));
    let replaced_bytes = decoded.replaced;
    let (text, encoding) = if is_html {
        (html::article_text(&decoded.text), decoded.encoding)
    } else {
        (decoded.text, decoded.encoding)
    };
    if text.trim().is_empty() {
        return Err(Error::Empty { name: name.into() });
    }
    let paragraphs = if opts.presplit { presplit_paragraphs(&text) } else { paragraphs(&text) };
    Ok(Document { name: name.into(), text, encoding, replaced_bytes, paragraphs, ..Default::default() })
}

/// One line of the text: its span without the line end, and whether it is blank.
#[derive(Debug, Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    blank: bool,
}

/// Split text into lines at `\n`, `\r\n` and lone `\r`.
fn lines(text: &str) -> Vec<Line> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while let Some(at) = memchr::memchr2(b'\n', b'\r', &b[i..]) {
        let end = i + at;
        i = end + if b[end] == b'\r' && b.get(end + 1) == Some(&b'\n') { 2 } else { 1 };
        out.push(Line { start, end, blank: text[start..end].trim().is_empty() });
        start = i;
    }
    if start < b.len() {
        out.push(Line { start, end: b.len(), blank: text[start..].trim().is_empty() });
    }
    out
}

/// The lines of a text (split at `\n`, `\r\n` and lone `\r`), as spans without their line ends.
/// Blank lines are included, so there is one span per input line.
pub fn line_spans(text: &str) -> Vec<Span> {
    lines(text).into_iter().map(|l| Span::new(l.start, l.end)).collect()
}

/// Does the line end like a sentence or clause (so it is not a heading)?
fn ends_with_punctuation(line: &str) -> bool {
    line.trim_end().ends_with(|c: char| {
        matches!(
            c,
            '.' | '!'
                | '?'
                | ':'
                | ';'
                | ','
                | '…'
                | '"'
                | '\''
                | '”'
                | '“'
                | '’'
                | '»'
                | '«'
                | ')'
                | ']'
                | '-'
                | '–'
                | '—'
        )
    })
}

/// Split text into paragraphs. Spans are trimmed of surrounding white space.
///
/// - Blank lines (which may hold spaces) always separate paragraphs. `\n`, `\r\n` and a lone `\r`
///   are all line breaks.
/// - Text that is hard-wrapped (short lines, most not ending a sentence) joins the lines of a block
///   into one paragraph, except that a first line without final punctuation, clearly shorter than
///   the wrapped lines and followed by a capitalised line, is a heading and stands alone.
/// - Otherwise (one paragraph per line, like most scraped articles) every non-blank line is a
///   paragraph.
pub fn paragraphs(text: &str) -> Vec<Paragraph> {
    let lines = lines(text);
    // The widest line in characters, counted up to 121: past 120 the text is not hard-wrapped, and
    // the width is used only for hard-wrapped text.
    let width = lines
        .iter()
        .map(|l| {
            let line = text[l.start..l.end].trim_end();
            // A character is at most four bytes.
            if line.len() > 4 * 121 {
                121
            } else {
                line.chars().count().min(121)
            }
        })
        .max()
        .unwrap_or(0);
    // Hard-wrapped: lines no longer than a terminal's width, and most lines followed by another
    // non-blank line end mid-sentence.
    let (mut cont, mut cont_open) = (0usize, 0usize);
    for w in lines.windows(2) {
        if !w[0].blank && !w[1].blank {
            cont += 1;
            if !ends_with_punctuation(&text[w[0].start..w[0].end])
                || text[w[0].start..w[0].end].trim_end().ends_with(',')
            {
                cont_open += 1;
            }
        }
    }
    let wrapped = width <= 120 && cont >= 2 && cont_open * 2 > cont;

    let mut out = Vec::new();
    let mut push = |start: usize, end: usize| {
        let s = &text[start..end];
        let a = start + (s.len() - s.trim_start().len());
        let z = start + s.trim_end().len();
        if z > a {
            out.push(Paragraph { span: Span::new(a, z), lang: Default::default(), confidence: 0.0 });
        }
    };
    if !wrapped {
        for l in lines.iter().filter(|l| !l.blank) {
            push(l.start, l.end);
        }
        return out;
    }
    let mut i = 0;
    while i < lines.len() {
        if lines[i].blank {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < lines.len() && !lines[j + 1].blank {
            j += 1;
        }
        // Block lines[i..=j]. A heading first line stands alone.
        let mut first = i;
        if j > i {
            let head = text[lines[i].start..lines[i].end].trim();
            let next = text[lines[i + 1].start..lines[i + 1].end].trim_start();
            let heading = !ends_with_punctuation(head)
                && next.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
                && head.chars().count() * 10 < width * 6;
            if heading {
                push(lines[i].start, lines[i].end);
                first = i + 1;
            }
        }
        push(lines[first].start, lines[j].end);
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pars(t: &str) -> Vec<&str> {
        paragraphs(t).iter().map(|p| p.span.text(t)).collect()
    }

    #[test]
    fn one_paragraph_per_line_and_blank_lines() {
        assert_eq!(pars("Title\nFirst line.\nSecond one.\n"), ["Title", "First line.", "Second one."]);
        assert_eq!(pars("A para.\n\n  \nB para.  \n"), ["A para.", "B para."]);
    }

    #[test]
    fn crlf_and_lone_cr_are_line_breaks_and_offsets_stay() {
        let t = "One.\r\n\r\nTwo.\rThree.\r";
        let p = paragraphs(t);
        assert_eq!(pars(t), ["One.", "Two.", "Three."]);
        assert_eq!(p[1].span, Span::new(8, 12));
    }

    #[test]
    fn hard_wrapped_text_joins_lines_and_keeps_headings() {
        let t = "Storm hits the coast\nThe storm that reached the coast on Monday brought heavy rain and\nwinds that tore roofs off houses in three towns, officials said on\nTuesday.\n\nRescue teams were still searching for two fishermen who went out\nbefore the warning and have not come back.\n";
        let p = pars(t);
        assert_eq!(p.len(), 3, "{p:?}");
        assert_eq!(p[0], "Storm hits the coast");
        assert!(p[1].starts_with("The storm") && p[1].ends_with("Tuesday."));
    }

    #[test]
    fn presplit_lines_are_sentences_and_p_marks_paragraphs() {
        let t = "First one.\nSecond, no split. Here.\n<p>\nThird.\n";
        let opts = IngestOptions { presplit: true, ..Default::default() };
        let mut d = ingest_bytes("x", t.as_bytes(), &opts).unwrap();
        presplit_sentences(&mut d);
        let s: Vec<&str> = d.sentences.iter().map(|s| d.slice(s.span)).collect();
        assert_eq!(s, ["First one.", "Second, no split. Here.", "Third."]);
        assert_eq!(d.paragraphs.len(), 2);
        assert_eq!(d.sentences[2].paragraph, 1);
    }

    #[test]
    fn a_fifo_or_device_is_read_only_up_to_the_limit() {
        let small = IngestOptions { max_bytes: 1000, ..Default::default() };
        let e = read_input(Path::new("/dev/zero"), &small).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        assert!(e.to_string().starts_with("/dev/zero: input is over 1000 bytes"), "{e}");
    }

    #[test]
    fn ingest_reports_empty_and_too_large() {
        let o = IngestOptions::default();
        assert!(matches!(ingest_bytes("e", b" \n\t\r\n", &o), Err(Error::Empty { .. })));
        let small = IngestOptions { max_bytes: 3, ..Default::default() };
        assert!(matches!(ingest_bytes("big", b"abcd", &small), Err(Error::TooLarge { .. })));
        // HTML with nothing but noise is empty too.
        assert!(matches!(
            ingest_bytes("x.html", b"<html><script>x()</script></html>", &o),
            Err(Error::Empty { .. })
        ));
    }

    proptest::proptest! {
        /// Any bytes: an error or a document whose paragraph spans are ordered, non-empty, trimmed
        /// and on character boundaries of the text. Never a panic.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..400)) {
            if let Ok(d) = ingest_bytes("p", &bytes, &IngestOptions::default()) {
                let mut last = 0;
                for p in &d.paragraphs {
                    proptest::prop_assert!(p.span.start >= last && p.span.end > p.span.start);
                    let t = d.text.get(p.span.start..p.span.end).expect("char boundaries");
                    proptest::prop_assert_eq!(t, t.trim());
                    last = p.span.end;
                }
            }
        }

        #[test]
        fn arbitrary_text_paragraphs_are_well_formed(text in "[a-zA-Ząłś .,\r\n\t]{0,300}") {
            let mut last = 0;
            for p in paragraphs(&text) {
                proptest::prop_assert!(p.span.start >= last && p.span.end > p.span.start);
                proptest::prop_assert!(text.is_char_boundary(p.span.start) && text.is_char_boundary(p.span.end));
                last = p.span.end;
            }
        }
    }

    #[test]
    fn html_is_sniffed_and_windows_1250_meta_honoured() {
        let mut b = b"<html><head><meta charset=windows-1250></head><body><p>Za".to_vec();
        b.extend_from_slice(&[0xBF, 0xF3, 0xB3, 0xE6]); // żółć in Windows-1250
        b.extend_from_slice(b"</p></body></html>");
        let d = ingest_bytes("x", &b, &IngestOptions::default()).unwrap();
        assert_eq!(d.text, "Zażółć\n");
        assert_eq!(d.encoding, "windows-1250");
    }
}
