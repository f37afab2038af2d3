//! Tests of the HTML report.

use super::*;
use crate::align::Evidence;
use crate::lang::Lang;
use crate::model::{Paragraph, Quote, Sentence, Speaker};

fn doc(text: &str, lang: Lang) -> Document {
    let mut d = Document { name: format!("{lang}.txt"), text: text.to_string(), lang, ..Default::default() };
    d.paragraphs.push(Paragraph { span: Span::new(0, text.len()), lang, confidence: 1.0 });
    d.sentences.push(Sentence { span: Span::new(0, text.len()), paragraph: 0 });
    d
}

#[test]
fn article_text_is_escaped_and_scripts_need_the_nonce() {
    let evil = "He said <script>document.title='PWNED'</script> and <img src=x onerror=\"alert(1)\"> & left.";
    let en = doc(evil, Lang::En);
    let pl = doc("Powiedział coś <b>ważnego</b>.", Lang::Pl);
    let a = Alignment {
        sentences: vec![Link { en: vec![0], pl: vec![0], score: 0.9, evidence: Evidence::default() }],
        quotes: vec![],
        ..Default::default()
    };
    let mut out = Vec::new();
    write_report(&mut out, "<evil title>", &en, &pl, &a, &[], &Default::default()).unwrap();
    let h = String::from_utf8(out).unwrap();
    assert!(!h.contains("<script>document"), "raw script tag in the report");
    assert!(!h.contains("<img"), "raw img tag in the report");
    assert!(!h.contains("<b>ważnego"), "raw markup from the Polish article");
    assert!(h.contains("&lt;script&gt;document.title=&#39;PWNED&#39;&lt;/script&gt;"));
    assert!(h.contains("QA report: &lt;evil title&gt;"));
    assert_eq!(h.matches("<script").count(), 1, "only the report's own script");
    assert!(h.contains("script-src 'nonce-"));
    assert!(!h.contains("http://") && !h.contains("https://"), "nothing fetched from the network");
}

#[test]
fn linked_units_share_a_link_id_and_lone_quotes_are_marked() {
    let mut en = doc("“We will rebuild,” she said. “Soon,” she added.", Lang::En);
    let mut pl = doc("„Odbudujemy” – powiedziała.", Lang::Pl);
    let q = |span: Span, name: &str| Quote {
        span,
        kind: QuoteKind::Speech,
        speaker: Some(Speaker { name: name.into(), span: Span::new(0, 0) }),
        sentence: 0,
        utterance: 0,
        depth: 0,
        unbalanced: false,
    };
    let s1 = en.text.find("We").unwrap();
    en.quotes.push(q(Span::new(s1, s1 + "We will rebuild,".len()), "Mayor"));
    let s2 = en.text.find("Soon").unwrap();
    en.quotes.push(q(Span::new(s2, s2 + 5), "Mayor"));
    let s3 = pl.text.find("Odbudujemy").unwrap();
    pl.quotes.push(q(Span::new(s3, s3 + "Odbudujemy".len()), "Burmistrz"));
    let a = Alignment {
        sentences: vec![Link { en: vec![0], pl: vec![0], score: 0.9, evidence: Evidence::default() }],
        quotes: vec![Link { en: vec![0], pl: vec![0], score: 0.8, evidence: Evidence::default() }],
        ..Default::default()
    };
    let mut out = Vec::new();
    write_report(&mut out, "t", &en, &pl, &a, &[], &Default::default()).unwrap();
    let h = String::from_utf8(out).unwrap();
    assert_eq!(h.matches("data-link=\"L0\"").count(), 2);
    assert!(h.contains("data-side=\"en\" data-qlink=\"Q0\""));
    assert!(h.contains("data-side=\"pl\" data-qlink=\"Q0\""));
    assert!(h.contains("only EN · Mayor"), "the lone quote is labelled");
    assert!(h.contains("Quotes only in the English article (1)"));
    let s = Summary::new(&en, &pl, &a, &[]);
    assert_eq!(
        (s.sentence_pairs, s.quote_pairs, s.quote_pairs_with_speakers, s.en_quotes_alone),
        (1, 1, 1, 1)
    );
}

/// A document of one paragraph holding `sentences`, one space apart.
fn doc_of(sentences: &[&str], lang: Lang) -> Document {
    let text = sentences.join(" ");
    let mut d = doc(&text, lang);
    d.sentences.clear();
    let mut at = 0;
    for s in sentences {
        d.sentences.push(Sentence { span: Span::new(at, at + s.len()), paragraph: 0 });
        at += s.len() + 1;
    }
    d
}

fn link(en: &[usize], pl: &[usize], score: f32) -> Link {
    Link { en: en.to_vec(), pl: pl.to_vec(), score, evidence: Evidence::default() }
}

/// Five English and four Polish sentences: a retelling that reorders, merges two English sentences
/// into one Polish one (link 2), leaves English 4 and Polish 3 without a counterpart.
fn reordered_pair() -> (Document, Document, Alignment) {
    let en = doc_of(&["E zero.", "E one.", "E two.", "E three.", "E four <alone>."], Lang::En);
    let pl = doc_of(&["P zero.", "P one.", "P two.", "P three & alone."], Lang::Pl);
    let a = Alignment {
        sentences: vec![
            link(&[0], &[2], 0.9),
            link(&[1], &[0], 0.8),
            link(&[2, 3], &[1], 0.7),
            link(&[4], &[], 0.0),
            link(&[], &[3], 0.0),
        ],
        ..Default::default()
    };
    (en, pl, a)
}

fn rows_of(a: &Alignment, en: &Document, pl: &Document, comparable: bool) -> Vec<(Vec<usize>, Vec<usize>)> {
    let (e, p) = sentence_links(en, pl, a);
    rows::build_rows(a, (&e, &p), comparable).into_iter().map(|r| (r.en, r.pl)).collect()
}

#[test]
fn rows_follow_the_polish_text_when_comparable() {
    let (en, pl, a) = reordered_pair();
    let rows = rows_of(&a, &en, &pl, true);
    // Polish order; the lone English sentence right after the row of English 3, its nearest earlier
    // linked sentence.
    let want: Vec<(Vec<usize>, Vec<usize>)> = vec![
        (vec![1], vec![0]),
        (vec![2, 3], vec![1]),
        (vec![4], vec![]),
        (vec![0], vec![2]),
        (vec![], vec![3]),
    ];
    assert_eq!(rows, want);
}

#[test]
fn rows_follow_the_english_text_for_a_translation() {
    let (en, pl, a) = reordered_pair();
    let rows = rows_of(&a, &en, &pl, false);
    // The lone Polish sentence goes right after the row of Polish 2 (English 0).
    let want: Vec<(Vec<usize>, Vec<usize>)> = vec![
        (vec![0], vec![2]),
        (vec![], vec![3]),
        (vec![1], vec![0]),
        (vec![2, 3], vec![1]),
        (vec![4], vec![]),
    ];
    assert_eq!(rows, want);
}

#[test]
fn the_rows_view_numbers_links_and_unmatched_sentences_and_marks_findings() {
    let (en, pl, a) = reordered_pair();
    let f = Finding {
        check: Check::NumberMismatch,
        severity: Severity::Error,
        en: vec![en.sentences[3].span],
        pl: vec![],
        message: "a <number> differs".into(),
    };
    let qa = crate::qa::QaOptions { mode: crate::qa::Mode::Comparable, ..Default::default() };
    let mut out = Vec::new();
    write_report(&mut out, "t", &en, &pl, &a, &[f], &qa).unwrap();
    let h = String::from_utf8(out).unwrap();
    let sum = Summary::new(&en, &pl, &a, &[]);
    let n_rows = h.matches("<tr class=\"row").count();
    assert_eq!(n_rows, sum.sentence_pairs + sum.en_unmatched + sum.pl_unmatched);
    assert_eq!(n_rows, 5);
    assert!(h.contains("in Polish order"));
    // The merged link is one row holding both English sentences; the finding is marked on it.
    let r2 = &h[h.find("id=\"R2\"").unwrap()..];
    let r2 = &r2[..r2.find("</tr>").unwrap()];
    assert!(r2.contains("data-findings=\"F1\"") && r2.contains("data-f=\"F1\">F1</button>"), "{r2}");
    assert!(r2.contains("E two.") && r2.contains("E three.") && r2.contains("P one."), "{r2}");
    assert!(r2.contains("0.70"), "{r2}");
    assert!(h.contains("data-rows=\"R2\""), "the finding names its row");
    // Unmatched rows and escaped text.
    assert_eq!(h.matches("<tr class=\"row un\"").count(), 2);
    assert!(h.contains("E four &lt;alone&gt;.") && h.contains("P three &amp; alone."));
    assert!(!h.contains("<alone>"));
}
