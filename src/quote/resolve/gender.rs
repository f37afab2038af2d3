//! The grammatical gender a name or a word shows (a speaker's gender, to pass over the people of the
//! other gender as a pronoun's or a past-tense verb's referent).

use std::sync::OnceLock;

use crate::lang::Lang;
use crate::lexicon::fxhash::FxMap;
use crate::model::Span;
use crate::quote::fast::with_lower;
use crate::quote::speaker::{tokens, tokens_rev, verbs_pl};

/// Grammatical gender, as a Polish past-tense verb (dodał / dodała) or a pronoun (he / she) shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
}

/// First names ending in -a that are men's.
const MALE_IN_A: &[&str] =
    &["kuba", "barnaba", "bonawentura", "kosma", "jarema", "luca", "nikita", "andrea", "ilia", "sasha"];

/// Surname endings and the gender they show: Polish adjectival surnames in the nominative and in the
/// cases news writes them in after a verb or a preposition (Nawrockiego, Kowalskiej, z Nowicką), and
/// the masculine genitive ending any declined name takes (Musettiego, Lee'ego).
const SURNAME_ENDINGS: [(&str, Gender); 16] = [
    ("ski", Gender::Male),
    ("cki", Gender::Male),
    ("dzki", Gender::Male),
    ("dzkim", Gender::Male),
    ("skim", Gender::Male),
    ("ckim", Gender::Male),
    ("ego", Gender::Male),
    ("ska", Gender::Female),
    ("cka", Gender::Female),
    ("skiej", Gender::Female),
    ("ckiej", Gender::Female),
    ("ską", Gender::Female),
    ("cką", Gender::Female),
    ("dzka", Gender::Female),
    ("dzkiej", Gender::Female),
    ("dzką", Gender::Female),
];

/// A first name ending in -a (or its instrumental -ą) of three letters or more that is not listed
/// as a man's: most are women's.
fn female_by_ending(f: &str) -> bool {
    (f.ends_with('a') || f.ends_with('ą')) && f.chars().count() >= 3 && !MALE_IN_A.contains(&f)
}

/// Given names and their gender from the hand-written list (data/first_names.txt), each also without
/// its diacritics as English news writes Polish names (Pawel, Lukasz, Malgorzata), unless that
/// spelling is listed.
fn first_names() -> &'static FxMap<Box<str>, Gender> {
    static M: OnceLock<FxMap<Box<str>, Gender>> = OnceLock::new();
    M.get_or_init(|| {
        let mut m: FxMap<Box<str>, Gender> = FxMap::default();
        let mut plain = Vec::new();
        for (g, names) in gender_rows(include_str!("../data/first_names.txt")) {
            for n in names {
                m.insert(n.into(), g);
                if !n.is_ascii() {
                    plain.push((crate::lexicon::names::fold(n), g));
                }
            }
        }
        for (n, g) in plain {
            m.entry(n.into_boxed_str()).or_insert(g);
        }
        m
    })
}

/// Given names and their gender from the US census lists (data/census_first_names.txt, ASCII),
/// keyed by the list's own text.
fn census_names() -> &'static FxMap<&'static str, Gender> {
    static M: OnceLock<FxMap<&'static str, Gender>> = OnceLock::new();
    M.get_or_init(|| {
        const LIST: &str = include_str!("../data/census_first_names.txt");
        // (The names are ASCII, one space apart, about one per seven bytes.)
        let mut m: FxMap<&'static str, Gender> =
            FxMap::with_capacity_and_hasher(LIST.len() / 7, Default::default());
        for line in crate::data::entries(LIST) {
            let Some((g, names)) = line.split_once('\t') else { continue };
            let g = if g == "f" { Gender::Female } else { Gender::Male };
            m.extend(names.split(' ').filter(|n| !n.is_empty()).map(|n| (n, g)));
        }
        m
    })
}

/// The rows of a list of given names: the gender (`m` or `f`) and the names it gives.
fn gender_rows(list: &'static str) -> impl Iterator<Item = (Gender, std::str::SplitWhitespace<'static>)> {
    crate::data::entries(list).filter_map(|line| {
        let (g, names) = line.split_once('\t')?;
        Some((if g == "f" { Gender::Female } else { Gender::Male }, names.split_whitespace()))
    })
}

/// The gender of a listed given name `l` (lower case): the hand-written list first, then the census
/// lists.
fn listed(l: &str) -> Option<Gender> {
    first_names().get(l).or_else(|| census_names().get(l)).copied()
}

/// Is `w` (any case) a given name: a listed one (data/first_names.txt), or a woman's by its ending?
pub fn is_given_name(w: &str) -> bool {
    with_lower(w, |l| listed(l).is_some() || female_by_ending(l))
}

/// Whether `w` (any case) is a given name of the lists as written, with no guess by its ending.
pub fn is_listed_given_name(w: &str) -> bool {
    with_lower(w, |l| listed(l).is_some())
}

/// Whether `w` (any case) is a given name of the list (data/first_names.txt), as written or in the
/// genitive (Joanny → Joanna), with no guess by its ending.
pub fn is_listed_given_name_any_case(w: &str) -> bool {
    with_lower(w, |l| listed(l).is_some())
        || crate::quote::names::pl_genitive_guess(w).is_some_and(|g| with_lower(&g, |l| listed(l).is_some()))
}

/// Whether `w` (any case) is a man's given name of the list (data/first_names.txt).
pub fn is_listed_male_name(w: &str) -> bool {
    with_lower(w, |l| listed(l) == Some(Gender::Male))
}

/// The gender a name shows, if it shows one: Polish surnames in -ski/-cki/-dzki and -ska/-cka/-dzka,
/// a listed first name (data/first_names.txt), else a first name ending in -a (most are women's).
/// Words are compared in lower case (without allocating for words of up to 32 bytes).
pub fn gender_of_name(name: &str) -> Option<Gender> {
    let mut words = name.split_whitespace();
    let first = words.next()?;
    let last = words.next_back();
    let by_surname = with_lower(last.unwrap_or(first), |l| {
        SURNAME_ENDINGS.iter().find(|(e, _)| l.ends_with(e)).map(|&(_, g)| g)
    });
    if by_surname.is_some() || last.is_none() {
        return by_surname;
    }
    with_lower(first, |f| listed(f).or_else(|| female_by_ending(f).then_some(Gender::Female)))
}

/// The gender a Polish past-tense verb (dodał, dodała, powiedziałam) or an English or Polish
/// pronoun shows.
pub fn gender_of_word(w: &str) -> Option<Gender> {
    with_lower(w, |l| match l {
        "he" | "on" | "him" | "his" | "jego" | "go" => Some(Gender::Male),
        "she" | "ona" | "her" | "jej" | "ją" => Some(Gender::Female),
        _ if l.ends_with("ła") || l.ends_with("łam") => Some(Gender::Female),
        _ if l.ends_with('ł') || l.ends_with("łem") => Some(Gender::Male),
        _ => None,
    })
}

/// The gender shown by a Polish verb of saying among the five words before `span` or the two after
/// it ("– … – oceniła była tenisistka", "Premier przekonywał"): the gender of the person a role noun
/// at `span` names. English verbs show none.
pub fn verb_gender_near(text: &str, span: Span, lang: Lang) -> Option<Gender> {
    if lang != Lang::Pl {
        return None;
    }
    let is_verb = |w: &str| with_lower(w, |l| verbs_pl().contains(l));
    let mut from = span.start.saturating_sub(60);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (span.end + 60).min(text.len());
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let before = tokens_rev(text, Span::new(from, span.start)).take(5);
    let after = tokens(text, Span::new(span.end, to.max(span.end))).take(2);
    before.chain(after).find(|t| is_verb(t.word)).and_then(|t| gender_of_word(t.word))
}

/// The gender the role noun at `span` shows by its own form, when no verb shows one: a Polish
/// feminine derivation ("rzeczniczka", "posłanka", "premierka", "prezeska", "szefowa",
/// "marszałkini") or an English compound in -woman or -man ("spokeswoman", "chairman"). The first
/// word of the span that shows one decides.
pub fn role_gender(text: &str, span: Span) -> Option<Gender> {
    const FEMININE: &[&str] = &["czka", "nka", "rka", "ska", "owa", "yni", "ini"];
    tokens(text, span).find_map(|t| {
        with_lower(t.word, |l| {
            if l.ends_with("woman") || l.ends_with("women") {
                Some(Gender::Female)
            } else if l.ends_with("man") || l.ends_with("men") {
                Some(Gender::Male)
            } else if l.chars().count() > 5 && FEMININE.iter().any(|e| l.ends_with(e)) {
                Some(Gender::Female)
            } else {
                None
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`gender_of_name`] on lower-cased copies of every word.
    fn gender_of_name_plain(name: &str) -> Option<Gender> {
        let words: Vec<String> = name.split_whitespace().map(|w| w.to_lowercase()).collect();
        let last = words.last()?;
        for (e, g) in SURNAME_ENDINGS {
            if last.ends_with(e) {
                return Some(g);
            }
        }
        if words.len() >= 2 {
            let first = &words[0];
            if let Some(g) = listed(first.as_str()) {
                return Some(g);
            }
            if (first.ends_with('a') || first.ends_with('ą'))
                && first.chars().count() >= 3
                && !MALE_IN_A.contains(&first.as_str())
            {
                return Some(Gender::Female);
            }
        }
        None
    }

    /// [`gender_of_word`] on a lower-cased copy.
    fn gender_of_word_plain(w: &str) -> Option<Gender> {
        let l = w.to_lowercase();
        match l.as_str() {
            "he" | "on" | "him" | "his" | "jego" | "go" => return Some(Gender::Male),
            "she" | "ona" | "her" | "jej" | "ją" => return Some(Gender::Female),
            _ => {}
        }
        if l.ends_with("ła") || l.ends_with("łam") {
            Some(Gender::Female)
        } else if l.ends_with('ł') || l.ends_with("łem") {
            Some(Gender::Male)
        } else {
            None
        }
    }

    #[test]
    fn lower_case_views_agree_with_lower_cased_copies() {
        const PIECES: &[&str] = &[
            "Anna",
            "KUBA",
            "Kuba",
            "Jan",
            "Kowalski",
            "KOWALSKA",
            "Nowicka",
            "Wrzodzki",
            "dzka",
            "Ewa",
            "He",
            "SHE",
            "on",
            "Ona",
            "his",
            "dodał",
            "DODAŁA",
            "powiedziałam",
            "mówiłem",
            "Ł",
            "ła",
            "Σ",
            "ΣA",
            "İa",
            "ẞ",
            "Łukasz",
            "Andrea",
            "a",
            "ab",
            "aba",
            "  ",
            " ",
            "\t",
            "-",
            "x",
            "Bardzodługienazwiskoktóreprzekracza32bajty",
            "ski",
            "SKA",
            "Cki",
        ];
        let mut next = crate::quote::test_rng(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..6000 {
            let len = (next() % 5) as usize;
            let mut s = String::new();
            for _ in 0..len {
                s.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
                if !next().is_multiple_of(3) {
                    s.push(' ');
                }
            }
            assert_eq!(gender_of_name(&s), gender_of_name_plain(&s), "{s:?}");
            assert_eq!(gender_of_word(&s), gender_of_word_plain(&s), "{s:?}");
        }
        for p in PIECES {
            assert_eq!(gender_of_name(p), gender_of_name_plain(p), "{p:?}");
            assert_eq!(gender_of_word(p), gender_of_word_plain(p), "{p:?}");
        }
    }
}
