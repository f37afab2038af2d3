//! Polish rules: word lists for the splitter (see `data/pl_*.txt`) and the decisions that
//! depend on Polish usage: ordinals written with a period, `r.`/`w.` after a year or century,
//! `św.` in "msza św.".

use std::sync::OnceLock;

use super::{is_number, is_roman, Rules, Scanner};
use crate::lang::Lang;

/// Abbreviations with their classes.
pub const ABBREV: &str = include_str!("data/pl_abbrev.txt");
/// Words that typically open a sentence.
pub const STARTERS: &str = include_str!("data/pl_starters.txt");
/// Reporting verbs ("mówi", "dodał").
pub const REPORTING: &str = include_str!("data/pl_reporting.txt");
/// Month names and prepositions of date phrases.
pub const DATE_WORDS: &str = include_str!("data/pl_date_words.txt");

/// The Polish rules, built on first use. English titles and abbreviations (St., Dr., v.) are
/// recognised too, as they appear in Polish news.
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| {
        Rules::build(Lang::Pl, ABBREV, STARTERS, REPORTING, DATE_WORDS, Some(super::en::rules()))
    })
}

/// Whether a period after the number `num` ends the sentence, given what follows: `upper` (a
/// capitalised word; a lower-case one never follows a sentence end), an opening quotation mark,
/// the next word and the one after it. Polish writes ordinals with a period, and they stand
/// before capitalised names too ("na 74. Zwyczajnym Posiedzeniu", "39. Szczyt SADC", "lata 90.
/// XX wieku"). Before a capitalised word the period after a short number therefore ends the
/// sentence when that word typically opens one ("… wyniósł 74. Jednak …"), when a quotation
/// opens, or when the next word is not followed by another capitalised word (a multi-word name):
/// "… ul. Marszałkowskiej 1. Wstęp wolny." A year (four digits, 1000-2199) or a decimal is no
/// ordinal: "… do roku 2025. Premier …" ends there.
pub(super) fn number_ends_sentence(
    rules: &Rules,
    num: &str,
    upper: bool,
    opener: bool,
    next_word: &str,
    second_word: &str,
) -> bool {
    if !upper {
        return true;
    }
    if next_word.len() >= 2 && is_roman(next_word) {
        return false;
    }
    // a decimal ("49,13.") or a date ("8.04.2013.") is no ordinal either
    if num.contains([',', '.']) {
        return true;
    }
    let year = num.len() == 4 && (num.starts_with('1') || num.starts_with("20") || num.starts_with("21"));
    if year || opener || rules.is_starter(next_word) {
        return true;
    }
    !second_word.chars().next().is_some_and(|c| c.is_uppercase() || c.is_numeric())
}

/// Whether the date ending with the year at `year_start` opens the sentence ("W 2013 r. Sąd…",
/// "8 kwietnia 2013 r. Kowalski…"): every word before it is a number, a Roman numeral, a month
/// name or a date preposition. Then `r.` does not end the sentence.
pub(super) fn date_opens_sentence<F: FnMut(usize, usize)>(sc: &Scanner<'_, F>, year_start: usize) -> bool {
    // a date phrase opening a sentence is short; the bound keeps the scan linear
    if year_start.saturating_sub(sc.sent_start) > 120 {
        return false;
    }
    let before = &sc.s[sc.sent_start..year_start.max(sc.sent_start)];
    let mut count = 0;
    for w in before.split_whitespace() {
        count += 1;
        if count > 8 {
            return false;
        }
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '–');
        if w.is_empty() || is_number(w) || is_roman(w) || sc.r.is_date_word(w) {
            continue;
        }
        return false;
    }
    true
}

/// Whether `św.` after `prev` ends a phrase ("msza św.", "mszy św.", "Pismo Św.") rather than
/// titling a following name.
pub(super) fn ends_mass(prev: &str) -> bool {
    let p = prev.to_lowercase();
    p.starts_with("msz") || p == "pismo" || p == "pisma" || p == "piśmie" || p == "sakrament"
}

/// Polish titles written as contractions (first and last letters), which by Polish spelling take no
/// period: "dr Nowak", "płk Kowalski".
pub(crate) fn is_contracted_title(word: &str) -> bool {
    const CONTRACTED: &[&str] = &["dr", "mgr", "płk", "ppłk", "mjr", "bp", "abp", "kmdr"];
    CONTRACTED.contains(&word.to_lowercase().as_str())
}
