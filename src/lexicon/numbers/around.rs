//! The text around a number: the word after it and the word before it, and the spaces that may
//! separate groups of digits.

use crate::lexicon::tokens::fold;

/// Characters that may separate digit groups of thousands in Polish-style notation.
pub(super) fn is_group_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}')
}

/// The next word after byte `i` (skipping spaces), lowercased, with its end offset (a
/// following `.` included, as in `tys.`).
pub(super) fn next_word(s: &str, i: usize) -> Option<(String, usize, usize)> {
    let rest = &s[i..];
    let skip = rest.len() - rest.trim_start_matches(|c: char| c == ' ' || is_group_space(c)).len();
    if skip > 1 && !rest[..skip].chars().all(|c| c == ' ' || is_group_space(c)) {
        return None;
    }
    let ws = i + skip;
    let w: &str = &s[ws..];
    let len: usize = w.chars().take_while(|c| c.is_alphabetic()).map(char::len_utf8).sum();
    if len == 0 {
        return None;
    }
    let mut end = ws + len;
    if s[end..].starts_with('.') {
        end += 1;
    }
    Some((fold(&s[ws..ws + len]), ws, end))
}

/// The word just before byte `i` (skipping one run of spaces), as written, with its start.
pub(super) fn prev_word(s: &str, i: usize) -> Option<(&str, usize)> {
    let before = s[..i].trim_end_matches(|c: char| c == ' ' || is_group_space(c));
    if before.len() == i {
        return None;
    }
    let before = before.strip_suffix('.').unwrap_or(before);
    let len: usize = before.chars().rev().take_while(|c| c.is_alphabetic()).map(char::len_utf8).sum();
    (len > 0).then(|| (&before[before.len() - len..], before.len() - len))
}
