//! Polish rules: word lists for the splitter (see `data/pl_*.txt`) and the decisions that
//! depend on Polish usage: ordinals written with a period, `św.` in "msza św.", `im.` as
//! "imienia" or the pronoun, genitive plurals after a count unit ("200 tys. Ukraińców").
//! (`r.`/`w.` after a year or century are decided by the shared rules with the date words.)

use std::sync::OnceLock;

use super::{is_number, is_roman, Abbr, Kind, Language, Lists, Next, Rules, Text};
use crate::lang::Lang;

/// Abbreviations with their classes.
pub const ABBREV: &str = include_str!("data/pl_abbrev.txt");
/// Words that typically open a sentence.
pub const STARTERS: &str = include_str!("data/pl_starters.txt");
/// Reporting verbs ("mówi", "dodał").
pub const REPORTING: &str = include_str!("data/pl_reporting.txt");
/// The verbs of saying of the quotation stage, which the splitter reads as reporting verbs too.
pub const VERBS_OF_SAYING: &str = include_str!("../quote/data/verbs_pl.txt");
/// Month names and prepositions of date phrases.
pub const DATE_WORDS: &str = include_str!("data/pl_date_words.txt");
/// Capitalised words that continue a counted phrase ("tys. Rosjan").
pub const CONTINUATIONS: &str = include_str!("data/pl_continuations.txt");
/// Beginnings of institution nouns that take a patron ("szkoł" in "szkoła im. …").
pub const PATRON_NOUNS: &str = include_str!("data/pl_patron_nouns.txt");

/// The Polish decisions.
pub struct Polish;

impl Language for Polish {
    fn number_ends_sentence(&self, t: &Text<'_>, num: &str, next: &Next<'_>) -> bool {
        number_ends_sentence(
            t.rules(),
            num,
            next.kind == Kind::Upper,
            next.opener,
            next.word,
            t.second_word(next),
        )
    }

    fn own_class(&self, t: &Text<'_>, class: Abbr, tok_start: usize, next: &Next<'_>) -> Option<bool> {
        let starter = next.kind == Kind::Upper && t.rules().is_starter(next.word);
        match class {
            // "Była msza św. Potem …" ends; "Po mszy św. Papież odjechał" goes on.
            Abbr::Saint => Some(ends_mass(t.prev_token(tok_start)) && (next.opener || starter)),
            Abbr::Patron => Some(patron_ends(t, tok_start, next, starter)),
            _ => None,
        }
    }

    /// A genitive plural in -ów ("tys. Ukraińców", "mln Polaków", "proc. Amerykanów").
    fn continues_count(&self, word: &str) -> bool {
        word.ends_with("ów")
    }
}

/// The Polish rules, built on first use. English titles and abbreviations (St., Dr., v.) are
/// recognised too, as they appear in Polish news.
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
        Rules::build(Lang::Pl, &Polish, lists, Some(super::en::rules()))
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

/// Whether `św.` after `prev` ends a phrase ("msza św.", "mszy św.", "Pismo Św.") rather than
/// titling a following name.
pub(super) fn ends_mass(prev: &str) -> bool {
    let p = prev.to_lowercase();
    p.starts_with("msz") || p == "pismo" || p == "pisma" || p == "piśmie" || p == "sakrament"
}

/// Whether `im.` at `tok_start` ends the sentence before `next`. It abbreviates "imienia"
/// ('named after') after an institution: within the three words before it (not across a
/// comma) stands a number ("nr 3 im."), a capitalised word that does not open the sentence
/// ("Teatr Miejski im.") or an institution noun ("w szkole podstawowej im."); or a patron's
/// full name follows ("im. Marii Konopnickiej"). Otherwise it is the pronoun 'them', which
/// ends a sentence before a capitalised word like any word: "Dziękuję im. Wszystkim …".
fn patron_ends(t: &Text<'_>, tok_start: usize, next: &Next<'_>, starter: bool) -> bool {
    if next.kind == Kind::Digit {
        return false;
    }
    if next.opener || starter {
        return true;
    }
    if next.kind != Kind::Upper {
        return false;
    }
    // right after a verb it is the pronoun, whatever name follows: "Oddaliśmy im. Jan …"
    let before = t.prev_token(tok_start).trim_start_matches(|c: char| !c.is_alphanumeric());
    if is_verb_form(before) && !is_patron_noun(before) {
        return true;
    }
    let mut pos = tok_start;
    for _ in 0..3 {
        let prev = t.prev_token(pos);
        if prev.is_empty() {
            break;
        }
        let start = t.prev_start(pos, prev);
        let word = prev.trim_start_matches(|c: char| !c.is_alphanumeric());
        if word.is_empty() || prev.ends_with([',', ';', ':', ')', '–', '-']) {
            break;
        }
        if is_number(word) || is_roman(word) || is_patron_noun(word) {
            return false;
        }
        if word.chars().next().is_some_and(char::is_uppercase) && start > t.sentence_start() {
            return false;
        }
        pos = start;
    }
    !t.second_word(next).chars().next().is_some_and(char::is_uppercase)
}

/// Endings of Polish verb forms that take the dative pronoun "im" after them: the past tense
/// ("dał", "dała", "dali", "dałem", "dałyśmy"), the first and second person ("dziękuję",
/// "pomagamy", "dajecie") and the infinitive ("dać"). An institution noun or adjective before
/// "im." ("szkoła", "podstawowej", "Miejski") ends otherwise, and institution nouns that do end
/// so ("szkołę", "fundację") are checked against `pl_patron_nouns.txt` first.
const VERB_ENDINGS: &[&str] =
    &["ł", "ła", "ło", "li", "ły", "łem", "łam", "łeś", "łaś", "my", "cie", "ę", "ć"];

/// Whether `word` ends like a verb form of [`VERB_ENDINGS`] (at least three letters).
fn is_verb_form(word: &str) -> bool {
    word.chars().count() >= 3 && word.chars().all(char::is_alphabetic) && {
        let low = word.to_lowercase();
        VERB_ENDINGS.iter().any(|e| low.ends_with(e))
    }
}

/// Whether `word` begins like an institution noun of `pl_patron_nouns.txt`.
fn is_patron_noun(word: &str) -> bool {
    static STEMS: OnceLock<Vec<&'static str>> = OnceLock::new();
    let stems = STEMS.get_or_init(|| crate::data::entries(PATRON_NOUNS).collect());
    let low = word.to_lowercase();
    stems.iter().any(|s| low.starts_with(s))
}
