//! Translation QA: checks over an aligned English/Polish pair.
//!
//! [`check`] reads the two analysed documents and their [`Alignment`] and returns [`Finding`]s, each with a
//! check name, a severity, the spans concerned on both sides and a message a person understands.
//!
//! The pair may be a translation or a *comparable* retelling (the Polish article drops, reorders and adds
//! material). [`Mode::Auto`] decides from the alignment: when many sentences have no counterpart, a quote
//! or passage found in only one article is expected and reported as a warning rather than an error.

pub mod norm;

use std::collections::HashSet;

use serde::Serialize;

use crate::align::{Alignment, Link};
use crate::lang::{self, Lang};
use crate::model::{Document, QuoteKind, Span};
use norm::Num;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Very likely a translation error: a changed number, a misattributed quote, a dropped passage.
    Error,
    /// Worth a look: may be a legitimate liberty of the translator.
    Warning,
    /// Typography and conventions.
    Style,
}

impl Severity {
    pub fn as_str(&self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Style => "style",
        }
    }
    pub const ALL: [Severity; 3] = [Severity::Error, Severity::Warning, Severity::Style];
}

/// The checks, named in kebab-case in all outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Check {
    NumberMismatch,
    NameMismatch,
    QuoteOmitted,
    QuoteAdded,
    SpeakerMismatch,
    QuoteDrift,
    QuoteMarks,
    Untranslated,
    LengthRatio,
    PunctuationMismatch,
    BracketMismatch,
    OmittedPassage,
    AddedPassage,
}

impl Check {
    pub const ALL: [Check; 13] = [
        Check::NumberMismatch,
        Check::NameMismatch,
        Check::QuoteOmitted,
        Check::QuoteAdded,
        Check::SpeakerMismatch,
        Check::QuoteDrift,
        Check::QuoteMarks,
        Check::Untranslated,
        Check::LengthRatio,
        Check::PunctuationMismatch,
        Check::BracketMismatch,
        Check::OmittedPassage,
        Check::AddedPassage,
    ];
    pub fn as_str(&self) -> &'static str {
        match self {
            Check::NumberMismatch => "number-mismatch",
            Check::NameMismatch => "name-mismatch",
            Check::QuoteOmitted => "quote-omitted",
            Check::QuoteAdded => "quote-added",
            Check::SpeakerMismatch => "speaker-mismatch",
            Check::QuoteDrift => "quote-drift",
            Check::QuoteMarks => "quote-marks",
            Check::Untranslated => "untranslated",
            Check::LengthRatio => "length-ratio",
            Check::PunctuationMismatch => "punctuation-mismatch",
            Check::BracketMismatch => "bracket-mismatch",
            Check::OmittedPassage => "omitted-passage",
            Check::AddedPassage => "added-passage",
        }
    }
    /// Parse a kebab-case check name.
    pub fn parse(s: &str) -> Option<Check> {
        Check::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

impl Serialize for Check {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// One QA finding.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub check: Check,
    pub severity: Severity,
    /// Spans in the English document (may be empty).
    pub en: Vec<Span>,
    /// Spans in the Polish document (may be empty).
    pub pl: Vec<Span>,
    /// What is wrong, for a person: names both texts where it helps.
    pub message: String,
}

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
        }
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
    cx.sentence_pairs(&mut out);
    cx.quote_pairs(&mut out);
    cx.one_sided_quotes(&mut out);
    let on = |c: Check| !opts.disabled.contains(&c);
    if on(Check::OmittedPassage) || on(Check::AddedPassage) {
        cx.passages(&mut out);
    }
    if on(Check::Untranslated) {
        cx.untranslated(&mut out);
    }
    if on(Check::QuoteMarks) {
        cx.quote_marks(&mut out);
    }
    out.retain(|f| !opts.disabled.contains(&f.check));
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

/// Shorten a text for a message.
fn clip(s: &str, max: usize) -> String {
    crate::output::text::clip(s, max)
}

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
}

impl SentWords {
    fn of(doc: &Document, en: bool, lex: &dyn crate::align::Concepts) -> Vec<SentWords> {
        doc.sentences
            .iter()
            .map(|s| {
                let t = doc.slice(s.span);
                let words: Vec<String> =
                    norm::words_of(t).into_iter().map(|(a, b)| t[a..b].to_string()).collect();
                SentWords {
                    keys: words
                        .iter()
                        .flat_map(|w| [norm::fold(w), crate::lexicon::names::name_key(w)])
                        .collect(),
                    ids: ids_of(lex, &words, en),
                    caps: words.iter().filter(|w| w.starts_with(char::is_uppercase)).cloned().collect(),
                }
            })
            .collect()
    }
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
    /// Numbers of the side, with spans mapped back to the document.
    fn numbers(&self, lang: Lang) -> Vec<Num> {
        let mut out = Vec::new();
        for (k, &(off, doc_start)) in self.pieces.iter().enumerate() {
            let end = self.pieces.get(k + 1).map_or(self.text.len(), |p| p.0 - 1);
            out.extend(norm::numbers(&self.text[off..end], doc_start, lang));
        }
        out
    }
}

impl<'a> Cx<'a> {
    fn new(en: &'a Document, pl: &'a Document, a: &'a Alignment, opts: &'a QaOptions) -> Self {
        let comparable = is_comparable(a, opts);
        let implied = implied_quote_pairs(en, pl, a);
        let names_on = !opts.disabled.contains(&Check::NameMismatch);
        let (en_words, pl_words) = if names_on {
            let lex = lexicon(opts);
            (SentWords::of(en, true, lex), SentWords::of(pl, false, lex))
        } else {
            (Vec::new(), Vec::new())
        };
        Cx { en, pl, a, opts, comparable, implied, en_words, pl_words }
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

    /// Checks on each pair of linked sentences.
    fn sentence_pairs(&self, out: &mut Vec<Finding>) {
        for l in Self::two_sided(&self.a.sentences) {
            let (e, p) = (self.sent_side(self.en, &l.en), self.sent_side(self.pl, &l.pl));
            if e.spans.is_empty() || p.spans.is_empty() {
                continue;
            }
            if !self.opts.disabled.contains(&Check::NumberMismatch) {
                self.numbers(&e, &p, "sentence", out);
            }
            if !self.opts.disabled.contains(&Check::NameMismatch) {
                self.names(l, &e, &p, out);
            }
            self.length(&e, &p, out);
            self.punctuation(&e, &p, out);
            self.brackets(&e, &p, out);
        }
    }

    /// Numbers: one replaced by another is an error; one missing on a side is a warning.
    fn numbers(&self, e: &Side, p: &Side, unit: &str, out: &mut Vec<Finding>) {
        let en_nums = e.numbers(Lang::En);
        let pl_nums = p.numbers(Lang::Pl);
        let mut used = vec![false; pl_nums.len()];
        let mut lone_en = Vec::new();
        for n in &en_nums {
            match pl_nums.iter().enumerate().position(|(j, m)| !used[j] && n.matches(m)) {
                Some(j) => used[j] = true,
                None => lone_en.push(n),
            }
        }
        let lone_pl: Vec<&Num> = pl_nums.iter().zip(&used).filter(|(_, u)| !**u).map(|(n, _)| n).collect();
        // Second chance on the digits as written: "8.20m" (metres, read as millions) ~ "8,20";
        // "8.30" (a time) ~ "8:30" (read as two numbers). A number whose digit groups all appear among
        // the other side's leftover digit groups is taken as matched.
        let groups = |doc: &Document, v: &[&Num]| -> Vec<u64> {
            v.iter().flat_map(|n| digit_groups(doc.slice(n.span))).collect()
        };
        let (ge, gp) = (groups(self.en, &lone_en), groups(self.pl, &lone_pl));
        let covered = |doc: &Document, n: &Num, pool: &[u64]| {
            let g = digit_groups(doc.slice(n.span));
            !g.is_empty() && g.iter().all(|x| pool.contains(x))
        };
        let lone_en: Vec<&Num> = lone_en.into_iter().filter(|n| !covered(self.en, n, &gp)).collect();
        let lone_pl: Vec<&Num> = lone_pl.into_iter().filter(|n| !covered(self.pl, n, &ge)).collect();
        let show = |doc: &Document, v: &[&Num]| {
            v.iter().map(|n| doc.slice(n.span).to_string()).collect::<Vec<_>>().join(", ")
        };
        let texts = format!("\nEN: {}\nPL: {}", clip(&e.text, 160), clip(&p.text, 160));
        // A replaced number is an error; but imperial units are converted in Polish ("120 miles" →
        // "200 km"), and number words alone are weak unless one simply replaces another.
        let converted = |n: &Num| !n.word && imperial_unit_after(&self.en.text, n.span.end);
        let strong_en = lone_en.iter().any(|n| !n.word && !converted(n));
        let strong_pl = lone_pl.iter().any(|n| !n.word);
        let word_swap = lone_en.iter().all(|n| n.word)
            && lone_pl.iter().all(|n| n.word)
            && lone_en.len() == lone_pl.len();
        let convertible = lone_en.iter().any(|n| converted(n));
        if !lone_en.is_empty() && !lone_pl.is_empty() && !convertible && (strong_en || strong_pl || word_swap)
        {
            out.push(Finding {
                check: Check::NumberMismatch,
                severity: Severity::Error,
                en: lone_en.iter().map(|n| n.span).collect(),
                pl: lone_pl.iter().map(|n| n.span).collect(),
                message: format!(
                    "The Polish {unit} has {} where the English has {}.{texts}",
                    show(self.pl, &lone_pl),
                    show(self.en, &lone_en)
                ),
            });
            return;
        }
        // A number in digits with nothing on the other side; number words alone are too weak.
        let lone_en: Vec<&Num> = lone_en.into_iter().filter(|n| !n.word).collect();
        let lone_pl: Vec<&Num> = lone_pl.into_iter().filter(|n| !n.word).collect();
        if !lone_en.is_empty() {
            out.push(Finding {
                check: Check::NumberMismatch,
                severity: Severity::Warning,
                en: lone_en.iter().map(|n| n.span).collect(),
                pl: p.spans.clone(),
                message: format!(
                    "The English {unit} has {} but the Polish one has no such number.{texts}",
                    show(self.en, &lone_en)
                ),
            });
        }
        if !lone_pl.is_empty() {
            out.push(Finding {
                check: Check::NumberMismatch,
                severity: Severity::Warning,
                en: e.spans.clone(),
                pl: lone_pl.iter().map(|n| n.span).collect(),
                message: format!(
                    "The Polish {unit} has {} but the English one has no such number.{texts}",
                    show(self.pl, &lone_pl)
                ),
            });
        }
    }

    /// Names (capitalised words inside a sentence) on one side with no match on the other side's linked
    /// sentences or their neighbours (the two articles may split or attribute differently).
    fn names(&self, l: &Link, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        // The other side's linked sentences and their neighbours (the articles may split or attribute
        // differently).
        fn around<'w>(words: &'w [SentWords], idx: &[usize]) -> &'w [SentWords] {
            let lo = idx.iter().min().copied().unwrap_or(0).saturating_sub(1);
            let hi = (idx.iter().max().copied().unwrap_or(0) + 2).min(words.len());
            words.get(lo..hi).unwrap_or(&[])
        }
        let severity = if self.comparable { Severity::Style } else { Severity::Warning };
        for (from, to, fdoc, is_en) in [(e, p, self.en, true), (p, e, self.pl, false)] {
            let other = if is_en { around(&self.pl_words, &l.pl) } else { around(&self.en_words, &l.en) };
            let lang_from = if is_en { Lang::En } else { Lang::Pl };
            for (k, &(off, doc_start)) in from.pieces.iter().enumerate() {
                let end = from.pieces.get(k + 1).map_or(from.text.len(), |q| q.0 - 1);
                let piece = &from.text[off..end];
                for name in names_in(piece, lang_from) {
                    let span = Span::new(doc_start + name.start, doc_start + name.end);
                    // Titles of works are translated ("Sex and the City" / "Seks w wielkim mieście").
                    if fdoc.quotes.iter().any(|q| q.kind == QuoteKind::Title && q.span.overlap(&span) > 0) {
                        continue;
                    }
                    // The same name (any Polish case), a translated one (Scotland / Szkocji, Queen /
                    // królowa, Scottish / szkocki, by the lexicon) or a transliterated one
                    // (California / Kalifornii, by the cognate measure).
                    let found = name.words.iter().any(|w| {
                        let w = w.trim_end_matches("'s").trim_end_matches("’s");
                        if w.chars().count() < 3 {
                            return true;
                        }
                        let (f, k) = (norm::fold(w), crate::lexicon::names::name_key(w));
                        let ids = ids_of(lexicon(self.opts), &[w.to_string()], is_en);
                        other.iter().any(|o| {
                            o.keys.contains(&f)
                                || o.keys.contains(&k)
                                || ids.iter().any(|id| o.ids.contains(id))
                                || o.caps.iter().any(|c| {
                                    let (en_w, pl_w) = if is_en { (w, c.as_str()) } else { (c.as_str(), w) };
                                    crate::lexicon::cognate::similarity(en_w, pl_w) >= 0.7
                                })
                        })
                    });
                    if found {
                        continue;
                    }
                    let (en, pl, msg) = if is_en {
                        (vec![span], to.spans.clone(), "the English sentence is not in the Polish one")
                    } else {
                        (to.spans.clone(), vec![span], "the Polish sentence is not in the English one")
                    };
                    let (te, tp) = if is_en { (&from.text, &to.text) } else { (&to.text, &from.text) };
                    out.push(Finding {
                        check: Check::NameMismatch,
                        severity,
                        en,
                        pl,
                        message: format!(
                            "“{}” in {msg}.\nEN: {}\nPL: {}",
                            fdoc.slice(span),
                            clip(te, 160),
                            clip(tp, 160)
                        ),
                    });
                }
            }
        }
    }

    fn length(&self, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let (le, lp) = (e.text.chars().count(), p.text.chars().count());
        if le < self.opts.length_min_chars || lp == 0 {
            return;
        }
        let ratio = lp as f32 / le as f32;
        let z = (ratio / self.opts.length_ratio_center).ln() / self.opts.length_ratio_log_sd;
        if z.abs() <= self.opts.length_ratio_z {
            return;
        }
        let what = if z > 0.0 { "longer" } else { "shorter" };
        out.push(Finding {
            check: Check::LengthRatio,
            severity: if self.comparable { Severity::Style } else { Severity::Warning },
            en: e.spans.clone(),
            pl: p.spans.clone(),
            message: format!(
                "The Polish is much {what} than the English ({lp} vs {le} characters, ratio {ratio:.2}; \
                 translations usually run about {:.2}).\nEN: {}\nPL: {}",
                self.opts.length_ratio_center,
                clip(&e.text, 160),
                clip(&p.text, 160)
            ),
        });
    }

    fn punctuation(&self, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        for (mark, name) in [('?', "question mark"), ('!', "exclamation mark")] {
            let (ce, cp) = (e.text.matches(mark).count(), p.text.matches(mark).count());
            if ce == cp {
                continue;
            }
            out.push(Finding {
                check: Check::PunctuationMismatch,
                severity: if self.comparable { Severity::Style } else { Severity::Warning },
                en: e.spans.clone(),
                pl: p.spans.clone(),
                message: format!(
                    "The English has {ce} {name}{} and the Polish {cp}.\nEN: {}\nPL: {}",
                    if ce == 1 { "" } else { "s" },
                    clip(&e.text, 160),
                    clip(&p.text, 160)
                ),
            });
        }
    }

    fn brackets(&self, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let count = |t: &str| t.chars().filter(|c| matches!(c, '(' | '[')).count();
        let unbalanced = |t: &str| {
            let mut depth = 0i32;
            for c in t.chars() {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' => depth -= 1,
                    _ => {}
                }
                if depth < 0 {
                    return true;
                }
            }
            depth != 0
        };
        let (ce, cp) = (count(&e.text), count(&p.text));
        if ce != cp && !self.comparable {
            out.push(Finding {
                check: Check::BracketMismatch,
                severity: Severity::Warning,
                en: e.spans.clone(),
                pl: p.spans.clone(),
                message: format!(
                    "The English has {ce} bracketed part{} and the Polish {cp}.\nEN: {}\nPL: {}",
                    if ce == 1 { "" } else { "s" },
                    clip(&e.text, 160),
                    clip(&p.text, 160)
                ),
            });
        }
        if unbalanced(&p.text) && !unbalanced(&e.text) {
            out.push(Finding {
                check: Check::BracketMismatch,
                severity: Severity::Style,
                en: vec![],
                pl: p.spans.clone(),
                message: format!("Unbalanced brackets in the Polish.\nPL: {}", clip(&p.text, 160)),
            });
        }
    }

    /// Checks on each pair of linked quotes: speaker, drift, numbers.
    fn quote_pairs(&self, out: &mut Vec<Finding>) {
        for l in Self::two_sided(&self.a.quotes).chain(&self.implied) {
            let (e, p) = (self.quote_side(self.en, &l.en), self.quote_side(self.pl, &l.pl));
            if e.spans.is_empty() || p.spans.is_empty() {
                continue;
            }
            let spk = |doc: &'a Document, idx: &[usize]| {
                idx.iter().filter_map(|&i| doc.quotes.get(i)).find_map(|q| q.speaker.as_ref())
            };
            if let (Some(se), Some(sp)) = (spk(self.en, &l.en), spk(self.pl, &l.pl)) {
                // Not a mismatch when the other side's quote sentences name this side's speaker: the
                // two attributions then disagree on which of the named people speaks, not the texts.
                let named_in = |doc: &Document, idx: &[usize], name: &str| {
                    let t = quote_sentences_text(doc, idx);
                    let words: Vec<&str> = norm::words_of(&t).into_iter().map(|(a, b)| &t[a..b]).collect();
                    name_words(name).iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
                };
                let mismatch = !norm::same_speaker(&se.name, &sp.name)
                    && !named_in(self.pl, &l.pl, &se.name)
                    && !named_in(self.en, &l.en, &sp.name);
                if mismatch {
                    // An error when the Polish speaker is someone the English article names (a real
                    // person, misattributed); otherwise the attribution may have caught a non-person.
                    let known = |doc: &Document, name: &str| {
                        let words: Vec<&str> =
                            norm::words_of(&doc.text).into_iter().map(|(a, b)| &doc.text[a..b]).collect();
                        name_words(name).iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
                    };
                    // Named outright on both sides (not a pronoun or a verb resolved to a name).
                    let explicit = |doc: &Document, sp: &crate::model::Speaker| {
                        let t = doc.slice(sp.span);
                        let words: Vec<&str> = norm::words_of(t).into_iter().map(|(a, b)| &t[a..b]).collect();
                        name_words(&sp.name).iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
                    };
                    let severity = if explicit(self.en, se)
                        && explicit(self.pl, sp)
                        && (known(self.en, &sp.name) || known(self.pl, &se.name))
                    {
                        Severity::Error
                    } else {
                        Severity::Warning
                    };
                    let mut en = e.spans.clone();
                    en.push(se.span);
                    let mut pl = p.spans.clone();
                    pl.push(sp.span);
                    out.push(Finding {
                        check: Check::SpeakerMismatch,
                        severity,
                        en,
                        pl,
                        message: format!(
                            "The English quote is attributed to {} but the Polish one to {}.\nEN: “{}”\nPL: „{}”",
                            se.name,
                            sp.name,
                            clip(&e.text, 140),
                            clip(&p.text, 140)
                        ),
                    });
                }
            }
            // Numbers inside quotes, unless the sentence check already reported these spans.
            let mut found = Vec::new();
            self.numbers(&e, &p, "quote", &mut found);
            for f in found {
                let dup = out.iter().any(|g| {
                    g.check == f.check
                        && f.en.iter().all(|s| g.en.contains(s))
                        && f.pl.iter().all(|s| g.pl.contains(s))
                });
                let covered = out.iter().any(|g| {
                    g.check == f.check
                        && g.severity <= f.severity
                        && f.en
                            .iter()
                            .chain(&f.pl)
                            .any(|s| g.en.iter().chain(&g.pl).any(|t| t.overlap(s) > 0))
                        && f.severity == Severity::Warning
                });
                if !dup && !covered {
                    out.push(f);
                }
            }
            let (le, lp) = (e.text.chars().count(), p.text.chars().count());
            let ratio = lp as f32 / le.max(1) as f32;
            let z = (ratio / self.opts.length_ratio_center).ln() / self.opts.length_ratio_log_sd;
            let implied = l.evidence.method.as_deref() == Some(IMPLIED);
            let low_score = !implied && l.score < self.opts.drift_max_score;
            if (le.min(lp) >= 20 && z.abs() > self.opts.length_ratio_z) || low_score {
                let why = if low_score {
                    format!("their content overlaps little (link score {:.2})", l.score)
                } else if z > 0.0 {
                    format!("the Polish quote is much longer ({lp} vs {le} characters): it may add material")
                } else {
                    format!(
                        "the Polish quote is much shorter ({lp} vs {le} characters): it may drop material"
                    )
                };
                out.push(Finding {
                    check: Check::QuoteDrift,
                    severity: Severity::Warning,
                    en: e.spans.clone(),
                    pl: p.spans.clone(),
                    message: format!(
                        "Paired quotes differ: {why}.\nEN: “{}”\nPL: „{}”",
                        clip(&e.text, 140),
                        clip(&p.text, 140)
                    ),
                });
            }
        }
    }

    /// Speech quotes found in only one article.
    fn one_sided_quotes(&self, out: &mut Vec<Finding>) {
        let mut paired_en = HashSet::new();
        let mut paired_pl = HashSet::new();
        for l in Self::two_sided(&self.a.quotes).chain(&self.implied) {
            paired_en.extend(l.en.iter().copied());
            paired_pl.extend(l.pl.iter().copied());
        }
        let (me, mp) = matched_sentences(self.a, self.en, self.pl);
        let dialogue = dash_dialogue_counterparts(self.en, self.pl, self.a);
        for (doc, paired, matched, is_en) in
            [(self.en, &paired_en, &me, true), (self.pl, &paired_pl, &mp, false)]
        {
            for (i, q) in doc.quotes.iter().enumerate() {
                if q.kind != QuoteKind::Speech || paired.contains(&i) || q.depth > 0 {
                    continue;
                }
                // The Polish quotes it the Polish way, with dashes: not an omission.
                if is_en && dialogue.contains(&q.sentence) {
                    continue;
                }
                let host_matched = matched.get(q.sentence).copied().unwrap_or(false);
                let severity =
                    if !self.comparable && !host_matched { Severity::Error } else { Severity::Warning };
                let who = q.speaker.as_ref().map(|s| format!(" ({})", s.name)).unwrap_or_default();
                let (lang_here, lang_there) =
                    if is_en { ("English", "Polish") } else { ("Polish", "English") };
                let tail = if host_matched {
                    format!(
                        "; its sentence has a counterpart, so the {lang_there} may report it without quoting"
                    )
                } else {
                    String::new()
                };
                let message = format!(
                    "A quote{who} in the {lang_here} article has no counterpart in the {lang_there}{tail}.\n{}: {}",
                    if is_en { "EN" } else { "PL" },
                    clip(doc.slice(q.span), 200)
                );
                let (check, en, pl) = if is_en {
                    (Check::QuoteOmitted, vec![q.span], vec![])
                } else {
                    (Check::QuoteAdded, vec![], vec![q.span])
                };
                out.push(Finding { check, severity, en, pl, message });
            }
        }
    }

    /// Runs of unmatched sentences.
    fn passages(&self, out: &mut Vec<Finding>) {
        let (me, mp) = matched_sentences(self.a, self.en, self.pl);
        for (doc, matched, is_en) in [(self.en, &me, true), (self.pl, &mp, false)] {
            let mut i = 0;
            while i < matched.len() {
                if matched[i] {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < matched.len() && !matched[i] {
                    i += 1;
                }
                let run = &doc.sentences[start..i];
                let long = run.len() >= self.opts.passage_min_sentences;
                let severity = if !self.comparable && long { Severity::Error } else { Severity::Warning };
                let span = Span::new(run[0].span.start, run[run.len() - 1].span.end);
                let (here, there) = if is_en { ("English", "Polish") } else { ("Polish", "English") };
                let what = if run.len() == 1 {
                    format!("1 sentence of the {here} article has")
                } else {
                    format!("{} sentences of the {here} article have", run.len())
                };
                let message = format!(
                    "{what} no counterpart in the {there}.\n{}: {}",
                    if is_en { "EN" } else { "PL" },
                    clip(doc.slice(span), 200)
                );
                let (check, en, pl) = if is_en {
                    (Check::OmittedPassage, vec![span], vec![])
                } else {
                    (Check::AddedPassage, vec![], vec![span])
                };
                out.push(Finding { check, severity, en, pl, message });
            }
        }
    }

    /// Sentences left in the other language.
    fn untranslated(&self, out: &mut Vec<Finding>) {
        // Copied: a linked pair with (nearly) the same words on both sides.
        let mut copied_pl = HashSet::new();
        let mut copied_en = HashSet::new();
        for l in Self::two_sided(&self.a.sentences) {
            let (e, p) = (self.sent_side(self.en, &l.en), self.sent_side(self.pl, &l.pl));
            let we: Vec<String> =
                norm::words_of(&e.text).iter().map(|&(s, t)| norm::fold(&e.text[s..t])).collect();
            let wp: Vec<String> =
                norm::words_of(&p.text).iter().map(|&(s, t)| norm::fold(&p.text[s..t])).collect();
            if we.len() < 4 || wp.len() < 4 {
                continue;
            }
            let se: HashSet<&String> = we.iter().collect();
            let shared = wp.iter().filter(|w| se.contains(w)).count();
            if shared as f32 >= 0.8 * wp.len().max(we.len()) as f32 {
                copied_pl.extend(l.pl.iter().copied());
                copied_en.extend(l.en.iter().copied());
                out.push(Finding {
                    check: Check::Untranslated,
                    severity: Severity::Error,
                    en: e.spans.clone(),
                    pl: p.spans.clone(),
                    message: format!(
                        "The Polish sentence repeats the English one: it was left untranslated.\nEN: {}\nPL: {}",
                        clip(&e.text, 160),
                        clip(&p.text, 160)
                    ),
                });
            }
        }
        // A sentence that reads as the other language.
        for (doc, want, copied, is_en) in
            [(self.pl, Lang::Pl, &copied_pl, false), (self.en, Lang::En, &copied_en, true)]
        {
            for (i, s) in doc.sentences.iter().enumerate() {
                if copied.contains(&i) {
                    continue;
                }
                let t = doc.slice(s.span);
                let words = norm::words_of(t);
                let lower = words.iter().filter(|&&(a, _)| t[a..].starts_with(char::is_lowercase)).count();
                // Titles and lists of names are not sentences of a language.
                if words.len() < 6 || lower * 2 < words.len() {
                    continue;
                }
                // Cheap first: a Polish sentence of six words or more nearly always has a Polish letter,
                // an English one none. Only the exceptions go to the language detector.
                let polish_letters = t.chars().any(|c| "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ".contains(c));
                if polish_letters == (want == Lang::Pl) {
                    continue;
                }
                let d = lang::detect(t);
                if d.lang.is_supported() && d.lang != want && d.confidence >= 0.9 {
                    let (here, there) = if is_en { ("English", "Polish") } else { ("Polish", "English") };
                    let (en, pl) = if is_en { (vec![s.span], vec![]) } else { (vec![], vec![s.span]) };
                    out.push(Finding {
                        check: Check::Untranslated,
                        severity: Severity::Warning,
                        en,
                        pl,
                        message: format!(
                            "A sentence of the {here} article reads as {there}.\n{}: {}",
                            if is_en { "EN" } else { "PL" },
                            clip(t, 200)
                        ),
                    });
                }
            }
        }
    }

    /// Polish quotation-mark conventions: „…” outside, »…« or ‚…’ inside; marks paired.
    fn quote_marks(&self, out: &mut Vec<Finding>) {
        for p in &self.pl.paragraphs {
            let text = self.pl.slice(p.span);
            let mut straight = Vec::new();
            let mut english = Vec::new();
            let mut unpaired = Vec::new();
            let mut open: Vec<usize> = Vec::new();
            let chars: Vec<(usize, char)> = text.char_indices().collect();
            for (k, &(i, c)) in chars.iter().enumerate() {
                let at = p.span.start + i;
                let mark = Span::new(at, at + c.len_utf8());
                let prev = k.checked_sub(1).map(|j| chars[j].1);
                let next = chars.get(k + 1).map(|x| x.1);
                let opening_pos = prev.is_none_or(|c| c.is_whitespace() || "([—–-/".contains(c));
                match c {
                    '"' => straight.push(mark),
                    '„' => open.push(at),
                    '”' if open.pop().is_none() => unpaired.push(mark),
                    '“' if opening_pos && next.is_some_and(|n| !n.is_whitespace()) => english.push(mark),
                    '“' => {
                        // „…“ (German style) closes, but is not the Polish closing mark.
                        if open.pop().is_none() {
                            unpaired.push(mark);
                        } else {
                            english.push(mark);
                        }
                    }
                    _ => {}
                }
            }
            unpaired.extend(open.into_iter().map(|at| Span::new(at, at + '„'.len_utf8())));
            let ctx = clip(text, 120);
            if !straight.is_empty() {
                out.push(Finding {
                    check: Check::QuoteMarks,
                    severity: Severity::Style,
                    en: vec![],
                    pl: straight,
                    message: format!("Straight quotes \"…\" in Polish text: Polish uses „…”.\nPL: {ctx}"),
                });
            }
            if !english.is_empty() {
                out.push(Finding {
                    check: Check::QuoteMarks,
                    severity: Severity::Style,
                    en: vec![],
                    pl: english,
                    message: format!("English-style quotes “…” in Polish text: Polish uses „…”.\nPL: {ctx}"),
                });
            }
            if !unpaired.is_empty() {
                out.push(Finding {
                    check: Check::QuoteMarks,
                    severity: Severity::Style,
                    en: vec![],
                    pl: unpaired,
                    message: format!("Unpaired quotation mark in the Polish.\nPL: {ctx}"),
                });
            }
        }
    }
}

/// English units a Polish translation converts (miles to kilometres, feet to metres…), after a number
/// ending at `end`.
fn imperial_unit_after(text: &str, end: usize) -> bool {
    const UNITS: &[&str] = &[
        "mile",
        "miles",
        "ft",
        "feet",
        "foot",
        "inch",
        "inches",
        "yard",
        "yards",
        "yd",
        "lb",
        "lbs",
        "pound",
        "pounds",
        "oz",
        "ounce",
        "ounces",
        "mph",
        "f",
        "fahrenheit",
        "gallon",
        "gallons",
        "acre",
        "acres",
        "stone",
    ];
    let rest = text.get(end..).unwrap_or("").trim_start_matches([' ', '\u{a0}', '-', '°']);
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect::<String>().to_lowercase();
    UNITS.contains(&word.as_str())
}

/// The runs of digits of a number as written, leading zeros dropped ("8.20m" → 8, 20; "1 000" → 1, 0).
fn digit_groups(t: &str) -> Vec<u64> {
    t.split(|c: char| !c.is_ascii_digit()).filter(|g| !g.is_empty()).filter_map(|g| g.parse().ok()).collect()
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

/// The words of a name worth comparing (initials and short particles left out).
fn name_words(name: &str) -> Vec<&str> {
    norm::words_of(name).into_iter().map(|(a, b)| &name[a..b]).filter(|w| w.chars().count() >= 3).collect()
}

/// The text of the sentences the given quotes run through.
fn quote_sentences_text(doc: &Document, idx: &[usize]) -> String {
    let mut out = String::new();
    for q in idx.iter().filter_map(|&i| doc.quotes.get(i)) {
        for s in doc.sentences.iter().filter(|s| s.span.overlap(&q.span) > 0) {
            out.push_str(doc.slice(s.span));
            out.push(' ');
        }
    }
    out
}

/// English sentences linked to a Polish sentence that quotes as dash dialogue, the usual Polish way
/// of giving someone's words without quotation marks ("– Mamy rezerwy – zaznaczył."): the linked
/// Polish sentence starts with a dash and a capital letter (or an opening mark) and holds no quote.
fn dash_dialogue_counterparts(en: &Document, pl: &Document, a: &Alignment) -> HashSet<usize> {
    let dialogue = |s: usize| {
        let Some(sent) = pl.sentences.get(s) else { return false };
        if pl.quotes.iter().any(|q| q.span.overlap(&sent.span) > 0) {
            return false;
        }
        let t = pl.slice(sent.span).trim_start();
        let Some(rest) = t.strip_prefix(['–', '—', '-']) else { return false };
        let rest_trimmed = rest.trim_start();
        rest_trimmed.len() < rest.len()
            && rest_trimmed.starts_with(|c: char| c.is_uppercase() || matches!(c, '„' | '"' | '…'))
    };
    a.sentences
        .iter()
        .filter(|l| !l.en.is_empty() && l.pl.iter().any(|&s| dialogue(s)))
        .flat_map(|l| l.en.iter().copied())
        .filter(|&s| s < en.sentences.len())
        .collect()
}

/// `Evidence::method` of the quote pairs implied by sentence links.
const IMPLIED: &str = "qa-sentence-link";

/// Speech quotes no quote link pairs, grouped by the sentence links that hold them on both sides.
fn implied_quote_pairs(en: &Document, pl: &Document, a: &Alignment) -> Vec<Link> {
    let paired = |links: &[Link], en_side: bool| -> HashSet<usize> {
        links
            .iter()
            .filter(|l| !l.en.is_empty() && !l.pl.is_empty())
            .flat_map(|l| if en_side { l.en.clone() } else { l.pl.clone() })
            .collect()
    };
    let (pe, pp) = (paired(&a.quotes, true), paired(&a.quotes, false));
    let lone = |doc: &Document, paired: &HashSet<usize>, sents: &[usize]| -> Vec<usize> {
        (0..doc.quotes.len())
            .filter(|i| !paired.contains(i))
            .filter(|&i| {
                let q = &doc.quotes[i];
                q.kind == QuoteKind::Speech && q.depth == 0 && sents.contains(&q.sentence)
            })
            .collect()
    };
    let mut out = Vec::new();
    for l in a.sentences.iter().filter(|l| !l.en.is_empty() && !l.pl.is_empty()) {
        let (qe, qp) = (lone(en, &pe, &l.en), lone(pl, &pp, &l.pl));
        if !qe.is_empty() && !qp.is_empty() {
            let evidence = crate::align::Evidence { method: Some(IMPLIED.into()), ..Default::default() };
            out.push(Link { en: qe, pl: qp, score: l.score, evidence });
        }
    }
    out
}

/// A run of capitalised words inside a sentence: a likely name.
struct Name {
    start: usize,
    end: usize,
    words: Vec<String>,
}

/// Capitalised words that are not names, or are spelled differently in the other language (days and
/// months are capitalised in English only). Function words come from the lexicon's stopword lists.
const NOT_NAMES_EN: &[&str] = &[
    "Mr",
    "Mrs",
    "Ms",
    "Dr",
    "Sir",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "Jan",
    "Feb",
    "Mar",
    "Apr",
    "Jun",
    "Jul",
    "Aug",
    "Sep",
    "Sept",
    "Oct",
    "Nov",
    "Dec",
];
const NOT_NAMES_PL: &[&str] = &["Pan", "Pani", "Panie", "Pana", "Panu", "Państwo"];

/// Names of a sentence: runs of capitalised words, not at the start of the sentence, not function words.
fn names_in(text: &str, lang: Lang) -> Vec<Name> {
    use crate::lexicon::tokens::{is_stopword_en, is_stopword_pl};
    let stop = if lang == Lang::En { NOT_NAMES_EN } else { NOT_NAMES_PL };
    let words = norm::words_of(text);
    let mut out: Vec<Name> = Vec::new();
    let mut last_end: Option<usize> = None;
    for (k, &(s, e)) in words.iter().enumerate() {
        let w = &text[s..e];
        // "Trump's" is Trump; "I've", "I'll" are not names.
        let w = w.trim_end_matches("'s").trim_end_matches("’s");
        let w = if w.starts_with("I'") || w.starts_with("I’") { "I" } else { w };
        let e = s + w.len();
        let cap = w.starts_with(char::is_uppercase);
        let all_caps = w.trim_end_matches('s').chars().filter(|c| c.is_alphabetic()).all(char::is_uppercase);
        let before = text[..s].trim_end();
        // The first word of a sentence, a quotation or a clause after a colon is capitalised anyway.
        let sentence_start =
            k == 0 || before.ends_with(['.', '!', '?', ':', '"', '“', '„', '‘', '‚', '«', '»', '(', '[']);
        let lower = w.to_lowercase();
        let function_word = if lang == Lang::En { is_stopword_en(&lower) } else { is_stopword_pl(&lower) };
        if !cap
            || all_caps
            || sentence_start
            || function_word
            || stop.contains(&w)
            || w.chars().any(|c| c.is_ascii_digit())
        {
            last_end = None;
            continue;
        }
        match (last_end, out.last_mut()) {
            (Some(le), Some(n)) if le == n.end && text[le..s].trim().is_empty() => {
                n.end = e;
                n.words.push(w.to_string());
            }
            _ => out.push(Name { start: s, end: e, words: vec![w.to_string()] }),
        }
        last_end = Some(e);
    }
    out
}

#[cfg(test)]
mod tests;
