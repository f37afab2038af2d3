//! Attributions before a quotation and in reported speech around it.

use super::*;
use crate::quote::fast::lower_eq;

impl Rules {
    /// A quotation standing inside a sentence of reported speech, with the verb of saying earlier in
    /// the sentence and its subject before the verb: `Ocenił, że wkład był „…”`, `Szef rządu zaznaczył,
    /// że „…”`, `X accused Y of “…”`, `…, asserting that the leader was “…”` (the sentence's subject),
    /// `Mówił również o „…”`. `region` runs from the previous quotation (or the paragraph start) to the
    /// opening mark; at most 24 words before the mark are read.
    pub fn reported(&self, text: &str, region: Span) -> Option<Attribution> {
        let region = tail(text, region, 320);

        // At most 40 word tokens back to the sentence start, kept on the stack.
        let mut buf = [Tok::EMPTY; 40];
        let mut n = 0;
        for t in tokens_rev(text, region).filter(|t| !t.word.is_empty()) {
            if (t.ends_sentence() && !is_title_abbrev(&t)) || n >= buf.len() {
                break;
            }
            buf[buf.len() - 1 - n] = t;
            n += 1;
        }
        let toks = &buf[buf.len() - n..];
        // A source opening the sentence: "According to Tusk, the controls are „…”", "Według
        // Nowaka, kontrole są „…”".
        if let Some(k) = self.according_at(toks, 0) {
            if let Some(r) = self.described_name(toks, k) {
                // (with an affiliation after the name: "According to Peter Fox of the University of
                // Leeds, …")
                if toks[affiliation_end(toks, r.1) - 1].trail.starts_with(',') {
                    return Some(Attribution { who: Who::Name { span: span_of(toks, r), genitive: true } });
                }
            }
        }
        if let Some(p) = opinion_pronoun(toks) {
            return Some(Attribution { who: Who::Pronoun(p) });
        }
        let cap_verb = |t: &Tok| t.lead.is_empty() && self.is_verb_cap(t);
        // An English verb in the passive ("He was accused of “…”", "will be announced “…”") reports
        // nothing its subject said: a verb further back may ("Tusk told journalists the plans will be
        // announced “…”").
        const BE: &[&str] = &["was", "were", "is", "are", "been", "be", "being"];
        let passive = |j: usize| {
            j > 0 && !toks[j].word.ends_with("ing") && BE.iter().any(|w| lower_eq(toks[j - 1].word, w))
        };
        let verb = (0..toks.len()).rev().find(|&j| {
            self.is_verb(&toks[j]) && !(j > 0 && noun_context(&toks[j - 1])) && !passive(j)
                || j == 0 && cap_verb(&toks[0])
        });
        // A noun of saying with its owner, nearer the quotation than any verb: "Vance's remark that it
        // was “…”", "słowa Trumpa, że „…”".
        if let Some(who) = self.speech_noun_owner(toks, verb.map_or(0, |j| j + 1)) {
            return Some(Attribution { who });
        }
        let j = verb?;
        // A verb of naming after "what" coins a term, it reports no words ("what his medical team
        // calls “urgent” treatment").
        const NAMING: &[&str] =
            &["call", "calls", "called", "dub", "dubs", "dubbed", "label", "labels", "labelled", "labeled"];
        if NAMING.iter().any(|w| lower_eq(toks[j].word, w))
            && toks[j.saturating_sub(4)..j].iter().any(|t| lower_eq(t.word, "what"))
        {
            return None;
        }
        // A participle of a question opening the sentence ("Asked about the final, Lopez grinned:
        // “…”"): the subject of the clause after its comma.
        const QUESTION: &[&str] = &["about", "whether", "if", "what", "why", "how"];
        if j == 0
            && toks.len() > 1
            && toks[0].trail.is_empty()
            && QUESTION.iter().any(|w| lower_eq(toks[1].word, w))
        {
            let c = toks.iter().position(|t| t.trail.starts_with(','))?;
            let rest = toks.get(c + 1..).filter(|r| !r.is_empty())?;
            return Some(self.clause_subject(rest));
        }
        if j == 0 {
            return Some(self.verb_first(toks));
        }
        let p = &toks[j - 1];
        // A second verb joined by a conjunction to a sentence opening with a verb of saying shares
        // its dropped subject ("Dodał, że …, i stwierdził, że należy „…”").
        if j >= 2 && cap_verb(&toks[0]) && ["i", "oraz", "a"].iter().any(|w| lower_eq(p.word, w)) {
            return Some(Attribution { who: Who::Implicit(toks[0].span) });
        }
        if p.trail.is_empty() || p.is_initial() {
            if let Some(who) = self.subject_next_to_verb(toks, j) {
                return Some(Attribution { who });
            }
        }
        // A parenthetical between the subject and the verb ("Trump, who spoke to Fox News on Sunday,
        // said the talks were “…”").
        if let Some(who) = self.set_off_subject(toks, j) {
            return Some(Attribution { who });
        }
        // The subject of the sentence: a pronoun opening it, else the first person it names.
        if self.pronoun(&toks[0]) && toks.len() > 1 {
            return Some(Attribution { who: Who::Pronoun(toks[0].span) });
        }
        Some(Attribution { who: Who::Subject(subject_clause(&toks[..j])) })
    }

    /// The subject of a clause: a pronoun opening it, else the person it names.
    fn clause_subject(&self, toks: &[Tok]) -> Attribution {
        if self.pronoun(&toks[0]) {
            return Attribution { who: Who::Pronoun(toks[0].span) };
        }
        Attribution { who: Who::Subject(subject_clause(toks)) }
    }

    /// The speaker of a sentence of reported speech opening with its verb of saying: a dropped subject
    /// (`Ocenił, że …`, `Mówił również o …`), or the subject after the verb (`Odpowiedział mu poseł
    /// opozycji: „…”`: someone unnamed, as written).
    fn verb_first(&self, toks: &[Tok]) -> Attribution {
        // A dropped subject, unless a subject follows the verb.
        const LINKS: &[&str] =
            &["o", "że", "iż", "również", "też", "także", "jako", "wtedy", "potem", "dalej", "wówczas"];
        let dropped =
            toks.len() == 1 || !toks[0].trail.is_empty() || LINKS.iter().any(|w| lower_eq(toks[1].word, w));
        if dropped {
            return Attribution { who: Who::Implicit(toks[0].span) };
        }
        // The subject after the verb: past a clitic pronoun (mu, jej), up to its first punctuation.
        const CLITICS: &[&str] = &["mu", "jej", "im", "mi", "nam", "wam", "jemu", "go", "ją"];
        let mut a = 1;
        while a < toks.len() && CLITICS.iter().any(|w| lower_eq(toks[a].word, w)) && toks[a].trail.is_empty()
        {
            a += 1;
        }
        let mut b = a;
        while b < toks.len() && b < a + 5 {
            b += 1;
            if !toks[b - 1].trail.is_empty() {
                break;
            }
        }
        let span = if b > a { span_of(toks, (a, b)) } else { Span::new(toks[0].span.end, toks[0].span.end) };
        Attribution { who: Who::Unnamed(span) }
    }

    /// The subject standing right before the verb of saying at `j` (no punctuation between them): a
    /// pronoun, a name (past a place or a time after a preposition, or through an affiliation after
    /// the name), or a role.
    fn subject_next_to_verb(&self, toks: &[Tok], j: usize) -> Option<Who> {
        let p = &toks[j - 1];
        if self.pronoun(p) {
            return Some(Who::Pronoun(p.span));
        }
        if let Some((a, b)) = name_backward(toks, j - 1).map(|r| self.past_opening_place(toks, r)) {
            // A name after a preposition is a time or a place ("on Tuesday", "w Brukseli"): the
            // subject stands before that phrase.
            let after_prep = a > 0 && with_lower(toks[a - 1].word, |w| self.prepositions.contains(&w));
            // The end of a body's name after the subject's ("Dawn Kettle of Avon and Somerset
            // Police said").
            let joined = a > 0 && toks[a - 1].trail.is_empty() && lower_eq(toks[a - 1].word, "and");
            if after_prep || joined {
                if let Some(r) = affiliated_name(toks, (a, b)) {
                    return Some(Who::Name { span: span_of(toks, r), genitive: false });
                }
            }
            if !after_prep {
                return Some(Who::Name { span: span_of(toks, (a, b)), genitive: false });
            }
            if a >= 2 && toks[a - 2].trail.is_empty() {
                if let Some((c, d)) = name_backward(toks, a - 2) {
                    if c == 0 || !with_lower(toks[c - 1].word, |w| self.prepositions.contains(&w)) {
                        return Some(Who::Name { span: span_of(toks, (c, d)), genitive: false });
                    }
                }
            }
        }
        for a in j.saturating_sub(4)..j {
            if let Some(Who::Role { span, group }) = self.role_from(&toks[..j], a) {
                if span.end == p.span.end || span.end >= p.span.start {
                    return Some(Who::Role { span, group });
                }
            }
        }
        None
    }

    /// A name run `(a, b)` opening the sentence with a capitalised preposition and its place ("W
    /// Sejmie Jan Lis", "In Geneva Anna Lis"): the name after the place, from its first given name,
    /// else from the word after the place.
    fn past_opening_place(&self, toks: &[Tok], (a, b): (usize, usize)) -> (usize, usize) {
        if a != 0 || b < 3 || !with_lower(toks[0].word, |w| self.prepositions.contains(&w)) {
            return (a, b);
        }
        let given = (2..b - 1).find(|&k| crate::quote::resolve::is_given_name(toks[k].word));
        (given.unwrap_or(2), b)
    }

    /// The name or the role filling a sentence's first clause, when a parenthetical sets it off from
    /// the verb at token `j` ("Trump, who spoke to Fox News, said", "The minister, speaking to
    /// reporters, said:", "Premier, pytany o to, odparł:"). The parenthetical is a clause, with a
    /// word in small letters, not a name in apposition ("The union's leader, Karen Doyle, called …").
    fn set_off_subject(&self, toks: &[Tok], j: usize) -> Option<Who> {
        if !toks[j - 1].trail.starts_with(',') {
            return None;
        }
        let k1 = toks[..j - 1].iter().position(|t| t.trail.starts_with(','))?;
        if k1 >= 4 || !toks[k1 + 1..j].iter().any(|t| !t.is_cap()) {
            return None;
        }
        if let Some(r) = name_backward(toks, k1).filter(|r| r.0 == 0 && r.1 == k1 + 1) {
            return Some(Who::Name { span: span_of(toks, r), genitive: false });
        }
        match self.role_from(&toks[..=k1], 0) {
            Some(who @ Who::Role { span, .. }) if span.end == toks[k1].span.end => Some(who),
            _ => None,
        }
    }

    /// The owner of the last noun of saying at or after token `from`: an English possessive name
    /// before it (`Vance's remark`, `Kowalski’s words`) or a Polish genitive name after it (`słowa
    /// Trumpa`, `apel premiera`: a role).
    fn speech_noun_owner(&self, toks: &[Tok], from: usize) -> Option<Who> {
        let (set, filter) = speech_nouns();
        let is_noun = |t: &Tok| {
            t.lead.is_empty()
                && t.word.len() <= 14
                && filter.may_contain(t.word)
                && !t.is_cap()
                && set.contains(t.word)
        };
        let k = (from..toks.len()).rev().find(|&k| is_noun(&toks[k]))?;
        // English: NAME's NOUN.
        if k > 0 {
            let o = &toks[k - 1];
            let stem = o.word.strip_suffix("'s").or_else(|| o.word.strip_suffix("’s"));
            if let Some(stem) = stem.filter(|s| !s.is_empty()) {
                if o.trail.is_empty() && nameish(o) {
                    if let Some((a, _)) = name_backward(toks, k - 1) {
                        let end = o.span.start + stem.len();
                        return Some(Who::Name { span: Span::new(toks[a].span.start, end), genitive: false });
                    }
                }
            }
        }
        // Polish: NOUN NAME (genitive) or NOUN ROLE.
        if toks[k].trail.is_empty() {
            if let Some((a, b)) = name_forward(toks, k + 1) {
                if !is_acronym(toks[a].word) {
                    return Some(Who::Name { span: span_of(toks, (a, b)), genitive: true });
                }
            }
            if let Some(role) =
                self.role_from(toks, k + 1).filter(|_| toks.get(k + 1).is_some_and(|t| !t.is_cap()))
            {
                return Some(role);
            }
        }
        None
    }

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
            // Kwiatek, napisała:". A name after a preposition is a place or a body ending a
            // parenthetical ("Martin Greaves, who runs a bakery on Mill Street, said:").
            if p.trail.starts_with(',') && j >= 3 {
                if let Some((a, b)) = name_backward(toks, j - 1) {
                    let preposition = |t: &Tok| with_lower(t.word, |w| self.prepositions.contains(&w));
                    let before = |t: &Tok| {
                        t.trail.starts_with(',') || t.trail.is_empty() && !t.is_cap() && !preposition(t)
                    };
                    if b - a >= 2 && a > 0 && before(&toks[a - 1]) {
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
        let (a, b) = name_forward(toks, 0)?;
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

/// A possessive pronoun with a noun of opinion opening the sentence, the source of what it quotes:
/// "In his view, the plan was “…”", "Jej zdaniem rząd „…”", "W jego ocenie …". The pronoun's span.
fn opinion_pronoun(toks: &[Tok]) -> Option<Span> {
    let is = |k: usize, list: &[&str]| {
        toks.get(k).is_some_and(|t| t.lead.is_empty() && list.iter().any(|w| lower_eq(t.word, w)))
    };
    let bare = |k: usize| toks.get(k).is_some_and(|t| t.trail.is_empty());
    const EN: &[&str] = &["his", "her"];
    const PL: &[&str] = &["jego", "jej"];
    if is(0, &["in"]) && bare(0) && is(1, EN) && bare(1) && is(2, &["view", "opinion", "assessment"]) {
        return Some(toks[1].span);
    }
    if is(0, PL) && bare(0) && is(1, &["zdaniem"]) {
        return Some(toks[0].span);
    }
    if is(0, &["w"]) && bare(0) && is(1, PL) && bare(1) && is(2, &["ocenie", "opinii"]) {
        return Some(toks[1].span);
    }
    None
}

/// A preposition of place or medium right before token `a`, with nothing between them.
fn governed(toks: &[Tok], a: usize) -> bool {
    a > 0 && toks[a - 1].trail.is_empty() && is_oblique_preposition(toks[a - 1].word)
}

/// The name whose affiliation is the name run `(a, b)` after a preposition ("Rowan Lee of the
/// University of Reading"): a name starting at most eight words before it whose affiliation reaches
/// the run's end.
fn affiliated_name(toks: &[Tok], (a, b): (usize, usize)) -> Option<(usize, usize)> {
    (a.saturating_sub(8)..a.saturating_sub(1))
        .find_map(|k| name_forward(toks, k).filter(|&(_, d)| affiliation_end(toks, d) >= b))
}
