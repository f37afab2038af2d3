//! The people of an article, for speakers the attribution does not name: a role noun ("powiedział
//! premier", "the prime minister said"), a pronoun ("he said"), a Polish verb with its subject
//! dropped ("– … – dodał"), or the subject of the sentence a quotation stands in.
//!
//! The people are the speakers named by the article's attributions and the persons it gives a role
//! to in apposition (`premier Donald Tusk`, `Prime Minister Donald Tusk`, `prezes NBP Adam Glapiński`,
//! `Andy Byron, dyrektor generalny`). Every mention of one of them is indexed by position, in any
//! inflected form (Tuska, Nawrockiego, Trumpowi: a shared stem of four letters or more). Built once per
//! document, only when a speaker needs it: one pass over the text's words.

use super::names::NameBook;
use super::roles::role_at;
use super::speaker::{name_forward, tokenize, Tok};
use crate::lang::Lang;
use crate::model::Span;

/// Lower case without diacritics (ł → l): how name forms are compared.
fn fold(w: &str) -> String {
    w.chars()
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'ł' { 'l' } else { crate::lexicon::names::strip_diacritic(c) })
        .filter(|c| c.is_alphanumeric())
        .collect()
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

/// People kept per document (bounds the work per word on hostile input).
const MAX_PERSONS: usize = 64;

#[derive(Debug, Clone)]
struct Person {
    /// The canonical name.
    name: String,
    /// Folded surname (last word of the name).
    surname: String,
}

/// Grammatical gender, as a Polish past-tense verb (dodał / dodała) or a pronoun (he / she) shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
}

/// First names ending in -a that are men's.
const MALE_IN_A: &[&str] =
    &["kuba", "barnaba", "bonawentura", "kosma", "jarema", "luca", "nikita", "andrea", "ilia", "sasha"];

/// The gender a name shows, if it shows one: Polish surnames in -ski/-cki/-dzki and -ska/-cka/-dzka, a
/// first name ending in -a (most are women's). Foreign names mostly show none.
pub fn gender_of_name(name: &str) -> Option<Gender> {
    let words: Vec<String> = name.split_whitespace().map(|w| w.to_lowercase()).collect();
    let last = words.last()?;
    for (m, f) in [("ski", "ska"), ("cki", "cka"), ("dzki", "dzka")] {
        if last.ends_with(m) {
            return Some(Gender::Male);
        }
        if last.ends_with(f) {
            return Some(Gender::Female);
        }
    }
    if words.len() >= 2 {
        let first = &words[0];
        if first.ends_with('a') && first.chars().count() >= 3 && !MALE_IN_A.contains(&first.as_str()) {
            return Some(Gender::Female);
        }
    }
    None
}

/// The gender a Polish past-tense verb (dodał, dodała, powiedziałam) or an English or Polish
/// pronoun shows.
pub fn gender_of_word(w: &str) -> Option<Gender> {
    let l = w.to_lowercase();
    match l.as_str() {
        "he" | "on" | "him" | "his" => return Some(Gender::Male),
        "she" | "ona" | "her" => return Some(Gender::Female),
        _ => {}
    }
    if l.ends_with("ła") || l.ends_with("łam") {
        Some(Gender::Female)
    } else if l.ends_with('ł') || l.ends_with("łem") {
        Some(Gender::Male)
    } else {
        None
    }
}

/// A mention of a person in the text.
#[derive(Debug, Clone, Copy)]
struct Mention {
    at: usize,
    person: usize,
    /// Written exactly as the canonical surname (the nominative, for a Polish name).
    nominative: bool,
    /// Right after a preposition or in the possessive ("z Tuskiem", "Tusk's"): not a subject.
    oblique: bool,
}

/// The people of one document and where they are mentioned.
#[derive(Debug, Default)]
pub struct People {
    persons: Vec<Person>,
    /// Sorted by position.
    mentions: Vec<Mention>,
    /// (position, role group, person), sorted by position.
    bindings: Vec<(usize, &'static str, usize)>,
}

/// A token that can qualify a role before the holder's name: an acronym (`NBP`, `USA`, `MSZ`), a
/// lower-case genitive (`prezes rady`), or "of" and a place (`Prime Minister of Poland`).
fn qualifier(t: &Tok) -> bool {
    let w = t.word;
    let letters = w.chars().filter(|c| c.is_alphabetic()).count();
    ((2..=5).contains(&letters) && w.chars().filter(|c| c.is_alphabetic()).all(char::is_uppercase))
        || w.chars().next().is_some_and(char::is_lowercase) && w.len() > 2
}

impl People {
    /// The people of `text`: `named` are the spans of the names the attributions give (with whether
    /// each is a genitive after "według"/"zdaniem").
    /// Mentions inside `quotes` (the spans of the top-level quotations) are left out: they are the
    /// speaker's words, not the narrative.
    pub fn new(
        text: &str,
        lang: Lang,
        named: &[(Span, bool)],
        quotes: &[Span],
        book: &mut NameBook,
    ) -> People {
        let mut p = People::default();
        for &(span, genitive) in named {
            // Roles written as names ("Szef OpenAI:") and organisations in capitals (PAP, CNN) are no people.
            let toks = tokenize(text, span);
            if super::roles::role_name(&toks).is_some()
                || toks.len() == 1 && super::speaker::is_acronym(toks[0].word)
            {
                continue;
            }
            let name = book.canonical(span, lang, genitive);
            p.add(&name);
        }
        let toks = tokenize(text, Span::new(0, text.len()));
        // Roles in apposition: "premier Donald Tusk", "prezes NBP Adam Glapiński", "Andy Byron, dyrektor".
        let mut i = 0;
        while i < toks.len() {
            if let Some((group, mut j)) = role_at(&toks, i) {
                let mut q = 0;
                while q < 3 && j < toks.len() && toks[j - 1].trail.is_empty() && qualifier(&toks[j]) {
                    if name_forward(&toks, j).is_some_and(|(a, b)| b - a >= 2 && !qualifier(&toks[a])) {
                        break;
                    }
                    j += 1;
                    q += 1;
                }
                if j < toks.len() && (toks[j - 1].trail.is_empty() || toks[j - 1].is_initial()) {
                    if let Some((a, b)) = name_forward(&toks, j) {
                        let run = &toks[a..b];
                        let person = b - a >= 2 && run.iter().any(|t| t.word.chars().any(char::is_lowercase));
                        if person {
                            let span = Span::new(run[0].span.start, run[b - a - 1].span.end);
                            let name = book.canonical(span, lang, false);
                            let k = p.add(&name);
                            p.bindings.push((toks[i].span.start, group, k));
                            i = b;
                            continue;
                        }
                    }
                }
            }
            // "Andy Byron, dyrektor …": a full name, a comma, a role.
            if toks[i].trail.starts_with(',') && i >= 1 {
                if let Some((group, _)) = role_at(&toks, i + 1) {
                    let mut a = i;
                    while a > 0
                        && i - a < 3
                        && super::speaker::nameish(&toks[a - 1])
                        && toks[a - 1].trail.is_empty()
                    {
                        a -= 1;
                    }
                    if i > a
                        && super::speaker::nameish(&toks[i])
                        && toks[a..=i].iter().all(super::speaker::nameish)
                    {
                        let span = Span::new(toks[a].span.start, toks[i].span.end);
                        let name = book.canonical(span, lang, false);
                        let k = p.add(&name);
                        p.bindings.push((toks[a].span.start, group, k));
                    }
                }
            }
            i += 1;
        }
        p.bindings.sort_by_key(|b| b.0);
        if p.persons.is_empty() {
            return p;
        }
        // Mentions: capitalised words that are a form of a person's surname. The quotations are walked
        // along with the words (both in text order), so the pass stays linear.
        let mut spans: Vec<Span> = quotes.to_vec();
        spans.sort_by_key(|q| q.start);
        let mut q = 0;
        let mut reach = 0usize; // the furthest end of the quotations started so far
        let preps = if lang == Lang::Pl {
            super::speaker_pl::rules().prepositions
        } else {
            super::speaker_en::rules().prepositions
        };
        for (n, t) in toks.iter().enumerate() {
            while q < spans.len() && spans[q].start <= t.span.start {
                reach = reach.max(spans[q].end);
                q += 1;
            }
            if !t.is_cap() || t.word.len() < 3 || t.span.end <= reach {
                continue;
            }
            let f = fold(t.word);
            if let Some(k) = p.persons.iter().position(|x| same_name(&x.surname, &f)) {
                let after_prep = n > 0
                    && toks[n - 1].trail.is_empty()
                    && super::fast::with_lower(toks[n - 1].word, |w| preps.contains(&w));
                let possessive = t.word.ends_with("'s") || t.word.ends_with("’s");
                p.mentions.push(Mention {
                    at: t.span.start,
                    person: k,
                    nominative: f == p.persons[k].surname,
                    oblique: after_prep || possessive,
                });
            }
        }
        p
    }

    /// The index of the person `name`, added if new. Two names with the same surname are one person
    /// when one is the other's surname alone or both are the same.
    fn add(&mut self, name: &str) -> usize {
        if self.persons.len() >= MAX_PERSONS {
            return self.persons.len() - 1;
        }
        let surname = fold(name.split_whitespace().last().unwrap_or(name));
        if let Some(k) = self.persons.iter().position(|x| same_name(&x.surname, &surname)) {
            // Keep the longer (full) name.
            if name.split_whitespace().count() > self.persons[k].name.split_whitespace().count() {
                self.persons[k].name = name.to_string();
            }
            return k;
        }
        self.persons.push(Person { name: name.to_string(), surname });
        self.persons.len() - 1
    }

    /// The person a role of `group` at `pos` names: the holder the article gives that role to (nearest
    /// before, else after), else the person mentioned last before `pos`, else the next one after.
    pub fn role(&self, group: &str, pos: usize) -> Option<String> {
        let before = self.bindings.iter().rev().find(|b| b.0 < pos && b.1 == group);
        let after = self.bindings.iter().find(|b| b.0 >= pos && b.1 == group);
        if let Some(b) = before.or(after) {
            return Some(self.persons[b.2].name.clone());
        }
        self.mentioned_before(pos, 0, false).or_else(|| self.mentioned_after(pos, usize::MAX))
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

    /// The subject of the narration before `pos`: the first person mentioned as a subject (not after a
    /// preposition, not in the possessive; in the nominative for Polish) in the nearest sentence before
    /// the one holding `pos` that has such a mention, back to `floor`. A person whose name shows the
    /// other gender than `gender` is passed over. `sentences` are the document's sentence spans.
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
            !m.oblique
                && (!nominative || m.nominative)
                && !(gender.is_some()
                    && gender_of_name(&self.persons[m.person].name).is_some_and(|g| Some(g) != gender))
        };
        // The sentences before the one holding `pos`, nearest first (at most eight).
        for s in sentences[..k.saturating_sub(1)].iter().rev().take(8).map(|s| s.span) {
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

    /// The first person mentioned at or after `pos` and before `limit`.
    pub fn mentioned_after(&self, pos: usize, limit: usize) -> Option<String> {
        let k = self.mentions.partition_point(|m| m.at < pos);
        self.mentions[k..]
            .iter()
            .take_while(|m| m.at < limit)
            .next()
            .map(|m| self.persons[m.person].name.clone())
    }

    /// The first person mentioned in `span` (the subject of a sentence, as a rule).
    pub fn first_in(&self, span: Span) -> Option<String> {
        self.mentioned_after(span.start, span.end)
    }

    /// The canonical name of the person whose name `name` is a form of, if the article has one.
    pub fn known(&self, name: &str) -> Option<&str> {
        let f = fold(name.split_whitespace().last()?);
        self.persons.iter().find(|x| same_name(&x.surname, &f)).map(|x| x.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_forms_meet() {
        for (a, b) in
            [("Tusk", "Tuska"), ("Nawrocki", "Nawrockiego"), ("Trump", "Trumpowi"), ("Putin", "Putinem")]
        {
            assert!(same_name(&fold(a), &fold(b)), "{a} {b}");
        }
        assert!(!same_name(&fold("Tusk"), &fold("Tuskolandia")));
        assert!(!same_name("duda", "dudy"), "three letters are too few to tell");
    }

    #[test]
    fn roles_bind_to_the_person_given_them() {
        let text = "Wczoraj głos zabrał premier Jan Wiśniewski. Potem prezes NBP Adam Nowak. Ewa Lis, rzeczniczka rządu.";
        let mut book = NameBook::new(text);
        let p = People::new(text, Lang::Pl, &[], &[], &mut book);
        assert_eq!(p.role("premier", text.len()).as_deref(), Some("Jan Wiśniewski"));
        assert_eq!(p.role("chief", 0).as_deref(), Some("Adam Nowak"));
        assert_eq!(p.role("spokesperson", 0).as_deref(), Some("Ewa Lis"));
        // No holder of the role: the person mentioned last.
        assert_eq!(p.role("pope", text.len()).as_deref(), Some("Ewa Lis"));
    }
}
