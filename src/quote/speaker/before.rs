//! Attributions in the clause right before a quotation's opening mark: a verb of saying and its
//! subject (`Harris adds: “…`, `Rzecznik dodał: „…`), a name or a description before a colon
//! (`Harris: “…`, `Ewa Grabowska, analityczka DM Certus: „…`), and a source opening the clause
//! (`Według Harrisa, „…`).

use super::reported::affiliated_name;
use super::*;
use crate::quote::fast::lower_eq;

impl Rules {
    /// The attribution in the clause right before a quotation's opening mark (`Harris adds: “…`,
    /// `She adds later, “…`, `Według Harrisa, „…`, `Harris: “…`).
    pub fn before(&self, text: &str, region: Span) -> Option<Attribution> {
        let region = tail(text, region, 160);
        let s = region.text(text).trim_end();
        // Cheap test first: every pattern but "według X „…" / "zdaniem X „…" ends in a colon, comma or dash.
        let ends_right = s.ends_with([':', ',', '-', '–', '—']);
        if !ends_right && !self.according_finders.iter().any(|f| f.find(s.as_bytes()).is_some()) {
            return None;
        }
        // The clause: the word tokens after the last sentence end, read from the end back to it.
        let mut clause: Vec<Tok> = Vec::with_capacity(16);
        for t in tokens_rev(text, region).filter(|t| !t.word.is_empty()) {
            // (a title's period, as in "według prof. Nowaka", ends no sentence)
            if t.ends_sentence() && !is_title_abbrev(&t) {
                break;
            }
            clause.push(t);
        }
        clause.reverse();
        let toks = &clause[..];
        if toks.is_empty() {
            return None;
        }
        if let Some(a) = self.according_before(toks) {
            return Some(a);
        }
        if !s.ends_with([':', ',', '-', '–', '—']) {
            return None;
        }
        let last = toks.len() - 1;
        if let Some(a) = self.as_says(toks) {
            return Some(a);
        }
        // Harris: “…”, Prezydent Karol Nawrocki: „…” (not the genre of a piece titling it: "Wywiad: „…”")
        if toks[last].trail.starts_with(':') {
            if let Some((a, b)) = name_backward(toks, last) {
                let title = b - a == 1 && is_genre(toks[a].word);
                let after_role = a > 0
                    && toks[a - 1].trail.is_empty()
                    && crate::quote::roles::role_at(toks, 0).is_some_and(|(_, end)| end == a);
                if (a == 0 || after_role || toks[a - 1].trail.contains(',')) && !title {
                    return Some(Attribution {
                        who: Who::Name { span: span_of(toks, (a, b)), genitive: false },
                    });
                }
            }
        }
        // Polish verb-first order: "Powiedział wtedy premier Jan Lis:", "Głos zabrał też lider rolników
        // Michał Kowalczyk:".
        if toks[last].trail.starts_with(':') {
            if let Some(who) = self.subject_after_verb(toks) {
                return Some(Attribution { who });
            }
        }
        // "W komunikacie … czytamy:": the written source read, named in the clause or before.
        if toks[last].trail.starts_with(':') && is_reading_verb(toks[last].word) {
            return Some(Attribution { who: Who::Implicit(toks[last].span) });
        }
        if let Some(a) = self.verb_before(toks) {
            return Some(a);
        }
        // Polish: the verb first with a dropped pronoun: "Dodał: „…”"
        if self.is_verb_cap(&toks[0]) && toks.len() <= 3 {
            return Some(Attribution { who: Who::Implicit(toks[0].span) });
        }
        // A clause ending in a colon introduces the quotation; its subject opens the clause, followed by
        // lower-case words of any verb or none: "Putin nagle zwrócił się do Trumpa:", "Prezydent USA
        // zaskoczony:", "One Reddit user put it bluntly:". A clause with a verb of saying was read above.
        if toks[last].trail.starts_with(':') && toks.len() <= 12 {
            return self.colon_subject(toks);
        }
        None
    }

    /// A verb of saying near the end of the clause `toks` (which ends in a comma, colon or dash) and
    /// the subject before it: "Harris adds:", "She adds later,", "Rzecznik dodał:", "Bob mówił dalej:".
    fn verb_before(&self, toks: &[Tok]) -> Option<Attribution> {
        // Harris adds: / She adds later, / Rzecznik dodał: / Bob mówił dalej:
        for j in 1..toks.len() {
            if !self.is_verb(&toks[j]) || noun_context(&toks[j - 1]) || toks.len() - j > 6 {
                continue;
            }
            let p = &toks[j - 1];
            // A participle after a comma: "…, adding: “…”" / "…, dodając: „…”" — the sentence's subject.
            if p.trail.starts_with(',') && (toks[j].word.ends_with("ing") || toks[j].word.ends_with("ąc")) {
                return Some(Attribution { who: Who::Subject(subject_clause(&toks[..j])) });
            }
            // A relative clause after a name: "…, ze strony Chrisa Martina, który skomentował: „…”" / "X,
            // who said: “…”". After the masculine "który" a name ending in -a is oblique (Martina).
            if j >= 2
                && toks[j - 2].trail.starts_with(',')
                && p.trail.is_empty()
                && ["który", "która", "who"].iter().any(|w| lower_eq(p.word, w))
            {
                if let Some((a, b)) = name_backward(toks, j - 2) {
                    let genitive = lower_eq(p.word, "który");
                    return Some(Attribution { who: Who::Name { span: span_of(toks, (a, b)), genitive } });
                }
            }
            // A full name set off by commas right before the verb: "Mieszkanka Nysy, 71-letnia Maria
            // Kwiatek, napisała:". A name after a preposition, or after a preposition and an article,
            // is a place or a body ending a parenthetical ("Martin Greaves, who runs a bakery on Mill
            // Street, said:", "Ann Roe, an engineer at the Tarrow Water Board, said:").
            if p.trail.starts_with(',') && j >= 3 {
                if let Some((a, b)) = name_backward(toks, j - 1) {
                    let preposition = |t: &Tok| with_lower(t.word, |w| self.prepositions.contains(&w));
                    let before = |t: &Tok| {
                        t.trail.starts_with(',') || t.trail.is_empty() && !t.is_cap() && !preposition(t)
                    };
                    let article_after_preposition = a >= 2
                        && toks[a - 1].trail.is_empty()
                        && is_det(toks[a - 1].word)
                        && toks[a - 2].trail.is_empty()
                        && preposition(&toks[a - 2]);
                    if b - a >= 2 && a > 0 && before(&toks[a - 1]) && !article_after_preposition {
                        return Some(Attribution {
                            who: Who::Name { span: span_of(toks, (a, b)), genitive: false },
                        });
                    }
                }
            }
            // A subject set off from its verb by a parenthetical ("The minister, speaking to
            // reporters on Monday, said:", "Premier, pytany o to, odparł:").
            if let Some(who) = self.set_off_subject(toks, j) {
                return Some(Attribution { who });
            }
            if !p.trail.is_empty() && !p.is_initial() {
                continue;
            }
            if self.pronoun(p) {
                return Some(Attribution { who: Who::Pronoun(p.span) });
            }
            // The verb's subject opens the clause after the last comma before it: a participle or a
            // clause may stand first ("Pytany o to, minister finansów odparł:", "Asked about it,
            // the minister replied:"), as may an adverb opening the sentence ("Wczoraj minister
            // finansów odparł:").
            let c0 = toks[..j - 1].iter().rposition(|t| t.trail.starts_with(',')).map_or(0, |k| k + 1);
            let s0 = if j - c0 >= 2
                && crate::quote::name_shape::is_function_word(toks[c0].word)
                && crate::quote::roles::role_at(toks, c0).is_none()
                && crate::quote::roles::role_at(toks, c0 + 1).is_some()
            {
                c0 + 1
            } else {
                c0
            };
            // Someone described, not named, opens the clause ("A spokeswoman for the company said:",
            // "A spokesperson for Downing Street said:"): the description, not a name inside it. A
            // role right before the verb ("The prime minister said:"): its holder.
            let opens_article = ["a", "an", "the"].iter().any(|a| lower_eq(toks[s0].word, a));
            match (j - s0 <= 3 || opens_article).then(|| self.role_from(&toks[..j], s0)).flatten() {
                Some(who @ Who::Unnamed(_)) => return Some(Attribution { who }),
                Some(who @ Who::Role { span, .. }) if span.end == p.span.end => {
                    return Some(Attribution { who })
                }
                _ => {}
            }
            // A description right before the verb, after a phrase naming no one ("W przesłanym nam
            // komunikacie urząd zapewnia:").
            if let Some((_, a, b)) = description_ending(&toks[s0..j]) {
                return Some(Attribution { who: Who::Unnamed(span_of(toks, (s0 + a, s0 + b))) });
            }
            if let Some(who) = self.named_subject(toks, j, s0) {
                return Some(Attribution { who });
            }
            // "prompting Trump to warn, “…”": the name before "to".
            if j >= 2 && lower_eq(p.word, "to") && toks[j - 2].trail.is_empty() {
                if let Some((a, b)) = name_backward(toks, j - 2) {
                    return Some(Attribution {
                        who: Who::Name { span: span_of(toks, (a, b)), genitive: false },
                    });
                }
            }
            // After a comma only a role opens a described subject ("jak twierdzi" has none).
            if j - s0 <= 3 && (c0 == 0 || crate::quote::roles::role_at(toks, s0).is_some() || opens_article) {
                if governed(toks, s0 + 1) {
                    return Some(Attribution { who: Who::Implicit(toks[j].span) });
                }
                return Some(Attribution { who: Who::Unnamed(span_of(toks, (s0, j))) });
            }
        }
        None
    }

    /// The name ending the clause of the verb of saying at `j`, whose subject opens at `s0`. A
    /// preposition right before the clause's words governs them: a place or a medium, not the subject
    /// ("Na Instagramie napisał:", "W mediach społecznościowych napisała:"); the verb then has none of
    /// its own, unless a person ends the run or a role stands before the phrase.
    fn named_subject(&self, toks: &[Tok], j: usize, s0: usize) -> Option<Who> {
        let (mut a, b) = name_backward(toks, j - 1)?;
        // A body after the subject's name ("Sergeant Mark Hollis of North Yorkshire Police said:",
        // "Rhys Morgan of Avon and Somerset Police said:").
        const LINKS: &[&str] = &["of", "from", "at", "and"];
        if a > 0 && toks[a - 1].trail.is_empty() && LINKS.iter().any(|w| lower_eq(toks[a - 1].word, w)) {
            if let Some(r) = affiliated_name(toks, (a, b)) {
                return Some(Who::Name { span: span_of(toks, r), genitive: false });
            }
        }
        // A capitalised preposition opening the run ("W Sejmie Jan Lis powiedział:").
        let opened = toks[a].trail.is_empty() && is_oblique_preposition(toks[a].word);
        if opened {
            a += 1;
        }
        if opened || governed(toks, a) {
            // The preposition's object opens the run; a person may end it: a full name, or a
            // surname after a medium's acronym ("W wywiadzie dla BBC Scotland Johnson
            // powiedział:" is Johnson, "Na Instagramie napisał:" has no subject of its own).
            let medium = toks[a..b - 1].iter().any(|t| is_acronym(t.word) || is_media_word(t.word));
            let last = &toks[b - 1];
            if let Some((full, _)) = full_name_ending(toks, (a, b)) {
                a = full;
            } else if medium && !is_acronym(last.word) && !is_media_word(last.word) {
                a = b - 1;
            } else {
                // The clause's subject before the preposition's phrase: a role or a group
                // ("Minister energii w rozmowie z TVN24 zapewnił:", "Szkoła w Lesku napisała
                // na Facebooku:"); else the verb has none of its own.
                let stop = (s0 + 1..a)
                    .find(|&k| toks[k - 1].trail.is_empty() && is_oblique_preposition(toks[k].word));
                if let Some(who) = stop.and_then(|stop| self.described_subject(toks, s0, stop)) {
                    return Some(who);
                }
                return Some(Who::Implicit(toks[j].span));
            }
        }
        Some(Who::Name { span: span_of(toks, (a, b)), genitive: false })
    }

    /// A subject filling `toks[from..stop]` that names no one: a role, which names its holder, or a
    /// role with its lower-case complement ("Minister energii") or a group ("Szkoła"), which stand as
    /// written.
    fn described_subject(&self, toks: &[Tok], from: usize, stop: usize) -> Option<Who> {
        match self.role_from(&toks[..stop], from) {
            Some(Who::Role { span, group }) => {
                let e = toks[from..stop].iter().position(|t| t.span.end == span.end)? + from + 1;
                if e == stop {
                    return Some(Who::Role { span, group });
                }
                let complement = stop - e <= 2 && toks[e - 1..stop - 1].iter().all(|t| t.trail.is_empty());
                (complement && toks[e..stop].iter().all(|t| !t.is_cap()))
                    .then(|| Who::Unnamed(Span::new(span.start, toks[stop - 1].span.end)))
            }
            Some(who @ Who::Unnamed(_)) => Some(who),
            _ => crate::quote::groups::description(toks, from, stop, true)
                .map(|(_, a, b)| Who::Unnamed(span_of(toks, (a, b)))),
        }
    }

    /// The subject after the verb opening the clause `toks` (which ends in a colon), in Polish word
    /// order: a capitalised verb of saying or "głos zabrał" (took the floor), then adverbs or a clitic
    /// pronoun, then the subject running to the colon: a name with its description ("Powiedział
    /// wtedy premier Jan Lis:", "Zabrała głos posłanka Anna Wrona:"), or after "głos zabrał" a role or
    /// a group too. None when anything else stands between the verb and the colon: an object is no
    /// subject ("Zapytał ministra Jana Nowaka:" is read elsewhere).
    fn subject_after_verb(&self, toks: &[Tok]) -> Option<Who> {
        const FLOOR: &[&str] =
            &["zabrał", "zabrała", "zabrało", "zabrali", "zabrały", "zabiera", "zabierają"];
        const BETWEEN: &[&str] = &[
            "też",
            "także",
            "również",
            "wtedy",
            "wówczas",
            "potem",
            "następnie",
            "jeszcze",
            "ponownie",
            "natomiast",
            "zaś",
            "dalej",
            "krótko",
            "mu",
            "jej",
            "im",
        ];
        let plain = |k: usize, list: &[&str]| {
            toks.get(k).is_some_and(|t| {
                t.trail.is_empty() && t.lead.is_empty() && list.iter().any(|w| lower_eq(t.word, w))
            })
        };
        let mut a = if toks[0].trail.is_empty() && toks[0].lead.is_empty() && self.is_verb_cap(&toks[0]) {
            1
        } else if plain(0, &["głos"]) && plain(1, FLOOR) || plain(0, FLOOR) && plain(1, &["głos"]) {
            2
        } else {
            return None;
        };
        while plain(a, BETWEEN) {
            a += 1;
        }
        let end = toks.len();
        if a >= end {
            return None;
        }
        if let Some(r) = self.described_name(toks, a).filter(|r| r.1 == end) {
            return Some(Who::Name { span: span_of(toks, r), genitive: false });
        }
        // After a verb of saying, a subject with no name is read as reported speech reads it
        // ("Odpowiedział mu poseł opozycji:", someone described).
        if self.is_verb_cap(&toks[0]) {
            return None;
        }
        if let Some(Who::Role { span, group }) = self.role_from(toks, a) {
            if span.end == toks[end - 1].span.end {
                return Some(Who::Role { span, group });
            }
        }
        let (_, x, y) = crate::quote::groups::description(toks, a, end, true)?;
        (y == end).then(|| Who::Unnamed(span_of(toks, (x, y))))
    }

    /// The subject opening the clause `toks` (which ends in a colon): a description, a role or a name
    /// run, with a lower-case word right after it.
    fn colon_subject(&self, toks: &[Tok]) -> Option<Attribution> {
        let lower_after = |b: usize| toks.get(b).is_some_and(|t| !t.is_cap() && t.lead.is_empty());
        if let Some((_, a, b)) = crate::quote::groups::description(toks, 0, toks.len(), false) {
            if lower_after(b) && toks[b - 1].trail.is_empty() {
                return Some(Attribution { who: Who::Unnamed(span_of(toks, (a, b))) });
            }
        }
        if let Some(Who::Role { span, group }) = self.role_from(toks, 0) {
            let b = toks.iter().position(|t| t.span.end == span.end).map_or(0, |k| k + 1);
            if b > 0 && lower_after(b) && toks[b - 1].trail.is_empty() {
                return Some(Attribution { who: Who::Role { span, group } });
            }
            return None;
        }
        if let Some(who) = full_name_subject(toks) {
            return Some(Attribution { who });
        }
        let (a, b) = name_forward(toks, 0)?;
        // A full name with its description set off by a comma ("Ewa Grabowska, analityczka DM
        // Certus:", "Tom Price, a local farmer:").
        let last = toks.len() - 1;
        if a == 0
            && b >= 2
            && b <= last
            && toks[b - 1].trail == ","
            && lower_after(b)
            && toks[b..last].iter().all(|t| t.trail.is_empty() && !self.is_verb(t))
            && !self.is_verb(&toks[last])
        {
            return Some(Attribution { who: Who::Name { span: span_of(toks, (a, b)), genitive: false } });
        }
        if !(a == 0 && lower_after(b) && toks[b - 1].trail.is_empty() && !self.is_verb_cap(&toks[0])) {
            return None;
        }
        // One capitalised word opening a phrase set off by a comma before a verb of saying is a
        // participle, and the verb's subject is dropped ("Zapytany o koszty, odparł krótko:",
        // "Pytana o termin, dodała:"): the narrative's speaker, not a name.
        if b == 1 {
            if let Some(j) =
                (2..toks.len()).find(|&j| self.is_verb(&toks[j]) && toks[j - 1].trail.starts_with(','))
            {
                return Some(Attribution { who: Who::Implicit(toks[j].span) });
            }
        }
        Some(Attribution { who: Who::Name { span: span_of(toks, (a, b)), genitive: false } })
    }
}

/// A full name opening with a given name as the subject of a clause ending in a colon, whatever its
/// verb ("Nowak nie krył radości:"), in two shapes the plain reading misses: after an opening phrase
/// set off by a comma ("Wieczorem, przed wyjazdem, Jan Nowak zwrócił się do zebranych:"), or before
/// a relative clause set off by commas ("Jan Nowak, który był piąty, nie ukrywał rozczarowania:",
/// "Ann Roe, who came second, was blunt:"). The words after the name (or the relative clause) are in
/// small letters, with no punctuation before the colon.
fn full_name_subject(toks: &[Tok]) -> Option<Who> {
    let last = toks.len().checked_sub(1)?;
    let plain_to_end = |from: usize| {
        from <= last
            && toks[from..last].iter().all(|t| t.trail.is_empty() && t.lead.is_empty())
            && toks[from..=last].iter().all(|t| !t.is_cap())
    };
    let full_name = |a: usize| {
        name_forward(toks, a).filter(|&(x, b)| {
            x == a
                && b - a >= 2
                && crate::quote::resolve::is_given_name(toks[a].word)
                && toks[a].lead.is_empty()
        })
    };
    // After an opening phrase: the name follows the last comma.
    if let Some(c) = toks[..last].iter().rposition(|t| t.trail == ",") {
        if let Some((a, b)) = full_name(c + 1) {
            if toks[b - 1].trail.is_empty() && plain_to_end(b) {
                return Some(Who::Name { span: span_of(toks, (a, b)), genitive: false });
            }
        }
    }
    // Before a relative clause.
    let (a, b) = full_name(0)?;
    let relative = ["który", "która", "who"];
    if toks[b - 1].trail != "," || !toks.get(b).is_some_and(|t| relative.iter().any(|r| lower_eq(t.word, r)))
    {
        return None;
    }
    let close = (b..last).find(|&k| toks[k].trail == ",")?;
    plain_to_end(close + 1).then(|| Who::Name { span: span_of(toks, (a, b)), genitive: false })
}

/// A preposition of place or medium right before token `a`, with nothing between them.
fn governed(toks: &[Tok], a: usize) -> bool {
    a > 0 && toks[a - 1].trail.is_empty() && is_oblique_preposition(toks[a - 1].word)
}
