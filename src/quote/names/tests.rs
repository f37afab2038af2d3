//! Tests of the name book.

use super::polish::{is_pl_candidate, pl_candidates};
use super::*;

#[test]
fn candidate_test_agrees_with_the_candidates() {
    let words = [
        "Harrisa",
        "Kowalskiego",
        "Kowalskiej",
        "Lee'ego",
        "Butlerowi",
        "Kasia",
        "Nowickim",
        "Jacka",
        "Pawła",
        "a",
        "",
    ];
    let targets =
        ["Harris", "Kowalski", "Kowalska", "Lee", "Butler", "Kasi", "Nowicki", "Jacek", "Paweł", "Kasa", "x"];
    for w in words {
        for t in targets {
            assert_eq!(is_pl_candidate(w, t), pl_candidates(w).iter().any(|c| c == t), "{w} {t}");
        }
    }
}

#[test]
fn one_search_answers_like_a_search_per_candidate() {
    // "A.A" overlaps itself in "xA.A.A": the search per candidate reports only the first occurrence.
    let text = "Kowalski i Kowalska, Harris, Lee, Nowickiego, Kowalskim, Kowalskiy. Harrisa, Butler-Kowal. \
                xA.A.A";
    let words =
        ["Kowalskiego", "Kowalskiej", "Harrisa", "Lee'ego", "Nowickiemu", "Butlera", "Kasia", "Xyz", "A.Aa"];
    for w in words {
        let mut one = NameBook::new(text);
        let mut each = NameBook::new(text);
        let want = pl_candidates(w).into_iter().find(|c| c != w && each.word_occurs(c));
        assert_eq!(one.known_pl_candidate(w), want, "{w}");
        assert_eq!(one.searches, each.searches, "{w}: the same budget");
    }
}

#[test]
fn last_mention_is_the_last_full_name_before() {
    let text = "Posted by Sydney woman Jordy Lee. Then the mayor, Amy B. Harris, spoke. “Yes,” she said.";
    let book = NameBook::new(text);
    let last =
        |at: usize, floor: usize| book.last_mention_where(at, floor, 300, false, |_, _| true).map(|m| m.1);
    let at = text.find('“').unwrap();
    assert_eq!(last(at, 0).as_deref(), Some("Amy B. Harris"));
    let at = text.find(" Then").unwrap();
    assert_eq!(last(at, 0).as_deref(), Some("Jordy Lee"));
    assert_eq!(last(at, at - 3), None, "not before the floor");
    // A name that does not fit is passed over for the one before it.
    let at = text.find('“').unwrap();
    let not_harris = book.last_mention_where(at, 0, 300, false, |_, words| !words.ends_with("Harris"));
    let (span, words) = not_harris.unwrap();
    assert_eq!((span.text(text), words.as_str()), ("Jordy Lee", "Jordy Lee"));
}

#[test]
fn polish_genitive_names_get_their_nominative() {
    // After "według" / "zdaniem", with no other mention in the text.
    for (written, want) in [
        ("Jerzego Owsiaka", "Jerzy Owsiak"),
        ("Antoniego Macierewicza", "Antoni Macierewicz"),
        ("Andrzeja Dudy", "Andrzej Duda"),
        ("Beaty Szydło", "Beata Szydło"),
        ("Małgorzaty Kidawy-Błońskiej", "Małgorzata Kidawa-Błońska"),
        ("Marii Nowak", "Maria Nowak"),
        ("Olgi Tokarczuk", "Olga Tokarczuk"),
        ("Kasi Kowalskiej", "Kasia Kowalska"),
        ("Angeli Merkel", "Angela Merkel"),
        ("Tomasza Gacka", "Tomasz Gacek"),
        ("Michała Kudełka", "Michał Kudełek"),
    ] {
        let text = format!("Według {written} to dobrze.");
        let mut book = NameBook::new(&text);
        let span = Span::new("Według ".len(), "Według ".len() + written.len());
        assert_eq!(book.canonical(span, Lang::Pl, true), want, "{written}");
    }
    // A mobile e only where the text gives the nominative: Jacka → Jacek, Pawła → Paweł.
    let text = "Jacek Sasin i Paweł Kukiz przyszli. Według Jacka Sasina i Pawła Kukiza tak.";
    let mut book = NameBook::new(text);
    for (written, want) in [("Jacka", "Jacek"), ("Pawła", "Paweł")] {
        let at = text.rfind(written).unwrap();
        assert_eq!(book.canonical(Span::new(at, at + written.len()), Lang::Pl, true), want);
    }
}

#[test]
fn canonical_names_are_cached_without_changing_them() {
    let text = "Producentka Amy B. Harris mówi. Potem Harrisa zapytano.";
    let mut book = NameBook::new(text);
    let at = text.find("Harrisa").unwrap();
    let span = Span::new(at, at + "Harrisa".len());
    let first = book.canonical(span, Lang::Pl, false);
    assert_eq!(first, "Amy B. Harris");
    let searches = book.searches;
    assert_eq!(book.canonical(span, Lang::Pl, false), first);
    assert_eq!(book.searches, searches, "a second ask searches nothing");
}

/// The filter in front of [`is_title_word`] turns no title away, in any case.
#[test]
fn title_test_matches_the_list() {
    let plain = |w: &str| {
        let w = w.trim_end_matches('.');
        w.len() <= 16 && titles().0.contains(w.to_lowercase().as_str())
    };
    let mut words: Vec<String> = Vec::new();
    for t in crate::data::entries(TITLES) {
        let mut cap = t.chars();
        let first: String = cap.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
        words.extend([t.to_string(), t.to_uppercase(), format!("{first}{}", cap.as_str()), format!("{t}.")]);
        words.extend([format!("{t}s"), format!("X{t}"), t.chars().skip(1).collect()]);
    }
    words.extend(
        ["", ".", "Dr.", "MR", "Ministra", "Żołnierz", "ΣΑΣ", "x".repeat(20).as_str()].map(String::from),
    );
    let mut next = crate::quote::test_rng(0x9e37_79b9_7f4a_7c15);
    let letters = ["a", "r", "M", "D", "ą", "Ł", "e", "."];
    for _ in 0..2000 {
        let n = (next() % 8) as usize;
        words.push((0..n).map(|_| letters[(next() % letters.len() as u64) as usize]).collect());
    }
    for w in &words {
        assert_eq!(is_title_word(w), plain(w), "{w:?}");
    }
}

/// Every courtesy title is a title (it names no office among the titles), and an office title is
/// told from one.
#[test]
fn courtesy_titles_are_titles_without_an_office() {
    for w in crate::data::entries(COURTESY_TITLES) {
        assert!(is_title_word(w), "{w} is in courtesy_titles.txt but not in titles.txt");
        assert!(!is_office_title(w), "{w}");
    }
    for w in ["poseł", "Posłanka", "Senator", "colonel", "Sen."] {
        assert!(is_office_title(w), "{w}");
    }
    for w in ["Mr", "Dr.", "pani", "Mecenas", "Kowalski"] {
        assert!(!is_office_title(w), "{w}");
    }
}

/// A woman's name in the accusative (-ę) or the instrumental, and an adjectival surname in either
/// (-ą), gets its nominative, where the text gives no other form of it.
#[test]
fn polish_names_in_the_accusative_and_instrumental_get_their_nominative() {
    for (written, want) in [
        ("Martę Domachowską", "Marta Domachowska"),
        ("Annę Wrońską", "Anna Wrońska"),
        ("Anną Nowacką", "Anna Nowacka"),
        ("Ewą Kopacz", "Ewa Kopacz"),
    ] {
        let text = format!("Spotkał się z {written} wczoraj.");
        let mut book = NameBook::new(&text);
        let at = text.find(written).unwrap();
        assert_eq!(book.canonical(Span::new(at, at + written.len()), Lang::Pl, false), want, "{written}");
    }
}
