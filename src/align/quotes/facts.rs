//! What quote scoring reads of each quote, computed once per document pair ([`QuoteFacts`]), and
//! the helpers that read it: the sentences a quote stands in, its rank in its sentence, its speaker's
//! name, and its text without editorial insertions.

use crate::align::features::{sentence_features_cached, sentence_features_of, SentFeat, WordCache};
use crate::align::AlignOptions;
use crate::lang::Lang;
use crate::lexicon::names::SpeakerName;
use crate::model::{Document, Span};
use crate::text::TextLayer;

/// Sentences of `doc` that overlap `span` (sentences are sorted by position).
fn sentences_of(doc: &Document, span: Span) -> Vec<usize> {
    let first = doc.sentences.partition_point(|s| s.span.end <= span.start);
    (first..doc.sentences.len())
        .take_while(|&i| doc.sentences[i].span.start < span.end.max(span.start + 1))
        .collect()
}

/// +1 when the speakers are the same person ([`crate::lexicon::names::same_speaker`]: Harris ~
/// Amy B. Harris, Tusk ~ Tuska), -1 when both are known and differ, 0 otherwise.
pub fn speaker_agreement(a: Option<&str>, b: Option<&str>) -> f32 {
    agreement(a.map(SpeakerName::new).as_ref(), b.map(SpeakerName::new).as_ref())
}

/// [`speaker_agreement`] of two names already read.
pub(super) fn agreement(a: Option<&SpeakerName>, b: Option<&SpeakerName>) -> f32 {
    match (a, b) {
        (Some(a), Some(b)) if a.same(b) => 1.0,
        (Some(_), Some(_)) => -1.0,
        _ => 0.0,
    }
}

/// Each quote's speaker, read once.
fn speaker_names(d: &Document) -> Vec<Option<SpeakerName>> {
    // An article quotes the same few people many times: each name is read once.
    let mut read: crate::lexicon::fxhash::FxMap<&str, SpeakerName> = Default::default();
    d.quotes
        .iter()
        .map(|q| {
            q.speaker
                .as_ref()
                .map(|s| read.entry(s.name.as_str()).or_insert_with(|| SpeakerName::new(&s.name)).clone())
        })
        .collect()
}

/// Rank of each quote among the top-level quotes before it that start in the same sentence: one pass
/// with a running count per sentence (linear in the number of quotes, whatever their nesting).
pub(super) fn ranks_in_sentence(doc: &Document) -> Vec<usize> {
    let mut seen: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    doc.quotes
        .iter()
        .map(|q| {
            let n = seen.entry(q.sentence).or_insert(0);
            let rank = *n;
            if q.depth == 0 {
                *n += 1;
            }
            rank
        })
        .collect()
}

/// Longest editorial insertion (`[by Berlin]`, `[to]`) blanked out of a quotation, in bytes.
const MAX_EDITORIAL_BYTES: usize = 60;

/// The text of a quotation with editorial insertions in square brackets (`such actions [by
/// Berlin] are…`, `[But] we will…`) blanked out: they are the reporter's words, not the speaker's,
/// and the other article renders the speaker's. Each blanked byte becomes a space, so token offsets
/// still point into the original text. A bracket that does not close on the same line within
/// [`MAX_EDITORIAL_BYTES`] is kept as it is.
pub(crate) fn without_editorial(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('[') {
        return std::borrow::Cow::Borrowed(text);
    }
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'[' {
            let close = b[i + 1..]
                .iter()
                .take(MAX_EDITORIAL_BYTES)
                .position(|&c| c == b']' || c == b'\n' || c == b'[')
                .map(|k| i + 1 + k);
            if let Some(end) = close.filter(|&e| b[e] == b']') {
                out[i..=end].fill(b' ');
                i = end + 1;
                continue;
            }
        }
        i += 1;
    }
    // Only ASCII bytes (the brackets and what lies between two ASCII brackets, whole characters)
    // were replaced by ASCII spaces, so the text is still UTF-8.
    std::borrow::Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_string()))
}

/// What quote scoring reads of each quote, computed once per document pair: its evidence, the
/// sentences it stands in, its rank among the quotes of its sentence and its speaker. Sentence
/// anchors (before the sentences are linked) and quote pairing (after) read the same facts.
pub(crate) struct QuoteFacts<'a> {
    pub(super) en: &'a Document,
    pub(super) pl: &'a Document,
    pub(super) qfe: Vec<SentFeat>,
    pub(super) qfp: Vec<SentFeat>,
    pub(super) en_sents: Vec<Vec<usize>>,
    pub(super) pl_sents: Vec<Vec<usize>>,
    pub(super) en_rank: Vec<usize>,
    pub(super) pl_rank: Vec<usize>,
    /// Each quote's speaker.
    pub(super) en_spk: Vec<Option<SpeakerName>>,
    pub(super) pl_spk: Vec<Option<SpeakerName>>,
}

impl<'a> QuoteFacts<'a> {
    pub(crate) fn new(
        en: &'a Document,
        pl: &'a Document,
        opts: &AlignOptions,
        caches: (&mut WordCache, &mut WordCache),
    ) -> QuoteFacts<'a> {
        Self::with_text(en, pl, (&TextLayer::new(en), &TextLayer::new(pl)), opts, caches)
    }

    /// [`QuoteFacts::new`], reading the quotes' tokens from the documents' text layers `texts`
    /// (a quote with an editorial insertion is tokenised without it).
    pub(crate) fn with_text(
        en: &'a Document,
        pl: &'a Document,
        texts: (&TextLayer, &TextLayer),
        opts: &AlignOptions,
        caches: (&mut WordCache, &mut WordCache),
    ) -> QuoteFacts<'a> {
        let feats = |d: &Document, layer: &TextLayer, lang: Lang, cache: &mut WordCache| -> Vec<SentFeat> {
            let (lex, sig) = (opts.lexicon.as_deref(), &opts.signals);
            d.quotes
                .iter()
                .map(|q| match without_editorial(d.slice(q.span)) {
                    std::borrow::Cow::Borrowed(t) => {
                        let toks = layer.tokens_in(&d.text, layer.range(q.span), q.span);
                        sentence_features_of(t, toks, lang, lex, sig, cache)
                    }
                    std::borrow::Cow::Owned(t) => sentence_features_cached(&t, lang, lex, sig, cache),
                })
                .collect()
        };
        QuoteFacts {
            en,
            pl,
            qfe: feats(en, texts.0, Lang::En, caches.0),
            qfp: feats(pl, texts.1, Lang::Pl, caches.1),
            en_sents: en.quotes.iter().map(|q| sentences_of(en, q.span)).collect(),
            pl_sents: pl.quotes.iter().map(|q| sentences_of(pl, q.span)).collect(),
            en_rank: ranks_in_sentence(en),
            pl_rank: ranks_in_sentence(pl),
            en_spk: speaker_names(en),
            pl_spk: speaker_names(pl),
        }
    }
}
