//! Epithets: a person named in an attribution by nationality rather than by name ("– … – powiedział
//! Polak", "ocenił Belg", "“…,” the Briton said"). Sports and foreign news write them constantly
//! for the person the article is about. The speaker is the person named last before the quotation
//! whose gender and country fit the epithet: "Włocha Lorenza Musettiego" is an Italian, so "Polak"
//! passes him over for the Pole named before him.

use std::sync::OnceLock;

use super::fast::with_lower;
use super::names::NameBook;
use super::resolve::{gender_of_name, in_quotes, is_given_name, Gender};
use super::roles::{country_of, role_at};
use super::speaker::{is_acronym, is_oblique_preposition, tokens_rev};
use crate::data::WordFilter;
use crate::lang::Lang;
use crate::lexicon::fxhash::FxMap;
use crate::model::Span;

/// A nationality noun: the country key it names (a key of data/countries.txt) and the gender it
/// shows, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Demonym {
    /// The country key.
    pub country: &'static str,
    /// Male or female, or `None` for nouns of either (the Briton, the American).
    pub gender: Option<Gender>,
}

/// The nationality nouns by lower-case form, and a pre-test admitting each form in either case.
fn demonyms() -> &'static (FxMap<&'static str, Demonym>, WordFilter) {
    static M: OnceLock<(FxMap<&'static str, Demonym>, WordFilter)> = OnceLock::new();
    M.get_or_init(|| {
        let mut m = FxMap::default();
        for line in crate::data::entries(include_str!("data/demonyms.txt")) {
            let mut f = line.split('\t');
            let (Some(country), Some(g), Some(forms)) = (f.next(), f.next(), f.next()) else { continue };
            let gender = match g {
                "m" => Some(Gender::Male),
                "f" => Some(Gender::Female),
                _ => None,
            };
            m.extend(forms.split_whitespace().map(|w| (w, Demonym { country, gender })));
        }
        // The forms as the text writes them: capitalised (the filter keys ASCII letters by case-free
        // bytes, so the lower-case form admits "Polak"; a non-ASCII first letter needs its capital).
        let mut filter = WordFilter::new(m.keys().copied());
        for w in m.keys().filter(|w| !w.as_bytes()[0].is_ascii()) {
            let mut c = w.chars();
            let capitalised: String =
                c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default();
            filter.add(&capitalised);
        }
        (m, filter)
    })
}

/// The nationality noun `w` is, if it is one: written capitalised, as nationality nouns are.
pub fn demonym(w: &str) -> Option<Demonym> {
    if !w.starts_with(char::is_uppercase) || w.len() > 40 {
        return None;
    }
    let (map, filter) = demonyms();
    if !filter.may_contain(w) {
        return None;
    }
    with_lower(w, |l| map.get(l).copied())
}

/// The nationality noun a name span of one word is ("Polak", "Briton"), if it is one.
pub fn demonym_span(text: &str, span: Span) -> Option<Demonym> {
    let w = span.text(text);
    if w.is_empty() || w.contains(char::is_whitespace) {
        return None;
    }
    demonym(w)
}

/// Does a person called `name` fit gender `g`? (A name that shows no gender fits either; a name
/// ending in an institution noun, "Eastline Railway", "Conservative Association", fits no gender.)
pub fn agrees(g: Option<Gender>, name: &str) -> bool {
    let institution = || {
        name.rsplit(' ')
            .next()
            .and_then(crate::quote::groups::nominative)
            .is_some_and(|(k, _)| k == crate::quote::groups::Group::Institution)
    };
    g.is_none() || gender_of_name(name).is_none_or(|x| Some(x) == g) && !institution()
}

/// The country the two words before `at` give the name starting there, with no punctuation between:
/// a country word ("Polish player Iga Lis", "prezydent Litwy Jan Lis") or a nationality noun ("Włocha
/// Lorenza Musettiego").
/// Does a name at byte `at` fit the country `want` (no country word before it names another)?
pub fn country_fits(text: &str, at: usize, want: Option<&'static str>) -> bool {
    want.is_none_or(|w| country_before(text, at).is_none_or(|c| c == w))
}

fn country_before(text: &str, at: usize) -> Option<&'static str> {
    let mut from = at.saturating_sub(60);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut it = tokens_rev(text, Span::new(from, at));
    for n in 0..2 {
        let Some(t) = it.next() else { break };
        if !t.trail.is_empty() {
            break;
        }
        // (a country in the possessive: "Poland's Iga Nowicka")
        let w = t.word.strip_suffix("'s").or_else(|| t.word.strip_suffix("’s")).unwrap_or(t.word);
        if let Some(d) = demonym(w) {
            // A nationality noun after a role qualifies the role, not the person ("trener Polki Wim
            // Fissette": the coach of a Polish woman).
            let role_before = n == 0
                && it
                    .next()
                    .is_some_and(|r| r.trail.is_empty() && role_at(std::slice::from_ref(&r), 0).is_some());
            return (!role_before).then_some(d.country);
        }
        if let Some(c) = country_of(w) {
            return Some(c);
        }
    }
    None
}

/// Does a preposition stand right before the word at `at` ("z Markiem Lisem", "to host Ann Lee")?
/// With `article`, also a preposition and an English article ("via the Ferrybridge Road").
fn after_preposition(text: &str, at: usize, article: bool) -> bool {
    let mut from = at.saturating_sub(24);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let preposition = |t: &super::speaker::Tok| t.trail.is_empty() && is_oblique_preposition(t.word);
    let mut back = tokens_rev(text, Span::new(from, at));
    match back.next() {
        Some(t) if preposition(&t) => true,
        Some(t) if article && t.trail.is_empty() && ["the", "a", "an"].contains(&t.word) => {
            back.next().is_some_and(|p| preposition(&p))
        }
        _ => false,
    }
}

/// How far back an epithet's person is looked for (bytes).
pub const BACK: usize = 800;

/// What a person looked for must fit: a country (when the words before a mention give one) and a
/// gender (when the name shows one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fit {
    /// The country key, if the person must be of that country.
    pub country: Option<&'static str>,
    /// The gender, if the person must have it.
    pub gender: Option<Gender>,
    /// The name must be a subject's: a given name first, not after a preposition, and (Polish) in
    /// the nominative as written.
    pub subject: bool,
    /// The name must open with a given name (in the nominative, as the canonical name puts it) and
    /// have a surname: the run may then stand after a preposition ("z Piotrem Lasotą"), and a body
    /// there ("w Akademii Nauk") is passed over. (A place whose first word reads as a woman's name,
    /// "z Zieloną Górą", is not told apart.)
    pub shown: bool,
}

impl From<Demonym> for Fit {
    fn from(d: Demonym) -> Fit {
        Fit { country: Some(d.country), gender: d.gender, subject: false, shown: false }
    }
}

/// The last full name written in `range` (at most `back` bytes before its end, outside the
/// quotations `quotes`, sorted by start) that fits `fit`: its name, canonical for Polish (the
/// nominative), as written for English.
pub fn person(
    book: &mut NameBook,
    quotes: &[Span],
    range: Span,
    back: usize,
    lang: Lang,
    fit: Fit,
) -> Option<String> {
    let text = book.text();
    let country_fits = |at: usize| country_fits(text, at, fit.country);
    let mut before = range.end;
    for _ in 0..8 {
        let left = back.saturating_sub(range.end - before);
        // A run holding a nationality noun ("w Paryżu Włocha") or ending in an acronym ("Hard Knocks
        // MMA") is not a person's name.
        // A subject is a full name opening with a given name, or (in Polish) a surname alone that
        // stands for a full name the text writes ("Nowicka tłumaczyła" with "Katarzyna Nowicka").
        let single = fit.subject && lang == Lang::Pl;
        let subject_like = |span: Span, words: &str| {
            (words.split(' ').next().is_some_and(is_given_name) || single && !words.contains(' '))
                && !after_preposition(text, span.start, false)
        };
        let (mut span, mut written) =
            book.last_mention_where(before, range.start, left, single, |span, words| {
                let (span, words) = match qualified_name(words) {
                    Some(rest) => (second_word(text, span), rest),
                    None => (span, words),
                };
                !in_quotes(quotes, span.start)
                    && country_fits(span.start)
                    && !words.split(' ').any(|w| demonym(w).is_some())
                    && !words.rsplit(' ').next().is_some_and(is_acronym)
                    && (!fit.subject || subject_like(span, words))
                    // A name right after a preposition (and an article) that opens with no given
                    // name is a place or a body ("on Mill Lane", "at Wells Fargo", "via the Mill
                    // Road crossing").
                    && (fit.subject
                        || fit.shown
                        || !after_preposition(text, span.start, true)
                        || words.split(' ').next().is_some_and(is_given_name))
            })?;
        if let Some(rest) = qualified_name(&written) {
            (span, written) = (second_word(text, span), rest.to_string());
        }
        // (In English, a title opening the run is no part of the name: "Goalkeeper Tavares".)
        let name = match written.split_once(' ') {
            // (A person introduced in another case: "z Piotrem Lasotą", "dla Jana Wrony"; the
            // genitive reading when it gives a listed given name: "Mateusza Wrzosa".)
            _ if lang == Lang::Pl && fit.shown => instrumental_full_name(&written).unwrap_or_else(|| {
                let listed =
                    |n: &str| n.split(' ').next().is_some_and(crate::quote::resolve::is_listed_given_name);
                let c = book.canonical(span, lang, false);
                if listed(&c) {
                    return c;
                }
                let g = book.canonical(span, lang, true);
                if listed(&g) {
                    g
                } else {
                    c
                }
            }),
            _ if lang == Lang::Pl => book.canonical(span, lang, false),
            Some((title, rest)) if crate::quote::names::is_title_word(title) => rest.to_string(),
            _ => written.clone(),
        };
        // A surname alone must stand for such a full name, in the nominative (as the name ends).
        let alone = !written.contains(' ');
        let full_of_it = name.strip_suffix(written.as_str()).is_some_and(|f| f.ends_with(' '))
            && name.split(' ').next().is_some_and(is_given_name);
        let nominative = !fit.subject || lang != Lang::Pl || if alone { full_of_it } else { name == written };
        if nominative && agrees(fit.gender, &name) && (!fit.shown || shows_person(&name)) {
            return Some(name);
        }
        before = span.start;
    }
    None
}

/// A full name of two words or more written in the instrumental ("z Piotrem Lasotą"), in the
/// nominative ([`crate::quote::names::pl_instrumental_guess`] of each word), when its first word is
/// then a listed given name and was not one as written.
fn instrumental_full_name(written: &str) -> Option<String> {
    let first = written.split(' ').next()?;
    let guess: Vec<String> = written.split(' ').map(crate::quote::names::pl_instrumental_guess).collect();
    (guess.len() >= 2
        && guess[0] != first
        && crate::quote::resolve::is_listed_given_name(&guess[0])
        && !crate::quote::resolve::is_listed_given_name(first))
    .then(|| guess.join(" "))
}

/// Whether a canonical name is a person's full name: a given name (listed, or a woman's by its -a
/// when it is no noun of a body: not "Akademia Nauk") and at least one word more.
fn shows_person(name: &str) -> bool {
    name.split_once(' ').is_some_and(|(first, _)| {
        crate::quote::resolve::is_listed_given_name(first)
            || is_given_name(first) && crate::quote::groups::group_of(first).is_none()
    })
}

/// The name after a nationality noun in the genitive that qualifies it ("Polki Wim Fissette", the
/// coach of a Polish woman): the words after the noun, when they are two or more and open with a
/// given name.
fn qualified_name(words: &str) -> Option<&str> {
    let (d, rest) = words.split_once(' ')?;
    (demonym(d).is_some() && rest.contains(' ') && rest.split(' ').next().is_some_and(is_given_name))
        .then_some(rest)
}

/// `span` from the start of its second word.
fn second_word(text: &str, span: Span) -> Span {
    let s = span.text(text);
    let cut = s.find(char::is_whitespace).map_or(s.len(), |i| {
        let after = &s[i..];
        i + after.len() - after.trim_start().len()
    });
    Span::new(span.start + cut, span.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nationality_nouns_are_read_with_their_country_and_gender() {
        assert_eq!(demonym("Polka"), Some(Demonym { country: "pl", gender: Some(Gender::Female) }));
        assert_eq!(demonym("Włocha"), Some(Demonym { country: "it", gender: Some(Gender::Male) }));
        assert_eq!(demonym("Briton"), Some(Demonym { country: "gb", gender: None }));
        // Written in lower case, the word is a common noun ("polka", the dance; "pole").
        assert_eq!(demonym("polka"), None);
        assert_eq!(demonym("pole"), None);
        assert_eq!(demonym("Kowalski"), None);
    }

    #[test]
    fn an_epithet_stands_for_the_last_person_of_its_country_and_gender() {
        let text = "Marek Lis pokonał w finale Włocha Paola Rossiego. Potem Anna Wrona przegrała. \
                    – Jestem szczęśliwy – mówił Polak.";
        let pos = text.find('–').unwrap();
        let mut book = NameBook::new(text);
        let mut find = |w: &str| {
            let fit = Fit::from(demonym(w).unwrap());
            person(&mut book, &[], Span::new(0, pos), BACK, Lang::Pl, fit)
        };
        // Anna Wrona is a woman, Paolo Rossi an Italian: the Pole is Marek Lis.
        assert_eq!(find("Polak").as_deref(), Some("Marek Lis"));
        let got = find("Włoch").unwrap();
        // The Italian, in the case the text names him in.
        assert!(got.contains("Rossi"), "{got}");
        assert_eq!(find("Polka").as_deref(), Some("Anna Wrona"));
    }
}
