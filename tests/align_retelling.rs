//! Quote pairing between comparable articles (retellings), on fixtures written for these tests:
//! repeated quotations, one long quotation rendering four short ones, and editorial insertions.

use bialign::align::comparable::edge_rows;
use bialign::align::quotes::quote_candidates;
use bialign::align::{Alignment, Mode};
use bialign::ingest::IngestOptions;
use bialign::{align, analyze, AlignOptions, Document};

fn doc(lang: &str, text: &str) -> Document {
    analyze(lang, text.as_bytes(), &IngestOptions::default()).expect("analyze")
}

fn comparable() -> AlignOptions {
    AlignOptions { mode: Some(Mode::Comparable), ..Default::default() }
}

/// The (English quote, Polish quote) pairs of the two-sided quote links.
fn quote_pairs(a: &Alignment) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = a
        .quotes
        .iter()
        .filter(|l| l.is_match())
        .flat_map(|l| l.en.iter().flat_map(move |&e| l.pl.iter().map(move |&p| (e, p))))
        .collect();
    v.sort_unstable();
    v
}

/// A Polish retelling quotes the same words in its headline, in its lead (where the opening mark
/// was lost, so the quote's marks are unbalanced) and in the body: all three render the one
/// English quotation.
#[test]
fn a_quotation_repeated_in_headline_lead_and_body_pairs_every_copy() {
    let en = doc(
        "en",
        "Mayor promises a new tram line for the eastern districts\n\n\
         The mayor of Gdańsk, Anna Kowalska, said on Tuesday that the city would build a tram line to \
         the eastern districts within four years.\n\n\
         “The first passengers will ride the new tram before the next election,” Kowalska told \
         reporters at the city hall.\n\n\
         The council has already set aside money for the design work.",
    );
    let pl = doc(
        "pl",
        "„Pierwsi pasażerowie pojadą nowym tramwajem przed następnymi wyborami”. Prezydent Gdańska \
         zapowiada linię na wschód\n\n\
         Pierwsi pasażerowie pojadą nowym tramwajem przed następnymi wyborami” – zapowiedziała we \
         wtorek Anna Kowalska, prezydent Gdańska.\n\n\
         Miasto zbuduje linię tramwajową do wschodnich dzielnic w ciągu czterech lat.\n\n\
         – Pierwsi pasażerowie pojadą nowym tramwajem przed następnymi wyborami – mówiła Kowalska \
         dziennikarzom w ratuszu.\n\n\
         Rada miasta zarezerwowała już pieniądze na projekt.",
    );
    assert_eq!((en.quotes.len(), pl.quotes.len()), (1, 3), "{:?}", pl.quotes);
    assert!(pl.quotes[1].unbalanced, "the lead lost its opening mark");
    let a = align(&en, &pl, &comparable());
    assert_eq!(quote_pairs(&a), vec![(0, 0), (0, 1), (0, 2)], "{:?}", a.quotes);
    // Each copy is listed once, in a link of its own, never also as unmatched.
    assert!(a.quotes.iter().all(|l| l.is_match()), "{:?}", a.quotes);
}

/// Words repeated by two different quotations are not a repeat unless the whole quotation is:
/// a Polish quote that only starts like the paired one stays apart.
#[test]
fn a_quotation_that_only_shares_words_is_not_a_repeat() {
    let en = doc(
        "en",
        "“The first passengers will ride the new tram before the next election,” Mayor Anna Kowalska \
         said.\n\nThe council agreed.",
    );
    let pl = doc(
        "pl",
        "– Pierwsi pasażerowie pojadą nowym tramwajem przed następnymi wyborami – mówiła Anna \
         Kowalska.\n\n\
         – Pierwsi pasażerowie kupią bilety w internecie – dodała Kowalska.",
    );
    let a = align(&en, &pl, &comparable());
    assert_eq!(quote_pairs(&a), vec![(0, 0)], "{:?}", a.quotes);
}

/// One Polish quotation of four sentences renders four separate English quotations of the same
/// speaker: each of the four is paired with it.
#[test]
fn one_long_quotation_pairs_with_four_short_ones() {
    let en = doc(
        "en",
        "The health minister presented the hospital plan on Friday.\n\n\
         “Every district hospital will get a new ward for rescue,” Minister Jan Nowak said.\n\n\
         “We will hire two thousand nurses over the next three years,” Nowak added.\n\n\
         He also spoke about the waiting lists. “Patients will wait no longer than thirty days for a \
         specialist,” he said.\n\n\
         “The money comes from the European recovery fund,” Nowak explained.\n\n\
         The opposition called the plan unrealistic.",
    );
    let pl = doc(
        "pl",
        "Minister zdrowia przedstawił w piątek plan dla szpitali.\n\n\
         – Każdy szpital powiatowy dostanie nowy oddział ratunkowy. Zatrudnimy dwa tysiące \
         pielęgniarek w ciągu najbliższych trzech lat. Pacjenci będą czekać na specjalistę nie \
         dłużej niż trzydzieści dni. Pieniądze pochodzą z europejskiego funduszu odbudowy – mówił \
         minister Jan Nowak.\n\n\
         Opozycja uznała plan za nierealny.",
    );
    assert_eq!((en.quotes.len(), pl.quotes.len()), (4, 1));
    let a = align(&en, &pl, &comparable());
    assert_eq!(quote_pairs(&a), vec![(0, 0), (1, 0), (2, 0), (3, 0)], "{:?}", a.quotes);
}

/// Words a reporter inserts into a quotation in square brackets are not the speaker's, and the
/// other article does not render them: the pair's evidence is the same with or without them.
#[test]
fn editorial_brackets_in_a_quotation_are_not_the_speakers_words() {
    let pl = doc(
        "pl",
        "– Takie plany są dla nas nie do przyjęcia, bo niszczą rybołówstwo – powiedział burmistrz \
         Piotr Zieliński.",
    );
    let with = doc(
        "en",
        "“Such plans [for the harbour extension] are not acceptable to us, because they destroy \
         fishing,” Mayor Piotr Zieliński said.",
    );
    let without = doc(
        "en",
        "“Such plans are not acceptable to us, because they destroy fishing,” Mayor Piotr Zieliński \
         said.",
    );
    let opts = comparable();
    let feats = |en: &Document| {
        let a = align(en, &pl, &opts);
        let c = quote_candidates(en, &pl, &a.sentences, &opts, a.mode);
        assert_eq!(c.len(), 1, "{c:?}");
        c[0].2
    };
    let (fw, fo) = (feats(&with), feats(&without));
    // Coverage, matched weight and containment (columns 1, 2, 8) do not see the insertion.
    for k in [1, 2, 8] {
        assert!((fw[k] - fo[k]).abs() < 1e-4, "feature {k}: {fw:?} vs {fo:?}");
    }
    assert!(fo[1] > 0.3, "the quotes render each other: {fo:?}");
}

/// A comparable sentence link reports its calibrated score, and `--min-score` compares that same
/// number: a threshold just above a link's reported score drops the link (and leaves its sentences
/// unmatched), though the edge model's own probability for it lies above the threshold.
#[test]
fn min_score_compares_the_score_a_comparable_link_reports() {
    let en = doc(
        "en",
        "The city of Gdańsk will build a new tram line to the eastern districts.\n\n\
         The line will cost two hundred million zlotys and open in four years.\n\n\
         The council voted for the plan on Tuesday evening.",
    );
    let pl = doc(
        "pl",
        "Rada miasta zagłosowała za planem we wtorek wieczorem.\n\n\
         Gdańsk zbuduje nową linię tramwajową do wschodnich dzielnic.\n\n\
         Linia będzie kosztować dwieście milionów złotych i zostanie otwarta za cztery lata.",
    );
    let all = align(&en, &pl, &comparable());
    let links: Vec<_> = all.sentences.iter().filter(|l| l.is_match()).collect();
    assert!(!links.is_empty(), "{:?}", all.sentences);
    for l in &links {
        // The reported score is the scaled probability: never 1, and below the model's own
        // probability for every link the model keeps.
        assert!(l.score > 0.0 && l.score < 1.0, "{l:?}");
    }
    let weakest = links.iter().map(|l| l.score).fold(f32::INFINITY, f32::min);
    let opts = AlignOptions { min_score: weakest + 0.005, ..comparable() };
    let fewer = align(&en, &pl, &opts);
    let kept: Vec<_> = fewer.sentences.iter().filter(|l| l.is_match()).collect();
    assert!(kept.iter().all(|l| l.score >= weakest + 0.005), "{kept:?}");
    assert_eq!(kept.len(), links.iter().filter(|l| l.score >= weakest + 0.005).count(), "{kept:?}");
}

/// A capitalised English word inside a sentence is a name, which the stemmer may fold into a common
/// word ("Grant" and "grant" share a stem), and a Polish word the lexicon knows only by its first
/// letters may reach that common word too ("grantodawców"): the two meet on a key that neither
/// holds as a known word, which is no evidence that the sentences render each other.
#[test]
fn a_name_folded_into_a_common_word_does_not_meet_a_polish_prefix_guess() {
    let en = doc("en", "The city council met Grant Wilson on Tuesday to discuss the new bridge.");
    let pl = doc("pl", "Przedstawiciele grantodawców nie przyjechali.");
    let rows = edge_rows(&en, &pl, &comparable(), |_| true);
    let row = rows.iter().find(|r| r.en == 0 && r.pl == 0).expect("the pair is a candidate");
    let [te, tp] = row.trace.clone().expect("traced");
    let name = te.iter().find(|t| t.0 == "Grant").expect("the name is a token");
    assert_ne!(name.1, "matched", "{te:?}");
    assert!(tp.iter().all(|t| t.1 != "matched"), "{tp:?}");
    assert!(row.content < 1.0, "no content in common: {row:?}");
}
