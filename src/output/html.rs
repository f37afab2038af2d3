//! A self-contained HTML report for reviewers: the two articles side by side, linked sentences and quotes in
//! matching colours (hover or click one to highlight its partner), quotes found in only one article marked,
//! the quote pairs with their speakers, and the QA findings with filters by check and severity.
//!
//! One file, inline CSS and JavaScript, nothing fetched from the network (a Content-Security-Policy forbids
//! it). All article text is HTML-escaped, and scripts only run with the report's own nonce, so an article
//! holding `<script>` or an `onerror=` attribute shows as text and runs nothing.

mod article;
mod assets;
mod rows;
mod sections;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;

use crate::align::{Alignment, Link};
use crate::model::{Document, QuoteKind, Span};
use crate::qa::{Check, Finding, Severity};
use article::{render_doc, Marks};

/// Escape text for HTML element content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Figures shown at the top of the report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    /// Sentences of the English article.
    pub en_sentences: usize,
    /// Sentences of the Polish article.
    pub pl_sentences: usize,
    /// Sentence links with both sides.
    pub sentence_pairs: usize,
    /// English sentences in no link.
    pub en_unmatched: usize,
    /// Polish sentences in no link.
    pub pl_unmatched: usize,
    /// Quote links with both sides.
    pub quote_links: usize,
    /// (English quote, Polish quote) pairs those links stand for: a Polish quote merging two English
    /// ones is two pairs in one link.
    pub quote_pairs: usize,
    /// Quote pairs whose two quotes both have a speaker.
    pub quote_pairs_with_speakers: usize,
    /// Speech quotes with no counterpart.
    pub en_quotes_alone: usize,
    /// The same, Polish side.
    pub pl_quotes_alone: usize,
    /// Findings of severity error.
    pub errors: usize,
    /// Findings of severity warning.
    pub warnings: usize,
    /// Findings of severity style.
    pub style: usize,
}

impl Summary {
    /// Compute the figures of a pair.
    pub fn new(en: &Document, pl: &Document, a: &Alignment, findings: &[Finding]) -> Summary {
        let (en_link, pl_link) = sentence_links(en, pl, a);
        let (en_q, pl_q) = quote_links(en, pl, a);
        let two = |l: &&Link| !l.en.is_empty() && !l.pl.is_empty();
        let has_speaker = |d: &Document, idx: &[usize]| {
            idx.iter().any(|&i| d.quotes.get(i).is_some_and(|q| q.speaker.is_some()))
        };
        let alone = |d: &Document, links: &[Option<usize>]| {
            d.quotes
                .iter()
                .zip(links)
                .filter(|(q, l)| q.kind == QuoteKind::Speech && q.depth == 0 && l.is_none())
                .count()
        };
        let sev = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
        Summary {
            en_sentences: en.sentences.len(),
            pl_sentences: pl.sentences.len(),
            sentence_pairs: a.sentences.iter().filter(two).count(),
            en_unmatched: en_link.iter().filter(|l| l.is_none()).count(),
            pl_unmatched: pl_link.iter().filter(|l| l.is_none()).count(),
            quote_links: a.quotes.iter().filter(two).count(),
            quote_pairs: a.quotes.iter().map(|l| l.en.len() * l.pl.len()).sum(),
            quote_pairs_with_speakers: a
                .quotes
                .iter()
                .map(|l| {
                    let e = l.en.iter().filter(|&&i| has_speaker(en, &[i])).count();
                    let p = l.pl.iter().filter(|&&j| has_speaker(pl, &[j])).count();
                    e * p
                })
                .sum(),
            en_quotes_alone: alone(en, &en_q),
            pl_quotes_alone: alone(pl, &pl_q),
            errors: sev(Severity::Error),
            warnings: sev(Severity::Warning),
            style: sev(Severity::Style),
        }
    }
    /// Share of all sentences with no counterpart (as [`Alignment::unmatched_share`] counts them).
    pub fn unmatched_share(&self) -> f32 {
        let total = self.en_sentences + self.pl_sentences;
        if total == 0 {
            0.0
        } else {
            (self.en_unmatched + self.pl_unmatched) as f32 / total as f32
        }
    }
}

/// For every sentence of each document, the index of its two-sided link (None: unmatched).
fn sentence_links(en: &Document, pl: &Document, a: &Alignment) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
    Alignment::unit_links(&a.sentences, en.sentences.len(), pl.sentences.len())
}

fn quote_links(en: &Document, pl: &Document, a: &Alignment) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
    Alignment::unit_links(&a.quotes, en.quotes.len(), pl.quotes.len())
}

/// Indices of the sentences of `doc` that overlap any of `spans`.
fn sentences_touching(doc: &Document, spans: &[Span]) -> Vec<usize> {
    let mut out: Vec<usize> = doc
        .sentences
        .iter()
        .enumerate()
        .filter(|(_, s)| spans.iter().any(|t| s.span.overlap(t) > 0 || (t.is_empty() && s.span.contains(t))))
        .map(|(i, _)| i)
        .collect();
    out.dedup();
    out
}

fn hue(k: usize, step: usize, offset: usize) -> usize {
    (offset + k * step) % 360
}

fn nonce(en: &Document, pl: &Document) -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_usize(en.text.len());
    h.write_usize(pl.text.len());
    if let Ok(d) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(d.as_nanos());
    }
    let a = h.finish();
    h.write_u64(a);
    format!("{:016x}{:016x}", a, h.finish())
}

/// Write the report. `title` names the pair (file names or a record id).
pub fn write_report<W: Write + ?Sized>(
    w: &mut W,
    title: &str,
    en: &Document,
    pl: &Document,
    a: &Alignment,
    findings: &[Finding],
    opts: &crate::qa::QaOptions,
) -> std::io::Result<()> {
    let sum = Summary::new(en, pl, a, findings);
    let (en_sl, pl_sl) = sentence_links(en, pl, a);
    let (en_ql, pl_ql) = quote_links(en, pl, a);
    let pair_order = pair_order(en, a);
    let pair_no: BTreeMap<usize, usize> = pair_order.iter().copied().collect();
    let (en_flags, pl_flags, finding_sents) = finding_marks(en, pl, findings);
    let comparable = crate::qa::is_comparable(a, opts);
    let rows = rows::build_rows(a, (&en_sl, &pl_sl), comparable);
    let finding_rows = rows::finding_rows(&rows, &finding_sents);
    let nonce = nonce(en, pl);
    let mut h = String::with_capacity(en.text.len() * 5 + pl.text.len() * 5 + 20_000);
    sections::head(&mut h, title, &nonce, en, pl, &sum, comparable);
    // Articles and findings.
    h.push_str("<div class=\"main\">\n<section class=\"articles\">\n<article class=\"col\" id=\"col-en\" lang=\"en\"><h2>English</h2>\n");
    let marks =
        Marks { side: "en", sent_link: &en_sl, quote_link: &en_ql, pair_no: &pair_no, sent_flags: &en_flags };
    render_doc(&mut h, en, &marks);
    h.push_str("</article>\n<article class=\"col\" id=\"col-pl\" lang=\"pl\"><h2>Polish</h2>\n");
    let marks =
        Marks { side: "pl", sent_link: &pl_sl, quote_link: &pl_ql, pair_no: &pair_no, sent_flags: &pl_flags };
    render_doc(&mut h, pl, &marks);
    h.push_str("</article>\n</section>\n");
    rows::rows_section(&mut h, (en, pl), a, &rows, findings, &finding_rows, comparable);
    sections::findings_panel(&mut h, en, pl, findings, (&finding_sents, &finding_rows));
    h.push_str("</ol>\n</aside>\n</div>\n");
    sections::quotes_section(&mut h, (en, pl), a, &sum, &pair_order, (&en_ql, &pl_ql));
    h.push_str("</section>\n");
    let _ = write!(h, "<script nonce=\"{nonce}\">{}</script>\n</body>\n</html>\n", assets::JS);
    w.write_all(h.as_bytes())
}

/// The two-sided quote links numbered Q1, Q2… in the order of the English text: (link, number).
fn pair_order(en: &Document, a: &Alignment) -> Vec<(usize, usize)> {
    let mut paired: Vec<(usize, usize)> = a
        .quotes
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.en.is_empty() && !l.pl.is_empty())
        .map(|(k, l)| {
            (l.en.iter().filter_map(|&i| en.quotes.get(i)).map(|q| q.span.start).min().unwrap_or(0), k)
        })
        .collect();
    paired.sort();
    paired.iter().enumerate().map(|(n, &(_, k))| (k, n + 1)).collect()
}

/// The sentences each finding touches, and the worst finding touching each sentence of each side.
type FindingMarks = (BTreeMap<usize, Severity>, BTreeMap<usize, Severity>, Vec<(Vec<usize>, Vec<usize>)>);

/// The marks findings put on sentences: the worst severity touching each sentence (English, Polish;
/// passages and one-sided quotes left out, they show as such), and the sentences of each finding.
fn finding_marks(en: &Document, pl: &Document, findings: &[Finding]) -> FindingMarks {
    let mut en_flags = BTreeMap::new();
    let mut pl_flags = BTreeMap::new();
    let mut finding_sents = Vec::new();
    for f in findings {
        let (es, ps) = (sentences_touching(en, &f.en), sentences_touching(pl, &f.pl));
        // Passages and one-sided quotes show as such already; flag sentences for problems of a pair.
        let about_pair = !matches!(
            f.check,
            Check::OmittedPassage | Check::AddedPassage | Check::QuoteOmitted | Check::QuoteAdded
        );
        if f.severity != Severity::Style && about_pair {
            for &i in &es {
                let e = en_flags.entry(i).or_insert(f.severity);
                *e = (*e).min(f.severity);
            }
            for &i in &ps {
                let e = pl_flags.entry(i).or_insert(f.severity);
                *e = (*e).min(f.severity);
            }
        }
        finding_sents.push((es, ps));
    }
    (en_flags, pl_flags, finding_sents)
}
