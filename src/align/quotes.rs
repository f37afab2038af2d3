//! Pairing the quotations of the two articles, in any order.
//!
//! Each English quote is scored against the Polish quotes of the same kind (titles with titles,
//! scare quotes with scare quotes, speech with speech) with a logistic model over: the best sentence
//! link joining their sentences, their own lexical evidence (names, numbers, lexicon, cognates), the
//! agreement of their speakers (`Harris` ~ `Amy B. Harris`; inflected names meet by their stem), the
//! length ratio, and whether they hold the same rank among the quotes of linked sentences. Pairs are
//! taken best first one-to-one; then a quote left over joins the link of its best partner when that
//! partner scored high with it too (a Polish quote merging two English ones, or an English quote
//! whose sentences land in two Polish quotes).

mod comparable;
mod facts;

use super::calibrate as cal;
use super::features::{Key, SentFeat, WordCache};
use super::score::{side_weights, sigmoid};
use super::{evidence, AlignOptions, Evidence, Link};
use crate::lexicon::fxhash::FxMap;
use crate::model::{Document, QuoteKind};
pub(crate) use comparable::align_quotes_comparable_with;
pub use comparable::{align_quotes_comparable, COMPARABLE_QUOTE_COLUMNS};
use facts::agreement;
pub use facts::speaker_agreement;
pub(crate) use facts::QuoteFacts;

/// The quote facts of a document pair with the sentence links they are scored against.
struct Ctx<'a> {
    f: &'a QuoteFacts<'a>,
    /// Each (English, Polish) sentence pair some sentence link joins, with that link's best score.
    /// In comparable articles a sentence may stand in several links.
    sent_pairs: FxMap<(u32, u32), f32>,
    /// The Polish sentences linked to each English sentence, sorted.
    en_linked: Vec<Vec<usize>>,
    /// The articles retell rather than translate each other (the aligner's mode).
    retelling: bool,
}

impl<'a> Ctx<'a> {
    fn new(f: &'a QuoteFacts<'a>, sent_links: &[Link], mode: super::Mode) -> Ctx<'a> {
        let retelling = mode == super::Mode::Comparable;
        let mut sent_pairs: FxMap<(u32, u32), f32> = FxMap::default();
        let mut en_linked = vec![Vec::new(); f.en.sentences.len()];
        for l in sent_links.iter().filter(|l| l.is_match()) {
            for &i in &l.en {
                for &j in &l.pl {
                    let s = sent_pairs.entry((i as u32, j as u32)).or_insert(0.0);
                    *s = s.max(l.score);
                    if let Some(v) = en_linked.get_mut(i) {
                        v.push(j);
                    }
                }
            }
        }
        for v in &mut en_linked {
            v.sort_unstable();
            v.dedup();
        }
        Ctx { f, sent_pairs, en_linked, retelling }
    }

    /// Features of English quotes `ea` (one or more) against Polish quotes `pb`; `None` when a
    /// quote is nested (it travels with the quote around it) or its marks are unbalanced (its
    /// extent is a guess: it is listed unmatched rather than paired on a guessed span).
    fn features(&self, ea: &[usize], pb: &[usize]) -> Option<[f32; N_QUOTE]> {
        let (en, pl) = (self.f.en, self.f.pl);
        if ea.iter().any(|&a| en.quotes[a].depth > 0 || en.quotes[a].unbalanced)
            || pb.iter().any(|&b| pl.quotes[b].depth > 0 || pl.quotes[b].unbalanced)
        {
            return None;
        }
        let (qa, qb) = (&en.quotes[ea[0]], &pl.quotes[pb[0]]);
        let sent = self.sentence_link_score(ea, pb);
        let fe: Vec<&SentFeat> = ea.iter().map(|&a| &self.f.qfe[a]).collect();
        let fp: Vec<&SentFeat> = pb.iter().map(|&b| &self.f.qfp[b]).collect();
        // Lexical coverage and matched weight, as in `score::pair_features`.
        let (me, te, mp, tp) = side_weights(&fe, &fp);
        let cov = if te + tp > 0.0 { (me + mp) / (te + tp) } else { 0.0 };
        let matched = (1.0 + me.min(mp)).ln();
        let spk = agreement(self.f.en_spk[ea[0]].as_ref(), self.f.pl_spk[pb[0]].as_ref());
        let la: usize = ea.iter().map(|&a| en.quotes[a].span.len()).sum();
        let lb: usize = pb.iter().map(|&b| pl.quotes[b].span.len()).sum();
        let lenr = (lb.max(1) as f32 / (la.max(1) as f32 * cal::GC_RATIO)).ln().abs().min(3.0);
        // For a group (a quote split in two on one side), any of its quotes holding the rank of one
        // on the other side.
        let same_rank = (sent > 0.0
            && ea.iter().any(|&a| pb.iter().any(|&b| self.f.en_rank[a] == self.f.pl_rank[b])))
            as u8 as f32;
        let mixed = (qa.kind != qb.kind && kinds_compatible(qa.kind, qb.kind)) as u8 as f32;
        let cross = !kinds_compatible(qa.kind, qb.kind) as u8 as f32;
        // Containment: the share of the smaller side's words found in the other, for a quote that is
        // one part of a longer one on the other side.
        let contain = if te.min(tp) >= 2.0 { (me / te).max(mp / tp) } else { cov };
        // Two long quotes sharing few words: whatever linked their sentences (often the
        // attribution, "executive producer Amy B. Harris" ~ "producent wykonawcza Amy B. Harris"),
        // their content does not confirm it. In a translation a sentence link all but implies its
        // quotes correspond; in a retelling (most sentences unlinked) it does not.
        let unconfirmed =
            (self.retelling && te.min(tp) >= UNCONFIRMED_WEIGHT && contain < UNCONFIRMED_SHARE) as u8 as f32;
        Some([sent, cov, matched, spk, lenr, same_rank, mixed, cross, contain, unconfirmed])
    }

    /// The best score of a sentence link joining the two sides' sentences (0: none).
    fn sentence_link_score(&self, ea: &[usize], pb: &[usize]) -> f32 {
        let mut sent = 0f32;
        for &a in ea {
            for &i in &self.f.en_sents[a] {
                for &b in pb {
                    for &j in &self.f.pl_sents[b] {
                        if let Some(&s) = self.sent_pairs.get(&(i as u32, j as u32)) {
                            sent = sent.max(s);
                        }
                    }
                }
            }
        }
        sent
    }

    /// Whether a 1-1 pair can score at all: joined by a sentence link, or sharing a key (a word,
    /// name, number). Without either its features are all zero but the speaker and length terms,
    /// and both models score it below 0.3, the bar for a candidate.
    fn may_pair(&self, a: usize, b: usize) -> bool {
        let (fa, fb) = (&self.f.qfe[a], &self.f.qfp[b]);
        let (small, large) = if fa.keyset.len() <= fb.keyset.len() { (fa, fb) } else { (fb, fa) };
        self.sentence_link_score(&[a], &[b]) > 0.0 || small.keyset.iter().any(|&k| large.has(k))
    }

    /// Calibrated score of a feature vector: the better of the full model and (when confident) the
    /// model on the quotes' own evidence; 0 for a speech/non-speech pair below its floor.
    fn score(f: &[f32; N_QUOTE]) -> f32 {
        let model = |bias: f32, w: &[f32; N_QUOTE]| -> f32 {
            sigmoid(w.iter().zip(f).fold(bias, |z, (w, x)| z + w * x))
        };
        let own = model(cal::QUOTE_OWN_BIAS, &cal::QUOTE_OWN_W);
        let own = if own >= cal::QUOTE_OWN_MIN { own } else { 0.0 };
        // The full model leans on the sentence link and the quotes' rank in it; for quotes whose
        // content does not confirm the link only their own evidence counts.
        let s = if f[9] > 0.0 { own } else { model(cal::QUOTE_BIAS, &cal::QUOTE_W).max(own) };
        if f[7] > 0.0 && s < cal::QUOTE_CROSS_MIN {
            0.0
        } else {
            s
        }
    }

    /// Whether two quotes of one document may be parts of one utterance: adjacent, speech, and
    /// their speakers do not disagree.
    fn joinable(&self, en_side: bool, a: usize, b: usize) -> bool {
        let (d, names) = if en_side { (self.f.en, &self.f.en_spk) } else { (self.f.pl, &self.f.pl_spk) };
        let (qa, qb) = (&d.quotes[a], &d.quotes[b]);
        qa.kind == QuoteKind::Speech
            && qb.kind == QuoteKind::Speech
            && qa.depth == 0
            && qb.depth == 0
            && (qa.utterance == qb.utterance || agreement(names[a].as_ref(), names[b].as_ref()) > 0.0)
    }
}

/// The next top-level quote of `d` after `q` (or before it when `!forward`).
fn neighbour(d: &Document, q: usize, forward: bool) -> Option<usize> {
    if forward {
        (q + 1..d.quotes.len()).find(|&k| d.quotes[k].depth == 0)
    } else {
        (0..q).rev().find(|&k| d.quotes[k].depth == 0)
    }
}

/// Pair the quotes of `en` and `pl` given the sentence links.
pub fn align_quotes(
    en: &Document,
    pl: &Document,
    sent_links: &[Link],
    opts: &AlignOptions,
    en_cache: &mut WordCache,
    pl_cache: &mut WordCache,
) -> Vec<Link> {
    align_quotes_with(&QuoteFacts::new(en, pl, opts, (en_cache, pl_cache)), sent_links, opts)
}

/// [`align_quotes`] over the quote facts of the pair.
pub(crate) fn align_quotes_with(facts: &QuoteFacts, sent_links: &[Link], opts: &AlignOptions) -> Vec<Link> {
    let (en, pl) = (facts.en, facts.pl);
    let (ne, np) = (en.quotes.len(), pl.quotes.len());
    if ne == 0 && np == 0 {
        return Vec::new();
    }
    let ctx = Ctx::new(facts, sent_links, super::Mode::Translation);
    let mut scored: Vec<(f32, usize, usize)> = candidate_pairs(&ctx)
        .into_iter()
        .filter(|&(a, b)| ctx.may_pair(a, b))
        .filter_map(|(a, b)| ctx.features(&[a], &[b]).map(|f| (Ctx::score(&f), a, b)))
        .filter(|x| x.0 >= 0.3)
        .collect();
    scored.sort_by(|x, y| y.0.total_cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    let thr = opts.min_score.max(0.5);
    let mut en_l = vec![usize::MAX; ne];
    let mut pl_l = vec![usize::MAX; np];
    let mut links: Vec<Link> = Vec::new();
    for &(s, a, b) in &scored {
        if s >= thr && en_l[a] == usize::MAX && pl_l[b] == usize::MAX {
            en_l[a] = links.len();
            pl_l[b] = links.len();
            links.push(Link { en: vec![a], pl: vec![b], score: s, evidence: Evidence::default() });
        }
    }
    grow_links(&ctx, &mut links, &mut en_l, &mut pl_l, thr);
    pair_neighbour_runs(&ctx, &mut links, &mut en_l, &mut pl_l, thr, &opts.deadline);
    pair_repeats(&ctx, &mut links, &mut en_l, &mut pl_l);
    finish(&ctx, links, &en_l, &pl_l)
}

/// One-to-many links of a translation (see the comment inside).
fn grow_links(ctx: &Ctx, links: &mut [Link], en_l: &mut [usize], pl_l: &mut [usize], thr: f32) {
    let (en, pl) = (ctx.f.en, ctx.f.pl);
    // One-to-many: a link absorbs an unlinked neighbouring quote of the same utterance or speaker
    // when the merged side scores above the bar and above the link alone (a Polish quote merging two English ones,
    // or an English quote whose sentences land in two Polish quotes).
    #[allow(clippy::needless_range_loop)] // links[k] is read, then re-borrowed mutably
    for k in 0..links.len() {
        for en_side in [true, false] {
            loop {
                let l = &links[k];
                let (d, idx, taken) = if en_side { (en, &l.en, &*en_l) } else { (pl, &l.pl, &*pl_l) };
                if idx.len() >= 3 {
                    break;
                }
                let mut best: Option<(f32, usize)> = None;
                for (q, fw) in [(idx[0], false), (*idx.last().unwrap(), true)] {
                    if let Some(nq) = neighbour(d, q, fw) {
                        if taken[nq] != usize::MAX || !ctx.joinable(en_side, q, nq) {
                            continue;
                        }
                        // The neighbour must share words with the other side itself (a longer side
                        // alone can raise the score through the length ratio).
                        let own =
                            if en_side { ctx.features(&[nq], &l.pl) } else { ctx.features(&l.en, &[nq]) };
                        if !own.is_some_and(|f| f[2] > 0.0) {
                            continue;
                        }
                        let mut merged = idx.clone();
                        merged.push(nq);
                        merged.sort_unstable();
                        let f =
                            if en_side { ctx.features(&merged, &l.pl) } else { ctx.features(&l.en, &merged) };
                        let s = f.map_or(0.0, |f| Ctx::score(&f));
                        // The merged link must also score better than the link alone.
                        if s >= thr && s > l.score && best.is_none_or(|b| s > b.0) {
                            best = Some((s, nq));
                        }
                    }
                }
                let Some((s, nq)) = best else { break };
                let l = &mut links[k];
                if en_side {
                    l.en.push(nq);
                    l.en.sort_unstable();
                    en_l[nq] = k;
                } else {
                    l.pl.push(nq);
                    l.pl.sort_unstable();
                    pl_l[nq] = k;
                }
                l.score = s;
            }
        }
    }
}

/// Two unlinked neighbouring quotes of one side paired with an unlinked quote of the other.
fn pair_neighbour_runs(
    ctx: &Ctx,
    links: &mut Vec<Link>,
    en_l: &mut [usize],
    pl_l: &mut [usize],
    thr: f32,
    deadline: &crate::deadline::Deadline,
) {
    let (en, pl) = (ctx.f.en, ctx.f.pl);
    // Two unlinked neighbouring quotes of one side against an unlinked quote of the other. A quote
    // of the other side sharing no key with one of the two has no matched weight against it, so
    // only the quotes holding a key of each (from an index of the other side's keys) are read.
    for en_side in [true, false] {
        let (d, own, other) =
            if en_side { (en, &ctx.f.qfe, &ctx.f.qfp) } else { (pl, &ctx.f.qfp, &ctx.f.qfe) };
        let index = KeyIndex::new(other);
        for q in 0..d.quotes.len() {
            if deadline.expired() {
                break;
            }
            let Some(nq) = neighbour(d, q, true) else { continue };
            let (taken, other_taken) = if en_side { (&*en_l, &*pl_l) } else { (&*pl_l, &*en_l) };
            if taken[q] != usize::MAX || taken[nq] != usize::MAX || !ctx.joinable(en_side, q, nq) {
                continue;
            }
            let mut best: Option<(f32, usize)> = None;
            let sharing = index.sharing_both(&own[q], &own[nq]);
            for o in sharing.into_iter().filter(|&o| other_taken[o] == usize::MAX) {
                // Each of the two must share words with the other side.
                let shares = |x: usize| {
                    let f = if en_side { ctx.features(&[x], &[o]) } else { ctx.features(&[o], &[x]) };
                    f.is_some_and(|f| f[2] > 0.0)
                };
                if !shares(q) || !shares(nq) {
                    continue;
                }
                let f = if en_side { ctx.features(&[q, nq], &[o]) } else { ctx.features(&[o], &[q, nq]) };
                let s = f.map_or(0.0, |f| Ctx::score(&f));
                if s >= thr && best.is_none_or(|b| s > b.0) {
                    best = Some((s, o));
                }
            }
            if let Some((s, o)) = best {
                let k = links.len();
                let (e, p) = if en_side { (vec![q, nq], vec![o]) } else { (vec![o], vec![q, nq]) };
                for &i in &e {
                    en_l[i] = k;
                }
                for &j in &p {
                    pl_l[j] = k;
                }
                links.push(Link { en: e, pl: p, score: s, evidence: Evidence::default() });
            }
        }
    }
}

/// Keys held by more quotes of one side than this propose no candidate pairs.
const MAX_QUOTE_POSTINGS: usize = 64;

/// The quotes of one side holding each key (of at most [`MAX_QUOTE_POSTINGS`] quotes).
struct KeyIndex {
    postings: FxMap<Key, Vec<u32>>,
}

impl KeyIndex {
    fn new(quotes: &[SentFeat]) -> KeyIndex {
        let mut postings: FxMap<Key, Vec<u32>> = FxMap::default();
        for (o, f) in quotes.iter().enumerate() {
            for &k in &f.keyset {
                postings.entry(k).or_default().push(o as u32);
            }
        }
        // A key held by very many quotes (a long file of concatenated articles) proposes none: read
        // for every quote, its postings would make the cost grow with the square of the length.
        postings.retain(|_, p| p.len() <= MAX_QUOTE_POSTINGS);
        KeyIndex { postings }
    }

    /// The indexed quotes holding a key of `x`, ascending.
    fn sharing(&self, x: &SentFeat) -> Vec<usize> {
        let mut v: Vec<usize> = x
            .keyset
            .iter()
            .filter_map(|k| self.postings.get(k))
            .flat_map(|p| p.iter().map(|&o| o as usize))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The indexed quotes holding a key of `x` and a key of `y`, ascending.
    fn sharing_both(&self, x: &SentFeat, y: &SentFeat) -> Vec<usize> {
        let ys = self.sharing(y);
        let mut v = self.sharing(x);
        v.retain(|o| ys.binary_search(o).is_ok());
        v
    }
}

/// Repeated quotations pair like their first occurrence.
fn pair_repeats(ctx: &Ctx, links: &mut Vec<Link>, en_l: &mut [usize], pl_l: &mut [usize]) {
    let (en, pl) = (ctx.f.en, ctx.f.pl);
    // A quotation repeated in an article (a headline quoting the body) pairs like its first
    // occurrence: when both sides repeat the two quotes of a 1-1 link, the repeats pair too.
    let norm = |d: &Document| -> Vec<String> {
        d.quotes
            .iter()
            .map(|q| {
                d.slice(q.span).trim().trim_end_matches(|c: char| c.is_ascii_punctuation()).to_lowercase()
            })
            .collect()
    };
    let (en_norm, pl_norm) = (norm(en), norm(pl));
    // The top-level quotes of each text, in quote order.
    type Groups<'a> = FxMap<&'a str, Vec<usize>>;
    fn groups<'a>(d: &Document, texts: &'a [String]) -> Groups<'a> {
        let mut g: Groups<'a> = FxMap::default();
        for (o, t) in texts.iter().enumerate() {
            if d.quotes[o].depth == 0 {
                g.entry(t.as_str()).or_default().push(o);
            }
        }
        g
    }
    let (en_groups, pl_groups) = (groups(en, &en_norm), groups(pl, &pl_norm));
    for k in 0..links.len() {
        if links[k].en.len() != 1 || links[k].pl.len() != 1 {
            continue;
        }
        let (a, b, score) = (links[k].en[0], links[k].pl[0], links[k].score);
        if en_norm[a].split_whitespace().count() < 2 || pl_norm[b].split_whitespace().count() < 2 {
            continue; // a word or two repeats by chance
        }
        // The first other top-level quote with the same text that is in no link yet.
        let again = |groups: &Groups, texts: &[String], taken: &[usize], q: usize| {
            groups
                .get(texts[q].as_str())
                .and_then(|g| g.iter().copied().find(|&o| o != q && taken[o] == usize::MAX))
        };
        if let (Some(a2), Some(b2)) =
            (again(&en_groups, &en_norm, &*en_l, a), again(&pl_groups, &pl_norm, &*pl_l, b))
        {
            en_l[a2] = links.len();
            pl_l[b2] = links.len();
            links.push(Link { en: vec![a2], pl: vec![b2], score, evidence: Evidence::default() });
        }
    }
}

/// Give links their evidence, order them, and list the quotes in no link (`taken` marks linked
/// quotes with anything but `usize::MAX`) as one-sided links.
fn finish(ctx: &Ctx, mut links: Vec<Link>, en_l: &[usize], pl_l: &[usize]) -> Vec<Link> {
    let (en, pl) = (ctx.f.en, ctx.f.pl);
    for l in &mut links {
        let e: Vec<(&SentFeat, &str)> =
            l.en.iter().map(|&a| (&ctx.f.qfe[a], en.slice(en.quotes[a].span))).collect();
        let p: Vec<(&SentFeat, &str)> =
            l.pl.iter().map(|&b| (&ctx.f.qfp[b], pl.slice(pl.quotes[b].span))).collect();
        l.evidence = evidence(&e, &p);
        let spk = agreement(
            l.en.iter().find_map(|&a| ctx.f.en_spk[a].as_ref()),
            l.pl.iter().find_map(|&b| ctx.f.pl_spk[b].as_ref()),
        );
        l.evidence.speaker_match = (spk != 0.0).then_some(spk > 0.0);
        l.evidence.method = Some("quote".into());
    }
    links.sort_by_key(|l| (l.en[0], l.pl[0]));
    for (a, &k) in en_l.iter().enumerate() {
        if k == usize::MAX {
            links.push(Link { en: vec![a], pl: vec![], score: 0.0, evidence: Evidence::default() });
        }
    }
    for (b, &k) in pl_l.iter().enumerate() {
        if k == usize::MAX {
            links.push(Link { en: vec![], pl: vec![b], score: 0.0, evidence: Evidence::default() });
        }
    }
    links
}

/// Speech quote pairs scored on their own words alone (no sentence links yet): for each (English
/// sentence, Polish sentence) holding such a pair at or above [`cal::QUOTE_OWN_MIN`], the best score.
/// Comparable articles use them as anchors for the sentences around the quotes.
pub(crate) fn sentence_anchors_with(
    facts: &QuoteFacts,
    opts: &AlignOptions,
) -> crate::lexicon::fxhash::FxMap<(u32, u32), f32> {
    let (en, pl) = (facts.en, facts.pl);
    let mut out = crate::lexicon::fxhash::FxMap::default();
    if en.quotes.is_empty() || pl.quotes.is_empty() {
        return out;
    }
    let ctx = Ctx::new(facts, &[], super::Mode::Comparable);
    // With no sentence links, a pair may score only when the two share a key.
    let index = KeyIndex::new(&facts.qfp);
    for a in 0..en.quotes.len() {
        if en.quotes[a].kind != QuoteKind::Speech || opts.deadline.expired() {
            continue;
        }
        for b in index.sharing(&facts.qfe[a]) {
            if pl.quotes[b].kind != QuoteKind::Speech || !ctx.may_pair(a, b) {
                continue;
            }
            let Some(f) = ctx.features(&[a], &[b]) else { continue };
            let z = cal::QUOTE_OWN_W.iter().zip(f).fold(cal::QUOTE_OWN_BIAS, |z, (w, x)| z + w * x);
            let s = sigmoid(z);
            if s < cal::QUOTE_OWN_MIN {
                continue;
            }
            for &i in &ctx.f.en_sents[a] {
                for &j in &ctx.f.pl_sents[b] {
                    let e = out.entry((i as u32, j as u32)).or_insert(0.0f32);
                    *e = e.max(s);
                }
            }
        }
    }
    out
}

/// [`sentence_anchors_with`] with fresh word caches.
#[doc(hidden)]
pub fn sentence_anchors(
    en: &Document,
    pl: &Document,
    opts: &AlignOptions,
) -> crate::lexicon::fxhash::FxMap<(u32, u32), f32> {
    let (mut ce, mut cp) = (WordCache::default(), WordCache::default());
    sentence_anchors_with(&QuoteFacts::new(en, pl, opts, (&mut ce, &mut cp)), opts)
}

/// Whether two quote kinds pair freely: speech with speech; titles and scare quotes with each
/// other (extractors often disagree which of the two a short phrase is).
pub fn kinds_compatible(a: QuoteKind, b: QuoteKind) -> bool {
    (a == QuoteKind::Speech) == (b == QuoteKind::Speech)
}

/// Number of quote pair features (see [`quote_candidates`]).
pub use super::calibrate::N_QUOTE;

/// Content weight (about content words) both quotes must reach for the "unconfirmed" rule.
const UNCONFIRMED_WEIGHT: f32 = 5.0;
/// Below this containment (share of one quote's words found in the other) a long pair is
/// "unconfirmed".
const UNCONFIRMED_SHARE: f32 = 0.3;

/// Candidate 1-1 quote pairs: joined by a sentence link, or (for documents of ordinary size) any
/// pair.
fn candidate_pairs(ctx: &Ctx) -> Vec<(usize, usize)> {
    let (ne, np) = (ctx.f.en.quotes.len(), ctx.f.pl.quotes.len());
    let mut out = Vec::new();
    if ne * np <= 40_000 {
        for a in 0..ne {
            out.extend((0..np).map(|b| (a, b)));
        }
        return out;
    }
    // The Polish quotes of each Polish sentence.
    let mut quotes_of: Vec<Vec<usize>> = vec![Vec::new(); ctx.f.pl.sentences.len()];
    for (b, sents) in ctx.f.pl_sents.iter().enumerate() {
        for &j in sents {
            if let Some(v) = quotes_of.get_mut(j) {
                v.push(b);
            }
        }
    }
    let mut linked: Vec<usize> = Vec::new();
    for a in 0..ne {
        linked.clear();
        for &i in &ctx.f.en_sents[a] {
            for &j in &ctx.en_linked[i] {
                linked.extend(quotes_of.get(j).into_iter().flatten());
            }
        }
        linked.sort_unstable();
        linked.dedup();
        out.extend(linked.iter().map(|&b| (a, b)));
    }
    out
}

/// Candidate quote pairs with their features: best joining sentence link score, lexical coverage,
/// ln(1 + matched weight), speaker agreement (+1/-1/0), |log length ratio|, same rank among the
/// quotes of linked sentences, title paired with scare quote, speech paired with a title or scare
/// quote (the extractors of the two languages may disagree on the kind; the pair then needs strong
/// evidence, and is reported only above [`cal::QUOTE_CROSS_MIN`]), containment (the share of the
/// smaller quote's words found in the other), and whether both quotes are long but share few
/// words (then only the own-evidence model scores the pair). For calibration.
#[doc(hidden)]
pub fn quote_candidates(
    en: &Document,
    pl: &Document,
    sent_links: &[Link],
    opts: &AlignOptions,
    mode: super::Mode,
) -> Vec<(usize, usize, [f32; N_QUOTE])> {
    let (mut ce, mut cp) = (WordCache::default(), WordCache::default());
    let facts = QuoteFacts::new(en, pl, opts, (&mut ce, &mut cp));
    let ctx = Ctx::new(&facts, sent_links, mode);
    candidate_pairs(&ctx)
        .into_iter()
        .filter_map(|(a, b)| ctx.features(&[a], &[b]).map(|f| (a, b, f)))
        .collect()
}

/// Features and score of one candidate group link (English quotes `ea` against Polish quotes `pb`),
/// for inspecting why a link was or was not made. `None` when a quote is nested or unbalanced.
#[doc(hidden)]
pub fn group_score(
    en: &Document,
    pl: &Document,
    sent_links: &[Link],
    opts: &AlignOptions,
    mode: super::Mode,
    ea: &[usize],
    pb: &[usize],
) -> Option<([f32; N_QUOTE], f32)> {
    let (mut ce, mut cp) = (WordCache::default(), WordCache::default());
    let facts = QuoteFacts::new(en, pl, opts, (&mut ce, &mut cp));
    let ctx = Ctx::new(&facts, sent_links, mode);
    ctx.features(ea, pb).map(|f| (f, Ctx::score(&f)))
}

#[cfg(test)]
mod tests;
