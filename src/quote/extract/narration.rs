//! What the narration around a quotation says of its speaker: the sentences of narration before it,
//! a name, a nationality noun, a role or a source opening them, and the speaker a sentence of reported speech
//! gives a quotation standing on its own after it.

use super::speakers::first_quote_in;
use super::{Extraction, Place};
use crate::lang::Lang;
use crate::model::{Span, Speaker};
use crate::quote::epithet::{self, Fit};
use crate::quote::speaker;
use crate::quote::{described, fast, groups, names, resolve, roles};

impl<'t> Extraction<'t> {
    /// The sentences of narration that may name the subject of a quotation at `at`: the one holding it
    /// (up to `at`) and the one before, within the paragraph starting at `floor`, each with no other
    /// quotation, as its span and its first `n` word tokens within its first `bytes` bytes.
    pub(super) fn narration_openings(
        &self,
        at: usize,
        floor: usize,
        n: usize,
        bytes: usize,
    ) -> Vec<(Span, Vec<speaker::Tok<'t>>)> {
        let (text, sentences) = (self.text, &self.doc.sentences);
        let k = sentences.partition_point(|s| s.span.start <= at);
        let mut out = Vec::with_capacity(2);
        for s in [k.checked_sub(1), k.checked_sub(2)].into_iter().flatten().map(|i| sentences[i].span) {
            if s.start < floor {
                break;
            }
            // The narration up to the first quotation in the sentence ("Race director Carey
            // Pinkowski called the run “historic”."); none when a quotation opens it.
            let mut until = Span::new(s.start, s.end.min(at));
            if let Some(q) = first_quote_in(&self.quote_spans, until.start, until.end) {
                if text[until.start..q.start.max(until.start)].trim().is_empty() {
                    continue;
                }
                until.end = q.start.max(until.start);
            }
            out.push((s, speaker::words(text, speaker::head(text, until, bytes)).take(n).collect()));
        }
        out
    }

    /// English narration naming the speaker as its subject, in the sentence holding the quotation
    /// (before it) or the one right before, in the same paragraph ("Ruiz admitted she was exhausted.
    /// “…,” she wrote.", "Ms. Lee welcomed the plan, which, she said, “…”"): a name opening the
    /// sentence, after a title if any, followed by a word in small letters, that is a full name opening
    /// with a given name, or the surname of such a full name the text writes, or any name after a
    /// title. None if its gender is not `gender`.
    pub(super) fn opening_name(
        &mut self,
        at: usize,
        floor: usize,
        gender: Option<resolve::Gender>,
    ) -> Option<(String, Span)> {
        let text = self.text;
        for (_, toks) in self.narration_openings(at, floor, 8, 120) {
            let mut t0 = usize::from(
                toks.first()
                    .is_some_and(|t| names::is_title_word(t.word) && (t.trail.is_empty() || t.trail == ".")),
            );
            let titled = t0 == 1;
            // A role phrase before the name, with no punctuation ("Race director Carey Pinkowski",
            // "Former national team coach Tomasz Lis"), or set off by commas with the name ("The
            // First Minister, Mary Morgan, visited …").
            let (mut apposed, mut roled) = (false, false);
            if let Some(e) = (t0..toks.len().min(t0 + 4))
                .find_map(|r| roles::role_at(&toks, r).map(|(_, e)| e))
                .filter(|&e| {
                    toks[..e].iter().all(|t| t.lead.is_empty())
                        && toks[..e - 1].iter().all(|t| t.trail.is_empty())
                })
            {
                apposed = toks[e - 1].trail == ",";
                if apposed || toks[e - 1].trail.is_empty() {
                    t0 = e;
                    roled = true;
                }
            }
            let Some((a, b)) = speaker::name_forward(&toks, t0) else { continue };
            let Some(next) = toks.get(b) else { continue };
            // A relative clause, a description or an age may stand between the name and its verb
            // ("Paweł Lis, who runs the hospital, told reporters …", "Dr Ann Roe, head of the unit,
            // said …", "Malec, 64, wept …").
            let age =
                next.trail == "," && !next.word.is_empty() && next.word.bytes().all(|b| b.is_ascii_digit());
            let relative = toks[b - 1].trail == "," && (!next.is_cap() || age || apposed && a == t0);
            // A name in the possessive is no subject ("Lis's lawyer said …").
            if a != t0
                || !(toks[b - 1].trail.is_empty() || relative)
                || next.is_cap()
                || !next.lead.is_empty()
                || toks[b - 1].is_possessive()
            {
                continue;
            }
            if speaker::is_pronoun_in(speaker::pronouns_en(), &toks[a]) {
                return None;
            }
            let span = Span::new(toks[a].span.start, toks[b - 1].span.end);
            let name = self.book.canonical(span, Lang::En, false);
            let given_first =
                name.split(' ').count() >= 2 && name.split(' ').next().is_some_and(resolve::is_given_name);
            if epithet::demonym_span(text, span).is_some() {
                return None;
            }
            // A capitalised word that names no one the text names in full ("Speaking outside the
            // court, he said:"): the sentence before may name the subject. A title or a role before
            // the name shows a person whatever the given name ("Dr Agostinho Sousa", "Mr Whelan",
            // "The environment minister, Huw Prosser, …").
            if !(given_first || titled || roled && a == t0 && b - a >= 2) {
                continue;
            }
            return epithet::agrees(gender, &name).then_some((name, span));
        }
        None
    }

    /// A person named as the source opening the narration right before the quotation, in the same
    /// paragraph ("Zdaniem Ostrowskiej odkrycie ma dużą wartość. „…” – dodała."), if the gender fits
    /// `gender`.
    pub(super) fn opening_source(
        &mut self,
        at: usize,
        floor: usize,
        gender: Option<resolve::Gender>,
        lang: Lang,
    ) -> Option<String> {
        let rules = if lang == Lang::Pl { self.pl } else { self.en };
        let text = self.text;
        for (_, toks) in self.narration_openings(at, floor, 8, 120) {
            if let Some(speaker::Who::Name { span, genitive }) = rules.opening_source(&toks) {
                // (the person of the article the name is a form of, if any: "Zdaniem Ostrowskiej"
                // is the Barbara Ostrowska quoted before)
                let name = self.book.canonical(span, lang, genitive);
                let (people, _) = self.people(lang);
                let name = people.known(&name).map_or(name, str::to_string);
                if epithet::demonym_span(text, span).is_none() && epithet::agrees(gender, &name) {
                    return Some(name);
                }
            }
        }
        None
    }

    /// A person described by a group noun opening the narration right before the quotation, as its
    /// subject, in the same paragraph ("One first-year student, who asked not to be named, said the
    /// timing was poor. “…,” he said.", "Jeden z mieszkańców powiedział, że … – … – dodał."): the
    /// description as written. The description must be followed by a verb of saying or a comma.
    pub(super) fn opening_description(&mut self, at: usize, floor: usize, lang: Lang) -> Option<String> {
        let rules = if lang == Lang::Pl { self.pl } else { self.en };
        let (_, toks) =
            self.narration_openings(at, floor, 8, 100).into_iter().find(|(_, t)| !t.is_empty())?;
        let end = match groups::description(&toks, 0, toks.len(), false) {
            Some((groups::Group::People, 0, end)) => end,
            // One of a group, up to the verb ("Jeden z ojców powiedział, że …").
            _ => {
                let end = crate::quote::speaker::partitive_at(&toks, 0)?.1;
                (2..end).find(|&k| rules.is_verb(&toks[k])).unwrap_or(end)
            }
        };
        let subject = toks[end - 1].trail == "," || toks.get(end).is_some_and(|t| rules.is_verb(t));
        subject.then(|| described(self.text, Span::new(toks[0].span.start, toks[end - 1].span.end)).name)
    }

    /// A role noun opening the narration right before the quotation, as its subject, in the same
    /// paragraph ("Wiceprezydent odpierała zarzuty. „…” – odpowiedziała.", "The minister rejected the
    /// claims. “…,” she said."): the person the article gives that role, if the gender fits `gender`.
    /// A role with a name after it ("Premier Jan Lis odpowiadał") is a named subject, read elsewhere.
    pub(super) fn opening_role(
        &mut self,
        at: usize,
        floor: usize,
        gender: Option<resolve::Gender>,
        lang: Lang,
    ) -> Option<String> {
        for (_, toks) in self.narration_openings(at, floor, 6, 80) {
            let t0 = after_the(&toks);
            let Some((group, end)) = roles::role_at(&toks, t0) else { continue };
            // A capitalised word before the clause's first punctuation names the subject or qualifies
            // the role ("Wójt gminy Rdzawka Jan Mróz poinformował").
            let clause =
                toks[t0..].iter().position(|t| !t.trail.is_empty()).map_or(toks.len(), |k| t0 + k + 1);
            if toks[end.min(clause)..clause].iter().any(|t| t.is_cap()) || !toks[t0].lead.is_empty() {
                continue;
            }
            let span = Span::new(toks[t0].span.start, toks[end - 1].span.end);
            let country = roles::country_in(self.text, span);
            let (people, book) = self.people(lang);
            // Only a person's full name holds it (not a body a role was read with).
            return people
                .role(group, country, gender, at, book)
                .filter(|n| n.contains(' ') && n.split(' ').next().is_some_and(resolve::is_given_name));
        }
        None
    }

    /// A nationality noun opening the narration right before the quotation, as its subject, in the
    /// same paragraph ("Hiszpanka przyznała, że była zmęczona. „…” – napisała.", "The Spaniard
    /// admitted …"): the person it stands for, if the gender fits `gender`.
    pub(super) fn opening_epithet(
        &mut self,
        at: usize,
        floor: usize,
        gender: Option<resolve::Gender>,
        lang: Lang,
    ) -> Option<String> {
        for (s, toks) in self.narration_openings(at, floor, 3, 40) {
            let t0 = after_the(&toks);
            let (Some(t), Some(next)) = (toks.get(t0), toks.get(t0 + 1)) else { continue };
            let Some(d) = epithet::demonym(t.word).filter(|_| t.trail.is_empty() && !next.is_cap()) else {
                continue;
            };
            if gender.is_some() && d.gender.is_some() && gender != d.gender {
                return None;
            }
            let fit =
                Fit { country: Some(d.country), gender: d.gender.or(gender), subject: false, shown: false };
            let range = Span::new(0, s.start);
            return epithet::person(&mut self.book, &self.quote_spans, range, epithet::BACK, lang, fit);
        }
        None
    }

    /// A quotation standing as a sentence of its own, with no attribution, right after a sentence of
    /// reported speech in its paragraph, or closing the paragraph before when it opens its own: the
    /// speaker that sentence reports ("Ogunleye told Reuters that the line would stay shut. “It is a
    /// complex recovery.”", "According to Krishnan, the first seeds could be ready by 2030. “…”").
    pub(super) fn reported_before(
        &mut self,
        k: usize,
        place: &Place,
        last_in_para: Option<usize>,
    ) -> Option<Speaker> {
        let (raw, text) = (self.raw, self.text);
        let q = &raw[k];
        let at = q.open.start;
        // The quotation ends its paragraph: words after it may be an attribution the rules do not
        // read ("„…” – zwracają się do rządu dyrektorzy szpitali") or another speaker's.
        if let Some(c) = q.close {
            let rest = text.get(c.end..place.pspan.end).unwrap_or("");
            if rest.chars().any(char::is_alphanumeric) {
                return None;
            }
        }
        let opens_para = text.get(place.pspan.start..at).is_some_and(|s| s.trim().is_empty());
        let floor = if opens_para { place.prev_para_start } else { place.pspan.start };
        let sentences = &self.doc.sentences;
        let i = sentences.partition_point(|s| s.span.start <= at).checked_sub(1)?;
        if text.get(sentences[i].span.start..at).is_none_or(|s| !s.trim().is_empty()) {
            return None;
        }
        let prev = sentences[i.checked_sub(1)?].span;
        if prev.start < floor || first_quote_in(&self.quote_spans, prev.start, prev.end).is_some() {
            return None;
        }
        // The sentence without its closing punctuation, so that its last word ends no sentence.
        let body =
            text[prev.start..prev.end].trim_end_matches(|c: char| c.is_whitespace() || ".!?…".contains(c));
        let rules = if place.lang == Lang::Pl { self.pl } else { self.en };
        let att = rules.reported(text, Span::new(prev.start, prev.start + body.len()))?;
        self.attributed_speaker(q, Some(att.who), place, last_in_para)
    }

    /// A quotation in marks that is its paragraph's only content, with no attribution, right after a
    /// paragraph ending in a speaker's quotation and its attribution ("“…,” said Ann Roe, the
    /// coach.⏎⏎“…”"): the same speaker goes on. The previous paragraph's last top-level quotation
    /// must have a speaker, with at most twelve words after it.
    pub(super) fn quoted_before(&self, k: usize, place: &Place) -> Option<Speaker> {
        let (raw, text) = (self.raw, self.text);
        let q = &raw[k];
        if q.family == crate::quote::marks::Family::Dash {
            return None;
        }
        let close = q.close?;
        let alone = |s: Option<&str>| s.is_some_and(|s| !s.chars().any(char::is_alphanumeric));
        if !alone(text.get(place.pspan.start..q.open.start)) || !alone(text.get(close.end..place.pspan.end)) {
            return None;
        }
        let prev_start = place.prev_para_start;
        if prev_start >= place.pspan.start {
            return None;
        }
        let last = self.quotes.iter().rev().find(|x| x.depth == 0 && x.span.start < place.pspan.start)?;
        if last.span.start < prev_start || last.kind != crate::model::QuoteKind::Speech {
            return None;
        }
        let rest = text.get(last.span.end..place.pspan.start)?;
        (rest.split_whitespace().count() <= 12).then(|| last.speaker.clone()).flatten()
    }
}

/// The index of a narration's first word after an English definite article opening it ("The
/// minister rejected …").
fn after_the(toks: &[speaker::Tok]) -> usize {
    usize::from(toks.first().is_some_and(|t| t.trail.is_empty() && fast::lower_eq(t.word, "the")))
}
