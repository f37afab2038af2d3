//! Speakers described rather than named, after a verb of saying or as its subject: a role phrase
//! (`the prime minister`, `prezydent USA`), one holder of a role or one person described with the body
//! after them (`a spokesperson for Northern Rail`, `a senior EU diplomat`), one of a group (`jeden z
//! dyplomatów`), a noun phrase opened by an article (`the 34-year-old engineer`), and the full name that
//! follows a description or an institution with its seat (`said EU foreign policy chief Josep Borrell`,
//! `prezes Sądu Rejonowego w Nysie Jan Lis`).

use super::*;
use crate::quote::fast::lower_eq;

impl Rules {
    /// A role phrase among the first words from `from` (after lower-case words such as "dziś", "the",
    /// "nowy"), with the qualifiers after it (`prezydent USA`, `szef rządu`, `the prime minister`).
    pub(super) fn role_from(&self, toks: &[Tok], from: usize) -> Option<Who> {
        let mut i = from;
        // The first country qualifier before the role ("the US president", "Amerykański prezydent").
        let mut qual: Option<usize> = None;
        let mut limit = from + 3;
        // An age before the role ("the 34-year-old engineer", "64-letnia emerytka") describes someone
        // the article does not name: the description as written, not a holder of the role.
        let mut aged = false;
        // An indefinite article before the role ("a spokesman", "an aide to the minister") describes
        // one of many who hold it, not the one the article names: the description as written, with a
        // qualifier after it ("a spokeswoman for the ministry").
        let article = |w: &[&str]| {
            toks.get(from).is_some_and(|t| t.trail.is_empty() && w.iter().any(|a| lower_eq(t.word, a)))
        };
        let indefinite = article(&["a", "an"]);
        // An article opening a sentence is capitalised ("The prime minister said:", "A spokeswoman
        // said:"); it is no name.
        if article(&["a", "an", "the"]) {
            i += 1;
        }
        while i < toks.len() && i < limit {
            if let Some((group, mut end)) = crate::quote::roles::role_at(toks, i) {
                // Qualifiers: acronyms and lower-case genitives right after it (no punctuation before).
                while end < toks.len()
                    && end < i + 4
                    && toks[end - 1].trail.is_empty()
                    && toks[end].lead.is_empty()
                    && is_acronym(toks[end].word)
                {
                    end += 1;
                }
                if aged {
                    return Some(Who::Unnamed(span_of(toks, (from, end))));
                }
                if indefinite {
                    return Some(Who::Unnamed(span_of(toks, (from, qualified_end(toks, end)))));
                }
                return Some(Who::Role { span: span_of(toks, (qual.unwrap_or(i), end)), group });
            }
            aged |= is_age_adjective(toks[i].word);
            let t = &toks[i];
            if t.trail.is_empty() && crate::quote::roles::country_of(t.word).is_some() {
                qual.get_or_insert(i);
                i += 1;
                continue;
            }
            // A preposition and a capitalised place or medium before the role ("w Polsat News
            // minister obrony").
            if t.trail.is_empty() && with_lower(t.word, |w| self.prepositions.contains(&w)) {
                if let Some((_, b)) = name_forward(toks, i + 1).filter(|r| toks[r.1 - 1].trail.is_empty()) {
                    i = b;
                    limit = limit.max(b + 2);
                    continue;
                }
            }
            if t.is_cap() || !t.trail.is_empty() || self.is_verb(t) {
                return None;
            }
            i += 1;
        }
        None
    }

    /// A role after an indefinite article at `from` ("a spokesperson for …", "an aide to …"): the
    /// description [`Rules::role_from`] gives it; None without the article.
    pub(super) fn indefinite_role(&self, toks: &[Tok], from: usize) -> Option<Who> {
        let art = toks.get(from)?;
        if !(art.trail.is_empty() && (lower_eq(art.word, "a") || lower_eq(art.word, "an"))) {
            return None;
        }
        if let Some(who) = self.role_from(toks, from) {
            return Some(who);
        }
        // Words with a capitalised one among them, ending in a noun in small letters ("a senior EU
        // diplomat", "a White House official").
        let mut e = from + 1;
        while e < toks.len() && e < from + 6 {
            let t = &toks[e];
            if !t.lead.is_empty() || self.is_verb(t) || is_oblique_preposition(t.word) {
                break;
            }
            e += 1;
            if !t.trail.is_empty() {
                break;
            }
        }
        if e > from + 2 && !toks[e - 1].is_cap() && toks[from + 1..e - 1].iter().any(Tok::is_cap) {
            return Some(Who::Unnamed(span_of(toks, (from, qualified_end(toks, e)))));
        }
        // Any noun in small letters with a body after it ("an aide to President Lee").
        let noun = toks.get(from + 1)?;
        let end = qualified_end(toks, from + 2);
        (noun.trail.is_empty()
            && noun.lead.is_empty()
            && !noun.is_cap()
            && !self.is_verb(noun)
            && end > from + 2)
            .then(|| Who::Unnamed(span_of(toks, (from, end))))
    }

    /// An institution with its seat before the person it names, in Polish ("rzeczniczka Prokuratury
    /// Okręgowej w Lublinie Agnieszka Kępka", "prezes Sądu Rejonowego w Nysie Jan Lis"): the run `r`
    /// opens with no given name, a preposition follows it, then a place and a full name opening with
    /// a given name. The full name's range.
    pub(super) fn name_after_seat(&self, toks: &[Tok], r: (usize, usize)) -> Option<(usize, usize)> {
        let p = r.1;
        let prep = toks.get(p)?;
        if !toks[p - 1].trail.is_empty()
            || !prep.trail.is_empty()
            || !prep.lead.is_empty()
            || !with_lower(prep.word, |w| self.prepositions.contains(&w))
            || crate::quote::resolve::is_given_name(toks[r.0].word)
        {
            return None;
        }
        let s = name_forward(toks, p + 1).filter(|s| s.0 == p + 1 && s.1 - s.0 >= 3)?;
        crate::quote::resolve::is_given_name(toks[s.0 + 1].word).then_some((s.0 + 1, s.1))
    }

    /// The person's name (two words or more) after one to `max_descriptors` lower-case description
    /// words that start at token `k`, right after a name run that ended without punctuation at `k`.
    /// Prepositions end the search: what follows them is a place or a time ("said Harris in Warsaw").
    pub(super) fn later_name(&self, toks: &[Tok], k: usize) -> Option<(usize, usize)> {
        if k == 0 || k >= toks.len() || (!toks[k - 1].trail.is_empty() && !toks[k - 1].is_initial()) {
            return None;
        }
        let mut j = k;
        while j < toks.len() && j - k <= self.max_descriptors {
            let t = &toks[j];
            if j > k {
                if let Some(r) = name_forward(toks, j) {
                    // Only a person's name: two words or more, not all capitals ("powiedziała Amari
                    // filii CBS" keeps Amari).
                    let run = &toks[r.0..r.1];
                    let person = run.len() >= 2 && run.iter().any(|t| t.word.chars().any(char::is_lowercase));
                    return person.then_some(r);
                }
            }
            if !self.is_descriptor(t)
                || !t.lead.is_empty()
                || with_lower(t.word, |w| self.prepositions.contains(&w))
                || t.word.bytes().any(|b| b.is_ascii_digit())
            {
                return None;
            }
            j += 1;
        }
        None
    }
}

/// An English noun phrase opened by an article at `from`, of lower-case words up to the end of the
/// clause ("said the 34-year-old engineer, who…", "said an engineer."): someone described, not
/// named. The tokens' range.
pub(super) fn article_noun(toks: &[Tok], from: usize) -> Option<(usize, usize)> {
    let art = toks.get(from)?;
    if let Some(r) = partitive(toks, from) {
        return Some(r);
    }
    if !(art.trail.is_empty() && ["the", "a", "an"].iter().any(|a| lower_eq(art.word, a))) {
        return None;
    }
    let end = (from + 1..toks.len().min(from + 5)).find(|&k| !toks[k].trail.is_empty())?;
    let words = &toks[from + 1..=end];
    let plain = |t: &Tok| !t.is_cap() && t.lead.is_empty() && t.word.chars().any(char::is_alphabetic);
    (words.iter().all(plain) && !toks[end].is_initial()).then_some((from, end + 1))
}

/// One of a group, at `from`: "one of the officials", "jeden z doświadczonych dyplomatów", "jedna z
/// mieszkanek", in lower-case words up to the end of the clause (at most six words), which may end
/// in capitalised words that name the group's place or person but open with no given name ("jeden
/// z sąsiadów Wilkosz", "one of the residents of Elm Street"). The tokens' range.
pub(crate) fn partitive(toks: &[Tok], from: usize) -> Option<(usize, usize)> {
    let plain = |t: &Tok| !t.is_cap() && t.lead.is_empty() && t.word.chars().any(char::is_alphabetic);
    let one = toks.get(from).is_some_and(|t| {
        t.trail.is_empty()
            && ["one", "jeden", "jedna", "jedno", "jednego", "jednej"].iter().any(|w| lower_eq(t.word, w))
    });
    let of = toks
        .get(from + 1)
        .is_some_and(|t| t.trail.is_empty() && ["of", "z", "ze"].iter().any(|w| lower_eq(t.word, w)));
    if !(one && of) {
        return None;
    }
    let end =
        (from + 2..toks.len().min(from + 8)).find(|&k| !toks[k].trail.is_empty() || k + 1 == toks.len())?;
    let words = &toks[from + 2..=end];
    let lower = words.iter().take_while(|t| plain(t)).count();
    let named = lower >= 1
        && lower < words.len()
        && !crate::quote::resolve::is_given_name(words[lower].word)
        && words[lower..].iter().all(|t| t.lead.is_empty() && t.is_cap());
    (lower == words.len() || named).then_some((from, end + 1))
}

/// The end of a description's qualifier opened by a preposition right after it ("for the union",
/// "to the minister", "at the embassy"): up to four more words with no punctuation between them and
/// no verb of saying, or `end` when none follows.
fn qualified_end(toks: &[Tok], end: usize) -> usize {
    let opens = |t: &Tok| ["for", "of", "at", "to", "from", "with"].iter().any(|p| lower_eq(t.word, p));
    if end == 0 || end >= toks.len() || !toks[end - 1].trail.is_empty() || !opens(&toks[end]) {
        return end;
    }
    let mut k = end + 1;
    const STOP: [&str; 14] = [
        "on", "in", "at", "during", "after", "before", "when", "who", "which", "that", "as", "because",
        "while", "and",
    ];
    let stop = |t: &Tok| STOP.iter().any(|w| lower_eq(t.word, w));
    while k < toks.len()
        && k < end + 5
        && toks[k].lead.is_empty()
        && toks[k].word.chars().any(char::is_alphabetic)
        && !stop(&toks[k])
    {
        k += 1;
        if !toks[k - 1].trail.is_empty() {
            break;
        }
    }
    if k == end + 1 {
        end
    } else {
        k
    }
}

/// A description ending the clause `toks` (the words before a verb), after a phrase opened by a
/// preposition, with no name and no punctuation: "W przesłanym nam komunikacie urząd zapewnia:", "In
/// its statement the company said". Not right after a preposition. Its group and token range.
pub(crate) fn description_ending(toks: &[Tok]) -> Option<(crate::quote::groups::Group, usize, usize)> {
    let n = toks.len();
    let opens_phrase = toks.first().is_some_and(|t| is_oblique_preposition(t.word));
    if n < 3 || !opens_phrase || toks[..n - 1].iter().any(|t| !t.trail.is_empty() || !t.lead.is_empty()) {
        return None;
    }
    // (the noun, with its article when one stands before it)
    let a = if crate::quote::groups::determiner(&toks[n - 2]) { n - 2 } else { n - 1 };
    let set_off = !toks[1..a].iter().any(Tok::is_cap) && !is_oblique_preposition(toks[a - 1].word);
    crate::quote::groups::description(toks, a, n, true).filter(|_| set_off)
}
