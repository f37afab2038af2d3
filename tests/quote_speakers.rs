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
    // A resident of a place is the described speaker, not the place.
    let t = "The river burst its banks overnight.\n\n\
             \"The water reached the second step of the stairs,\" a resident of Leeds recalled.\n";
    assert_eq!(speakers(t), vec![some("a resident of Leeds")]);
    // An institution named with "of" after "according to" keeps its whole name.
    let t = "Prices rose again in October.\n\n\
             According to the Bank of England, \"inflation will fall faster than expected\".\n";
    assert_eq!(speakers(t), vec![some("Bank of England")]);
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

#[test]
fn a_speakers_name_leaves_out_the_office_and_the_institution_before_it() {
    // English: a nationality and an abbreviated office before the name.
    let t = "\"Every port will be inspected before winter,\" Dutch PM Anna Verbeek said on Monday.\n";
    assert_eq!(speakers(t), vec![some("Anna Verbeek")]);
    // Polish: an office with its institution's acronym ("prezes GUS") before the name.
    let t = "„Dane za październik nie są jeszcze pełne” – podkreślił prezes GUS Marek Wrona.\n";
    assert_eq!(speakers(t), vec![some("Marek Wrona")]);
    // A lone surname is not completed with an institution's acronym written before it elsewhere.
    let t = "Rzecznik PZPN Wiśniewski nie chciał komentować wyników kontroli.\n\n\
             „Zgłoszeń było dwa razy więcej niż rok temu” – dodał potem Wiśniewski.\n";
    assert_eq!(speakers(t), vec![some("Wiśniewski")]);
    // An acronym with one word after it may be the institution itself: it stays whole.
    let t = "„Nie zmieniamy procedur” – oświadczył rzecznik CNN Business.\n";
    assert_eq!(speakers(t), vec![some("CNN Business")]);
    // Initials that are the name itself stay.
    let t = "\"We will not wait for them,\" JD Hollis said.\n";
    assert_eq!(speakers(t), vec![some("JD Hollis")]);
}

#[test]
fn an_abbreviated_polish_title_keeps_the_whole_name_after_it() {
    let t = "Uroczystość w katedrze trwała ponad dwie godziny.\n\n\
             – Musimy pamiętać o tych, których dziś tu nie ma – powiedział kard. Marco Bellini, \
             który przewodniczył mszy.\n";
    assert_eq!(speakers(t), vec![some("Marco Bellini")]);
    let t = "– Szkoła zostanie otwarta we wrześniu – zapowiedział ks. Tomasz Wilk.\n";
    assert_eq!(speakers(t), vec![some("Tomasz Wilk")]);
}

#[test]
fn a_polish_full_name_goes_back_to_the_nominative_as_a_whole() {
    // The full name is written only in the genitive ("Roberta Hallama"), the surname alone in the
    // nominative ("Hallam"): the first name takes the surname's case and returns with it.
    let t = "Premier Kanady zaskoczył w piątek Roberta Hallama pytaniem o cła.\n\n\
             – Wrócimy do tego jutro – dodał Hallam.\n";
    assert_eq!(speakers(t), vec![some("Robert Hallam")]);
    // The same in the instrumental, with the full name in an attribution.
    let t = "Minister rozmawiał wczoraj z Tomaszem Nowakiem.\n\n\
             „Porozumienie jest blisko” – napisał później Nowak.\n";
    assert_eq!(speakers(t), vec![some("Tomasz Nowak")]);
}

#[test]
fn a_name_with_the_speakers_age_before_the_verb() {
    let t = "The band stopped playing for a moment.\n\n\
             \"Look at the two of them,\" Hendricks, 52, said from the stage.\n";
    assert_eq!(speakers(t), vec![some("Hendricks")]);
    let t = "„Takiej zimy nie pamiętam” – Kowalska, 61, powiedziała reporterom.\n";
    assert_eq!(speakers(t), vec![some("Kowalska")]);
}

#[test]
fn a_title_or_honorific_before_the_name_after_the_quotation() {
    // "…," President X said: a capitalised office, an honorific or a nationality before the name
    // is description, not a reason to drop the attribution.
    for (t, want) in [
        ("\"The bridge reopens in May,\" President Lena Morawa said.\n", "Lena Morawa"),
        ("\"The bridge reopens in May,\" Mr Pellow told reporters.\n", "Pellow"),
        ("\"The bridge reopens in May,\" Dr. Ruth Okafor said on Monday.\n", "Ruth Okafor"),
        ("\"The bridge reopens in May,\" German President Lena Vogt said.\n", "Lena Vogt"),
    ] {
        assert_eq!(speakers(t), vec![some(want)], "{t}");
    }
}

#[test]
fn a_source_opening_the_sentence_says_the_words_after_it() {
    // "According to X, … “…”": X, not "to X".
    let t = "According to Hale, the new checks \"will not last beyond the summer\".\n";
    assert_eq!(speakers(t), vec![some("Hale")]);
    let t = "According to the transport minister Piotr Lasek, the tunnel is \"safe for now\".\n";
    assert_eq!(speakers(t), vec![some("Piotr Lasek")]);
}

#[test]
fn an_office_and_its_institution_before_a_colon_are_not_the_name() {
    let t = "Szef MSZ Radosław Kowal: „Nie ma zgody na decyzje podjęte bez nas”.\n";
    assert_eq!(speakers(t), vec![some("Radosław Kowal")]);
}

#[test]
fn a_role_is_not_given_to_a_person_holding_another_office() {
    // The prime minister is not named in the article; the two people named hold other offices,
    // so the quote is left without a speaker rather than given the nearest of them.
    let t = "Prezydent Anna Lis i szef MSZ Jan Kowal rozmawiali w środę o granicy.\n\n\
             – To nasza czerwona linia – mówił premier.\n";
    assert_eq!(speakers(t), vec![None]);
    // A person the article gives this office still takes it.
    let t = "Premier Adam Wolny i szef MSZ Jan Kowal rozmawiali w środę o granicy.\n\n\
             – To nasza czerwona linia – mówił premier.\n";
    assert_eq!(speakers(t), vec![some("Adam Wolny")]);
}

#[test]
fn a_participle_opening_the_clause_is_not_a_speaker() {
    // "Zapytany o …, odparł:" — the verb's subject is dropped: the minister quoted before, not
    // a person called "Zapytany".
    let t = "– Kolejki skrócimy o jedną trzecią – zapowiedział minister Adam Nowak.\n\n\
             Zapytany o koszty reformy, odparł krótko: – Pieniądze są w budżecie.\n";
    assert_eq!(speakers(t), vec![some("Adam Nowak"), some("Adam Nowak")]);
}

#[test]
fn a_nationality_noun_stands_for_the_person_of_that_country_and_gender() {
    // Sports news names the player by nationality after the first mention. The Italian is named
    // after the Pole, so the Pole's quote passes him over; the coach is a man, the rival a woman.
    let t = "Kamil Wrona pokonał w Rzymie Włocha Marca Bellego 6:3, 6:4.\n\n\
             – Grałem dziś bardzo cierpliwie – powiedział Polak na konferencji.\n\n\
             Belli nie ukrywał złości. – Popełniłem za dużo błędów – przyznał Włoch.\n\n\
             W turnieju kobiet Zofia Marek przegrała z Niemką Hanną Vogel. – Rywalka była \
             lepsza – oceniła Polka.\n";
    let got = speakers(t);
    assert_eq!(got[0], some("Kamil Wrona"), "{got:?}");
    // The Italian, in the case form the text names him in ("Marca Bellego").
    assert!(got[1].as_deref().is_some_and(|s| s.contains("Bell")), "{got:?}");
    assert_eq!(got[2], some("Zofia Marek"), "{got:?}");
    let t = "Lena Hart reached the final in Madrid on Saturday.\n\n\
             \"I felt calm from the first game,\" the Briton said.\n\n\
             Her coach, Pablo Ruiz, was pleased. \"She served brilliantly,\" the Spaniard told \
             reporters.\n";
    assert_eq!(speakers(t), vec![some("Lena Hart"), some("Pablo Ruiz")]);
}

#[test]
fn a_pronoun_does_not_take_a_person_of_the_other_gender() {
    // The deputy minister is named in narration only; the last named speaker is a man.
    let t = "\"The queues will get shorter this year,\" Tomasz Rybak told reporters.\n\n\
             Deputy minister Alicja Moryc said in a statement that fees would not rise. \
             \"The reform pays for itself,\" she wrote on X.\n";
    assert_eq!(speakers(t), vec![some("Tomasz Rybak"), some("Alicja Moryc")]);
}

#[test]
fn a_role_takes_a_person_whose_gender_the_verb_shows() {
    // No one is given the premier's office; the woman named later cannot be the premier who
    // "przekonywał" (a man).
    let t = "Premier przekonywał w Sejmie, że „zmiany są konieczne”.\n\n\
             Wieczorem Joanna Nowicka napisała na Instagramie: „Dziękuję za wsparcie”.\n";
    assert_eq!(speakers(t), vec![None, some("Joanna Nowicka")]);
}

#[test]
fn an_institution_after_a_polish_verb_is_the_speaker_as_written() {
    let t = "Na autostradzie A4 doszło w nocy do karambolu.\n\n\
             – Droga pozostanie zamknięta do rana – poinformowała policja.\n\n\
             „Nikt z pasażerów nie odniósł obrażeń” – przekazała w komunikacie straż.\n";
    assert_eq!(speakers(t), vec![some("policja"), some("straż")]);
    // A dative after the verb is whom the words were said to, not the speaker.
    let t = "Jan Pawlak był przesłuchiwany przez trzy godziny. \
             „Działałem zgodnie z przepisami” – powiedział komisji.\n";
    assert_eq!(speakers(t), vec![some("Jan Pawlak")]);
}

#[test]
fn a_dropped_subject_is_the_person_this_paragraph_names() {
    // The minister spoke in the paragraph before; the union's spokesman is named in narration in
    // this one, as the subject of reported speech.
    let t = "Jak zaznaczył minister rolnictwa Tomasz Grabiec, „skup zboża ruszy w poniedziałek”.\n\n\
             Rzecznik rolników Marek Zawada przekazał, że protest zostaje zawieszony. \
             – Dajemy rządowi tydzień – dodał.\n";
    assert_eq!(speakers(t), vec![some("Tomasz Grabiec"), some("Marek Zawada")]);
}

#[test]
fn a_party_before_a_full_name_is_not_part_of_it() {
    let t = "„Ustawa wymaga poprawek” – oceniła w radiu posłanka Lewicy Joanna Mroczek.\n";
    assert_eq!(speakers(t), vec![some("Joanna Mroczek")]);
}

#[test]
fn a_description_after_an_opening_phrase_and_a_colon_clauses_speaker() {
    let t = "Shares in the airline fell by a fifth.\n\n\
             In a statement, the airline said: \"No flights will be cancelled.\"\n";
    assert_eq!(speakers(t), vec![some("the airline")]);
    // The speaker a colon clause names is the one a later pronoun continues.
    let t = "\"We were promised a pay rise,\" Adam Fox said.\n\n\
             The nurses' representative, Helen Moss, added: \"We will strike in March.\"\n\n\
             \"Nobody wants this,\" she told the BBC.\n";
    assert_eq!(speakers(t), vec![some("Adam Fox"), some("Helen Moss"), some("Helen Moss")]);
}

#[test]
fn jak_opening_an_attribution_is_no_name() {
    let t = "– Rozmowy potrwają do piątku – powiedział Adam Rydz.\n\n\
             Jak dodał, „porozumienie jest blisko”.\n";
    assert_eq!(speakers(t), vec![some("Adam Rydz"), some("Adam Rydz")]);
    // A role no one in the article holds: no speaker, not a person named only later.
    let t = "– Zabiegamy o środki z Unii – mówił burmistrz Jan Lis.\n\n\
             Jak przekonywała skarbnik miasta, „bez nich inwestycje stoją”.\n\n\
             „Płacimy coraz więcej” – skarżyła się mieszkanka Bielan Zofia Kurek.\n";
    assert_eq!(speakers(t), vec![some("Jan Lis"), None, some("Zofia Kurek")]);
}

#[test]
fn a_paragraph_ending_in_a_colon_introduces_the_dialogue_after_it() {
    let t = "– Budżet jest gotowy – mówiła prezydent miasta Ewa Sobota.\n\n\
             Radny Piotr Wąs zapowiedział, że złoży poprawki:\n\
             – Dochody są zawyżone o pięćdziesiąt milionów.\n";
    assert_eq!(speakers(t), vec![some("Ewa Sobota"), some("Piotr Wąs")]);
}

#[test]
fn a_title_between_the_verb_and_the_name() {
    // Read as a subject-less "said", the quotes went to the speaker before.
    let t = "\"We agree with the plan,\" Jan Lis said.\n\n\
             \"We will study the proposals carefully,\" said Ms Sowa, who took over in May.\n\n\
             \"Talks will resume,\" said Tomas Kerr, the Namibian president.\n\n\
             \"Our sanctions stay,\" said President Okoro.\n";
    assert_eq!(speakers(t), vec![some("Jan Lis"), some("Sowa"), some("Tomas Kerr"), some("Okoro")]);
}

#[test]
fn a_fragment_after_wedlug_and_a_subject_is_the_sources_speech() {
    // The reported fragment is the speech of the person "według" names, not a scare quote.
    let t = "Sejm przyjął nowelizację ustawy o szkolnictwie.\n\n\
             Według Gawlika reforma „nic nie zmieni”.\n";
    let d = doc(t);
    assert_eq!(speech(&d), vec![("nic nie zmieni".to_string(), some("Gawlik"))]);
}

#[test]
fn appositions_surnames_and_media_in_attributions() {
    // A full name set off by commas right before the verb is the speaker, not the noun opening the
    // sentence.
    let t = "Rzeka wystąpiła z brzegów w nocy.\n\n\
             Mieszkanka Kłodzka, 64-letnia Janina Wrzos, napisała na Facebooku: „Nasza ulica to rzeka”.\n";
    assert_eq!(speakers(t), vec![some("Janina Wrzos")]);
    // A surname opening the clause is the person the article names in full; a medium after "told"
    // holds no office.
    let t = "The head of the flood agency, Tom Birch, said the water would peak overnight.\n\n\
             \"The army is ready to help,\" the defence secretary told Sky News.\n\n\
             Birch later added that \"more rain is expected on Tuesday\".\n";
    assert_eq!(speakers(t), vec![None, some("Tom Birch")]);
}

/// A man's first name declined in -a takes its nominative from the given-name list: the fleeting e
/// of Polish names (Marka → Marek, Leszka → Leszek, Pawła → Paweł) and foreign names in -o
/// (Lorenza → Lorenzo). Where both readings are names (Marka: Marek or Mark), a Polish surname
/// takes the Polish one and a foreign surname keeps the stem.
#[test]
fn declined_first_names_take_their_nominative_from_the_given_name_list() {
    let got = speakers(
        "Według Marka Wiśniewskiego „reforma nic nie zmieni”.\n\n\
         Zdaniem Leszka Millera „to był błąd”.\n\n\
         Według Pawła Kowalczyka „umowa jest korzystna dla wszystkich”.\n\n\
         Według Lorenza Musettiego „finał był bardzo trudny”.\n\n\
         Według Marka Zuckerberga „sztuczna inteligencja zmieni internet”.",
    );
    assert_eq!(got[0].as_deref(), Some("Marek Wiśniewski"), "{got:?}");
    assert_eq!(got[1].as_deref(), Some("Leszek Miller"), "{got:?}");
    assert_eq!(got[2].as_deref(), Some("Paweł Kowalczyk"), "{got:?}");
    assert_eq!(got[3].as_deref(), Some("Lorenzo Musetti"), "{got:?}");
    assert_eq!(got[4].as_deref(), Some("Mark Zuckerberg"), "{got:?}");
}

/// A medium's name run into the speaker's surname ("w rozmowie z Canal+ Sport Świątek") is not part
/// of the name: the speaker is the person the article names in full. A first name the given-name list
/// does not know is still a first name: another person of that surname stays apart.
#[test]
fn a_medium_run_into_a_surname_is_left_out() {
    let got = speakers(
        "Iga Świątek wygrała w sobotę turniej w Madrycie.\n\n\
         W rozmowie z Canal+ Sport Świątek dodała: „To był najtrudniejszy mecz sezonu”.\n\n\
         Lekarz Peter Moyo wrócił do szpitala w Harare.\n\n\
         – Jestem spokojny o jego zdrowie – powiedział Tendai Moyo.",
    );
    assert_eq!(got, vec![some("Iga Świątek"), some("Tendai Moyo")], "{got:?}");
}

/// Someone the article describes but does not name stays a description, never the last person
/// named: a role with an age before it ("the 34-year-old analyst"), and a noun phrase opened by an
/// article after the verb ("said an engineer"), even when the noun is in no list.
#[test]
fn described_speakers_after_the_verb_are_not_the_last_person_named() {
    let got = speakers(
        "Transport Minister Anna Reed opened the bridge on Monday.\n\n\
         \"It will carry ten thousand cars a day,\" Reed said.\n\n\
         \"Nobody expected it so soon,\" said the 34-year-old analyst.\n\n\
         \"The cables were tested twice,\" said the 34-year-old engineer, who asked not to be named.\n\n\
         \"It is safe,\" said an engineer.",
    );
    assert_eq!(
        got,
        vec![
            some("Anna Reed"),
            some("the 34-year-old analyst"),
            some("the 34-year-old engineer"),
            some("an engineer")
        ],
        "{got:?}"
    );
}

/// A foreign surname in -e declined in -ego keeps its -e (Marka Ruttego → Mark Rutte): a stem
/// Polish spelling never ends in (a doubled consonant) is no Polish adjective; Polish ones still take
/// -y (Jana Wesołego → Jan Wesoły).
#[test]
fn a_foreign_surname_in_e_declined_in_ego_keeps_its_e() {
    let got = speakers(
        "Według Marka Ruttego „sojusz jest gotowy”.\n\n\
         Według Jana Wesołego „nic się nie stało”.",
    );
    assert_eq!(got, vec![some("Mark Rutte"), some("Jan Wesoły")], "{got:?}");
}

/// Where a declined first name reads as two listed names (Jacka: Jacek or Jack; Marka: Marek or
/// Mark), a surname spelt as Polish never is (ck, th, ey, a doubled consonant) keeps the foreign
/// name, and any other surname takes the Polish one, as Polish news names far more Jaceks than
/// Jacks.
#[test]
fn a_declined_first_name_is_polish_unless_the_surname_is_spelt_foreign() {
    let got = speakers(
        "Według Jacka Sosina „budżet się domknie”.\n\n\
         Zdaniem Marka Rogana „koalicja przetrwa do wyborów”.\n\n\
         Według Marka Carneya „cła uderzą w obie gospodarki”.\n\n\
         Zdaniem Jacka Smitha „śledztwo trwa nadal”.\n\n\
         Według Marka Hamilla „to była wspaniała przygoda”.",
    );
    assert_eq!(
        got,
        vec![
            some("Jacek Sosin"),
            some("Marek Rogan"),
            some("Mark Carney"),
            some("Jack Smith"),
            some("Mark Hamill")
        ],
        "{got:?}"
    );
}

/// A role behind an indefinite article ("a spokesman", "A spokeswoman for the company") is someone
/// described, not the person the article names for that office, and not a name inside the phrase
/// ("A spokesperson for Downing Street" is not Downing Street). A role behind a definite article
/// opening the clause ("The prime minister said:") is its holder.
#[test]
fn an_indefinite_role_is_a_description_and_a_definite_one_its_holder() {
    let got = speakers(
        "Prime Minister Jane Hill met the unions on Monday.\n\n\
         \"The talks will go on,\" a spokesman for the union said.\n\n\
         A spokesperson for Downing Street said: \"No decision has been made.\"\n\n\
         A spokeswoman for the rail company said: \"Trains will run on Sunday.\"\n\n\
         The prime minister said: \"We are close to a deal.\"",
    );
    assert_eq!(
        got,
        vec![
            some("a spokesman for the union"),
            some("A spokesperson for Downing Street"),
            some("A spokeswoman for the rail company"),
            some("Jane Hill")
        ],
        "{got:?}"
    );
}

/// A Polish role opening a colon clause, capitalised at the sentence start ("Premier powiedział:"),
/// is its holder, not a person called "Premier".
#[test]
fn a_capitalised_role_opening_a_colon_clause_is_its_holder() {
    let got = speakers(
        "Premier Jan Nowak spotkał się w poniedziałek ze związkowcami.\n\n\
         Premier powiedział: „Rozmowy potrwają do piątku”.",
    );
    assert_eq!(got, vec![some("Jan Nowak")], "{got:?}");
}

/// English verbs of answering with "back" ("shot back", "fired back") attribute the quotation before
/// them; the verb alone stays an ordinary verb ("He was shot").
#[test]
fn a_verb_with_back_attributes_a_quotation() {
    let got = speakers(
        "Health Secretary Tom Barlow defended the plan on Monday.\n\n\
         \"Nobody is being ignored,\" Barlow shot back.\n\n\
         Union leader Mary Cole was unmoved.\n\n\
         \"That is nonsense,\" she fired back on Tuesday.\n\n\
         \"He was shot twice,\" a witness said.",
    );
    assert_eq!(got, vec![some("Tom Barlow"), some("Mary Cole"), some("a witness")], "{got:?}");
}

/// In Polish, an institution in the genitive before a full name qualifies it: the speaker is the
/// person ("Według ekonomistki Banku Rolnego Joanny Sikory" → Joanna Sikora), and "szef resortu" is
/// a minister, the one the article names.
#[test]
fn an_institution_before_a_full_name_qualifies_it() {
    let got = speakers(
        "Minister rolnictwa Adam Wrona przedstawił w środę plan pomocy dla rolników.\n\n\
         – Pieniądze trafią do gospodarstw jeszcze w tym roku – zapewnił szef resortu rolnictwa.\n\n\
         Według ekonomistki Banku Rolnego Joanny Sikory „plan jest spóźniony”.",
    );
    assert_eq!(got, vec![some("Adam Wrona"), some("Joanna Sikora")], "{got:?}");
}

/// A medium named by acronyms after a preposition ("w rozmowie z RMF FM") is no speaker: the role
/// before it is ("mówił prezydent"). A journalist asking in dialogue is someone described
/// ("pytał dziennikarz"), not the last person named.
#[test]
fn an_acronym_medium_is_no_speaker_and_a_journalist_is_described() {
    let got = speakers(
        "Prezydent Karol Wicher spotkał się w piątek z rolnikami.\n\n\
         – Nie zgodzę się na cięcie dopłat – mówił prezydent w rozmowie z RMF FM.\n\n\
         – Czy rząd ustąpi? – pytał dziennikarz.\n\n\
         – Zobaczymy – odpowiedział Wicher.",
    );
    assert_eq!(got, vec![some("Karol Wicher"), some("dziennikarz"), some("Karol Wicher")], "{got:?}");
}

/// Polish puts the verb first and the subject right before the colon ("Powiedział wtedy premier Jan
/// Lis:", "Głos zabrał lider rolników Michał Kowalczyk:", "took the floor"): the speaker is that
/// subject, not the capitalised word opening the clause, while an object after the verb is no speaker
/// ("Kowal zapytał ministra Jana Nowaka:" is Kowal's question).
#[test]
fn a_polish_subject_after_the_verb_before_a_colon_is_the_speaker() {
    let got = speakers(
        "Obrady trwały do wieczora. Głos zabrał też lider rolników Michał Kowalczyk: „Nie pozwolimy, \
         by nasze gospodarstwa upadały jedno po drugim”.\n\n\
         Potem dyskusja przeniosła się na korytarz. Zabrała głos posłanka Anna Wrona: „Ten projekt \
         trzeba odrzucić w całości”.\n\n\
         Sala ucichła. Powiedział wtedy premier Jan Lis: „Nie zamierzam się wycofać z tej reformy”.\n\n\
         Na koniec przemawiał Kowal. Kowal zapytał ministra Jana Nowaka: „Kiedy wreszcie zobaczymy te \
         pieniądze?”.",
    );
    assert_eq!(
        got,
        vec![some("Michał Kowalczyk"), some("Anna Wrona"), some("Jan Lis"), some("Kowal")],
        "{got:?}"
    );
}

/// A party before a full name qualifies the person in the article's people too: a role with no
/// holder of its own ("odpowiedział minister", when no minister is named) is not resolved to a
/// person built from the party and the name ("Lewicy Marta Zięba").
#[test]
fn a_party_before_a_name_does_not_enter_the_articles_people() {
    let got = speakers(
        "Posłanka Lewicy Marta Zięba skrytykowała projekt ustawy. – To jest zły pomysł, który uderzy w \
         najbiedniejszych – powiedziała posłanka Lewicy Marta Zięba.\n\n\
         – Zobaczymy, co przyniesie głosowanie – odpowiedział krótko minister.",
    );
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0], some("Marta Zięba"), "{got:?}");
    assert!(!matches!(&got[1], Some(s) if s.contains("Lewicy")), "{got:?}");
}

/// A source with an affiliation after the name ("According to Peter Fox of the University of
/// Leeds, …", "Zdaniem Piotra Lisa z Uniwersytetu Warszawskiego …") is the person, not the words
/// around the name.
#[test]
fn a_source_with_an_affiliation_is_the_person() {
    let got = speakers(
        "According to economist Peter Fox of the University of Leeds, the forecasts are \"far too \
         rosy\".",
    );
    assert_eq!(got, vec![some("Peter Fox")], "{got:?}");
    let got = speakers(
        "Zdaniem dr. Piotra Lisa z Uniwersytetu Warszawskiego prognozy wzrostu są „zbyt \
         optymistyczne”.",
    );
    assert_eq!(got, vec![some("Piotr Lis")], "{got:?}");
}

/// A possessive pronoun with a noun of opinion opening the sentence ("In his view, …", "Jego
/// zdaniem …") attributes the words it quotes to the person it stands for.
#[test]
fn an_opinion_pronoun_attributes_the_quoted_words() {
    let got = speakers(
        "Opposition leader Tom Rook was scathing. In his view, the government was \"sweeping \
         problems under the carpet\".",
    );
    assert_eq!(got, vec![some("Tom Rook")], "{got:?}");
    let got =
        speakers("Poseł Tomasz Rak nie krył oburzenia. Jego zdaniem rząd „zamiata problemy pod dywan”.");
    assert_eq!(got, vec![some("Tomasz Rak")], "{got:?}");
}

/// A person the article gives an office in apposition ("The finance minister, Kate Wren, …") does
/// not hold another one: "the president" is no one the article names, not her.
#[test]
fn a_role_in_apposition_is_another_office() {
    let got = speakers(
        "The finance minister, Kate Wren, unveiled the budget on Wednesday.\n\n\
         \"This is a responsible budget,\" Wren told reporters.\n\n\
         \"I will study this bill very carefully,\" the president wrote on X.",
    );
    assert_eq!(got, vec![some("Kate Wren"), None], "{got:?}");
}

/// After "w rozmowie z" / "told", a run ending in a medium's word ("Polsatem Sport", "Sky News") is
/// the medium: the speaker is the person the narration names, and the medium never stands in for a
/// person later ("– … – zapowiedziała Polka" is the Polish player, not "Polsatem Sport").
#[test]
fn a_medium_named_with_its_channel_word_is_no_speaker() {
    let got = speakers(
        "Iga Nowicka awansowała do półfinału. Polka pokonała Hiszpankę Carlę Ruiz.\n\n\
         Trener Polki, Tomasz Wiatr, nie krył zadowolenia. – Zrobiła to, o czym rozmawialiśmy – \
         przekazał w rozmowie z Polsatem Sport.\n\n\
         – Wierzę w swoją grę – zapowiedziała Polka.",
    );
    assert_eq!(got, vec![some("Tomasz Wiatr"), some("Iga Nowicka")], "{got:?}");
}

/// Narration naming someone as its subject right before a quotation attributed by a pronoun or a
/// dropped subject is read for the speaker, also when the person is named only in narration: "Ruiz
/// admitted …. “…,” she wrote", "Hiszpanka przyznała …. „…” – napisała" (the nationality noun
/// standing for the Spanish player, her name in the nominative).
#[test]
fn the_subject_of_the_narration_before_a_quote_is_its_speaker() {
    let got = speakers(
        "Jessica Bell beat Carla Ruiz on Thursday.\n\n\
         \"I stayed patient,\" Bell said.\n\n\
         Ruiz admitted she was exhausted. \"Today I simply ran out of energy,\" she wrote on Instagram.",
    );
    assert_eq!(got, vec![some("Jessica Bell"), some("Carla Ruiz")], "{got:?}");
    let got = speakers(
        "Iga Nowicka pokonała Hiszpankę Carlę Ruiz.\n\n\
         – Grałam cierpliwie – powiedziała Nowicka.\n\n\
         Hiszpanka przyznała, że była zmęczona. „Dziś zabrakło mi sił” – napisała.",
    );
    assert_eq!(got, vec![some("Iga Nowicka"), some("Carla Ruiz")], "{got:?}");
}

/// An epithet ("the American") stands for the subject of the narration before it unless the text
/// gives that person another country ("Poland's Iga Nowicka" is no American); a participle of saying
/// after a comma ("…, adding:") leaves the attribution before it to the quotation it follows.
#[test]
fn an_epithet_reads_the_narrations_subject_and_a_participle_keeps_the_attribution() {
    let got = speakers(
        "Jessica Bell reached the semi-finals. Her coach, Tom Wade, was delighted.\n\n\
         Bell will face Poland's Iga Nowicka next. \"She is a very dangerous opponent,\" the American \
         said.\n\n\
         \"Nowicka is playing the best tennis of her career,\" former player John Fisher told the BBC, \
         adding: \"She will be hard to stop.\"",
    );
    assert_eq!(got, vec![some("Jessica Bell"), some("John Fisher"), some("John Fisher")], "{got:?}");
}

/// The medium the words went out on or were told to stands between the verb and its subject ("–
/// … – napisał na platformie X szef rządu", "– … – powiedział PAP rzecznik"): the subject is the
/// speaker, and a single letter ("X") is no one's name, so a role with no holder later ("odparł
/// minister") is not given to it.
#[test]
fn a_medium_between_the_verb_and_its_subject_is_passed_over() {
    let got = speakers(
        "Rzecznik MSZ Paweł Wroński poinformował o wezwaniu ambasadora. – Oczekujemy wyjaśnień – \
         powiedział PAP rzecznik.\n\n\
         Premier Donald Tusk skomentował sprawę. „Polska nie da się zastraszyć” – napisał na platformie X \
         szef rządu.\n\n\
         – Niczego nie wykluczamy – odparł minister.",
    );
    assert_eq!(got, vec![some("Paweł Wroński"), some("Donald Tusk"), None], "{got:?}");
}

/// Only words said have a speaker: a title or a scare quote never carries one, whatever attribution
/// stands near it ("oświadczył w rozmowie z „Rzeczpospolitą”").
#[test]
fn a_title_or_scare_quote_has_no_speaker() {
    let d = doc("Szef dyplomacji Radosław Sikora był stanowczy. – Nie będziemy tolerować prowokacji – \
                 oświadczył w rozmowie z „Rzeczpospolitą”.");
    let non_speech: Vec<_> = d.quotes.iter().filter(|q| q.kind != QuoteKind::Speech).collect();
    assert!(!non_speech.is_empty(), "{:?}", d.quotes);
    assert!(non_speech.iter().all(|q| q.speaker.is_none()), "{:?}", d.quotes);
    assert_eq!(speech(&d).len(), 1, "{:?}", d.quotes);
}

/// One of a group after the verb is someone described ("– … – mówi nam jeden z dyplomatów", "said one
/// of the senior diplomats"), whom the clitic before it ("nam", told to us) does not hide; the
/// speaker is the description as written, not the person named last.
#[test]
fn one_of_a_group_is_someone_described() {
    let got = speakers(
        "Premier Donald Tusk skomentował sprawę. „Polska nie da się zastraszyć” – napisał premier.\n\n\
         „To dopiero początek” – mówi nam jeden z doświadczonych dyplomatów, który prosi o anonimowość.",
    );
    assert_eq!(got, vec![some("Donald Tusk"), some("jeden z doświadczonych dyplomatów")], "{got:?}");
    let got = speakers(
        "Prime Minister Jane Hill spoke first.\n\n\"This is only the start,\" said one of the senior diplomats.",
    );
    assert_eq!(got, vec![some("one of the senior diplomats")], "{got:?}");
}

#[test]
fn a_feminine_role_noun_does_not_name_a_man_holding_that_role() {
    // No woman in the article holds the post: the spokeswoman stays unknown, not the
    // (male) spokesman of another body named later.
    let t = "Woda w Opolu\n\n\
             Rzeczniczka GIS: „Woda z wodociągu nadaje się do picia po przegotowaniu”.\n\n\
             Rzecznik wojewody Tomasz Kruk zapewnił, że cysterny dotrą do wszystkich osiedli.\n";
    assert_eq!(speakers(t), vec![None]);
    let t = "Storm\n\nThe spokeswoman said: \"Schools will stay closed on Monday.\"\n\n\
             Spokesman Tom Reid later said the roads were clear.\n";
    assert_eq!(speakers(t), vec![None], "a spokeswoman is not Tom Reid");
}

#[test]
fn an_acronym_with_small_letters_qualifies_a_role() {
    // "MSWiA" (a ministry) qualifies the role before the name; it is not part of the name.
    let t = "Powódź\n\n\
             Rzecznik MSWiA Tomasz Kruk zapewnił, że pomoc dotrze do wszystkich gmin. \
             – Mamy dość ludzi i sprzętu – powiedział rzecznik.\n";
    assert_eq!(speakers(t), vec![some("Tomasz Kruk")]);
}

#[test]
fn a_sport_noun_binds_the_player_a_later_role_names() {
    let t = "Turniej w Łodzi\n\n\
             Na konferencji pojawiła się siatkarka Anna Wolska. \
             – Zagrałyśmy najlepszy mecz w sezonie – mówiła zawodniczka.\n\n\
             Koszykarz Jan Dziedzic nie krył rozczarowania. – Przegraliśmy to w obronie – dodał zawodnik.\n";
    assert_eq!(speakers(t), vec![some("Anna Wolska"), some("Jan Dziedzic")]);
}

#[test]
fn a_document_speaks_for_its_owner() {
    let t = "Floods\n\n\
             \"The barriers were never designed for this volume of water,\" the ministry's statement said.\n\n\
             \"Repairs will take months,\" the company’s report said.\n";
    assert_eq!(speakers(t), vec![some("the ministry"), some("the company")]);
}

#[test]
fn an_age_after_the_definite_article_is_the_person_just_named() {
    let t = "Marathon\n\n\
             Kenyan runner Grace Mutua broke the course record in Leeds on Sunday.\n\n\
             \"I felt strong from the first mile,\" the 27-year-old told reporters.\n\n\
             \"It was chaos at the start,\" a 45-year-old said.\n";
    assert_eq!(speakers(t), vec![some("Grace Mutua"), some("a 45-year-old")]);
}

#[test]
fn a_role_before_the_subject_of_the_narration_before_a_pronoun() {
    // The sentence before the pronoun quotes a single word (his, by the verb of naming); its
    // subject, after a role, says the next words, not the speaker of the paragraph before.
    let t = "Marathon\n\n\
             \"We trained for this race for eight months,\" coach Peter Otieno said.\n\n\
             Race director Mark Hill called the run \"historic\". \
             \"We have never seen anything like it,\" he added.\n";
    assert_eq!(speakers(t), vec![some("Peter Otieno"), some("Mark Hill"), some("Mark Hill")]);
}

#[test]
fn a_court_with_its_seat_before_the_person_is_not_the_speaker() {
    let t = "Wyrok w Opolu\n\n\
             „Wyrok nie jest prawomocny” – poinformowała rzeczniczka Sądu Okręgowego w Opolu Ewa Mrozek.\n\n\
             „To dopiero początek sprawy” – dodał prezes Sądu Rejonowego w Nysie Jan Lis.\n";
    assert_eq!(speakers(t), vec![some("Ewa Mrozek"), some("Jan Lis")]);
}

#[test]
fn a_role_no_one_holds_is_the_holder_the_narration_described() {
    let t = "Storm\n\n\
             A spokeswoman for the city council said the main roads would reopen by noon. \
             \"Crews are working through the night,\" the spokeswoman added.\n\n\
             \"Schools stay shut,\" the president said.\n";
    assert_eq!(speakers(t), vec![some("a spokeswoman"), None], "no president is described");
}

#[test]
fn a_described_person_after_a_verb_is_not_the_last_speaker() {
    let t = "Strajk\n\n\
             – Rząd nie zostawił nam wyboru – mówi prezes związku Sławomir Broniarz.\n\n\
             W szkołach panuje niepewność. – Nie wiemy, czy w poniedziałek mamy przyjść do pracy – \
             mówi nam nauczycielka z Radomia.\n";
    assert_eq!(speakers(t), vec![some("Sławomir Broniarz"), some("nauczycielka")]);
}

#[test]
fn a_common_given_name_opens_the_narrations_subject() {
    let t = "Tour\n\n\
             \"We hope so,\" her manager Luke Barnes told the Guardian.\n\n\
             Fellow singer Jon Vale posted a message of support. \"Rest up, Maya,\" he wrote.\n";
    assert_eq!(speakers(t), vec![some("Luke Barnes"), some("Jon Vale")]);
}

#[test]
fn a_polish_surname_alone_as_the_subject_before_dialogue_is_the_full_name() {
    let t = "Dymisja\n\n\
             Minister sportu Halina Rutkowska podała się do dymisji.\n\n\
             Rutkowska w rozmowie z radiem tłumaczyła, że nie chce szkodzić koalicji. \
             – Odchodzę z podniesioną głową – podkreśliła.\n\n\
             Opozycja tłumaczyła, że dymisja przyszła za późno. – To spóźniony krok – oceniła.\n";
    // "Opozycja" opens its sentence as a capitalised common noun, no surname of a full name.
    assert_eq!(speakers(t), vec![some("Halina Rutkowska"), None]);
}

#[test]
fn a_statement_that_reads_speaks_for_its_source() {
    let t = "Floods\n\n\
             \"Repairs will take months,\" the agency's statement read.\n\n\
             \"Funding will follow this week,\" a statement from the ministry said.\n\n\
             \"Fans will be refunded,\" the statement read.\n";
    assert_eq!(speakers(t), vec![some("the agency"), some("the ministry"), some("the statement")]);
}

#[test]
fn a_relative_clause_after_the_name_keeps_it_the_subject() {
    let t = "Ferry\n\n\
             \"The timetable is a fiction,\" said Dan Cole, a councillor.\n\n\
             Peter Hale, who has run the ferry for a decade, told the local paper that fuel costs had doubled. \
             \"We cannot sail at a loss,\" he said.\n";
    // Not Dan Cole, the last speaker: the narration just before names its subject.
    assert_eq!(speakers(t), vec![some("Dan Cole"), some("Peter Hale")]);
}

#[test]
fn a_polish_given_name_without_diacritics_is_a_given_name() {
    let t = "Mine\n\n\
             \"Safety comes first,\" said Adam Lind, a union official.\n\n\
             Lukasz Borek told reporters that two shafts had been closed. \"Nobody goes down tomorrow,\" he said.\n";
    assert_eq!(speakers(t), vec![some("Adam Lind"), some("Lukasz Borek")]);
}

#[test]
fn a_described_speaker_named_in_apposition_is_the_name() {
    let t = "Roads\n\n\
             A transport ministry spokesman, Omar Patel, said the bridge would reopen after the inspection next month, \
             adding: \"Drivers should plan other routes until then.\"\n";
    // Not "A transport ministry", the institution qualifying the role.
    assert_eq!(speakers(t), vec![some("Omar Patel")]);
}

#[test]
fn a_preposition_governs_a_medium_not_the_subject() {
    let t = "Kadra\n\n\
             Trener pominął w składzie bramkarza Huberta Gołąba. Obrońca Kamil Wrona też nie pojedzie.\n\n\
             Hubert Gołąb nie ukrywał żalu. Na Instagramie napisał: „Będę walczył o powrót”.\n\n\
             Ewa Sroka, kapitan kobiecej drużyny, poparła kolegów. W mediach społecznościowych napisała: „Trzymam za was kciuki”.\n";
    // Not "Instagramie", not "W mediach społecznościowych": the verb's subject is the one the
    // narration just named.
    assert_eq!(speakers(t), vec![some("Hubert Gołąb"), some("Ewa Sroka")]);
}

#[test]
fn a_polish_surname_with_a_soft_consonant_takes_its_nominative() {
    let t = "Kadra\n\n\
             W kadrze zabrakło miejsca dla skrzydłowego Filipa Kmiecia.\n\n\
             Kmieć nie krył zaskoczenia. – Dowiedziałem się o tym z telewizji – napisał.\n";
    // Kmiecia is the genitive of Kmieć, the form the narration writes.
    assert_eq!(speakers(t), vec![some("Filip Kmieć")]);
}

#[test]
fn a_medium_or_an_institution_before_a_name_is_not_part_of_it() {
    let t = "Mecz\n\n\
             Prezes Krajowej Izby Gospodarczej Marek Sowa ocenił w rozmowie z radiem, że decyzja to „krok w dobrą stronę”.\n\n\
             Premier Walii Owen Rhys spotkał się z kibicami. W wywiadzie dla BBC Wales Rhys powiedział: „Wierzymy w tę drużynę”.\n";
    assert_eq!(speakers(t), vec![some("Marek Sowa"), some("Owen Rhys")]);
}

#[test]
fn a_verb_of_naming_attributes_the_words_unless_it_coins_a_term() {
    let t = "Strike\n\n\
             The union's leader, Karen Doyle, called the offer \"an insult to every driver\".\n\n\
             Drivers walked out over what their union calls \"poverty pay\".\n";
    assert_eq!(speakers(t), vec![some("Karen Doyle")]);
    // "what … calls" names a thing, it quotes no one's speech.
    let d = doc(t);
    let coined = d.quotes.iter().find(|q| d.slice(q.span).contains("poverty")).expect("the quote is found");
    assert_eq!(coined.speaker, None);
}

#[test]
fn the_subject_of_the_sentence_before_a_participle_opening_speaks() {
    let t = "Verdict\n\n\
             A jury cleared the former coach Martin Novak of fraud on Friday after a trial of nine weeks.\n\n\
             Judge Ruth Adler thanked the jurors. \"You have served the court well,\" she said.\n\n\
             Novak, 58, hugged his daughters. Speaking on the steps of the court, he said: \"I can breathe again.\"\n";
    assert_eq!(speakers(t), vec![some("Ruth Adler"), some("Martin Novak")]);
}

#[test]
fn a_common_word_before_a_colon_in_a_title_is_no_speaker() {
    let t = "Rozmowa: „Nie zamierzam rezygnować”\n\n\
             Minister kultury Ewa Sadowska zapowiedziała w piątek nowy program dla bibliotek.\n";
    // "Rozmowa" (a conversation) titles the piece; no one is named before the quotation.
    assert_eq!(speakers(t), vec![None]);
}

#[test]
fn an_institution_after_a_preposition_is_an_affiliation_not_a_name() {
    let t = "Wybory\n\n\
             Socjolog prof. Marta Ziaja zwraca uwagę, że frekwencja spadła. \
             – Młodzi nie poszli do urn – tłumaczy badaczka z Uniwersytetu Gdańskiego.\n";
    // Not "Gdańskiego": the university qualifies the researcher the narration names.
    assert_eq!(speakers(t), vec![some("Marta Ziaja")]);
}

/// The verb's subject after a clause or an adverb that opens the sentence, and a role set off from
/// its verb by a parenthetical; a member of parliament named by the title before his name holds that
/// office and is no minister or prime minister.
#[test]
fn subjects_after_an_opening_clause_and_offices_written_as_titles() {
    let t = "Projekt ustawy trafi do Sejmu w przyszłym tygodniu.\n\n\
             – To kpina z wyborców – mówił z mównicy poseł opozycji Marek Wilk.\n\n\
             Pytany o termin, minister rolnictwa odparł: „Zdążymy przed żniwami”.\n\n\
             Wieczorem minister rolnictwa dodał: „Rolnicy dostaną pieniądze”.\n\n\
             Pytany o koszty, premier odparł: „Stać nas na to”.\n";
    assert_eq!(
        speakers(t),
        vec![some("Marek Wilk"), some("minister rolnictwa"), some("minister rolnictwa"), None],
        "the opposition MP says only his own words"
    );
    let t = "Health Minister Laura Benn visited the new hospital wing on Friday.\n\n\
             The minister, speaking to staff in the canteen, said: \"Nobody will lose their job.\"\n";
    assert_eq!(speakers(t), vec![some("Laura Benn")]);
}

/// A subject with a phrase of place or medium between it and the verb, a described subject after an
/// opening clause, and ranks abbreviated between a role and its holder's name.
#[test]
fn subjects_before_a_phrase_and_ranks_before_a_name() {
    let t = "Nad powiatem przeszła w nocy gwałtowna burza.\n\n\
             – Wiatr zerwał nam pół dachu – opowiada pan Stefan z Ustrzyk.\n\n\
             Minister klimatu w rozmowie z Polsat News zapewnił: „Wypłacimy odszkodowania w ciągu miesiąca”.\n\n\
             Biblioteka w Sanoku napisała na Facebooku: „Jutro czytelnia będzie nieczynna”.\n\n\
             „Nie zbliżajcie się do zerwanych linii” – ostrzegał rzecznik straży st. kpt. Tomasz Rak.\n";
    assert_eq!(
        speakers(t),
        vec![some("Stefan"), some("Minister klimatu"), some("Biblioteka w Sanoku"), some("Tomasz Rak")],
        "no quote falls to the resident quoted first"
    );
    let t = "Floodwater reached the high street before dawn.\n\n\
             \"I have lived here forty years,\" said Tom Reed, a shopkeeper.\n\n\
             In a post on its website, the parish council wrote: \"The hall is open to anyone who needs a bed.\"\n";
    assert_eq!(speakers(t), vec![some("Tom Reed"), some("the parish council")]);
}

/// A source named by an institution noun in small letters ("według agencji Reutera", "według
/// policji") is the institution, in the nominative, and no person; a name in the possessive before a
/// description only qualifies it, and the full name after it speaks.
#[test]
fn institutions_after_wedlug_and_owners_before_a_description() {
    let t = "Tenisistka Julia Lis awansowała do finału turnieju w Rzymie.\n\n\
             Według agencji Reutera, „Lis jest faworytką całego turnieju”.\n\n\
             Według policji „przed stadionem było spokojnie przez cały wieczór”.\n\n\
             – Mama powtarzała mi, żebym się nie poddawała – wspomina tenisistka.\n";
    assert_eq!(
        speakers(t),
        vec![some("agencja Reutera"), some("policja"), some("Julia Lis")],
        "the agency is no person the player's words could fall to"
    );
    let t = "Talks resumed in Geneva on Monday.\n\n\
             \"Nothing has been agreed yet,\" said Kyiv's chief negotiator Oleh Marko.\n";
    assert_eq!(speakers(t), vec![some("Oleh Marko")]);
}

/// Reported speech whose subject is set off from its verb by a parenthetical: the name opening the
/// sentence, not another person of the same surname the article names (a dev article: "Amari Allen,
/// 12-letnia uczennica …, stwierdziła, że chłopcy nazywali jej dredy „paskudnymi”", where her
/// grandmother is named too).
#[test]
fn reported_speech_with_a_parenthetical_after_the_subject() {
    let path = "corpus/align-dev/wmt20-enpl/a18/parallel/pl.txt";
    let d = doc(&std::fs::read_to_string(path).expect("the dev article is in the repository"));
    let got: Vec<_> = speech(&d).into_iter().filter(|(q, _)| q == "paskudnymi").collect();
    assert_eq!(got, vec![("paskudnymi".to_string(), some("Amari Allen"))]);
}

/// "On" opening an English sentence is the preposition, not the Polish pronoun "on" (he): the words
/// do not fall to the last person named.
#[test]
fn on_opening_an_english_sentence_is_no_pronoun() {
    let t = "Mayor Dan Price opened the new bridge on Saturday.\n\n\
             On Monday, engineers said the joints were \"holding up well\".\n";
    assert_eq!(speakers(t), vec![None]);
}

/// Pronouns are read in their own language: the Polish conjunction "i" is not the English "I" (it
/// stood as the speaker as written), and a second verb joined by "i" to a sentence opening with a
/// verb of saying shares its dropped subject.
#[test]
fn the_polish_conjunction_i_is_no_pronoun() {
    let t = "„Budżet jest gotowy” – powiedziała minister finansów Anna Lis.\n\n\
             Poseł Tomasz Wrona wyszedł z sali obrad i powiedział: „Nie zagłosuję za tym projektem”.\n\n\
             Marek Zając, szef klubu, nie odpowiadał na pytania. Dodał tylko, że rząd się nie zmieni, \
             i stwierdził, że „wszystko jest w porządku”.\n";
    let d = doc(t);
    let written: Vec<(Option<String>, Option<&str>)> = d
        .quotes
        .iter()
        .filter(|q| q.depth == 0 && q.kind == QuoteKind::Speech)
        .map(|q| (q.speaker.as_ref().map(|s| s.name.clone()), q.speaker.as_ref().map(|s| d.slice(s.span))))
        .collect();
    assert_eq!(
        written,
        vec![
            (some("Anna Lis"), Some("Anna Lis")),
            (some("Tomasz Wrona"), Some("Tomasz Wrona")),
            (some("Marek Zając"), Some("Dodał")),
        ]
    );
}

/// A place opening the sentence is no part of the name after it; an institution after "według" keeps
/// its adjectives, in the nominative; a name set off by a comma after a possessive's description is
/// the speaker; a Polish verb with a dropped subject, opening a paragraph of dialogue, falls to the
/// person the paragraph before names as its subject, but an impersonal form falls to no one.
#[test]
fn places_before_names_adjectives_after_institutions_and_subjects_of_the_paragraph_before() {
    let pl = "W Senacie Ewa Grabowska powiedziała, że projekt to „krok wstecz”.\n\n\
              Według straży pożarnej „ogień opanowano przed północą”.\n";
    assert_eq!(speakers(pl), vec![some("Ewa Grabowska"), some("straż pożarna")]);
    let en = "The ceasefire talks resumed in Oslo on Friday.\n\n\
              \"We will not leave the table,\" said Kyiv's chief negotiator, Oleh Marko, after the session.\n";
    assert_eq!(speakers(en), vec![some("Oleh Marko")]);
    let dropped = "Burmistrz Marek Wójcik otworzył w sobotę nowy most na Warcie.\n\n\
                   – Czekaliśmy na to dwanaście lat – powiedział.\n";
    assert_eq!(speakers(dropped), vec![some("Marek Wójcik")]);
    let impersonal = "Burmistrz Marek Wójcik otworzył w sobotę nowy most na Warcie.\n\n\
                      – Most jest zamknięty dla ciężarówek – napisano w komunikacie.\n";
    assert_ne!(speakers(impersonal), vec![some("Marek Wójcik")]);
}

/// A medium quoting someone ("cytuje X portal Y") names the speaker as the verb's object; a pronoun
/// object stands for the last person of its gender, and the medium is no speaker.
#[test]
fn a_medium_quoting_someone_names_the_speaker_as_its_object() {
    let t = "Kolarka Zofia Mazur wygrała etap w Alpach. \
             „Zofia pojechała jak nigdy” – cytuje trenera kadry Adama Rybę dziennik Sportowy.\n\n\
             – Jestem wykończona, ale szczęśliwa – cytuje ją portal Kolarstwo24.\n";
    assert_eq!(speakers(t), vec![some("Adam Ryba"), some("Zofia Mazur")]);
}

/// "According to" after a quotation names an institution, a group or a role as well as a person:
/// the institution as written, behind the document it issued, and a role for its holder.
#[test]
fn according_to_an_institution_a_statement_or_a_role_after_the_quotation() {
    let t = "Transport Secretary Omar Reid defended the rail timetable on Wednesday.\n\n\
             \"Trains will run every ten minutes,\" according to a statement from the transport secretary’s office.\n\n\
             \"Fares will not rise this year,\" according to the rail company.\n\n\
             \"The new carriages arrive in May,\" according to the transport secretary.\n";
    assert_eq!(
        speakers(t),
        vec![some("the transport secretary’s office"), some("the rail company"), some("Omar Reid")]
    );
}

/// A name followed by a description between commas, then the verb, after the quotation ("…," Jan
/// Lis, a former deputy mayor, said) names the speaker.
#[test]
fn a_name_with_a_description_between_commas_before_the_verb() {
    let t = "The city council voted to close the old tram depot on Monday.\n\n\
             \"The depot has served us for ninety years,\" Carol Finch, a former deputy mayor, wrote on Facebook.\n\n\
             \"We will find the drivers new routes,\" Piotr Zawada, who runs the tram company, told reporters.\n\n\
             \"Nobody asked the residents,\" Harold Wynne, Kent's longest-serving councillor, said.\n";
    assert_eq!(speakers(t), vec![some("Carol Finch"), some("Piotr Zawada"), some("Harold Wynne")]);
}

/// A pronoun goes to the person the narration before names as its subject, after a role phrase of up
/// to four words ("Former national team coach X believes …"), not to an earlier speaker of the
/// other gender.
#[test]
fn a_pronoun_takes_the_subject_after_a_long_role_phrase_not_a_speaker_of_the_other_gender() {
    let t = "The Dutch champion faced Jasmine Verde in the final. \"I was nervous,\" Jasmine Verde said.\n\n\
             Former national team coach Viktor Halas thinks the champion is unbeatable this year. \
             \"Nobody can stop her now,\" he wrote on Instagram.\n";
    assert_eq!(speakers(t), vec![some("Jasmine Verde"), some("Viktor Halas")]);
}

/// A Polish surname that does not decline, after a given name in the accusative ("pokonała Jelenę
/// Ostapenko"), gives the full name in the nominative (Jelena Ostapenko).
#[test]
fn a_given_name_in_the_accusative_before_a_surname_that_does_not_decline() {
    let t = "Magda Linette pokonała w drugiej rundzie Darię Kostiuk 6:2, 6:4.\n\n\
             – Zabrakło mi cierpliwości w długich wymianach – przyznała Kostiuk.\n";
    assert_eq!(speakers(t), vec![some("Daria Kostiuk")]);
}

/// A nationality noun in the genitive between a role and a name ("trener Polki Marc Dupont", the
/// coach of a Polish woman) qualifies the role: the holder is the name after it, and the epithet of
/// his own nationality ("ocenił Francuz") stands for him.
#[test]
fn a_nationality_genitive_after_a_role_qualifies_the_role_not_the_person() {
    let t = "Trener Polki Marc Dupont nie krył zadowolenia po awansie do finału w Rzymie.\n\n\
             – Magda grała dziś bez strachu – ocenił Francuz.\n\n\
             – Jutro będzie jeszcze trudniej – dodał trener.\n";
    assert_eq!(speakers(t), vec![some("Marc Dupont"), some("Marc Dupont")]);
}

/// A nationality noun opening the sentence right before the quotation is its subject, and the
/// speaker an age noun or a dropped subject stands for ("The Spaniard beat X. “…,” the 23-year-old
/// said"), not a person named as a subject further back or the last name written.
#[test]
fn a_nationality_noun_opening_the_narration_before_names_the_speaker() {
    let en = "Magda Linette will meet Sofia Reyes in the final on Sunday. The Spaniard beat Maria Costa \
              in straight sets. \"I feel fresh and ready,\" the 23-year-old said.\n";
    assert_eq!(speakers(en), vec![some("Sofia Reyes")]);
    let pl = "„Jestem gotowa” – powiedziała Magda Linette.\n\n\
              W finale rywalką Linette będzie Sofia Reyes. Hiszpanka pokonała w półfinale Marię Costę. \
              – Czuję się świeżo – mówiła 23-latka.\n";
    assert_eq!(speakers(pl), vec![some("Magda Linette"), some("Sofia Reyes")]);
}

/// One holder of a role described with the body after it ("a spokesperson for Northern Rail", "an
/// aide to Governor Ruth Bell", "a senior NATO diplomat") is the speaker as written, not the body or
/// the person named inside the description; and a role set off by commas before a name ("The Health
/// Secretary, Mary Quinn, opened …") makes that name the subject a pronoun stands for.
#[test]
fn an_indefinite_description_with_a_body_and_a_role_set_off_by_commas() {
    let t = "\"Trains will run again by noon,\" a spokesperson for Northern Rail said in a statement.\n\n\
             \"The budget is not settled,\" said an aide to Governor Ruth Bell.\n\n\
             \"Nobody wants a longer war,\" a senior NATO diplomat said.\n\n\
             The Health Secretary, Mary Quinn, opened a new ward in Leeds. \"This ward will save lives,\" \
             she told ITV.\n";
    assert_eq!(
        speakers(t),
        vec![
            some("a spokesperson for Northern Rail"),
            some("an aide to Governor Ruth Bell"),
            some("a senior NATO diplomat"),
            some("Mary Quinn"),
        ]
    );
}

/// Polish attributions after a verb: a name after a noun in the instrumental after "z" is that
/// noun's complement ("z premierem Czech"), a medium right after the verb is told the words
/// ("powiedział PAP jeden z ambasadorów"), an acronym and one word after "w rozmowie z" are a medium
/// ("BBC Scotland"); an institution after "według" keeps its adjectives before it, in the
/// nominative; and an adjective inside a role ("szef polskiego rządu") leaves the role.
#[test]
fn polish_complements_media_institutions_with_adjectives_and_roles_with_an_adjective() {
    let t = "Prezydent Litwy Tomas Mazur ocenił, że rozmowy idą źle.\n\n\
             – Tracimy czas – dodał na wspólnej konferencji z premierem Czech.\n\n\
             „Tego się obawialiśmy” – powiedział PAP jeden z ambasadorów.\n\n\
             Według wojewódzkiej straży pożarnej „ogień opanowano nad ranem”.\n\n\
             Minister Anna Reid odwiedziła w sobotę Glasgow. – Jesteśmy gotowi – powiedziała w rozmowie \
             z BBC Scotland.\n\n\
             Premier Jan Wrona zapewnił, że rząd pomoże. – Pieniądze będą w piątek – podkreślił szef \
             polskiego rządu.\n";
    assert_eq!(
        speakers(t),
        vec![
            some("Tomas Mazur"),
            some("jeden z ambasadorów"),
            some("wojewódzka straż pożarna"),
            some("Anna Reid"),
            some("Jan Wrona"),
        ]
    );
}

/// "Zdaniem X z firmy Y" reads the affiliation through a noun in the genitive, so the words after it
/// are the subject the quotation is said of; a medium's noun in the dative right after the verb
/// ("mówi agencji Reuters") is whom the words were told, not part of the speaker's name.
#[test]
fn an_affiliation_through_a_noun_and_a_medium_in_the_dative_after_the_verb() {
    let t = "Zdaniem Marka Wolnego z fundacji Nowa Energia ustawa jest „spóźniona o dekadę”.\n\n\
             – Czekamy na decyzję od miesięcy – mówi agencji Reuters Ravi Menon, właściciel dwóch farm.\n";
    assert_eq!(speakers(t), vec![some("Marek Wolny"), some("Ravi Menon")]);
}

/// A verb in the passive reports words its subject heard, not said ("He was charged with “…”"): the
/// subject is no speaker; a verb further back still is ("Ann Roe told reporters the plan will be
/// announced “…”").
#[test]
fn a_verb_in_the_passive_names_no_speaker() {
    let t = "\"The season starts in May,\" Ann Roe said.\n\n\
             The goalkeeper Mark Hill was banned for six matches. He was accused of \"abusive conduct \
             towards a linesman\" by the referee.\n\n\
             Ann Roe later told reporters that a new coach will be announced \"within a fortnight\".\n";
    let d = doc(t);
    assert!(
        d.quotes.iter().all(|q| q.speaker.as_ref().is_none_or(|s| s.name != "Mark Hill")),
        "the goalkeeper was accused, he said nothing"
    );
    assert_eq!(speakers(t), vec![some("Ann Roe"), some("Ann Roe")]);
}

#[test]
fn a_quotation_opening_its_paragraph_takes_the_subject_named_just_before() {
    // The narration before names a new person whose given name only the census list knows ("Jude"):
    // "he" is that person, not the speaker quoted earlier.
    let t = "\"We were beaten by a better side,\" said Tom Reed, the home coach.\n\n\
             Jude Kerr, who missed the last kick of the shoot-out, apologised to supporters online.\n\n\
             \"I let everyone down tonight,\" he wrote.\n";
    assert_eq!(speakers(t), vec![some("Tom Reed"), some("Jude Kerr")]);
    // A title shows a person whatever the given name, and a description may stand between the name
    // and its verb.
    let t = "\"The wards are full,\" said Tom Reed, a hospital manager.\n\n\
             Dr Oluwaseun Adeyemi, head of the burns unit at the hospital, said most patients were \
             children.\n\n\
             \"Kettles cause more burns than fires,\" he said.\n";
    assert_eq!(speakers(t), vec![some("Tom Reed"), some("Oluwaseun Adeyemi")]);
    // A name in the possessive is no subject: the owner's lawyer is not the owner.
    let t = "\"The deal is off,\" said Tom Reed.\n\n\
             Dr Ann Lowe's lawyer told the court the contract was void.\n\n\
             \"My client owes nothing,\" she said.\n";
    let lawyer = speakers(t)[1].clone();
    assert!(!lawyer.as_deref().unwrap_or("").contains("Lowe"), "{lawyer:?}");
}

#[test]
fn a_role_after_its_body_a_question_frame_and_manner_verbs() {
    // A role after the name of the body it serves, before the name and its verb.
    let t = "\"We defended badly,\" Rovers manager Alan Pike said after the match.\n\n\
             \"The numbers speak for themselves,\" Northwind chief executive Dana Kerr said.\n";
    assert_eq!(speakers(t), vec![some("Alan Pike"), some("Dana Kerr")]);
    // A word opening a new sentence is no body's name.
    let t = "Ann Roe defended what critics called the \"grand bargain.\" But the Prime Minister said \
             little more.\n";
    assert_ne!(speakers(t), vec![some("Ann Roe")]);
    // A question the speaker was asked is no speaker; the subject after its comma is.
    let t = "Pep Lopez spoke to reporters after the game.\n\n\
             Asked about the final, Lopez grinned: \"First we rest.\"\n";
    assert_eq!(speakers(t), vec![some("Pep Lopez")]);
    // A verb of manner reports the words it follows.
    let t = "\"Finally, some sun,\" laughed Mark Ellis as he lit the barbecue.\n";
    assert_eq!(speakers(t), vec![some("Mark Ellis")]);
    // A sports position opening a name run is no part of the name.
    let t = "Goalkeeper Tavares, who saved two penalties, was named man of the match.\n\n\
             \"I studied their takers all week,\" the Brazilian said.\n";
    assert_eq!(speakers(t), vec![some("Tavares")]);
}

#[test]
fn polish_a_party_after_a_title_qualifies_the_title() {
    let t = "Posłanka Lewicy Anna Maria Wrona oceniła, że rząd „gra na czas”.\n";
    assert_eq!(speakers(t), vec![some("Anna Maria Wrona")]);
    let t = "– Nie zgadzam się z tą decyzją – powiedział prezes Orlenu Adam Wilk.\n";
    assert_eq!(speakers(t), vec![some("Adam Wilk")]);
}

#[test]
fn a_long_polish_description_and_an_english_name_in_apposition() {
    // Up to eight words between the Polish verb and the name.
    let t = "– To wielki dzień dla rodzin – mówiła wzruszona pełnomocniczka rządu do spraw osób \
             starszych Maria Kowal-Nowak.\n";
    assert_eq!(speakers(t), vec![some("Maria Kowal-Nowak")]);
    // The words before a full name set off by commas describe it: the name is the subject.
    let t = "The Liberal shadow health secretary, Owen Pratt, called the waiting lists \"a scandal\".\n";
    assert_eq!(speakers(t), vec![some("Owen Pratt")]);
}

#[test]
fn a_polish_place_with_an_adjective_and_an_english_affiliation_name_no_one() {
    // "w Nowym Jorku" is a place: the dropped subject is the person the narration names.
    let t = "Sekretarz generalny ONZ Jan Borowy ponowił apel o pokój.\n\n\
             – Czas na rozmowy już minął – mówił w Nowym Jorku.\n";
    assert_eq!(speakers(t), vec![some("Jan Borowy")]);
    // The subject's university is his affiliation, not the speaker.
    let t = "Professor Alan Vance of the University of Leeds said the results were \"deeply worrying\".\n";
    assert_eq!(speakers(t), vec![some("Alan Vance")]);
}

#[test]
fn a_place_ending_a_relative_clause_and_a_body_after_the_name_before_a_colon() {
    // The street closing the relative clause is no name in apposition.
    let t = "Martin Ashby, who runs a florist's on Bridge Street, said: \"Nobody consulted us.\"\n";
    assert_eq!(speakers(t), vec![some("Martin Ashby")]);
    // The body after the name is the speaker's affiliation, before a colon too.
    let t = "Inspector Dawn Kettle of Avon and Somerset Police said: \"The road will stay shut.\"\n";
    assert_eq!(speakers(t), vec![some("Dawn Kettle")]);
}

#[test]
fn a_role_set_off_by_commas_before_a_name_the_lists_do_not_know() {
    // "Emrys" is in no given-name list; the role in apposition shows a person, and binds to them.
    let t = "The health minister, Emrys Vaughan, who toured the ward on Friday, promised more nurses. \
             \"We have heard the staff,\" he said.\n\n\
             \"The money is already in the budget,\" the minister added.\n";
    assert_eq!(speakers(t), vec![some("Emrys Vaughan"), some("Emrys Vaughan")]);
}

#[test]
fn a_description_and_a_name_in_apposition_after_the_quotation() {
    // Before the verb: the description, the name set off by commas, then the verb.
    let t = "\"We will keep campaigning,\" the association's treasurer, Nina Castle, said after the vote.\n";
    assert_eq!(speakers(t), vec![some("Nina Castle")]);
    // After the verb: the name closes the sentence.
    let t = "\"Nobody saw that coming,\" said the team's goalkeeper, Oscar Blom.\n";
    assert_eq!(speakers(t), vec![some("Oscar Blom")]);
    // A relative clause after a name is no description before one.
    let t = "Ivo Marsh praised the crowd. \"They carried us,\" said Marsh, who scored twice.\n";
    assert_eq!(speakers(t), vec![some("Ivo Marsh")]);
}

#[test]
fn polish_a_role_and_a_name_in_apposition_after_the_verb_and_a_name_with_its_description_before_a_colon() {
    // After the dash: a description, a comma, then a word in small letters and the full name.
    let t = "Badacze z Gdańska opisali grzyba, który w kilka tygodni rozkłada folię.\n\n\
             – Wyniki trzeba jeszcze powtórzyć – zastrzegł kierownik zespołu, profesor Adam Sroka.\n";
    assert_eq!(speakers(t), vec![some("Adam Sroka")]);
    // A full name, a comma and a description ending in a colon, with no verb.
    let t = "Rynek zareagował spokojnie. Marta Wiśniewska, ekonomistka banku Pekao: „To była decyzja \
             oczekiwana”.\n";
    assert_eq!(speakers(t), vec![some("Marta Wiśniewska")]);
}

#[test]
fn a_source_opening_the_narration_speaks_the_dropped_subjects_words() {
    // "Zdaniem X" opens the sentence before; the verb after the quotation has no subject of its own.
    let t = "Geolog Tomasz Wrona ostrzegał przed osuwiskiem. – Zbocze jest niestabilne – mówił.\n\n\
             Zdaniem Agaty Sikory z instytutu geologii ryzyko jest jednak mniejsze. „Pomiary tego nie \
             potwierdzają” – dodała.\n";
    assert_eq!(speakers(t), vec![some("Tomasz Wrona"), some("Agata Sikora")]);
    // A given name that is one as written keeps its form in the genitive ("Według Holly …").
    let t = "Według Holly Brandt z fundacji „to dopiero początek”.\n";
    assert_eq!(speakers(t), vec![some("Holly Brandt")]);
}

#[test]
fn a_bare_quotation_after_reported_speech_is_the_reported_speakers() {
    // In the same paragraph: the sentence before reports the speaker.
    let t = "Harbour master Colin Fraser told the BBC that the pier would stay shut until the spring. \
             \"The storm took out two of the supports. We cannot risk it.\"\n";
    assert_eq!(speakers(t), vec![some("Colin Fraser")]);
    // Opening the next paragraph, after a subject set off by an age.
    let t = "The ferry was cancelled.\n\n\
             Moira Laing, 62, said she had waited three hours at the terminal.\n\n\
             \"Nobody told us anything. We found out from a cleaner.\"\n";
    assert_eq!(speakers(t), vec![some("Moira Laing")]);
    // Words after the closing mark may be an attribution the rules do not read: no guess.
    let t = "Kapitan portu Jan Wicher zapowiedział, że molo pozostanie zamknięte.\n\n\
             „Zamknijcie molo do wiosny” – apelują do miasta rybacy.\n";
    assert_eq!(speakers(t), vec![None]);
}

#[test]
fn a_pronoun_never_stands_for_an_institution() {
    // The operator's statement is quoted last; "he" is not the company.
    let t = "Union official Dave Rook said staff had warned about the track. \"It was only a matter of \
             time,\" he said.\n\n\
             \"We apologise to everyone affected,\" Eastline Railway said in a statement.\n\n\
             \"We raised this in March and nothing happened,\" he said.\n";
    // (Dave Rook is two paragraphs back: the pronoun stays unresolved rather than naming the company.)
    assert_eq!(speakers(t), vec![some("Dave Rook"), some("Eastline Railway"), None]);
}

#[test]
fn a_dropped_subject_finds_a_foreign_given_name_of_its_gender() {
    // An Italian man's given name and an Irish woman's: each verb's gender finds its person.
    let t = "Przegląd filmów krótkometrażowych zakończył się w niedzielę w Gdyni.\n\n\
             Szefowa jury, Siobhan Kelly, chwaliła odwagę debiutantów. „Takich zdjęć nie widziałam od \
             lat” – mówiła po ogłoszeniu wyników.\n\n\
             Nagrodę za scenariusz odebrał scenarzysta Massimo Ricci. – Pisałem ten tekst w pociągach \
             – opowiadał.\n";
    assert_eq!(speakers(t), vec![some("Siobhan Kelly"), some("Massimo Ricci")]);
}

#[test]
fn a_place_named_with_a_preposition_is_no_speaker() {
    // "Pod Lipami" is a housing estate: the resident is described as written, not named by the
    // estate, and the role after it still finds the councillor named before.
    let t = "Radni dyskutowali o budowie parkingu przy szkole.\n\n\
             – To inwestycja dla wszystkich – powiedział radny osiedla Marek Grabiec.\n\n\
             – Czekamy na ten parking od lat – mówiła jedna z mieszkanek osiedla Pod Lipami.\n\n\
             „Zaczniemy jesienią” – zapewnił radny.\n";
    assert_eq!(
        speakers(t),
        vec![some("Marek Grabiec"), some("jedna z mieszkanek osiedla Pod Lipami"), some("Marek Grabiec")]
    );
}

#[test]
fn a_president_of_a_city_before_a_full_name_is_its_mayor() {
    // "prezydentka Brzozowa" is the city's mayor, so "prezydent miasta" is she; the state's
    // president of the first paragraph holds another office.
    let t = "Prezydent Andrzej Malec podpisał w środę ustawę o transporcie publicznym.\n\n\
             – To dobry dzień dla miast – powiedziała prezydentka Brzozowa Alicja Tkacz.\n\n\
             „Pierwsze autobusy kupimy w marcu” – zapewniła prezydent miasta.\n";
    assert_eq!(speakers(t), vec![some("Alicja Tkacz"), some("Alicja Tkacz")]);
}

#[test]
fn a_quotation_paragraph_after_a_speakers_quotation_goes_on_in_that_voice() {
    let t = "The lifeboat station at Penmarrow will close in the spring.\n\n\
             \"We have rescued forty people off this stretch of coast in ten years,\" said coxswain \
             Huw Tregear.\n\n\
             \"Without a boat here, the nearest crew is an hour away.\"\n\n\
             The charity said the decision followed a review of call-outs.\n";
    assert_eq!(speakers(t), vec![some("Huw Tregear"), some("Huw Tregear")]);
}

#[test]
fn a_body_ending_a_description_after_the_name_is_not_the_speaker() {
    // "at the Tarrow Water Board" ends the description set off after the name.
    let t = "The hearing resumed on Thursday.\n\n\
             Ann Royle, a former planner at the Tarrow Water Board, said: \"The pumps were never \
             tested.\"\n";
    assert_eq!(speakers(t), vec![some("Ann Royle")]);
}

#[test]
fn a_pronoun_passes_over_a_street_to_the_person_named_before_it() {
    let t = "Hundreds of homes were flooded overnight.\n\n\
             Among those waiting for help was Maureen Tulley, 71, whose cottage on Quarry Lane took \
             in three feet of water.\n\n\
             \"I watched it come under the door,\" she said.\n";
    assert_eq!(speakers(t), vec![some("Maureen Tulley")]);
    // A preposition and an article before the place.
    let t = "The bus company changed its routes on Monday.\n\n\
             Driver Kerry Ashdown, 44, said the diversions ran via the Kiln Lane bridge.\n\n\
             \"Nobody told the passengers,\" she said.\n";
    assert_eq!(speakers(t), vec![some("Kerry Ashdown")]);
}

#[test]
fn a_full_name_subject_of_a_colon_clause_with_any_verb() {
    // After an opening phrase set off by commas.
    let t = "Protest rybaków trwał do wieczora.\n\n\
             Na koniec, już po zmroku, Tadeusz Gawron zwrócił się do zgromadzonych: „Wrócimy tu \
             w przyszłym tygodniu”.\n";
    assert_eq!(speakers(t), vec![some("Tadeusz Gawron")]);
    // Before a relative clause set off by commas, and the dropped subject after it.
    let t = "Zawody w Zakopanem wygrał Norweg.\n\n\
             Maciej Rybka, który zajął dopiero czternaste miejsce, nie krył złości: „Oddałem dwa \
             słabe skoki”.\n\n\
             – Trzeba wrócić do treningu – dodał.\n";
    assert_eq!(speakers(t), vec![some("Maciej Rybka"), some("Maciej Rybka")]);
    let t = "The final went to penalties.\n\n\
             Lena Shaw, who missed the decisive kick, was blunt: \"I let everyone down.\"\n";
    assert_eq!(speakers(t), vec![some("Lena Shaw")]);
}

#[test]
fn whom_the_words_were_told_in_the_instrumental_is_not_the_speaker() {
    let t = "Burmistrz Olecka Roman Żuk zapowiedział, że basen zostanie otwarty w lipcu.\n\n\
             – Wykonawca zdąży przed wakacjami – powiedział w rozmowie z Radiem Mazury.\n\n\
             – Nie widzę zagrożeń – dodał w rozmowie z Janem Olszewskim z lokalnego tygodnika.\n";
    assert_eq!(speakers(t), vec![some("Roman Żuk"), some("Roman Żuk")]);
}

#[test]
fn a_name_after_a_noun_of_manner_is_the_speaker_in_the_nominative() {
    // "ze śmiechem" says how, not with whom; the full name is written only in the genitive.
    let t = "Nagrodę publiczności zdobył dokument w reżyserii Olgi Sęk.\n\n\
             Film opowiada o latarnikach z Helu. – Nie wierzę w to – powiedziała ze śmiechem Sęk, \
             schodząc ze sceny.\n";
    assert_eq!(speakers(t), vec![some("Olga Sęk")]);
}

#[test]
fn letters_after_a_name_are_no_part_of_it() {
    let t = "The inquiry heard evidence on Tuesday.\n\n\
             \"Why was the report never published?\" asked Miriam Oakes KC, counsel to the inquiry.\n\n\
             \"I was told it was a draft,\" said Gordon Pike MP.\n";
    assert_eq!(speakers(t), vec![some("Miriam Oakes"), some("Gordon Pike")]);
}

#[test]
fn a_statement_opening_the_clause_is_no_part_of_the_institution() {
    let t = "Rolnicy zablokowali drogę krajową.\n\n\
             W komunikacie Straż Miejska w Tarnowie przekazała: „Objazd prowadzi przez centrum”.\n";
    // (The place after the institution's name is not read into it.)
    assert_eq!(speakers(t), vec![some("Straż Miejska")]);
}

#[test]
fn a_person_the_narration_introduces_in_another_case_speaks_the_next_dialogue() {
    // Introduced in the instrumental in the paragraph before, a verb with no gender ("mówi"); in the
    // genitive after "dla" in the same paragraph ("mówił"); in the accusative ("zapytaliśmy").
    let t = "Rada gminy zgodziła się na budowę obwodnicy. – To był długi spór – powiedział wójt Marian \
             Cieślak.\n\n\
             Projekt chwalą mieszkańcy. Rozmawialiśmy z Dorotą Wilczek z komitetu protestacyjnego.\n\n\
             – Czekaliśmy na to dziesięć lat – mówi.\n\n\
             Był to ważny dzień dla sołtysa Zbigniewa Kruka. – Wreszcie ciężarówki znikną ze wsi – \
             mówił wzruszony.\n\n\
             O koszty zapytaliśmy Renatę Sowę, skarbniczkę gminy. – Pieniądze są zabezpieczone w budżecie \
             – zapewniła.\n";
    assert_eq!(
        speakers(t),
        vec![some("Marian Cieślak"), some("Dorota Wilczek"), some("Zbigniew Kruk"), some("Renata Sowa")]
    );
}

#[test]
fn a_person_named_in_passing_is_no_speaker_when_a_body_or_a_source_speaks() {
    // A body opens the narration before ("Izba Rolnicza … krytykuje plan Adama Barana"); the verb
    // names its source ("relacjonuje „Gazeta Nadmorska”"); an impersonal verb ("napisano").
    let t = "Rada gminy zgodziła się na budowę obwodnicy. – To był długi spór – powiedział wójt Marian \
             Cieślak.\n\n\
             Izba Rolnicza krytykuje plan posła Adama Barana.\n\n\
             Ostrzega, że obwodnica „przetnie pola na pół”.\n\n\
             Mieszkańcy wspominają wizytę ministra Jerzego Sikory.\n\n\
             – Obiecał nam drogę – relacjonuje „Gazeta Nadmorska”.\n\n\
             W piśmie do rady wspomniano posłankę Ewę Lis. – Sprawa wymaga zgody wojewody – napisano.\n";
    let got = speakers(t);
    assert!(got.len() >= 4, "{got:?}");
    let passing = ["Adam Baran", "Jerzy Sikora", "Ewa Lis"];
    assert!(!got.iter().flatten().any(|s| passing.contains(&s.as_str())), "{got:?}");
}

#[test]
fn a_reporter_the_words_were_told_to_is_no_speaker() {
    let t = "Woda w rzece opadła w nocy.\n\n\
             – Piwnicę mamy pełną mułu – mówiła reporterce TVN24 jedna z mieszkanek.\n\n\
             – Nikt nas nie ostrzegł – powiedział dziennikarzowi Radia Kielce sołtys Jan Dziedzic.\n";
    assert_eq!(speakers(t), vec![some("jedna z mieszkanek"), some("Jan Dziedzic")]);
}

#[test]
fn a_given_name_in_the_genitive_before_a_surname_that_does_not_decline_is_put_in_the_nominative() {
    // "Barbary Nowik": the surname of a woman does not decline, so the given name alone shows the
    // genitive; the speaker is Barbara Nowik, for the epithet, for the verb of her gender after it and
    // for her surname alone.
    let t = "Wichura zerwała w nocy dach z domu Barbary Nowik we wsi Lipno. Kobieta spała na parterze.\n\n\
             „Obudził mnie trzask, a potem poczułam wiatr w kuchni” – opowiada 68-latka.\n\n\
             „Sąsiedzi od rana pomagają mi sprzątać” – dodała.\n\n\
             Nowik mieszka we wsi od urodzenia. – Takiej burzy tu nie pamiętam – mówi Nowik.\n";
    assert_eq!(speakers(t), vec![some("Barbara Nowik"); 3]);
}

#[test]
fn one_of_a_group_with_a_place_or_a_person_after_it_is_described_as_written() {
    // Not the woman the neighbours are named after, nor the estate the resident lives on.
    let t = "Wichura zerwała w nocy dach z domu Barbary Nowik we wsi Lipno.\n\n\
             Mieszkańcy nie wierzą zapewnieniom energetyków. – Ostatnim razem czekaliśmy na prąd \
             tydzień – mówił jeden z sąsiadów Nowik, który od rana naprawiał płot.\n\n\
             Na przystanku przy szkole nikt nie był zadowolony. – Autobus spóźnia się codziennie – mówi \
             40-letni mieszkaniec osiedla Borki, którego spotkaliśmy po południu.\n";
    assert_eq!(speakers(t), vec![some("jeden z sąsiadów Nowik"), some("40-letni mieszkaniec")]);
}

#[test]
fn a_role_opening_the_narration_before_a_dropped_subject_names_its_holder() {
    // The deputy mayor introduced by name is the subject the role opens the narration with; a role
    // with a name after it is that person's own subject.
    let t = "Projekt nowego rozkładu jazdy przedstawiła radnym wiceprezydent miasta Joanna Kruk.\n\n\
             Radni opozycji krytykowali brak konsultacji z mieszkańcami.\n\n\
             Wiceprezydent odpierała zarzuty. „Rozkład wisiał na stronie miasta przez cały miesiąc” – \
             odpowiedziała.\n\n\
             Rzecznik ratusza Adam Sowa przekazał, że głosowanie odbędzie się w czwartek. „Nie \
             przewidujemy zmian w projekcie” – powiedział.\n";
    assert_eq!(speakers(t), vec![some("Joanna Kruk"), some("Adam Sowa")]);
}

#[test]
fn a_name_after_a_role_in_the_genitive_is_read_in_the_genitive() {
    // "radnego Piotra Gila" is councillor Piotr Gil; read as written, "Piotra" would look like a
    // woman's name, and the councillor of the masculine verb would be no one.
    let t = "Powiat chce zamknąć szpital w Borkach.\n\n\
             Według radnego opozycji Piotra Gila zarząd od miesięcy szykował prywatyzację.\n\n\
             – Mam na to dokumenty i pokażę je na sesji – zapowiedział radny.\n";
    assert_eq!(speakers(t), vec![some("Piotr Gil")]);
}

#[test]
fn a_universitys_head_is_a_role_its_holder_answers_to() {
    let t = "Staff at the university will strike from Monday over pension cuts.\n\n\
             The university's vice-chancellor, Professor Ruth Calloway, said the scheme was no longer \
             affordable.\n\n\
             Union leaders met ministers on Thursday.\n\n\
             \"Our door stays open at any hour,\" the vice-chancellor added.\n";
    assert_eq!(speakers(t), vec![some("Ruth Calloway")]);
    let t = "Pracownicy uczelni od poniedziałku strajkują w sprawie emerytur.\n\n\
             Zdaniem rektora uczelni Tomasza Sowy strajk nie wpłynie na sesję egzaminacyjną.\n\n\
             „Egzaminy odbędą się w terminie” – zapewnił rektor.\n";
    assert_eq!(speakers(t), vec![some("Tomasz Sowa")]);
}

#[test]
fn a_pronoun_after_narration_opened_by_a_described_person_is_that_person() {
    // Not the man named two paragraphs before.
    let t = "The college's principal, Mark Denholm, said lessons would resume on Monday.\n\n\
             Parents were told of the closure by text message on Sunday night.\n\n\
             One second-year student, who asked not to be named, said the notice came too late. \
             \"I had already paid for the train,\" he said.\n";
    assert_eq!(speakers(t), vec![some("One second-year student")]);
    let t = "Dyrektor szkoły Marek Dąb zapowiedział, że lekcje wrócą w poniedziałek.\n\n\
             Rodzice dowiedzieli się o zamknięciu szkoły z wiadomości wysłanej w niedzielę.\n\n\
             Jeden z ojców powiedział, że informacja przyszła za późno. – Bilety na pociąg były już \
             kupione – dodał.\n";
    assert_eq!(speakers(t), vec![some("Jeden z ojców")]);
}

#[test]
fn a_time_word_before_a_group_noun_after_the_verb_is_no_part_of_the_speaker() {
    // An age before the noun describes the person; a time or a place before it does not.
    let t = "Na obwodnicy doszło rano do wypadku.\n\n\
             „Objazd potrwa do piątku” – poinformowała w czwartek policja.\n\n\
             – Tu zawsze jest korek – mówi dziś mieszkaniec.\n\n\
             – Czekam od godziny – mówi 70-letnia mieszkanka.\n";
    assert_eq!(speakers(t), vec![some("policja"), some("mieszkaniec"), some("70-letnia mieszkanka")]);
}

#[test]
fn a_polish_institution_is_named_in_full_with_its_place() {
    // Its place after "w", the words joined by "i", and a genitive complement that looks like a
    // woman's name ("Województwa Lubuskiego") all belong to the name; a neuter verb attributes too.
    let t = "Wyrok w sprawie przetargu\n\n\
             Sąd Okręgowy w Nowym Targu poinformował: „Ogłoszenie wyroku zaplanowano na piątek”.\n\n\
             Ministerstwo Cyfryzacji i Rozwoju Regionów przekazało: „Nie otrzymaliśmy jeszcze uzasadnienia”.\n\n\
             Urząd Marszałkowski Województwa Lubuskiego przekazał: „Umowa pozostaje w mocy”.\n\n\
             – Postępowanie jest na wczesnym etapie – poinformowała w środę Prokuratura Rejonowa w Sokółce.\n\n\
             – Zbiory wrócą do sal w maju – przekazało Muzeum Narodowe w Gnieźnie.\n";
    assert_eq!(
        speakers(t),
        vec![
            some("Sąd Okręgowy w Nowym Targu"),
            some("Ministerstwo Cyfryzacji i Rozwoju Regionów"),
            some("Urząd Marszałkowski Województwa Lubuskiego"),
            some("Prokuratura Rejonowa w Sokółce"),
            some("Muzeum Narodowe w Gnieźnie"),
        ]
    );
    // A person named after an institution is the speaker, not the institution's words before the name.
    let t = "Sprawa w sądzie\n\n\
             Rzeczniczka Sądu Okręgowego w Krakowie Anna Lis powiedziała: „Akta są kompletne”.\n\n\
             – Nie komentujemy toczących się spraw – dodał rzecznik Prokuratury Krajowej Piotr Zięba.\n";
    assert_eq!(speakers(t), vec![some("Anna Lis"), some("Piotr Zięba")]);
}

#[test]
fn a_statement_read_or_written_impersonally_speaks_for_the_institution_before() {
    // "czytamy", "napisano" and "W komunikacie … czytamy:" name no speaker: the statement is the
    // institution's that the sentence before gives as a source, or the owner named after the noun.
    let t = "Osuwisko przy drodze\n\n\
             Starostwo Powiatowe w Olszynie poinformowało, że droga pozostanie zamknięta do odwołania. \
             „Geolodzy ocenią stan skarpy w przyszłym tygodniu” – czytamy w komunikacie.\n\n\
             Zarząd Dróg Miejskich w Kępnie przekazał w komunikacie, że objazd poprowadzi przez osiedle. \
             „Autobusy pojadą zmienioną trasą od poniedziałku” – napisano w komunikacie.\n\n\
             Urząd Gminy Sosnowa Wola przekazał, że mieszkańcy mogą zgłaszać szkody do piątku. W komunikacie \
             opublikowanym na stronie gminy czytamy: „Wnioski przyjmuje sekretariat urzędu”.\n\n\
             W komunikacie policji czytamy: „Kierowcy powinni omijać ten odcinek”.\n";
    assert_eq!(
        speakers(t),
        vec![
            some("Starostwo Powiatowe w Olszynie"),
            some("Zarząd Dróg Miejskich w Kępnie"),
            some("Urząd Gminy Sosnowa Wola"),
            some("policja"),
        ]
    );
}

#[test]
fn a_polish_institution_noun_alone_stands_for_the_institution_named_before() {
    // "resort" is a ministry, "spółka" the company named with it, "urząd" a starostwo; a phrase before
    // the noun names no speaker ("W oświadczeniu przesłanym redakcji").
    let t = "Pożar w zakładzie\n\n\
             Ministerstwo Przemysłu odniosło się do sprawy w piątek. Resort zapewnia: „Firma dostanie pomoc z \
             programu osłonowego”.\n\n\
             Spółka Drewmet przekazała, że produkcja stanie do końca miesiąca. W oświadczeniu przesłanym \
             redakcji spółka podkreśla: „Przyczyny pożaru wyjaśni niezależny biegły”.\n\n\
             Starostwo Powiatowe w Borach poinformowało, że szkoła przyjmie ewakuowanych. W przesłanym nam \
             komunikacie urząd zapewnia: „Sale będą gotowe na poniedziałek”.\n";
    assert_eq!(
        speakers(t),
        vec![some("Ministerstwo Przemysłu"), some("Spółka Drewmet"), some("Starostwo Powiatowe w Borach")]
    );
}

#[test]
fn a_noun_written_before_a_full_name_names_that_person_later() {
    // "26-letni obrońca" is the defender named with that noun, not the coach named last.
    let t = "Finał pucharu\n\n\
             Zwycięskiego gola zdobył w ostatniej minucie obrońca Paweł Sowa. Trener gości Adam Lis nie \
             krył rozczarowania.\n\n\
             „Nie wiem nawet, jak to się stało” – przyznał 26-letni obrońca.\n";
    assert_eq!(speakers(t), vec![some("Paweł Sowa")]);
}
