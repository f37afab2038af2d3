//! Unit tests of quotation extraction on small inputs.

use super::*;
use crate::model::{Paragraph, Quote, QuoteKind, Sentence};

/// A document whose paragraphs are separated by blank lines, one sentence per paragraph.
fn doc(text: &str, lang: Lang) -> Document {
    let mut d = Document { text: text.to_string(), lang, ..Default::default() };
    let mut pos = 0;
    for p in text.split("\n\n") {
        let span = Span::new(pos, pos + p.len());
        d.sentences.push(Sentence { span, paragraph: d.paragraphs.len() });
        d.paragraphs.push(Paragraph { span, lang, confidence: 1.0 });
        pos += p.len() + 2;
    }
    extract(&mut d);
    d
}

fn texts(d: &Document) -> Vec<&str> {
    d.quotes.iter().map(|q| d.slice(q.span)).collect()
}

fn speaker(q: &Quote) -> Option<&str> {
    q.speaker.as_ref().map(|s| s.name.as_str())
}

#[test]
fn all_mark_conventions() {
    for (t, want) in [
        ("He said “yes, fine” today.", "yes, fine"),
        ("He said ‘yes, fine’ today.", "yes, fine"),
        ("He said \"yes, fine\" today.", "yes, fine"),
        ("He said 'yes, fine' today.", "yes, fine"),
        ("Powiedział „tak, dobrze” dziś.", "tak, dobrze"),
        ("Powiedział „tak, dobrze“ dziś.", "tak, dobrze"),
        ("Powiedział „tak, dobrze\" dziś.", "tak, dobrze"),
        ("Powiedział »tak, dobrze« dziś.", "tak, dobrze"),
        ("Il a dit « oui, bien » hier.", " oui, bien "),
        ("Powiedział ‚tak, dobrze’ dziś.", "tak, dobrze"),
    ] {
        let d = doc(t, Lang::En);
        assert_eq!(texts(&d), vec![want], "{t}");
        assert!(!d.quotes[0].unbalanced, "{t}");
    }
}

#[test]
fn apostrophes_are_not_quotes() {
    for t in [
        "It's the players' union, don't you know, O'Brien said.",
        "Rock 'n' roll ruled the '80s and 'em all, rock ’n’ roll too.",
        "Wywiad z O'Brienem i Charlie'ego, rock'n'roll.",
        "He's 6' tall and bought a 12\" record.",
    ] {
        let d = doc(t, Lang::En);
        assert!(d.quotes.is_empty(), "{t}: {:?}", texts(&d));
    }
    let d = doc("She said 'it's rock 'n' roll, it's the '80s' and left.", Lang::En);
    assert_eq!(texts(&d), vec!["it's rock 'n' roll, it's the '80s"]);
}

#[test]
fn nesting_to_depth() {
    let d = doc("“Carrie says ‘I want «this» now,’ ” Harris says.", Lang::En);
    let got: Vec<(&str, u8)> = d.quotes.iter().map(|q| (d.slice(q.span), q.depth)).collect();
    assert_eq!(got, vec![("Carrie says ‘I want «this» now,’ ", 0), ("I want «this» now,", 1), ("this", 2)]);
    let d = doc("„Mówi: «Ona powiedziała ‚nie’»” – dodał.", Lang::Pl);
    assert_eq!(d.quotes.iter().map(|q| q.depth).collect::<Vec<_>>(), vec![0, 1, 2]);
}

#[test]
fn depth_limit_bounds_nesting() {
    let text = "“".repeat(100) + "x" + &"”".repeat(100);
    let mut d = Document { text, ..Default::default() };
    extract_with(&mut d, &Options { max_depth: 4 });
    assert!(d.quotes.iter().all(|q| q.depth < 4));
    assert!(!d.quotes.is_empty());
}

/// A quotation in marks inside dash dialogue is nested one level: with top-level quotations only
/// (`max_depth` 1, or 0, read as 1) it is not reported, as marks nested past the limit are not.
#[test]
fn depth_limit_holds_inside_dash_dialogue() {
    let text = "– Powiedział mi wtedy: „Wrócę jutro” i wyszedł – relacjonował Kowalski.";
    let mut d = doc(text, Lang::Pl);
    assert_eq!(d.quotes.iter().map(|q| q.depth).collect::<Vec<_>>(), vec![0, 1]);
    for max_depth in [0, 1] {
        extract_with(&mut d, &Options { max_depth });
        assert_eq!(d.quotes.iter().map(|q| q.depth).collect::<Vec<_>>(), vec![0], "max_depth {max_depth}");
    }
}

#[test]
fn multi_sentence_and_multi_paragraph_quotes() {
    let d = doc("“One. Two? Three!” she said.", Lang::En);
    assert_eq!(texts(&d), vec!["One. Two? Three!"]);
    let d = doc("“First paragraph goes on.\n\n“Second one ends,” Harris said.\n\nAfter.", Lang::En);
    assert_eq!(texts(&d), vec!["First paragraph goes on.", "Second one ends,"]);
    assert!(d.quotes.iter().all(|q| !q.unbalanced));
    assert_eq!(d.quotes[0].utterance, d.quotes[1].utterance);
    assert_eq!(speaker(&d.quotes[0]), Some("Harris"));
}

#[test]
fn unbalanced_mark_ends_at_paragraph() {
    let d = doc("He said “this never closes.\n\nNext paragraph “is fine” here.", Lang::En);
    assert_eq!(texts(&d), vec!["this never closes.", "is fine"]);
    assert!(d.quotes[0].unbalanced && !d.quotes[1].unbalanced);
}

#[test]
fn unclosed_quote_ends_with_its_sentence() {
    // One paragraph, two sentences; the first quotation is never closed.
    let text = "Jeden twierdzi, że „prąd jest w 100% ekologiczny, czego według „Which?” nie da się \
                zrobić. System pozwala na „wprowadzanie w błąd” klientów.";
    let mut d = Document { text: text.to_string(), lang: Lang::Pl, ..Default::default() };
    let cut = text.find(" System").unwrap();
    d.paragraphs.push(Paragraph { span: Span::new(0, text.len()), lang: Lang::Pl, confidence: 1.0 });
    d.sentences.push(Sentence { span: Span::new(0, cut), paragraph: 0 });
    d.sentences.push(Sentence { span: Span::new(cut + 1, text.len()), paragraph: 0 });
    extract(&mut d);
    let top: Vec<&str> = d.quotes.iter().filter(|q| q.depth == 0).map(|q| d.slice(q.span)).collect();
    assert_eq!(
        top,
        vec!["prąd jest w 100% ekologiczny, czego według „Which?” nie da się zrobić.", "wprowadzanie w błąd"]
    );
    assert!(d.quotes[0].unbalanced);
    assert!(!d.quotes.iter().find(|q| d.slice(q.span) == "wprowadzanie w błąd").unwrap().unbalanced);
}

#[test]
fn english_attributions() {
    let t =
        "Where now? “It is hard,” executive producer Amy B. Harris tells reporters. “It gets harder.”\n\n\
             “We will see,” Harris says of the April 8 episode. Then: “More to come.”\n\n\
             “Fine words,” says Butler.\n\n\
             According to Butler, “the end is near.”\n\n\
             Butler: “Always here.”\n\n\
             “Yes, yes,” she says.";
    let d = doc(t, Lang::En);
    let got: Vec<(&str, Option<&str>)> = d.quotes.iter().map(|q| (d.slice(q.span), speaker(q))).collect();
    assert_eq!(
        got,
        vec![
            ("It is hard,", Some("Amy B. Harris")),
            ("It gets harder.", Some("Amy B. Harris")),
            ("We will see,", Some("Amy B. Harris")),
            ("More to come.", Some("Amy B. Harris")),
            ("Fine words,", Some("Butler")),
            ("the end is near.", Some("Butler")),
            ("Always here.", Some("Butler")),
            ("Yes, yes,", Some("Butler")),
        ]
    );
    assert_eq!(d.quotes[0].utterance, d.quotes[1].utterance, "split by its attribution: one utterance");
    assert_ne!(d.quotes[1].utterance, d.quotes[2].utterance);
    assert_eq!(d.slice(d.quotes[0].speaker.as_ref().unwrap().span), "Amy B. Harris");
}

#[test]
fn polish_attributions_and_inflection() {
    let t = "„Dla mnie to ważne” - mówi producentka Amy B. Harris. „To wszystko”.\n\n\
             \"To koniec\" – dodaje Butler.\n\n\
             „Tak będzie” — powiedziała Kowalska.\n\n\
             Według Harrisa, „to nie jest koniec”.\n\n\
             Zdaniem Nowickiego „to jest dobre”.\n\n\
             Kowalska mówi: „Nie wiem”.\n\n\
             „Może jutro”, powiedziała.";
    let d = doc(t, Lang::Pl);
    let got: Vec<(&str, Option<&str>)> = d.quotes.iter().map(|q| (d.slice(q.span), speaker(q))).collect();
    assert_eq!(
        got,
        vec![
            ("Dla mnie to ważne", Some("Amy B. Harris")),
            ("To wszystko", Some("Amy B. Harris")),
            ("To koniec", Some("Butler")),
            ("Tak będzie", Some("Kowalska")),
            ("to nie jest koniec", Some("Amy B. Harris")),
            ("to jest dobre", Some("Nowicki")),
            ("Nie wiem", Some("Kowalska")),
            ("Może jutro", Some("Kowalska")),
        ]
    );
    let q = &d.quotes[4];
    assert_eq!(d.slice(q.speaker.as_ref().unwrap().span), "Harrisa", "the span is as written");
}

#[test]
fn speakers_after_a_qualifying_name_a_medium_or_a_title() {
    let t = "„Sytuacja jest pod kontrolą” – podkreśliła w rozmowie z PAP rzeczniczka resortu Anna Nowak.\n\n\
             „Złożymy odwołanie” – powiedział PAP mecenas Piotr Zieliński, pełnomocnik rodziny.\n\n\
             „Płakałam” – powiedziała Amari filii CBS.\n\n\
             Jak mówi prezes spółki Jan Kowalski, „nie ma powodów do niepokoju”.\n\n\
             Według prof. Marka Wiśniewskiego „to dopiero początek zmian w kraju”.\n\n\
             Minister Kowalczyk przekonywał: „Nie podniesiemy podatków”. Odpowiedział mu poseł opozycji: „To nieprawda”.";
    let d = doc(t, Lang::Pl);
    let got: Vec<(&str, Option<&str>)> = d.quotes.iter().map(|q| (d.slice(q.span), speaker(q))).collect();
    assert_eq!(
        got,
        vec![
            ("Sytuacja jest pod kontrolą", Some("Anna Nowak")),
            ("Złożymy odwołanie", Some("Piotr Zieliński")),
            ("Płakałam", Some("Amari")),
            ("nie ma powodów do niepokoju", Some("Jan Kowalski")),
            ("to dopiero początek zmian w kraju", Some("Marek Wiśniewski")),
            // The title is left out of the canonical name (the span keeps it).
            ("Nie podniesiemy podatków", Some("Kowalczyk")),
            // Someone unnamed: not the paragraph's last speaker, but the description as written.
            ("To nieprawda", Some("poseł opozycji")),
        ]
    );
    let t = "\"We are ready,\" said EU foreign policy chief Josep Borrell.\n\n\
             \"No comment,\" said White House spokeswoman Jen Psaki.\n\n\
             \"It is a good day,\" said Harris in Warsaw.\n\n\
             \"We will win,\" Trump said. \"We will rebuild,\" an aide said.";
    let d = doc(t, Lang::En);
    let got: Vec<Option<&str>> = d.quotes.iter().map(speaker).collect();
    assert_eq!(
        got,
        vec![Some("Josep Borrell"), Some("Jen Psaki"), Some("Harris"), Some("Trump"), Some("an aide")]
    );
    let t = "\"The talks will continue,\" NATO Secretary General Jens Stoltenberg told reporters.\n\n\
             \"We will see,\" Prime Minister Boris Johnson said. \"Yes,\" said CNN Business.\n\n\
             \"Not now,\" Civic Coalition MP Marta Golbik told PAP. \"Maybe,\" said John Major.";
    let d = doc(t, Lang::En);
    let got: Vec<Option<&str>> = d.quotes.iter().map(speaker).collect();
    assert_eq!(
        got,
        vec![
            Some("Jens Stoltenberg"),
            Some("Boris Johnson"),
            Some("CNN Business"),
            Some("Marta Golbik"),
            Some("John Major")
        ]
    );
}

#[test]
fn kinds() {
    let t = "Madonna’s “Like a Virgin” hit, the so-called “mechanism”, a “softer” side, the \
             „Virgin Tour” party, tzw. „zielony ład”, and “We won’t see them, but we will meet one of them,” \
             Harris says.";
    let d = doc(t, Lang::En);
    let got: Vec<(&str, QuoteKind)> = d.quotes.iter().map(|q| (d.slice(q.span), q.kind)).collect();
    assert_eq!(
        got,
        vec![
            ("Like a Virgin", QuoteKind::Title),
            ("mechanism", QuoteKind::Scare),
            ("softer", QuoteKind::Scare),
            ("Virgin Tour", QuoteKind::Title),
            ("zielony ład", QuoteKind::Scare),
            ("We won’t see them, but we will meet one of them,", QuoteKind::Speech),
        ]
    );
}

#[test]
fn sentence_index_of_quote_start() {
    let mut d = Document { text: "One here. Then “two” there.".into(), ..Default::default() };
    d.paragraphs.push(Paragraph { span: Span::new(0, d.text.len()), lang: Lang::En, confidence: 1.0 });
    d.sentences.push(Sentence { span: Span::new(0, 9), paragraph: 0 });
    d.sentences.push(Sentence { span: Span::new(10, d.text.len()), paragraph: 0 });
    extract(&mut d);
    assert_eq!(d.quotes[0].sentence, 1);
}
