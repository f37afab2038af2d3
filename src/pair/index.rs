//! The index of both collections and the scoring of candidate pairs.
//!
//! Every document is kept as its sorted list of interned keys with their counts: no text. Each key
//! has a posting list per side (the documents holding it) and an IDF over both sides. A document's
//! candidates are found by walking the posting lists of its rarest keys on the other side, as far as
//! a budget of postings allows ([`POSTING_BUDGET`], at least [`MIN_KEYS`] keys), so the cost per
//! document stays bounded whatever the collection size; the best of those are then scored exactly
//! (a cosine over all keys of both documents).

use rayon::prelude::*;

use super::keys::KeyKind;
use super::Method;
use crate::lexicon::fxhash::FxMap;

/// Postings walked per document to find its candidates, at most (after the first [`MIN_KEYS`]).
pub const POSTING_BUDGET: usize = 60_000;
/// Keys always walked, rarest first, whatever their posting lists cost.
pub const MIN_KEYS: usize = 12;
/// Candidates per document scored exactly.
const RESCORED: usize = 48;

/// One side's documents: ids, dates and keys (CSR: `offsets[i]..offsets[i+1]` into `keys`).
#[derive(Debug, Default)]
pub struct SideDocs {
    /// Document ids, in input order.
    pub ids: Vec<String>,
    /// Days since 1970-01-01, when the input gave a date.
    pub dates: Vec<Option<i32>>,
    /// Where each document's keys start in `keys` (one more entry than documents).
    pub offsets: Vec<usize>,
    /// Interned key ids of all documents, sorted per document.
    pub keys: Vec<u32>,
    /// How often each key occurs in its document.
    pub counts: Vec<u16>,
}

impl SideDocs {
    /// How many documents.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// No documents?
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    fn doc(&self, i: usize) -> (&[u32], &[u16]) {
        let (a, b) = (self.offsets[i], self.offsets[i + 1]);
        (&self.keys[a..b], &self.counts[a..b])
    }
}

/// Interned keys of both sides.
#[derive(Debug, Default)]
pub struct Keys {
    /// The id of each raw key.
    pub ids: FxMap<u64, u32>,
    /// The raw key of each id.
    pub raw: Vec<u64>,
    /// Documents holding the key, per side.
    pub df: [Vec<u32>; 2],
    /// The text of name, number and speaker keys.
    pub labels: FxMap<u32, Box<str>>,
}

impl Keys {
    /// The id of `raw`, new if unseen.
    pub fn intern(&mut self, raw: u64) -> u32 {
        if let Some(&id) = self.ids.get(&raw) {
            return id;
        }
        let id = self.raw.len() as u32;
        self.ids.insert(raw, id);
        self.raw.push(raw);
        self.df[0].push(0);
        self.df[1].push(0);
        id
    }
}

/// Weights computed once all documents are in.
pub struct Weights {
    /// Per key: its weight (kind weight × IDF; 0 for keys the method does not use).
    pub key: Vec<f32>,
    /// Per side, per document: the Euclidean norm of its weight vector.
    pub norm: [Vec<f32>; 2],
    /// The method the weights are for.
    pub method: Method,
}

/// How much a kind of key counts against a lexicon concept of the same rarity.
fn kind_weight(kind: KeyKind, method: Method) -> f32 {
    match (method, kind) {
        (Method::TfIdf, KeyKind::Lexicon) => 1.0,
        (Method::TfIdf, _) => 0.0,
        (Method::Evidence, KeyKind::Lexicon) => 1.0,
        (Method::Evidence, KeyKind::Name) => 1.6,
        (Method::Evidence, KeyKind::Number) => 1.3,
        (Method::Evidence, KeyKind::Speaker) => 1.6,
    }
}

impl Weights {
    /// Weights of every key from its document frequencies on both sides.
    pub fn new(keys: &Keys, sides: &[SideDocs; 2], method: Method) -> Weights {
        let n = (sides[0].len() + sides[1].len()) as f32;
        let key: Vec<f32> = (0..keys.raw.len())
            .map(|k| {
                let df = (keys.df[0][k] + keys.df[1][k]).max(1) as f32;
                kind_weight(KeyKind::of(keys.raw[k]), method) * (1.0 + n / df).ln()
            })
            .collect();
        let mut w = Weights { key, norm: [Vec::new(), Vec::new()], method };
        for (s, side) in sides.iter().enumerate() {
            let norm = (0..side.len())
                .into_par_iter()
                .map(|i| {
                    let (ks, cs) = side.doc(i);
                    ks.iter().zip(cs).map(|(&k, &c)| w.of(k, c).powi(2)).sum::<f32>().sqrt()
                })
                .collect();
            w.norm[s] = norm;
        }
        w
    }

    /// The weight of key `k` counted `count` times in a document.
    #[inline]
    pub fn of(&self, k: u32, count: u16) -> f32 {
        let w = self.key[k as usize];
        match self.method {
            // Presence, not repetition: a long article says a name more often, not more surely.
            Method::Evidence => w,
            Method::TfIdf => w * f32::from(count),
        }
    }
}

/// Posting lists of one side (CSR over key ids).
pub struct Postings {
    offsets: Vec<usize>,
    docs: Vec<u32>,
}

impl Postings {
    /// The posting lists of `side`, sized by the document frequencies `df`.
    pub fn new(side: &SideDocs, df: &[u32]) -> Postings {
        let mut offsets = Vec::with_capacity(df.len() + 1);
        let mut at = 0usize;
        offsets.push(0);
        for &d in df {
            at += d as usize;
            offsets.push(at);
        }
        let mut fill = offsets.clone();
        let mut docs = vec![0u32; at];
        for i in 0..side.len() {
            for &k in side.doc(i).0 {
                let f = &mut fill[k as usize];
                docs[*f] = i as u32;
                *f += 1;
            }
        }
        Postings { offsets, docs }
    }

    fn of(&self, k: u32) -> &[u32] {
        &self.docs[self.offsets[k as usize]..self.offsets[k as usize + 1]]
    }
}

/// The exact score of two documents: the cosine of their weight vectors.
pub fn score(w: &Weights, a: (&[u32], &[u16]), b: (&[u32], &[u16]), na: f32, nb: f32) -> f32 {
    if na == 0.0 || nb == 0.0 {
        return 0.0;
    }
    let (mut i, mut j, mut dot) = (0, 0, 0.0f32);
    while i < a.0.len() && j < b.0.len() {
        match a.0[i].cmp(&b.0[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                dot += w.of(a.0[i], a.1[i]) * w.of(b.0[j], b.1[j]);
                i += 1;
                j += 1;
            }
        }
    }
    (dot / (na * nb)).clamp(0.0, 1.0)
}

/// The keys two documents share (for the evidence of a pair), heaviest first; keys of one weight by
/// their raw value (`raw`, indexed by interned id), so the order does not hang on the input order.
pub fn shared(w: &Weights, raw: &[u64], a: &[u32], b: &[u32]) -> Vec<u32> {
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                if w.key[a[i] as usize] > 0.0 {
                    out.push(a[i]);
                }
                i += 1;
                j += 1;
            }
        }
    }
    out.sort_by(|x, y| {
        w.key[*y as usize].total_cmp(&w.key[*x as usize]).then(raw[*x as usize].cmp(&raw[*y as usize]))
    });
    out
}

/// The best `keep` candidates on side `to` of every document of side `from`, best first, with their
/// exact scores; candidates dated more than `window` days apart are left out.
pub fn candidates(
    sides: &[SideDocs; 2],
    keys: &Keys,
    w: &Weights,
    from: usize,
    post: &Postings,
    keep: usize,
    window: Option<u32>,
) -> Vec<Vec<(u32, f32)>> {
    let to = 1 - from;
    let (src, dst) = (&sides[from], &sides[to]);
    let df_to = &keys.df[to];
    (0..src.len())
        .into_par_iter()
        .map_init(
            || (vec![0f32; dst.len()], Vec::<u32>::new(), Vec::<(u32, u32)>::new()),
            |(acc, touched, order), i| {
                let (ks, cs) = src.doc(i);
                order.clear();
                order.extend(
                    ks.iter()
                        .filter(|&&k| df_to[k as usize] > 0 && w.key[k as usize] > 0.0)
                        .map(|&k| (df_to[k as usize], k)),
                );
                order.sort_unstable();
                let mut walked = 0usize;
                for (n, &(df, k)) in order.iter().enumerate() {
                    if n >= MIN_KEYS && walked + df as usize > POSTING_BUDGET {
                        break;
                    }
                    walked += df as usize;
                    let wk = w.key[k as usize];
                    for &p in post.of(k) {
                        let a = &mut acc[p as usize];
                        if *a == 0.0 {
                            touched.push(p);
                        }
                        *a += wk * wk;
                    }
                }
                let date = src.dates[i];
                let in_window = |p: u32| match (window, date, dst.dates[p as usize]) {
                    (Some(win), Some(a), Some(b)) => (a - b).unsigned_abs() <= win,
                    _ => true,
                };
                let mut best: Vec<(f32, u32)> = touched
                    .iter()
                    .filter(|&&p| in_window(p))
                    .map(|&p| (acc[p as usize] / w.norm[to][p as usize].max(1e-6), p))
                    .collect();
                for &p in touched.iter() {
                    acc[p as usize] = 0.0;
                }
                touched.clear();
                let cut = RESCORED.max(keep);
                if best.len() > cut {
                    best.select_nth_unstable_by(cut - 1, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                    best.truncate(cut);
                }
                let mut scored: Vec<(u32, f32)> = best
                    .iter()
                    .map(|&(_, p)| {
                        let p_doc = dst.doc(p as usize);
                        (p, score(w, (ks, cs), p_doc, w.norm[from][i], w.norm[to][p as usize]))
                    })
                    .filter(|&(_, s)| s > 0.0)
                    .collect();
                scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                scored.truncate(keep);
                scored
            },
        )
        .collect()
}
