//! Document pairing: which English and which Polish articles of two unpaired collections tell the
//! same story (`bialign pair`).
//!
//! Each document is reduced to its keys ([`keys`]): lexicon concepts of its content words, names,
//! numbers and quotation speakers, the evidence the aligner itself uses. A [`Collection`] keeps only
//! those keys (interned, with their counts), never the text, so memory grows with the index. Once
//! every document is in, [`Collection::pair`] weighs each key by its IDF over both sides, finds each
//! document's candidates through the posting lists of its rarest keys ([`index`]), scores them
//! exactly (a cosine), drops candidates dated too far apart, and assigns pairs: one-to-one, greedily
//! by score, or with [`PairOptions::many`] every candidate that is the best of one of its two
//! documents.
//!
//! ```
//! use bialign::pair::{pair_texts, PairOptions};
//! let en = [("a", "Warsaw's mayor Anna Nowak opened the new bridge over the Vistula on Friday. \
//!             The bridge cost 120 million zlotys.")];
//! let pl = [("b", "Prezydent Warszawy Anna Nowak otworzyła w piątek nowy most na Wiśle. \
//!             Most kosztował 120 milionów złotych.")];
//! let p = pair_texts(&en, &pl, &PairOptions::default());
//! assert_eq!(p.pairs.len(), 1);
//! ```

pub mod index;
pub mod input;
pub mod keys;
pub mod write;

use std::sync::Arc;

use serde::Serialize;

use crate::lang::Lang;
use crate::lexicon::Lexicon;
use crate::model::Document;
use index::{Keys, Postings, SideDocs, Weights};
pub use keys::{DocKeys, KeyKind};

/// Pairs scoring below this are not made (cosine of the key weights; measured in docs/FORMAT.md),
/// unless they stand out by [`DEFAULT_MARGIN`].
pub const DEFAULT_MIN_SCORE: f32 = 0.10;
/// A pair scoring under `min_score` is still made when its score is this many times that of the best
/// rival either of its documents has left, and at least [`MARGIN_FLOOR_SHARE`] of `min_score` (0:
/// never). A short
/// write-up of a long article shares few keys with it, so its score is low, but the two documents
/// still share far more with each other than with anything else; a document with no partner has
/// rivals about as close as its best candidate.
pub const DEFAULT_MARGIN: f32 = 2.0;
/// No pair is made below this share of `min_score`, however far it stands out (0.05 at the default
/// cut).
pub const MARGIN_FLOOR_SHARE: f32 = 0.5;
/// Candidates kept per document.
pub const DEFAULT_CANDIDATES: usize = 10;
/// Days two dated documents may lie apart and still pair.
pub const DEFAULT_DATE_WINDOW: u32 = 7;

/// How candidate pairs are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Lexicon concepts, names, numbers and speakers, each present or not, weighted by IDF and kind.
    #[default]
    Evidence,
    /// The plain baseline: TF-IDF cosine over lexicon-translated lemmas only.
    TfIdf,
}

/// How to pair.
#[derive(Debug, Clone)]
pub struct PairOptions {
    /// How candidates are scored.
    pub method: Method,
    /// Allow a document in several pairs (each pair is the best candidate of one of its documents).
    pub many: bool,
    /// Pairs scoring below this are not made, unless they stand out by `margin`.
    pub min_score: f32,
    /// A pair under `min_score` (and at least [`MARGIN_FLOOR_SHARE`] of it) is still made when its score is this
    /// many times the best score either document has with a rival still unpaired (0: never).
    pub margin: f32,
    /// Dated documents more than this many days apart do not pair (`None`: dates are ignored).
    pub date_window: Option<u32>,
    /// Candidates kept per document (for the assignment and for [`Pairing::candidates`]).
    pub candidates: usize,
}

impl Default for PairOptions {
    fn default() -> Self {
        PairOptions {
            method: Method::Evidence,
            many: false,
            min_score: DEFAULT_MIN_SCORE,
            margin: DEFAULT_MARGIN,
            date_window: Some(DEFAULT_DATE_WINDOW),
            candidates: DEFAULT_CANDIDATES,
        }
    }
}

/// Index of the English side (0) or the Polish side (1).
pub fn side_of(lang: Lang) -> Option<usize> {
    match lang {
        Lang::En => Some(0),
        Lang::Pl => Some(1),
        _ => None,
    }
}

/// One pair: document indices (in the order they were added to each side) and score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DocPair {
    /// The English document.
    pub en: usize,
    /// The Polish document.
    pub pl: usize,
    /// Weighted cosine of their keys, in [0, 1].
    pub score: f32,
}

/// Why two documents were paired: the keys they share, heaviest first, as text.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct PairEvidence {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    /// Names both texts hold.
    pub names: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    /// Numbers both texts hold.
    pub numbers: Vec<String>,
    /// Lexicon concepts (English stems) both texts hold.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lexicon: Vec<String>,
    /// Speakers of quotations on both sides.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub quotes: Vec<String>,
}

/// Items of each evidence list shown.
const EVIDENCE_ITEMS: usize = 8;

/// The result of [`Collection::pair`].
#[derive(Debug, Clone, Default)]
pub struct Pairing {
    /// The pairs, by English document then score.
    pub pairs: Vec<DocPair>,
    /// Per side, per document: its best candidates on the other side (index, score), best first.
    pub candidates: [Vec<Vec<(u32, f32)>>; 2],
    /// Per side, per document: whether it is in a pair.
    pub paired: [Vec<bool>; 2],
}

/// The documents of both sides, as keys only.
pub struct Collection {
    /// A lexicon with the user's additions (`None`: the embedded one).
    user: Option<Arc<Lexicon>>,
    keys: Keys,
    sides: [SideDocs; 2],
    weights: Option<(Method, Weights)>,
}

impl Collection {
    /// An empty collection reading words with `lex` (`None`: the embedded lexicon).
    pub fn new(lex: Option<Arc<Lexicon>>) -> Collection {
        let mut sides: [SideDocs; 2] = Default::default();
        for s in &mut sides {
            s.offsets.push(0);
        }
        Collection { user: lex, keys: Keys::default(), sides, weights: None }
    }

    /// The lexicon documents are read with.
    pub fn lexicon(&self) -> &Lexicon {
        self.user.as_deref().unwrap_or_else(|| Lexicon::embedded())
    }

    /// The keys of an analysed document in `lang` (see [`keys::extract`]).
    pub fn profile(&self, doc: &Document, lang: Lang) -> DocKeys {
        keys::extract(doc, lang, self.lexicon())
    }

    /// Add a document's keys to side `side` (0 English, 1 Polish); returns its index on that side.
    /// `date`: days since 1970-01-01 ([`input::parse_date`]).
    pub fn add(&mut self, side: usize, id: String, date: Option<i32>, keys: DocKeys) -> usize {
        self.weights = None;
        for (raw, label) in keys.labels {
            let k = self.keys.intern(raw);
            self.keys.labels.entry(k).or_insert_with(|| label.into_boxed_str());
        }
        let s = &mut self.sides[side];
        let from = s.keys.len();
        for (raw, count) in keys.keys {
            let k = self.keys.intern(raw);
            self.keys.df[side][k as usize] += 1;
            s.keys.push(k);
            s.counts.push(count);
        }
        // Interned ids are not in raw order: sort this document's slice by id.
        let mut both: Vec<(u32, u16)> =
            s.keys[from..].iter().copied().zip(s.counts[from..].iter().copied()).collect();
        both.sort_unstable();
        for (n, (k, c)) in both.into_iter().enumerate() {
            s.keys[from + n] = k;
            s.counts[from + n] = c;
        }
        s.offsets.push(s.keys.len());
        s.ids.push(id);
        s.dates.push(date);
        s.ids.len() - 1
    }

    /// Number of documents on side `side`.
    pub fn len(&self, side: usize) -> usize {
        self.sides[side].len()
    }

    /// The id of a document.
    pub fn id(&self, side: usize, i: usize) -> &str {
        &self.sides[side].ids[i]
    }

    /// Number of distinct keys and of key occurrences held (the size of the index).
    pub fn index_size(&self) -> (usize, usize) {
        (self.keys.raw.len(), self.sides[0].keys.len() + self.sides[1].keys.len())
    }

    fn weights(&mut self, method: Method) -> &Weights {
        if self.weights.as_ref().is_none_or(|(m, _)| *m != method) {
            self.weights = Some((method, Weights::new(&self.keys, &self.sides, method)));
        }
        &self.weights.as_ref().expect("computed above").1
    }

    /// Pair the two sides.
    pub fn pair(&mut self, opts: &PairOptions) -> Pairing {
        self.weights(opts.method);
        let w = &self.weights.as_ref().expect("computed above").1;
        let keep = opts.candidates.max(1);
        let post_pl = Postings::new(&self.sides[1], &self.keys.df[1]);
        let en = index::candidates(&self.sides, &self.keys, w, 0, &post_pl, keep, opts.date_window);
        drop(post_pl);
        let post_en = Postings::new(&self.sides[0], &self.keys.df[0]);
        let pl = index::candidates(&self.sides, &self.keys, w, 1, &post_en, keep, opts.date_window);
        drop(post_en);
        let mut edges: Vec<DocPair> = Vec::new();
        for (e, c) in en.iter().enumerate() {
            edges.extend(c.iter().map(|&(p, score)| DocPair { en: e, pl: p as usize, score }));
        }
        for (p, c) in pl.iter().enumerate() {
            edges.extend(c.iter().map(|&(e, score)| DocPair { en: e as usize, pl: p, score }));
        }
        let floor = if opts.margin > 0.0 { opts.min_score * MARGIN_FLOOR_SHARE } else { opts.min_score };
        edges.retain(|e| e.score >= floor);
        edges.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.en.cmp(&b.en)).then(a.pl.cmp(&b.pl)));
        edges.dedup_by(|a, b| a.en == b.en && a.pl == b.pl);
        let mut paired = [vec![false; self.sides[0].len()], vec![false; self.sides[1].len()]];
        let mut pairs = Vec::new();
        if opts.many {
            // A pair is made when it is the best candidate of its English or of its Polish document.
            let best = |c: &[(u32, f32)]| c.first().map(|x| x.0 as usize);
            let none = [vec![false; self.sides[0].len()], vec![false; self.sides[1].len()]];
            for e in edges {
                let of_en = best(&en[e.en]) == Some(e.pl);
                let of_pl = best(&pl[e.pl]) == Some(e.en);
                // Below the cut, neither document may have a rival near it.
                let ok = e.score >= opts.min_score
                    || opts.margin > 0.0
                        && e.score
                            >= opts.margin
                                * rival(&en[e.en], e.pl, &none[1], keep)
                                    .max(rival(&pl[e.pl], e.en, &none[0], keep));
                if ok && (of_en || of_pl) {
                    paired[0][e.en] = true;
                    paired[1][e.pl] = true;
                    pairs.push(e);
                }
            }
        } else {
            for e in edges {
                if paired[0][e.en] || paired[1][e.pl] {
                    continue;
                }
                // Edges come best first, so every rival left unpaired here is one this pair beats or
                // one still to be decided.
                let ok = e.score >= opts.min_score
                    || opts.margin > 0.0
                        && e.score
                            >= opts.margin
                                * rival(&en[e.en], e.pl, &paired[1], keep)
                                    .max(rival(&pl[e.pl], e.en, &paired[0], keep));
                if ok {
                    paired[0][e.en] = true;
                    paired[1][e.pl] = true;
                    pairs.push(e);
                }
            }
        }
        pairs.sort_by(|a, b| a.en.cmp(&b.en).then(b.score.total_cmp(&a.score)).then(a.pl.cmp(&b.pl)));
        Pairing { pairs, candidates: [en, pl], paired }
    }

    /// The date of document `i` of side `side` (days since 1970-01-01), if it has one.
    pub fn date(&self, side: usize, i: usize) -> Option<i32> {
        self.sides[side].dates[i]
    }

    /// Document `i` of side `side` as its keys: the raw key (see [`keys`]), its count, and its text
    /// as the evidence shows it (a concept's English stem, a name as first written).
    pub fn doc_keys(&self, side: usize, i: usize) -> Vec<(u64, u16, Option<&str>)> {
        let s = &self.sides[side];
        let (a, b) = (s.offsets[i], s.offsets[i + 1]);
        s.keys[a..b]
            .iter()
            .zip(&s.counts[a..b])
            .map(|(&k, &c)| {
                let raw = self.keys.raw[k as usize];
                (raw, c, self.key_text(k))
            })
            .collect()
    }

    /// The text of interned key `k`: a concept's English stem, or the label of a name, number or
    /// speaker.
    fn key_text(&self, k: u32) -> Option<&str> {
        let raw = self.keys.raw[k as usize];
        match KeyKind::of(raw) {
            KeyKind::Lexicon => self.lexicon().concept(raw as u32),
            _ => self.keys.labels.get(&k).map(|s| &**s),
        }
    }

    /// The evidence of a pair, under the weights of the last [`Collection::pair`] run.
    pub fn evidence(&self, en: usize, pl: usize) -> PairEvidence {
        let Some((_, w)) = self.weights.as_ref() else { return PairEvidence::default() };
        let a = &self.sides[0];
        let b = &self.sides[1];
        let ka = &a.keys[a.offsets[en]..a.offsets[en + 1]];
        let kb = &b.keys[b.offsets[pl]..b.offsets[pl + 1]];
        let mut ev = PairEvidence::default();
        for k in index::shared(w, &self.keys.raw, ka, kb) {
            let list = match KeyKind::of(self.keys.raw[k as usize]) {
                KeyKind::Lexicon => &mut ev.lexicon,
                KeyKind::Name => &mut ev.names,
                KeyKind::Number => &mut ev.numbers,
                KeyKind::Speaker => &mut ev.quotes,
            };
            if list.len() >= EVIDENCE_ITEMS {
                continue;
            }
            if let Some(t) = self.key_text(k) {
                list.push(t.to_string());
            }
        }
        ev
    }
}

/// The best score a document with candidates `cands` (best first, at most `keep` of them) has with a
/// document other than `partner` that is not `taken`. When every listed rival is taken and the list
/// is full, the last listed score bounds the documents beyond it.
fn rival(cands: &[(u32, f32)], partner: usize, taken: &[bool], keep: usize) -> f32 {
    cands
        .iter()
        .find(|&&(d, _)| d as usize != partner && !taken[d as usize])
        .map(|&(_, s)| s)
        .unwrap_or_else(|| if cands.len() >= keep { cands.last().map_or(0.0, |c| c.1) } else { 0.0 })
}

/// Pair two small collections of `(id, text)` given in memory (English, Polish), each text analysed
/// as an article of its side's language.
pub fn pair_texts(en: &[(&str, &str)], pl: &[(&str, &str)], opts: &PairOptions) -> Pairing {
    let mut c = Collection::new(None);
    for (side, docs) in [(0usize, en), (1, pl)] {
        let lang = if side == 0 { Lang::En } else { Lang::Pl };
        for (id, text) in docs {
            let doc = input::analyze_text(id, text, lang);
            let k = c.profile(&doc, lang);
            c.add(side, id.to_string(), None, k);
        }
    }
    c.pair(opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A document holding the lexicon concepts of `ranges`.
    fn doc(ranges: &[std::ops::Range<u32>]) -> DocKeys {
        let mut keys: Vec<(u64, u16)> =
            ranges.iter().cloned().flatten().map(|c| (keys::concept_key(c), 1)).collect();
        keys.sort_unstable();
        DocKeys { keys, ..Default::default() }
    }

    /// A long English article with a short Polish write-up of it (a few of its concepts), and a Polish
    /// document that shares as little with each of two other English articles: both under the cut.
    // Each document's concepts are a list of ranges; some lists hold one range.
    #[allow(clippy::single_range_in_vec_init)]
    fn collection() -> Collection {
        let mut c = Collection::new(None);
        c.add(0, "long".into(), None, doc(&[0..300]));
        c.add(0, "x".into(), None, doc(&[2000..2100]));
        c.add(0, "y".into(), None, doc(&[3000..3100]));
        c.add(1, "short".into(), None, doc(&[0..12, 1000..1012]));
        c.add(1, "between".into(), None, doc(&[2000..2008, 3000..3008, 4000..4030]));
        c
    }

    fn made(p: &Pairing) -> Vec<(usize, usize)> {
        p.pairs.iter().map(|x| (x.en, x.pl)).collect()
    }

    #[test]
    fn a_pair_under_the_cut_is_made_only_when_it_stands_out() {
        let mut c = collection();
        let off = c.pair(&PairOptions { margin: 0.0, ..Default::default() });
        let score = off.candidates[0][0][0].1;
        let floor = DEFAULT_MIN_SCORE * MARGIN_FLOOR_SHARE;
        assert!(score < DEFAULT_MIN_SCORE && score >= floor, "{score}");
        assert_eq!(made(&off), [], "nothing reaches the cut");
        let between = off.candidates[1][1][0].1;
        assert!(between >= floor && between < DEFAULT_MIN_SCORE, "{between}");
        let on = c.pair(&PairOptions::default());
        assert_eq!(made(&on), [(0, 0)], "the write-up stands out; the document between two does not");
        assert!(!on.paired[1][1]);
        // The same with --many: the write-up is the long article's best by far.
        assert_eq!(made(&c.pair(&PairOptions { many: true, ..Default::default() })), [(0, 0)]);
        // A rival as close as the partner takes the margin away.
        c.add(1, "rival".into(), None, doc(&[100..112, 5000..5012]));
        assert_eq!(made(&c.pair(&PairOptions::default())), []);
    }

    #[test]
    fn rivals_are_the_unpaired_candidates_and_a_full_list_bounds_the_rest() {
        let c = [(3u32, 0.5f32), (1, 0.2), (2, 0.1)];
        assert_eq!(rival(&c, 3, &[false; 4], 10), 0.2, "the partner is no rival");
        assert_eq!(rival(&c, 3, &[false, true, false, false], 10), 0.1, "a taken one is no rival");
        assert_eq!(rival(&c, 3, &[true; 4], 10), 0.0, "nothing else shares a key");
        assert_eq!(rival(&c, 3, &[true; 4], 3), 0.1, "beyond a full list, up to its last score");
    }
}
