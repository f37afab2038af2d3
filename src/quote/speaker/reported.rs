//! Attributions in reported speech around a quotation: a verb of saying earlier in the sentence and its
//! subject (`Ocenił, że „…”`, `X accused Y of “…”`), a noun of saying and its owner, an opinion.

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
    pub(super) fn clause_subject(&self, toks: &[Tok]) -> Attribution {
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
    pub(super) fn set_off_subject(&self, toks: &[Tok], j: usize) -> Option<Who> {
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

/// The name whose affiliation is the name run `(a, b)` after a preposition ("Rowan Lee of the
/// University of Reading"): a name starting at most eight words before it whose affiliation reaches
/// the run's end.
pub(super) fn affiliated_name(toks: &[Tok], (a, b): (usize, usize)) -> Option<(usize, usize)> {
    (a.saturating_sub(8)..a.saturating_sub(1))
        .find_map(|k| name_forward(toks, k).filter(|&(_, d)| affiliation_end(toks, d) >= b))
}
