//! English rules: word lists for the splitter (see `data/en_*.txt`).

use std::sync::OnceLock;

use super::Rules;
use crate::lang::Lang;

/// Abbreviations with their classes.
pub const ABBREV: &str = include_str!("data/en_abbrev.txt");
/// Words that typically open a sentence.
pub const STARTERS: &str = include_str!("data/en_starters.txt");
/// Reporting verbs ("says", "asked").
pub const REPORTING: &str = include_str!("data/en_reporting.txt");

/// The English rules, built on first use.
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::build(Lang::En, ABBREV, STARTERS, REPORTING, "", None))
}
