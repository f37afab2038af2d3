//! Role nouns: a speaker named by the post they hold ("powiedział premier", "said the prime
//! minister", "szef rządu zaznaczył"), from data/roles.txt. Words of one group name the same post.

use std::sync::OnceLock;

use super::fast::with_lower;
use super::speaker::Tok;
use crate::lexicon::fxhash::FxMap;

struct Table {
    /// Phrase (lower case, words joined by one space) → group.
    phrases: FxMap<&'static str, &'static str>,
    /// First word of a phrase → the most words any phrase starting with it has.
    heads: FxMap<&'static str, usize>,
}

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut phrases = FxMap::default();
        let mut heads: FxMap<&'static str, usize> = FxMap::default();
        for line in include_str!("data/roles.txt").lines() {
            if line.starts_with('#') {
                continue;
            }
            let Some((group, phrase)) = line.split_once('\t') else { continue };
            let phrase = phrase.trim();
            let Some(head) = phrase.split(' ').next() else { continue };
            phrases.insert(phrase, group.trim());
            let n = phrase.split(' ').count();
            let e = heads.entry(head).or_insert(0);
            *e = (*e).max(n);
        }
        Table { phrases, heads }
    })
}

/// The group of a one-word role (any case): `premier`, `Prezydent`, `CEO`.
pub fn role_of(w: &str) -> Option<&'static str> {
    if w.is_empty() || w.len() > 24 {
        return None;
    }
    let t = table();
    with_lower(w, |l| t.phrases.get(l).copied())
}

/// Is `w` (any case) the first word of a role phrase?
pub fn is_role_head(w: &str) -> bool {
    !w.is_empty() && w.len() <= 24 && with_lower(w, |l| table().heads.contains_key(l))
}

/// The longest role phrase starting at token `i` of `toks`, with no punctuation inside it: its group
/// and the token index just past it.
pub fn role_at(toks: &[Tok], i: usize) -> Option<(&'static str, usize)> {
    let t = table();
    let head = toks.get(i)?;
    let max = with_lower(head.word, |l| t.heads.get(l).copied())?;
    let mut phrase = head.word.to_lowercase();
    let mut best = t.phrases.get(phrase.as_str()).map(|g| (*g, i + 1));
    for k in 1..max {
        let Some(n) = toks.get(i + k) else { break };
        if !toks[i + k - 1].trail.is_empty() || !n.lead.is_empty() {
            break;
        }
        phrase.push(' ');
        phrase.push_str(&n.word.to_lowercase());
        if let Some(g) = t.phrases.get(phrase.as_str()) {
            best = Some((*g, i + k + 1));
        }
    }
    best
}

/// Is the name run `toks` a role with at most acronym qualifiers (`Szef OpenAI`, `Prezydent USA`,
/// `Premier`) rather than a person's name? Its group, if so.
pub fn role_name(toks: &[Tok]) -> Option<&'static str> {
    let (group, end) = role_at(toks, 0)?;
    toks[end..].iter().all(|t| super::speaker::is_acronym(t.word)).then_some(group)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Span;
    use crate::quote::speaker::tokenize;

    #[test]
    fn roles_and_their_groups() {
        assert_eq!(role_of("premier"), Some("premier"));
        assert_eq!(role_of("Prezydent"), Some("president"));
        assert_eq!(role_of("Kowalski"), None);
        let t = "szef rządu dodał, a the Prime Minister said";
        let toks = tokenize(t, Span::new(0, t.len()));
        assert_eq!(role_at(&toks, 0), Some(("premier", 2)));
        assert_eq!(role_at(&toks, 5), Some(("premier", 7)));
        assert_eq!(role_at(&toks, 2), None);
    }
}
