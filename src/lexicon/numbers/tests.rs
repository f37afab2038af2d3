//! Tests of the number reader.

use super::words::roman;
use super::*;
use NumKind::*;

fn kinds(s: &str, lang: Lang) -> Vec<NumKind> {
    extract(s, lang).into_iter().map(|n| n.kind).collect()
}

#[test]
fn glued_m_is_millions_or_metres_without_a_currency_sign() {
    let en = extract("He began with a 7.52m before clearing 7.62m in the 400m final.", Lang::En);
    let got: Vec<(NumKind, Option<NumKind>)> = en.iter().map(|n| (n.kind, n.alt)).collect();
    assert_eq!(
        got,
        [
            (Value(7_520_000_000), Some(Value(7520))),
            (Value(7_620_000_000), Some(Value(7620))),
            (Value(400_000_000_000), Some(Value(400_000))),
        ]
    );
    // With a currency sign it is money; "m" with a space is never a scale in English either way.
    let money = extract("sued for $10m and £2.5m", Lang::En);
    assert!(money.iter().all(|n| n.alt.is_none()), "{money:?}");
    assert_eq!(money[0].kind, Value(10_000_000_000));
    assert!(extract("5 million people", Lang::En).iter().all(|n| n.alt.is_none()));
    // Polish writes the metres apart: a plain value, which the English alternative matches.
    assert_eq!(kinds("Zaczął od 7,52 m, a następnie 7,62 m.", Lang::Pl), [Value(7520), Value(7620)]);
}

#[test]
fn polish_centuries_in_roman_numerals() {
    assert_eq!(kinds("kłamstw i złudzeń XXI w. zaczyna", Lang::Pl), [Ordinal(21)]);
    assert_eq!(kinds("na początku XX wieku", Lang::Pl), [Ordinal(20)]);
    assert_eq!(kinds("w XIX w.", Lang::Pl), [Ordinal(19)]);
    // "lat 70. XX w." is the 1970s: the century is part of the decade.
    assert!(!kinds("ruch punkowy z lat 70. XX w. przynajmniej", Lang::Pl).contains(&Ordinal(20)));
    assert_eq!(kinds("the 21st-century lies", Lang::En), [Ordinal(21)]);
    // A regnal number before the preposition "w", and anything that is not a numeral.
    assert!(kinds("Jan Paweł II w Krakowie", Lang::Pl).is_empty());
    assert!(kinds("IIX wieku, MIX wieku", Lang::Pl).is_empty());
    assert_eq!(roman("XXXIX"), Some(39));
    assert_eq!(roman("XL"), None);
    let text = "od XV w. do XXI wieku";
    assert_eq!(extract_with_words(text, Lang::Pl, &[]), extract(text, Lang::Pl));
}

#[test]
fn polish_years_adjectives_in_words() {
    assert_eq!(kinds("Dwudziestoletni Sreeshankar skoczył", Lang::Pl), [Value(20_000)]);
    assert_eq!(kinds("dwudziestopięcioletniej kobiety", Lang::Pl), [Value(25_000)]);
    assert_eq!(kinds("stuletnia historia, dwuletni kontrakt", Lang::Pl), [Value(100_000), Value(2_000)]);
    assert_eq!(kinds("dwunastoletnim chłopcem", Lang::Pl), [Value(12_000)]);
    // Not a number: the summer adjective, "a few years", "many years", a bad compound.
    assert!(kinds("letni obóz, kilkuletni, wieloletnia, dwudziestodwunastoletni", Lang::Pl).is_empty());
    // English has no such words; "20-year-old" is read from its digits.
    assert_eq!(kinds("The 20-year-old", Lang::En), [Value(20_000)]);
}

#[test]
fn polish_point_with_one_or_two_digits_is_a_decimal_point() {
    assert_eq!(kinds("„Campaign Boot Camp 2.0”", Lang::Pl), [Value(2000)]);
    assert_eq!(kinds("o godz. 8.30", Lang::Pl), [Value(8300)]);
    assert_eq!(kinds("ok. 3.5 mln osób", Lang::Pl), [Value(3_500_000_000)]);
    // three digits after a point group thousands, as before
    assert_eq!(kinds("1.000 osób", Lang::Pl), [Value(1_000_000)]);
}

#[test]
fn decimal_comma_and_point() {
    assert_eq!(kinds("wzrost o 3,5", Lang::Pl), [Value(3500)]);
    assert_eq!(kinds("a rise of 3.5", Lang::En), [Value(3500)]);
}

#[test]
fn thousands_groups() {
    assert_eq!(kinds("1,000 people", Lang::En), [Value(1_000_000)]);
    assert_eq!(kinds("1 000 osób", Lang::Pl), [Value(1_000_000)]);
    assert_eq!(kinds("1\u{a0}000 osób", Lang::Pl), [Value(1_000_000)]);
    assert_eq!(kinds("12\u{202f}345\u{202f}678 zł", Lang::Pl), [Value(12_345_678_000)]);
    assert_eq!(kinds("1.000.000 zł", Lang::Pl), [Value(1_000_000_000)]);
    assert_eq!(kinds("2,500,000.75 dollars", Lang::En), [Value(2_500_000_750)]);
}

#[test]
fn scale_words() {
    assert_eq!(kinds("5 tys. osób", Lang::Pl), kinds("5,000 people", Lang::En));
    assert_eq!(kinds("3,5 mln", Lang::Pl), kinds("3.5 million", Lang::En));
    assert_eq!(kinds("2 mld zł", Lang::Pl), kinds("2 billion zlotys", Lang::En));
    assert_eq!(kinds("$2bn", Lang::En), [Value(2_000_000_000_000)]);
    assert_eq!(kinds("£5m", Lang::En), [Value(5_000_000_000)]);
    assert_eq!(kinds("5 m wide", Lang::En), [Value(5_000)]);
}

#[test]
fn percentages() {
    assert_eq!(kinds("12 proc. głosów", Lang::Pl), [Percent(12_000)]);
    assert_eq!(kinds("12,5 procent", Lang::Pl), [Percent(12_500)]);
    assert_eq!(kinds("12.5%", Lang::En), [Percent(12_500)]);
    assert_eq!(kinds("12.5 per cent", Lang::En), [Percent(12_500)]);
    assert_eq!(kinds("99% prawa", Lang::Pl), [Percent(99_000)]);
}

#[test]
fn dates_as_month_day_pairs() {
    let d = Date { month: 4, day: 8 };
    assert_eq!(kinds("8 kwietnia", Lang::Pl), [d]);
    assert_eq!(kinds("on April 8", Lang::En), [d]);
    assert_eq!(kinds("on 8 April", Lang::En), [d]);
    assert_eq!(kinds("on April 8th", Lang::En), [d]);
    assert_eq!(kinds("rankiem 28 sierpnia", Lang::Pl), [Date { month: 8, day: 28 }]);
    assert_eq!(kinds("w kwietniu", Lang::Pl), [Month(4)]);
    assert_eq!(kinds("you may go", Lang::En), []);
    assert_eq!(kinds("to march 8 miles", Lang::En), [Value(8000)]);
}

#[test]
fn years_and_ordinals() {
    assert_eq!(kinds("in 2019", Lang::En), [Year(2019)]);
    assert_eq!(kinds("w 2019 r.", Lang::Pl), [Year(2019)]);
    assert_eq!(kinds("the 14th", Lang::En), [Ordinal(14)]);
    assert_eq!(kinds("także 14-tą", Lang::Pl), [Ordinal(14)]);
    assert!(Ordinal(14).matches(&Value(14_000)));
    assert!(!Ordinal(14).matches(&Value(15_000)));
}

#[test]
fn number_words() {
    assert_eq!(kinds("two people", Lang::En), [Value(2000)]);
    assert_eq!(kinds("dwie osoby", Lang::Pl), [Value(2000)]);
    assert_eq!(kinds("nineteen days", Lang::En), [Value(19_000)]);
    assert_eq!(kinds("dziewiętnastu dni", Lang::Pl), [Value(19_000)]);
    assert_eq!(kinds("ninety", Lang::En), kinds("dziewięćdziesięcioma", Lang::Pl));
    assert_eq!(kinds("pięciuset osób", Lang::Pl), [Value(500_000)]);
    // "one", "first", "second" alone are pronouns, articles, a unit of time
    assert!(kinds("one of them came first, a second later", Lang::En).is_empty());
    assert!(kinds("jeden z nich był pierwszy, drugi później", Lang::Pl).is_empty());
}

#[test]
fn compound_number_words() {
    let v = |n: i64| vec![Value(n * 1000)];
    assert_eq!(kinds("twenty-two players", Lang::En), v(22));
    assert_eq!(kinds("twenty two players", Lang::En), v(22));
    assert_eq!(kinds("dwadzieścia dwa lata", Lang::Pl), v(22));
    assert_eq!(kinds("dwudziestu dwóch graczy", Lang::Pl), v(22));
    assert_eq!(kinds("twenty-one", Lang::En), v(21));
    assert_eq!(kinds("dwadzieścia jeden", Lang::Pl), v(21));
    assert_eq!(kinds("sto dwadzieścia trzy", Lang::Pl), v(123));
    assert_eq!(kinds("two hundred and five", Lang::En), v(205));
    assert_eq!(kinds("three hundred", Lang::En), v(300));
    assert_eq!(kinds("dwieście pięćdziesiąt", Lang::Pl), v(250));
    assert_eq!(kinds("trzy miliony ludzi", Lang::Pl), v(3_000_000));
    assert_eq!(kinds("two million people", Lang::En), kinds("2 mln osób", Lang::Pl));
    assert_eq!(kinds("twenty per cent", Lang::En), [Percent(20_000)]);
    assert_eq!(kinds("dwadzieścia procent", Lang::Pl), [Percent(20_000)]);
    // a place already filled is not filled again: two numbers
    assert_eq!(kinds("fifteen two", Lang::En), [Value(15_000), Value(2_000)]);
    assert_eq!(kinds("dwadzieścia dwanaście", Lang::Pl), [Value(20_000), Value(12_000)]);
    // a comma or a full stop ends the number
    assert_eq!(kinds("twenty, two", Lang::En), [Value(20_000), Value(2_000)]);
    // the span covers the words
    let s = "Mam dwadzieścia dwa lata.";
    let n = extract(s, Lang::Pl);
    assert_eq!(&s[n[0].start..n[0].end], "dwadzieścia dwa");
    // the caller's word-by-word reading gives the same
    for (s, lang) in [("twenty-first century", Lang::En), ("dwadzieścia jeden tys. osób", Lang::Pl)] {
        let words: Vec<Num> = crate::lexicon::tokens::tokens(s)
            .filter(|t| t.kind == crate::lexicon::tokens::TokenKind::Word)
            .filter_map(|t| {
                extract(t.text, lang).first().map(|n| Num {
                    kind: n.kind,
                    start: t.start,
                    end: t.end,
                    alt: None,
                })
            })
            .collect();
        assert_eq!(extract_with_words(s, lang, &words), extract(s, lang), "{s}");
    }
}

#[test]
fn ordinal_words() {
    assert_eq!(kinds("the third time", Lang::En), [Ordinal(3)]);
    assert_eq!(kinds("po raz trzeci", Lang::Pl), [Ordinal(3)]);
    assert_eq!(kinds("czwartego dnia", Lang::Pl), [Ordinal(4)]);
    assert_eq!(kinds("the twenty-first century", Lang::En), [Ordinal(21)]);
    assert_eq!(kinds("dwudziestego pierwszego wieku", Lang::Pl), [Ordinal(21)]);
    assert_eq!(kinds("the nineteenth", Lang::En), kinds("dziewiętnasta", Lang::Pl));
    assert!(Ordinal(21).matches(&Value(21_000)));
}

#[test]
fn clock_times() {
    assert_eq!(kinds("at 10:30", Lang::En), [Value(10_300)]);
    assert_eq!(kinds("o godz. 10.30", Lang::Pl), kinds("at 10:30", Lang::En));
    assert_eq!(kinds("o 10:30", Lang::Pl), [Value(10_300)]);
    assert_eq!(kinds("at 13:05", Lang::En), [Value(13_050)]);
    let pm = extract("at 8:30 pm", Lang::En);
    assert_eq!((pm[0].kind, pm[0].alt), (Value(8_300), Some(Value(20_300))));
    assert_eq!(extract("at 8.30pm", Lang::En)[0].alt, Some(Value(20_300)));
    assert_eq!(extract("at 1 p.m.", Lang::En)[0].alt, Some(Value(13_000)));
    assert_eq!(extract("at 8:30 am", Lang::En)[0].alt, None);
    // not times: minutes of 60 or more, three digits, a ratio
    assert_eq!(kinds("10:75", Lang::En), [Value(10_000), Value(75_000)]);
    assert_eq!(kinds("1:250", Lang::En), [Value(1_000), Value(250_000)]);
    assert_eq!(kinds("won 3:1", Lang::En), [Value(3_000), Value(1_000)]);
}

#[test]
fn english_decimal_comma() {
    assert_eq!(kinds("a 1,5 mm gap", Lang::En), [Value(1_500)]);
    assert_eq!(kinds("a 1,5 mm gap", Lang::En), kinds("szczelina 1,5 mm", Lang::Pl));
    assert_eq!(kinds("it cost 2,75 euro", Lang::En), [Value(2_750)]);
    assert_eq!(kinds("3,1416", Lang::En), [Value(3_141)]);
    assert_eq!(kinds("0,250 kg", Lang::En), [Value(250)]);
    assert_eq!(kinds("12,5%", Lang::En), [Percent(12_500)]);
    // three digits after a comma group thousands, as before
    assert_eq!(kinds("1,500 people", Lang::En), [Value(1_500_000)]);
    assert_eq!(kinds("12,500,000 dollars", Lang::En), [Value(12_500_000_000)]);
    // after a group, a short run is not a decimal part
    assert_eq!(kinds("1,500,5", Lang::En), [Value(1_500_000), Value(5_000)]);
}

#[test]
fn spans_cover_the_source_text() {
    let s = "Dochód: 3,5 mln zł, 12 proc.";
    let n = extract(s, Lang::Pl);
    assert_eq!(&s[n[0].start..n[0].end], "3,5 mln");
    assert_eq!(&s[n[1].start..n[1].end], "12 proc.");
}

#[test]
fn odd_input_does_not_panic() {
    for s in [
        "",
        "1",
        "1,",
        ",5",
        "99999999999999999999999 mln",
        "1 000 000 000 000 000 000",
        "ŻÓŁĆ 3,5%",
        "COVID19",
    ] {
        let _ = extract(s, Lang::Pl);
        let _ = extract(s, Lang::En);
    }
    assert_eq!(kinds("COVID19", Lang::En), []);
}

proptest::proptest! {
    #[test]
    fn any_text_gives_values_with_valid_spans(s in "[0-9 ,.\u{a0}%a-zA-ZİıŻżó-]{0,40}") {
        for lang in [Lang::En, Lang::Pl] {
            for n in extract(&s, lang) {
                proptest::prop_assert!(n.start < n.end && n.end <= s.len());
                proptest::prop_assert!(s.is_char_boundary(n.start) && s.is_char_boundary(n.end));
            }
        }
    }

    #[test]
    fn any_unicode_does_not_panic(s in "\\PC{0,30}") {
        let _ = extract(&s, Lang::En);
        let _ = extract(&s, Lang::Pl);
        let _ = crate::lexicon::cognate::similarity(&s, &s);
        let _ = crate::lexicon::names::name_key(&s);
        for t in crate::lexicon::tokens::tokens(&s) {
            proptest::prop_assert_eq!(&s[t.start..t.end], t.text);
        }
    }
}

/// The unit words are read alone only by a caller that asks for them (QA), from the same list the
/// compounds use: every form of "jeden", and "one"; a cardinal or another language is not a unit.
#[test]
fn unit_words_come_from_the_number_word_list() {
    for w in ["jeden", "jedna", "jedno", "jednego", "jednej", "jedną", "jednemu", "jednym"] {
        assert_eq!(unit_word(w, Lang::Pl), Some(1), "{w}");
    }
    assert_eq!(unit_word("one", Lang::En), Some(1));
    assert_eq!(unit_word("one", Lang::Pl), None);
    assert_eq!(unit_word("two", Lang::En), None);
    assert_eq!(unit_word("dwie", Lang::Pl), None);
    // extract() leaves them out alone, and reads them in a compound.
    assert!(extract("one of them", Lang::En).is_empty());
    assert_eq!(extract("twenty-one", Lang::En).len(), 1);
}
