//! Full names in the text: the full names written anywhere with a given surname ("Amy B. Harris"
//! for "Harris"), and the last full name mentioned before a position (a pronoun's fallback).

use super::polish::{first_name_like, is_pl_candidate, pl_genitive_guess};
use super::{is_title_word, is_word_char, join, NameBook};
use crate::lang::Lang;
use crate::model::Span;
use crate::quote::fast::{char_at, char_start_before, is_space, is_upper};
use crate::quote::resolve::{is_given_name, is_listed_given_name};
use crate::quote::speaker::{is_acronym, is_media_word, make_tok, nameish, tokens_rev, Tok};

impl<'t> NameBook<'t> {
    /// The full names ("Amy B. Harris") written anywhere in the text with the surname `surname`, in
    /// any inflected form for Polish (Harrisa, Harrisowi), with the surname in its nominative.
    pub(super) fn full_names(&mut self, surname: &str, lang: Lang) -> &[String] {
        if self.full.contains_key(surname) {
            return &self.full[surname];
        }
        let mut out: Vec<String> = Vec::new();
        let mut rev: Vec<Tok<'t>> = Vec::new();
        if self.budget() {
            let text = self.text;
            // Searched by the part every Polish form keeps: a soft consonant or a mobile e changes in
            // the other cases (Kmieć, Kmiecia; Gacek, Gacka).
            let stem = if lang == Lang::Pl { inflection_stem(surname) } else { surname };
            for i in memchr::memmem::find_iter(text.as_bytes(), stem.as_bytes()) {
                if is_word_char(text[..i].chars().next_back()) {
                    continue;
                }
                let rest = &text[i + stem.len()..];
                let suffix_len = rest.find(|c: char| !c.is_alphanumeric()).unwrap_or(rest.len());
                let word = &text[i..i + stem.len() + suffix_len];
                if word != surname && !(lang == Lang::Pl && is_pl_candidate(word, surname)) {
                    continue;
                }
                // The capitalised words right before it on the same line.
                let mut from = i.saturating_sub(80);
                while !text.is_char_boundary(from) {
                    from += 1;
                }
                let line_start =
                    memchr::memrchr(b'\n', &text.as_bytes()[from..i]).map_or(from, |k| from + k + 1);
                // Cheap test first: the token before the one holding the surname must be an initial
                // ("B.") or a name word with nothing after it, else no full name is written here.
                let before = &text[line_start..i];
                let Some(ws) = before.rfind(char::is_whitespace) else { continue };
                let prev = before[..ws].trim_end_matches(char::is_whitespace);
                let raw = prev.rfind(char::is_whitespace).map_or(prev, |k| {
                    let w = prev[k..].chars().next().map_or(1, char::len_utf8);
                    &prev[k + w..]
                });
                let p = make_tok(raw, 0);
                if !(p.is_initial() || (p.trail.is_empty() && nameish(&p))) {
                    continue;
                }
                // The tokens of the line up to the surname, read back from it: the surname's token, the
                // initials before it, then at most one name word (rev[k] is the k-th from the end).
                let mut it = tokens_rev(text, Span::new(line_start, i + word.len()));
                rev.clear();
                let mut get = |rev: &mut Vec<Tok<'t>>, k: usize| -> bool {
                    while rev.len() <= k {
                        match it.next() {
                            Some(t) => rev.push(t),
                            None => return false,
                        }
                    }
                    true
                };
                let mut k = 1;
                while get(&mut rev, k) && rev[k].is_initial() {
                    k += 1;
                }
                if get(&mut rev, k) {
                    let p = &rev[k];
                    // Not an institution's acronym ("rzecznik PZPN Wiśniewski"); two initials
                    // are a first name ("JD Vance").
                    let institution = p.word.chars().count() >= 3 && is_acronym(p.word);
                    if nameish(p)
                        && p.trail.is_empty()
                        && rev[k - 1].lead.is_empty()
                        && !is_title_word(p.word)
                        && !institution
                    {
                        k += 1;
                    }
                }
                // The name words are rev[1..k].
                if k == 1 {
                    continue;
                }
                // A medium's name run into a surname ("dla BBC Wales Rhys") is no full name.
                if get(&mut rev, k) && rev[k].trail.is_empty() && is_media_word(rev[k].word) {
                    continue;
                }
                let run = &mut rev[1..k];
                if !run.iter().all(|t| nameish(t) && (t.trail.is_empty() || t.is_initial())) {
                    continue;
                }
                run.reverse();
                let Some(mut full) = given_in_nominative(run, word, surname, lang) else { continue };
                full.push(' ');
                full.push_str(surname);
                if !out.contains(&full) {
                    out.push(full);
                }
            }
        }
        self.full.entry(surname.to_string()).or_insert(out)
    }

    /// The last full name mentioned before `pos`, at or after `floor` and at most `back` bytes back,
    /// that `fits` (given its span and its words joined): its span and its words. The fallback for a
    /// pronoun or an epithet when no speaker fits ("… posted by Sydney woman Jordy Lee. “…,” she
    /// said"). With `single`, a name word standing alone (a surname) is offered to `fits` too.
    pub fn last_mention_where(
        &self,
        pos: usize,
        floor: usize,
        back: usize,
        single: bool,
        mut fits: impl FnMut(Span, &str) -> bool,
    ) -> Option<(Span, String)> {
        let mut from = pos.saturating_sub(back).max(floor);
        while from < pos && !self.text.is_char_boundary(from) {
            from += 1;
        }
        let text = self.text;
        let bytes = text.as_bytes();
        let end_all = pos.min(text.len());
        if from > end_all {
            return None;
        }
        // Every name word holds an upper-case letter, so a token without one is never where a name
        // ends: the search jumps back to the last upper-case letter, and reads tokens only from the
        // end of the token holding it (a whitespace, so the tokens before it are the same as when
        // reading from `pos`). This finds the same (last) mention as reading every token back.
        let mut end = end_all;
        let mut run: Vec<Tok> = Vec::new();
        loop {
            let mut k = end;
            while k > from {
                let x = bytes[k - 1];
                if x.is_ascii_uppercase() {
                    break;
                }
                if x >= 0x80 {
                    let start = char_start_before(text, k);
                    if is_upper(char_at(text, start).0) {
                        break;
                    }
                    k = start;
                    continue;
                }
                k -= 1;
            }
            if k == from {
                return None;
            }
            // The end of the token holding the upper-case letter ending at k.
            let mut e = k;
            while e < end {
                let (c, len) = char_at(text, e);
                if is_space(c) {
                    break;
                }
                e += len;
            }
            let mut it = tokens_rev(text, Span::new(from, e));
            let last = it.next()?;
            // A name in the possessive is not who speaks ("Ann Lowe's lawyer told …").
            if nameish(&last) && !last.is_initial() && !last.is_possessive() {
                run.clear();
                run.push(last);
                let mut next = it.next();
                // Initials before it ("Amy B. Harris"), then one more name word.
                while let Some(t) = next.filter(|t| t.is_initial() && run[run.len() - 1].lead.is_empty()) {
                    run.push(t);
                    next = it.next();
                }
                if let Some(t) = next {
                    if nameish(&t) && t.trail.is_empty() && run[run.len() - 1].lead.is_empty() {
                        run.push(t);
                        run.reverse();
                        let span = Span::new(run[0].span.start, last.span.end);
                        let name = join(&run);
                        // A medium's name ("Polsatem Sport", "Sky News") is no one's.
                        if !is_media_word(last.word) && fits(span, &name) {
                            return Some((span, name));
                        }
                        // Go on before the whole name.
                        end = run[0].span.start - run[0].lead.len();
                        continue;
                    }
                }
                if single && !is_media_word(last.word) && fits(last.span, last.word) {
                    return Some((last.span, last.word.to_string()));
                }
            }
            // Go on with the token before this one.
            end = last.span.start - last.lead.len();
        }
    }
}

/// The beginning of a Polish surname that its inflected forms keep: the surname without a final
/// soft consonant (Kmieć → Kmie) or mobile-e ending (Gacek → Gac, Kozieł → Kozi), else all of it.
fn inflection_stem(surname: &str) -> &str {
    if let Some(s) = surname.strip_suffix(['ć', 'ś', 'ź', 'ń']) {
        return s;
    }
    surname
        .strip_suffix("ek")
        .or_else(|| surname.strip_suffix("eł"))
        .filter(|s| s.chars().count() >= 2)
        .unwrap_or(surname)
}

/// A given name in a woman's accusative or instrumental (Jelenę, Martą): three letters or more,
/// ending in -ę or -ą, which no given name does in the nominative.
fn accusative_given(w: &str) -> bool {
    w.ends_with(['ę', 'ą']) && w.chars().count() >= 3
}

/// The given names `run` before a mention `word` of the surname `surname`, in the nominative: as
/// written when the surname is, else put back in the nominative with it ("Roberta Hallama"), or None
/// when they cannot be ("Markiem Nowakiem").
fn given_in_nominative(run: &[Tok], word: &str, surname: &str, lang: Lang) -> Option<String> {
    if word != surname {
        // The first names stand in the surname's case ("Roberta Hallama"): back to the
        // nominative with it, or no full name from this mention ("Markiem Nowakiem").
        let firsts: Option<Vec<String>> = run
            .iter()
            .map(|t| match t.is_initial() {
                true => Some(join(std::slice::from_ref(t))),
                false => first_name_like(t.word, word, surname),
            })
            .collect();
        return firsts.map(|f| f.join(" "));
    }
    // A surname that does not decline ("Jelenę Ostapenko", "z Martą Kostiuk", "domu Teresy
    // Wilkosz"): the given name alone shows the case. No given name ends in -ę or -ą in the
    // nominative; a woman's name in the accusative or instrumental ends in -a. A given name that
    // is not listed as written but is in the genitive ("Teresy", "Marii") is put in the nominative
    // ("Anna", a name by its ending, is no genitive of "Ann").
    let nominative = |t: &Tok| -> Option<String> {
        if t.is_initial() {
            return None;
        }
        if accusative_given(t.word) {
            return t.word.strip_suffix(['ę', 'ą']).map(|stem| format!("{stem}a"));
        }
        if is_given_name(t.word) {
            return None;
        }
        pl_genitive_guess(t.word).filter(|g| is_listed_given_name(g))
    };
    if lang == Lang::Pl && run.iter().any(|t| nominative(t).is_some()) {
        let firsts: Vec<String> =
            run.iter().map(|t| nominative(t).unwrap_or_else(|| join(std::slice::from_ref(t)))).collect();
        return Some(firsts.join(" "));
    }
    Some(join(run))
}
