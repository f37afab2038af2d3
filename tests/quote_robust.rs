//! Robustness of quotation extraction: never a panic, spans always on character boundaries inside the
//! text, and time linear in the number of marks, whatever the input.

use std::time::{Duration, Instant};

use bialign::IngestOptions;
use bialign::{Document, Lang, Paragraph, Sentence, Span};
use proptest::prelude::*;

/// The whole pipeline when ingest accepts the text (it refuses empty input), and always the quotation
/// stage alone on a document cut into paragraphs at blank lines with one sentence per paragraph, so the
/// check does not depend on how the other stages treat odd input.
fn run(text: &str) -> Document {
    if let Ok(d) =
        bialign::analyze("prop", text.as_bytes(), &IngestOptions { html: Some(false), ..Default::default() })
    {
        check(&d);
    }
    let mut d = Document { text: text.to_string(), lang: Lang::En, ..Default::default() };
    let mut pos = 0;
    for (k, p) in text.split("\n\n").enumerate() {
        let span = Span::new(pos, pos + p.len());
        let lang = if k % 2 == 0 { Lang::En } else { Lang::Pl };
        d.paragraphs.push(Paragraph { span, lang, confidence: 1.0 });
        d.sentences.push(Sentence { span, paragraph: k });
        pos += p.len() + 2;
    }
    bialign::quote::extract(&mut d);
    d
}

fn check(doc: &Document) {
    let t = &doc.text;
    for q in &doc.quotes {
        assert!(q.span.start <= q.span.end && q.span.end <= t.len(), "{:?} out of {}", q.span, t.len());
        assert!(t.is_char_boundary(q.span.start) && t.is_char_boundary(q.span.end), "{:?}", q.span);
        if let Some(s) = &q.speaker {
            assert!(
                s.span.end <= t.len() && t.is_char_boundary(s.span.start) && t.is_char_boundary(s.span.end)
            );
            assert!(!s.name.is_empty());
        }
        assert!(q.sentence < doc.sentences.len().max(1));
    }
}

/// Strings built from quotation marks, apostrophes, dashes, letters, spaces and paragraph breaks.
fn marks_text() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "“", "”", "„", "‟", "\"", "'", "‘", "’", "‚", "«", "»", "‹", "›", " ", "\n\n", "\n", "a", "Harris",
        " says", " mówi ", " - ", " – ", "—", ",", ".", ":", "B.", "ą", "8", "Według ", "n'", "'80s",
    ]);
    prop::collection::vec(piece, 0..200).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_mark_soup(s in marks_text()) {
        check(&run(&s));
    }

    #[test]
    fn never_panics_on_any_string(s in any::<String>()) {
        check(&run(&s));
    }

    #[test]
    fn deep_nesting_stays_bounded(n in 1usize..400, open in prop::sample::select(vec!["“", "„", "‘", "«", "\"", "'"])) {
        let s = format!("{}x{}", open.repeat(n), "”’»".repeat(n));
        let d = run(&s);
        check(&d);
        prop_assert!(d.quotes.iter().all(|q| q.depth < 16));
    }
}

/// Time of the quotation stage alone on `text` (one paragraph, one sentence).
fn time(text: &str) -> Duration {
    let span = Span::new(0, text.len());
    let mut d = Document { text: text.to_string(), lang: Lang::En, ..Default::default() };
    d.paragraphs.push(Paragraph { span, lang: Lang::En, confidence: 1.0 });
    d.sentences.push(Sentence { span, paragraph: 0 });
    let t = Instant::now();
    bialign::quote::extract(&mut d);
    let e = t.elapsed();
    check(&d);
    e
}

#[test]
fn linear_time_on_100k_quote_marks() {
    for unit in ["“", "”", "\"", "'", "’", "„a” ", "“a ‘b «c", " 'n' ", "\"x\" Harris says, ", "«"]
    {
        // Eight times the input: a linear algorithm takes about eight times as long, a quadratic one
        // sixty-four times. The wide margin keeps the check meaningful on a loaded machine; the best
        // of three small runs keeps one slow run from skewing it.
        let small = (0..3).map(|_| time(&unit.repeat(12_500))).min().unwrap();
        let big = time(&unit.repeat(100_000));
        eprintln!("{unit:?}: 12.5k {small:?}, 100k {big:?}");
        assert!(
            big < small * 24 + Duration::from_millis(200),
            "{unit:?}: 12.5k marks {small:?}, 100k marks {big:?}"
        );
        assert!(big < Duration::from_secs(10), "{unit:?}: 100k marks took {big:?}");
    }
}

/// A dash, an opening mark and a verb of saying as the first word of the last sentence (a case the
/// mark-soup property once found: the verb had no word before it).
#[test]
fn a_verb_of_saying_first_after_a_dash_is_no_panic() {
    for s in [" - „ mówi a saysB.", "– mówi Kowalski.", "— powiedział."] {
        let d = bialign::analyze("t", s.as_bytes(), &Default::default());
        assert!(d.is_ok() || s.trim().is_empty());
    }
}
