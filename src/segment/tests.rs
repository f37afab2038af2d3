//! Unit tests of the sentence splitter on small inputs.

use super::*;

fn split(s: &str, lang: Lang) -> Vec<&str> {
    split_str(s, lang).into_iter().map(|sp| &s[sp.start..sp.end]).collect()
}

#[test]
fn data_files_load() {
    assert_eq!(en::rules().abbrev("Mr"), Some(Abbr::Title));
    assert_eq!(pl::rules().abbrev("prof"), Some(Abbr::Title));
    assert_eq!(pl::rules().abbrev("Prof"), Some(Abbr::Title));
    assert!(en::rules().is_starter("The"));
    assert!(pl::rules().is_reporting("mówi"));
    assert_eq!(en::rules().abbrev("p.m"), Some(Abbr::Final));
    assert_eq!(en::rules().abbrev("ft"), Some(Abbr::Unit));
    assert_eq!(pl::rules().abbrev("im"), Some(Abbr::Patron));
    let (_, time) = en::rules().abbrev_entry("a.m").unwrap();
    assert!(en::rules().continues(time, "Monday") && !en::rules().continues(time, "Chief"));
    let (_, company) = en::rules().abbrev_entry("Inc").unwrap();
    assert!(en::rules().continues(company, "Chief") && !en::rules().continues(company, "Monday"));
    assert!(en::rules().is_date_word("At") && pl::rules().is_date_word("kwietnia"));
    // month names come from src/lexicon/data/months.txt; the abbreviations it leaves out from the
    // splitter's own list
    for w in ["September", "sept", "Mar", "Jul"] {
        assert!(en::rules().is_date_word(w), "{w}");
    }
    for w in ["września", "wrzesień", "wrześniu", "Grudnia"] {
        assert!(pl::rules().is_date_word(w), "{w}");
    }
}

#[test]
fn english_abbreviations_and_initials() {
    let s = "Mr. Smith met Dr. Jones at 5 p.m. on Jan. 5 in the U.S. Army base. It was cold.";
    assert_eq!(
        split(s, Lang::En),
        vec!["Mr. Smith met Dr. Jones at 5 p.m. on Jan. 5 in the U.S. Army base.", "It was cold."]
    );
    let s = "George H. W. Bush met Amy B. Harris. They talked.";
    assert_eq!(split(s, Lang::En), vec!["George H. W. Bush met Amy B. Harris.", "They talked."]);
    let s = "He lives in Boston, Mass. The rest is history. Boston, Mass. Gov. Baker agreed.";
    assert_eq!(split(s, Lang::En).len(), 3);
    let s = "He moved to the U.S. The rest is history.";
    assert_eq!(split(s, Lang::En), vec!["He moved to the U.S.", "The rest is history."]);
    let s = "Apples, pears, etc. Then we left. Shares of Apple Inc. The company fell 3.5% to $10.50.";
    assert_eq!(
        split(s, Lang::En),
        vec![
            "Apples, pears, etc.",
            "Then we left.",
            "Shares of Apple Inc.",
            "The company fell 3.5% to $10.50."
        ]
    );
    let s = "Mix A with B, e.g. Kool-Aid. See www.example.com. Mail a@b.pl. Reuters (ABC.N) rose.";
    assert_eq!(
        split(s, Lang::En),
        vec!["Mix A with B, e.g. Kool-Aid.", "See www.example.com.", "Mail a@b.pl.", "Reuters (ABC.N) rose."]
    );
}

#[test]
fn verbs_of_saying_of_the_quotation_stage_keep_the_attribution() {
    // "explained" and "tłumaczył" are listed once, in src/quote/data/verbs_{en,pl}.txt
    let s = "“Why now?” Harris explained. He left.";
    assert_eq!(split(s, Lang::En), vec!["“Why now?” Harris explained.", "He left."]);
    let s = "„Dlaczego teraz?” Nowak tłumaczył. Potem wyszedł.";
    assert_eq!(split(s, Lang::Pl), vec!["„Dlaczego teraz?” Nowak tłumaczył.", "Potem wyszedł."]);
}

#[test]
fn quotes_and_reporting_clauses() {
    let s = "“Where are they?” Harris asks. “Great!” she said. “Stop!” He left.";
    assert_eq!(
        split(s, Lang::En),
        vec!["“Where are they?” Harris asks.", "“Great!” she said.", "“Stop!”", "He left."]
    );
    let s = "“One. Two,” Harris says. “Three.” (Four.) Five?! Six";
    assert_eq!(
        split(s, Lang::En),
        vec!["“One.", "Two,” Harris says.", "“Three.”", "(Four.)", "Five?!", "Six"]
    );
    let s = "\"Tak!\" - mówi Harris. „Dobrze!”, uspokajał. „Nie wiem”. Koniec.";
    assert_eq!(
        split(s, Lang::Pl),
        vec!["\"Tak!\" - mówi Harris.", "„Dobrze!”, uspokajał.", "„Nie wiem”.", "Koniec."]
    );
}

#[test]
fn ellipses() {
    let s = "It was quite shocked .. and very upset... Then. … It’s over. .. This one. Wait … what?";
    assert_eq!(
        split(s, Lang::En),
        vec![
            "It was quite shocked .. and very upset...",
            "Then.",
            "… It’s over.",
            ".. This one.",
            "Wait … what?"
        ]
    );
}

#[test]
fn polish_rules() {
    let s = "Prof. Jan Nowak i dr hab. inż. Anna Kowalska przyszli o godz. 19.30 na ul. Długą. Było ok. 300 osób, m.in. posłowie.";
    assert_eq!(split(s, Lang::Pl).len(), 2);
    let s = "W 2013 r. Sąd uznał winę. Urodził się w 1990 r. Jego ojciec był lekarzem.";
    assert_eq!(
        split(s, Lang::Pl),
        vec!["W 2013 r. Sąd uznał winę.", "Urodził się w 1990 r.", "Jego ojciec był lekarzem."]
    );
    let s = "Zajął 22. miejsce w latach 90. XX w. Potem odszedł. Zarobił 10 tys. W tym roku więcej.";
    assert_eq!(
        split(s, Lang::Pl),
        vec![
            "Zajął 22. miejsce w latach 90. XX w.",
            "Potem odszedł.",
            "Zarobił 10 tys.",
            "W tym roku więcej."
        ]
    );
    let s =
        "Budżet to 30 mld zł. Prof. Jan Nowak ocenił, że to za mało. Dostał 5 mln zł. Dr Anna Kowalska też. \
             Wyjechało ok. 2 mln. Polaków.";
    assert_eq!(
        split(s, Lang::Pl),
        vec![
            "Budżet to 30 mld zł.",
            "Prof. Jan Nowak ocenił, że to za mało.",
            "Dostał 5 mln zł.",
            "Dr Anna Kowalska też.",
            "Wyjechało ok. 2 mln. Polaków."
        ]
    );
    let s = "Była msza św. Potem św. Jan przemówił. Jabłka, gruszki itd. Na koniec sok.";
    assert_eq!(
        split(s, Lang::Pl),
        vec!["Była msza św.", "Potem św. Jan przemówił.", "Jabłka, gruszki itd.", "Na koniec sok."]
    );
    let s = "Rzecznik KGP insp. Mariusz Ciarka i st. sierż. Jan Nowak byli tam w marcu br. W kwietniu nie.";
    assert_eq!(split(s, Lang::Pl).len(), 2);
    let s = "Mecz Legia v. Lech w St. Louis. Dr. Who wrócił.";
    assert_eq!(split(s, Lang::Pl), vec!["Mecz Legia v. Lech w St. Louis.", "Dr. Who wrócił."]);
}

#[test]
fn news_cases() {
    let s = "W kwietniu 2018 r. Stany Zjednoczone uderzyły. Przemawiał na 74. Zwyczajnym Posiedzeniu ONZ.";
    assert_eq!(split(s, Lang::Pl).len(), 2);
    let s = "Zapadł w sen. Wynik to 49,13. Ayyasamy był wolniejszy. Biegł 30 min. Potem odpadł.";
    assert_eq!(split(s, Lang::Pl).len(), 5);
    let s = "Jest przy ul. Marszałkowskiej 1. Wstęp wolny. Zarobił 5 mln zł. W 2011 r. już 10 mln zł.";
    assert_eq!(split(s, Lang::Pl).len(), 4);
    let s = "Po mszy św. Papież odjechał. Odbył się 39. Szczyt SADC.";
    assert_eq!(split(s, Lang::Pl).len(), 2);
    let s = "Wynik wyniósł 74. Jednak to mało.";
    assert_eq!(split(s, Lang::Pl), vec!["Wynik wyniósł 74.", "Jednak to mało."]);
    let s = "a professional workplace? . . . They didn't want to work here. . . . People left.";
    assert_eq!(
        split(s, Lang::En),
        vec!["a professional workplace? . . .", "They didn't want to work here. . . .", "People left."]
    );
    let s = "\"We exit homelessness.\"Eric Schaeffer said so. He lives in the U.S.\"";
    assert_eq!(
        split(s, Lang::En),
        vec!["\"We exit homelessness.\"", "Eric Schaeffer said so.", "He lives in the U.S.\""]
    );
    assert_eq!(split("On that stage!\" Shakira wrote.", Lang::En).len(), 1);
    let s = "„Which?” sprawdziło 355 ofert. „Co za zwierzę!” – skomentowała.";
    assert_eq!(split(s, Lang::Pl).len(), 2);
}

#[test]
fn spaces_headlines_lists() {
    let s = "Koniec.\u{a0}Początek.\u{2009}Dalej";
    assert_eq!(split(s, Lang::Pl), vec!["Koniec.", "Początek.", "Dalej"]);
    assert_eq!(split("  Headline Without A Final Mark  ", Lang::En), vec!["Headline Without A Final Mark"]);
    let s = "1. First point is here. 2. Second\n- item one\n- item two";
    assert_eq!(split(s, Lang::En), vec!["1. First point is here.", "2. Second", "- item one", "- item two"]);
    assert_eq!(split("Items: • one • two", Lang::En), vec!["Items:", "• one", "• two"]);
}
