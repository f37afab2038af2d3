//! The splitter against the hand-made gold sentences of the sample pair
//! (corpus/carrie-diaries/gold-sentences.json): every span must match exactly, so boundary
//! precision, recall and F1 are 1.0 for both articles.

use bialign::{ingest, segment, Lang};
use bialign::{Document, Span};

fn gold_spans(lang: &str) -> Vec<(Span, usize)> {
    let gold: serde_json::Value =
        serde_json::from_str(include_str!("../corpus/carrie-diaries/gold-sentences.json")).unwrap();
    gold[lang]["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let g = |k: &str| s[k].as_u64().unwrap() as usize;
            (Span::new(g("start"), g("end")), g("paragraph"))
        })
        .collect()
}

fn split_file(text: &str, lang: Lang) -> Vec<(Span, usize)> {
    let mut doc =
        Document { text: text.to_string(), paragraphs: ingest::paragraphs(text), ..Default::default() };
    for p in &mut doc.paragraphs {
        p.lang = lang;
    }
    segment::segment(&mut doc);
    doc.sentences.iter().map(|s| (s.span, s.paragraph)).collect()
}

/// Boundary P/R/F1 over sentence starts inside paragraphs (the first sentence of a paragraph
/// is not a boundary the splitter decides).
fn boundary_f1(pred: &[(Span, usize)], gold: &[(Span, usize)]) -> (f64, f64, f64) {
    let inner = |v: &[(Span, usize)]| -> std::collections::BTreeSet<usize> {
        v.windows(2).filter(|w| w[0].1 == w[1].1).map(|w| w[1].0.start).collect()
    };
    let (p, g) = (inner(pred), inner(gold));
    let tp = p.intersection(&g).count() as f64;
    let prec = if p.is_empty() { 1.0 } else { tp / p.len() as f64 };
    let rec = if g.is_empty() { 1.0 } else { tp / g.len() as f64 };
    let f1 = if prec + rec == 0.0 { 0.0 } else { 2.0 * prec * rec / (prec + rec) };
    (prec, rec, f1)
}

fn check(file: &str, text: &str, lang: Lang) {
    let gold = gold_spans(lang.code());
    let pred = split_file(text, lang);
    for (p, g) in pred.iter().zip(&gold) {
        assert_eq!(
            p,
            g,
            "{file}: predicted {:?} vs gold {:?}",
            &text[p.0.start..p.0.end],
            &text[g.0.start..g.0.end]
        );
    }
    assert_eq!(pred.len(), gold.len(), "{file}: sentence count");
    let (p, r, f) = boundary_f1(&pred, &gold);
    assert_eq!((p, r, f), (1.0, 1.0, 1.0), "{file}: boundary P/R/F1");
}

#[test]
fn english_sample_matches_gold_exactly() {
    check("en.txt", include_str!("../corpus/carrie-diaries/en.txt"), Lang::En);
}

#[test]
fn polish_sample_matches_gold_exactly() {
    check("pl.txt", include_str!("../corpus/carrie-diaries/pl.txt"), Lang::Pl);
}

#[test]
fn pipeline_with_detected_languages_matches_gold() {
    for (lang, file) in [("en", "en.txt"), ("pl", "pl.txt")] {
        let path = format!("{}/corpus/carrie-diaries/{file}", env!("CARGO_MANIFEST_DIR"));
        let doc = bialign::analyze_file(std::path::Path::new(&path), &Default::default()).unwrap();
        let pred: Vec<_> = doc.sentences.iter().map(|s| (s.span, s.paragraph)).collect();
        assert_eq!(pred, gold_spans(lang), "{file} through analyze()");
    }
}
