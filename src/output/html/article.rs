//! One article of the report: its paragraphs of sentences, each sentence marked with its link (or as
//! unmatched) and its worst finding, holding the pieces of the quotations in it, each marked with
//! its quote link (or as found in one article only).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{escape, hue};
use crate::model::{Document, QuoteKind};
use crate::qa::Severity;

/// The links and marks one article is rendered with.
pub(super) struct Marks<'a> {
    /// "en" or "pl".
    pub side: &'a str,
    /// The link of each sentence (None: unmatched).
    pub sent_link: &'a [Option<usize>],
    /// The link of each quote (None: one article only).
    pub quote_link: &'a [Option<usize>],
    /// The number (Q1, Q2…) of each two-sided quote link.
    pub pair_no: &'a BTreeMap<usize, usize>,
    /// The worst finding touching each sentence.
    pub sent_flags: &'a BTreeMap<usize, Severity>,
}

/// Render one document: paragraphs of sentences (with link and finding marks) holding quote pieces.
pub(super) fn render_doc(out: &mut String, doc: &Document, m: &Marks) {
    let txt = |a: usize, b: usize| escape(doc.text.get(a..b).unwrap_or(""));
    let mut by_para: Vec<Vec<usize>> = vec![Vec::new(); doc.paragraphs.len()];
    for (i, s) in doc.sentences.iter().enumerate() {
        if let Some(v) = by_para.get_mut(s.paragraph) {
            v.push(i);
        }
    }
    // Top-level quotes, in order, as pieces clipped to each sentence.
    let mut quotes: Vec<usize> = (0..doc.quotes.len()).filter(|&i| doc.quotes[i].depth == 0).collect();
    quotes.sort_by_key(|&i| doc.quotes[i].span);
    let mut first_piece = vec![true; doc.quotes.len()];
    for (pi, p) in doc.paragraphs.iter().enumerate() {
        out.push_str("<p>");
        let mut cursor = p.span.start;
        let mut sents = by_para[pi].clone();
        sents.sort_by_key(|&i| doc.sentences[i].span);
        for i in sents {
            let s = doc.sentences[i].span;
            if s.start < cursor || s.end > p.span.end {
                continue;
            }
            out.push_str(&txt(cursor, s.start));
            open_sentence(out, i, m);
            let mut c2 = s.start;
            for &q in &quotes {
                let qs = doc.quotes[q].span;
                let (a, b) = (qs.start.max(s.start).max(c2), qs.end.min(s.end));
                if a >= b {
                    continue;
                }
                out.push_str(&txt(c2, a));
                open_quote(out, doc, q, first_piece[q], m);
                first_piece[q] = false;
                out.push_str(&txt(a, b));
                out.push_str("</span>");
                c2 = b;
            }
            out.push_str(&txt(c2, s.end));
            out.push_str("</span>");
            cursor = s.end;
        }
        out.push_str(&txt(cursor, p.span.end));
        out.push_str("</p>\n");
    }
}

/// The opening tag of sentence `i`: its finding class, and its link or the unmatched mark.
fn open_sentence(out: &mut String, i: usize, m: &Marks) {
    let side = m.side;
    let other = if side == "en" { "Polish" } else { "English" };
    let mut class = String::from("s");
    match m.sent_flags.get(&i) {
        Some(Severity::Error) => class.push_str(" f-error"),
        Some(Severity::Warning) => class.push_str(" f-warning"),
        _ => {}
    }
    match m.sent_link.get(i).copied().flatten() {
        Some(k) => {
            let _ = write!(
                out,
                "<span class=\"{class}\" id=\"{side}-s{i}\" data-side=\"{side}\" data-link=\"L{k}\" \
                 style=\"--h:{}\">",
                hue(k, 47, 10)
            );
        }
        None => {
            let _ = write!(
                out,
                "<span class=\"{class} un\" id=\"{side}-s{i}\" data-side=\"{side}\" \
                 title=\"No counterpart in the {other} article\">"
            );
        }
    }
}

/// The opening tag of a piece of quote `q` (after the quote's tag, on its first piece): paired,
/// speech in one article only, or another kind of quotation.
fn open_quote(out: &mut String, doc: &Document, q: usize, first_piece: bool, m: &Marks) {
    let side = m.side;
    let other = if side == "en" { "Polish" } else { "English" };
    let quote = &doc.quotes[q];
    let speaker = quote.speaker.as_ref().map(|s| s.name.as_str());
    match m.quote_link.get(q).copied().flatten() {
        Some(k) => {
            if first_piece {
                let _ = write!(
                    out,
                    "<sup class=\"qtag\" style=\"--qh:{}\">Q{}{}</sup>",
                    hue(k, 67, 200),
                    m.pair_no.get(&k).copied().unwrap_or(k + 1),
                    speaker.map(|s| format!(" · {}", escape(s))).unwrap_or_default()
                );
            }
            let _ = write!(
                out,
                "<span class=\"q\" data-side=\"{side}\" data-qlink=\"Q{k}\" style=\"--qh:{}\">",
                hue(k, 67, 200)
            );
        }
        None if quote.kind == QuoteKind::Speech => {
            if first_piece {
                let _ = write!(
                    out,
                    "<sup class=\"qtag solo\">only {}{}</sup>",
                    side.to_uppercase(),
                    speaker.map(|s| format!(" · {}", escape(s))).unwrap_or_default()
                );
            }
            let _ = write!(
                out,
                "<span class=\"q solo\" data-side=\"{side}\" title=\"Quote with no counterpart in the \
                 {other} article\">"
            );
        }
        None => {
            let _ = write!(
                out,
                "<span class=\"q other\" data-side=\"{side}\" title=\"{} (not speech)\">",
                quote.kind.as_str()
            );
        }
    }
}
