//! How rare a key is in the story: its document frequency over the sentences of both articles.

use crate::align::features::SentFeat;
use crate::lexicon::fxhash::FxMap;

/// Document frequencies of keys over the sentences of both articles.
pub(super) struct Rarity {
    df: FxMap<u64, (u32, u32)>,
    pub(super) n: f32,
    /// The rarity of a key held by `k` sentences, at `k` (computed once per count).
    by_count: std::cell::RefCell<Vec<f32>>,
}

impl Rarity {
    pub(super) fn new(e: &[SentFeat], p: &[SentFeat]) -> Rarity {
        let n: usize = e.iter().chain(p).map(|s| s.keyset.len()).sum();
        let mut df: FxMap<u64, (u32, u32)> = FxMap::with_capacity_and_hasher(n, Default::default());
        for s in e {
            for &k in &s.keyset {
                df.entry(k).or_default().0 += 1;
            }
        }
        for s in p {
            for &k in &s.keyset {
                df.entry(k).or_default().1 += 1;
            }
        }
        Rarity { df, n: (e.len() + p.len()) as f32, by_count: Default::default() }
    }

    /// Count extra keys (per sentence, sorted and distinct) of each side.
    pub(super) fn add(&mut self, e: &[Vec<u64>], p: &[Vec<u64>]) {
        for s in e {
            for &k in s {
                self.df.entry(k).or_default().0 += 1;
            }
        }
        for s in p {
            for &k in s {
                self.df.entry(k).or_default().1 += 1;
            }
        }
    }

    pub(super) fn idf(&self, k: u64) -> f32 {
        self.idf_shared(k).0
    }

    /// [`Rarity::idf`] of `k`, and whether both articles hold it (a key only one article holds
    /// matches no sentence of the other).
    pub(super) fn idf_shared(&self, k: u64) -> (f32, bool) {
        let (a, b) = self.df.get(&k).copied().unwrap_or((0, 0));
        let c = (a + b).max(1) as usize;
        let mut by = self.by_count.borrow_mut();
        if by.len() <= c {
            by.resize(c + 1, f32::NAN);
        }
        if by[c].is_nan() {
            by[c] = (1.0 + self.n / c as f32).ln();
        }
        (by[c], a > 0 && b > 0)
    }
}
