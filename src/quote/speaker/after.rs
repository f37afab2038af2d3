//! Attributions after a quotation's closing mark and after a line of dash dialogue.

use super::described::{article_noun, partitive};
use super::media::medium_end;
use super::*;
use crate::quote::fast::lower_eq;

impl Rules {
    /// The attribution right after a quotation's closing mark: `region` runs to the next quotation or
    /// the paragraph end.
    ///
    /// `quote_end_punct`: the quotation ends in , . ? ! (a sign that an attribution follows); without
    /// it, or a comma or dash after the mark, only a named or pronoun subject counts.
    pub fn after(&self, text: &str, region: Span, quote_end_punct: bool) -> Option<Attribution> {
        let region = head(text, region, 120);
        let s = region.text(text).trim_start();
        // The attribution must follow at once: a comma, a dash or a word, not a new sentence of its own.
        if s.starts_with(['.', '!', '?', ';', ')', ']']) {
            return None;
        }
        if let Some(a) = self.aged_name(text, region).or_else(|| self.appositive_name(text, region)) {
            return Some(a);
        }
        // At most 14 word tokens, kept on the stack, made only as far as needed. Call p the first token
        // at index 1 or later (2 or later after an "according" word) with trailing punctuation (not
        // an initial). The rules read no further than p + 1: a name run or description starts at index
        // 1 (after a verb or "według") or 2 ("according to"), stops at the first token with trailing
        // punctuation from there and peeks at one more token; every other pattern stops at the first
        // token with trailing punctuation. The clause-end test (a colon first: the clause introduces the
        // next quotation) can look further, but it only matters when the rules find an attribution.
        //
        // Unless the first token is a verb or an "according" word, every pattern needs a verb at index
        // 1..=max_descriptors + 4 with no punctuated token before it: reading stops with None as soon as
        // that is ruled out.
        let mut buf = [Tok::EMPTY; 14];
        let mut n = 0;
        let mut it = words(text, region);
        let mut hopeful = false;
        let mut from = 1;
        let mut past_comma = false;
        // Commas passed before the verb: a description and a name in apposition may stand before it
        // ("the group's chair, Tom Whitlock, said").
        let mut commas = 0;
        while n < buf.len() {
            let Some(t) = it.next() else { break };
            buf[n] = t;
            n += 1;
            let j = n - 1;
            if j == 0 && self.is_according_word(t.word) {
                hopeful = true;
                from = 2;
            }
            let was_hopeful = hopeful;
            if !hopeful {
                if self.is_verb(&t)
                    || j > 0 && (answers_back(&buf[..n], j - 1) || document_reads(&buf[..n], j))
                {
                    hopeful = true;
                } else if t.trail == ","
                    && commas < 2
                    && (past_comma || commas == 1 || is_description(&buf[..n]))
                {
                    // (read on: a name in apposition and its verb may follow)
                } else if (!t.trail.is_empty() && !t.is_initial() && !capital_title(&t))
                    || j >= self.max_descriptors + 4
                {
                    return None;
                }
            }
            // A title abbreviation ("kard.", "prof.") opens the name after it rather than ending the
            // attribution.
            if j > from {
                let p = &buf[j - 1];
                // A name in apposition after a possessive's description ("said Zelensky's chief of
                // staff, Andriy Yermak,"): read on to its end.
                // (A word in small letters may open the apposition: "współautor badania, doktorant
                // Jan Lis".)
                let apposition = !past_comma
                    && p.trail == ","
                    && (t.is_cap() && buf[from..j - 1].iter().any(|o| o.is_possessive() && o.is_cap())
                        || (t.is_cap() || !crate::quote::name_shape::is_function_word(t.word))
                            && is_description(&buf[from..j]));
                if apposition {
                    past_comma = true;
                } else if !was_hopeful && p.trail == "," && commas < 2 {
                    commas += 1;
                } else if !p.trail.is_empty() && !p.is_initial() && !is_title_abbrev(p) && !capital_title(p) {
                    break;
                }
            }
        }
        if !hopeful {
            return None;
        }
        if n == 0 {
            return None;
        }
        let found = self.after_rules(&buf[..n], s, quote_end_punct)?;
        // A clause ending in a colon introduces the next quotation ("Harris adds: “…”"), not this one.
        let is_stop = |t: &Tok| t.ends_sentence() || t.trail.contains(':');
        let mut stop = buf[..n].iter().position(is_stop);
        while stop.is_none() && n < buf.len() {
            let Some(t) = it.next() else { break };
            buf[n] = t;
            n += 1;
            if is_stop(&t) {
                stop = Some(n - 1);
            }
        }
        if let Some(k) = stop {
            // A participle of saying after a comma introduces the next quotation, and the clause
            // before it is this one's ("…,” Fisher told the BBC, adding: “…”).
            let t = &buf[k];
            let participle = k > 0
                && buf[k - 1].trail.starts_with(',')
                && (t.word.ends_with("ing") || t.word.ends_with("ąc"))
                && self.is_verb(t);
            if t.trail.contains(':') && !t.ends_sentence() && !participle {
                return None;
            }
        }
        Some(found)
    }

    /// A name with the speaker's age between commas, then the verb: `Martin, 48, said`, `Kowalska, 61,
    /// powiedziała`.
    fn aged_name(&self, text: &str, region: Span) -> Option<Attribution> {
        // Cheap test first: a comma, a space and a digit near the mark.
        let b = region.text(text).as_bytes();
        let b = &b[..b.len().min(48)];
        let aged = memchr::memchr_iter(b',', b)
            .any(|i| b.get(i + 1) == Some(&b' ') && b.get(i + 2).is_some_and(u8::is_ascii_digit));
        if !aged {
            return None;
        }
        let (name, after) = name_before_comma(text, region)?;
        let mut it = words(text, Span::new(after, region.end));
        let age = it.next()?;
        let verb = it.next()?;
        let is_age = (1..=3).contains(&age.word.len())
            && age.word.bytes().all(|c| c.is_ascii_digit())
            && age.lead.is_empty()
            && age.trail == ",";
        (is_age && verb.lead.is_empty() && self.is_verb(&verb))
            .then_some(Attribution { who: Who::Name { span: name, genitive: false } })
    }

    /// A name with a description between commas, then the verb: `Jan Lis, a former deputy minister,
    /// wrote`, `Ewa Nowak, who runs the clinic, told reporters`, `Jan Lis, rzecznik ministerstwa,
    /// powiedział`. The description opens with a word in small letters (an article, a noun, "who") or
    /// a possessive ("Poland's deputy minister") and runs to the next comma, at most twelve words with
    /// no other punctuation after them.
    fn appositive_name(&self, text: &str, region: Span) -> Option<Attribution> {
        // Cheap test first: a comma and a space within the first words.
        let b = region.text(text).as_bytes();
        if !memchr::memchr_iter(b',', &b[..b.len().min(48)]).any(|i| b.get(i + 1) == Some(&b' ')) {
            return None;
        }
        let (name, after) = name_before_comma(text, region)?;
        let mut it = words(text, Span::new(after, region.end));
        let first = it.next()?;
        let opens = first.lead.is_empty()
            && (first.word.starts_with(char::is_lowercase) || first.is_cap() && first.ends_in_s_possessive());
        if !opens || self.is_verb(&first) {
            return None;
        }
        let mut last = first;
        for _ in 0..12 {
            if last.trail == "," {
                break;
            }
            if !last.trail.is_empty() && !last.is_initial() && !is_title_abbrev(&last) {
                return None;
            }
            last = it.next()?;
        }
        if last.trail != "," {
            return None;
        }
        let verb = it.next()?;
        (verb.lead.is_empty() && self.is_verb(&verb))
            .then_some(Attribution { who: Who::Name { span: name, genitive: false } })
    }

    /// The attribution after a closing dialogue dash (`– powiedział premier.`, `– oskarżał Trump
    /// prezydenta Ukrainy.`, `– Tusk dodał.`, `– rozpoczął wystąpienie.`): a verb of saying or any
    /// past-tense verb, with its subject after or before it.
    pub fn after_dialogue(&self, text: &str, region: Span) -> Option<Attribution> {
        let region = head(text, region, 160);
        let toks: Vec<Tok> = words(text, region).take(14).collect();
        let t0 = toks.first()?;
        let verb_at = toks.iter().take(6).position(crate::quote::dash::attribution_verb)?;
        if verb_at == 0 {
            if let Some(who) = self.quoted_by(&toks) {
                return Some(Attribution { who });
            }
            if !t0.trail.is_empty() && !t0.trail.starts_with(',') {
                return Some(Attribution { who: Who::Implicit(t0.span) });
            }
            let k = medium_end(&toks, 1);
            if let Some(r) = partitive(&toks, k) {
                return Some(Attribution { who: Who::Unnamed(span_of(&toks, r)) });
            }
            if let Some(t1) = toks.get(1) {
                if self.pronoun(t1) {
                    return Some(Attribution { who: Who::Pronoun(t1.span) });
                }
            }
            if let Some(r) = self.described_name(&toks, k) {
                if let Some(role) = self.role_before_qualifier(&toks, r) {
                    return Some(Attribution { who: role });
                }
                return Some(Attribution { who: Who::Name { span: span_of(&toks, r), genitive: false } });
            }
            if let Some(role) = self.role_from(&toks, k) {
                return Some(Attribution { who: role });
            }
            if let Some(r) = crate::quote::groups::after_verb(&toks, k) {
                return Some(Attribution { who: Who::Unnamed(span_of(&toks, r)) });
            }
            return Some(Attribution { who: Who::Implicit(t0.span) });
        }
        // The subject first: "Tusk dodał", "premier Donald Tusk zaznaczył", "on dodał".
        if verb_at == 1 && self.pronoun(t0) {
            return Some(Attribution { who: Who::Pronoun(t0.span) });
        }
        if let Some(role) = self.role_from(&toks[..verb_at], 0) {
            if let Some((a, b)) =
                name_forward(&toks[..verb_at], 1).filter(|r| r.1 == verb_at && r.1 - r.0 >= 1)
            {
                if !is_acronym(toks[a].word) {
                    return Some(Attribution {
                        who: Who::Name { span: span_of(&toks, (a, b)), genitive: false },
                    });
                }
            }
            return Some(Attribution { who: role });
        }
        name_forward(&toks, 0)
            .filter(|r| r.1 == verb_at)
            .map(|r| Attribution { who: Who::Name { span: span_of(&toks, r), genitive: false } })
    }

    /// A name run `r` right after a role word that only qualifies the role (`prezydent USA`, `szef
    /// OpenAI`): the role with its qualifier.
    fn role_before_qualifier(&self, toks: &[Tok], r: (usize, usize)) -> Option<Who> {
        if r.0 == 0 || r.1 - r.0 != 1 || !is_acronym(toks[r.0].word) {
            return None;
        }
        for a in r.0.saturating_sub(3)..r.0 {
            if let Some((group, end)) = crate::quote::roles::role_at(toks, a) {
                if end == r.0 {
                    return Some(Who::Role { span: span_of(toks, (a, r.1)), group });
                }
            }
        }
        None
    }

    /// The subject after a verb of saying opening the region ("said Harris", "mówi producent
    /// wykonawcza Amy B. Harris", "powiedziała."); `signalled` when a comma or a dash joins the region
    /// to the quotation, or the quotation ends in its own punctuation.
    fn verb_then_subject(&self, toks: &[Tok], signalled: bool) -> Option<Attribution> {
        let t0 = &toks[0];
        // said Harris / mówi producent wykonawcza Amy B. Harris / powiedziała.
        if !t0.trail.is_empty() && !t0.trail.starts_with(',') {
            return signalled.then_some(Attribution { who: Who::Implicit(t0.span) });
        }
        let k = medium_end(toks, 1);
        if let Some(r) = partitive(toks, k) {
            return Some(Attribution { who: Who::Unnamed(span_of(toks, r)) });
        }
        if let Some(t1) = toks.get(1) {
            if self.pronoun(t1) {
                return Some(Attribution { who: Who::Pronoun(t1.span) });
            }
        }
        // "said the club's captain, Lee Dunn.": the name in apposition to the description.
        if let Some((a, b)) = apposed_name(toks, k) {
            if b == toks.len() || !toks[b - 1].trail.is_empty() {
                return Some(Attribution { who: Who::Name { span: span_of(toks, (a, b)), genitive: false } });
            }
        }
        // "said a spokesperson for Western Power": one holder of a role, described with the body
        // after it, not the body's name.
        if let Some(who @ Who::Unnamed(_)) = self.indefinite_role(toks, k) {
            return Some(Attribution { who });
        }
        match self.described_name(toks, k) {
            Some(r) => Some(Attribution {
                who: self
                    .role_before_qualifier(toks, r)
                    .unwrap_or(Who::Name { span: span_of(toks, r), genitive: false }),
            }),
            None => match self.role_from(toks, k) {
                Some(role) => Some(Attribution { who: role }),
                None => match crate::quote::groups::after_verb(toks, k).or_else(|| article_noun(toks, k)) {
                    Some(r) => Some(Attribution { who: Who::Unnamed(span_of(toks, r)) }),
                    None => signalled.then_some(Attribution { who: Who::Implicit(t0.span) }),
                },
            },
        }
    }

    /// The speaker when the name run `(a, b)` stands right before the verb of saying at `j`: the name,
    /// when only description stands before it, else a described person or a role.
    fn name_before_verb(&self, toks: &[Tok], j: usize, (a, b): (usize, usize)) -> Option<Attribution> {
        // Everything before the name must be description: lower-case words, titles and
        // offices ("President", "Mr", "Dr.") and country words ("Polish President").
        let description = |d: &Tok| {
            (d.trail.is_empty() || d.trail == ".")
                && !self.is_verb(d)
                && (!d.is_cap() && d.trail.is_empty()
                    || crate::quote::names::is_title_word(d.word)
                    || crate::quote::roles::country_of(d.word).is_some())
        };
        // A person described by a group noun and the place or body they belong to ("a
        // resident of Leeds recalled"): the description, not the place.
        if a >= 2
            && toks[a - 1].trail.is_empty()
            && ["of", "from"].iter().any(|w| lower_eq(toks[a - 1].word, w))
        {
            if let Some((crate::quote::groups::Group::People, 0, e)) =
                crate::quote::groups::description(toks, 0, a - 1, true)
            {
                if e == a - 1 {
                    return Some(Attribution { who: Who::Unnamed(span_of(toks, (0, b))) });
                }
            }
        }
        // "a spokesperson for Western Power said": one holder of a role, described.
        if let Some(who @ Who::Unnamed(_)) = self.indefinite_role(&toks[..j], 0) {
            return Some(Attribution { who });
        }
        // A role after the name of the body it serves ("City manager Pep Lopez said",
        // "Tesla chief executive Elon Musk said"): one to three capitalised words, not a
        // word that opens a sentence ("But the Prime Minister said"), then a description
        // with a word in small letters.
        let body = toks[..a].iter().take_while(|d| d.is_cap() && d.trail.is_empty()).count();
        let body = if crate::quote::name_shape::is_function_word(toks[0].word) { 0 } else { body };
        let role_of_body = (1..=3).contains(&body)
            && toks[body..a].iter().all(description)
            && toks[body..a].iter().any(|d| !d.is_cap());
        if role_of_body || toks[..a].iter().all(description) {
            return Some(Attribution { who: Who::Name { span: span_of(toks, (a, b)), genitive: false } });
        }
        // A role with a place or a body after it ("the Duchess of Sussex said").
        self.role_from(&toks[..j], 0).map(|role| Attribution { who: role })
    }

    /// The attribution patterns after a closing mark, on the tokens `toks` of the region whose
    /// trimmed text is `s`.
    fn after_rules(&self, toks: &[Tok], s: &str, quote_end_punct: bool) -> Option<Attribution> {
        let signalled = s.starts_with([',', '-', '–', '—']) || quote_end_punct;
        let t0 = &toks[0];
        if let Some(k) = self.according_at(toks, 0) {
            if let Some(r) = self.described_name(toks, k) {
                return Some(Attribution { who: Who::Name { span: span_of(toks, r), genitive: true } });
            }
            return self.according_source(toks, k).map(|who| Attribution { who });
        }
        if let Some(who) = self.quoted_by(toks) {
            return Some(Attribution { who });
        }
        if self.is_verb(t0) {
            return self.verb_then_subject(toks, signalled);
        }
        // Harris says / executive producer Amy B. Harris tells reporters / she says / a spokesman said
        let mut j = 0;
        while j < toks.len() && j <= self.max_descriptors + 4 {
            let t = &toks[j];
            if j > 0 && document_reads(toks, j) {
                // "the statement read", "a statement from the ministry said": the document as written,
                // or the body it comes from.
                let from = toks[..j].iter().position(|d| ["from", "by"].iter().any(|w| lower_eq(d.word, w)));
                let r = match from {
                    Some(f) if f + 1 < j && f >= 2 => (f + 1, j),
                    _ => (0, j),
                };
                if toks[..j].iter().all(|d| d.trail.is_empty()) {
                    return Some(Attribution { who: Who::Unnamed(span_of(toks, r)) });
                }
            }
            if j > 0 && (self.is_verb(t) || answers_back(toks, j)) && !noun_context(&toks[j - 1]) {
                let p = &toks[j - 1];
                if self.pronoun(p) && j == 1 {
                    return Some(Attribution { who: Who::Pronoun(p.span) });
                }
                if let Some((a, b)) = name_backward(toks, j - 1) {
                    return self.name_before_verb(toks, j, (a, b));
                }
                if let Some(role) =
                    self.role_from(&toks[..j], 0).or_else(|| self.indefinite_role(&toks[..j], 0))
                {
                    return Some(Attribution { who: role });
                }
                // "…," an aide said / officials said / the police said: lower-case words only, no
                // infinitive or participle ("prompting Trump to warn").
                let plain = |d: &Tok| {
                    !d.is_cap() && d.trail.is_empty() && !lower_eq(d.word, "to") && !d.word.ends_with("ing")
                };
                if j <= 3 && signalled && toks[..j].iter().all(plain) {
                    return Some(Attribution { who: Who::Unnamed(span_of(toks, (0, j))) });
                }
                if let Some((_, a, b)) = crate::quote::groups::description(toks, 0, j, true) {
                    return Some(Attribution { who: Who::Unnamed(span_of(toks, (a, b))) });
                }
                return None;
            }
            // A description set off by commas with the name after it ("the group's chair, Tom
            // Whitlock, said").
            if t.trail == "," {
                if let Some((a, b)) = apposed_name(toks, 0).filter(|r| r.0 == j + 1) {
                    if toks[b - 1].trail == "," && toks.get(b).is_some_and(|v| self.is_verb(v)) {
                        return Some(Attribution {
                            who: Who::Name { span: span_of(toks, (a, b)), genitive: false },
                        });
                    }
                }
            }
            if !t.trail.is_empty() && !t.is_initial() && !capital_title(t) {
                return None;
            }
            j += 1;
        }
        None
    }
}

/// A short description from token `from` ending in a comma, and the name right after it, or after a
/// role ("the group's chair, Tom Whitlock", "the club’s captain, Lee Dunn"): the name's token range. The
/// description has a word in small letters, and its capitalised words are titles, countries or
/// owners in the possessive.
fn apposed_name(toks: &[Tok], from: usize) -> Option<(usize, usize)> {
    let e = (from..toks.len().min(from + 5)).find(|&k| !toks[k].trail.is_empty())?;
    if !is_description(&toks[from..=e]) {
        return None;
    }
    if let Some(r) = name_forward(toks, e + 1).filter(|&(a, _)| a == e + 1) {
        return Some(r);
    }
    // A role or a word or two in small letters may open the apposition before a full name
    // ("zaznaczył współautor badania, doktorant Jan Lis").
    let start = crate::quote::roles::role_at(toks, e + 1)
        .filter(|&(_, end)| toks[e + 1..end].iter().all(|t| t.trail.is_empty()))
        .map_or(e + 1, |(_, end)| end);
    (start..=e + 3)
        .take_while(|&k| k == start || toks.get(k - 1).is_some_and(|t| !t.is_cap() && t.trail.is_empty()))
        .find_map(|k| name_forward(toks, k).filter(|&(a, b)| a == k && b - a >= 2))
}

/// Up to five tokens that may describe a person before a name set off by a comma: the last ends in
/// the comma, none before it has punctuation, one is a word in small letters (not "who"), and the
/// capitalised ones are titles, countries or owners in the possessive ("the group's chair,",
/// "Pedal Leeds' chair,").
fn is_description(toks: &[Tok]) -> bool {
    let Some((last, rest)) = toks.split_last() else { return false };
    let described = |t: &Tok| {
        t.lead.is_empty()
            && (!t.is_cap()
                || t.is_possessive()
                || crate::quote::names::is_title_word(t.word)
                || crate::quote::roles::country_of(t.word).is_some())
    };
    toks.len() <= 5
        && last.trail == ","
        && rest.iter().all(|t| t.trail.is_empty())
        && toks.iter().all(described)
        && toks.iter().any(|t| !t.is_cap())
        && !lower_eq(toks[0].word, "who")
}

/// An English verb of answering with "back" ("Barlow shot back", "she fired back", "hit back") at
/// token `j`: a verb of saying only with its particle, so the verbs alone ("was shot") stay content.
fn answers_back(toks: &[Tok], j: usize) -> bool {
    let t = &toks[j];
    t.trail.is_empty()
        && ["shot", "fired", "hit", "snapped", "struck"].contains(&t.word)
        && toks.get(j + 1).is_some_and(|b| b.word == "back" && b.lead.is_empty())
}

/// A document as the subject of the verb at token `j` (English): "the statement read", "the
/// ministry's statement said", "a statement from the ministry said" (the noun at most five words
/// before the verb, after an article or an owner).
fn document_reads(toks: &[Tok], j: usize) -> bool {
    // An article or an owner and the noun come before the verb: two tokens at least.
    if !(2..=6).contains(&j) {
        return false;
    }
    let t = &toks[j];
    if !["read", "said", "says", "added", "stated"].iter().any(|v| lower_eq(t.word, v)) {
        return false;
    }
    let k = toks[..j].iter().position(|d| super::is_document_en(d.word));
    k.is_some_and(|k| {
        k >= 1
            && (["a", "an", "the"].iter().any(|a| lower_eq(toks[0].word, a))
                || toks[k - 1].ends_in_s_possessive())
    })
}

/// A capitalised title abbreviated with a period before a name ("Dr.", "Mr.", "Prof.").
fn capital_title(t: &Tok) -> bool {
    t.trail == "." && t.is_cap() && crate::quote::names::is_title_word(t.word)
}

/// A name run of at most four words opening `region` and ending in a comma (`Martin,`, `Jan Lis,`):
/// its span, and the end of the token that holds its comma.
fn name_before_comma(text: &str, region: Span) -> Option<(Span, usize)> {
    let mut buf = [Tok::EMPTY; 5];
    let mut n = 0;
    for t in words(text, region) {
        buf[n] = t;
        n += 1;
        if n == buf.len() || !t.trail.is_empty() && !t.is_initial() {
            break;
        }
    }
    let (a, b) = name_forward(&buf[..n], 0)?;
    (b == n && buf[b - 1].trail == "," && b <= 4).then(|| (span_of(&buf, (a, b)), buf[b - 1].span.end))
}
