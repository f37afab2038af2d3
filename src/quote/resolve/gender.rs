//! The grammatical gender a name or a word shows (a speaker's gender, to pass over the people of the
//! other gender as a pronoun's or a past-tense verb's referent).

use crate::quote::fast::with_lower;

/// Grammatical gender, as a Polish past-tense verb (dodał / dodała) or a pronoun (he / she) shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
}

/// First names ending in -a that are men's.
const MALE_IN_A: &[&str] =
    &["kuba", "barnaba", "bonawentura", "kosma", "jarema", "luca", "nikita", "andrea", "ilia", "sasha"];

/// Surname endings: masculine, feminine.
const SURNAME_ENDINGS: [(&str, &str); 3] = [("ski", "ska"), ("cki", "cka"), ("dzki", "dzka")];

/// The gender a name shows, if it shows one: Polish surnames in -ski/-cki/-dzki and -ska/-cka/-dzka, a
/// first name ending in -a (most are women's). Foreign names mostly show none. Words are compared in
/// lower case (without allocating for words of up to 32 bytes).
pub fn gender_of_name(name: &str) -> Option<Gender> {
    let mut words = name.split_whitespace();
    let first = words.next()?;
    let last = words.next_back();
    let by_surname = with_lower(last.unwrap_or(first), |l| {
        SURNAME_ENDINGS.iter().find_map(|(m, f)| {
            if l.ends_with(m) {
                Some(Gender::Male)
            } else if l.ends_with(f) {
                Some(Gender::Female)
            } else {
                None
            }
        })
    });
    if by_surname.is_some() || last.is_none() {
        return by_surname;
    }
    with_lower(first, |f| {
        (f.ends_with('a') && f.chars().count() >= 3 && !MALE_IN_A.contains(&f)).then_some(Gender::Female)
    })
}

/// The gender a Polish past-tense verb (dodał, dodała, powiedziałam) or an English or Polish
/// pronoun shows.
pub fn gender_of_word(w: &str) -> Option<Gender> {
    with_lower(w, |l| match l {
        "he" | "on" | "him" | "his" => Some(Gender::Male),
        "she" | "ona" | "her" => Some(Gender::Female),
        _ if l.ends_with("ła") || l.ends_with("łam") => Some(Gender::Female),
        _ if l.ends_with('ł') || l.ends_with("łem") => Some(Gender::Male),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`gender_of_name`] on lower-cased copies of every word.
    fn gender_of_name_plain(name: &str) -> Option<Gender> {
        let words: Vec<String> = name.split_whitespace().map(|w| w.to_lowercase()).collect();
        let last = words.last()?;
        for (m, f) in SURNAME_ENDINGS {
            if last.ends_with(m) {
                return Some(Gender::Male);
            }
            if last.ends_with(f) {
                return Some(Gender::Female);
            }
        }
        if words.len() >= 2 {
            let first = &words[0];
            if first.ends_with('a') && first.chars().count() >= 3 && !MALE_IN_A.contains(&first.as_str()) {
                return Some(Gender::Female);
            }
        }
        None
    }

    /// [`gender_of_word`] on a lower-cased copy.
    fn gender_of_word_plain(w: &str) -> Option<Gender> {
        let l = w.to_lowercase();
        match l.as_str() {
            "he" | "on" | "him" | "his" => return Some(Gender::Male),
            "she" | "ona" | "her" => return Some(Gender::Female),
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
