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

use super::calibrate as cal;
use super::features::{sentence_features, SentFeat};
use super::score::{pair_features, side_weights, sigmoid};
use super::{evidence, AlignOptions, Evidence, Link};
use crate::lang::Lang;
use crate::model::{Document, QuoteKind, Span};

/// Sentences of `doc` that overlap `span` (sentences are sorted by position).
fn sentences_of(doc: &Document, span: Span) -> Vec<usize> {
    let first = doc.sentences.partition_point(|s| s.span.end <= span.start);
    (first..doc.sentences.len())
        .take_while(|&i| doc.sentences[i].span.start < span.end.max(span.start + 1))
        .collect()
}

/// Loose key of a name word: lowercase, without diacritics, cut to five letters.
fn name_key(w: &str) -> String {
    w.to_lowercase()
        .chars()
        .map(|c| match c {
            'ą' => 'a',
            'ć' => 'c',
            'ę' => 'e',
            'ł' => 'l',
            'ń' => 'n',
            'ó' => 'o',
            'ś' => 's',
            'ź' | 'ż' => 'z',
            c => c,
        })
        .take(5)
        .collect()
}

/// +1 when the speakers share a name word, -1 when both are known and share none, 0 otherwise.
pub fn speaker_agreement(a: Option<&str>, b: Option<&str>) -> f32 {
    let (Some(a), Some(b)) = (a, b) else { return 0.0 };
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphabetic()).filter(|w| w.chars().count() >= 3).map(name_key).collect()
    };
    let (wa, wb) = (words(a), words(b));
    if wa.is_empty() || wb.is_empty() {
        return 0.0;
    }
    if wa.iter().any(|x| wb.contains(x)) {
        1.0
    } else {
        -1.0
    }
}

/// Rank of a quote among the top-level quotes starting in its first sentence.
fn rank_in_sentence(doc: &Document, q: usize) -> usize {
    let s = doc.quotes[q].sentence;
    doc.quotes[..q].iter().filter(|o| o.sentence == s && o.depth == 0).count()
}

/// Pair the quotes of `en` and `pl` given the sentence links.
pub fn align_quotes(en: &Document, pl: &Document, sent_links: &[Link], opts: &AlignOptions) -> Vec<Link> {
    let (ne, np) = (en.quotes.len(), pl.quotes.len());
    if ne == 0 && np == 0 {
        return Vec::new();
    }
    let feats = |d: &Document, lang: Lang| -> Vec<SentFeat> {
        d.quotes
            .iter()
            .map(|q| sentence_features(d.slice(q.span), lang, opts.lexicon.as_deref(), &opts.signals))
            .collect()
    };
    let (qfe, qfp) = (feats(en, Lang::En), feats(pl, Lang::Pl));

    let cands = quote_candidates(en, pl, sent_links, opts, &qfe, &qfp);
    let mut scored: Vec<(f32, usize, usize, bool)> = Vec::new();
    for (a, b, f) in cands {
        let model = |bias: f32, w: &[f32; N_QUOTE]| -> f32 {
            sigmoid(w.iter().zip(f).fold(bias, |z, (w, x)| z + w * x))
        };
        let own = model(cal::QUOTE_OWN_BIAS, &cal::QUOTE_OWN_W);
        let s = model(cal::QUOTE_BIAS, &cal::QUOTE_W).max(if own >= cal::QUOTE_OWN_MIN { own } else { 0.0 });
        if s >= 0.3 && (f[7] == 0.0 || s >= cal::QUOTE_CROSS_MIN) {
            scored.push((s, a, b, f[3] > 0.0));
        }
    }
    scored.sort_by(|x, y| y.0.total_cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    let thr = opts.min_score.max(0.5);
    let mut en_l = vec![usize::MAX; ne];
    let mut pl_l = vec![usize::MAX; np];
    let mut links: Vec<Link> = Vec::new();
    for &(s, a, b, spk) in &scored {
        if s >= thr && en_l[a] == usize::MAX && pl_l[b] == usize::MAX {
            en_l[a] = links.len();
            pl_l[b] = links.len();
            let ev = Evidence { speaker_match: Some(spk), ..Default::default() };
            links.push(Link { en: vec![a], pl: vec![b], score: s, evidence: ev });
        }
    }
    // One-to-many: a leftover speech quote joins its best partner's link.
    for &(s, a, b, _) in &scored {
        if s < thr || en.quotes[a].kind != QuoteKind::Speech {
            continue;
        }
        if en_l[a] == usize::MAX && pl_l[b] != usize::MAX && links[pl_l[b]].pl.len() == 1 {
            let k = pl_l[b];
            en_l[a] = k;
            links[k].en.push(a);
            links[k].en.sort_unstable();
            links[k].score = links[k].score.min(s);
        } else if pl_l[b] == usize::MAX && en_l[a] != usize::MAX && links[en_l[a]].en.len() == 1 {
            let k = en_l[a];
            pl_l[b] = k;
            links[k].pl.push(b);
            links[k].pl.sort_unstable();
            links[k].score = links[k].score.min(s);
        }
    }
    for l in &mut links {
        let e: Vec<(&SentFeat, &str)> =
            l.en.iter().map(|&a| (&qfe[a], en.slice(en.quotes[a].span))).collect();
        let p: Vec<(&SentFeat, &str)> =
            l.pl.iter().map(|&b| (&qfp[b], pl.slice(pl.quotes[b].span))).collect();
        let spk = l.evidence.speaker_match;
        l.evidence = evidence(&e, &p);
        l.evidence.speaker_match = spk;
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

/// Whether two quote kinds pair freely: speech with speech; titles and scare quotes with each
/// other (extractors often disagree which of the two a short phrase is).
pub fn kinds_compatible(a: QuoteKind, b: QuoteKind) -> bool {
    (a == QuoteKind::Speech) == (b == QuoteKind::Speech)
}

/// Number of quote pair features (see [`quote_candidates`]).
pub const N_QUOTE: usize = 9;

/// Candidate quote pairs with their features: best joining sentence link score, lexical coverage,
/// ln(1 + matched weight), speaker agreement (+1/-1/0), |log length ratio|, same rank among the
/// quotes of linked sentences, title paired with scare quote, speech paired with a title or scare
/// quote (the extractors of the two languages may disagree on the kind; the pair then needs strong
/// evidence, and is reported only above [`cal::QUOTE_CROSS_MIN`]), containment (the share of the
/// smaller quote's words found in the other).
#[doc(hidden)]
pub fn quote_candidates(
    en: &Document,
    pl: &Document,
    sent_links: &[Link],
    opts: &AlignOptions,
    qfe: &[SentFeat],
    qfp: &[SentFeat],
) -> Vec<(usize, usize, [f32; N_QUOTE])> {
    let (ne, np) = (en.quotes.len(), pl.quotes.len());
    let mut en_sent_link = vec![usize::MAX; en.sentences.len()];
    let mut pl_sent_link = vec![usize::MAX; pl.sentences.len()];
    for (k, l) in sent_links.iter().enumerate() {
        if l.is_match() {
            for &i in &l.en {
                en_sent_link[i] = k;
            }
            for &j in &l.pl {
                pl_sent_link[j] = k;
            }
        }
    }
    let en_sents: Vec<Vec<usize>> = en.quotes.iter().map(|q| sentences_of(en, q.span)).collect();
    let pl_sents: Vec<Vec<usize>> = pl.quotes.iter().map(|q| sentences_of(pl, q.span)).collect();
    let en_rank: Vec<usize> = (0..ne).map(|q| rank_in_sentence(en, q)).collect();
    let pl_rank: Vec<usize> = (0..np).map(|q| rank_in_sentence(pl, q)).collect();
    // Candidate pairs: joined by a sentence link, or (for documents of ordinary size) any pair.
    let all_pairs = ne * np <= 40_000;
    let mut out = Vec::new();
    for a in 0..ne {
        let cands: Vec<usize> = if all_pairs {
            (0..np).collect()
        } else {
            let mut linked_pl: Vec<usize> = en_sents[a]
                .iter()
                .filter(|&&i| en_sent_link[i] != usize::MAX)
                .flat_map(|&i| sent_links[en_sent_link[i]].pl.iter().copied())
                .collect();
            linked_pl.sort_unstable();
            linked_pl.dedup();
            (0..np).filter(|&b| pl_sents[b].iter().any(|j| linked_pl.binary_search(j).is_ok())).collect()
        };
        for b in cands {
            let (qa, qb) = (&en.quotes[a], &pl.quotes[b]);
            if qa.depth > 0 || qb.depth > 0 {
                // a nested quote travels with the quote around it
                continue;
            }
            // The best sentence link joining the two quotes' sentences.
            let mut sent = 0f32;
            for &i in &en_sents[a] {
                let k = en_sent_link[i];
                if k != usize::MAX && pl_sents[b].iter().any(|&j| pl_sent_link[j] == k) {
                    sent = sent.max(sent_links[k].score);
                }
            }
            let pf = pair_features(&[&qfe[a]], &[&qfp[b]], &opts.signals);
            let spk = speaker_agreement(
                qa.speaker.as_ref().map(|s| s.name.as_str()),
                qb.speaker.as_ref().map(|s| s.name.as_str()),
            );
            let (la, lb) = (qa.span.len().max(1) as f32, qb.span.len().max(1) as f32);
            let lenr = (lb / (la * cal::GC_RATIO)).ln().abs().min(3.0);
            let same_rank = (sent > 0.0 && en_rank[a] == pl_rank[b]) as u8 as f32;
            let mixed = (qa.kind != qb.kind && kinds_compatible(qa.kind, qb.kind)) as u8 as f32;
            let cross = !kinds_compatible(qa.kind, qb.kind) as u8 as f32;
            // Containment: the share of the smaller quote's words found in the other, for a quote
            // that is one part of a longer one on the other side.
            let (me, te, mp, tp) = side_weights(&[&qfe[a]], &[&qfp[b]]);
            let contain = if te.min(tp) >= 2.0 { (me / te).max(mp / tp) } else { pf.cov };
            out.push((a, b, [sent, pf.cov, pf.matched, spk, lenr, same_rank, mixed, cross, contain]));
        }
    }
    out
}
