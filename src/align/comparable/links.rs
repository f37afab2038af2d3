//! From scored edges to links: each edge's gap to the best partner of its two sentences, the edges
//! kept ([`EDGE_KEEP_MIN`], at most [`MAX_DEGREE`] per sentence), and their grouping into 1-1 and
//! 1-n links.

use super::*;

/// Fill in [`EdgeFeat::gap`] of each candidate edge `(en, pl, features)`: the best
/// [`EdgeFeat::share`] among the edges of its English sentence minus its own, plus the same over the
/// edges of its Polish sentence (`ne`, `np`: the number of sentences of each article).
pub fn best_partner_gaps(edges: &mut [(usize, usize, EdgeFeat)], ne: usize, np: usize) {
    let mut best_e = vec![0.0f32; ne];
    let mut best_p = vec![0.0f32; np];
    for (i, j, f) in edges.iter() {
        best_e[*i] = best_e[*i].max(f.share());
        best_p[*j] = best_p[*j].max(f.share());
    }
    for (i, j, f) in edges.iter_mut() {
        f.gap = (best_e[*i] - f.share()) + (best_p[*j] - f.share());
    }
}

/// One kept edge.
#[derive(Debug, Clone, Copy)]
pub struct Edge {
    /// English sentence index.
    pub en: usize,
    /// Polish sentence index.
    pub pl: usize,
    /// The edge model's probability that the two render each other.
    pub p: f32,
}

/// Score the candidate edges and keep the likely ones (see the module documentation). Once
/// `deadline` has passed no further candidate is scored (the caller drops the partial result).
pub(crate) fn edges(pairs: &Pairs, deadline: &crate::deadline::Deadline) -> Vec<Edge> {
    let cands = pairs.candidates();
    // Every pair a candidate: which share anything, read from one index instead of pair by pair.
    let rows = (cands.len() == pairs.ef.len() * pairs.pf.len()).then(|| pairs.sharing_rows());
    let words = pairs.pf.len().div_ceil(64);
    let mut feats: Vec<(usize, usize, EdgeFeat)> = cands
        .into_iter()
        .filter_map(|(i, j)| {
            let share = match &rows {
                Some(r) => r[i * words + j / 64] >> (j % 64) & 1 == 1,
                None => pairs.share_any(i, j),
            };
            if deadline.expired() || !share {
                return None;
            }
            Some((i, j, pairs.edge_features(i, j)?))
        })
        .collect();
    best_partner_gaps(&mut feats, pairs.ef.len(), pairs.pf.len());
    let mut all: Vec<Edge> = feats
        .into_iter()
        .map(|(i, j, f)| Edge { en: i, pl: j, p: f.probability() })
        .filter(|e| e.p >= EDGE_KEEP_MIN)
        .collect();
    all.sort_by(|a, b| b.p.total_cmp(&a.p).then((a.en, a.pl).cmp(&(b.en, b.pl))));
    let mut deg_e = vec![0usize; pairs.ef.len()];
    let mut deg_p = vec![0usize; pairs.pf.len()];
    all.retain(|e| {
        if deg_e[e.en] >= MAX_DEGREE || deg_p[e.pl] >= MAX_DEGREE {
            return false;
        }
        deg_e[e.en] += 1;
        deg_p[e.pl] += 1;
        true
    });
    all
}

/// Group kept edges into links: (English sentences, Polish sentences, score). A sentence whose
/// partners have no partner but it forms one 1-n link; other edges stay 1-1.
pub(crate) fn group(edges: &[Edge], ne: usize, np: usize) -> Vec<(Vec<usize>, Vec<usize>, f32)> {
    let mut by_e: Vec<Vec<usize>> = vec![Vec::new(); ne];
    let mut by_p: Vec<Vec<usize>> = vec![Vec::new(); np];
    for (k, e) in edges.iter().enumerate() {
        by_e[e.en].push(k);
        by_p[e.pl].push(k);
    }
    let mut used = vec![false; edges.len()];
    let mut out = Vec::new();
    // Stars around an English sentence: its partners that render nothing else, with a probability
    // close to the best one's (a weak partner stays a link of its own, with its own score).
    let similar = |ks: Vec<usize>| -> Vec<usize> {
        let best = ks.iter().map(|&k| edges[k].p).fold(0.0, f32::max);
        ks.into_iter().filter(|&k| edges[k].p >= best - STAR_SPREAD).collect()
    };
    for ks in &by_e {
        let star = similar(ks.iter().copied().filter(|&k| by_p[edges[k].pl].len() == 1).collect());
        if star.len() >= 2 {
            let mut pl: Vec<usize> = star.iter().map(|&k| edges[k].pl).collect();
            pl.sort_unstable();
            let p = star.iter().map(|&k| edges[k].p).sum::<f32>() / star.len() as f32;
            out.push((vec![edges[star[0]].en], pl, p));
            for k in star {
                used[k] = true;
            }
        }
    }
    for ks in &by_p {
        let star =
            similar(ks.iter().copied().filter(|&k| !used[k] && by_e[edges[k].en].len() == 1).collect());
        if star.len() >= 2 {
            let mut en: Vec<usize> = star.iter().map(|&k| edges[k].en).collect();
            en.sort_unstable();
            let p = star.iter().map(|&k| edges[k].p).sum::<f32>() / star.len() as f32;
            out.push((en, vec![edges[star[0]].pl], p));
            for k in star {
                used[k] = true;
            }
        }
    }
    for (k, e) in edges.iter().enumerate() {
        if !used[k] {
            out.push((vec![e.en], vec![e.pl], e.p));
        }
    }
    out
}
