//! Cross-stage invariants every analysed document and every alignment must satisfy, whatever the
//! input. Shared by the property tests (tests/props.rs) and the fuzz targets (fuzz/fuzz_targets/*),
//! which include this file by path, so both check exactly the same contract.
//!
//! Each check panics with a message naming the broken invariant: under proptest that is a failing
//! case (shrunk), under libFuzzer a crash with a reproducer.

#![allow(dead_code)]

use bialign::align::Alignment;
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

/// Sentence links tile both documents (every sentence in exactly one link, no empty link); quote
/// links point at extracted quotes, each quote in at most one link.
pub fn check_alignment(a: &Alignment, en: &Document, pl: &Document) {
    let mut en_seen = vec![0u32; en.sentences.len()];
    let mut pl_seen = vec![0u32; pl.sentences.len()];
    for (k, l) in a.sentences.iter().enumerate() {
        assert!(!(l.en.is_empty() && l.pl.is_empty()), "sentence link {k} is empty");
        assert!(l.score.is_finite(), "sentence link {k} has score {}", l.score);
        for &i in &l.en {
            assert!(i < en_seen.len(), "sentence link {k}: English sentence {i} does not exist");
            en_seen[i] += 1;
        }
        for &j in &l.pl {
            assert!(j < pl_seen.len(), "sentence link {k}: Polish sentence {j} does not exist");
            pl_seen[j] += 1;
        }
    }
    if let Some(i) = en_seen.iter().position(|&n| n != 1) {
        panic!("English sentence {i} is in {} sentence links, not 1", en_seen[i]);
    }
    if let Some(j) = pl_seen.iter().position(|&n| n != 1) {
        panic!("Polish sentence {j} is in {} sentence links, not 1", pl_seen[j]);
    }
    let mut eq = vec![0u32; en.quotes.len()];
    let mut pq = vec![0u32; pl.quotes.len()];
    for (k, l) in a.quotes.iter().enumerate() {
        assert!(!(l.en.is_empty() && l.pl.is_empty()), "quote link {k} is empty");
        assert!(l.score.is_finite(), "quote link {k} has score {}", l.score);
        for &i in &l.en {
            assert!(i < eq.len(), "quote link {k}: English quote {i} does not exist");
            eq[i] += 1;
        }
        for &j in &l.pl {
            assert!(j < pq.len(), "quote link {k}: Polish quote {j} does not exist");
            pq[j] += 1;
        }
    }
    assert!(eq.iter().chain(&pq).all(|&n| n <= 1), "a quote is in more than one quote link");
}

/// The links of an alignment as comparable (en, pl) index pairs, sorted.
pub fn link_set(links: &[bialign::align::Link]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut v: Vec<_> = links.iter().map(|l| (l.en.clone(), l.pl.clone())).collect();
    v.sort();
    v
}

/// `align(b, a)` describes the same links as `align(a, b)` with the sides exchanged.
pub fn check_mirror(ab: &Alignment, ba: &Alignment) {
    let flip = |ls: &[bialign::align::Link]| -> Vec<(Vec<usize>, Vec<usize>)> {
        let mut v: Vec<_> = ls.iter().map(|l| (l.pl.clone(), l.en.clone())).collect();
        v.sort();
        v
    };
    assert_eq!(link_set(&ab.sentences), flip(&ba.sentences), "sentence links do not mirror");
    assert_eq!(link_set(&ab.quotes), flip(&ba.quotes), "quote links do not mirror");
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
