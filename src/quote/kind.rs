//! The kind of a quotation: someone's speech, a title, or a scare quote.
//!
//! Decided from the attribution (an attributed quotation is speech), the words right before the
//! opening mark (data/cues.txt: "the song", "so-called", "pt.", "tzw."), the capitalisation (title case
//! names a work) and the length (a few lower-case words set off are a scare quote).

use std::sync::OnceLock;

use super::fast::{char_at, is_alnum, is_space};
use super::fast::{with_lower, WordFilter};
use super::token::{token_end, tokens};
use crate::lang::Lang;
use crate::lexicon::fxhash::FxMap;
use crate::model::{QuoteKind, Span};

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

fn cues() -> &'static FxMap<&'static str, Cue> {
    static S: OnceLock<FxMap<&'static str, Cue>> = OnceLock::new();
    S.get_or_init(|| {
        crate::data::entries(include_str!("data/cues.txt"))
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

/// Pre-test for the cue words.
fn cue_filter() -> &'static WordFilter {
    static S: OnceLock<WordFilter> = OnceLock::new();
    S.get_or_init(|| WordFilter::new(cues().keys().copied()))
}

/// Small words that stay lower case in a title ("Like a Virgin", "Sex and the City", "Seks w wielkim
/// mieście" is not title case and needs a cue).
const SMALL: &[&str] = &[
    "a", "an", "the", "and", "or", "but", "of", "in", "on", "at", "to", "for", "by", "with", "from", "as",
    "is", "nor", "vs", "w", "i", "z", "na", "do", "o", "u", "od", "po", "ze", "we",
];

/// `SMALL.contains(&w.to_lowercase())`: the small words are ASCII of at most 4 letters, and no
/// non-ASCII word lower-cases to one of them (only the Kelvin sign lower-cases to ASCII, "k").
fn is_small(w: &str) -> bool {
    w.len() <= 4 && w.is_ascii() && SMALL.iter().any(|s| w.eq_ignore_ascii_case(s))
}

fn cap(w: &str) -> bool {
    match w.as_bytes().first() {
        None => false,
        Some(&b) if b < 0x80 => b.is_ascii_uppercase() || b.is_ascii_digit(),
        Some(_) => w.chars().next().is_some_and(char::is_uppercase),
    }
}

/// Word count beyond which no rule cares about the exact number.
const MANY: usize = 13;

/// What the rules need to know about the words of a quotation.
struct Shape {
    /// Number of words, counted up to [`MANY`].
    n: usize,
    /// Title case: every word but the small ones capitalised, the first one too (exact when n <= 8).
    title_case: bool,
    /// A word that makes a capitalised phrase read as a sentence (exact when n <= 8 and the phrase is in
    /// title case; the words after title case is ruled out are only counted).
    verb_shape: bool,
    /// The first word is capitalised.
    first_cap: bool,
}

/// One pass over the words (letters and digits trimmed of punctuation), stopping after [`MANY`]. Once
/// title case is ruled out only the words are counted, which needs no word core.
fn shape(s: &str) -> Shape {
    let mut sh = Shape { n: 0, title_case: false, verb_shape: false, first_cap: false };
    let mut it = tokens(s, Span::new(0, s.len()));
    while sh.n == 0 || sh.title_case {
        let Some(t) = it.next() else { return sh };
        let w = t.word;
        if w.is_empty() {
            continue;
        }
        let c = cap(w);
        if sh.n == 0 {
            sh.first_cap = c;
            sh.title_case = c;
        }
        sh.title_case = sh.title_case && (c || is_small(w));
        sh.verb_shape = sh.verb_shape || is_verb_shape(w);
        sh.n += 1;
        if sh.n >= MANY {
            return sh;
        }
    }
    // The remaining words: tokens holding a letter or digit.
    let rest = it.rest();
    sh.n += count_words(rest, MANY - sh.n);
    sh
}

/// Does `s` hold at least `n` words (counting stops there)?
pub fn has_words(s: &str, n: usize) -> bool {
    count_words(s, n) >= n
}

/// The number of whitespace-separated tokens of `s` that hold a letter or digit, counted up to `max`.
fn count_words(s: &str, max: usize) -> usize {
    let b = s.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while n < max {
        // Skip whitespace.
        while i < b.len() {
            let x = b[i];
            if x < 0x80 {
                if !matches!(x, b' ' | b'\t'..=b'\r') {
                    break;
                }
                i += 1;
            } else {
                let (c, len) = char_at(s, i);
                if !is_space(c) {
                    break;
                }
                i += len;
            }
        }
        if i >= b.len() {
            break;
        }
        let end = token_end(s, i);
        // Usually the first byte settles it.
        let has = b[i].is_ascii_alphanumeric() || {
            let mut k = i;
            let mut found = false;
            while k < end {
                let (c, len) = char_at(s, k);
                if is_alnum(c) {
                    found = true;
                    break;
                }
                k += len;
            }
            found
        };
        n += usize::from(has);
        i = end;
    }
    n
}

/// Classify a quotation. `inner` is its text, `before` the text of its paragraph before the opening
/// mark, `attributed` whether an attribution names (or implies) a speaker, `lang` the paragraph's
/// language.
pub fn classify(inner: &str, before: &str, attributed: bool, lang: Lang) -> QuoteKind {
    // A name in title case right after a word that introduces one ("Związek „Solidarność”", "the
    // band “Blue Lanes”") is a name even when a verb of saying follows it: the named body is the
    // subject, the quotation its name.
    if attributed && !(name_cue_before(before) && shape(inner).title_case) {
        return QuoteKind::Speech;
    }
    let sh = shape(inner);
    let n = sh.n;
    let trimmed = inner.trim();
    // The cue: one of the two words before the mark ("the song", "album pt.", "so-called").
    let mut prev_buf = [""; 2];
    let mut np = 0;
    for w in before.split_whitespace().rev().take(2) {
        prev_buf[np] = w.trim_start_matches(|c: char| !c.is_alphanumeric());
        np += 1;
    }
    let prev = &prev_buf[..np];
    let (cue_filter, cue_map) = (cue_filter(), cues());
    let cue = prev.iter().enumerate().find_map(|(k, w)| {
        // The nearer word decides; a cue two words back only when the nearer one is a plain word.
        if k > 0 && (cap(prev[0]) || prev[0].ends_with([',', '.', ':', ';', '!', '?'])) {
            return None;
        }
        // An ASCII word's filter key is that of its lower-case form: most words are ruled out unread.
        if w.is_ascii()
            && !cue_filter.may_contain(w)
            && !cue_filter.may_contain(w.trim_end_matches([',', ':', ';', '.', '!', '?']))
        {
            return None;
        }
        let c = with_lower(w, |lw| {
            let bare = lw.trim_end_matches([',', ':', ';', '.', '!', '?']);
            // "pt." and "tzw." keep their dot; any other word ending a sentence is no cue.
            cue_map.get(lw).or_else(|| {
                if bare.len() + 1 >= lw.len() && !lw.ends_with(['.', '!', '?']) {
                    cue_map.get(bare)
                } else {
                    None
                }
            })
        })?;
        Some(*c)
    });
    // A possessive right before: Madonna’s “Like a Virgin.”
    let possessive = prev.first().is_some_and(|w| w.ends_with("’s") || w.ends_with("'s"));
    let tc = sh.title_case;
    let ends_sentence = trimmed.ends_with(['.', '!', '?', '…']) || trimmed.ends_with(',');
    match cue {
        Some(Cue::Scare) if n <= 6 => return QuoteKind::Scare,
        Some(Cue::Title) if n <= 12 => return QuoteKind::Title,
        Some(Cue::Name) if n <= 8 => return if tc { QuoteKind::Title } else { QuoteKind::Scare },
        _ => {}
    }
    if tc && (2..=8).contains(&n) && !trimmed.ends_with(['?', '!', ',']) && (possessive || !sh.verb_shape) {
        return QuoteKind::Title;
    }
    if tc && n == 1 && possessive {
        return QuoteKind::Title;
    }
    let lower_start = trimmed.chars().find(|c| c.is_alphanumeric()).is_some_and(|c| c.is_lowercase());
    if n <= 2 && !(ends_sentence && sh.first_cap) {
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

/// Is the word right before a quotation (`before` ends there) a cue for a name ("związek", "band")?
fn name_cue_before(before: &str) -> bool {
    let Some(w) = before.trim_end().rsplit(char::is_whitespace).next() else { return false };
    let w = w.trim_start_matches(|c: char| !c.is_alphanumeric());
    (!w.is_ascii() || cue_filter().may_contain(w)) && with_lower(w, |l| cues().get(l) == Some(&Cue::Name))
}

/// Can a quotation classified as a scare quote by its length be words quoted from a speaker in a
/// sentence of reported speech? Not when a scare cue stands before it (`tzw.`, `so-called`) or it is a
/// name in capitals (`„X”`, `“Dyspozytura Trakcji”`): the first word must be in lower case or the
/// quotation hold three words or more.
pub fn reported_speech(inner: &str, before: &str) -> bool {
    let cued = before.split_whitespace().rev().take(2).any(|w| {
        let w = w.trim_start_matches(|c: char| !c.is_alphanumeric());
        with_lower(w, |l| cues().contains_key(l) || cues().contains_key(l.trim_end_matches([',', ':'])))
    });
    let sh = shape(inner);
    !cued && (!sh.first_cap || sh.n >= 3) && sh.n >= 1
}

/// Words that make a capitalised phrase read as a sentence rather than a name ("I", "We", "It").
fn is_verb_shape(w: &str) -> bool {
    {
        matches!(
            w,
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_word_test_matches_the_list() {
        assert!(SMALL.iter().all(|s| s.len() <= 4 && s.is_ascii() && s.to_lowercase() == *s));
        for w in ["the", "The", "AND", "w", "Z", "with", "withs", "Über", "ﬁ", "K", "KELVIN", ""] {
            assert_eq!(is_small(w), SMALL.contains(&w.to_lowercase().as_str()), "{w}");
        }
    }

    #[test]
    fn word_count_matches_the_words() {
        for t in ["", "  ", "a b  c", "– ... x", "jeden, dwa; trzy… (cztery)\u{a0}pięć — „sześć”", "x\ty\nz "]
        {
            let want = t.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count();
            for max in [0, 1, 3, MANY] {
                assert_eq!(count_words(t, max), want.min(max), "{t:?} {max}");
            }
        }
    }

    #[test]
    fn word_shape_counts_and_title_case() {
        let sh = shape("Like a Virgin");
        assert_eq!((sh.n, sh.title_case, sh.verb_shape, sh.first_cap), (3, true, false, true));
        let sh = shape("We won’t see them, but we will meet one of them, now and then, again and again");
        assert_eq!(sh.n, MANY);
        assert!(sh.verb_shape && !sh.title_case);
        assert_eq!(shape("  ... ").n, 0);
    }
}
