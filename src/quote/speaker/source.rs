//! The source a sentence of narration names for the words that follow it (`Policja poinformowała,
//! że…`, `O wypadku poinformowała policja z Gdańska.`), and the written source after a verb of
//! reading (`czytamy w komunikacie policji`, `we read in the ministry's statement`).

use super::*;
use crate::quote::fast::lower_eq;

/// Words before a written source: "czytamy w komunikacie", "we read in the statement".
const PLACES: &[&str] = &["w", "we", "na", "in", "on"];

/// Whether a written source opens at token `k`: a place word and a document noun with no punctuation
/// after either ("w komunikacie", "in the statement" without its article).
fn document_at(toks: &[Tok], k: usize) -> bool {
    let plain = |k: usize| toks.get(k).is_some_and(|t| t.trail.is_empty());
    plain(k)
        && PLACES.iter().any(|w| lower_eq(toks[k].word, w))
        && plain(k + 1)
        && (is_document_pl(toks[k + 1].word) || is_document_en(toks[k + 1].word))
}

impl Rules {
    /// The source named right after a verb of reading: "czytamy w komunikacie policji", "czytamy we
    /// wpisie premiera", "we read in the ministry's statement" (`region` starts at the verb).
    pub fn source_after_reading(&self, text: &str, region: Span) -> Option<Who> {
        let toks: Vec<Tok> = words(text, head(text, region, 160)).take(10).collect();
        let t0 = toks.first()?;
        if !is_reading_verb(t0.word) || !t0.trail.is_empty() {
            return None;
        }
        document_at(&toks, 1).then(|| self.owner_at(&toks, 3)).flatten()
    }

    /// The source named before a verb of reading in its clause (`region` ends at the verb): "W
    /// komunikacie policji czytamy:", the owner right after the document noun.
    pub fn source_before_reading(&self, text: &str, region: Span) -> Option<Who> {
        let toks: Vec<Tok> = words(text, tail(text, region, 160)).collect();
        let k = (0..toks.len()).find(|&k| document_at(&toks, k))?;
        self.owner_at(&toks, k + 2)
    }

    /// A source starting at token `k`: a group description (`policji`, `the ministry`), a role
    /// (`premiera`) or a name run (`Ministerstwa Zdrowia`, `Kowalskiego`), as a genitive.
    fn owner_at(&self, toks: &[Tok], k: usize) -> Option<Who> {
        if let Some((_, a, b)) = crate::quote::groups::description(toks, k, toks.len(), false) {
            if a == k {
                return Some(Who::Unnamed(span_of(toks, (a, b))));
            }
        }
        if let Some(role) = self.role_from(toks, k).filter(|_| toks.get(k).is_some_and(|t| !t.is_cap())) {
            return Some(role);
        }
        let (a, b) = name_forward(toks, k)?;
        Some(Who::Name { span: span_of(toks, (a, b)), genitive: true })
    }

    /// The source a sentence of narration names for the words that follow it: the subject of its verb
    /// of saying, before the verb (`Policja poinformowała, że…`, `The ministry published…`) or, in
    /// Polish word order, after it (`Podobne dane podaje w serwisie X „Biuro Prasowe”.`, `O wypadku
    /// poinformowała policja z Gdańska.`): the last name, name in quotation marks or group noun after
    /// the verb that does not follow a preposition.
    pub fn source_in(&self, text: &str, sentence: Span) -> Option<Who> {
        let toks: Vec<Tok> = words(text, head(text, sentence, 400)).take(40).collect();
        let j = (0..toks.len()).find(|&j| {
            self.is_verb(&toks[j]) && !(j > 0 && noun_context(&toks[j - 1]))
                || j == 0 && self.is_verb_cap(&toks[0])
        })?;
        let prep = |k: usize| k > 0 && with_lower(toks[k - 1].word, |w| self.prepositions.contains(&w));
        if j > 0 && toks[j - 1].trail.is_empty() {
            // A Polish institution's name written out before the verb, with its place ("Prokuratura
            // Okręgowa w Lublinie poinformowała"): the whole name.
            let institution =
                |a: usize| !prep(a) && crate::quote::groups::institution_run(&toks, a) == Some((a, j));
            if let Some(a) =
                (j.saturating_sub(14)..j).find(|&a| self.lang == crate::lang::Lang::Pl && institution(a))
            {
                return Some(Who::Name { span: span_of(&toks, (a, j)), genitive: false });
            }
            for a in j.saturating_sub(4)..j {
                if crate::quote::groups::description(&toks, a, j, true).is_some() && !prep(a) {
                    return Some(Who::Unnamed(span_of(&toks, (a, j))));
                }
            }
            if let Some((a, b)) = name_backward(&toks, j - 1) {
                if !prep(a) {
                    return Some(Who::Name { span: span_of(&toks, (a, b)), genitive: false });
                }
            }
        }
        let opens = |t: &Tok| t.lead.contains(['„', '"', '“', '«', '»']);
        let closes = |t: &Tok| t.trail.contains(['”', '"', '“', '»', '«']);
        let mut found = None;
        let mut k = j + 1;
        while k < toks.len() {
            let t = &toks[k];
            if prep(k) {
                k += 1;
                continue;
            }
            if opens(t) && t.is_cap() {
                // A name in quotation marks: to the token that closes them (at most six words).
                let mut e = k;
                while e < toks.len() && e < k + 6 && !closes(&toks[e]) {
                    e += 1;
                }
                if e < toks.len() && closes(&toks[e]) {
                    found = Some(Who::Name { span: span_of(&toks, (k, e + 1)), genitive: false });
                    k = e + 1;
                    continue;
                }
            }
            if let Some((_, a, b)) = crate::quote::groups::description(&toks, k, toks.len(), false) {
                if a == k && crate::quote::groups::group_of(toks[k].word).is_some() {
                    found = Some(Who::Unnamed(span_of(&toks, (a, b))));
                    k = b;
                    continue;
                }
            }
            if let Some((a, b)) = name_forward(&toks, k) {
                found = Some(Who::Name { span: span_of(&toks, (a, b)), genitive: false });
                k = b;
                continue;
            }
            k += 1;
        }
        found
    }
}
