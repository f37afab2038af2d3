//! Findings a reviewer can trust: quotes the Polish drops though the pairing or the sentence link
//! hides it, quotes and sentences the Polish gives in other words or places, misspelled names, and,
//! for comparable articles, facts the other article states elsewhere.

use super::*;

fn translation() -> QaOptions {
    QaOptions { mode: Mode::Translation, ..Default::default() }
}

fn comparable() -> QaOptions {
    QaOptions { mode: Mode::Comparable, ..Default::default() }
}

fn alignment(sentences: Vec<Link>, quotes: Vec<Link>) -> Alignment {
    Alignment { sentences, quotes, ..Default::default() }
}

/// Findings of a check at error or warning severity.
fn serious(fs: &[Finding], c: Check) -> Vec<&Finding> {
    fs.iter().filter(|f| f.check == c && f.severity <= Severity::Warning).collect()
}

#[test]
fn a_quote_paired_with_a_left_over_attribution_is_omitted_not_drifting() {
    let mut en = doc(
        Lang::En,
        &[
            "The minister spoke on Monday.",
            "\"We will build new schools and hospitals in every region of the country,\" the minister said.",
        ],
    );
    // The Polish lost the quotation; the attribution left behind was taken for one.
    let mut pl = doc(Lang::Pl, &["Minister przemawiał w poniedziałek.", "– Powiedział minister."]);
    let qe =
        quote(&mut en, 1, "We will build new schools and hospitals in every region of the country,", None);
    let qp = quote(&mut pl, 1, "Powiedział minister.", None);
    let a = alignment(vec![link(&[0], &[0], 0.9), link(&[1], &[1], 0.4)], vec![link(&[qe], &[qp], 0.3)]);
    let fs = check(&en, &pl, &a, &translation());
    let omitted = of(&fs, Check::QuoteOmitted);
    assert_eq!(omitted.len(), 1, "{fs:#?}");
    assert_eq!(omitted[0].severity, Severity::Error);
    assert_eq!(
        en.slice(omitted[0].en[0]),
        "We will build new schools and hospitals in every region of the country,"
    );
    assert!(omitted[0].message.contains("does not carry its words"), "{}", omitted[0].message);
    assert!(of(&fs, Check::QuoteDrift).is_empty(), "reported as omitted, not as drift: {fs:#?}");
}

#[test]
fn a_title_whose_words_are_in_another_paired_title_is_omitted() {
    let mut en = doc(Lang::En, &["She wrote \"Rivers of Glass\" and \"Rivers of Glass Two\" in one year."]);
    let mut pl = doc(Lang::Pl, &["W jeden rok napisała „Rivers of Glass Two”."]);
    let q1 = quote(&mut en, 0, "Rivers of Glass", None);
    let q2 = quote(&mut en, 0, "Rivers of Glass Two", None);
    let p = quote(&mut pl, 0, "Rivers of Glass Two", None);
    for q in en.quotes.iter_mut().chain(pl.quotes.iter_mut()) {
        q.kind = QuoteKind::Title;
    }
    let a = alignment(vec![link(&[0], &[0], 0.9)], vec![link(&[q2], &[p], 0.9)]);
    let fs = check(&en, &pl, &a, &translation());
    let omitted = of(&fs, Check::QuoteOmitted);
    assert_eq!(omitted.len(), 1, "{fs:#?}");
    assert_eq!(omitted[0].en, vec![en.quotes[q1].span]);
}

#[test]
fn words_the_narrative_renders_do_not_render_the_quote() {
    // The Polish merges the two sentences and drops the quotation: the words it shares with the quote
    // ("nazywali", "brzydkim") render the narrative's "called" and "ugly".
    let mut en = doc(
        Lang::En,
        &["The boys called the old bridge ugly before the storm.|\"They kept calling the bridge ugly,\" she said."],
    );
    let pl = doc(Lang::Pl, &["Chłopcy nazywali stary most brzydkim przed burzą – powiedziała."]);
    let q = quote(&mut en, 1, "They kept calling the bridge ugly,", None);
    let a = alignment(vec![link(&[0, 1], &[0], 0.8)], vec![]);
    let fs = check(&en, &pl, &a, &translation());
    let omitted = of(&fs, Check::QuoteOmitted);
    assert_eq!(omitted.len(), 1, "{fs:#?}");
    assert_eq!(omitted[0].en, vec![en.quotes[q].span]);
}

#[test]
fn a_scare_quote_the_lexicon_cannot_check_is_judged_by_the_lengths() {
    let en_text = "The mayor was reportedly 'gobsmacked' by the new tram timetable.";
    let run = |pl_text: &str| {
        let mut en = doc(Lang::En, &[en_text]);
        let pl = doc(Lang::Pl, &[pl_text]);
        quote(&mut en, 0, "gobsmacked", None);
        let a = alignment(vec![link(&[0], &[0], 0.9)], vec![]);
        check(&en, &pl, &a, &translation())
    };
    // Rendered without marks: the Polish has the length of the whole sentence's translation.
    let given = run("Burmistrz był podobno kompletnie zdumiony nowym rozkładem jazdy tramwajów.");
    assert!(of(&given, Check::QuoteOmitted).is_empty(), "{given:#?}");
    // Left out: the Polish has the length of the sentence without it.
    let dropped = run("Burmistrz podobno tak ocenił nowy rozkład jazdy tramwajów.");
    assert_eq!(of(&dropped, Check::QuoteOmitted).len(), 1, "{dropped:#?}");
}

#[test]
fn a_quote_in_a_sentence_left_unpaired_beside_polish_without_its_words_is_omitted() {
    let en_text = [
        "The council met on Tuesday.|She said the meeting was \"women sitting together and talking about the \
         troubles we share and the changes we need\".|The vote is next week.",
    ];
    let run = |middle: &str| {
        let mut en = doc(Lang::En, &en_text);
        let pl = doc(
            Lang::Pl,
            &[&format!("Rada zebrała się we wtorek.|{middle}|Głosowanie odbędzie się za tydzień.")],
        );
        quote(
            &mut en,
            1,
            "women sitting together and talking about the troubles we share and the changes we need",
            None,
        );
        let a = alignment(vec![link(&[0], &[0], 0.9), link(&[2], &[2], 0.9)], vec![]);
        check(&en, &pl, &a, &translation())
    };
    // The unpaired Polish sentence there does not carry the quotation: it was dropped.
    let dropped = run("Powiedziała, że to spotkanie było bardzo ważne dla wszystkich obecnych.");
    assert_eq!(of(&dropped, Check::QuoteOmitted).len(), 1, "{dropped:#?}");
    // It does: the aligner missed the pair, the quote is there without marks.
    let given = run("Powiedziała, że było to spotkanie kobiet, które rozmawiały o kłopotach i o zmianach.");
    assert!(of(&given, Check::QuoteOmitted).is_empty(), "{given:#?}");
}

#[test]
fn a_polish_quote_with_unbalanced_marks_in_a_linked_sentence_is_not_added() {
    let en = doc(Lang::En, &["My thoughts are with the family of the late senator."]);
    let mut pl = doc(Lang::Pl, &["„Jestem całym sercem z bliskimi zmarłego senatora."]);
    let q = quote(&mut pl, 0, "Jestem całym sercem z bliskimi zmarłego senatora.", None);
    pl.quotes[q].unbalanced = true;
    let a = alignment(vec![link(&[0], &[0], 0.9)], vec![]);
    let fs = check(&en, &pl, &a, &translation());
    assert!(of(&fs, Check::QuoteAdded).is_empty(), "{fs:#?}");
    // With balanced marks it is reported.
    pl.quotes[q].unbalanced = false;
    let fs = check(&en, &pl, &a, &translation());
    assert_eq!(of(&fs, Check::QuoteAdded).len(), 1, "{fs:#?}");
}

#[test]
fn a_misspelled_speaker_is_a_name_written_differently_not_another_speaker() {
    let mut en = doc(Lang::En, &["\"We are ready for the season,\" said Anna Kowalczyk."]);
    let mut pl = doc(Lang::Pl, &["„Jesteśmy gotowi na sezon” – powiedziała Kowalczak."]);
    let qe = quote(&mut en, 0, "We are ready for the season,", Some("Anna Kowalczyk"));
    let qp = quote(&mut pl, 0, "Jesteśmy gotowi na sezon", Some("Kowalczak"));
    let a = alignment(vec![link(&[0], &[0], 0.9)], vec![link(&[qe], &[qp], 0.9)]);
    let fs = check(&en, &pl, &a, &translation());
    assert!(of(&fs, Check::SpeakerMismatch).is_empty(), "{fs:#?}");
    let names = serious(&fs, Check::NameMismatch);
    assert!(
        names.iter().any(|f| f.message.contains("is spelled “Kowalczak” in the Polish")
            && f.pl.iter().any(|s| pl.slice(*s) == "Kowalczak")),
        "{fs:#?}"
    );
}

#[test]
fn a_place_name_misspelled_in_the_polish_is_one_finding_at_both_spans() {
    let en = doc(Lang::En, &["Rescue helicopters flew from Tisamari and Bystrzyca on Friday."]);
    let pl = doc(Lang::Pl, &["Helikoptery ratunkowe poleciały w piątek z Timsaari i Bystrzyca."]);
    let a = alignment(vec![link(&[0], &[0], 0.9)], vec![]);
    let fs = check(&en, &pl, &a, &translation());
    let names = of(&fs, Check::NameMismatch);
    assert_eq!(names.len(), 1, "{fs:#?}");
    assert_eq!(en.slice(names[0].en[0]), "Tisamari");
    assert_eq!(pl.slice(names[0].pl[0]), "Timsaari");
    assert!(names[0].message.contains("is spelled “Timsaari” in the Polish one"), "{}", names[0].message);
}

#[test]
fn an_emergency_number_given_the_local_way_is_no_missing_number() {
    let en = doc(Lang::En, &["Passengers can now text 911 in an emergency."]);
    let run = |pl_text: &str| {
        let pl = doc(Lang::Pl, &[pl_text]);
        let a = alignment(vec![link(&[0], &[0], 0.9)], vec![]);
        check(&en, &pl, &a, &translation())
    };
    let local = run("W nagłych wypadkach pasażerowie mogą teraz wysłać SMS pod numer alarmowy.");
    assert!(of(&local, Check::NumberMismatch).is_empty(), "{local:#?}");
    let lost = run("W nagłych wypadkach pasażerowie mogą teraz wysłać SMS.");
    assert_eq!(of(&lost, Check::NumberMismatch).len(), 1, "{lost:#?}");
}

#[test]
fn a_sentence_split_off_a_translated_sentence_is_no_added_passage() {
    let en = doc(
        Lang::En,
        &["We did not bring this case to frighten anyone, it is what I believe.|The court will rule in May."],
    );
    let run = |middle: &str| {
        let pl = doc(
            Lang::Pl,
            &[&format!("Nie wnieśliśmy tej sprawy, żeby kogoś przestraszyć.|{middle}|Sąd orzeknie w maju.")],
        );
        let a = alignment(vec![link(&[0], &[0], 0.9), link(&[1], &[2], 0.9)], vec![]);
        check(&en, &pl, &a, &translation())
    };
    // The rest of the first English sentence, split off by the translator.
    let split = run("Po prostu w to wierzę.");
    assert!(of(&split, Check::AddedPassage).is_empty(), "{split:#?}");
    // A sentence of its own, which no neighbour needs.
    let added =
        run("Wczoraj w stolicy otwarto nową linię tramwajową, która połączy dwa największe osiedla miasta.");
    assert_eq!(of(&added, Check::AddedPassage).len(), 1, "{added:#?}");
}

#[test]
fn a_term_quoted_from_another_quotation_is_rendered_as_there() {
    // A headline quotes two words of the body's quotation; the Polish headline renders them as the
    // Polish quotation does ("utrzymać"), without marks.
    let run = |headline: &str| {
        let mut en = doc(
            Lang::En,
            &[
                "Governor says bank should 'stand firm' on lending",
                "\"My view is that we should stand firm and watch how things develop,\" he said.",
            ],
        );
        let mut pl = doc(
            Lang::Pl,
            &[headline, "„Uważam, że powinniśmy utrzymać kurs i obserwować rozwój wydarzeń” – powiedział."],
        );
        quote(&mut en, 0, "stand firm", None);
        let qe =
            quote(&mut en, 1, "My view is that we should stand firm and watch how things develop,", None);
        let qp = quote(&mut pl, 1, "Uważam, że powinniśmy utrzymać kurs i obserwować rozwój wydarzeń", None);
        let a = alignment(vec![link(&[0], &[0], 0.9), link(&[1], &[1], 0.9)], vec![link(&[qe], &[qp], 0.9)]);
        check(&en, &pl, &a, &translation())
    };
    let rendered = run("Prezes twierdzi, że bank powinien utrzymać kredyty");
    assert!(of(&rendered, Check::QuoteOmitted).is_empty(), "{rendered:#?}");
    // Without that word the headline does not render it.
    let dropped = run("Prezes twierdzi, że bank powinien zmienić kredyty");
    assert_eq!(of(&dropped, Check::QuoteOmitted).len(), 1, "{dropped:#?}");
}

#[test]
fn comparable_numbers_stated_elsewhere_or_as_words_are_no_mismatch() {
    let en =
        doc(Lang::En, &["The plant employs 400 people and opened in 2019.", "By spring it had 350 staff."]);
    let pl = doc(Lang::Pl, &["Zakład, otwarty w 2019 roku, zatrudnia 350 osób.", "Wiosną będzie ich 400."]);
    let a = alignment(vec![link(&[0], &[0], 0.9)], vec![]);
    let fs = check(&en, &pl, &a, &comparable());
    assert!(serious(&fs, Check::NumberMismatch).is_empty(), "each article states both numbers: {fs:#?}");
    // A translation compares the linked sentences only.
    let fs = check(&en, &pl, &a, &translation());
    assert_eq!(serious(&fs, Check::NumberMismatch).len(), 1, "{fs:#?}");

    let en = doc(Lang::En, &["They rebuilt the bridge in one day."]);
    let pl = doc(Lang::Pl, &["Most odbudowano w ciągu 48 godzin."]);
    let a = alignment(vec![link(&[0], &[0], 0.9)], vec![]);
    let fs = check(&en, &pl, &a, &comparable());
    assert!(
        serious(&fs, Check::NumberMismatch).is_empty(),
        "a number word beside digits in a retelling: {fs:#?}"
    );
}

#[test]
fn comparable_material_the_other_article_gives_elsewhere_is_no_warning() {
    let mut en = doc(
        Lang::En,
        &[
            "The mayor opened the new library on Friday.",
            "Librarian Anna Nowak welcomed thousands of residents during the first weekend.",
            "\"Books belong to everyone,\" the mayor said.",
        ],
    );
    let pl = doc(
        Lang::Pl,
        &[
            "Nowa biblioteka w centrum Olsztyna",
            "Burmistrz otworzył w piątek nową bibliotekę.",
            "Bibliotekarka Anna Nowak powitała w pierwszy weekend tysiące mieszkańców.",
            "Burmistrz podkreślił, że książki należą do wszystkich.",
        ],
    );
    quote(&mut en, 2, "Books belong to everyone,", None);
    let a = alignment(vec![link(&[0], &[1], 0.9)], vec![]);
    let fs = check(&en, &pl, &a, &comparable());
    for c in [Check::OmittedPassage, Check::AddedPassage, Check::QuoteOmitted] {
        assert!(serious(&fs, c).is_empty(), "{c:?}: {fs:#?}");
    }
    // Material the other article does not give stays a warning.
    let pl = doc(
        Lang::Pl,
        &["Burmistrz otworzył w piątek nową bibliotekę.", "Na otwarciu zagrała orkiestra Jana Kowalskiego."],
    );
    let a = alignment(vec![link(&[0], &[0], 0.9)], vec![]);
    let fs = check(&en, &pl, &a, &comparable());
    assert_eq!(serious(&fs, Check::AddedPassage).len(), 1, "{fs:#?}");
    assert_eq!(serious(&fs, Check::QuoteOmitted).len(), 1, "{fs:#?}");
}
