//! Tab-separated values: one row per link that has text on both sides, `en<TAB>pl<TAB>score`.
//!
//! This is the plain bitext format of OPUS and Moses tools, extended with a score column. Inside a
//! field a backslash is written `\\`, a tab `\t`, a line feed `\n` and a carriage return `\r`, so
//! every row is one line with exactly three fields; [`unescape`] reverses it. A side made of several
//! sentences (a 1-2, 2-1 or 2-2 link) is their texts joined by one space. Unmatched units (one side
//! empty) have no row. The score has three decimals.

use std::io::Write;

use crate::align::{Alignment, Link};
use crate::model::{Document, Span};
use crate::output::jsonl::Only;

pub use crate::text::{escape, unescape};

/// The text of one side of a link: the units' texts joined by a space.
pub(crate) fn side_text(doc: &Document, idx: &[usize], quote: bool) -> String {
    let spans = idx.iter().map(|&i| if quote { doc.quotes[i].span } else { doc.sentences[i].span });
    let parts: Vec<&str> = spans.map(|s: Span| doc.slice(s).trim()).collect();
    parts.join(" ")
}

/// Links kept for bitext formats: both sides present and a score of at least `min_score`.
/// `only` picks sentence links (the default for bitext: `Both` also means sentences) or quote links.
pub(crate) fn bitext_links(a: &Alignment, only: Only, min_score: f32) -> (bool, impl Iterator<Item = &Link>) {
    let quote = only == Only::Quotes;
    let links = if quote { &a.quotes } else { &a.sentences };
    (quote, links.iter().filter(move |l| l.is_match() && l.score >= min_score))
}

/// Write the rows of one alignment. `Only::Both` writes sentence links (a bitext mixes no units).
pub fn write_alignment<W: Write>(
    out: &mut W,
    a: &Alignment,
    en: &Document,
    pl: &Document,
    only: Only,
    min_score: f32,
) -> std::io::Result<()> {
    let (quote, links) = bitext_links(a, only, min_score);
    let mut row = String::new();
    for l in links {
        row.clear();
        escape(&side_text(en, &l.en, quote), &mut row);
        row.push('\t');
        escape(&side_text(pl, &l.pl, quote), &mut row);
        row.push('\t');
        row.push_str(&format!("{:.3}\n", l.score));
        out.write_all(row.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::align::Evidence;
    use crate::model::Sentence;

    /// A document whose sentences are `parts` joined by a space.
    pub(crate) fn doc(parts: &[&str]) -> Document {
        let mut text = String::new();
        let mut sentences = Vec::new();
        for p in parts {
            if !text.is_empty() {
                text.push(' ');
            }
            let start = text.len();
            text.push_str(p);
            sentences.push(Sentence { span: Span::new(start, text.len()), paragraph: 0 });
        }
        Document { text, sentences, ..Default::default() }
    }

    pub(crate) fn link(en: &[usize], pl: &[usize], score: f32) -> Link {
        Link { en: en.to_vec(), pl: pl.to_vec(), score, evidence: Evidence::default() }
    }

    #[test]
    fn rows_for_linked_sentences_only_with_escaped_text() {
        let en = doc(&["Tab\there.", "Two\nlines \\ back.", "Alone.", "Low."]);
        let pl = doc(&["Tab\ttu.", "Dwie\r\nlinie.", "Nisko.", "Też."]);
        let a = Alignment {
            sentences: vec![
                link(&[0], &[0], 0.9),
                link(&[1], &[1, 2], 0.5),
                link(&[2], &[], 0.0),
                link(&[3], &[3], 0.1),
            ],
            quotes: vec![],
            ..Default::default()
        };
        let mut out = Vec::new();
        write_alignment(&mut out, &a, &en, &pl, Only::Both, 0.2).unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(
            s,
            "Tab\\there.\tTab\\ttu.\t0.900\nTwo\\nlines \\\\ back.\tDwie\\r\\nlinie. Nisko.\t0.500\n"
        );
        for row in s.lines() {
            let f: Vec<&str> = row.split('\t').collect();
            assert_eq!(f.len(), 3);
        }
        // Quote links only with Only::Quotes: there are none here.
        let mut out = Vec::new();
        write_alignment(&mut out, &a, &en, &pl, Only::Quotes, 0.0).unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn escape_round_trips_and_keeps_one_line() {
        let s = "a\tb\nc\\d\re \\t";
        let mut e = String::new();
        escape(s, &mut e);
        assert_eq!(e, "a\\tb\\nc\\\\d\\re \\\\t");
        assert!(!e.contains(['\t', '\n', '\r']));
        assert_eq!(unescape(&e), s);
    }
}
