//! Translation QA: checks over an aligned English/Polish pair.
//!
//! [`check`] reads the two analysed documents and their [`Alignment`] and returns [`Finding`]s, each with a
//! check name, a severity, the spans concerned on both sides and a message a person understands.
//!
//! The pair may be a translation or a *comparable* retelling (the Polish article drops, reorders and adds
//! material). [`Mode::Auto`] decides from the alignment: when many sentences have no counterpart, a quote
//! or passage found in only one article is expected and reported as a warning rather than an error.
//!
//! This module holds the run: [`check`], its options ([`Mode`], [`QaOptions`]) and the context it
//! builds once per pair (`Cx`: the pair, the options and what several checks read, such as the quote
//! pairs the sentence links imply, the words of each sentence as the name check compares them, the
//! sentences around a quote; `Side`: one side of a link as the checks read it). The checks are its
//! sub-modules, one per concern:
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
//! comparisons). The report types are in `finding` ([`Finding`], [`Check`], [`Severity`], re-exported
//! here); [`config`] reads the reviewer's configuration; [`bilingual`] reads bilingual files (TMX,
//! XLIFF, TSV) as checkable pairs. The sub-modules use this module's types and one another's items one
//! way only.

pub mod bilingual;
pub mod config;
mod facts;
mod finding;
mod measures;
mod names;
pub mod norm;
mod numbers;
mod omitted_quotes;
mod one_sided_quotes;
mod quotes;
mod renderings;
mod sentence;
mod spelling;
pub mod terms;
mod unsupported;
mod whole;

use std::collections::HashSet;
use std::sync::Arc;

use crate::align::{Alignment, Link};
use crate::lang::{self, Lang};
use crate::model::{Document, QuoteKind, Span};
use crate::text::{clip, TextLayer};
use measures::*;
use norm::Num;
use quotes::implied_quote_pairs;

pub use finding::{Check, Finding, Severity};

/// Whether the pair is a translation or a comparable retelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Follow the aligner's mode for the pair ([`crate::align::Alignment::mode`]).
    #[default]
    Auto,
    /// A translation: anything missing on one side is an error.
    Translation,
    /// Comparable articles: one-sided quotes and passages are expected (warnings).
    Comparable,
}

/// Options for [`check`].
#[derive(Clone)]
pub struct QaOptions {
    /// Translation or comparable rules.
    pub mode: Mode,
    /// The bilingual lexicon names are compared with (`None`: the embedded one). Give QA the
    /// aligner's, with the user's entries (`--lexicon`), so both read the same translations.
    pub lexicon: Option<std::sync::Arc<dyn crate::align::Concepts>>,
    /// Expected Polish/English character ratio of a translated sentence. Calibrated on the 970 line pairs
    /// of corpus/align-dev/*/*/parallel (lines of 20+ characters): median 1.12.
    pub length_ratio_center: f32,
    /// Spread of ln(PL/EN) on the same data (standard deviation 0.167).
    pub length_ratio_log_sd: f32,
    /// A pair is a length outlier beyond this many standard deviations (3.0 → ratios outside 0.68–1.84).
    pub length_ratio_z: f32,
    /// Sentences shorter than this (characters, English side) are not checked for length.
    pub length_min_chars: usize,
    /// A run of at least this many unmatched sentences is a passage (an error in translations).
    pub passage_min_sentences: usize,
    /// Paired quotes whose link scores below this are reported as drifting apart.
    pub drift_max_score: f32,
    /// Checks to skip.
    pub disabled: Vec<Check>,
    /// Severities set by the user, per check (`--severity CHECK=LEVEL`).
    pub severities: Vec<(Check, Severity)>,
    /// Findings marked as false (by fingerprint), left out of the results.
    pub ignore: config::IgnoreList,
    /// English terms and the Polish renderings they must have (`--glossary`).
    pub glossary: terms::Glossary,
    /// Polish terms the translation must not use (`--forbidden`).
    pub forbidden: terms::Forbidden,
}

impl std::fmt::Debug for QaOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QaOptions")
            .field("mode", &self.mode)
            .field("lexicon", &self.lexicon.as_ref().map(|_| "…"))
            .field("length_ratio_center", &self.length_ratio_center)
            .field("length_ratio_log_sd", &self.length_ratio_log_sd)
            .field("length_ratio_z", &self.length_ratio_z)
            .field("length_min_chars", &self.length_min_chars)
            .field("passage_min_sentences", &self.passage_min_sentences)
            .field("drift_max_score", &self.drift_max_score)
            .field("disabled", &self.disabled)
            .field("severities", &self.severities)
            .field("ignore", &self.ignore.fingerprints.len())
            .field("glossary", &self.glossary.entries.len())
            .field("forbidden", &self.forbidden.terms.len())
            .finish()
    }
}

impl Default for QaOptions {
    fn default() -> Self {
        QaOptions {
            mode: Mode::Auto,
            lexicon: None,
            length_ratio_center: 1.12,
            length_ratio_log_sd: 0.167,
            length_ratio_z: 3.0,
            length_min_chars: 30,
            passage_min_sentences: 2,
            drift_max_score: 0.15,
            disabled: Vec::new(),
            severities: Vec::new(),
            ignore: config::IgnoreList::default(),
            glossary: terms::Glossary::default(),
            forbidden: terms::Forbidden::default(),
        }
    }
}

impl QaOptions {
    /// The length check's model: how many standard deviations the Polish / English length ratio
    /// (`lp / le`, in characters) lies from a translation's (positive: the Polish is longer).
    pub(crate) fn length_z(&self, le: f32, lp: f32) -> f32 {
        (lp / le / self.length_ratio_center).ln() / self.length_ratio_log_sd
    }
}

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

/// One run of the checks over an aligned pair.
struct Cx<'a> {
    en: &'a Document,
    pl: &'a Document,
    a: &'a Alignment,
    opts: &'a QaOptions,
    comparable: bool,
    /// Quote pairs the aligner left out but the sentence alignment implies: a linked sentence pair where
    /// each side holds speech quotes paired with nothing (a changed speaker can keep the aligner from
    /// pairing them; the QA still wants to compare them).
    implied: Vec<Link>,
    /// Per sentence of each document, what the name check compares (empty when the check is off).
    en_words: Vec<SentWords>,
    pl_words: Vec<SentWords>,
    /// Comparable articles: every number of each article (the number check looks for a fact anywhere in
    /// the other article). Empty for translations.
    en_numbers: Vec<Num>,
    pl_numbers: Vec<Num>,
    /// What each sentence of each article offers the other's words ([`Cx::said_elsewhere`]), built
    /// when first needed.
    en_support: std::cell::OnceCell<facts::SentenceIndex<'a>>,
    pl_support: std::cell::OnceCell<facts::SentenceIndex<'a>>,
    /// The names of each article ([`Cx::named_in_other`]), built when first needed.
    en_names: std::cell::OnceCell<facts::NameIndex>,
    pl_names: std::cell::OnceCell<facts::NameIndex>,
    /// The text layers of the two articles: the aligner's when it read these documents, else built
    /// here. The checks read the words of the articles from them.
    en_text: Arc<TextLayer>,
    pl_text: Arc<TextLayer>,
    /// Every word of each article ([`Cx::all_words`]), found when first needed.
    en_all_words: std::cell::OnceCell<Vec<(usize, usize)>>,
    pl_all_words: std::cell::OnceCell<Vec<(usize, usize)>>,
}

/// The words of one sentence as the name check compares them.
#[derive(Default)]
struct SentWords {
    /// Folded words and their name keys.
    keys: HashSet<String>,
    /// Lexicon concept ids of the words.
    ids: HashSet<u32>,
    /// Capitalised words, for the cognate comparison.
    caps: Vec<String>,
    /// Lowercase words of six letters or more, for the cognate comparison (names become adjectives).
    long: Vec<String>,
    /// Countries the words name (`quote::roles::country_of`).
    countries: HashSet<&'static str>,
    /// Posts the words (one or two) name (`quote::roles::role_of`).
    roles: HashSet<&'static str>,
    /// Abbreviations in capitals, points dropped ("NYU", "L.A." → "LA").
    acronyms: Vec<String>,
}

impl SentWords {
    fn of(doc: &Document, layer: &TextLayer, en: bool, lex: &dyn crate::align::Concepts) -> Vec<SentWords> {
        doc.sentences
            .iter()
            .map(|s| {
                let t = doc.slice(s.span);
                let words: Vec<String> =
                    layer.words_in(&doc.text, s.span).into_iter().map(|(a, b)| t[a..b].to_string()).collect();
                SentWords {
                    // A Polish inflection of a foreign name after an apostrophe (Mike’a, Pence’owi)
                    // also counts without it.
                    keys: words
                        .iter()
                        .flat_map(|w| {
                            let base =
                                if en { w.as_str() } else { w.split(['\'', '’']).next().unwrap_or(w) };
                            [norm::fold(w), crate::lexicon::names::name_key(w), norm::fold(base)]
                        })
                        .collect(),
                    acronyms: acronyms(t),
                    ids: ids_of(lex, &words, en),
                    caps: words.iter().filter(|w| w.starts_with(char::is_uppercase)).cloned().collect(),
                    long: words
                        .iter()
                        .filter(|w| w.starts_with(char::is_lowercase) && w.chars().count() >= 6)
                        .cloned()
                        .collect(),
                    countries: words.iter().filter_map(|w| crate::quote::roles::country_of(w)).collect(),
                    roles: words
                        .iter()
                        .map(String::clone)
                        .chain(words.windows(2).map(|p| format!("{} {}", p[0], p[1])))
                        .filter_map(|w| crate::quote::roles::role_of(&w))
                        .collect(),
                }
            })
            .collect()
    }
}

/// The abbreviations of a text written in capitals, with their points dropped: "NYU", "L.A." → "LA".
fn acronyms(t: &str) -> Vec<String> {
    t.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .map(|w| w.replace('.', ""))
        .filter(|w| w.chars().count() >= 2 && w.chars().all(|c| c.is_alphabetic() && c.is_uppercase()))
        .collect()
}

/// One side of a link: its spans and the text they cover joined.
struct Side {
    spans: Vec<Span>,
    text: String,
    /// Document offset of each span's text within `text` (start in `text`, start in the document).
    pieces: Vec<(usize, usize)>,
}

impl Side {
    fn new(doc: &Document, spans: Vec<Span>) -> Side {
        let mut text = String::new();
        let mut pieces = Vec::new();
        for s in &spans {
            if !text.is_empty() {
                text.push(' ');
            }
            pieces.push((text.len(), s.start));
            text.push_str(doc.slice(*s));
        }
        Side { spans, text, pieces }
    }
    /// The document span of the byte range `a..b` of `text` (within one piece).
    fn doc_span(&self, a: usize, b: usize) -> Option<Span> {
        let &(off, doc_start) = self.pieces.iter().rev().find(|p| p.0 <= a)?;
        Some(Span::new(doc_start + a - off, doc_start + b - off))
    }
    /// Numbers of the side of `doc` (in language `lang`, with text layer `layer`), with spans mapped
    /// back to the document.
    fn numbers(&self, doc: &Document, layer: &TextLayer, lang: Lang) -> Vec<Num> {
        let mut out = Vec::new();
        for (k, (&(off, doc_start), &span)) in self.pieces.iter().zip(&self.spans).enumerate() {
            let end = self.pieces.get(k + 1).map_or(self.text.len(), |p| p.0 - 1);
            let words = layer.words_in(&doc.text, span);
            out.extend(norm::numbers_with_words(&self.text[off..end], doc_start, lang, &words));
        }
        out
    }
}

impl<'a> Cx<'a> {
    fn new(en: &'a Document, pl: &'a Document, a: &'a Alignment, opts: &'a QaOptions) -> Self {
        let comparable = is_comparable(a, opts);
        let implied = implied_quote_pairs(en, pl, a);
        let layer = |doc: &Document, given: &Option<Arc<TextLayer>>| {
            given.as_ref().filter(|l| l.fits(doc)).cloned().unwrap_or_else(|| Arc::new(TextLayer::new(doc)))
        };
        let (en_text, pl_text) = (layer(en, &a.en_text), layer(pl, &a.pl_text));
        let names_on = !opts.disabled.contains(&Check::NameMismatch);
        let (en_words, pl_words) = if names_on {
            let lex = lexicon(opts);
            (SentWords::of(en, &en_text, true, lex), SentWords::of(pl, &pl_text, false, lex))
        } else {
            (Vec::new(), Vec::new())
        };
        let (en_all_words, pl_all_words) = (std::cell::OnceCell::new(), std::cell::OnceCell::new());
        // Comparable articles: every number of each article, read from all its words.
        let numbers = |doc: &Document, layer: &TextLayer, lang, cell: &std::cell::OnceCell<_>| {
            let words = layer.words_in(&doc.text, Span::new(0, doc.text.len()));
            let nums = norm::numbers_with_words(&doc.text, 0, lang, &words);
            let _ = cell.set(words);
            nums
        };
        let (en_numbers, pl_numbers) = if comparable {
            (numbers(en, &en_text, Lang::En, &en_all_words), numbers(pl, &pl_text, Lang::Pl, &pl_all_words))
        } else {
            (Vec::new(), Vec::new())
        };
        Cx {
            en,
            pl,
            a,
            opts,
            comparable,
            implied,
            en_words,
            pl_words,
            en_numbers,
            pl_numbers,
            en_support: Default::default(),
            pl_support: Default::default(),
            en_names: Default::default(),
            pl_names: Default::default(),
            en_text,
            pl_text,
            en_all_words,
            pl_all_words,
        }
    }

    /// The text layer of one article (the English when `is_en`).
    fn layer(&self, is_en: bool) -> &TextLayer {
        if is_en {
            &self.en_text
        } else {
            &self.pl_text
        }
    }

    /// The words of `span` of one article (the English when `is_en`; [`norm::words_of`] of its
    /// text), read from the article's text layer: byte ranges from `span.start`.
    fn words_at(&self, is_en: bool, span: Span) -> Vec<(usize, usize)> {
        let doc = if is_en { self.en } else { self.pl };
        self.layer(is_en).words_in(&doc.text, span)
    }

    /// The content words of `span` of one article ([`norm::content_words`] of its text).
    fn content_at(&self, is_en: bool, span: Span) -> Vec<&'a str> {
        let doc = if is_en { self.en } else { self.pl };
        norm::content_of(doc.slice(span), &self.words_at(is_en, span), is_en)
    }

    /// The words of the spans `spans` of one article, folded ([`norm::fold`]), in order.
    fn folded_words(&self, is_en: bool, spans: &[Span]) -> Vec<String> {
        let doc = if is_en { self.en } else { self.pl };
        let mut out = Vec::new();
        for &s in spans {
            let t = doc.slice(s);
            out.extend(self.words_at(is_en, s).into_iter().map(|(a, b)| norm::fold(&t[a..b])));
        }
        out
    }

    /// Every word of one article, as byte ranges of its text.
    fn all_words(&self, is_en: bool) -> &[(usize, usize)] {
        let (cell, doc) = if is_en { (&self.en_all_words, self.en) } else { (&self.pl_all_words, self.pl) };
        cell.get_or_init(|| self.layer(is_en).words_in(&doc.text, Span::new(0, doc.text.len())))
    }

    fn sent_side(&self, doc: &Document, idx: &[usize]) -> Side {
        Side::new(doc, idx.iter().filter_map(|&i| doc.sentences.get(i).map(|s| s.span)).collect())
    }
    fn quote_side(&self, doc: &Document, idx: &[usize]) -> Side {
        Side::new(doc, idx.iter().filter_map(|&i| doc.quotes.get(i).map(|q| q.span)).collect())
    }

    fn two_sided(links: &[Link]) -> impl Iterator<Item = &Link> {
        links.iter().filter(|l| !l.en.is_empty() && !l.pl.is_empty())
    }

    /// The sentences a quote runs through and the other side's sentences linked to them.
    fn quote_context(&self, q: &crate::model::Quote, is_en: bool) -> (Vec<usize>, Vec<usize>) {
        let doc = if is_en { self.en } else { self.pl };
        let here: Vec<usize> = (0..doc.sentences.len())
            .filter(|&i| i == q.sentence || doc.sentences[i].span.overlap(&q.span) > 0)
            .collect();
        let there = self.linked_to(&here, is_en);
        (here, there)
    }

    /// The other side's sentences that sentence links join to `sents` (English sentences when
    /// `is_en`, else Polish), sorted and distinct.
    fn linked_to(&self, sents: &[usize], is_en: bool) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .a
            .sentences
            .iter()
            .filter(|l| {
                l.is_match() && sents.iter().any(|i| if is_en { l.en.contains(i) } else { l.pl.contains(i) })
            })
            .flat_map(|l| if is_en { &l.pl } else { &l.en })
            .copied()
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// The lexicon QA compares with: the options' or the embedded one.
fn lexicon(opts: &QaOptions) -> &dyn crate::align::Concepts {
    match &opts.lexicon {
        Some(l) => l.as_ref(),
        None => crate::lexicon::Lexicon::embedded(),
    }
}

/// The lexicon's concept ids of English (`en`) or Polish words.
fn ids_of(lex: &dyn crate::align::Concepts, words: &[String], en: bool) -> HashSet<u32> {
    let mut ids = Vec::new();
    for w in words {
        if en {
            lex.en_ids(w, &mut ids);
        } else {
            lex.pl_ids(w, &mut ids);
        }
    }
    ids.into_iter().collect()
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
            let (en, pl) = ((self.en, &*self.en_text), (self.pl, &*self.pl_text));
            terms::glossary(&self.opts.glossary, en, pl, &pairs, out);
        }
        if on(Check::ForbiddenTerm) {
            terms::forbidden(&self.opts.forbidden, (self.pl, &self.pl_text), out);
        }
        terms::typography((self.pl, &self.pl_text), on(Check::RepeatedWord), on(Check::DoubleSpace), out);
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
