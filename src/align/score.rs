//! Scoring a candidate bead (one or two sentences a side) from the sentences' evidence.
//!
//! The score is the logit of a logistic model over a handful of capped features; its weights are
//! fitted on the dev set by `scripts/fit_calibration.py` (see [`super::calibrate`]).

use super::calibrate as cal;
use super::features::{Key, SentFeat, Signals};

/// The features of one bead.
#[derive(Debug, Clone, Copy, Default)]
pub struct PairFeat {
    /// Weighted Dice coverage: the share of token weight on both sides that finds a key across.
    pub cov: f32,
    /// ln(1 + matched token weight on the smaller side).
    pub matched: f32,
    /// Numbers found on both sides (capped).
    pub num_shared: f32,
    /// Numbers found on one side only (capped).
    pub num_unshared: f32,
    /// `?`, `!`, brackets present on one side only.
    pub punct: f32,
    /// |Gale-Church delta| of the character lengths (capped).
    pub len: f32,
    /// 1 / (1 + token weight of the smaller side): short sentences are weak evidence.
    pub short: f32,
}

impl PairFeat {
    /// The features as a vector in the order of [`cal::PAIR_W`] (after the bias).
    pub fn vec(&self) -> [f32; cal::N_PAIR] {
        [self.cov, self.matched, self.num_shared, self.num_unshared, self.punct, self.len, self.short]
    }

    /// The bead's logit under the fitted model.
    pub fn logit(&self) -> f32 {
        let v = self.vec();
        let mut z = cal::PAIR_BIAS;
        for (w, x) in cal::PAIR_W.iter().zip(v) {
            z += w * x;
        }
        z
    }
}

/// Most sentences a bead side may hold for the flag-based matching (larger sides, which only
/// quote pairing can produce, take [`matched_weight_search`]).
const MAX_SIDE: usize = 8;

/// Which tokens of each sentence of a bead find a key on the other side: one bit per token, for
/// the sentences of both sides, in one flat buffer.
struct Hits {
    bits: Vec<u64>,
    /// Word offset of each English sentence's bits, then of each Polish sentence's.
    off_e: [usize; MAX_SIDE],
    off_p: [usize; MAX_SIDE],
}

thread_local! {
    static HIT_BITS: std::cell::Cell<Vec<u64>> = const { std::cell::Cell::new(Vec::new()) };
}

impl Hits {
    /// Mark the tokens holding a key the other side shares. Each pair of sentences is compared
    /// once, walking the smaller keyset and looking its keys up in the larger (Bloom filter first,
    /// then a binary search); a shared key marks the tokens holding it on both sentences. These
    /// are the tokens one of whose keys is held by the other side, as in testing every key of
    /// every token.
    fn new(e: &[&SentFeat], p: &[&SentFeat]) -> Hits {
        let mut bits = HIT_BITS.with(|c| c.take());
        bits.clear();
        let mut off_e = [0; MAX_SIDE];
        let mut off_p = [0; MAX_SIDE];
        let mut n = 0;
        for (o, s) in off_e.iter_mut().zip(e) {
            *o = n;
            n += s.toks.len().div_ceil(64);
        }
        for (o, s) in off_p.iter_mut().zip(p) {
            *o = n;
            n += s.toks.len().div_ceil(64);
        }
        bits.resize(n, 0);
        let mut mark = |s: &SentFeat, off: usize, x: usize| {
            for &t in &s.pos_toks[s.pos_start[x] as usize..s.pos_start[x + 1] as usize] {
                bits[off + t as usize / 64] |= 1 << (t % 64);
            }
        };
        for (a, se) in e.iter().enumerate() {
            for (b, sp) in p.iter().enumerate() {
                let (small, large, os, ol) = if se.keyset.len() <= sp.keyset.len() {
                    (*se, *sp, off_e[a], off_p[b])
                } else {
                    (*sp, *se, off_p[b], off_e[a])
                };
                if small.keyset.is_empty() {
                    continue;
                }
                let bloom = large.key_bloom_len as usize == large.keyset.len();
                for (x, &k) in small.keyset.iter().enumerate() {
                    if bloom && !large.bloom_may_have(k) {
                        continue;
                    }
                    if let Ok(y) = large.keyset.binary_search(&k) {
                        mark(small, os, x);
                        mark(large, ol, y);
                    }
                }
            }
        }
        Hits { bits, off_e, off_p }
    }

    /// Matched and total token weight of the sentences `side` whose bits start at `offs`, summed
    /// token by token in text order.
    fn weights(&self, side: &[&SentFeat], offs: &[usize]) -> (f32, f32) {
        if let [s] = side {
            // `weight` is the same sum, in the same order.
            return (self.matched(s, offs[0], 0.0), s.weight);
        }
        let mut m = 0.0;
        let mut t = 0.0;
        for (s, &o) in side.iter().zip(offs) {
            for tok in &s.toks {
                t += tok.weight;
            }
            m = self.matched(s, o, m);
        }
        (m, t)
    }

    /// `m` plus the weights of the marked tokens of `s`, in token order.
    fn matched(&self, s: &SentFeat, off: usize, mut m: f32) -> f32 {
        for (w, &word) in self.bits[off..off + s.toks.len().div_ceil(64)].iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let t = w * 64 + word.trailing_zeros() as usize;
                m += s.toks[t].weight;
                word &= word - 1;
            }
        }
        m
    }

    fn done(self) {
        HIT_BITS.with(|c| c.set(self.bits));
    }
}

fn has_any(side: &[&SentFeat], k: Key) -> bool {
    side.iter().any(|s| s.has(k))
}

/// Matched and total token weight of `a` against the keys of `b`, one key at a time (for sides
/// too large for [`Hits`]).
fn matched_weight_search(a: &[&SentFeat], b: &[&SentFeat]) -> (f32, f32) {
    let mut m = 0.0;
    let mut t = 0.0;
    for s in a {
        for tok in &s.toks {
            t += tok.weight;
            let keys = &s.tok_keys[tok.keys.0 as usize..tok.keys.1 as usize];
            if keys.iter().any(|&k| has_any(b, k)) {
                m += tok.weight;
            }
        }
    }
    (m, t)
}

/// Matched and total token weight of each side: (en matched, en total, pl matched, pl total).
/// A token is matched when one of its keys is held by a sentence of the other side.
pub fn side_weights(e: &[&SentFeat], p: &[&SentFeat]) -> (f32, f32, f32, f32) {
    let indexed = |side: &[&SentFeat]| side.iter().all(|s| s.pos_start.len() == s.keyset.len() + 1);
    if e.len() <= MAX_SIDE && p.len() <= MAX_SIDE && indexed(e) && indexed(p) {
        let h = Hits::new(e, p);
        let (me, te) = h.weights(e, &h.off_e);
        let (mp, tp) = h.weights(p, &h.off_p);
        h.done();
        return (me, te, mp, tp);
    }
    let (me, te) = matched_weight_search(e, p);
    let (mp, tp) = matched_weight_search(p, e);
    (me, te, mp, tp)
}

/// Features of a bead: English sentences `e` against Polish sentences `p`.
pub fn pair_features(e: &[&SentFeat], p: &[&SentFeat], sig: &Signals) -> PairFeat {
    let (me, te, mp, tp) = side_weights(e, p);
    let cov = if te + tp > 0.0 { (me + mp) / (te + tp) } else { 0.0 };
    let mut f = PairFeat {
        cov,
        matched: (1.0 + me.min(mp)).ln(),
        short: 1.0 / (1.0 + te.min(tp)),
        ..Default::default()
    };
    if sig.numbers && e.len() == 1 && p.len() == 1 {
        // One sentence a side: its numbers are already sorted and deduplicated.
        let (ne, np) = (&e[0].numbers, &p[0].numbers);
        let shared = ne.iter().filter(|k| np.binary_search(k).is_ok()).count();
        let unshared = ne.len() + np.len() - 2 * shared;
        f.num_shared = (shared as f32).min(3.0);
        f.num_unshared = (unshared as f32).min(4.0);
    } else if sig.numbers {
        let mut ne: Vec<Key> = e.iter().flat_map(|s| s.numbers.iter().copied()).collect();
        let mut np: Vec<Key> = p.iter().flat_map(|s| s.numbers.iter().copied()).collect();
        ne.sort_unstable();
        ne.dedup();
        np.sort_unstable();
        np.dedup();
        let shared = ne.iter().filter(|k| np.binary_search(k).is_ok()).count();
        let unshared = ne.len() + np.len() - 2 * shared;
        f.num_shared = (shared as f32).min(3.0);
        f.num_unshared = (unshared as f32).min(4.0);
    }
    if sig.punctuation {
        let pe = e.iter().fold(0u8, |a, s| a | s.punct);
        let pp = p.iter().fold(0u8, |a, s| a | s.punct);
        f.punct = (pe ^ pp).count_ones() as f32;
    }
    if sig.length {
        let le: f32 = e.iter().map(|s| s.chars as f32).sum::<f32>().max(1.0);
        let lp: f32 = p.iter().map(|s| s.chars as f32).sum::<f32>().max(1.0);
        let delta = (lp - cal::GC_RATIO * le) / (cal::GC_VAR * (le + lp / cal::GC_RATIO) / 2.0).sqrt();
        f.len = delta.abs().min(6.0);
    }
    f
}

/// The logistic function.
#[inline]
pub fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}
