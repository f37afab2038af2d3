//! Who says a quotation, on fixtures written for these tests: a role qualified by a country binds to
//! the person of that country, speakers described rather than named and institutions stand as
//! written, a written source ("czytamy w komunikacie…") speaks for its text, and an unknown speaker
//! stays unknown rather than taking the wrong name.

use bialign::IngestOptions;
use bialign::{Document, QuoteKind};

fn doc(text: &str) -> Document {
    bialign::analyze("fixture", text.as_bytes(), &IngestOptions { html: Some(false), ..Default::default() })
        .expect("the fixture is accepted")
}

/// (quote text, speaker) of the top-level speech quotes.
fn speech(d: &Document) -> Vec<(String, Option<String>)> {
    d.quotes
        .iter()
        .filter(|q| q.depth == 0 && q.kind == QuoteKind::Speech)
        .map(|q| (d.slice(q.span).to_string(), q.speaker.as_ref().map(|s| s.name.clone())))
        .collect()
}

fn speakers(text: &str) -> Vec<Option<String>> {
    speech(&doc(text)).into_iter().map(|(_, s)| s).collect()
}

fn some(s: &str) -> Option<String> {
    Some(s.to_string())
}

#[test]
fn a_role_with_a_country_names_that_countrys_holder() {
    let t = "Russian President Ivan Sokolov met US President Mark Hale in Geneva on Tuesday for talks \
             on grain exports.\n\n\
             \"We agreed on very little today,\" the US president told reporters after the meeting.\n";
    assert_eq!(speakers(t), vec![some("Mark Hale")], "not the Russian president, mentioned first");
}

#[test]
fn described_speakers_and_institutions() {
    let t = "The recording spread quickly across social media on Sunday evening.\n\n\
             \"I have never seen a crowd react like that,\" one Reddit user wrote.\n\n\
             The city council announced: \"The square will be closed until Friday.\"\n";
    assert_eq!(speakers(t), vec![some("one Reddit user"), some("The city council")]);
    let t = "Na drodze krajowej doszło rano do zderzenia dwóch ciężarówek.\n\n\
             Policja informuje: „Objazdy potrwają do końca tygodnia”.\n";
    assert_eq!(speakers(t), vec![some("Policja")]);
}

#[test]
fn a_written_source_speaks_for_its_text() {
    let t = "Resort zdrowia wydał w nocy nowe zalecenia dla szpitali.\n\n\
             „Zakaz odwiedzin obowiązuje od północy” – czytamy w komunikacie ministerstwa.\n";
    assert_eq!(speakers(t), vec![some("ministerstwo")]);
}

#[test]
fn an_unknown_speaker_is_not_guessed_from_the_wrong_person() {
    // The dash quote's attribution names a role of another country than the person mentioned
    // first: the quote may not take the Russian president's name.
    let t = "Prezydent Rosji Iwan Sokołow spotkał się we wtorek z prezydentem USA.\n\n\
             – Uzgodniliśmy niewiele – powiedział amerykański prezydent dziennikarzom.\n";
    let got = speakers(t);
    assert_eq!(got.len(), 1);
    assert!(got[0].as_deref().is_none_or(|s| !s.contains("Sokołow")), "{got:?}");
}

#[test]
fn a_headline_quote_takes_the_speaker_of_its_repeat() {
    // The headline's quotation has no attribution; the body quotes the same words and names the
    // speaker.
    let t = "„Nie zamkniemy żadnej szkoły w tym roku”\n\n\
             Burmistrz Tomasz Wrona zapewnił w środę radnych, że sieć szkół się nie zmieni.\n\n\
             – Nie zamkniemy żadnej szkoły w tym roku, pieniądze na to są – powiedział Wrona.\n";
    let got = speech(&doc(t));
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].1, got[1].1, "{got:?}");
    assert!(got[0].1.as_deref().is_some_and(|s| s.contains("Wrona")), "{got:?}");
    // Narration that reports the words names the speaker too.
    let t = "\"Nobody told us the bridge was closing\"\n\n\
             Local driver Sam Ortega said nobody had told them the bridge was closing, and he had \
             waited two hours.\n";
    assert_eq!(speakers(t), vec![some("Sam Ortega")]);
}
