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

/// Texts for comparing the shortcuts of the scanner with their references: the sample articles,
/// hand-made edge cases and pseudo-random strings over an alphabet of the characters the
/// shortcuts treat apart (ASCII stops and quotes, Unicode spaces, openers and letters).
fn shortcut_texts() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/carrie-diaries");
    let mut texts: Vec<String> =
        ["en.txt", "pl.txt"].iter().map(|f| std::fs::read_to_string(root.join(f)).unwrap()).collect();
    texts.extend(
        [
            "(Ph.D.) [U.S.] {e.g.} \"It's\" 'don't' ‘quoted’ „Zażółć” «Łódź» x\u{0B}y\u{0C}z\u{85}w\u{A0}v",
            "ÉCOLE. İstanbul. Ⱥb. \u{212A}elvin. ǅem. św. ŚW. Św. ul.Długa im.Jana",
            "a'b a’b a'1 a’ b' 'c ’d 1'2 x\u{2009}y\u{3000}z「w」『v』",
        ]
        .map(String::from),
    );
    let alphabet: Vec<char> =
        "aZ9 .'’\"([{)]}\t\n\u{0B}\u{0C}\r\u{A0}\u{2009}„“”«»‘‚¿¡「『żŁ界İ\u{212A}@/-–…".chars().collect();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for len in 1..400 {
        let mut t = String::new();
        for _ in 0..len % 97 + 1 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let c = alphabet[(seed % alphabet.len() as u64) as usize];
            // runs of letters, as words are
            for _ in 0..(seed >> 40) % 4 + 1 {
                t.push(c);
            }
        }
        texts.push(t);
    }
    texts
}

#[test]
fn token_and_word_shortcuts_agree_with_decoding() {
    for s in shortcut_texts() {
        let starts: Vec<usize> = (0..=s.len()).filter(|&i| s.is_char_boundary(i)).collect();
        for (n, &sent_start) in starts.iter().enumerate().step_by(37) {
            let t = Text { s: &s, b: s.as_bytes(), r: en::rules(), sent_start };
            for &i in &starts[n..] {
                assert_eq!(t.token_before(i), t.token_before_decoded(i), "token before {i} in {s:?}");
            }
        }
        let t = Text { s: &s, b: s.as_bytes(), r: en::rules(), sent_start: 0 };
        for &i in &starts {
            assert_eq!(t.word_at(i), t.word_at_decoded(i), "word at {i} in {s:?}");
        }
    }
}

#[test]
fn abbreviation_filter_keeps_every_listed_abbreviation() {
    let mut tokens: Vec<String> = Vec::new();
    for rules in [en::rules(), pl::rules()] {
        for w in rules.abbrev.keys() {
            let mut cap: String = w.chars().next().unwrap().to_uppercase().collect();
            cap.push_str(&w[w.chars().next().unwrap().len_utf8()..]);
            tokens.extend([w.to_string(), cap, w.to_uppercase()]);
        }
    }
    for s in shortcut_texts() {
        tokens
            .extend(s.split_whitespace().flat_map(|w| [w.to_string(), w.trim_end_matches('.').to_string()]));
    }
    for rules in [en::rules(), pl::rules()] {
        for w in &tokens {
            assert_eq!(rules.abbrev_entry(w), rules.abbrev_lookup(w), "{w} ({:?})", rules.lang);
        }
        for w in rules.abbrev.keys() {
            assert!(rules.abbrev_entry(w).is_some(), "{w}");
        }
    }
}
