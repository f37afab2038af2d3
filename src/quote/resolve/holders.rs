//! The holders of a role: the persons an article gives a role to in apposition (`premier Donald Tusk`,
//! `prezes NBP Adam Glapiński`, `Russian President Vladimir Putin`, `Andy Byron, dyrektor …`), found
//! by a search for the role's words when a role first asks for them.

use super::{gender, is_given_name, token_floor, Binding, People, MAX_HITS};
use crate::model::Span;
use crate::quote::names::NameBook;
use crate::quote::roles::role_at;
use crate::quote::speaker::{name_forward, nameish, tokens, tokens_rev, Tok};

/// A rank or degree abbreviated in small letters with its period ("st.", "kpt.", "asp.", "mł."), as
/// Polish news writes them before a name.
fn rank_abbreviation(t: &Tok) -> bool {
    t.trail == "."
        && t.lead.is_empty()
        && (2..=6).contains(&t.word.chars().count())
        && t.word.chars().all(|c| c.is_alphabetic() && c.is_lowercase())
}

/// A token that can qualify a role before the holder's name: an acronym (`NBP`, `USA`, `MSZ`), a
/// lower-case genitive (`prezes rady`), or "of" and a place (`Prime Minister of Poland`).
fn qualifier(t: &Tok) -> bool {
    let w = t.word;
    // A verb of saying ends the role phrase ("the defence secretary told Sky News").
    if crate::quote::fast::with_lower(w, |l| {
        crate::quote::speaker::verbs_en().contains(l) || crate::quote::speaker::verbs_pl().contains(l)
    }) {
        return false;
    }
    let letters = w.chars().filter(|c| c.is_alphabetic()).count();
    // An acronym, also one with small letters inside ("MSWiA", "OpenAI").
    ((2..=5).contains(&letters) && w.chars().filter(|c| c.is_alphabetic()).all(char::is_uppercase))
        || crate::quote::name_shape::is_acronym(w)
        || w.chars().next().is_some_and(char::is_lowercase) && w.len() > 2
}

impl People<'_> {
    /// Find the holders of the roles of `group` (once per group): every place a word of the group's
    /// role phrases is written, read with the few words around it.
    pub(super) fn search_role(&mut self, group: &'static str, book: &mut NameBook) {
        if self.searched.contains(&group) {
            return;
        }
        self.searched.push(group);
        let text = self.text;
        let mut heads: Vec<usize> = Vec::new();
        for key in crate::quote::roles::search_keys(group) {
            // A key is a head word without its first letter (any case of that letter), or a short head
            // word in one case.
            for i in key.finder.find_iter(text.as_bytes()).take(MAX_HITS) {
                let start = if key.first.is_empty() {
                    i
                } else {
                    let Some(c) = text[..i].chars().next_back() else { continue };
                    if !c.to_lowercase().eq(key.first.chars()) {
                        continue;
                    }
                    i - c.len_utf8()
                };
                if text[..start].chars().next_back().is_some_and(char::is_alphanumeric) {
                    continue;
                }
                heads.push(start);
            }
        }
        heads.sort_unstable();
        heads.dedup();
        for at in heads {
            self.role_apposition(at, group, book);
        }
        self.bindings.sort_by_key(|b| b.at);
    }

    /// A role word of `group` at byte `at` with its holder in apposition: "premier Donald Tusk", "prezes
    /// NBP Adam Glapiński", "Russian President Vladimir Putin", "prezydent Rosji Władimir Putin", or
    /// "Andy Byron, dyrektor …" (a full name, a comma, the role).
    fn role_apposition(&mut self, at: usize, group: &'static str, book: &mut NameBook) {
        let text = self.text;
        let lang = self.lang;
        if self.quoted(at) {
            return;
        }
        // Four tokens before the role word, ten from it.
        let mut toks: Vec<Tok> = Vec::with_capacity(16);
        toks.extend(tokens_rev(text, Span::new(token_floor(text, at, 80), at)).take(4));
        toks.reverse();
        let i = toks.len();
        toks.extend(tokens(text, crate::quote::speaker::head(text, Span::new(at, text.len()), 200)).take(10));
        let Some((_, mut j)) = role_at(&toks, i).filter(|r| r.0 == group) else { return };
        let country_at = |k: usize| toks.get(k).and_then(|x| crate::quote::roles::country_of(x.word));
        // A country before the role, with nothing between ("Russian President", "the US president").
        let mut country = if i > 0 && toks[i - 1].trail.is_empty() { country_at(i - 1) } else { None };
        let mut qn = 0;
        while qn < 3
            && j < toks.len()
            && toks[j - 1].trail.is_empty()
            && qualifier(&toks[j])
            && !rank_abbreviation(&toks[j])
        {
            if name_forward(&toks, j).is_some_and(|(a, b)| b - a >= 2 && !qualifier(&toks[a])) {
                break;
            }
            country = country.or_else(|| country_at(j));
            j += 1;
            qn += 1;
        }
        // Ranks abbreviated in small letters between the role and the name ("rzecznik komendy st.
        // kpt. Marcin Wilk", "mł. asp.").
        let mut ranks = 0;
        while ranks < 3
            && j < toks.len()
            && (ranks > 0 || toks[j - 1].trail.is_empty())
            && rank_abbreviation(&toks[j])
        {
            j += 1;
            ranks += 1;
        }
        if j < toks.len() && (toks[j - 1].trail.is_empty() || toks[j - 1].is_initial() || ranks > 0) {
            // "prezydent Rosji Władimir Putin": a capitalised country genitive qualifies the role.
            if country_at(j).is_some() && toks[j].trail.is_empty() && name_forward(&toks, j + 1).is_some() {
                country = country.or_else(|| country_at(j));
                j += 1;
            }
            // A capitalised genitive qualifying the role, before a full name that opens with a listed
            // given name ("trener Polki Wim Fissette", "posłanka Lewicy Joanna Mazur").
            if toks[j].trail.is_empty()
                && toks[j].is_cap()
                && !is_given_name(toks[j].word)
                && toks.get(j + 1).is_some_and(|t| gender::is_listed_given_name_any_case(t.word))
                && name_forward(&toks, j + 1).is_some_and(|(a, b)| b - a >= 2)
            {
                j += 1;
            }
            if let Some((a, b)) = name_forward(&toks, j) {
                let run = &toks[a..b];
                if b - a >= 2 && run.iter().any(|t| t.word.chars().any(char::is_lowercase)) {
                    let span = Span::new(run[0].span.start, run[b - a - 1].span.end);
                    // After a role in the genitive the name is in the genitive too.
                    let genitive =
                        lang == crate::lang::Lang::Pl && crate::quote::roles::genitive_role(toks[i].word);
                    let name = book.canonical(span, lang, genitive);
                    self.bindings.push(Binding { at, group, name, country });
                    return;
                }
            }
        }
        // "The environment minister, Huw Prosser, visited …": a full name set off by commas after the
        // role.
        if j < toks.len() && toks[j - 1].trail == "," {
            if let Some((a, b)) = name_forward(&toks, j).filter(|&(a, b)| a == j && b - a >= 2) {
                let run = &toks[a..b];
                if run[b - a - 1].trail == "," && run.iter().all(|t| t.word.chars().any(char::is_lowercase)) {
                    let span = Span::new(run[0].span.start, run[b - a - 1].span.end);
                    let name = book.canonical(span, lang, false);
                    self.bindings.push(Binding { at, group, name, country });
                    return;
                }
            }
        }
        // "Andy Byron, dyrektor …": a full name, a comma, a role.
        if i >= 2 && toks[i - 1].trail.starts_with(',') && toks[i].lead.is_empty() {
            let e = i - 1;
            let mut a = e;
            while a > 0 && e - a < 3 && nameish(&toks[a - 1]) && toks[a - 1].trail.is_empty() {
                a -= 1;
            }
            if e > a && toks[a..=e].iter().all(nameish) {
                let span = Span::new(toks[a].span.start, toks[e].span.end);
                let name = book.canonical(span, lang, false);
                self.bindings.push(Binding { at: toks[a].span.start, group, name, country: None });
            }
        }
    }
}
