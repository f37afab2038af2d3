//! Sentence links between comparable articles: a retelling that reorders, drops, adds, and spreads
//! one sentence over several or merges several into one.
//!
//! A translation is a sequence of beads; a retelling is not. Here every (English, Polish) sentence
//! pair is a candidate *edge* (all pairs for articles of ordinary size, the inverted index's best
//! candidates for long ones), scored on its own content by a logistic model ([`EDGE_W`]):
//!
//! - **containment** on each side: the share of the sentence's content weight that finds a key
//!   (lexicon concept, cognate, number) in the other sentence: a partial rendering contains part of
//!   one side;
//! - the **rarity** of what is shared: each key weighs by its inverse document frequency over the
//!   sentences of both articles, so words the whole story repeats (the speaker's name, "wind farm")
//!   say little about which sentence renders which;
//! - **names** and **numbers** apart from content: a shared name or number alone is not a rendering;
//!   verbs of saying count as function words (an attribution tail is not content); a name the
//!   English stemmer folds into a common word ("Grant", "Rose") meeting a Polish word the lexicon
//!   reaches only by its first letters is no match at all (`TokInfo::loose` in `tokens`);
//! - a **quote anchor**: the two sentences hold quotations whose own words pair them;
//! - position and length, weakly;
//! - the **gap to the best partner**: how far the pair's rare matched share falls below that of the
//!   best candidate of each of its two sentences. A long sentence that renders another shares
//!   only part of its content, and scores low on its own; among its candidates it still stands
//!   out, while a sentence that merely shares a word with many others does not.
//!
//! Edges need content: at least one content word in common ([`MIN_CONTENT`]), whatever else they
//! share. Edges at or above [`EDGE_KEEP_MIN`] are kept, at most [`MAX_DEGREE`] per sentence (its
//! best), and grouped into links: a sentence with several partners of similar probability whose
//! partners have no other becomes one 1-n (or n-1) link; every other edge is a 1-1 link. A sentence may therefore stand in
//! more than one link (a Polish sentence merging parts of two English ones, which also render
//! elsewhere). Each link's score is the mean probability of its edges: the expected share of its
//! sentence pairs that are right.

use super::features::{key_kind, KeyKind, SentFeat};
use crate::lang::Lang;
use crate::lexicon::fxhash::FxMap;
use crate::model::Document;

pub use super::calibrate::{
    EDGE_BIAS, EDGE_KEEP_MIN, EDGE_SCORE_BIAS, EDGE_SCORE_W, EDGE_W, MAX_DEGREE, MIN_CONTENT, N_EDGE,
};
pub(crate) use tokens::WordFacts;
use tokens::{token_classes, Class, Speech, TokInfo};

mod links;
mod rarity;
mod rows;
#[cfg(test)]
mod tests;
mod tokens;

pub use links::{best_partner_gaps, Edge};
pub(crate) use links::{edges, group};
use rarity::Rarity;
pub use rows::{edge_rows, EdgeRow, TokenTrace};

/// Most a partner's probability may fall below the best partner's for the two to share a 1-n link.
const STAR_SPREAD: f32 = 0.25;
/// Token weight of a verb of saying ("said", "powiedział"): a function word here.
const VERB_WEIGHT: f32 = 0.1;
/// All pairs are scored up to this many; longer articles score the index's candidates.
const MAX_ALL_PAIRS: usize = 250_000;

/// The features of one (English, Polish) sentence pair.
#[derive(Debug, Clone, Copy, Default)]
pub struct EdgeFeat {
    /// Matched content weight / content weight, English side.
    pub contain_en: f32,
    /// The same, Polish side.
    pub contain_pl: f32,
    /// Rarity-weighted matched content, the smaller and the larger of the two sides.
    pub idf_min: f32,
    /// The larger side's rarity-weighted matched content.
    pub idf_max: f32,
    /// Rarity-weighted matched share of each side.
    pub idf_share_en: f32,
    /// The Polish side's rarity-weighted matched share.
    pub idf_share_pl: f32,
    /// Name keys shared.
    pub names: f32,
    /// Rarity-weighted shared names, the smaller side.
    pub idf_names: f32,
    /// Numbers shared and numbers on one side only.
    pub num_shared: f32,
    /// Numbers on one side only.
    pub num_unshared: f32,
    /// |relative position in the English article − relative position in the Polish one|.
    pub pos: f32,
    /// |ln of the length ratio|.
    pub len: f32,
    /// The best own-evidence score of a quote pair the two sentences hold (0: none).
    pub quote: f32,
    /// Matched content weight on the smaller side (for the [`MIN_CONTENT`] floor).
    pub content: f32,
    /// How far the pair's [`EdgeFeat::share`] falls below the best of the English sentence's
    /// candidates, plus the same for the Polish sentence (0: each is the other's best; see
    /// [`best_partner_gaps`]).
    pub gap: f32,
}

impl EdgeFeat {
    /// The model's inputs, in the order of [`EDGE_W`].
    pub fn vec(&self) -> [f32; N_EDGE] {
        [
            self.contain_en,
            self.contain_pl,
            (1.0 + self.idf_min).ln(),
            (1.0 + self.idf_max).ln(),
            self.idf_share_en,
            self.idf_share_pl,
            (self.names > 0.0) as u8 as f32,
            self.num_shared.min(3.0),
            self.num_unshared.min(4.0),
            self.pos,
            self.len.min(3.0),
            self.quote,
            (1.0 + self.idf_names).ln(),
            self.gap,
        ]
    }

    /// The rarity-weighted matched share of both sides together (0 to 2): what
    /// [`best_partner_gaps`] ranks a sentence's candidates by.
    pub fn share(&self) -> f32 {
        self.idf_share_en + self.idf_share_pl
    }

    /// The probability that the pair is a (partial) rendering.
    pub fn probability(&self) -> f32 {
        let z = EDGE_W.iter().zip(self.vec()).fold(EDGE_BIAS, |z, (w, x)| z + w * x);
        super::score::sigmoid(z)
    }
}

/// The score a comparable link reports for the edge model's probability `p`: `p` mapped by the
/// Platt scaling fitted on the model's leave-one-pair-out probabilities ([`EDGE_SCORE_W`]), so that
/// links scored 0.8 are right about 8 times in 10 on pairs the model was not fitted on. Monotone:
/// the links kept and their order are those of `p`; only the number shown (and what
/// `--min-score` compares) changes.
pub fn reported_score(p: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    super::score::sigmoid(EDGE_SCORE_W[0] * (p / (1.0 - p)).ln() + EDGE_SCORE_BIAS)
}

/// Per side of a pair: content weight, matched content weight, rarity-weighted totals.
#[derive(Default)]
struct Side {
    idf_names: f32,
    /// Matched content in plain token weight (about one per content word), for the floor.
    matched_raw: f32,
    content: f32,
    matched: f32,
    idf_total: f32,
    idf_matched: f32,
}

/// The tokens of a sentence that can find something in a sentence of the other article (a key or
/// a cognate key the other article holds, and not part of an attribution clause, which counts for
/// nothing), and the totals of the rest, which are the same against every sentence (unmatched
/// content, or nothing for a name or an attribution).
struct Live {
    toks: Vec<u32>,
    base: Side,
}

impl Live {
    fn new(w: &[TokInfo], rar: &Rarity) -> Live {
        let mut live = Live { toks: Vec::new(), base: Side::default() };
        for (t, ti) in w.iter().enumerate() {
            let cog = ti.class == Class::Content && ti.cog.iter().any(|&c| c != 0 && rar.idf_shared(c).1);
            if ti.class == Class::Attribution {
                continue;
            }
            if ti.shared.1 > ti.shared.0 || cog {
                live.toks.push(t as u32);
            } else if ti.class != Class::Name {
                live.base.content += ti.w;
                live.base.idf_total += ti.w * ti.own;
            }
        }
        live
    }
}

/// How one token fared against the other sentence (see [`EdgeRow::trace`]).
type Trace = Vec<(usize, &'static str, f32)>;

/// What the tokens of `x` (their infos `w`, their shared keys `shared`) find in `y` (whose cognate
/// keys are `ycog`). `live` and `base` are the sentence's [`Live`] tokens and the totals of the rest:
/// a token whose keys the other article does not hold at all is unmatched in every pair, so only the
/// live ones are read per pair. A trace reads every token (`live` is then all of them and `base` 0).
#[allow(clippy::too_many_arguments)]
fn side(
    w: &[TokInfo],
    live: &[u32],
    base: &Side,
    shared: &[(u64, f32)],
    y: &SentFeat,
    ycog: &[u64],
    yweak: &[u64],
    names: &mut u32,
    mut trace: Option<&mut Trace>,
) -> Side {
    let mut s = Side { content: base.content, idf_total: base.idf_total, ..Side::default() };
    for &t in live {
        let t = t as usize;
        let ti = &w[t];
        let (tw, raw, class, own) = (ti.w, ti.raw, ti.class, ti.own);
        if class == Class::Attribution {
            if let Some(tr) = trace.as_deref_mut() {
                tr.push((t, "attribution", tw));
            }
            continue;
        }
        let mut best: Option<(f32, KeyKind)> = None;
        let mut same_name = false;
        // Only the token's keys both articles hold can be in `y` (in the token's order, so the
        // first of the rarest wins as over all its keys).
        for &(k, idf) in &shared[ti.shared.0 as usize..ti.shared.1 as usize] {
            // A loose word meets a key of `y` that only loose words there hold: no evidence (a
            // name folded into a common word against a Polish word known by its first letters).
            if y.has(k) && !(ti.loose && key_kind(k) == KeyKind::Lexicon && yweak.binary_search(&k).is_ok()) {
                same_name |= key_kind(k) == KeyKind::Name;
                if best.is_none_or(|b| idf > b.0) {
                    best = Some((idf, key_kind(k)));
                }
            }
        }
        if best.is_none() && class == Class::Content {
            if let Some(k) = (0..2).find(|&k| ti.cog[k] != 0 && ycog.binary_search(&ti.cog[k]).is_ok()) {
                best = Some((ti.cog_idf[k], KeyKind::Cognate));
            }
        }
        // A capitalised word met by its translation (Wednesday = środę, Warsaw = Warszawa,
        // University = Uniwersytecie) is content; met as the same name (Harris, Carrie), a name.
        let name = same_name || (class == Class::Name && best.is_none());
        if let Some(tr) = trace.as_deref_mut() {
            let what = match best {
                Some(_) if name => "name",
                Some((_, KeyKind::Cognate)) => "cognate",
                Some(_) => "matched",
                None if name => "name-unmatched",
                None => "unmatched",
            };
            tr.push((t, what, tw));
        }
        match best {
            Some((idf, _)) if name => {
                // A name is evidence of its own kind, not content.
                *names += 1;
                s.idf_names += tw * idf;
            }
            Some((idf, _)) => {
                s.content += tw;
                s.idf_total += tw * own;
                s.matched += tw;
                s.matched_raw += raw;
                s.idf_matched += tw * idf;
            }
            None if name => {}
            None => {
                s.content += tw;
                s.idf_total += tw * own;
            }
        }
    }
    s
}

/// The context shared by all pairs of one document pair.
pub(crate) struct Pairs<'a> {
    en: &'a Document,
    pl: &'a Document,
    ef: &'a [SentFeat],
    pf: &'a [SentFeat],
    we: Vec<Vec<TokInfo>>,
    wp: Vec<Vec<TokInfo>>,
    /// Each sentence's cognate keys, sorted.
    ce: Vec<Vec<u64>>,
    cp: Vec<Vec<u64>>,
    /// Each sentence's lexicon keys that only its loose words hold ([`TokInfo::loose`]), sorted.
    xe: Vec<Vec<u64>>,
    xp: Vec<Vec<u64>>,
    /// The keys of each sentence that both articles hold, with their rarity, in `tok_keys` order
    /// (those of a token are [`TokInfo::shared`]).
    ke: Vec<Vec<(u64, f32)>>,
    kp: Vec<Vec<(u64, f32)>>,
    /// Each sentence's live tokens and the totals of the others.
    le: Vec<Live>,
    lp: Vec<Live>,
    /// Quote anchors: (English sentence, Polish sentence) → best own-evidence quote pair score.
    anchors: FxMap<(u32, u32), f32>,
    sig: super::Signals,
}

impl<'a> Pairs<'a> {
    pub(crate) fn new(
        en: &'a Document,
        pl: &'a Document,
        ef: &'a [SentFeat],
        pf: &'a [SentFeat],
        anchors: FxMap<(u32, u32), f32>,
        sig: super::Signals,
        caches: (&mut super::features::WordCache, &mut super::features::WordCache),
    ) -> Pairs<'a> {
        let (se, sp) = (Speech::of(en), Speech::of(pl));
        let we: Vec<Vec<TokInfo>> =
            ef.iter().enumerate().map(|(i, f)| token_classes(en, &se, i, f, Lang::En, caches.0)).collect();
        let wp: Vec<Vec<TokInfo>> =
            pf.iter().enumerate().map(|(j, f)| token_classes(pl, &sp, j, f, Lang::Pl, caches.1)).collect();
        let cogs = |w: &[Vec<TokInfo>]| -> Vec<Vec<u64>> {
            w.iter()
                .map(|t| {
                    let mut v: Vec<u64> = t.iter().flat_map(|x| x.cog).filter(|&c| c != 0).collect();
                    v.sort_unstable();
                    v.dedup();
                    v
                })
                .collect()
        };
        let (ce, cp) = (cogs(&we), cogs(&wp));
        let weak = |fs: &[SentFeat], w: &[Vec<TokInfo>]| -> Vec<Vec<u64>> {
            fs.iter()
                .zip(w)
                .map(|(f, w)| {
                    let keys = |loose: bool| -> Vec<u64> {
                        let mut v: Vec<u64> = f
                            .toks
                            .iter()
                            .zip(w)
                            .filter(|(_, ti)| ti.loose == loose)
                            .flat_map(|(t, _)| {
                                f.tok_keys[t.keys.0 as usize..t.keys.1 as usize].iter().copied()
                            })
                            .filter(|&k| key_kind(k) == KeyKind::Lexicon)
                            .collect();
                        v.sort_unstable();
                        v.dedup();
                        v
                    };
                    let firm = keys(false);
                    keys(true).into_iter().filter(|k| firm.binary_search(k).is_err()).collect()
                })
                .collect()
        };
        let (xe, xp) = (weak(ef, &we), weak(pf, &wp));
        let mut rar = Rarity::new(ef, pf);
        rar.add(&ce, &cp);
        let rarities = |fs: &[SentFeat], ws: &mut [Vec<TokInfo>]| -> Vec<Vec<(u64, f32)>> {
            fs.iter()
                .zip(ws.iter_mut())
                .map(|(f, w)| {
                    let mut shared: Vec<(u64, f32)> = Vec::new();
                    for (t, ti) in f.toks.iter().zip(w.iter_mut()) {
                        let keys = &f.tok_keys[t.keys.0 as usize..t.keys.1 as usize];
                        let from = shared.len() as u32;
                        let mut own = if keys.is_empty() { (1.0 + rar.n).ln() } else { 0.0 };
                        for &k in keys {
                            let (idf, both) = rar.idf_shared(k);
                            own = own.max(idf);
                            if both {
                                shared.push((k, idf));
                            }
                        }
                        ti.own = own;
                        ti.shared = (from, shared.len() as u32);
                        for k in 0..2 {
                            if ti.cog[k] != 0 {
                                ti.cog_idf[k] = rar.idf(ti.cog[k]);
                            }
                        }
                    }
                    shared
                })
                .collect()
        };
        let (mut we, mut wp) = (we, wp);
        let ke = rarities(ef, &mut we);
        let kp = rarities(pf, &mut wp);
        let live = |ws: &[Vec<TokInfo>]| -> Vec<Live> { ws.iter().map(|w| Live::new(w, &rar)).collect() };
        let (le, lp) = (live(&we), live(&wp));
        Pairs { en, pl, ef, pf, we, wp, ce, cp, xe, xp, ke, kp, le, lp, anchors, sig }
    }

    /// Whether sentences `i` and `j` share any key or cognate key (without one a pair has no
    /// content in common and is never an edge).
    pub(crate) fn share_any(&self, i: usize, j: usize) -> bool {
        let (a, b) = (&self.ef[i], &self.pf[j]);
        let (small, large) = if a.keyset.len() <= b.keyset.len() { (a, b) } else { (b, a) };
        small.keyset.iter().any(|&k| large.has(k))
            || self.ce[i].iter().any(|c| self.cp[j].binary_search(c).is_ok())
    }

    /// [`Pairs::share_any`] of every pair at once, by an index of the Polish sentences holding each
    /// key: row `i` is a bit set of the Polish sentences sharing something with English sentence `i`
    /// (`(np + 63) / 64` words a row).
    fn sharing_rows(&self) -> Vec<u64> {
        let words = self.pf.len().div_ceil(64);
        // Each key's (and each cognate key's) Polish sentences, as a bit set in `bits`.
        let index = |lists: &mut dyn Iterator<Item = (usize, &[u64])>, n: usize| {
            let mut slot: FxMap<u64, u32> = FxMap::with_capacity_and_hasher(n, Default::default());
            let mut bits: Vec<u64> = Vec::new();
            for (j, keys) in lists {
                for &k in keys {
                    let at = *slot.entry(k).or_insert_with(|| {
                        bits.resize(bits.len() + words, 0);
                        (bits.len() / words - 1) as u32
                    }) as usize;
                    bits[at * words + j / 64] |= 1 << (j % 64);
                }
            }
            (slot, bits)
        };
        let nk = self.pf.iter().map(|f| f.keyset.len()).sum();
        let (keys, kbits) = index(&mut self.pf.iter().map(|f| f.keyset.as_slice()).enumerate(), nk);
        let nc = self.cp.iter().map(Vec::len).sum();
        let (cogs, cbits) = index(&mut self.cp.iter().map(Vec::as_slice).enumerate(), nc);
        let mut rows = vec![0u64; self.ef.len() * words];
        for (i, row) in rows.chunks_mut(words.max(1)).enumerate().take(self.ef.len()) {
            let mut add = |slot: &FxMap<u64, u32>, bits: &[u64], k: u64| {
                if let Some(&at) = slot.get(&k) {
                    for (r, b) in row.iter_mut().zip(&bits[at as usize * words..]) {
                        *r |= b;
                    }
                }
            };
            for &k in &self.ef[i].keyset {
                add(&keys, &kbits, k);
            }
            for &c in &self.ce[i] {
                add(&cogs, &cbits, c);
            }
        }
        rows
    }

    /// The features of English sentence `i` against Polish sentence `j`.
    pub(crate) fn features(&self, i: usize, j: usize) -> EdgeFeat {
        let mut names = 0u32;
        let se = self.english_side(i, j, &mut names);
        self.features_with(i, j, se, names)
    }

    /// [`Pairs::features`] of a pair with content enough to be an edge ([`MIN_CONTENT`] on both
    /// sides), else `None`: the English side is read first, and a pair it already rules out costs
    /// no more.
    pub(crate) fn edge_features(&self, i: usize, j: usize) -> Option<EdgeFeat> {
        let mut names = 0u32;
        let se = self.english_side(i, j, &mut names);
        if se.matched_raw < MIN_CONTENT {
            return None;
        }
        Some(self.features_with(i, j, se, names)).filter(|f| f.content >= MIN_CONTENT)
    }

    /// What the tokens of English sentence `i` find in Polish sentence `j`.
    fn english_side(&self, i: usize, j: usize, names: &mut u32) -> Side {
        let le = &self.le[i];
        side(&self.we[i], &le.toks, &le.base, &self.ke[i], &self.pf[j], &self.cp[j], &self.xp[j], names, None)
    }

    /// The features of the pair, its English side `se` (with `names` shared names) already read.
    fn features_with(&self, i: usize, j: usize, se: Side, names: u32) -> EdgeFeat {
        let (a, b) = (&self.ef[i], &self.pf[j]);
        let lp = &self.lp[j];
        let mut names_p = 0u32;
        let sp = side(
            &self.wp[j],
            &lp.toks,
            &lp.base,
            &self.kp[j],
            a,
            &self.ce[i],
            &self.xe[i],
            &mut names_p,
            None,
        );
        let shared = a.numbers.iter().filter(|k| b.numbers.binary_search(k).is_ok()).count();
        let unshared = a.numbers.len() + b.numbers.len() - 2 * shared;
        let rel = |k: usize, n: usize| if n <= 1 { 0.0 } else { k as f32 / (n - 1) as f32 };
        let div = |x: f32, y: f32| if y > 0.0 { x / y } else { 0.0 };
        let _ = (self.en, self.pl);
        EdgeFeat {
            contain_en: div(se.matched, se.content),
            contain_pl: div(sp.matched, sp.content),
            idf_min: se.idf_matched.min(sp.idf_matched),
            idf_max: se.idf_matched.max(sp.idf_matched),
            idf_share_en: div(se.idf_matched, se.idf_total),
            idf_share_pl: div(sp.idf_matched, sp.idf_total),
            names: names.min(names_p) as f32,
            idf_names: se.idf_names.min(sp.idf_names),
            num_shared: shared as f32,
            num_unshared: unshared as f32,
            pos: (rel(i, self.ef.len()) - rel(j, self.pf.len())).abs(),
            len: ((b.chars.max(1) as f32) / (a.chars.max(1) as f32 * super::calibrate::GC_RATIO)).ln().abs(),
            quote: self.anchors.get(&(i as u32, j as u32)).copied().unwrap_or(0.0),
            content: se.matched_raw.min(sp.matched_raw),
            gap: 0.0,
        }
    }

    /// The pairs worth scoring: all of them for articles of ordinary size, else those sharing a rare
    /// key (the inverted index of [`super::sentences`]) and the quote anchors.
    pub(crate) fn candidates(&self) -> Vec<(usize, usize)> {
        let (ne, np) = (self.ef.len(), self.pf.len());
        if ne * np <= MAX_ALL_PAIRS {
            return (0..ne).flat_map(|i| (0..np).map(move |j| (i, j))).collect();
        }
        let mut v = super::sentences::candidate_pairs(self.ef, self.pf, &self.sig);
        v.extend(self.anchors.keys().map(|&(i, j)| (i as usize, j as usize)));
        v.sort_unstable();
        v.dedup();
        v
    }
}
