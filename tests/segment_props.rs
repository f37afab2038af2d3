//! Property tests of the sentence splitter: whatever the input, the spans are ordered,
//! non-overlapping, inside their paragraph, trimmed, and cover every non-whitespace byte;
//! the splitter never panics, even on paragraph spans off character boundaries.

use bialign::Span;
use bialign::{segment, Lang};
use proptest::prelude::*;

/// Check the span invariants for `para` of `text` (para already on char boundaries).
fn check_cover(text: &str, para: Span, spans: &[Span]) -> Result<(), TestCaseError> {
    let mut covered = vec![false; text.len()];
    let mut prev_end = para.start;
    for s in spans {
        prop_assert!(s.start < s.end, "empty span {:?}", s);
        prop_assert!(s.start >= prev_end, "overlap or disorder at {:?}", s);
        prop_assert!(para.start <= s.start && s.end <= para.end, "{:?} outside {:?}", s, para);
        let t = text.get(s.start..s.end);
        prop_assert!(t.is_some(), "span {:?} not on char boundaries", s);
        let t = t.unwrap();
        prop_assert_eq!(t.trim(), t, "span not trimmed");
        covered[s.start..s.end].iter_mut().for_each(|c| *c = true);
        prev_end = s.end;
    }
    for (i, c) in text[para.start..para.end].char_indices() {
        let at = para.start + i;
        if !c.is_whitespace() {
            prop_assert!(covered[at], "non-whitespace {:?} at {} not covered", c, at);
        }
    }
    Ok(())
}

/// Text made of the characters the splitter cares about, so that every rule gets exercised.
fn soup() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        ".", "..", "...", "…", "?", "!", "?!", " ", " ", " ", "\u{a0}", "\u{2009}", "\n", "\n\n", "“", "”",
        "„", "‘", "’", "\"", "'", "«", "»", "(", ")", "[", "]", " - ", " – ", ",", ":", "•", "1.", "22.",
        "2013 r.", "XX w.", "Mr.", "U.S.", "e.g.", "św.", "prof.", "itd.", "B.", "H. W.", "The", "W",
        "Harris", "says", "mówi", "word", "słowo", "Żółć", "a.m.", "www.x.pl", "x@y.com", "(ABC.N)",
        "10 tys.", "msza", "é", "😀", "\t", ". . .",
    ]);
    prop::collection::vec(pieces, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn soup_spans_are_well_formed(s in soup(), pl in any::<bool>()) {
        let lang = if pl { Lang::Pl } else { Lang::En };
        let para = Span::new(0, s.len());
        let spans = segment::split_paragraph(&s, para, lang);
        check_cover(&s, para, &spans)?;
    }

    #[test]
    fn arbitrary_strings_are_well_formed(s in any::<String>(), pl in any::<bool>()) {
        let lang = if pl { Lang::Pl } else { Lang::En };
        let para = Span::new(0, s.len());
        let spans = segment::split_paragraph(&s, para, lang);
        check_cover(&s, para, &spans)?;
    }

    #[test]
    fn any_paragraph_span_never_panics(s in soup(), a in 0usize..400, b in 0usize..400) {
        // spans may be reversed, out of range or inside multi-byte characters
        let spans = segment::split_paragraph(&s, Span::new(a, b), Lang::Pl);
        for sp in &spans {
            prop_assert!(s.get(sp.start..sp.end).is_some());
            prop_assert!(a <= sp.start && sp.end <= b);
        }
        if let (Some(_), true) = (s.get(a.min(s.len())..b.min(s.len())), a < b) {
            let para = Span::new(a.min(s.len()), b.min(s.len()));
            if s.is_char_boundary(para.start) && s.is_char_boundary(para.end) {
                check_cover(&s, para, &spans)?;
            }
        }
    }

    #[test]
    fn sub_paragraph_offsets_are_document_offsets(prefix in "[a-z .\n]{0,20}", s in soup()) {
        let text = format!("{prefix}{s}");
        let para = Span::new(prefix.len(), text.len());
        let spans = segment::split_paragraph(&text, para, Lang::En);
        let alone = segment::split_paragraph(&s, Span::new(0, s.len()), Lang::En);
        let shifted: Vec<Span> = alone.iter().map(|x| Span::new(x.start + prefix.len(), x.end + prefix.len())).collect();
        prop_assert_eq!(spans, shifted);
    }
}

#[test]
fn huge_runs_do_not_blow_up() {
    for s in [
        ".".repeat(200_000),
        ". ".repeat(100_000),
        "…".repeat(50_000),
        "a. ".repeat(60_000),
        "„”".repeat(50_000),
        " \u{a0}".repeat(50_000),
        "\n".repeat(100_000),
        "Mr. ".repeat(50_000),
        "?! “ ".repeat(40_000),
        format!("{}{}", "x".repeat(100_000), " 1 r. Ala".repeat(20_000)),
        format!("„{}", "Tak! ” – ".repeat(30_000)),
    ] {
        let t = std::time::Instant::now();
        let spans = segment::split_paragraph(&s, Span::new(0, s.len()), Lang::En);
        let spans_pl = segment::split_paragraph(&s, Span::new(0, s.len()), Lang::Pl);
        assert!(t.elapsed().as_secs_f64() < 5.0, "slow on {:?}…", &s[..8]);
        for sp in spans.iter().chain(&spans_pl) {
            assert!(s.get(sp.start..sp.end).is_some_and(|x| x.trim() == x && !x.is_empty()));
        }
    }
}
