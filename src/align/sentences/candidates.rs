//! Step 1 of the sentence aligner: candidate pairs from an inverted index over the sentences' keys,
//! each sentence's few best-voted partners, scored.

use crate::align::features::{Key, SentFeat, Signals};
use crate::align::score::{pair_features, PairFeat};

/// Candidates per sentence kept from the inverted index.
const TOP_K: usize = 4;
/// Keys held by more sentences than this are too common to pair all their sentences.
const MAX_POSTINGS: usize = 64;
/// A key held by more than [`MAX_POSTINGS`] sentences still votes, for pairs near the diagonal,
/// when the two documents have this many times more sentences than the key has postings.
const MIN_SPREAD: f32 = 16.0;
/// How far from the diagonal (in sentences of the other side) such a key votes.
const WINDOW: u64 = 8;

/// Candidate 1-1 pairs with their bead features (for calibration).
#[doc(hidden)]
pub fn candidate_features(e: &[SentFeat], p: &[SentFeat], sig: &Signals) -> Vec<(usize, usize, PairFeat)> {
    let mut v: Vec<(usize, usize, PairFeat)> = candidates(e, p, sig)
        .into_keys()
        .map(|(i, j)| (i as usize, j as usize, pair_features(&[&e[i as usize]], &[&p[j as usize]], sig)))
        .collect();
    v.sort_by_key(|x| (x.0, x.1));
    v
}

/// Propose candidate pairs with an inverted index over the keys and score them.
///
/// All (key, side, sentence) entries are sorted once; each key shared by both sides and held by at
/// most [`MAX_POSTINGS`] sentences votes for its sentence pairs with its inverse document
/// frequency. A key held by more sentences, but by at most one in [`MIN_SPREAD`] of a long pair's,
/// votes for its pairs within [`WINDOW`] sentences of the diagonal. Each sentence keeps its
/// [`TOP_K`] best-voted partners. Cost: the sort, plus the votes of the rare keys and of the
/// windows, so near-linear in the documents' length.
pub(super) fn candidates(e: &[SentFeat], p: &[SentFeat], sig: &Signals) -> CandMap {
    let n_tot = (e.len() + p.len()) as f32;
    // A bit filter of each side's keys: most keys are held by one side only, and their entries are
    // dropped before the sort (a key the filter lets through by chance is dropped by the merge).
    let (fe, fp) = (KeyFilter::of(e), KeyFilter::of(p));
    // Each side's (key, sentence) entries whose key the other side may hold, packed key-major and
    // sorted: a key's sentences come in order. (The entries are distinct, so any sort gives this
    // order.) Every sentence of a shared key is kept, so the postings counts are whole.
    let side = |d: &[SentFeat], other: &KeyFilter| -> Vec<u128> {
        let mut v: Vec<u128> = Vec::with_capacity(d.iter().map(|s| s.keyset.len()).sum::<usize>() / 2);
        for (i, s) in d.iter().enumerate() {
            v.extend(
                s.keyset.iter().filter(|&&k| other.may_hold(k)).map(|&k| ((k as u128) << 32) | i as u128),
            );
        }
        v.sort_unstable();
        v
    };
    let (ee, pe) = (side(e, &fp), side(p, &fe));
    // The vote weight of a key held by `n` sentences of both sides, computed once per count.
    let mut idf_of = [f32::NAN; 2 * MAX_POSTINGS + 1];
    let key = |x: u128| (x >> 32) as u64;
    let sent = |x: u128| x as u32;
    let mut votes: Vec<(u32, u32, f32)> = Vec::new();
    let (mut a, mut c) = (0, 0);
    while a < ee.len() && c < pe.len() {
        let (ka, kc) = (key(ee[a]), key(pe[c]));
        if ka < kc {
            a += 1;
            while a < ee.len() && key(ee[a]) == ka {
                a += 1;
            }
            continue;
        }
        if kc < ka {
            c += 1;
            while c < pe.len() && key(pe[c]) == kc {
                c += 1;
            }
            continue;
        }
        let mut b = a;
        while b < ee.len() && key(ee[b]) == ka {
            b += 1;
        }
        let mut d = c;
        while d < pe.len() && key(pe[d]) == ka {
            d += 1;
        }
        let (ge, gp) = (&ee[a..b], &pe[c..d]);
        if ge.len() <= MAX_POSTINGS && gp.len() <= MAX_POSTINGS {
            let n = ge.len() + gp.len();
            if idf_of[n].is_nan() {
                idf_of[n] = (n_tot / n as f32).ln().max(0.05);
            }
            let w = idf_of[n];
            for &x in ge {
                for &y in gp {
                    votes.push((sent(x), sent(y), w));
                }
            }
        } else if n_tot >= (ge.len() + gp.len()) as f32 * MIN_SPREAD {
            // A key too common to pair all its sentences, in a long document: it votes for the
            // pairs near the diagonal only, so that a passage written many times over (long
            // files of concatenated articles) still finds its partners, at a cost linear in the
            // postings.
            let w = (n_tot / (ge.len() + gp.len()) as f32).ln();
            let mut from = 0;
            for &x in ge {
                let i = sent(x) as u64;
                let centre = i * p.len() as u64 / e.len().max(1) as u64;
                let (lo, hi) = (centre.saturating_sub(WINDOW), centre + WINDOW);
                while from < gp.len() && (sent(gp[from]) as u64) < lo {
                    from += 1;
                }
                for &y in gp[from..].iter().take_while(|&&y| sent(y) as u64 <= hi) {
                    votes.push((sent(x), sent(y), w));
                }
            }
        }
        a = b;
        c = d;
    }
    let pairs = sum_votes(votes, e.len(), p.len());
    // Top-k per English sentence and per Polish sentence, best vote first; of equal votes, the
    // partner nearer the diagonal, then the lower index (a strict order, so the kept set does not
    // depend on how it is found). A passage written twice (a repeated paragraph, a long file of
    // concatenated articles) gives its sentences equal votes with each copy, and the copy at the
    // same relative place is the one that renders it.
    let (ne, np) = (e.len() as u64, p.len() as u64);
    let off_diagonal = |i: u32, j: u32| (j as u64 * ne).abs_diff(i as u64 * np);
    let mut keep: CandMap = CandMap::default();
    let mut row = TopK::default();
    for (k, x) in pairs.iter().enumerate() {
        row.offer(x.2, off_diagonal(x.0, x.1), x.1);
        if !matches!(pairs.get(k + 1), Some(n) if n.0 == x.0) {
            for j in row.take() {
                keep.insert((x.0, j), f32::NAN);
            }
        }
    }
    let mut cols = vec![TopK::default(); p.len()];
    for x in &pairs {
        cols[x.1 as usize].offer(x.2, off_diagonal(x.0, x.1), x.0);
    }
    for (j, col) in cols.iter_mut().enumerate() {
        for i in col.take() {
            keep.insert((i, j as u32), f32::NAN);
        }
    }
    for (&(i, j), z) in keep.iter_mut() {
        *z = pair_features(&[&e[i as usize]], &[&p[j as usize]], sig).logit();
    }
    keep
}

/// A bit filter of the keys of a document's sentences: `may_hold` is false only for a key no
/// sentence holds.
struct KeyFilter {
    bits: Vec<u64>,
    mask: u64,
}

impl KeyFilter {
    fn of(d: &[SentFeat]) -> KeyFilter {
        // About 16 bits a key: few keys of the other side pass by chance.
        let n: usize = d.iter().map(|s| s.keyset.len()).sum();
        let words = (n / 4).next_power_of_two().max(1);
        let mut f = KeyFilter { bits: vec![0; words], mask: (words * 64 - 1) as u64 };
        for s in d {
            for &k in &s.keyset {
                let b = f.bit(k);
                f.bits[(b >> 6) as usize] |= 1 << (b & 63);
            }
        }
        f
    }

    #[inline]
    fn bit(&self, k: Key) -> u64 {
        (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) & self.mask
    }

    #[inline]
    fn may_hold(&self, k: Key) -> bool {
        let b = self.bit(k);
        self.bits[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }
}

/// Most cells of the (English × Polish) table the votes are summed in; longer articles sort them.
const MAX_VOTE_CELLS: usize = 1 << 18;

/// Each voted (English, Polish) sentence pair once with the sum of its votes, ordered by English
/// then Polish sentence.
fn sum_votes(mut votes: Vec<(u32, u32, f32)>, ne: usize, np: usize) -> Vec<(u32, u32, f32)> {
    let mut pairs: Vec<(u32, u32, f32)> = Vec::new();
    if ne * np <= MAX_VOTE_CELLS {
        // Every vote is positive, so a cell above 0 was voted for.
        let mut cells = vec![0f32; ne * np];
        for &(i, j, w) in &votes {
            cells[i as usize * np + j as usize] += w;
        }
        for (c, &w) in cells.iter().enumerate() {
            if w > 0.0 {
                pairs.push(((c / np) as u32, (c % np) as u32, w));
            }
        }
        return pairs;
    }
    votes.sort_unstable_by_key(|v| ((v.0 as u64) << 32) | v.1 as u64);
    for v in votes {
        match pairs.last_mut() {
            Some(last) if last.0 == v.0 && last.1 == v.1 => last.2 += v.2,
            _ => pairs.push(v),
        }
    }
    pairs
}

/// The [`TOP_K`] best (vote, distance to the diagonal, index) offers: higher vote first, then nearer
/// the diagonal, then lower index.
#[derive(Clone, Default)]
struct TopK {
    items: [(f32, u64, u32); TOP_K],
    n: usize,
}

impl TopK {
    fn better(a: (f32, u64, u32), b: (f32, u64, u32)) -> bool {
        b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)) == std::cmp::Ordering::Less
    }

    fn offer(&mut self, vote: f32, off_diagonal: u64, idx: u32) {
        let x = (vote, off_diagonal, idx);
        if self.n == TOP_K && !Self::better(x, self.items[TOP_K - 1]) {
            return;
        }
        let mut k = if self.n < TOP_K { self.n } else { TOP_K - 1 };
        while k > 0 && Self::better(x, self.items[k - 1]) {
            self.items[k] = self.items[k - 1];
            k -= 1;
        }
        self.items[k] = x;
        self.n = (self.n + 1).min(TOP_K);
    }

    /// The indices kept, emptying the set.
    fn take(&mut self) -> impl Iterator<Item = u32> {
        let n = std::mem::take(&mut self.n);
        let items = self.items;
        items.into_iter().take(n).map(|x| x.2)
    }
}

/// Candidate pairs (English, Polish sentence) with their logits.
pub(crate) type CandMap = std::collections::HashMap<(u32, u32), f32, crate::lexicon::fxhash::FxBuild>;

/// The candidate pairs the inverted index proposes (each sentence's best few), with their logits.
pub(crate) fn candidate_logits(e: &[SentFeat], p: &[SentFeat], sig: &Signals) -> CandMap {
    candidates(e, p, sig)
}

/// The candidate pairs the inverted index proposes, sorted.
pub(crate) fn candidate_pairs(e: &[SentFeat], p: &[SentFeat], sig: &Signals) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> =
        candidates(e, p, sig).into_keys().map(|(i, j)| (i as usize, j as usize)).collect();
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::sum_votes;

    #[test]
    fn summed_votes_list_each_voted_pair_once_in_order() {
        // 300 votes over an 8 × 9 table, several for the same pair, in no particular order, and one
        // lone vote of the smallest weight (row 7).
        let mut votes: Vec<(u32, u32, f32)> =
            (0..300u32).map(|k| ((k * 5) % 7, (k * 7 + k / 9) % 9, 0.05 + (k % 11) as f32 * 0.25)).collect();
        votes.insert(150, (7, 3, 0.05));
        let mut want: std::collections::BTreeMap<(u32, u32), f32> = Default::default();
        for &(i, j, w) in &votes {
            *want.entry((i, j)).or_default() += w;
        }
        let got = sum_votes(votes, 8, 9);
        assert_eq!(got.len(), want.len(), "each voted pair once");
        for (g, (&(i, j), &w)) in got.iter().zip(&want) {
            assert_eq!((g.0, g.1), (i, j), "ordered by English, then Polish sentence");
            assert!((g.2 - w).abs() <= 1e-4 * w, "pair ({i}, {j}): sum {} against {w}", g.2);
        }
    }
}
