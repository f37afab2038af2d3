//! Cross-stage invariants every analysed document and every alignment must satisfy, whatever the
//! input. Shared by the property tests (tests/props.rs) and the fuzz targets (fuzz/fuzz_targets/*),
//! which include this file by path, so both check exactly the same contract.
//!
//! Each check panics with a message naming the broken invariant: under proptest that is a failing
//! case (shrunk), under libFuzzer a crash with a reproducer.

#![allow(dead_code)]

use bialign::Alignment;
use bialign::{Document, Span};

fn on_boundaries(text: &str, s: Span, what: &str) {
    assert!(s.start <= s.end, "{what}: span {}..{} is reversed", s.start, s.end);
    assert!(
        s.end <= text.len(),
        "{what}: span {}..{} ends past the text ({} bytes)",
        s.start,
        s.end,
        text.len()
    );
    assert!(
        text.is_char_boundary(s.start) && text.is_char_boundary(s.end),
        "{what}: span {}..{} is not on UTF-8 character boundaries",
        s.start,
        s.end
    );
}

/// Paragraphs, sentences and quotes: offsets on character boundaries and inside the text; paragraphs
/// and sentences in order without overlap; every sentence inside its paragraph; every non-whitespace
/// byte of a paragraph covered by a sentence; quotes pointing at existing sentences.
pub fn check_document(doc: &Document) {
    let text = doc.text.as_str();
    let mut prev_end = 0;
    for (k, p) in doc.paragraphs.iter().enumerate() {
        on_boundaries(text, p.span, &format!("paragraph {k}"));
        assert!(p.span.start >= prev_end, "paragraph {k} overlaps the previous one");
        prev_end = p.span.end;
    }
    check_sentences(doc);
    for (k, q) in doc.quotes.iter().enumerate() {
        on_boundaries(text, q.span, &format!("quote {k}"));
        assert!(
            q.sentence < doc.sentences.len(),
            "quote {k} points at sentence {} of {}",
            q.sentence,
            doc.sentences.len()
        );
        if let Some(sp) = &q.speaker {
            on_boundaries(text, sp.span, &format!("speaker of quote {k}"));
            assert!(!sp.name.trim().is_empty(), "quote {k} has a speaker with an empty name");
        }
    }
    for w in doc.quotes.windows(2) {
        assert!(w[0].span.start <= w[1].span.start, "quotes are not sorted by start");
    }
}

/// Sentences: on boundaries, inside their paragraph, in order, and covering every non-whitespace byte
/// of every paragraph.
pub fn check_sentences(doc: &Document) {
    let text = doc.text.as_str();
    let mut prev_end = 0;
    for (k, s) in doc.sentences.iter().enumerate() {
        on_boundaries(text, s.span, &format!("sentence {k}"));
        assert!(!s.span.is_empty(), "sentence {k} is empty");
        assert!(s.span.start >= prev_end, "sentence {k} overlaps or precedes the previous one");
        prev_end = s.span.end;
        let p = doc
            .paragraphs
            .get(s.paragraph)
            .unwrap_or_else(|| panic!("sentence {k}: no paragraph {}", s.paragraph));
        assert!(p.span.contains(&s.span), "sentence {k} lies outside its paragraph {}", s.paragraph);
    }
    let mut covered = vec![false; text.len()];
    for s in &doc.sentences {
        covered[s.span.start..s.span.end].iter_mut().for_each(|c| *c = true);
    }
    for (k, p) in doc.paragraphs.iter().enumerate() {
        let ptext = p.span.text(text);
        for (off, c) in ptext.char_indices() {
            if !c.is_whitespace() {
                let b = p.span.start + off;
                assert!(
                    covered[b],
                    "paragraph {k}: character {c:?} at byte {b} is in no sentence (paragraph {:?})",
                    ptext.chars().take(80).collect::<String>()
                );
            }
        }
    }
}

/// The link contract of an alignment. In translation mode sentence links tile both documents
/// (every sentence in exactly one link) and each quote is in at most one quote link. In comparable
/// mode every sentence is in at least one link, a sentence listed unmatched is in no other link,
/// and a quote pairs with at most three quotes of the other side. No link is empty and every index
/// exists.
pub fn check_alignment(a: &Alignment, en: &Document, pl: &Document) {
    let comparable = a.mode == bialign::Mode::Comparable;
    let count = |links: &[bialign::Link], ne: usize, np: usize, what: &str| {
        let mut e = vec![(0u32, 0u32); ne];
        let mut p = vec![(0u32, 0u32); np];
        for (k, l) in links.iter().enumerate() {
            assert!(!(l.en.is_empty() && l.pl.is_empty()), "{what} link {k} is empty");
            assert!(
                l.score.is_finite() && (0.0..=1.0).contains(&l.score),
                "{what} link {k} has score {}",
                l.score
            );
            for &i in &l.en {
                assert!(i < ne, "{what} link {k}: English {what} {i} does not exist");
                if l.is_match() {
                    e[i].0 += 1
                } else {
                    e[i].1 += 1
                }
            }
            for &j in &l.pl {
                assert!(j < np, "{what} link {k}: Polish {what} {j} does not exist");
                if l.is_match() {
                    p[j].0 += 1
                } else {
                    p[j].1 += 1
                }
            }
        }
        (e, p)
    };
    let (e, p) = count(&a.sentences, en.sentences.len(), pl.sentences.len(), "sentence");
    for (side, v) in [("English", &e), ("Polish", &p)] {
        for (i, &(m, u)) in v.iter().enumerate() {
            if comparable {
                assert!(
                    u <= 1 && (m > 0) != (u > 0),
                    "{side} sentence {i}: {m} links, {u} unmatched entries"
                );
            } else {
                assert_eq!(m + u, 1, "{side} sentence {i} is in {} sentence links, not 1", m + u);
            }
        }
    }
    let (e, p) = count(&a.quotes, en.quotes.len(), pl.quotes.len(), "quote");
    for (side, v) in [("English", &e), ("Polish", &p)] {
        for (i, &(m, u)) in v.iter().enumerate() {
            assert!(
                u <= 1 && !(m > 0 && u > 0) && (comparable || m <= 1),
                "{side} quote {i}: {m} links, {u} unmatched entries"
            );
        }
    }
    // In comparable articles a quote keeps at most four partners; the copies of a repeated quotation
    // (the same words) join their partners' links, so partners are counted by their words.
    if comparable {
        let key = |d: &Document, q: usize| {
            d.slice(d.quotes[q].span)
                .trim()
                .trim_end_matches(|c: char| c.is_ascii_punctuation())
                .to_lowercase()
        };
        for (en_side, n) in [(true, en.quotes.len()), (false, pl.quotes.len())] {
            for i in 0..n {
                let partners: std::collections::BTreeSet<String> = a
                    .quotes
                    .iter()
                    .filter(|l| l.is_match() && if en_side { l.en.contains(&i) } else { l.pl.contains(&i) })
                    .flat_map(|l| if en_side { l.pl.clone() } else { l.en.clone() })
                    .map(|j| if en_side { key(pl, j) } else { key(en, j) })
                    .collect();
                assert!(
                    partners.len() <= 4,
                    "quote {i} (English side: {en_side}) has {} partners",
                    partners.len()
                );
            }
        }
    }
}

/// The links of an alignment as comparable (en, pl) index pairs, sorted.
pub fn link_set(links: &[bialign::Link]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut v: Vec<_> = links.iter().map(|l| (l.en.clone(), l.pl.clone())).collect();
    v.sort();
    v
}

/// Every line of a JSON Lines output parses as a JSON object.
pub fn check_jsonl(bytes: &[u8]) {
    let s = std::str::from_utf8(bytes).expect("JSON Lines output is not UTF-8");
    for (n, line) in s.lines().enumerate() {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: not JSON ({e}): {line}", n + 1));
        assert!(v.is_object(), "line {} is not a JSON object", n + 1);
    }
}
