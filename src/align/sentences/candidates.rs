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
    // The shared keys that vote, as (English entries, Polish entries, weight, near the diagonal
    // only), found by one merge of the two sorted lists.
    let mut groups: Vec<(&[u128], &[u128], f32, bool)> = Vec::new();
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
            groups.push((ge, gp, idf_of[n], false));
        } else if n_tot >= (ge.len() + gp.len()) as f32 * MIN_SPREAD {
            // A key too common to pair all its sentences, in a long document: it votes for the
            // pairs near the diagonal only, so that a passage written many times over (long
            // files of concatenated articles) still finds its partners, at a cost linear in the
            // postings.
            groups.push((ge, gp, (n_tot / (ge.len() + gp.len()) as f32).ln(), true));
        }
        a = b;
        c = d;
    }
    // The Polish entries of `gp` within the window of the English sentence of `x`, from `*from`
    // (which moves on: the English entries of a key come in order).
    let window = |x: u128, gp: &[u128], from: &mut usize| -> std::ops::Range<usize> {
        let i = sent(x) as u64;
        let centre = i * p.len() as u64 / e.len().max(1) as u64;
        let (lo, hi) = (centre.saturating_sub(WINDOW), centre + WINDOW);
        while *from < gp.len() && (sent(gp[*from]) as u64) < lo {
            *from += 1;
        }
        let to = *from + gp[*from..].iter().take_while(|&&y| sent(y) as u64 <= hi).count();
        *from..to
    };
    // The votes, bucketed by English sentence in two passes over the groups: the first counts each
    // sentence's votes, the second writes them where its bucket starts, in the order cast. So the
    // votes (the largest of the aligner's buffers on a long pair) take one allocation of their
    // size, need no sort, and every pair's votes are summed in the order cast at any length: the
    // copies of a passage written many times over get exactly equal votes, and the tie-break
    // below decides between them.
    let mut rows = vec![0usize; e.len() + 1];
    let each = |f: &mut dyn FnMut(u32, &[u128], f32)| {
        for &(ge, gp, w, near) in &groups {
            let mut from = 0;
            for &x in ge {
                f(sent(x), if near { &gp[window(x, gp, &mut from)] } else { gp }, w);
            }
        }
    };
    each(&mut |i, ys, _| rows[i as usize + 1] += ys.len());
    for i in 0..e.len() {
        rows[i + 1] += rows[i];
    }
    let mut at = rows.clone();
    let mut cols = vec![(0u32, 0f32); rows[e.len()]];
    each(&mut |i, ys, w| {
        let k = &mut at[i as usize];
        for (c, &y) in cols[*k..*k + ys.len()].iter_mut().zip(ys) {
            *c = (sent(y), w);
        }
        *k += ys.len();
    });
    drop((groups, at));
    let pairs = sum_votes(&rows, &cols, p.len());
    drop(cols);
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

/// Each voted (English, Polish) sentence pair once with the sum of its votes, ordered by English
/// then Polish sentence. The votes of English sentence `i` are `cols[rows[i]..rows[i + 1]]`
/// (Polish sentence, weight), summed in that order.
fn sum_votes(rows: &[usize], cols: &[(u32, f32)], np: usize) -> Vec<(u32, u32, f32)> {
    let mut pairs: Vec<(u32, u32, f32)> = Vec::new();
    // One English sentence's sums, by Polish sentence, and the Polish sentences voted for: every
    // vote is positive, so a sum above 0 was voted for.
    let mut acc = vec![0f32; np];
    let mut voted: Vec<u32> = Vec::new();
    for (i, w) in rows.windows(2).enumerate() {
        for &(j, v) in &cols[w[0]..w[1]] {
            if acc[j as usize] == 0.0 {
                voted.push(j);
            }
            acc[j as usize] += v;
        }
        voted.sort_unstable();
        pairs.extend(voted.drain(..).map(|j| (i as u32, j, std::mem::take(&mut acc[j as usize]))));
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

    /// 300 votes over an `ne` × `np` table, several for the same pair, in no particular order, and
    /// one lone vote of the smallest weight (row 7); `sum_votes` must give each voted pair once, in
    /// order, with the sum of its votes.
    fn check_sums(ne: u32, np: u32) {
        let mut votes: Vec<(u32, u32, f32)> = (0..300u32)
            .map(|k| ((k * 5) % 7 * (ne / 8), (k * 7 + k / 9) % 9 * (np / 9), 0.05 + (k % 11) as f32 * 0.25))
            .collect();
        votes.insert(150, (7 * (ne / 8), 3, 0.05));
        let mut want: std::collections::BTreeMap<(u32, u32), f32> = Default::default();
        for &(i, j, w) in &votes {
            *want.entry((i, j)).or_default() += w;
        }
        // Bucketed by English sentence, as `candidates` casts them.
        let mut rows = vec![0usize; ne as usize + 1];
        let mut cols = Vec::new();
        for i in 0..ne {
            cols.extend(votes.iter().filter(|v| v.0 == i).map(|v| (v.1, v.2)));
            rows[i as usize + 1] = cols.len();
        }
        let got = sum_votes(&rows, &cols, np as usize);
        assert_eq!(got.len(), want.len(), "each voted pair once");
        for (g, (&(i, j), &w)) in got.iter().zip(&want) {
            assert_eq!((g.0, g.1), (i, j), "ordered by English, then Polish sentence");
            assert!((g.2 - w).abs() <= 1e-4 * w, "pair ({i}, {j}): sum {} against {w}", g.2);
        }
    }

    #[test]
    fn summed_votes_list_each_voted_pair_once_in_order() {
        check_sums(8, 9);
        check_sums(800, 900);
    }
}
