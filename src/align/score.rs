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

fn has_any(side: &[&SentFeat], k: Key) -> bool {
    side.iter().any(|s| s.has(k))
}

/// Matched and total token weight of `a` against the keys of `b`.
fn matched_weight(a: &[&SentFeat], b: &[&SentFeat]) -> (f32, f32) {
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
pub fn side_weights(e: &[&SentFeat], p: &[&SentFeat]) -> (f32, f32, f32, f32) {
    let (me, te) = matched_weight(e, p);
    let (mp, tp) = matched_weight(p, e);
    (me, te, mp, tp)
}

/// Features of a bead: English sentences `e` against Polish sentences `p`.
pub fn pair_features(e: &[&SentFeat], p: &[&SentFeat], sig: &Signals) -> PairFeat {
    let (me, te) = matched_weight(e, p);
    let (mp, tp) = matched_weight(p, e);
    let cov = if te + tp > 0.0 { (me + mp) / (te + tp) } else { 0.0 };
    let mut f = PairFeat {
        cov,
        matched: (1.0 + me.min(mp)).ln(),
        short: 1.0 / (1.0 + te.min(tp)),
        ..Default::default()
    };
    if sig.numbers {
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
