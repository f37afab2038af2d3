//! Alignment of sentences and quotes across an English and a Polish document.
//!
//! The documents need not be translations of each other: the aligner finds confident one-to-one
//! anchors anywhere (so moved paragraphs are found), fills the gaps between anchors with a small
//! dynamic program (1-1, 1-2, 2-1, 2-2, skips), matches leftovers anywhere, and leaves unrelated
//! sentences unmatched. Quotes are then paired from the sentence links, the speakers and their own
//! words. See [`sentences`] and [`quotes`] for the steps.
//!
//! ```
//! use bialign::{align, analyze, AlignOptions};
//! use bialign::ingest::IngestOptions;
//!
//! let opts = IngestOptions::default();
//! let en = analyze("en", "Prices rose 3.5% in 2016. “We are shocked,” Harris said.".as_bytes(), &opts).unwrap();
//! let pl = analyze("pl", "Ceny wzrosły o 3,5% w 2016 roku. „Jesteśmy zszokowani” – mówi Harris.".as_bytes(), &opts).unwrap();
//! let a = align(&en, &pl, &AlignOptions::default());
//! // Every sentence of both documents is in exactly one link.
//! let en_seen: usize = a.sentences.iter().map(|l| l.en.len()).sum();
//! assert_eq!(en_seen, en.sentences.len());
//! // The first sentences share their numbers and are linked.
//! let first = a.sentences.iter().find(|l| l.en.contains(&0)).unwrap();
//! assert_eq!(first.pl, vec![0]);
//! assert!(first.evidence.numbers.contains(&"2016".to_string()));
//! ```

pub mod calibrate;
pub mod comparable;
mod evidence;
pub mod features;
pub mod mode;
pub mod quotes;
pub mod score;
pub mod sentences;
#[doc(hidden)]
pub mod training;

use std::sync::Arc;

use serde::Serialize;

use crate::lang::Lang;
use crate::model::{Document, Span};
use crate::text::TextLayer;

pub use features::{Concepts, Signals};
pub use mode::Mode;

pub(crate) use evidence::evidence;
use evidence::{make_link, names_apart};
use features::SentFeat;

/// Options for [`align`].
#[derive(Clone)]
pub struct AlignOptions {
    /// Drop links scoring below this: their units are reported unmatched.
    pub min_score: f32,
    /// The bilingual lexicon (concept ids). `None`: the aligner works from names, numbers,
    /// cognates, punctuation, length and position only.
    pub lexicon: Option<Arc<dyn Concepts>>,
    /// Evidence sources to use (all by default).
    pub signals: Signals,
    /// Only the first this-many bytes of a sentence are tokenised for scoring (the length signal
    /// still counts the whole sentence). Keeps megabyte "sentences" (text without punctuation) from
    /// making feature extraction and evidence collection slow. 0: no limit.
    pub max_sentence_bytes: usize,
    /// Align as a translation or as comparable articles; `None` (the default) decides from the pair
    /// itself ([`mode`]).
    pub mode: Option<Mode>,
    /// Stop long stages early once this passes (the result is then incomplete: see
    /// [`crate::deadline`]).
    pub deadline: crate::deadline::Deadline,
}

/// Default of [`AlignOptions::max_sentence_bytes`]: far above any real news sentence.
pub const DEFAULT_MAX_SENTENCE_BYTES: usize = 4096;

impl std::fmt::Debug for AlignOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlignOptions")
            .field("min_score", &self.min_score)
            .field("lexicon", &self.lexicon.as_ref().map(|_| "…"))
            .field("signals", &self.signals)
            .field("max_sentence_bytes", &self.max_sentence_bytes)
            .field("mode", &self.mode)
            .finish()
    }
}

impl Default for AlignOptions {
    /// No score floor, all signals, the embedded lexicon.
    fn default() -> Self {
        AlignOptions {
            min_score: 0.0,
            lexicon: default_lexicon(),
            signals: Signals::default(),
            max_sentence_bytes: DEFAULT_MAX_SENTENCE_BYTES,
            mode: None,
            deadline: Default::default(),
        }
    }
}

/// The lexicon [`AlignOptions::default`] uses: one handle for the whole process, so that options
/// made afresh for each pair still share this thread's cache of word evidence (it is kept only
/// while the lexicon is the same one, compared by pointer).
pub fn default_lexicon() -> Option<Arc<dyn Concepts>> {
    static EMBEDDED: std::sync::OnceLock<Arc<dyn Concepts>> = std::sync::OnceLock::new();
    Some(EMBEDDED.get_or_init(|| Arc::new(crate::lexicon::Lexicon::embedded())).clone())
}

/// A lexicon with the user's own entries added (TSV `en<TAB>pl` lines, or hunalign's `pl @ en`).
pub fn lexicon_with_user_file(path: &std::path::Path) -> crate::Result<Arc<dyn Concepts>> {
    Ok(Arc::new(crate::lexicon::Lexicon::with_user_file(path)?))
}

/// What made a link.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct Evidence {
    /// Names found on both sides ("Harris", "Sebastian ~ Sebastiana").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Numbers found on both sides, normalised.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub numbers: Vec<String>,
    /// Lexicon pairs "en=pl".
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lexicon: Vec<String>,
    /// Cognate pairs "en~pl".
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cognates: Vec<String>,
    /// The speakers agree (quotes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speaker_match: Option<bool>,
    /// How the link was found ("anchor", "gap", "position", "leftover", "sentence-links"…).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
}

/// A link between units of the two documents: indices into `sentences` or `quotes`.
/// An empty side marks an unmatched unit.
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    /// English sentence indices, sorted.
    pub en: Vec<usize>,
    /// Polish sentence indices, sorted.
    pub pl: Vec<usize>,
    /// Confidence in [0, 1]; 0 for unmatched units.
    pub score: f32,
    /// Why the sentences were linked.
    pub evidence: Evidence,
}

impl Link {
    fn unmatched(en: Vec<usize>, pl: Vec<usize>) -> Link {
        Link { en, pl, score: 0.0, evidence: Evidence::default() }
    }
    /// Whether both sides are non-empty.
    pub fn is_match(&self) -> bool {
        !self.en.is_empty() && !self.pl.is_empty()
    }
    /// Whether a writer keeps this link under `--min-score`: unmatched units always (so that the
    /// output still accounts for every unit), matches when they score at least `min_score`.
    pub fn kept(&self, min_score: f32) -> bool {
        !self.is_match() || self.score >= min_score
    }
}

/// The result of aligning two documents.
#[derive(Debug, Clone)]
pub struct Alignment {
    /// Sentence links. In [`Mode::Translation`] every sentence of both documents appears in exactly
    /// one link; in [`Mode::Comparable`] a sentence may appear in several (a Polish sentence merging
    /// parts of two English ones), and a sentence in none is listed in a one-sided link.
    pub sentences: Vec<Link>,
    /// Quote links (including unmatched quotes as one-sided links).
    pub quotes: Vec<Link>,
    /// How the articles were aligned.
    pub mode: Mode,
    /// The share of sentences with a strong partner that the mode was estimated from
    /// ([`mode::strong_share`]).
    pub strong_share: f32,
    /// The text layers of the English and the Polish document the aligner read (`None` when the
    /// alignment was not computed from the documents): QA reads the same tokens.
    pub en_text: Option<Arc<TextLayer>>,
    /// See [`Alignment::en_text`].
    pub pl_text: Option<Arc<TextLayer>>,
}

impl Alignment {
    /// For every unit of each side (`n_en` English and `n_pl` Polish sentences or quotes of
    /// `links`), the index of the first two-sided link it stands in (`None`: unmatched). The one
    /// reading of "matched" that QA, the report, batch statistics and the CLI share.
    pub fn unit_links(links: &[Link], n_en: usize, n_pl: usize) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
        let mut e = vec![None; n_en];
        let mut p = vec![None; n_pl];
        for (k, l) in links.iter().enumerate().filter(|(_, l)| l.is_match()) {
            for &i in &l.en {
                if let Some(x) = e.get_mut(i) {
                    x.get_or_insert(k);
                }
            }
            for &i in &l.pl {
                if let Some(x) = p.get_mut(i) {
                    x.get_or_insert(k);
                }
            }
        }
        (e, p)
    }

    /// How many of the `n_en` English and `n_pl` Polish sentences no two-sided link pairs.
    pub fn unmatched_sentences(&self, n_en: usize, n_pl: usize) -> (usize, usize) {
        let (e, p) = Self::unit_links(&self.sentences, n_en, n_pl);
        (e.iter().filter(|l| l.is_none()).count(), p.iter().filter(|l| l.is_none()).count())
    }

    /// The share of all `n_en + n_pl` sentences that no two-sided link pairs (0 when there are none).
    pub fn unmatched_share(&self, n_en: usize, n_pl: usize) -> f32 {
        let (e, p) = self.unmatched_sentences(n_en, n_pl);
        if n_en + n_pl == 0 {
            0.0
        } else {
            (e + p) as f32 / (n_en + n_pl) as f32
        }
    }
}

impl Default for Alignment {
    fn default() -> Self {
        Alignment {
            sentences: Vec::new(),
            quotes: Vec::new(),
            mode: Mode::Translation,
            strong_share: 1.0,
            en_text: None,
            pl_text: None,
        }
    }
}

/// Evidence features of every sentence of a document (its text layer built for the purpose: see
/// [`doc_features_in`]).
pub(crate) fn doc_features(
    doc: &Document,
    lang: Lang,
    opts: &AlignOptions,
    cache: &mut features::WordCache,
) -> Vec<SentFeat> {
    doc_features_in(doc, &TextLayer::new(doc), lang, opts, cache)
}

/// Evidence features of every sentence of a document, from the sentences' tokens in the document's
/// text layer `layer`.
pub(crate) fn doc_features_in(
    doc: &Document,
    layer: &TextLayer,
    lang: Lang,
    opts: &AlignOptions,
    cache: &mut features::WordCache,
) -> Vec<SentFeat> {
    doc.sentences
        .iter()
        .enumerate()
        .map(|(i, s)| {
            // Once stopped, the rest get no features: the caller drops the result.
            if opts.deadline.expired() {
                return SentFeat::default();
            }
            let text = doc.slice(s.span);
            let head = truncate_at_char(text, opts.max_sentence_bytes);
            let toks = layer.tokens_in(
                &doc.text,
                layer.sentence(i),
                Span::new(s.span.start, s.span.start + head.len()),
            );
            let mut f = features::sentence_features_of(
                head,
                toks,
                lang,
                opts.lexicon.as_deref(),
                &opts.signals,
                cache,
            );
            if head.len() < text.len() {
                f.chars = text.chars().filter(|c| !c.is_whitespace()).count() as u32;
            }
            f
        })
        .collect()
}

/// The longest prefix of `text` of at most `max` bytes ending on a character boundary (0: all).
fn truncate_at_char(text: &str, max: usize) -> &str {
    if max == 0 || text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Align the sentences and quotes of an English and a Polish document.
///
/// The documents may be given in either order when their `lang` says which is which (the
/// result then refers to the first argument as `en`): `align(a, b)` mirrors `align(b, a)`.
pub fn align(en: &Document, pl: &Document, opts: &AlignOptions) -> Alignment {
    if en.lang == Lang::Pl && pl.lang == Lang::En {
        let mut a = align(pl, en, opts);
        for l in a.sentences.iter_mut().chain(a.quotes.iter_mut()) {
            std::mem::swap(&mut l.en, &mut l.pl);
        }
        std::mem::swap(&mut a.en_text, &mut a.pl_text);
        return a;
    }
    features::with_word_caches(&opts.lexicon, &opts.signals, |en_cache, pl_cache| {
        align_with(en, pl, opts, en_cache, pl_cache)
    })
}

fn align_with(
    en: &Document,
    pl: &Document,
    opts: &AlignOptions,
    en_cache: &mut features::WordCache,
    pl_cache: &mut features::WordCache,
) -> Alignment {
    // Each document is tokenised once, here; the features and QA read these layers.
    let (en_text, pl_text) = (Arc::new(TextLayer::new(en)), Arc::new(TextLayer::new(pl)));
    let ef = doc_features_in(en, &en_text, Lang::En, opts, en_cache);
    let pf = doc_features_in(pl, &pl_text, Lang::Pl, opts, pl_cache);
    let result = |sentences, quotes, mode, strong_share| Alignment {
        sentences,
        quotes,
        mode,
        strong_share,
        en_text: Some(en_text.clone()),
        pl_text: Some(pl_text.clone()),
    };
    // Past the deadline (or over batch's memory budget) the caller drops the result: stop here.
    if opts.deadline.passed() {
        return result(Vec::new(), Vec::new(), opts.mode.unwrap_or(Mode::Translation), 0.0);
    }
    let cand = sentences::candidate_logits(&ef, &pf, &opts.signals);
    if opts.deadline.passed() {
        return result(Vec::new(), Vec::new(), opts.mode.unwrap_or(Mode::Translation), 0.0);
    }
    let share = mode::strong_share(&ef, &pf, &cand);
    let mode = opts.mode.unwrap_or_else(|| mode::of_share(share));
    if std::env::var_os("BIALIGN_DEBUG_MODE").is_some() {
        eprintln!("mode-share\t{}\t{share:.3}", en.name);
    }
    // What quote scoring reads of each quote: comparable articles' sentence anchors and the quote
    // pairing read the same facts.
    let quote_facts = quotes::QuoteFacts::with_text(en, pl, (&en_text, &pl_text), opts, (en_cache, pl_cache));
    let sentences = match mode {
        Mode::Translation => translation_links(en, pl, &ef, &pf, opts, cand),
        Mode::Comparable => comparable_links(en, pl, &ef, &pf, opts, &quote_facts, (en_cache, pl_cache)),
    };
    if opts.deadline.passed() {
        return result(reported(sentences, mode), Vec::new(), mode, share);
    }
    let quotes = match mode {
        Mode::Translation => quotes::align_quotes_with(&quote_facts, &sentences, opts),
        Mode::Comparable => quotes::align_quotes_comparable_with(&quote_facts, &sentences, opts),
    };
    result(reported(sentences, mode), quotes, mode, share)
}

/// Sentence links of a translation: beads found by [`sentences`], every sentence in one link.
fn translation_links(
    en: &Document,
    pl: &Document,
    ef: &[SentFeat],
    pf: &[SentFeat],
    opts: &AlignOptions,
    cand: sentences::CandMap,
) -> Vec<Link> {
    let raw = sentences::align_sentences_with(ef, pf, &opts.signals, cand, &opts.deadline);
    let mut links: Vec<Link> = Vec::new();
    let mut en_seen = vec![false; en.sentences.len()];
    for r in raw {
        if r.score < opts.min_score {
            continue;
        }
        for &i in &r.en {
            en_seen[i] = true;
        }
        links.push(make_link(en, pl, ef, pf, r.en, r.pl, r.score, r.method.as_str()));
    }
    for (i, seen) in en_seen.iter().enumerate() {
        if !seen {
            links.push(Link::unmatched(vec![i], vec![]));
        }
    }
    order_links(links, pl.sentences.len())
}

/// The sentence links as reported: a comparable link's score is its edge probability mapped by
/// [`comparable::reported_score`]. Quote pairing reads the model's own probabilities, before this.
fn reported(mut links: Vec<Link>, mode: Mode) -> Vec<Link> {
    if mode == Mode::Comparable {
        for l in links.iter_mut().filter(|l| l.is_match()) {
            l.score = comparable::reported_score(l.score);
        }
    }
    links
}

/// Sentence links of comparable articles ([`comparable`]): scored edges grouped into links; a
/// sentence may stand in several links, and one in none is listed unmatched.
fn comparable_links(
    en: &Document,
    pl: &Document,
    ef: &[SentFeat],
    pf: &[SentFeat],
    opts: &AlignOptions,
    quote_facts: &quotes::QuoteFacts,
    caches: (&mut features::WordCache, &mut features::WordCache),
) -> Vec<Link> {
    let anchors = quotes::sentence_anchors_with(quote_facts, opts);
    let pairs = comparable::Pairs::new(en, pl, ef, pf, anchors, opts.signals, caches);
    let edges = comparable::edges(&pairs, &opts.deadline);
    let mut links: Vec<Link> = Vec::new();
    let mut en_seen = vec![false; en.sentences.len()];
    for (e, p, score) in comparable::group(&edges, en.sentences.len(), pl.sentences.len()) {
        if comparable::reported_score(score) < opts.min_score {
            continue;
        }
        for &i in &e {
            en_seen[i] = true;
        }
        let mut l = make_link(en, pl, ef, pf, e, p, score, "comparable");
        names_apart(&mut l.evidence);
        links.push(l);
    }
    for (i, seen) in en_seen.iter().enumerate() {
        if !seen {
            links.push(Link::unmatched(vec![i], vec![]));
        }
    }
    order_links(links, pl.sentences.len())
}

/// Order links for reading: by English position, each unmatched Polish sentence right after the
/// link holding the Polish sentence before it.
fn order_links(mut links: Vec<Link>, n_pl: usize) -> Vec<Link> {
    links.sort_by_key(|l| (l.en.first().copied().unwrap_or(usize::MAX), l.pl.first().copied()));
    let mut pl_pos = vec![usize::MAX; n_pl];
    for (k, l) in links.iter().enumerate() {
        for &j in &l.pl {
            pl_pos[j] = k;
        }
    }
    // Unmatched Polish sentences: attach after the link of the previous Polish sentence.
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); links.len() + 1];
    let mut orphan_slot = vec![usize::MAX; n_pl];
    for j in 0..n_pl {
        if pl_pos[j] == usize::MAX {
            let slot = if j == 0 {
                0
            } else if pl_pos[j - 1] != usize::MAX {
                pl_pos[j - 1] + 1
            } else {
                orphan_slot[j - 1]
            };
            orphan_slot[j] = slot;
            after[slot].push(j);
        }
    }
    let mut out = Vec::with_capacity(links.len() + n_pl);
    for j in after[0].drain(..) {
        out.push(Link::unmatched(vec![], vec![j]));
    }
    for (k, l) in links.into_iter().enumerate() {
        out.push(l);
        for &j in &after[k + 1] {
            out.push(Link::unmatched(vec![], vec![j]));
        }
    }
    out
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    #[test]
    fn truncation_stays_on_a_character_boundary() {
        assert_eq!(truncate_at_char("żółw", 3), "ż"); // "ż" is 2 bytes, "ó" 2 more: 3 cuts inside "ó"
        assert_eq!(truncate_at_char("żółw", 0), "żółw");
        assert_eq!(truncate_at_char("abc", 10), "abc");
    }

    #[test]
    fn a_long_sentence_keeps_its_full_length_for_scoring() {
        let text = format!("{}.", "Warsaw budget ".repeat(2000));
        let mut doc = Document { text: text.clone(), lang: Lang::En, ..Default::default() };
        let span = crate::model::Span::new(0, text.len());
        doc.paragraphs.push(crate::model::Paragraph { span, lang: Lang::En, confidence: 1.0 });
        doc.sentences.push(crate::model::Sentence { span, paragraph: 0 });
        let opts = AlignOptions { max_sentence_bytes: 100, lexicon: None, ..Default::default() };
        let short = doc_features(&doc, Lang::En, &opts, &mut Default::default());
        let full = doc_features(
            &doc,
            Lang::En,
            &AlignOptions { max_sentence_bytes: 0, ..opts },
            &mut Default::default(),
        );
        assert!(short[0].toks.len() < full[0].toks.len(), "only the head is tokenised");
        assert_eq!(short[0].chars, full[0].chars, "the length signal sees the whole sentence");
    }
}
