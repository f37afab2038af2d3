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

/// Pairs scoring below this are not made (cosine of the key weights; measured in docs/FORMAT.md).
pub const DEFAULT_MIN_SCORE: f32 = 0.10;
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
    /// Pairs scoring below this are not made.
    pub min_score: f32,
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
        edges.retain(|e| e.score >= opts.min_score);
        edges.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.en.cmp(&b.en)).then(a.pl.cmp(&b.pl)));
        edges.dedup_by(|a, b| a.en == b.en && a.pl == b.pl);
        let mut paired = [vec![false; self.sides[0].len()], vec![false; self.sides[1].len()]];
        let mut pairs = Vec::new();
        if opts.many {
            // A pair is made when it is the best candidate of its English or of its Polish document.
            let best = |c: &[(u32, f32)]| c.first().map(|x| x.0 as usize);
            for e in edges {
                if best(&en[e.en]) == Some(e.pl) || best(&pl[e.pl]) == Some(e.en) {
                    paired[0][e.en] = true;
                    paired[1][e.pl] = true;
                    pairs.push(e);
                }
            }
        } else {
            for e in edges {
                if !paired[0][e.en] && !paired[1][e.pl] {
                    paired[0][e.en] = true;
                    paired[1][e.pl] = true;
                    pairs.push(e);
                }
            }
        }
        pairs.sort_by(|a, b| a.en.cmp(&b.en).then(b.score.total_cmp(&a.score)).then(a.pl.cmp(&b.pl)));
        Pairing { pairs, candidates: [en, pl], paired }
    }

    /// The evidence of a pair, under the weights of the last [`Collection::pair`] run.
    pub fn evidence(&self, en: usize, pl: usize) -> PairEvidence {
        let Some((_, w)) = self.weights.as_ref() else { return PairEvidence::default() };
        let a = &self.sides[0];
        let b = &self.sides[1];
        let ka = &a.keys[a.offsets[en]..a.offsets[en + 1]];
        let kb = &b.keys[b.offsets[pl]..b.offsets[pl + 1]];
        let mut ev = PairEvidence::default();
        for k in index::shared(w, ka, kb) {
            let raw = self.keys.raw[k as usize];
            let list = match KeyKind::of(raw) {
                KeyKind::Lexicon => &mut ev.lexicon,
                KeyKind::Name => &mut ev.names,
                KeyKind::Number => &mut ev.numbers,
                KeyKind::Speaker => &mut ev.quotes,
            };
            if list.len() >= EVIDENCE_ITEMS {
                continue;
            }
            let text = match KeyKind::of(raw) {
                KeyKind::Lexicon => self.lexicon().concept(raw as u32).map(str::to_string),
                _ => self.keys.labels.get(&k).map(|s| s.to_string()),
            };
            if let Some(t) = text {
                list.push(t);
            }
        }
        ev
    }
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
