//! The kind of a quotation: someone's speech, a title, or a scare quote.
//!
//! Decided from the attribution (an attributed quotation is speech), the words right before the
//! opening mark (data/cues.txt: "the song", "so-called", "pt.", "tzw."), the capitalisation (title case
//! names a work) and the length (a few lower-case words set off are a scare quote).

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::lang::Lang;
use crate::model::QuoteKind;

/// Longest lower-case English quotation taken for a scare quote.
const SCARE_MAX_WORDS_EN: usize = 7;
/// The same for Polish.
const SCARE_MAX_WORDS_PL: usize = 5;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Cue {
    Title,
    Scare,
    Name,
}

fn cues() -> &'static HashMap<&'static str, Cue> {
    static S: OnceLock<HashMap<&'static str, Cue>> = OnceLock::new();
    S.get_or_init(|| {
        include_str!("data/cues.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once('\t'))
            .filter_map(|(k, w)| {
                let cue = match k {
                    "title" => Cue::Title,
                    "scare" => Cue::Scare,
                    "name" => Cue::Name,
                    _ => return None,
                };
                Some((w.trim(), cue))
            })
            .collect()
    })
}

/// Small words that stay lower case in a title ("Like a Virgin", "Sex and the City", "Seks w wielkim
/// mieście" is not title case and needs a cue).
const SMALL: &[&str] = &[
    "a", "an", "the", "and", "or", "but", "of", "in", "on", "at", "to", "for", "by", "with", "from", "as",
    "is", "nor", "vs", "w", "i", "z", "na", "do", "o", "u", "od", "po", "ze", "we",
];

fn words(s: &str) -> Vec<&str> {
    s.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect()
}

fn cap(w: &str) -> bool {
    w.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
}

/// Title case: every word but the small ones capitalised, the first one too.
fn title_case(ws: &[&str]) -> bool {
    !ws.is_empty() && cap(ws[0]) && ws.iter().all(|w| cap(w) || SMALL.contains(&w.to_lowercase().as_str()))
}

/// Classify a quotation. `inner` is its text, `before` the text of its paragraph before the opening
/// mark, `attributed` whether an attribution names (or implies) a speaker, `lang` the paragraph's
/// language.
pub fn classify(inner: &str, before: &str, attributed: bool, lang: Lang) -> QuoteKind {
    if attributed {
        return QuoteKind::Speech;
    }
    let ws = words(inner);
    let n = ws.len();
    let trimmed = inner.trim();
    // The cue: one of the two words before the mark ("the song", "album pt.", "so-called").
    let prev: Vec<&str> = before
        .split_whitespace()
        .rev()
        .take(2)
        .map(|w| w.trim_start_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    let cue = prev.iter().enumerate().find_map(|(k, w)| {
        let lw = w.to_lowercase();
        let bare = lw.trim_end_matches([',', ':', ';', '.', '!', '?']);
        // "pt." and "tzw." keep their dot; any other word ending a sentence is no cue.
        let c = cues().get(lw.as_str()).or_else(|| {
            if bare.len() + 1 >= lw.len() && !lw.ends_with(['.', '!', '?']) {
                cues().get(bare)
            } else {
                None
            }
        })?;
        // The nearer word decides; a cue two words back only when the nearer one is a plain word.
        (k == 0 || (!cap(prev[0]) && !prev[0].ends_with([',', '.', ':', ';', '!', '?']))).then_some(*c)
    });
    // A possessive right before: Madonna’s “Like a Virgin.”
    let possessive = prev.first().is_some_and(|w| w.ends_with("’s") || w.ends_with("'s"));
    let tc = title_case(&ws);
    let ends_sentence = trimmed.ends_with(['.', '!', '?', '…']) || trimmed.ends_with(',');
    match cue {
        Some(Cue::Scare) if n <= 6 => return QuoteKind::Scare,
        Some(Cue::Title) if n <= 12 => return QuoteKind::Title,
        Some(Cue::Name) if n <= 8 => return if tc { QuoteKind::Title } else { QuoteKind::Scare },
        _ => {}
    }
    if tc
        && (2..=8).contains(&n)
        && !trimmed.ends_with(['?', '!', ','])
        && (possessive || !has_verb_shape(&ws))
    {
        return QuoteKind::Title;
    }
    if tc && n == 1 && possessive {
        return QuoteKind::Title;
    }
    let lower_start = trimmed.chars().find(|c| c.is_alphanumeric()).is_some_and(|c| c.is_lowercase());
    if n <= 2 && !(ends_sentence && cap(ws.first().copied().unwrap_or(""))) {
        return QuoteKind::Scare;
    }
    // A few lower-case words set off are a scare quote; more make a clause quoted from someone.
    // Polish says the same in fewer words (no articles): "the evidence presented did disclose a
    // lesser infraction" (8 words) is „przedstawiony materiał dowodowy faktycznie ujawnił mniejsze
    // naruszenie” (7).
    let scare_max = if lang == Lang::Pl { SCARE_MAX_WORDS_PL } else { SCARE_MAX_WORDS_EN };
    if lower_start && n <= scare_max {
        return QuoteKind::Scare;
    }
    QuoteKind::Speech
}

/// Words that make a capitalised phrase read as a sentence rather than a name ("I", "We", "It").
fn has_verb_shape(ws: &[&str]) -> bool {
    ws.iter().any(|w| {
        matches!(
            *w,
            "I" | "We"
                | "It"
                | "You"
                | "He"
                | "She"
                | "They"
                | "Ja"
                | "My"
                | "To"
                | "Nie"
                | "Jest"
                | "Is"
                | "Are"
        )
    })
}
