//! Quote pairing of comparable articles: every quote pair scored on its own, a quote keeping up to
//! `MAX_QUOTE_DEGREE` partners, and the copies of a repeated quotation paired with its partners.

use super::*;

/// The features of [`quote_candidates`] the comparable quote model reads: sentence link, coverage,
/// matched weight, speaker agreement, length ratio, containment.
pub const COMPARABLE_QUOTE_COLUMNS: [usize; cal::N_COMPARABLE_QUOTE] = [0, 1, 2, 3, 4, 8];

/// Most partners a quote keeps in comparable articles (a quotation repeated in the headline, the
/// lead and the body; a long Polish quotation merging the parts of four English ones).
const MAX_QUOTE_DEGREE: usize = 4;

/// Pair the speech quotes of comparable articles: every pair scored on its own by
/// [`cal::COMPARABLE_QUOTE_W`], kept at or above [`cal::COMPARABLE_QUOTE_KEEP`], at most
/// `MAX_QUOTE_DEGREE` partners a quote, each pair its own link (a quote may stand in several). The
/// words of two different speakers are never paired.
pub fn align_quotes_comparable(
    en: &Document,
    pl: &Document,
    sent_links: &[Link],
    opts: &AlignOptions,
    en_cache: &mut WordCache,
    pl_cache: &mut WordCache,
) -> Vec<Link> {
    align_quotes_comparable_with(&QuoteFacts::new(en, pl, opts, (en_cache, pl_cache)), sent_links, opts)
}

/// [`align_quotes_comparable`] over the quote facts of the pair.
pub(crate) fn align_quotes_comparable_with(
    facts: &QuoteFacts,
    sent_links: &[Link],
    opts: &AlignOptions,
) -> Vec<Link> {
    let (en, pl) = (facts.en, facts.pl);
    let (ne, np) = (en.quotes.len(), pl.quotes.len());
    if ne == 0 && np == 0 {
        return Vec::new();
    }
    let ctx = Ctx::new(facts, sent_links, crate::align::Mode::Comparable);
    let thr = opts.min_score.max(cal::COMPARABLE_QUOTE_KEEP);
    let mut scored: Vec<(f32, usize, usize)> = Vec::new();
    for (a, b) in candidate_pairs(&ctx) {
        if en.quotes[a].kind != QuoteKind::Speech
            || pl.quotes[b].kind != QuoteKind::Speech
            || !ctx.may_pair(a, b)
        {
            continue;
        }
        let Some(f) = ctx.features(&[a], &[b]) else { continue };
        if f[3] < 0.0 {
            continue; // two known speakers who differ
        }
        let z = COMPARABLE_QUOTE_COLUMNS
            .iter()
            .zip(cal::COMPARABLE_QUOTE_W)
            .fold(cal::COMPARABLE_QUOTE_BIAS, |z, (&c, w)| z + w * f[c]);
        let p = sigmoid(z);
        if p >= thr {
            scored.push((p, a, b));
        }
    }
    scored.sort_by(|x, y| y.0.total_cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    let (mut deg_e, mut deg_p) = (vec![0usize; ne], vec![0usize; np]);
    // The best partner score each quote has so far (pairs come best first).
    let (mut best_e, mut best_p) = (vec![0f32; ne], vec![0f32; np]);
    let mut links = Vec::new();
    for (p, a, b) in scored {
        // Both quotes already render something else, each clearly better: the pair crosses two
        // renderings (a quote split by its attribution, its halves rendered apart) and is not one.
        let crossing =
            best_e[a] >= p + cal::QUOTE_CROSSING_MARGIN && best_p[b] >= p + cal::QUOTE_CROSSING_MARGIN;
        if deg_e[a] < MAX_QUOTE_DEGREE && deg_p[b] < MAX_QUOTE_DEGREE && !crossing {
            deg_e[a] += 1;
            deg_p[b] += 1;
            best_e[a] = best_e[a].max(p);
            best_p[b] = best_p[b].max(p);
            links.push(Link { en: vec![a], pl: vec![b], score: p, evidence: Evidence::default() });
        }
    }
    repeat_links(en, pl, &mut links, &mut deg_e, &mut deg_p);
    let taken = |d: &[usize]| d.iter().map(|&n| if n > 0 { 0 } else { usize::MAX }).collect::<Vec<_>>();
    let (en_l, pl_l) = (taken(&deg_e), taken(&deg_p));
    finish(&ctx, links, &en_l, &pl_l)
}

/// A quotation's words for comparing repeats: trimmed, final punctuation dropped, lower case.
fn repeat_key(d: &Document, q: usize) -> String {
    d.slice(d.quotes[q].span).trim().trim_end_matches(|c: char| c.is_ascii_punctuation()).to_lowercase()
}

/// An article that repeats a quotation (the headline, the lead and the body quoting the same
/// words) repeats its rendering too: every unlinked top-level speech quote whose words equal those
/// of a linked quote of the same article joins that quote's partners, at the same score. A copy
/// whose marks are unbalanced (a lead that lost its opening mark) is paired this way as well: its
/// words are those of a quote whose extent is known. Quotes of fewer than two words repeat by
/// chance and are left alone.
fn repeat_links(
    en: &Document,
    pl: &Document,
    links: &mut Vec<Link>,
    deg_e: &mut [usize],
    deg_p: &mut [usize],
) {
    let n = links.len();
    if n == 0 {
        return;
    }
    // The 1-1 links already made, so that a copy is linked once.
    let mut made: std::collections::HashSet<(usize, usize), crate::lexicon::fxhash::FxBuild> =
        links.iter().filter(|l| l.en.len() == 1 && l.pl.len() == 1).map(|l| (l.en[0], l.pl[0])).collect();
    for en_side in [true, false] {
        let d = if en_side { en } else { pl };
        // The top-level speech quotes of two words or more, by their words (in quote order).
        let mut by_key: std::collections::HashMap<String, Vec<usize>, crate::lexicon::fxhash::FxBuild> =
            Default::default();
        // Each quote's words, read once.
        let mut keys: Vec<Option<String>> = vec![None; d.quotes.len()];
        for (o, q) in d.quotes.iter().enumerate() {
            if q.depth == 0 && q.kind == QuoteKind::Speech {
                let key = repeat_key(d, o);
                if key.split_whitespace().count() >= 2 {
                    by_key.entry(key.clone()).or_default().push(o);
                }
                keys[o] = Some(key);
            }
        }
        let start = links.len();
        // The unlinked copies of quote `q` (the degrees change only once this side is done).
        let mut copies = |q: usize, deg: &[usize]| -> Vec<usize> {
            by_key
                .get(keys[q].get_or_insert_with(|| repeat_key(d, q)).as_str())
                .map(|group| group.iter().copied().filter(|&o| o != q && deg[o] == 0).collect())
                .unwrap_or_default()
        };
        for k in 0..n {
            let (a, b, score) = (links[k].en[0], links[k].pl[0], links[k].score);
            let deg: &[usize] = if en_side { deg_e } else { deg_p };
            for o in copies(if en_side { a } else { b }, deg) {
                let (e, p) = if en_side { (o, b) } else { (a, o) };
                if !made.insert((e, p)) {
                    continue;
                }
                links.push(Link { en: vec![e], pl: vec![p], score, evidence: Evidence::default() });
            }
        }
        // Count the new partners once all copies of this side are in.
        for l in &links[start..] {
            if en_side {
                deg_e[l.en[0]] += 1;
            } else {
                deg_p[l.pl[0]] += 1;
            }
        }
    }
}
