//! Unit tests of quote pairing.

use super::facts::{ranks_in_sentence, without_editorial};
use super::*;
use crate::model::{Quote, Span, Speaker};

fn quote(start: usize, sentence: usize, depth: u8) -> Quote {
    Quote {
        span: Span::new(start, start + 1),
        kind: QuoteKind::Speech,
        speaker: None::<Speaker>,
        sentence,
        utterance: 0,
        depth,
        unbalanced: false,
    }
}

#[test]
fn editorial_insertions_are_blanked_in_place() {
    let t = "such acts [by Łódź] are [wrong";
    let b = without_editorial(t);
    assert_eq!(b.len(), t.len(), "offsets keep pointing into the text");
    assert_eq!(b, format!("such acts {} are [wrong", " ".repeat("[by Łódź]".len())));
    assert!(matches!(without_editorial("no brackets"), std::borrow::Cow::Borrowed(_)));
    // A bracket that closes only on the next line is not an insertion.
    assert_eq!(without_editorial("a [b\nc] d"), "a [b\nc] d");
}

#[test]
fn rank_counts_earlier_top_level_quotes_of_the_sentence() {
    let mut d = Document::default();
    for (k, (s, depth)) in [(0, 0), (0, 1), (0, 0), (1, 0), (0, 0), (1, 0), (1, 2)].into_iter().enumerate() {
        d.quotes.push(quote(k, s, depth));
    }
    // The definition: top-level quotes before it in the same sentence.
    let want: Vec<usize> = (0..d.quotes.len())
        .map(|q| {
            let s = d.quotes[q].sentence;
            d.quotes[..q].iter().filter(|o| o.sentence == s && o.depth == 0).count()
        })
        .collect();
    assert_eq!(ranks_in_sentence(&d), want);
    assert_eq!(want, vec![0, 1, 1, 0, 2, 1, 2]);
}

/// 100k nested quote pairs in one sentence (hostile input that the old all-earlier-quotes scan
/// took quadratic time on; its speed is watched by `cargo bench --bench quote`).
#[test]
fn ranks_of_100k_nested_quotes_in_one_sentence() {
    let mut d = Document::default();
    for k in 0..200_000 {
        d.quotes.push(quote(k, 0, (k % 2) as u8));
    }
    let r = ranks_in_sentence(&d);
    assert_eq!(r[199_999], 100_000);
    assert_eq!(r[199_998], 99_999);
}

/// In a retelling a sentence may stand in several sentence links (one English sentence rendered by
/// two Polish ones). A quote pair is joined by any of them: each Polish quote sees the link of its
/// own sentence, not only the last link the English sentence took part in.
#[test]
fn a_quote_pair_reads_every_link_of_its_sentence() {
    let doc = |name: &str, text: &str| crate::analyze(name, text.as_bytes(), &Default::default()).unwrap();
    let en = doc("en", "“We will build the bridge and then the station,” the mayor said.");
    let pl =
        doc("pl", "„Zbudujemy most” – powiedział burmistrz.\n\n„Potem zbudujemy dworzec” – dodał burmistrz.");
    assert_eq!((en.quotes.len(), pl.quotes.len(), pl.sentences.len()), (1, 2, 2));
    let link = |j: usize, score: f32| Link { en: vec![0], pl: vec![j], score, evidence: Evidence::default() };
    let links = [link(0, 0.7), link(1, 0.6)];
    let opts = AlignOptions::default();
    let rows = quote_candidates(&en, &pl, &links, &opts, crate::align::Mode::Comparable);
    let sent = |b: usize| rows.iter().find(|r| (r.0, r.1) == (0, b)).map(|r| r.2[0]);
    assert_eq!(sent(0), Some(0.7), "{rows:?}");
    assert_eq!(sent(1), Some(0.6), "{rows:?}");
}

#[test]
fn key_index_finds_exactly_the_quotes_sharing_a_key() {
    // Quote `o` of 40 holds keys o % 7 and 100 + o % 5; probes hold a few keys each.
    let feat = |keys: &[Key]| {
        let mut keyset = keys.to_vec();
        keyset.sort_unstable();
        keyset.dedup();
        SentFeat { keyset, ..Default::default() }
    };
    let other: Vec<SentFeat> = (0..40u64).map(|o| feat(&[o % 7, 100 + o % 5])).collect();
    let index = KeyIndex::new(&other);
    let shares = |x: &SentFeat, o: usize| x.keyset.iter().any(|k| other[o].keyset.contains(k));
    let probes = [feat(&[3]), feat(&[102, 5]), feat(&[9, 999]), feat(&[]), feat(&[0, 104, 6])];
    for x in &probes {
        let want: Vec<usize> = (0..other.len()).filter(|&o| shares(x, o)).collect();
        assert_eq!(index.sharing(x), want, "probe {:?}", x.keyset);
        for y in &probes {
            let both: Vec<usize> = want.iter().copied().filter(|&o| shares(y, o)).collect();
            assert_eq!(index.sharing_both(x, y), both, "probes {:?} and {:?}", x.keyset, y.keyset);
        }
    }
}
