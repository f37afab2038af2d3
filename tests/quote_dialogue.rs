//! Quotations as news writes them, on fixtures written for these tests: Polish dash dialogue in its
//! three dash forms, resumption after the attribution, dialogue over several paragraphs, interviews,
//! dashes that are no dialogue, a closing mark without its opening mark, role nouns and pronouns
//! resolved to the person, names in the nominative, places and institutions.

use bialign::IngestOptions;
use bialign::{Document, QuoteKind};

fn doc(text: &str) -> Document {
    bialign::analyze("fixture", text.as_bytes(), &IngestOptions { html: Some(false), ..Default::default() })
        .expect("the fixture is accepted")
}

/// (quote text, speaker) of the top-level speech quotes.
fn speech(d: &Document) -> Vec<(&str, Option<&str>)> {
    d.quotes
        .iter()
        .filter(|q| q.depth == 0 && q.kind == QuoteKind::Speech)
        .map(|q| (d.slice(q.span), q.speaker.as_ref().map(|s| s.name.as_str())))
        .collect()
}

#[test]
fn dash_dialogue_in_three_dash_forms() {
    for d in ["-", "–", "—"] {
        let t = format!(
            "Minister finansów Adam Kowalczyk spotkał się w czwartek z posłami komisji budżetowej.\n\n\
             {d} Rozmowy o budżecie potrwają co najmniej do piątku {d} powiedział Kowalczyk dziennikarzom.\n"
        );
        let q = doc(&t);
        assert_eq!(
            speech(&q),
            vec![("Rozmowy o budżecie potrwają co najmniej do piątku", Some("Adam Kowalczyk"))],
            "{d}"
        );
    }
}

#[test]
fn resumption_continuation_and_interviews() {
    let t = "Wojewoda Ewa Zielińska odwiedziła w sobotę zalane gminy na południu regionu.\n\n\
             – Nie wiem jeszcze, ile to będzie kosztować – odpowiedziała Zielińska. – Zobaczymy po \
             oględzinach w poniedziałek.\n\n\
             – Pomoc dla rodzin ruszy od razu, bez czekania na szacunki strat.\n\n\
             Po spotkaniu z mieszkańcami wojewoda pojechała do sztabu kryzysowego.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Nie wiem jeszcze, ile to będzie kosztować", Some("Ewa Zielińska")),
            ("Zobaczymy po oględzinach w poniedziałek.", Some("Ewa Zielińska")),
            ("Pomoc dla rodzin ruszy od razu, bez czekania na szacunki strat.", Some("Ewa Zielińska")),
        ]
    );
    // An interview: the questions (ending in a question mark, followed by more dialogue) are not the
    // guest's.
    let t = "Rozmawiamy z trenerem Markiem Nowakiem o nowym sezonie.\n\n\
             – Czy drużyna jest gotowa na start ligi?\n\n\
             – Jesteśmy gotowi, choć brakuje nam jeszcze jednego obrońcy – mówi Nowak.\n\n\
             – Kiedy pojawi się nowy zawodnik?\n\n\
             – Myślę, że jeszcze przed pierwszym meczem.";
    let q = doc(t);
    let got = speech(&q);
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[0].1, None, "a question of the interviewer");
    assert_eq!(got[1].1, Some("Nowak"));
    assert_eq!(got[2].1, None);
    assert_eq!(got[3], ("Myślę, że jeszcze przed pierwszym meczem.", Some("Nowak")));
}

#[test]
fn dashes_that_are_no_dialogue() {
    let t = "Sezon był — jak sam przyznał trener — najtrudniejszy od lat.\n\n\
             Zarząd klubu (– red.) zebrał się w latach 2019–2021 kilkanaście razy.\n\n\
             Spółka ogłosiła plan na lata 2026 - 2030, a prezes wyszedł z sali – sugerując, że wróci.\n\n\
             W programie wyjazdu:\n- zwiedzanie zamku,\n- obiad w gospodzie.";
    let q = doc(t);
    assert!(speech(&q).is_empty(), "{:?}", speech(&q));
}

#[test]
fn closing_mark_without_opening_mark_and_multi_paragraph_quotes() {
    let t =
        "Potrzebowaliśmy więcej czasu na przygotowanie wniosku” - dodała Anna Wrona, szefowa fundacji.\n\n\
             Fundacja złoży dokumenty ponownie w przyszłym miesiącu.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![("Potrzebowaliśmy więcej czasu na przygotowanie wniosku", Some("Anna Wrona"))]
    );
    let t = "“The harbour will reopen on Monday, once the divers finish their survey.\n\n\
             “Until then, no ship may enter,” harbour master Ian Doyle said.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("The harbour will reopen on Monday, once the divers finish their survey.", Some("Ian Doyle")),
            ("Until then, no ship may enter,", Some("Ian Doyle")),
        ]
    );
}

#[test]
fn roles_resolve_to_the_person() {
    let t = "Premier Jan Wiśniewski przedstawił w Sejmie plan reformy szpitali.\n\n\
             – Nie zamkniemy żadnego oddziału – zapewnił premier.\n\n\
             Szef rządu zaznaczył, że reforma „nie odbierze nikomu prawa do leczenia”.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Nie zamkniemy żadnego oddziału", Some("Jan Wiśniewski")),
            ("nie odbierze nikomu prawa do leczenia", Some("Jan Wiśniewski")),
        ]
    );
    let t = "Prime Minister Helen Marsh visited the flooded valley on Sunday.\n\n\
             “We will rebuild every bridge,” the prime minister said.\n\n\
             Later she added: “Nobody will be left alone.”";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("We will rebuild every bridge,", Some("Helen Marsh")),
            ("Nobody will be left alone.", Some("Helen Marsh"))
        ]
    );
}

#[test]
fn pronouns_and_dropped_subjects_continue_the_speaker() {
    let t = "Rzecznik ratusza Piotr Malinowski odpowiadał w piątek na pytania mieszkańców.\n\n\
             – Remont mostu skończy się w maju – powiedział Malinowski.\n\n\
             Zapytany o koszty, przyznał, że będą wyższe. – Wszystko zdrożało – dodał.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Remont mostu skończy się w maju", Some("Piotr Malinowski")),
            ("Wszystko zdrożało", Some("Piotr Malinowski"))
        ]
    );
}

#[test]
fn places_are_not_speakers_institutions_are() {
    let t = "Posłowie spierali się o ustawę do późnej nocy.\n\n\
             – Ta ustawa nie przejdzie w obecnym kształcie – powiedział w Sejmie poseł Tomasz Lis.\n\n\
             „Projekt zostanie poprawiony” – przekazała Kancelaria Prezydenta.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Ta ustawa nie przejdzie w obecnym kształcie", Some("Tomasz Lis")),
            ("Projekt zostanie poprawiony", Some("Kancelaria Prezydenta")),
        ]
    );
    // An institution named after "według" or "zdaniem" is given in the nominative; one whose name
    // holds an adjective in -a is not taken for a woman named by its last words.
    for (written, want) in [
        ("Według Ministerstwa Zdrowia", "Ministerstwo Zdrowia"),
        ("Zdaniem Narodowego Banku Polskiego", "Narodowy Bank Polski"),
        ("Według Najwyższej Izby Kontroli", "Najwyższa Izba Kontroli"),
        ("Według Komendy Głównej Policji", "Komenda Główna Policji"),
    ] {
        let t = format!("{written} „kontrola wykazała poważne nieprawidłowości w wydatkach”.");
        let q = doc(&t);
        assert_eq!(speech(&q), vec![("kontrola wykazała poważne nieprawidłowości w wydatkach", Some(want))]);
    }
    for who in
        ["Komenda Główna Policji", "Komenda Wojewódzka Policji w Lublinie", "Komenda Główna Straży Pożarnej"]
    {
        let t = format!("„Na drogach zginęło w weekend pięć osób” – podała {who}.");
        let q = doc(&t);
        // (with the place it serves: there is one such command in each province)
        assert_eq!(speech(&q), vec![("Na drogach zginęło w weekend pięć osób", Some(who))]);
    }
}

#[test]
fn names_in_the_nominative() {
    for (written, want) in [
        ("Trumpa", "Trump"),
        ("Nawrockiego", "Nawrocki"),
        ("Tuska", "Tusk"),
        ("Małgorzaty Kidawy-Błońskiej", "Małgorzata Kidawa-Błońska"),
        ("Osbourne'a", "Osbourne"),
        ("Świątek", "Świątek"),
        ("Kate", "Kate"),
    ] {
        let t =
            format!("Według {written} „sytuacja wymaga spokojnej i rozważnej odpowiedzi wszystkich stron”.");
        let q = doc(&t);
        assert_eq!(
            speech(&q),
            vec![("sytuacja wymaga spokojnej i rozważnej odpowiedzi wszystkich stron", Some(want))],
            "{written}"
        );
    }
}

/// A quotation that ends its paragraph, with the attribution set apart in the next one by a line
/// break after a dash (scraped pages often break lines there): the next paragraph names the speaker and
/// is no quotation itself. Dialogue in the next paragraph (a capital after the dash) stays dialogue.
#[test]
fn an_attribution_in_the_paragraph_after_the_quotation() {
    let t = "Rząd przedstawił w czwartek projekt budżetu na przyszły rok.\n\n\
             „Nie podniesiemy podatków dla rodzin z dziećmi.”\n\n\
             – zapewnił w Sejmie minister finansów Tomasz Zieliński.\n\n\
             Opozycja zapowiedziała poprawki.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![("Nie podniesiemy podatków dla rodzin z dziećmi.", Some("Tomasz Zieliński"))]
    );
    let t = "Rząd przedstawił w czwartek projekt budżetu na przyszły rok.\n\n\
             „Nie podniesiemy podatków dla rodzin z dziećmi” – zapewnił minister Tomasz Zieliński.\n\n\
             – Poprawki złożymy jeszcze w tym tygodniu – odpowiedziała posłanka Anna Wrona.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Nie podniesiemy podatków dla rodzin z dziećmi", Some("Tomasz Zieliński")),
            ("Poprawki złożymy jeszcze w tym tygodniu", Some("Anna Wrona")),
        ]
    );
}

#[test]
fn one_pair_of_marks_over_two_paragraphs() {
    // „ opens the quotation in one paragraph and ” closes it in the next; the attribution after the
    // closing mark names the speaker of both parts.
    let t = "Kolejarze grożą strajkiem.\n\n\
             „Nie zgodzimy się na żadne zwolnienia. Jeśli zarząd nie ustąpi, staniemy.\n\n\
             Będziemy protestować tak długo, jak trzeba” – zapowiedział szef związku Jerzy Makowiec.\n";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            (
                "Nie zgodzimy się na żadne zwolnienia. Jeśli zarząd nie ustąpi, staniemy.",
                Some("Jerzy Makowiec")
            ),
            ("Będziemy protestować tak długo, jak trzeba", Some("Jerzy Makowiec")),
        ]
    );
    // Without an attribution after the closing mark the second part is still a quotation.
    let t = "Mistrzyni opowiadała o planach. „Zdobyłam wszystko, o czym marzyłam.\n\n\
             Teraz szukam nowych wyzwań.” Do programu dołączy też dwóch aktorów.\n";
    let q = doc(t);
    let texts: Vec<&str> = speech(&q).into_iter().map(|(t, _)| t).collect();
    assert_eq!(texts, vec!["Zdobyłam wszystko, o czym marzyłam.", "Teraz szukam nowych wyzwań."]);
}

#[test]
fn a_name_after_the_noun_it_names_is_no_speech() {
    let t = "Związek „Solidarność” zapowiedział protest przed siedzibą spółki Koleje Pomorskie.\n";
    let q = doc(t);
    assert!(speech(&q).is_empty(), "{:?}", speech(&q));
    assert_eq!(q.quotes.iter().filter(|x| x.kind == QuoteKind::Title).count(), 1);
}

/// A press interview: a lead names the guest (in the instrumental) and the interviewer, and the
/// conversation runs as dash dialogue with no attribution at all, short questions included. The
/// questions are the interviewer's, the answers the guest's, with the guest's name in the nominative.
#[test]
fn an_interview_lead_names_who_asks_and_who_answers() {
    let t = "Z Haliną Borowską, wójtem gminy nad zalewem, rozmawia Tomasz Kruk.\n\n\
             – Kiedy ruszy budowa przystani?\n\n\
             – Wiosną, jeśli przetarg nie zostanie oprotestowany. Pieniądze mamy zapewnione.\n\n\
             – A parking?\n\n\
             – Parking powstanie rok później, razem z nową drogą.\n\n\
             Przystań ma kosztować osiem milionów złotych.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Kiedy ruszy budowa przystani?", Some("Tomasz Kruk")),
            (
                "Wiosną, jeśli przetarg nie zostanie oprotestowany. Pieniądze mamy zapewnione.",
                Some("Halina Borowska")
            ),
            ("A parking?", Some("Tomasz Kruk")),
            ("Parking powstanie rok później, razem z nową drogą.", Some("Halina Borowska")),
        ]
    );
    // The same conversation after a paragraph that is no lead is not taken as an interview: its short
    // bare lines are not kept as quotations.
    let t = t.replacen(
        "Z Haliną Borowską, wójtem gminy nad zalewem, rozmawia Tomasz Kruk.",
        "Gmina buduje przystań.",
        1,
    );
    let q = doc(&t);
    assert!(speech(&q).iter().all(|s| s.1.is_none() && s.0 != "A parking?"), "{:?}", speech(&q));
}

/// "Rozmowa z …" above a standfirst names the guest; the interviewer signs at the end. A role may
/// stand between "Z" and the name, and a surname that drops its e (Kudełkiem → Kudełek) gets it back.
#[test]
fn an_interview_named_by_its_title_and_signed_at_the_end() {
    let t = "Rozmowa z Anną Sadowską, kierowniczką schroniska w Beskidach\n\n\
             Zima przyszła w tym roku wcześnie, a turystów jest więcej niż zwykle.\n\n\
             – Ilu gości przyjęliście w grudniu?\n\n\
             – Ponad dwa tysiące. To rekord od otwarcia schroniska.\n\n\
             – Brakuje miejsc?\n\n\
             – W weekendy tak, dlatego prosimy o rezerwacje.\n\n\
             Rozmawiał: Jerzy Pilch";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Ilu gości przyjęliście w grudniu?", Some("Jerzy Pilch")),
            ("Ponad dwa tysiące. To rekord od otwarcia schroniska.", Some("Anna Sadowska")),
            ("Brakuje miejsc?", Some("Jerzy Pilch")),
            ("W weekendy tak, dlatego prosimy o rezerwacje.", Some("Anna Sadowska")),
        ]
    );
    // With the signature alone, the questions are still the interviewer's, and the answers are
    // nobody's rather than the interviewer's.
    let t = t.replacen("Rozmowa z Anną Sadowską, kierowniczką schroniska w Beskidach", "Schronisko pełne", 1);
    let q = doc(&t);
    assert_eq!(
        speech(&q),
        vec![
            ("Ilu gości przyjęliście w grudniu?", Some("Jerzy Pilch")),
            ("Ponad dwa tysiące. To rekord od otwarcia schroniska.", None),
            ("Brakuje miejsc?", Some("Jerzy Pilch")),
            ("W weekendy tak, dlatego prosimy o rezerwacje.", None),
        ]
    );
    let t = "Z trenerem kadry Pawłem Kudełkiem rozmawia Ewa Sowa.\n\n\
             – Jak wygląda przygotowanie do mistrzostw?\n\n\
             – Trenujemy dwa razy dziennie, także w niedziele.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Jak wygląda przygotowanie do mistrzostw?", Some("Ewa Sowa")),
            ("Trenujemy dwa razy dziennie, także w niedziele.", Some("Paweł Kudełek")),
        ]
    );
}

/// A role before a name and a colon, a role noun opening a sentence before a full name, a role the
/// article gives no one, and a resident of a town: each speaker as a reader takes it.
#[test]
fn roles_before_names_and_roles_held_by_no_one() {
    let t = "Prezydent Ewa Grodzka: „Projekt trafi do komisji jeszcze w tym tygodniu”.\n\n\
             Rynek czekał na dane. Analityczka Zofia Mrozek oceniła, że „stopy procentowe spadną przed latem”.\n\n\
             „Budżet na przyszły rok jest bezpieczny” – zapewnił premier.\n\n\
             Minister finansów przekonywał, że „deficyt nie przekroczy trzech procent”.\n\n\
             „Woda stała w piwnicach przez dwa tygodnie” – opowiadała mieszkanka Nysy.";
    let q = doc(t);
    assert_eq!(
        speech(&q),
        vec![
            ("Projekt trafi do komisji jeszcze w tym tygodniu", Some("Ewa Grodzka")),
            ("stopy procentowe spadną przed latem", Some("Zofia Mrozek")),
            // The analyst is no prime minister, and the minister is named nowhere.
            ("Budżet na przyszły rok jest bezpieczny", None),
            ("deficyt nie przekroczy trzech procent", None),
            ("Woda stała w piwnicach przez dwa tygodnie", Some("mieszkanka")),
        ]
    );
}
