//! Translation QA: checks over an aligned English/Polish pair.
//!
//! [`check`] reads the two analysed documents and their [`Alignment`] and returns [`Finding`]s, each with a
//! check name, a severity, the spans concerned on both sides and a message a person understands.
//!
//! The pair may be a translation or a *comparable* retelling (the Polish article drops, reorders and adds
//! material). [`Mode::Auto`] decides from the alignment: when many sentences have no counterpart, a quote
//! or passage found in only one article is expected and reported as a warning rather than an error.
//!
//! [`check`] builds the context of the run (`context`: the pair, the options and what several checks
//! read) and runs the checks, one module per concern:
//!
//! - on each pair of linked sentences: `sentence` (length, punctuation, brackets, and the per-link
//!   order of the checks), `numbers` (with `measures`: converted units, codes, digit groups), `names`
//!   (with `renderings`, the names a translation renders by other words) and `unsupported` (text of a
//!   translation's link the other side does not render);
//! - on quotes: `quotes` (paired quotes), `one_sided_quotes` (quotes in one article only) and
//!   `omitted_quotes` (quotes paired with text that does not carry them);
//! - on whole articles: `whole` (passages with no counterpart, untranslated sentences, quotation
//!   marks), with `facts` (whether a retelling gives material elsewhere);
//! - the reviewer's rules and the text itself: [`terms`] (glossary, forbidden terms, typography,
//!   consistency).
//!
//! Shared by the checks: [`norm`] (numbers and name keys across the languages) and `spelling` (word
//! comparisons). The report types are in `finding` ([`Finding`], [`Check`], [`Severity`]), the options in
//! `options` ([`Mode`], [`QaOptions`]) and [`config`]; [`bilingual`] reads bilingual files (TMX, XLIFF,
//! TSV) as checkable pairs. Findings come out of [`check`] with the options applied and sorted.

pub mod bilingual;
pub mod config;
mod context;
mod facts;
mod finding;
mod measures;
mod names;
pub mod norm;
mod numbers;
mod omitted_quotes;
mod one_sided_quotes;
mod options;
mod quotes;
mod renderings;
mod sentence;
mod spelling;
pub mod terms;
mod unsupported;
mod whole;

use std::collections::HashSet;

use crate::align::{Alignment, Link};
use crate::lang::{self, Lang};
use crate::model::{Document, QuoteKind, Span};
use crate::text::clip;
use context::{ids_of, lexicon, Cx, SentWords, Side};
use measures::*;
use norm::Num;
use quotes::implied_quote_pairs;

pub use finding::{Check, Finding, Severity};
pub use options::{Mode, QaOptions};

/// Share of sentences (both documents together) that no link pairs with the other side
/// ([`Alignment::unmatched_share`]).
pub fn unmatched_share(en: &Document, pl: &Document, a: &Alignment) -> f32 {
    a.unmatched_share(en.sentences.len(), pl.sentences.len())
}

/// Whether each English and each Polish sentence stands in a two-sided link.
fn matched_sentences(a: &Alignment, en: &Document, pl: &Document) -> (Vec<bool>, Vec<bool>) {
    let (e, p) = Alignment::unit_links(&a.sentences, en.sentences.len(), pl.sentences.len());
    (e.iter().map(Option::is_some).collect(), p.iter().map(Option::is_some).collect())
}

/// Whether the checks treat the pair as comparable articles (see [`Mode`]).
pub fn is_comparable(a: &Alignment, opts: &QaOptions) -> bool {
    match opts.mode {
        Mode::Translation => false,
        Mode::Comparable => true,
        Mode::Auto => a.mode == crate::align::Mode::Comparable,
    }
}

/// Run every enabled check over an aligned pair. Findings come sorted by severity, then position.
///
/// Indices in the alignment that do not exist in the documents are ignored (never a panic).
pub fn check(en: &Document, pl: &Document, alignment: &Alignment, opts: &QaOptions) -> Vec<Finding> {
    let cx = Cx::new(en, pl, alignment, opts);
    let mut out = Vec::new();
    let on = |c: Check| !opts.disabled.contains(&c);
    cx.sentence_pairs(&mut out);
    let uncarried = cx.uncarried_quotes();
    cx.quote_pairs(&uncarried, &mut out);
    cx.one_sided_quotes(&mut out);
    if on(Check::QuoteOmitted) {
        cx.omitted_quotes(&uncarried, &mut out);
    }
    if on(Check::OmittedPassage) || on(Check::AddedPassage) {
        cx.passages(&mut out);
    }
    if on(Check::Untranslated) {
        cx.untranslated(&mut out);
    }
    if on(Check::QuoteMarks) {
        cx.quote_marks(&mut out);
    }
    cx.terms(&mut out);
    finish(out, en, pl, opts)
}

/// Apply the options to findings: disabled checks left out, severities set, findings on the ignore
/// list left out; then sorted by severity and position, without duplicates.
fn finish(mut out: Vec<Finding>, en: &Document, pl: &Document, opts: &QaOptions) -> Vec<Finding> {
    out.retain(|f| !opts.disabled.contains(&f.check));
    for f in &mut out {
        if let Some(&(_, s)) = opts.severities.iter().rev().find(|(c, _)| *c == f.check) {
            f.severity = s;
        }
    }
    if !opts.ignore.fingerprints.is_empty() {
        out.retain(|f| !opts.ignore.contains(&config::fingerprint(f, en, pl)));
    }
    out.sort_by(|a, b| {
        (a.severity, a.en.first().or(a.pl.first()).map(|s| s.start), a.check).cmp(&(
            b.severity,
            b.en.first().or(b.pl.first()).map(|s| s.start),
            b.check,
        ))
    });
    out.dedup();
    out
}

impl Cx<'_> {
    /// The glossary, forbidden terms, typography of the translation and consistency ([`terms`]).
    fn terms(&self, out: &mut Vec<Finding>) {
        let on = |c: Check| !self.opts.disabled.contains(&c);
        let links: Vec<&Link> = Self::two_sided(&self.a.sentences).collect();
        if on(Check::Glossary) {
            // Comparable articles: only a confident link says the two sentences tell the same thing.
            let pairs: Vec<(Vec<Span>, Vec<Span>)> = links
                .iter()
                .filter(|l| !self.comparable || l.score >= 0.5)
                .map(|l| (self.sent_side(self.en, &l.en).spans, self.sent_side(self.pl, &l.pl).spans))
                .filter(|(e, p)| !e.is_empty() && !p.is_empty())
                .collect();
            terms::glossary(&self.opts.glossary, self.en, self.pl, &pairs, out);
        }
        if on(Check::ForbiddenTerm) {
            terms::forbidden(&self.opts.forbidden, self.pl, out);
        }
        terms::typography(self.pl, on(Check::RepeatedWord), on(Check::DoubleSpace), out);
        if on(Check::Inconsistent) {
            let one_to_one: Vec<(Span, Span)> = links
                .iter()
                .filter(|l| l.en.len() == 1 && l.pl.len() == 1)
                .filter_map(|l| {
                    Some((self.en.sentences.get(l.en[0])?.span, self.pl.sentences.get(l.pl[0])?.span))
                })
                .collect();
            terms::consistency(self.en, self.pl, &one_to_one, out);
        }
    }
}

#[cfg(test)]
mod tests;
