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
