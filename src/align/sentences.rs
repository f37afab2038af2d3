//! Non-monotone sentence alignment.
//!
//! 1. **Candidates**: an inverted index over the Polish sentences' keys gives each English sentence
//!    its few best Polish candidates (and the other way round); only those pairs are scored, so the
//!    cost grows with the number of sentences, not its square.
//! 2. **Anchors**: candidates are boosted when their diagonal neighbours also match (a moved
//!    paragraph keeps its inner order) and taken greedily, best first, one-to-one.
//! 3. **Gaps**: between anchors, a small dynamic program (1-1, 1-2, 2-1, 2-2, skips) links the
//!    sentences left over, with a lower bar when the gap is closed by linked anchors on both sides
//!    (short lines such as "That was it." / "I tyle." are recovered by position alone).
//! 4. **Leftovers**: what is still unlinked is matched anywhere, best first, above a bar.
//! 5. **Growth**: a link absorbs an unlinked neighbouring sentence when that raises its score
//!    (a Polish translator splitting one English sentence in two).
//!
//! Every sentence of both documents ends in exactly one link (unmatched ones in one-sided links).

use super::calibrate as cal;
use super::features::{SentFeat, Signals};
use super::score::{pair_features, sigmoid, PairFeat};

mod candidates;
pub use candidates::candidate_features;
use candidates::candidates;
pub(crate) use candidates::{candidate_logits, candidate_pairs, CandMap};

/// How a link was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// A confident one-to-one link found before the gaps are filled.
    Anchor,
    /// Inside a gap closed by linked anchors on both sides.
    BoundedGap,
    /// Inside a gap open on one side.
    Gap,
    /// Added after the gaps, from sentences still unlinked.
    Leftover,
}

impl Method {
    /// The method's name in the evidence output.
    pub fn as_str(&self) -> &'static str {
        match self {
            Method::Anchor => "anchor",
            Method::BoundedGap => "bounded-gap",
            Method::Gap => "gap",
            Method::Leftover => "leftover",
        }
    }
}

/// A sentence link under construction (indices sorted, each side contiguous).
#[derive(Debug, Clone)]
pub struct RawLink {
    /// English sentence indices.
    pub en: Vec<usize>,
    /// Polish sentence indices.
    pub pl: Vec<usize>,
    /// The bead's logit.
    pub logit: f32,
    /// The bead's features.
    pub feat: PairFeat,
    /// How it was found.
    pub method: Method,
    /// Calibrated probability that the link is right.
    pub score: f32,
    /// The features the score was computed from (see [`link_features`]).
    pub link_feat: [f32; cal::N_LINK],
}

/// Gaps with more cells than this are left to the leftover pass.
const MAX_GAP_CELLS: usize = 25_000;

struct State<'a> {
    e: &'a [SentFeat],
    p: &'a [SentFeat],
    sig: Signals,
    en_link: Vec<Option<usize>>,
    pl_link: Vec<Option<usize>>,
    links: Vec<RawLink>,
    cand: CandMap,
    /// Past it, the passes stop early (the caller discards the partial links).
    deadline: &'a crate::deadline::Deadline,
}

impl<'a> State<'a> {
    fn bead(&self, en: &[usize], pl: &[usize]) -> PairFeat {
        // Beads hold a few sentences a side: gather them on the stack.
        const SMALL: usize = 4;
        if (1..=SMALL).contains(&en.len()) && (1..=SMALL).contains(&pl.len()) {
            let mut e: [&SentFeat; SMALL] = [&self.e[en[0]]; SMALL];
            let mut p: [&SentFeat; SMALL] = [&self.p[pl[0]]; SMALL];
            for (k, &i) in en.iter().enumerate() {
                e[k] = &self.e[i];
            }
            for (k, &j) in pl.iter().enumerate() {
                p[k] = &self.p[j];
            }
            return pair_features(&e[..en.len()], &p[..pl.len()], &self.sig);
        }
        let e: Vec<&SentFeat> = en.iter().map(|&i| &self.e[i]).collect();
        let p: Vec<&SentFeat> = pl.iter().map(|&j| &self.p[j]).collect();
        pair_features(&e, &p, &self.sig)
    }

    fn logit(&self, i: usize, j: usize) -> f32 {
        match self.cand.get(&(i as u32, j as u32)) {
            Some(&z) => z,
            None => self.bead(&[i], &[j]).logit(),
        }
    }

    fn add(&mut self, en: Vec<usize>, pl: Vec<usize>, method: Method) {
        let feat = self.bead(&en, &pl);
        let id = self.links.len();
        for &i in &en {
            self.en_link[i] = Some(id);
        }
        for &j in &pl {
            self.pl_link[j] = Some(id);
        }
        self.links.push(RawLink {
            en,
            pl,
            logit: feat.logit(),
            feat,
            method,
            score: 0.0,
            link_feat: [0.0; cal::N_LINK],
        });
    }
}

/// Link the sentences of two documents, given their evidence.
pub fn align_sentences(e: &[SentFeat], p: &[SentFeat], sig: &Signals) -> Vec<RawLink> {
    align_sentences_with(e, p, sig, candidates(e, p, sig), &crate::deadline::Deadline::none())
}

/// [`align_sentences`] with the candidates already proposed ([`candidate_logits`]). Once `deadline`
/// has passed, the gap programs and the growing pass stop early: the links are then partial, for the
/// caller to discard.
pub(crate) fn align_sentences_with(
    e: &[SentFeat],
    p: &[SentFeat],
    sig: &Signals,
    cand: CandMap,
    deadline: &crate::deadline::Deadline,
) -> Vec<RawLink> {
    let mut st = State {
        e,
        p,
        sig: *sig,
        en_link: vec![None; e.len()],
        pl_link: vec![None; p.len()],
        links: Vec::new(),
        cand,
        deadline,
    };
    anchors(&mut st);
    fill_gaps(&mut st, true);
    fill_gaps(&mut st, false);
    leftovers(&mut st);
    grow(&mut st);
    fill_gaps(&mut st, true);
    finish(st)
}

fn anchors(st: &mut State) {
    let mut boosted: Vec<(f32, u32, u32)> = st
        .cand
        .iter()
        .map(|(&(i, j), &z)| {
            let mut b = z;
            if st.sig.position {
                for (di, dj) in [(-1i64, -1i64), (1, 1)] {
                    let (ni, nj) = (i as i64 + di, j as i64 + dj);
                    if ni >= 0 && nj >= 0 {
                        if let Some(&nz) = st.cand.get(&(ni as u32, nj as u32)) {
                            b += cal::DIAG_BOOST * sigmoid(nz);
                        }
                    }
                }
            }
            (b, i, j)
        })
        .filter(|&(b, _, _)| b >= cal::ANCHOR_MIN)
        .collect();
    boosted.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    for (_, i, j) in boosted {
        let (i, j) = (i as usize, j as usize);
        if st.en_link[i].is_none() && st.pl_link[j].is_none() {
            st.add(vec![i], vec![j], Method::Anchor);
        }
    }
}

/// Maximal run of unlinked sentences starting at `from` going forward (or backward) in `links`.
fn run(links: &[Option<usize>], from: i64, forward: bool) -> Vec<usize> {
    let mut out = Vec::new();
    let mut k = from;
    while k >= 0 && (k as usize) < links.len() && links[k as usize].is_none() {
        out.push(k as usize);
        k += if forward { 1 } else { -1 };
    }
    if !forward {
        out.reverse();
    }
    out
}

/// Link the unlinked English runs against the Polish runs next to their neighbours' partners.
/// `bounded`: only gaps closed on both sides (with the low bar); otherwise the open ones.
fn fill_gaps(st: &mut State, bounded: bool) {
    let n = st.e.len();
    let mut a = 0;
    while a < n {
        if st.deadline.expired() {
            return;
        }
        if st.en_link[a].is_some() {
            a += 1;
            continue;
        }
        let mut b = a;
        while b < n && st.en_link[b].is_none() {
            b += 1;
        }
        let en_run: Vec<usize> = (a..b).collect();
        // Polish neighbours: after the partner of the sentence before, before the partner of the one after.
        let pl_l: i64 = if a == 0 {
            -1
        } else {
            st.links[st.en_link[a - 1].unwrap()].pl.iter().max().map_or(-2, |&x| x as i64)
        };
        let pl_r: i64 = if b == n {
            st.p.len() as i64
        } else {
            st.links[st.en_link[b].unwrap()].pl.iter().min().map_or(-2, |&x| x as i64)
        };
        let r1 = if pl_l >= -1 { run(&st.pl_link, pl_l + 1, true) } else { Vec::new() };
        let r2 = if pl_r >= 0 { run(&st.pl_link, pl_r - 1, false) } else { Vec::new() };
        let closed = pl_l >= -1 && pl_r >= 0 && pl_l < pl_r && r1.len() as i64 == pl_r - pl_l - 1;
        if bounded {
            if closed && !r1.is_empty() {
                gap_dp(st, &en_run, &r1, cal::BOUNDED_BONUS, Method::BoundedGap);
            }
        } else if !closed {
            if !r1.is_empty() {
                gap_dp(st, &en_run, &r1, cal::OPEN_BONUS, Method::Gap);
            }
            let rest: Vec<usize> = en_run.iter().copied().filter(|&i| st.en_link[i].is_none()).collect();
            let r2: Vec<usize> = r2.into_iter().filter(|&j| st.pl_link[j].is_none()).collect();
            if !rest.is_empty() && !r2.is_empty() {
                // keep only the contiguous tail of the English run, next to the right neighbour
                let mut tail = vec![*rest.last().unwrap()];
                for &i in rest.iter().rev().skip(1) {
                    if i + 1 == tail[0] {
                        tail.insert(0, i);
                    } else {
                        break;
                    }
                }
                gap_dp(st, &tail, &r2, cal::OPEN_BONUS, Method::Gap);
            }
        }
        a = b;
    }
}

/// Dynamic program over one gap: maximise the summed logits (plus `bonus`) of the beads taken.
fn gap_dp(st: &mut State, en: &[usize], pl: &[usize], bonus: f32, method: Method) {
    let (p, q) = (en.len(), pl.len());
    if p == 0 || q == 0 || (p + 1) * (q + 1) > MAX_GAP_CELLS {
        return;
    }
    let bonus = if st.sig.position { bonus } else { 0.0 };
    let w = q + 1;
    let mut best = vec![f32::NEG_INFINITY; (p + 1) * w];
    let mut back = vec![(0u8, 0u8); (p + 1) * w];
    best[0] = 0.0;
    let moves: [(usize, usize); 6] = [(1, 0), (0, 1), (1, 1), (1, 2), (2, 1), (2, 2)];
    for i in 0..=p {
        if st.deadline.expired() {
            return;
        }
        for j in 0..=q {
            let cur = best[i * w + j];
            if cur == f32::NEG_INFINITY {
                continue;
            }
            for &(di, dj) in &moves {
                let (ni, nj) = (i + di, j + dj);
                if ni > p || nj > q {
                    continue;
                }
                let gain = if di == 0 || dj == 0 {
                    0.0
                } else {
                    let z = if di == 1 && dj == 1 {
                        st.logit(en[i], pl[j])
                    } else {
                        st.bead(&en[i..ni], &pl[j..nj]).logit() - cal::MERGE_PENALTY * ((di + dj - 2) as f32)
                    };
                    let g = z + bonus;
                    if g <= 0.0 {
                        continue;
                    }
                    g
                };
                let v = cur + gain;
                if v > best[ni * w + nj] {
                    best[ni * w + nj] = v;
                    back[ni * w + nj] = (di as u8, dj as u8);
                }
            }
        }
    }
    let (mut i, mut j) = (p, q);
    let mut beads = Vec::new();
    while i > 0 || j > 0 {
        let (di, dj) = back[i * w + j];
        let (di, dj) = (di as usize, dj as usize);
        if di > 0 && dj > 0 {
            beads.push((en[i - di..i].to_vec(), pl[j - dj..j].to_vec()));
        }
        i -= di;
        j -= dj;
    }
    for (e, pp) in beads.into_iter().rev() {
        st.add(e, pp, method);
    }
}

fn leftovers(st: &mut State) {
    let mut c: Vec<(f32, u32, u32)> = st
        .cand
        .iter()
        .filter(|(&(i, j), &z)| {
            z >= cal::LEFTOVER_MIN && st.en_link[i as usize].is_none() && st.pl_link[j as usize].is_none()
        })
        .map(|(&(i, j), &z)| (z, i, j))
        .collect();
    c.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    for (_, i, j) in c {
        let (i, j) = (i as usize, j as usize);
        if st.en_link[i].is_none() && st.pl_link[j].is_none() {
            st.add(vec![i], vec![j], Method::Leftover);
        }
    }
}

/// Let links absorb unlinked neighbouring sentences when the bead scores better with them.
fn grow(st: &mut State) {
    for id in 0..st.links.len() {
        if st.deadline.expired() {
            return;
        }
        loop {
            let l = &st.links[id];
            if l.en.len() + l.pl.len() >= 5 {
                break;
            }
            let mut best: Option<(f32, Vec<usize>, Vec<usize>)> = None;
            let (emin, emax) = (l.en[0], *l.en.last().unwrap());
            let (pmin, pmax) = (l.pl[0], *l.pl.last().unwrap());
            let mut options: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            if l.en.len() < 3 {
                if emin > 0 && st.en_link[emin - 1].is_none() {
                    let mut v = vec![emin - 1];
                    v.extend(&l.en);
                    options.push((v, l.pl.clone()));
                }
                if emax + 1 < st.e.len() && st.en_link[emax + 1].is_none() {
                    let mut v = l.en.clone();
                    v.push(emax + 1);
                    options.push((v, l.pl.clone()));
                }
            }
            if l.pl.len() < 3 {
                if pmin > 0 && st.pl_link[pmin - 1].is_none() {
                    let mut v = vec![pmin - 1];
                    v.extend(&l.pl);
                    options.push((l.en.clone(), v));
                }
                if pmax + 1 < st.p.len() && st.pl_link[pmax + 1].is_none() {
                    let mut v = l.pl.clone();
                    v.push(pmax + 1);
                    options.push((l.en.clone(), v));
                }
            }
            let base = l.logit;
            for (en, pl) in options {
                let z = st.bead(&en, &pl).logit() - cal::MERGE_PENALTY;
                if z > base && best.as_ref().is_none_or(|b| z > b.0) {
                    best = Some((z, en, pl));
                }
            }
            match best {
                Some((_, en, pl)) => {
                    for &i in &en {
                        st.en_link[i] = Some(id);
                    }
                    for &j in &pl {
                        st.pl_link[j] = Some(id);
                    }
                    let feat = st.bead(&en, &pl);
                    let l = &mut st.links[id];
                    l.en = en;
                    l.pl = pl;
                    l.feat = feat;
                    l.logit = feat.logit();
                }
                None => break,
            }
        }
    }
}

/// Features of a finished link for the calibrated score (see [`cal::LINK_W`]).
pub fn link_features(l: &RawLink, support: usize) -> [f32; cal::N_LINK] {
    [
        l.logit.clamp(-10.0, 10.0),
        support as f32,
        (l.method == Method::BoundedGap) as u8 as f32,
        (l.method == Method::Leftover) as u8 as f32,
        (l.en.len() + l.pl.len() - 2) as f32,
    ]
}

/// How many of a link's diagonal neighbours are linked to each other.
pub fn support(l: &RawLink, en_link: &[Option<usize>], pl_link: &[Option<usize>]) -> usize {
    let (emin, emax) = (l.en[0], *l.en.last().unwrap());
    let (pmin, pmax) = (l.pl[0], *l.pl.last().unwrap());
    let mut s = 0;
    if emin > 0 && pmin > 0 && en_link[emin - 1].is_some() && en_link[emin - 1] == pl_link[pmin - 1] {
        s += 1;
    }
    if emax + 1 < en_link.len()
        && pmax + 1 < pl_link.len()
        && en_link[emax + 1].is_some()
        && en_link[emax + 1] == pl_link[pmax + 1]
    {
        s += 1;
    }
    s
}

fn finish(st: State) -> Vec<RawLink> {
    let State { links, en_link, pl_link, .. } = st;
    let mut links = links;
    let sup: Vec<usize> = links.iter().map(|l| support(l, &en_link, &pl_link)).collect();
    for (l, s) in links.iter_mut().zip(sup) {
        let f = link_features(l, s);
        let mut z = cal::LINK_BIAS;
        for (w, x) in cal::LINK_W.iter().zip(f) {
            z += w * x;
        }
        l.score = sigmoid(z);
        l.link_feat = f;
    }
    // A link more likely wrong than right lowers the expected F1: its sentences stay unmatched.
    links.retain(|l| l.score >= cal::LINK_KEEP_MIN);
    links
}
