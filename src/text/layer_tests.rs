//! The layer against the tokenizer it reads: the same tokens over the whole document, the same tokens
//! and words in each sentence and in any part of the text.

use super::*;
use crate::model::Sentence;
use proptest::prelude::*;

/// A document of `text` whose sentences are `spans`.
fn doc(text: &str, spans: &[(usize, usize)]) -> Document {
    let sentences = spans.iter().map(|&(a, b)| Sentence { span: Span::new(a, b), paragraph: 0 }).collect();
    Document { text: text.to_string(), sentences, ..Default::default() }
}

/// Tokens as (text, start, end, kind).
fn parts<'a>(it: impl Iterator<Item = Token<'a>>) -> Vec<(&'a str, usize, usize, TokenKind)> {
    it.map(|t| (t.text, t.start, t.end, t.kind)).collect()
}

/// The words of a text by their definition, one character at a time: letters and digits, with the
/// apostrophes that stand between two of them.
fn words_by_definition(text: &str) -> Vec<(usize, usize)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let alnum = |k: usize| chars.get(k).is_some_and(|&(_, c)| c.is_alphanumeric());
    let apos = |k: usize| chars.get(k).is_some_and(|&(_, c)| c == '\'' || c == '’');
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        if !alnum(k) {
            k += 1;
            continue;
        }
        let start = chars[k].0;
        let mut last = k;
        let mut j = k + 1;
        loop {
            if alnum(j) {
                last = j;
                j += 1;
            } else if apos(j) {
                j += 1;
            } else {
                break;
            }
        }
        out.push((start, chars[last].0 + chars[last].1.len_utf8()));
        k = j;
    }
    out
}

/// A text with a sentence boundary inside a token (`wsp|ólnie`), a word glued to digits (`14-tą`,
/// `COVID19`, `3x`), Polish letters, apostrophes inside and at the edges of words, and a last token
/// that ends the text.
const TEXT: &str = "Źródła podały, że 14-tą rocznicę Gdańsk świętował wspólnie. Mike’a i COVID19 nie było; \
                    don't 'quote' it'' x3 dogs' 3x Łódź";

/// Sentences of [`TEXT`]: one ends where a token ends and the next starts right there (`Gdańsk|
/// świętował`), one boundary cuts a token (`wsp|ólnie`), the last ends with the text, and an empty
/// one stands at its end.
fn sentence_spans(text: &str) -> Vec<(usize, usize)> {
    let at_end = text.find("Gdańsk").unwrap() + "Gdańsk".len();
    let cut = text.find("wspólnie").unwrap() + "wsp".len();
    let first = text.find(". ").unwrap() + 1;
    let semi = text.find(';').unwrap();
    vec![
        (0, at_end),
        (at_end, cut),
        (cut, first),
        (first + 1, semi),
        (semi + 1, text.len()),
        (text.len(), text.len()),
    ]
}

#[test]
fn tokens_are_the_tokenizers_over_the_whole_document() {
    let d = doc(TEXT, &sentence_spans(TEXT));
    let layer = TextLayer::new(&d);
    let all = Span::new(0, TEXT.len());
    assert_eq!(parts(layer.tokens_in(TEXT, layer.range(all), all)), parts(tokens(TEXT)));
    for (t, want) in layer.tokens().iter().zip(tokens(TEXT)) {
        assert_eq!((t.start, t.end, t.kind), (want.start, want.end, want.kind));
        assert_eq!(t.capitalized, want.is_capitalized());
        assert_eq!(&TEXT[t.start..t.end], want.text);
    }
    let texts: Vec<&str> = layer.tokens().iter().map(|t| &TEXT[t.start..t.end]).collect();
    assert!(texts.starts_with(&["Źródła", "podały", "że", "14", "tą"]), "{texts:?}");
    assert!(texts.contains(&"COVID") && texts.contains(&"19") && texts.ends_with(&["3", "x", "Łódź"]));
}

#[test]
fn sentence_ranges_cover_exactly_the_tokens_in_each_sentence() {
    let spans = sentence_spans(TEXT);
    let d = doc(TEXT, &spans);
    let layer = TextLayer::new(&d);
    for (i, &(a, b)) in spans.iter().enumerate() {
        let span = Span::new(a, b);
        let range = layer.sentence(i);
        let overlapping: Vec<usize> = (0..layer.tokens().len())
            .filter(|&k| layer.tokens()[k].start < b && a < layer.tokens()[k].end)
            .collect();
        assert_eq!(range.clone().collect::<Vec<_>>(), overlapping, "sentence {i}");
        assert_eq!(parts(layer.tokens_in(TEXT, range, span)), parts(tokens(&TEXT[a..b])), "sentence {i}");
        assert_eq!(layer.words_in(TEXT, span), words(&TEXT[a..b]), "sentence {i}");
    }
    let texts = |i: usize| -> Vec<&str> {
        let span = Span::new(spans[i].0, spans[i].1);
        layer.tokens_in(TEXT, layer.sentence(i), span).map(|t| t.text).collect()
    };
    // A token ending where a sentence starts is the previous sentence's only.
    assert_eq!((texts(0).last(), texts(1).first()), (Some(&"Gdańsk"), Some(&"świętował")));
    assert_eq!(layer.tokens()[layer.sentence(0).end - 1].end, spans[1].0);
    assert_eq!(layer.sentence(0).end, layer.sentence(1).start);
    // The token cut by a boundary belongs to both sentences, each with its own part.
    assert_eq!((texts(1).last(), texts(2).first()), (Some(&"wsp"), Some(&"ólnie")));
    assert_eq!(layer.sentence(5), 0..0);
    assert_eq!(layer.sentence(99), 0..0);
}

#[test]
fn words_keep_inner_apostrophes_and_join_digits_to_letters() {
    let w: Vec<&str> = words(TEXT).into_iter().map(|(a, b)| &TEXT[a..b]).collect();
    for want in ["14", "tą", "Mike’a", "COVID19", "don't", "quote", "it", "x3", "dogs", "3x", "Łódź"] {
        assert!(w.contains(&want), "{want} in {w:?}");
    }
    assert_eq!(words(TEXT), words_by_definition(TEXT));
}

#[test]
fn a_changed_document_does_not_fit() {
    let spans = sentence_spans(TEXT);
    let layer = TextLayer::new(&doc(TEXT, &spans));
    assert!(layer.fits(&doc(TEXT, &spans)));
    assert!(!layer.fits(&doc(&TEXT.replace("Gdańsk", "Gdansk"), &spans)));
    assert!(!layer.fits(&doc(TEXT, &spans[..3])));
    assert!(!layer.fits(&doc(TEXT, &[(0, 5), (5, 9), (9, 20), (20, 30), (30, 31), (31, 32)])));
}

proptest! {
    /// Any text cut anywhere (on character boundaries): the layer's tokens and words of each part
    /// are the tokenizer's and the definition's of the part alone.
    #[test]
    fn any_part_reads_as_the_part_alone(
        t in "[a-zA-Z0-9 .,'’\t\nąŁóĘ–„”«»\u{a0}\u{2009}Σ東²½]{0,60}",
        cuts in proptest::collection::vec(0usize..80, 0..6),
    ) {
        let mut at: Vec<usize> = cuts.into_iter().map(|c| c.min(t.len())).filter(|&c| t.is_char_boundary(c)).collect();
        at.extend([0, t.len()]);
        at.sort_unstable();
        at.dedup();
        let spans: Vec<(usize, usize)> = at.windows(2).map(|w| (w[0], w[1])).collect();
        let layer = TextLayer::new(&doc(&t, &spans));
        prop_assert_eq!(words(&t), words_by_definition(&t));
        for (i, &(a, b)) in spans.iter().enumerate() {
            let span = Span::new(a, b);
            prop_assert_eq!(parts(layer.tokens_in(&t, layer.sentence(i), span)), parts(tokens(&t[a..b])));
            prop_assert_eq!(layer.words_in(&t, span), words_by_definition(&t[a..b]));
        }
    }
}
