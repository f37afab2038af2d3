//! The tokens of a sentence as the edge model sees them: content words, names and the attribution
//! clause of a quotation, with their weights and loose cognate keys.

use super::VERB_WEIGHT;
use crate::align::features::{SentFeat, WordCache};
use crate::lang::Lang;
use crate::model::{Document, Span};

/// What a token of a sentence is, for comparing content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    /// A content word or number.
    Content,
    /// A capitalised word inside the sentence (a name, a title, an acronym).
    Name,
    /// Part of the attribution clause of a quotation ("Harris tells reporters", "– mówi premier").
    Attribution,
}

/// One token of a sentence as the edge model sees it.
#[derive(Debug, Clone, Copy)]
pub(super) struct TokInfo {
    /// Weight scaled by how much the word tells.
    pub(super) w: f32,
    /// Plain token weight (about one per content word), for the content floor.
    pub(super) raw: f32,
    pub(super) class: Class,
    /// Loose cognate keys of a content word (its transliterated skeleton cut to five letters, and
    /// for Polish also without a verbal prefix); 0 for none. Matched only when the word's own keys
    /// find nothing: `skomentował` ~ `comment`, `kamery` ~ `camera`, `zawetował` ~ `vetoed`.
    pub(super) cog: [u64; 2],
    /// Rarity of the token's own keys (the rarest), and of its cognate keys.
    pub(super) own: f32,
    pub(super) cog_idf: [f32; 2],
    /// The range of its keys among its sentence's keys that both articles hold.
    pub(super) shared: (u32, u32),
    /// A word whose lexicon keys are loose: a Polish word the lexicon reaches only by its first
    /// letters, or an English capitalised word inside the sentence (a name the stemmer may fold
    /// into a common word). A key only such words hold is no evidence between two of them.
    pub(super) loose: bool,
}

impl TokInfo {
    /// A token with no cognate keys; its rarities are filled in later.
    fn plain(w: f32, raw: f32, class: Class) -> TokInfo {
        TokInfo { w, raw, class, cog: [0, 0], own: 0.0, cog_idf: [0.0; 2], shared: (0, 0), loose: false }
    }
}

/// Polish verbal prefixes a cognate key is also tried without (longest first).
const PL_PREFIXES: [&str; 12] = ["prze", "roz", "wy", "za", "po", "do", "na", "od", "u", "z", "s", "o"];

pub(super) fn cognate_keys(lower: &str, lang: Lang) -> [u64; 2] {
    use std::hash::{Hash, Hasher};
    if lower.chars().count() < 5 {
        return [0, 0];
    }
    let key = |sk: &str| -> u64 {
        if sk.chars().count() < 4 {
            return 0;
        }
        let cut: String = sk.chars().take(5).collect();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        cut.hash(&mut h);
        h.finish() | 1
    };
    match lang {
        Lang::Pl => {
            let a = key(&crate::lexicon::cognate::skeleton_pl(lower));
            let b = PL_PREFIXES
                .iter()
                .find_map(|p| lower.strip_prefix(p).filter(|r| r.chars().count() >= 5))
                .map_or(0, |r| key(&crate::lexicon::cognate::skeleton_pl(r)));
            [a, b]
        }
        _ => [key(&crate::lexicon::cognate::skeleton_en(lower)), 0],
    }
}

/// Most words a clause outside the quotations of a sentence may have to be taken as the
/// attribution ("Nawrocki told reporters", "– powiedział w czwartek premier").
pub(super) const MAX_ATTRIBUTION_WORDS: usize = 8;
/// Most words of a speaker label before a colon and a quotation (`Szef OpenAI: „…”`).
pub(super) const MAX_LABEL_WORDS: usize = 3;

/// Which tokens of a sentence holding speech quotations belong to an attribution clause. The text
/// outside the quotations is cut into clauses at punctuation (`, ; : ( ) – —`, a spaced `-`) and at
/// the quotations' edges; a clause is the attribution when it holds a verb of saying and at most
/// [`MAX_ATTRIBUTION_WORDS`] words, or when it is a short label ending in a colon right before a
/// quotation. The other clauses are narrative and count as content: in `Nawrocki vetoed the bill,
/// calling it „…”`, "calling it" is the attribution and "Nawrocki vetoed the bill" is not.
pub(super) fn attribution_tokens(
    text: &str,
    toks: &[crate::align::features::Tok],
    verb_of_saying: &[bool],
    inside: &[bool],
) -> Vec<bool> {
    let cut = |gap: &str| gap.contains([',', ';', ':', '(', ')', '–', '—']) || gap.contains(" - ");
    let mut clause = vec![0usize; toks.len()];
    let mut colon_before_quote = Vec::new();
    let mut id = 0;
    for k in 0..toks.len() {
        if k > 0 {
            let gap = text.get(toks[k - 1].end as usize..toks[k].start as usize).unwrap_or("");
            if cut(gap) || inside[k] != inside[k - 1] {
                if !inside[k - 1] && inside[k] && gap.contains(':') {
                    colon_before_quote.push(id);
                }
                id += 1;
            }
        }
        clause[k] = id;
    }
    let mut words = vec![0usize; id + 1];
    let mut verb = vec![false; id + 1];
    for (k, t) in toks.iter().enumerate() {
        if inside[k] || t.is_number {
            continue;
        }
        words[clause[k]] += 1;
        verb[clause[k]] |= verb_of_saying[k];
    }
    let attribution: Vec<bool> = (0..=id)
        .map(|c| {
            (verb[c] && words[c] <= MAX_ATTRIBUTION_WORDS)
                || (colon_before_quote.contains(&c) && words[c] <= MAX_LABEL_WORDS)
        })
        .collect();
    // Reported speech: what follows "that" / "że" after the verb of saying is what was said, not
    // who said it ("He argued that lowering energy costs required …").
    let mut said = vec![false; id + 1];
    let mut reported = vec![false; id + 1];
    let mut out = vec![false; toks.len()];
    for (k, t) in toks.iter().enumerate() {
        let c = clause[k];
        if inside[k] || !attribution[c] {
            continue;
        }
        if said[c] && !reported[c] {
            let w = text.get(t.start as usize..t.end as usize).unwrap_or("");
            reported[c] = COMPLEMENTIZERS.iter().any(|x| w.eq_ignore_ascii_case(x));
            out[k] = true;
            continue;
        }
        out[k] = !reported[c];
        said[c] |= verb_of_saying[k];
    }
    out
}

/// Words that open reported speech after a verb of saying.
const COMPLEMENTIZERS: [&str; 3] = ["that", "że", "iż"];

/// What the edge model reads of a word form: whether it is a verb of saying, how much it tells
/// ([`crate::lexicon::frequency::information`]) and its cognate keys ([`cognate_keys`]). Computed
/// once per form and kept in the aligner's word cache.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WordFacts {
    verb: bool,
    /// A Polish word the lexicon knows only by its first letters (no form of it is listed).
    prefix_only: bool,
    information: f32,
    cog: [u64; 2],
}

impl WordFacts {
    fn of(word: &str, lang: Lang) -> WordFacts {
        let verbs = match lang {
            Lang::Pl => crate::quote::speaker::verbs_pl(),
            _ => crate::quote::speaker::verbs_en(),
        };
        let lower = crate::lexicon::tokens::fold(word);
        // Read from the embedded lexicon: with a user lexicon on top of it, the few words only the
        // user's entries list as forms still count as known by their first letters here.
        let prefix_only = lang == Lang::Pl && {
            let lex = crate::lexicon::Lexicon::embedded();
            let mut ids = Vec::new();
            lex.pl_lookup(&lower, crate::lexicon::Fallbacks::ALL, &mut ids) == crate::lexicon::Reach::Prefix
        };
        WordFacts {
            verb: verbs.contains(lower.as_str()),
            prefix_only,
            information: crate::lexicon::frequency::information(&lower, lang),
            cog: cognate_keys(&lower, lang),
        }
    }
}

/// The weight and class of each token of a sentence: verbs of saying count as function words, the
/// rest by how much the word tells ([`crate::lexicon::frequency::information`]). `cache` is the
/// word cache the features `f` were built with.
/// The spans of a document's top-level speech quotations in text order, with the furthest end
/// reached up to each: [`token_classes`] finds a sentence's quotations by a binary search.
pub(super) struct Speech {
    spans: Vec<Span>,
    reach: Vec<usize>,
}

impl Speech {
    pub(super) fn of(doc: &Document) -> Speech {
        let mut spans: Vec<Span> = doc
            .quotes
            .iter()
            .filter(|q| q.depth == 0 && q.kind == crate::model::QuoteKind::Speech)
            .map(|q| q.span)
            .collect();
        spans.sort_by_key(|q| (q.start, q.end));
        let reach = spans
            .iter()
            .scan(0, |r, q| {
                *r = q.end.max(*r);
                Some(*r)
            })
            .collect();
        Speech { spans, reach }
    }

    /// The quotations that overlap `span`, in text order.
    fn overlapping(&self, span: Span) -> impl Iterator<Item = &Span> {
        let first = self.reach.partition_point(|&r| r <= span.start);
        self.spans[first..]
            .iter()
            .take_while(move |q| q.start < span.end)
            .filter(move |q| q.overlap(&span) > 0)
    }
}

pub(super) fn token_classes(
    doc: &Document,
    speech: &Speech,
    sent: usize,
    f: &SentFeat,
    lang: Lang,
    cache: &mut WordCache,
) -> Vec<TokInfo> {
    let span = doc.sentences[sent].span;
    let text = doc.slice(span);
    // Speech quotations in the sentence, relative to its start.
    let quotes: Vec<(usize, usize)> = speech
        .overlapping(span)
        .map(|q| (q.start.saturating_sub(span.start), q.end.saturating_sub(span.start)))
        .collect();
    let inside: Vec<bool> = f
        .toks
        .iter()
        .map(|t| quotes.iter().any(|&(a, b)| t.start as usize >= a && t.end as usize <= b))
        .collect();
    let word = |t: &crate::align::features::Tok| text.get(t.start as usize..t.end as usize).unwrap_or("");
    // Each word's facts, from the cache (numbers have none).
    let facts: Vec<Option<WordFacts>> = f
        .toks
        .iter()
        .map(|t| {
            (!t.is_number).then(|| cache.comparable_facts(f, t.word, word(t), |w| WordFacts::of(w, lang)))
        })
        .collect();
    let attribution = if quotes.is_empty() {
        vec![false; f.toks.len()]
    } else {
        let verb: Vec<bool> = facts.iter().map(|x| x.is_some_and(|x| x.verb)).collect();
        attribution_tokens(text, &f.toks, &verb, &inside)
    };
    f.toks
        .iter()
        .zip(&facts)
        .enumerate()
        .map(|(k, (t, facts))| {
            if attribution[k] {
                return TokInfo::plain(t.weight.min(VERB_WEIGHT), 0.0, Class::Attribution);
            }
            let Some(facts) = facts else {
                return TokInfo::plain(t.weight, t.weight, Class::Content);
            };
            if facts.verb {
                let w = t.weight.min(VERB_WEIGHT);
                return TokInfo::plain(w, w, Class::Content);
            }
            let capital = word(t).chars().next().is_some_and(char::is_uppercase);
            let weight = t.weight * facts.information;
            let class = if capital && k > 0 { Class::Name } else { Class::Content };
            let cog = if class == Class::Content && t.weight >= 1.0 { facts.cog } else { [0, 0] };
            let loose = facts.prefix_only || (lang == Lang::En && class == Class::Name);
            TokInfo { cog, loose, ..TokInfo::plain(weight, t.weight, class) }
        })
        .collect()
}
