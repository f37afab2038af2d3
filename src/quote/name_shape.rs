//! What the shape of a word says about names: whether a token can be part of a person's or an
//! organisation's name, the capitalised function words that never are one ("The", "Według"), and
//! acronyms (an organisation or a country, never a person).

use std::sync::OnceLock;

use super::fast::WordFilter;
use super::token::Tok;
use crate::lexicon::fxhash::FxSet;

/// Can this token be part of a person's or organisation's name?
pub fn nameish(t: &Tok) -> bool {
    // The shape first (cheap, and rejects most words), then the function-word table.
    let Some(&b0) = t.word.as_bytes().first() else { return false };
    // A word starting with a lower-case ASCII letter or a digit is a name only in hyphenated form
    // ("al-Assad").
    if (b0.is_ascii_lowercase() || b0.is_ascii_digit()) && !t.word.as_bytes().contains(&b'-') {
        return false;
    }
    let shaped = t.is_initial() || {
        let cap_or_hyphen = t.is_cap()
            || (t.word.contains('-')
                && t.word.split('-').next_back().is_some_and(|p| p.starts_with(char::is_uppercase)));
        cap_or_hyphen && {
            // Shouting labels like "STORY:" or "VIDEO:" are no names; short acronyms (BBC, AFP) are. A
            // lower-case ASCII letter settles it at once.
            t.word.bytes().any(|b| b.is_ascii_lowercase()) || {
                let letters = t.word.chars().filter(|c| c.is_alphabetic()).count();
                let upper = t.word.chars().filter(|c| c.is_uppercase()).count();
                !(letters > 4 && upper == letters)
            }
        }
    };
    shaped && !is_function_word(t.word)
}

/// An acronym or a name written with inner capitals (`USA`, `NBP`, `OpenAI`): an organisation or a
/// country qualifying a role, never a person's name.
pub fn is_acronym(w: &str) -> bool {
    let letters = w.chars().filter(|c| c.is_alphabetic()).count();
    let upper = w.chars().filter(|c| c.is_uppercase()).count();
    letters >= 2
        && (upper == letters && letters <= 6
            || upper >= 2
                && w.chars().skip(1).any(char::is_uppercase)
                && upper < letters
                && !w.contains('-')
                && !w.starts_with("Mc")
                && !w.starts_with("Mac"))
}

/// Function words that start a capitalised run without being part of a name ("The Carrie Diaries").
const NOT_NAME_START: &str = include_str!("data/not_name_start.txt");

fn function_words() -> &'static (FxSet<&'static str>, WordFilter) {
    static S: OnceLock<(FxSet<&'static str>, WordFilter)> = OnceLock::new();
    S.get_or_init(|| {
        let set: FxSet<&'static str> = crate::data::entries(NOT_NAME_START).collect();
        let filter = WordFilter::new(set.iter().copied());
        (set, filter)
    })
}

/// A capitalised function word that is never a name by itself ("The", "Then", "But", "Według").
pub fn is_function_word(w: &str) -> bool {
    if w.len() < 2 || w.len() > 16 {
        return false;
    }
    let (set, filter) = function_words();
    if w.is_ascii() {
        // The filter keys on the first and last bytes modulo 32: the same for both cases of an ASCII
        // letter, so the word can be tested before lower-casing.
        if !filter.may_contain(w) {
            return false;
        }
        let mut buf = [0u8; 16];
        buf[..w.len()].copy_from_slice(w.as_bytes());
        buf[..w.len()].make_ascii_lowercase();
        return std::str::from_utf8(&buf[..w.len()]).is_ok_and(|l| set.contains(l));
    }
    set.contains(w.to_lowercase().as_str())
}
