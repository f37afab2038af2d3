//! Month names next to a day number: "April 8", "8 April", "8 kwietnia".

use super::around::{is_group_space, next_word, prev_word};
use super::tables::{li, tables};
use super::NumKind;
use crate::lang::Lang;
use crate::lexicon::tokens::fold_into;

/// Whether `word` (as written) may be a month name by its case: English months are capitalised.
pub(super) fn month_ok(word: &str, lang: Lang, needs_capital: bool) -> bool {
    !(lang == Lang::En && needs_capital && !word.chars().next().is_some_and(char::is_uppercase))
}

fn month_of(word: &str, lang: Lang, needs_capital: bool) -> Option<u8> {
    if !month_ok(word, lang, needs_capital) {
        return None;
    }
    let mut w = String::new();
    fold_into(word, &mut w);
    tables().months[li(lang)].get(w.as_str()).copied()
}

/// Month before `start` (EN "April 8") — its start offset.
pub(super) fn month_start(text: &str, start: usize, lang: Lang) -> Option<usize> {
    let (w, ws) = prev_word(text, start)?;
    month_of(w, lang, true).map(|_| ws)
}

/// A date around a day number at `start..end`: "April 8", "8 April", "8 kwietnia".
pub(super) fn date_around(text: &str, start: usize, end: usize, lang: Lang, day: u32) -> Option<NumKind> {
    if !(1..=31).contains(&day) {
        return None;
    }
    let day = day as u8;
    if let Some((w, _, _)) = next_word(text, end) {
        let first = text[end..].trim_start_matches(|c: char| c == ' ' || is_group_space(c)).chars().next();
        let cap_ok = lang == Lang::Pl || first.is_some_and(char::is_uppercase);
        if cap_ok {
            if let Some(&m) = tables().months[li(lang)].get(w.as_str()) {
                return Some(NumKind::Date { month: m, day });
            }
        }
    }
    if lang == Lang::En {
        let (w, _) = prev_word(text, start)?;
        let m = month_of(w, lang, true)?;
        return Some(NumKind::Date { month: m, day });
    }
    None
}

/// End of the month word after a day number, when the month follows it.
pub(super) fn date_end(text: &str, end: usize, lang: Lang, kind: NumKind) -> Option<usize> {
    let NumKind::Date { month, .. } = kind else { return None };
    let (w, _, we) = next_word(text, end)?;
    (tables().months[li(lang)].get(w.as_str()) == Some(&month)).then_some(we)
}
