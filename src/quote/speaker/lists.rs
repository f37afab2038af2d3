//! The word lists the attribution rules read (`src/quote/data/`), each loaded once.

use std::sync::OnceLock;

use super::Tok;
use crate::lexicon::fxhash::FxSet;
use crate::quote::fast::{with_lower, WordFilter};

/// The entries of a list as a set.
pub(super) fn list(data: &'static str) -> FxSet<&'static str> {
    crate::data::entries(data).collect()
}

/// English verbs of saying (data/verbs_en.txt).
pub fn verbs_en() -> &'static FxSet<&'static str> {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    S.get_or_init(|| list(include_str!("../data/verbs_en.txt")))
}

/// Polish verbs of saying (data/verbs_pl.txt).
pub fn verbs_pl() -> &'static FxSet<&'static str> {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    S.get_or_init(|| list(include_str!("../data/verbs_pl.txt")))
}

/// An English noun of a written statement ("said in a statement"; data/documents_en.txt).
pub(crate) fn is_document_en(w: &str) -> bool {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    let set = S.get_or_init(|| list(include_str!("../data/documents_en.txt")));
    w.len() <= 16 && with_lower(w, |l| set.contains(l))
}

/// A Polish noun of a written statement in the locative ("w komunikacie"; data/documents_pl.txt).
pub(crate) fn is_document_pl(w: &str) -> bool {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    let set = S.get_or_init(|| list(include_str!("../data/documents_pl.txt")));
    w.len() <= 16 && with_lower(w, |l| set.contains(l))
}

/// A Polish noun of manner in the instrumental ("z uśmiechem"; data/manner_pl.txt).
pub(super) fn is_manner_pl(w: &str) -> bool {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    let set = S.get_or_init(|| list(include_str!("../data/manner_pl.txt")));
    w.len() <= 24 && set.contains(w)
}

/// The genre of a news piece, which titles it before a colon ("Wywiad:", "Analysis:";
/// data/genres.txt).
pub(super) fn is_genre(w: &str) -> bool {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    let set = S.get_or_init(|| list(include_str!("../data/genres.txt")));
    w.len() <= 16 && with_lower(w, |l| set.contains(l))
}

/// A word that ends a medium's name ("Sport" in "Polsat Sport", "News"; data/media_words.txt).
pub fn is_media_word(w: &str) -> bool {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    let set = S.get_or_init(|| list(include_str!("../data/media_words.txt")));
    w.len() <= 8 && with_lower(w, |l| set.contains(l))
}

/// English personal pronouns (data/pronouns_en.txt).
pub fn pronouns_en() -> &'static [&'static str] {
    static S: OnceLock<Vec<&'static str>> = OnceLock::new();
    S.get_or_init(|| list(include_str!("../data/pronouns_en.txt")).into_iter().collect())
}

/// Polish personal pronouns (data/pronouns_pl.txt).
pub fn pronouns_pl() -> &'static [&'static str] {
    static S: OnceLock<Vec<&'static str>> = OnceLock::new();
    S.get_or_init(|| list(include_str!("../data/pronouns_pl.txt")).into_iter().collect())
}

/// Is `t` one of the `pronouns` (in any case)?
pub fn is_pronoun_in(pronouns: &[&str], t: &Tok) -> bool {
    t.word.len() <= 4 && pronouns.iter().any(|p| p.eq_ignore_ascii_case(t.word))
}

/// Nouns of saying whose owner is the speaker ("Vance's remark", "słowa Trumpa"), with a pre-test.
pub(super) fn speech_nouns() -> &'static (FxSet<&'static str>, WordFilter) {
    const NOUNS: &[&str] = &[
        "remark",
        "remarks",
        "words",
        "comment",
        "comments",
        "statement",
        "claim",
        "claims",
        "warning",
        "call",
        "promise",
        "pledge",
        "assertion",
        "suggestion",
        "description",
        "message",
        "words",
        "słowa",
        "wypowiedź",
        "wypowiedzi",
        "apel",
        "zapowiedź",
        "deklaracja",
        "deklaracji",
        "stwierdzenie",
        "komentarz",
        "wpis",
        "wpisie",
        "oświadczenie",
        "oświadczeniu",
        "ostrzeżenie",
    ];
    static SET: OnceLock<(FxSet<&'static str>, WordFilter)> = OnceLock::new();
    SET.get_or_init(|| (NOUNS.iter().copied().collect(), WordFilter::new(NOUNS.iter().copied())))
}
