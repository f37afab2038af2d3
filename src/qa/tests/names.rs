//! The name and number checks: translated and inflected names, exonyms and posts, names given in
//! part, codes and converted measures, scare quotes, quote drift and numbers of different kinds.

use super::*;

/// The name spans a list of findings reports (short ones: the names themselves).
fn name_texts<'d>(fs: &[Finding], en: &'d Document, pl: &'d Document) -> Vec<&'d str> {
    of(fs, Check::NameMismatch)
        .iter()
        .flat_map(|f| f.en.iter().map(|s| en.slice(*s)).chain(f.pl.iter().map(|s| pl.slice(*s))))
        .filter(|t| t.len() < 30)
        .collect()
}

#[test]
fn translated_institutions_headlines_and_transliterations_are_not_name_mismatches() {
    let en = doc(
        Lang::En,
        &[
            "He raised money for the National Multiple Sclerosis Society in Britain.",
            "Minister Stresses Need to Revamp Iron Palace",
            "The talks with Kim Jong-un in Singapore ended early.",
        ],
    );
    let pl = doc(
        Lang::Pl,
        &[
            "Zbierał pieniądze dla krajowej fundacji chorych na stwardnienie rozsiane w Wielkiej Brytanii.",
            "Minister podkreślił potrzebę modernizacji Pałacu Żelaznego",
            "Rozmowy z Kim Dzong-unem w Singapurze zakończyły się wcześnie.",
        ],
    );
    let a = Alignment {
        sentences: vec![link(&[0], &[0], 0.9), link(&[1], &[1], 0.9), link(&[2], &[2], 0.9)],
        quotes: vec![],
        ..Default::default()
    };
    let fs = check(&en, &pl, &a, &QaOptions { mode: Mode::Translation, ..Default::default() });
    assert!(of(&fs, Check::NameMismatch).is_empty(), "{:?}", name_texts(&fs, &en, &pl));
}

#[test]
fn a_changed_surname_is_a_name_mismatch_even_beside_a_kept_first_name() {
    let en = doc(Lang::En, &["Yesterday the vice president Mike Pence met Harris in the state of Ohio."]);
    let pl = doc(Lang::Pl, &["Wczoraj wiceprezydent Mike Wiśniewski spotkał się z Harrisem w stanie Ohio."]);
    let a = Alignment { sentences: vec![link(&[0], &[0], 0.9)], quotes: vec![], ..Default::default() };
    let fs = check(&en, &pl, &a, &QaOptions { mode: Mode::Translation, ..Default::default() });
    let names = name_texts(&fs, &en, &pl);
    assert!(names.contains(&"Mike Pence") && names.contains(&"Mike Wiśniewski"), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("Harris") || n.contains("Ohio")), "{names:?}");
}

#[test]
fn sentences_left_unpaired_on_both_sides_are_no_passage_but_one_sided_ones_are() {
    let en = doc(Lang::En, &["The council met.|The balancing act is truly engaging.|The vote was close."]);
    let pl =
        doc(Lang::Pl, &["Rada się zebrała.|To balansowanie naprawdę wciąga.|Głosowanie było wyrównane."]);
    // The aligner missed the middle pair: one unmatched sentence on each side, at the same place.
    let a = Alignment {
        sentences: vec![
            link(&[0], &[0], 0.9),
            link(&[1], &[], 0.0),
            link(&[], &[1], 0.0),
            link(&[2], &[2], 0.9),
        ],
        quotes: vec![],
        ..Default::default()
    };
    let opts = QaOptions { mode: Mode::Translation, ..Default::default() };
    let fs = check(&en, &pl, &a, &opts);
    assert!(of(&fs, Check::OmittedPassage).is_empty() && of(&fs, Check::AddedPassage).is_empty(), "{fs:#?}");
    // The Polish sentence really missing: the English one is reported.
    let pl2 = doc(Lang::Pl, &["Rada się zebrała.|Głosowanie było wyrównane."]);
    let a2 = Alignment {
        sentences: vec![link(&[0], &[0], 0.9), link(&[1], &[], 0.0), link(&[2], &[1], 0.9)],
        quotes: vec![],
        ..Default::default()
    };
    let fs = check(&en, &pl2, &a2, &opts);
    let p = of(&fs, Check::OmittedPassage);
    assert_eq!(p.len(), 1, "{fs:#?}");
    assert_eq!(p[0].en, vec![en.sentences[1].span]);
}

#[test]
fn a_sentence_attached_to_a_neighbour_that_shares_nothing_is_reported() {
    let en = doc(Lang::En, &["The new bridge over the river will open to traffic in March."]);
    let pl = doc(
        Lang::Pl,
        &["Nowy most na rzece zostanie otwarty dla ruchu w marcu.|Kibice piłkarscy świętowali zwycięstwo drużyny do późnej nocy."],
    );
    let a = Alignment { sentences: vec![link(&[0], &[0, 1], 0.7)], quotes: vec![], ..Default::default() };
    let fs = check(&en, &pl, &a, &QaOptions { mode: Mode::Translation, ..Default::default() });
    let p = of(&fs, Check::AddedPassage);
    assert_eq!(p.len(), 1, "{fs:#?}");
    assert_eq!(p[0].pl, vec![pl.sentences[1].span]);
}

#[test]
fn a_verb_taken_for_the_polish_speaker_is_not_a_speaker_mismatch() {
    let mut en = doc(Lang::En, &["“We will win,” Shiona Finn said."]);
    let mut pl = doc(Lang::Pl, &["„Wygramy” – Stwierdził."]);
    quote(&mut en, 0, "We will win,", Some("Shiona Finn"));
    quote(&mut pl, 0, "Wygramy", Some("Stwierdził"));
    let a = Alignment {
        sentences: vec![link(&[0], &[0], 0.9)],
        quotes: vec![link(&[0], &[0], 0.8)],
        ..Default::default()
    };
    let fs = check(&en, &pl, &a, &QaOptions { mode: Mode::Translation, ..Default::default() });
    assert!(of(&fs, Check::SpeakerMismatch).is_empty(), "{fs:#?}");
    // A name the English never mentions, written out in the Polish: reported.
    let mut pl2 = doc(Lang::Pl, &["„Wygramy” – powiedział Wiśniewski."]);
    quote(&mut pl2, 0, "Wygramy", Some("Wiśniewski"));
    let fs = check(&en, &pl2, &a, &QaOptions { mode: Mode::Translation, ..Default::default() });
    assert_eq!(of(&fs, Check::SpeakerMismatch).len(), 1, "{fs:#?}");
}

fn names_found(en: &[&str], pl: &[&str]) -> Vec<Finding> {
    let (e, p) = (doc(Lang::En, &[&en.join("|")]), doc(Lang::Pl, &[&pl.join("|")]));
    let links: Vec<Link> = (0..en.len().min(pl.len())).map(|i| link(&[i], &[i], 0.9)).collect();
    let a = Alignment { sentences: links, quotes: vec![], ..Default::default() };
    check(&e, &p, &a, &QaOptions::default()).into_iter().filter(|f| f.check == Check::NameMismatch).collect()
}

#[test]
fn exonyms_translated_posts_and_abbreviations_are_the_same_names() {
    // Exonyms in any case form, a post and a named condition rendered in Polish words.
    let fs = names_found(
        &["Our reporters travelled to Yangon and then to Munich last week."],
        &["Nasi reporterzy pojechali w zeszłym tygodniu do Rangunu, a potem do Monachium."],
    );
    assert!(fs.is_empty(), "{fs:#?}");
    let fs = names_found(
        &["Yesterday the Taoiseach opened a clinic for people with Multiple Sclerosis."],
        &["Wczoraj premier Irlandii otworzył klinikę dla osób chorych na stwardnienie rozsiane."],
    );
    assert!(fs.is_empty(), "{fs:#?}");
    // One side abbreviates what the other spells out; an American spelling of a post.
    let fs = names_found(
        &["She studied at NYU and later worked for L.A. County as Chief Scientific Advisor."],
        &["Studiowała na Uniwersytecie Nowojorskim, a potem pracowała dla hrabstwa Los Angeles jako główna doradczyni naukowa."],
    );
    assert!(fs.is_empty(), "{fs:#?}");
    // A rendering that is not in the table is still a mismatch.
    let fs =
        names_found(&["Our reporters travelled to Yangon."], &["Nasi reporterzy pojechali do Mandalaj."]);
    assert_eq!(fs.len(), 2, "{fs:#?}");
}

#[test]
fn a_name_given_in_full_on_one_side_is_found_in_the_other_article() {
    let en = [
        "The Harbour Rovers won again on Friday.",
        "Their coach was pleased.",
        "The fans sang all night.",
        "Tickets sold out fast.",
        "On Sunday, the Rovers kept their lead.",
    ];
    let pl = [
        "Drużyna Harbour Rovers znów wygrała w piątek.",
        "Jej trener był zadowolony.",
        "Kibice śpiewali całą noc.",
        "Bilety szybko się wyprzedały.",
        "W niedzielę drużyna Harbour Rovers utrzymała prowadzenie.",
    ];
    let fs = names_found(&en, &pl);
    assert!(fs.is_empty(), "{fs:#?}");
}

#[test]
fn a_changed_surname_is_found_after_an_apostrophe_ending_and_inside_an_institution() {
    let fs = names_found(
        &["The wife of Mike Pence spoke first."],
        &["Żona Mike’a Kaczmarczyka przemówiła pierwsza."],
    );
    assert!(fs.iter().any(|f| f.message.starts_with("“Mike’a Kaczmarczyka” in the Polish")), "{fs:#?}");
    let fs = names_found(
        &["A report by the World Health Organization came out."],
        &["Ukazał się raport Światowej Kaczmarczyka Zdrowia."],
    );
    assert_eq!(fs.len(), 1, "{fs:#?}");
    assert!(fs[0].message.contains("Kaczmarczyka"), "{}", fs[0].message);
}

#[test]
fn changed_codes_and_badly_converted_measures_are_numbers_changed() {
    let one = |en: &str, pl: &str| {
        let (e, p) = (doc(Lang::En, &[en]), doc(Lang::Pl, &[pl]));
        let a = Alignment { sentences: vec![link(&[0], &[0], 0.9)], quotes: vec![], ..Default::default() };
        check(&e, &p, &a, &QaOptions::default())
            .into_iter()
            .filter(|f| f.check == Check::NumberMismatch)
            .map(|f| {
                (
                    f.severity,
                    f.en.iter().map(|s| e.slice(*s).to_string()).collect::<Vec<_>>(),
                    f.pl.iter().map(|s| p.slice(*s).to_string()).collect::<Vec<_>>(),
                )
            })
            .collect::<Vec<_>>()
    };
    let f = one("The city measured more NO2 this winter.", "Miasto zmierzyło tej zimy więcej NO9.");
    assert_eq!(f, [(Severity::Error, vec!["NO2".to_string()], vec!["NO9".to_string()])]);
    assert!(
        one("The city measured more NO2 this winter.", "Miasto zmierzyło tej zimy więcej NO2.").is_empty()
    );
    let f = one("The team cycled 120 miles in a day.", "Drużyna przejechała w ciągu dnia 260 km.");
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].0, Severity::Error);
    // Rounded conversions are fine: 120 miles are 193 km.
    assert!(one("The team cycled 120 miles in a day.", "Drużyna przejechała w ciągu dnia prawie 200 km.")
        .is_empty());
    assert!(one("They climbed 101,450ft in all.", "W sumie wspięli się na ponad 30 000 metrów.").is_empty());
    // A percentage in a case form the scale words leave out.
    assert!(one(
        "Exports make up ten percent of sales, compared with three percent before.",
        "Eksport stanowi dziesięć procent sprzedaży, w porównaniu z trzema procentami wcześniej."
    )
    .is_empty());
}

#[test]
fn an_english_scare_quote_left_out_is_an_omission_a_polish_one_added_is_not() {
    let mut en = doc(Lang::En, &["Critics called the plan a paper tiger on Monday."]);
    let mut pl = doc(Lang::Pl, &["Krytycy ocenili plan w poniedziałek bardzo surowo."]);
    let q = quote(&mut en, 0, "paper tiger", None);
    en.quotes[q].kind = QuoteKind::Scare;
    let a = Alignment { sentences: vec![link(&[0], &[0], 0.9)], quotes: vec![], ..Default::default() };
    let fs = check(&en, &pl, &a, &QaOptions::default());
    let o = of(&fs, Check::QuoteOmitted);
    assert_eq!(o.len(), 1, "{fs:#?}");
    assert_eq!(en.slice(o[0].en[0]), "paper tiger");
    en.quotes.clear();
    let q = quote(&mut pl, 0, "bardzo surowo", None);
    pl.quotes[q].kind = QuoteKind::Scare;
    let fs = check(&en, &pl, &a, &QaOptions::default());
    assert!(of(&fs, Check::QuoteAdded).is_empty(), "{fs:#?}");
}

#[test]
fn a_quote_whose_rest_the_polish_gives_unquoted_does_not_drift() {
    let en_q =
        "The old bridge was closed for a whole week in July and nobody in the town hall ever told us why \
                it had to happen in the middle of the summer,";
    let pl_q = "dlaczego musiało się to stać w samym środku lata";
    let mut en = doc(Lang::En, &[&format!("“{en_q}” she said.")]);
    let mut pl = doc(
        Lang::Pl,
        &[&format!(
            "Stary most zamknięto w lipcu na cały tydzień i nikt w ratuszu nigdy nam nie wyjaśnił, „{pl_q}” – \
             powiedziała."
        )],
    );
    quote(&mut en, 0, en_q, None);
    quote(&mut pl, 0, pl_q, None);
    let a = Alignment {
        sentences: vec![link(&[0], &[0], 0.9)],
        quotes: vec![link(&[0], &[0], 0.6)],
        ..Default::default()
    };
    let fs = check(&en, &pl, &a, &QaOptions::default());
    assert!(of(&fs, Check::QuoteDrift).is_empty(), "{fs:#?}");
}

#[test]
fn a_date_beside_an_amount_is_two_facts_not_a_changed_number() {
    let en = doc(Lang::En, &["The bank expects to act again in September."]);
    let pl = doc(Lang::Pl, &["Bank obniżył stopę do 4,5 proc. i zapowiada kolejne kroki."]);
    let a = Alignment { sentences: vec![link(&[0], &[0], 0.9)], quotes: vec![], ..Default::default() };
    let fs = check(&en, &pl, &a, &QaOptions::default());
    let n = of(&fs, Check::NumberMismatch);
    assert!(n.iter().all(|f| f.severity == Severity::Warning), "{fs:#?}");
    assert!(!n.is_empty(), "each side's own number is still shown: {fs:#?}");
}
