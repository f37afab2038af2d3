//! The people of an article, for speakers the attribution does not name: a role noun ("powiedział
//! premier", "the prime minister said"), a pronoun ("he said"), a Polish verb with its subject
//! dropped ("– … – dodał"), or the subject of the sentence a quotation stands in.
//!
//! The people are the speakers named by the article's attributions. Their mentions are found by a
//! search of the text for each surname's first letters, in any inflected form (Tuska, Nawrockiego,
//! Trumpowi: a shared stem of four letters or more). The holders of a role are found only when a role
//! asks for them, by a search for that role's words: the persons the article gives it to in
//! apposition (`premier Donald Tusk`, `Prime Minister Donald Tusk`, `prezes NBP Adam Glapiński`,
//! `Andy Byron, dyrektor generalny`). The subject of a sentence is read from its words: the first name
//! standing as a subject (not after a preposition, not in the possessive). Nothing here reads the
//! whole text word by word.

use super::names::NameBook;
use super::roles::role_at;
use super::speaker::{tokens_rev, SubjectClause, Tok};
use crate::lang::Lang;
use crate::lexicon::names::fold_alnum_into as fold_into;
use crate::model::Span;

mod gender;
mod holders;
pub use gender::{
    gender_of_name, gender_of_word, is_given_name, is_listed_given_name, is_listed_given_name_any_case,
    is_listed_male_name, role_gender, verb_gender_near, Gender,
};

/// Lower case without diacritics (ł → l), letters and digits only: how name forms are compared (the
/// fold of [`crate::lexicon::names`]).
fn fold(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    fold_into(w, &mut out);
    out
}

/// Are `a` and `b` (folded) forms of one name? Equal, or one a prefix of the other of four letters or
/// more, at most four letters apart (Tusk ~ Tuska, Nawrocki ~ Nawrockiego, Trump ~ Trumpowi).
fn same_name(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let (s, l) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    s.chars().count() >= 4 && l.starts_with(s) && l.len() - s.len() <= 4
}

/// Is byte `at` inside one of the quotations `quotes` (sorted by start; the last four starting at or
/// before it are asked)?
pub fn in_quotes(quotes: &[Span], at: usize) -> bool {
    let k = quotes.partition_point(|q| q.start <= at);
    quotes[..k].iter().rev().take(4).any(|q| at < q.end)
}

/// People kept per document (bounds the work per word on hostile input).
const MAX_PERSONS: usize = 64;
/// Mentions kept per person, and holders read per role word form.
const MAX_HITS: usize = 256;

#[derive(Debug, Clone)]
struct Person {
    /// The canonical name.
    name: String,
    /// Folded surname (last word of the name).
    surname: String,
    /// The first four letters of the surname as written (all of it when shorter): what a mention
    /// starts with.
    stem: String,
}

/// A mention of a person in the text.
#[derive(Debug, Clone, Copy)]
struct Mention {
    at: usize,
    person: usize,
    /// Written exactly as the canonical surname (the nominative, for a Polish name).
    nominative: bool,
    /// In the possessive ("Tusk's"): not a subject. (After a preposition is asked when needed.)
    possessive: bool,
}

/// A person the article gives a role to.
#[derive(Debug, Clone)]
struct Binding {
    /// Where the role word stands.
    at: usize,
    group: &'static str,
    /// The holder's canonical name.
    name: String,
    /// The country the role's qualifier names ("Russian President", "prezydent Rosji").
    country: Option<&'static str>,
}

/// The people of one document and where they are mentioned.
#[derive(Debug)]
pub struct People<'t> {
    text: &'t str,
    lang: Lang,
    persons: Vec<Person>,
    /// Sorted by position.
    mentions: Vec<Mention>,
    /// The holders of the roles of the groups in `searched`, sorted by position.
    bindings: Vec<Binding>,
    searched: Vec<&'static str>,
    /// The top-level quotations, sorted: mentions inside them are the speaker's words.
    quotes: Vec<Span>,
}

/// The start of a token at or before `i`, at most `max` bytes back: just after a whitespace.
fn token_floor(text: &str, i: usize, max: usize) -> usize {
    let mut from = i.saturating_sub(max);
    while from > 0 && !text.is_char_boundary(from) {
        from -= 1;
    }
    if from == 0 {
        return 0;
    }
    text[from..i].find(char::is_whitespace).map_or(i, |k| from + k)
}

use super::speaker::{is_det, is_oblique_preposition as is_preposition};

impl<'t> People<'t> {
    /// The people of `text`: `named` are the spans of the names the attributions give (with whether
    /// each is a genitive after "według"/"zdaniem"). Mentions inside `quotes` (the spans of the
    /// top-level quotations) are left out: they are the speaker's words, not the narrative.
    pub fn new(
        text: &'t str,
        lang: Lang,
        named: &[(Span, bool)],
        quotes: &[Span],
        book: &mut NameBook,
    ) -> People<'t> {
        let mut spans = quotes.to_vec();
        spans.sort_by_key(|q| q.start);
        let mut p = People {
            text,
            lang,
            persons: Vec::new(),
            mentions: Vec::new(),
            bindings: Vec::new(),
            searched: Vec::new(),
            quotes: spans,
        };
        let mut seen: Vec<(&str, bool)> = Vec::with_capacity(named.len());
        for &(span, genitive) in named {
            // Each name as written once.
            let written = span.text(text);
            if seen.contains(&(written, genitive)) {
                continue;
            }
            seen.push((written, genitive));
            // Roles written as names ("Szef OpenAI:") and organisations in capitals (PAP, CNN) are no people.
            let toks = super::speaker::tokenize(text, span);
            if super::roles::role_name(&toks).is_some()
                || toks.len() == 1 && super::speaker::is_acronym(toks[0].word)
                || super::groups::description(&toks, 0, toks.len(), true).is_some()
            {
                continue;
            }
            let name = book.canonical(span, lang, genitive);
            p.add(&name);
        }
        p.find_mentions();
        p
    }

    /// Does the word at byte `at` follow a preposition, possibly behind an article or a pronoun ("after
    /// the Alaska Summit", "w tym Białym Domu"), with no punctuation between?
    fn after_preposition(&self, at: usize) -> bool {
        let text = self.text;
        for (n, t) in tokens_rev(text, Span::new(token_floor(text, at, 40), at)).enumerate() {
            if n >= 3 || !t.trail.is_empty() {
                return false;
            }
            if is_preposition(t.word) {
                return true;
            }
            if !is_det(t.word) {
                return false;
            }
        }
        false
    }

    /// Is byte `at` inside one of the top-level quotations?
    fn quoted(&self, at: usize) -> bool {
        in_quotes(&self.quotes, at)
    }

    /// The index of the person `name`, added if new. Two names with the same surname are one person
    /// when one is the other's surname alone or both are the same.
    fn add(&mut self, name: &str) -> usize {
        if self.persons.len() >= MAX_PERSONS {
            return self.persons.len() - 1;
        }
        let last = name.split_whitespace().last().unwrap_or(name);
        let surname = fold(last);
        if let Some(k) = self.persons.iter().position(|x| same_name(&x.surname, &surname)) {
            // Keep the longer (full) name.
            if name.split_whitespace().count() > self.persons[k].name.split_whitespace().count() {
                self.persons[k].name = name.to_string();
            }
            return k;
        }
        let stem_end = last.char_indices().nth(4).map_or(last.len(), |(i, _)| i);
        self.persons.push(Person { name: name.to_string(), surname, stem: last[..stem_end].to_string() });
        self.persons.len() - 1
    }

    /// The mentions of every person: capitalised words starting with their surname's stem that are a
    /// form of it, outside the quotations. One search per three distinct first bytes of the stems.
    fn find_mentions(&mut self) {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut firsts: Vec<u8> = self
            .persons
            .iter()
            .filter(|p| p.stem.starts_with(char::is_uppercase))
            .map(|p| p.stem.as_bytes()[0])
            .collect();
        firsts.sort_unstable();
        firsts.dedup();
        let mut found: Vec<Mention> = Vec::new();
        let mut buf = String::with_capacity(24);
        for chunk in firsts.chunks(3) {
            let (a, b, c) =
                (chunk[0], *chunk.get(1).unwrap_or(&chunk[0]), *chunk.get(2).unwrap_or(&chunk[0]));
            for i in memchr::memchr3_iter(a, b, c, bytes) {
                if found.len() >= MAX_HITS * 4 {
                    break;
                }
                for k in 0..self.persons.len() {
                    let stem = self.persons[k].stem.as_bytes();
                    if stem.first() != Some(&bytes[i]) || !bytes[i..].starts_with(stem) {
                        continue;
                    }
                    if let Some(m) = self.mention_at(i, k, &mut buf) {
                        found.push(m);
                    }
                }
            }
        }
        found.sort_by_key(|m| m.at);
        self.mentions = found;
    }

    /// A mention of person `k` at byte `i` (where their stem is written), if the word there is one.
    fn mention_at(&self, i: usize, k: usize, buf: &mut String) -> Option<Mention> {
        let text = self.text;
        if text[..i].chars().next_back().is_some_and(char::is_alphanumeric) || self.quoted(i) {
            return None;
        }
        // The word: letters and digits, and a possessive ending ("Tusk's").
        let rest = &text[i..];
        let mut end = rest.find(|c: char| !c.is_alphanumeric()).unwrap_or(rest.len());
        let tail = &rest[end..];
        let poss_len = if tail.starts_with("'s") {
            2
        } else if tail.starts_with("’s") {
            4
        } else {
            0
        };
        let possessive = poss_len > 0 && !tail[poss_len..].starts_with(char::is_alphanumeric);
        if possessive {
            end += poss_len;
        }
        buf.clear();
        fold_into(&rest[..end], buf);
        if !same_name(&self.persons[k].surname, buf) {
            return None;
        }
        Some(Mention { at: i, person: k, nominative: *buf == self.persons[k].surname, possessive })
    }

    /// The person a role of `group` at `pos` names: the holder the article gives that role to
    /// (nearest before, else after), else the person mentioned last before `pos`, else (when no one is
    /// mentioned before it) the next one after. With a `country` ("the US president", "prezydent
    /// Rosji"), a holder or person of another country is passed over, and one of that country comes
    /// first. A name of the other `gender` than the verb shows is passed over too.
    pub fn role(
        &mut self,
        group: &'static str,
        country: Option<&str>,
        gender: Option<Gender>,
        pos: usize,
        book: &mut NameBook,
    ) -> Option<String> {
        self.search_role(group, book);
        // A name showing the other gender than the verb ("oceniła", "przekonywał") is not the holder.
        let sex = |name: &str| gender.is_none() || gender_of_name(name).is_none_or(|g| Some(g) == gender);
        let bound = |b: &Binding| b.group == group && sex(&b.name);
        let exact_b = |b: &Binding| country.is_some() && b.country == country;
        let fits_b = |b: &Binding| country.is_none() || b.country.is_none_or(|c| Some(c) == country);
        let pick = |want: &dyn Fn(&Binding) -> bool| {
            let before = self.bindings.iter().rev().find(|b| b.at < pos && bound(b) && want(b));
            let after = self.bindings.iter().find(|b| b.at >= pos && bound(b) && want(b));
            before.or(after).map(|b| b.name.clone())
        };
        if let Some(name) = pick(&exact_b).or_else(|| pick(&fits_b)) {
            return Some(name);
        }
        let of = |k: usize| self.country_of_person(k);
        // A person the article gives another office does not hold this one ("Szef MSZ Radosław
        // Sikorski" is not "premier").
        let other_office = |k: usize| self.holds_other_office(k, group);
        let fits = |k: usize| {
            !other_office(k)
                && sex(&self.persons[k].name)
                && (country.is_none() || of(k).is_none_or(|c| Some(c) == country))
        };
        let exact = |k: usize| {
            !other_office(k) && sex(&self.persons[k].name) && country.is_some() && of(k) == country
        };
        // Someone mentioned after `pos` only when no one is mentioned before it (a quotation opening
        // the article, its speaker named later).
        let mention = |want: &dyn Fn(usize) -> bool| {
            let k = self.mentions.partition_point(|m| m.at < pos);
            let after = if k == 0 { &self.mentions[..] } else { &[][..] };
            self.mentions[..k]
                .iter()
                .rev()
                .chain(after.iter())
                .find(|m| want(m.person))
                .map(|m| self.persons[m.person].name.clone())
        };
        if country.is_some() {
            if let Some(name) = mention(&exact) {
                return Some(name);
            }
        }
        mention(&fits)
    }

    /// The country the article gives person `k`: a qualifier of a role found bound to them ("Russian
    /// President Vladimir Putin"), else a country word among the three words before one of their
    /// mentions with no punctuation between ("US counterpart Donald Trump").
    fn country_of_person(&self, k: usize) -> Option<&'static str> {
        let name = &self.persons[k].name;
        if let Some(c) = self.bindings.iter().filter(|b| &b.name == name).find_map(|b| b.country) {
            return Some(c);
        }
        let text = self.text;
        self.mentions.iter().filter(|m| m.person == k).take(8).find_map(|m| {
            for (n, t) in tokens_rev(text, Span::new(token_floor(text, m.at, 60), m.at)).enumerate() {
                if n >= 3 || (!t.trail.is_empty() && !t.is_initial()) {
                    break;
                }
                if let Some(c) = super::roles::country_of(t.word) {
                    return Some(c);
                }
            }
            None
        })
    }

    /// Whether the article gives person `k` an office other than `group`: a binding found, or a role
    /// word among the three words before one of their mentions with no punctuation between
    /// ("szef MSZ Jan Kowal", "prezydent Anna Lis").
    fn holds_other_office(&self, k: usize, group: &'static str) -> bool {
        let name = &self.persons[k].name;
        if self.bindings.iter().any(|b| &b.name == name && b.group != group) {
            return true;
        }
        let text = self.text;
        self.mentions.iter().filter(|m| m.person == k).take(8).any(|m| {
            let mut buf = [Tok::EMPTY; 3];
            let mut n = 0;
            // The first names before the surname are part of the name, not of the phrase before it.
            let mut first_names = true;
            for t in tokens_rev(text, Span::new(token_floor(text, m.at, 80), m.at)) {
                // (a capitalised role in -a, "Ekonomista", is no woman's given name)
                if first_names
                    && t.trail.is_empty()
                    && t.is_cap()
                    && is_given_name(t.word)
                    && role_at(std::slice::from_ref(&t), 0).is_none()
                {
                    continue;
                }
                // A comma right before the name sets off the role in apposition ("The finance
                // minister, Kate Wren, …"); any other punctuation ends the phrase.
                let apposition = first_names && t.trail == ",";
                first_names = false;
                if n >= 3 || (!t.trail.is_empty() && !t.is_initial() && !apposition) {
                    break;
                }
                buf[n] = t;
                n += 1;
            }
            let back = &mut buf[..n];
            back.reverse();
            // A role of another group, or, where no role is written, a title that is an office of
            // its own ("poseł Lewicy Tomasz Trela" is no minister).
            let mut any_role = false;
            for i in 0..n {
                if let Some((g, _)) = role_at(back, i) {
                    if g != group {
                        return true;
                    }
                    any_role = true;
                }
            }
            !any_role && back.iter().any(|t| crate::quote::names::is_office_title(t.word))
        })
    }

    /// The person mentioned last before `pos` and at or after `floor` (only mentions in the nominative
    /// when `nominative`).
    pub fn mentioned_before(&self, pos: usize, floor: usize, nominative: bool) -> Option<String> {
        let k = self.mentions.partition_point(|m| m.at < pos);
        self.mentions[..k]
            .iter()
            .rev()
            .take_while(|m| m.at >= floor)
            .find(|m| !nominative || m.nominative)
            .map(|m| self.persons[m.person].name.clone())
    }

    /// The canonical name of the person whose name `name` is a form of, if the article has one.
    pub fn known(&self, name: &str) -> Option<&str> {
        let f = fold(name.split_whitespace().last()?);
        self.persons.iter().find(|x| same_name(&x.surname, &f)).map(|x| x.name.as_str())
    }

    /// The first of the clause's subject runs that names a person: a person of the article (any form;
    /// the nominative for Polish when `nominative`), or a full name (two words or more, each with a
    /// lower-case letter, no group noun), or a single name word that does not open the clause (`In
    /// response, Zelensky questioned…`).
    pub fn subject_of(
        &self,
        clause: &SubjectClause,
        nominative: bool,
        book: &mut NameBook,
    ) -> Option<String> {
        let text = self.text;
        for run in clause.runs.iter().flatten() {
            let last = run.last.text(text);
            if let Some(k) = self.known(last) {
                // The nominative: the mention written as the person's surname.
                let written_nom = fold(last) == fold(k.split_whitespace().last().unwrap_or(k));
                if !nominative || written_nom {
                    return Some(k.to_string());
                }
                continue;
            }
            if run.group || !run.person_like {
                continue;
            }
            // A Polish institution's name written out goes on past the run ("Sąd Okręgowy w Krakowie").
            let prepositions = crate::quote::speaker_pl::rules().prepositions;
            if let Some(whole) =
                nominative.then(|| super::groups::institution_around(text, run.span, prepositions)).flatten()
            {
                return Some(book.canonical(whole, self.lang, false));
            }
            let c = book.canonical(run.span, self.lang, false);
            // One capitalised word opening the clause may be any word; it is a person's surname when
            // the text gives a full name for it ("Birch later added that …" after "Tom Birch").
            if run.words < 2 && run.at_start && c.split_whitespace().count() < 2 {
                continue;
            }
            let nom = c.split_whitespace().last().is_some_and(|l| fold(l) == fold(last));
            if !nominative || nom {
                return Some(c);
            }
        }
        None
    }

    /// The subject of the narration before `pos`: the first person of the article mentioned as a
    /// subject (not after a preposition, not in the possessive; in the nominative for Polish when
    /// `nominative`) in the nearest sentence before the one holding `pos` that has such a mention, back
    /// to `floor` (at most six sentences). A person whose name shows the other gender than `gender` is
    /// passed over.
    pub fn narrative_subject(
        &self,
        sentences: &[crate::model::Sentence],
        pos: usize,
        floor: usize,
        nominative: bool,
        gender: Option<Gender>,
    ) -> Option<String> {
        let k = sentences.partition_point(|s| s.span.start <= pos);
        let fits = |m: &&Mention| {
            !m.possessive
                && (!nominative || m.nominative)
                && !self.after_preposition(m.at)
                && (gender.is_none()
                    || gender_of_name(&self.persons[m.person].name).is_none_or(|g| Some(g) == gender))
        };
        for s in sentences[..k.saturating_sub(1)].iter().rev().take(6).map(|s| s.span) {
            if s.end <= floor {
                break;
            }
            let a = self.mentions.partition_point(|m| m.at < s.start.max(floor));
            let b = self.mentions.partition_point(|m| m.at < s.end.min(pos));
            if let Some(m) = self.mentions[a..b].iter().find(fits) {
                return Some(self.persons[m.person].name.clone());
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
