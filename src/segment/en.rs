//! English rules: word lists for the splitter (see `data/en_*.txt`) and the decisions only
//! English needs (the pronoun "I" after an ellipsis).

use std::sync::OnceLock;

use super::{Language, Lists, Rules};
use crate::lang::Lang;

/// Abbreviations with their classes.
pub const ABBREV: &str = include_str!("data/en_abbrev.txt");
/// Words that typically open a sentence.
pub const STARTERS: &str = include_str!("data/en_starters.txt");
/// Reporting verbs ("says", "asked").
pub const REPORTING: &str = include_str!("data/en_reporting.txt");
/// The verbs of saying of the quotation stage, which the splitter reads as reporting verbs too.
pub const VERBS_OF_SAYING: &str = include_str!("../quote/data/verbs_en.txt");
/// Words of a date or time phrase before a number ("At 5 a.m. …").
pub const DATE_WORDS: &str = include_str!("data/en_date_words.txt");
/// Capitalised words that continue the phrase of a final abbreviation ("6 p.m. Monday").
pub const CONTINUATIONS: &str = include_str!("data/en_continuations.txt");

/// The English decisions.
pub struct English;

impl Language for English {
    /// "I" is capitalised anywhere, so after an ellipsis it does not show a new sentence:
    /// "I thought... I would go."
    fn continues_after_ellipsis(&self, word: &str) -> bool {
        word == "I" || word.starts_with("I'") || word.starts_with("I’")
    }
}

/// The English rules, built on first use.
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| {
        let lists = Lists {
            abbrev: ABBREV,
            starters: STARTERS,
            reporting: REPORTING,
            verbs_of_saying: VERBS_OF_SAYING,
            date_words: DATE_WORDS,
            continuations: CONTINUATIONS,
        };
        Rules::build(Lang::En, &English, lists, None)
    })
}
