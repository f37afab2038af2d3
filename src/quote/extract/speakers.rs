//! The speaker of each quotation: the person its attribution gives (a name, a role, the subject of
//! a clause, a dropped subject, a nationality noun), else the speaker of the utterance it continues.

use super::{Extraction, Para, Place};
use crate::lang::Lang;
use crate::model::{Quote, QuoteKind, Span, Speaker};
use crate::quote::epithet::{self, Fit};
use crate::quote::marks::RawQuote;
use crate::quote::speaker::{self, SubjectClause, Who};
use crate::quote::{described, fast, groups, names, resolve, roles, source_speaker};

impl<'t> Extraction<'t> {
    /// The speaker the attribution `who` of quote `q` gives.
    pub(super) fn attributed_speaker(
        &mut self,
        q: &RawQuote,
        who: Option<Who>,
        place: &Place,
        last_in_para: Option<usize>,
    ) -> Option<Speaker> {
        let lang = place.lang;
        // A nationality noun in a name's place ("powiedział Polak") stands for a person.
        let epithet = match who {
            Some(Who::Name { span, .. }) => epithet::demonym_span(self.text, span),
            _ => None,
        };
        match who {
            Some(Who::Name { span, .. }) if epithet.is_some() => {
                self.epithet_speaker(q, span, Fit::from(epithet?), lang)
            }
            Some(Who::Name { span, genitive }) => self.named_speaker(span, genitive, lang),
            Some(Who::Role { span, group }) => {
                let country = roles::country_in(self.text, span);
                let gender = resolve::verb_gender_near(self.text, span, lang)
                    .or_else(|| resolve::role_gender(self.text, span));
                let (people, book) = self.people(lang);
                let at = q.open.start.min(span.start);
                let Some(name) = people.role(group, country, gender, at, book) else {
                    // "A Downing Street spokesperson said … “…,” the spokesperson added.": no one
                    // holds the role, but the narration before described who did.
                    let range = Span::new(place.prev_para_start, at);
                    let d = (lang == Lang::En)
                        .then(|| described_holder(self.text, group, range, &self.quote_spans));
                    return d.flatten().map(|d| {
                        let name = described(self.text, d).name;
                        // (the article in small letters: "a Downing Street spokesperson")
                        let name = match name.strip_prefix('A') {
                            Some(rest) if rest.starts_with([' ', 'n']) => format!("a{rest}"),
                            _ => name,
                        };
                        Speaker { name, span }
                    });
                };
                self.last_named = Some(self.quotes.len());
                Some(Speaker { name, span })
            }
            Some(Who::Subject(clause)) => self.subject_speaker(&clause, lang, last_in_para),
            Some(Who::Pronoun(span)) | Some(Who::Implicit(span)) => {
                self.implicit_speaker(q, span, place, last_in_para)
            }
            // "the 27-year-old told reporters": the person the article has just named.
            Some(Who::Unnamed(span)) if definite_age(self.text, span) => {
                // A nationality noun opening the narration right before stands for the same person
                // ("The American beat Ann Lee. “…,” the 21-year-old said"), else the last full name.
                let at = q.open.start.min(span.start);
                let found = self.opening_epithet(at, place.pspan.start, None, lang).or_else(|| {
                    if lang != Lang::En {
                        return None;
                    }
                    let fit = Fit { country: None, gender: None, subject: false, shown: false };
                    let range = Span::new(place.prev_para_start, at);
                    epithet::person(&mut self.book, &self.quote_spans, range, 300, lang, fit)
                });
                match found {
                    Some(name) => {
                        self.last_named = Some(self.quotes.len());
                        Some(Speaker { name, span })
                    }
                    None => self
                        .implicit_speaker(q, span, place, last_in_para)
                        .or_else(|| Some(described(self.text, span))),
                }
            }
            Some(Who::Unnamed(span)) if !span.is_empty() => {
                // A Polish institution described by its name, written out with its place ("Sąd Okręgowy
                // w Krakowie poinformował:"); a noun alone stands for the institution named before
                // ("Resort zapewnia:" after "Ministerstwo Rozwoju odniosło się …").
                let prepositions = crate::quote::speaker_pl::rules().prepositions;
                let whole =
                    (lang == Lang::Pl).then(|| groups::institution_around(self.text, span, prepositions));
                Some(described_in(self.text, whole.flatten().unwrap_or(span), lang))
            }
            Some(Who::Unnamed(_)) | None => None,
        }
    }

    /// A speaker named at `span`: a name, a role written as a name, or a described group.
    fn named_speaker(&mut self, span: Span, genitive: bool, lang: Lang) -> Option<Speaker> {
        let text = self.text;
        let mut span = match self.persons.get(&(span.start, span.end, genitive)) {
            Some(&p) => p,
            None => person_span(text, &mut self.book, span, genitive, lang),
        };
        // One capitalised word that the text also writes in lower case is a common noun
        // at a sentence start ("Rzecznik dodał:", "Officials said").
        // A role written as a name at a sentence start or with a qualifier ("Premier dodał:",
        // "Szef OpenAI:", "Prezydent USA zaskoczony:") names the person holding it.
        let mut role = None;
        let mut group = None;
        if let Some(sp) = span {
            let toks = speaker::tokenize(text, sp);
            if let Some(g) = roles::role_name(&toks) {
                role = Some((g, sp));
                span = None;
            } else if groups::description(&toks, 0, toks.len(), true).is_some() {
                // People or an institution described by a noun ("Internauci piszą", "Policja
                // informuje", "Kancelaria Premiera przekazała"): the speaker as written.
                group = Some(sp);
            }
        }
        if span.is_some_and(|s| !s.text(text).contains(' ') && self.book.occurs_lowercase(s.text(text))) {
            span = None;
        }
        if let Some(g) = group {
            Some(described_in(text, g, lang))
        } else if let Some(span) = span {
            let name = self.book.canonical(span, lang, genitive);
            self.last_named = Some(self.quotes.len());
            Some(Speaker { name, span })
        } else if let Some((group, sp)) = role {
            let gender = resolve::verb_gender_near(text, sp, lang).or_else(|| resolve::role_gender(text, sp));
            let (people, book) = self.people(lang);
            let name = people.role(group, roles::country_in(text, sp), gender, sp.start, book)?;
            self.last_named = Some(self.quotes.len());
            Some(Speaker { name, span: sp })
        } else {
            None
        }
    }

    /// A description opening the sentence ("Many users described …"), else the first name standing in
    /// it as a subject, else this paragraph's or the last speaker.
    fn subject_speaker(
        &mut self,
        clause: &SubjectClause,
        lang: Lang,
        last_in_para: Option<usize>,
    ) -> Option<Speaker> {
        let text = self.text;
        let (people, book) = self.people(lang);
        if let Some(d) = clause.described {
            return Some(described_in(text, d, lang));
        }
        let span = Span::new(clause.span.end, clause.span.end);
        if let Some(name) = people.subject_of(clause, lang == Lang::Pl, book) {
            // A person the clause names is the speaker named last.
            self.last_named = Some(self.quotes.len());
            return Some(Speaker { name, span });
        }
        // A role opening the clause that no person of the article holds ("Minister zdrowia
        // przekonywał, że „…”") is someone the article does not name: not the last speaker.
        let toks = speaker::tokenize(text, clause.span);
        let from = usize::from(
            toks.first().is_some_and(|t| ["the", "a", "an"].iter().any(|d| fast::lower_eq(t.word, d))),
        );
        if roles::role_at(&toks, from).is_some() {
            return None;
        }
        let name = last_in_para
            .and_then(|i| self.name_at(i))
            .or_else(|| self.last_named.and_then(|i| self.name_at(i)))?;
        Some(Speaker { name, span })
    }

    /// "– … – przyznał 23-letni skrzydłowy.": a noun in small letters ending the sentence after the
    /// verb at `span`, after an age at most, that the article wrote before a person's full name
    /// ("skrzydłowy Mateusz Rękas") names that person.
    fn apposed_after(&mut self, span: Span, pspan: Span) -> Option<Speaker> {
        // (the words go on after the verb, with no punctuation between)
        if !self.text[span.end..].starts_with(' ') {
            return None;
        }
        let after: Vec<_> = speaker::tokens(self.text, Span::new(span.end, pspan.end)).take(2).collect();
        let k = after.iter().position(|t| !t.trail.is_empty())?;
        let described = Span::new(after.first()?.span.start, after[k].span.end);
        let name = apposed_before(self.text, described)?;
        Some(Speaker { name: self.book.canonical(name, Lang::Pl, false), span: described })
    }

    /// The speaker a pronoun or a subject-less verb at `span` stands for.
    fn implicit_speaker(
        &mut self,
        q: &RawQuote,
        span: Span,
        place: &Place,
        last_in_para: Option<usize>,
    ) -> Option<Speaker> {
        let (text, lang) = (self.text, place.lang);
        let (pspan, prev_para_start) = (place.pspan, place.prev_para_start);
        let doc = self.doc;
        let sentences = &doc.sentences;
        let rules = if lang == Lang::Pl { self.pl } else { self.en };
        if let Some(found) = (lang == Lang::Pl).then(|| self.apposed_after(span, pspan)).flatten() {
            return Some(found);
        }
        // "– … – czytamy (w komunikacie X)": the written source, named after the verb or
        // in the sentence before.
        if speaker::is_reading_verb(span.text(text)) {
            let k = sentences.partition_point(|s| s.span.start <= q.open.start);
            let prev = k.checked_sub(2).map(|k| sentences[k].span).filter(|s| s.end > prev_para_start);
            let source = rules
                .source_after_reading(text, Span::new(span.start, pspan.end))
                .or_else(|| {
                    // (the verb's own clause: after the quotation, in the verb's sentence)
                    let in_verb = sentences.partition_point(|s| s.span.start <= span.start).checked_sub(1);
                    let sentence_start = in_verb.map_or(0, |i| sentences[i].span.start);
                    let after_quote = if q.inner.end <= span.start { q.inner.end } else { 0 };
                    let from = pspan.start.max(sentence_start).max(after_quote);
                    rules.source_before_reading(text, Span::new(from, span.start))
                })
                .or_else(|| prev.and_then(|s| rules.source_in(text, s)));
            let (people, book) = self.people(lang);
            if let Some(found) = source.and_then(|w| source_speaker(text, w, lang, book, people)) {
                return Some(found);
            }
        }
        // The subject of the narration before (the first person mentioned as a subject in
        // the nearest sentence before), else the person last mentioned in this paragraph
        // before the quotation (in the nominative, for Polish: the subject a dropped
        // pronoun stands for), else the paragraph's last speaker, the last named speaker, a
        // mention in the paragraph before.
        // Each of them only if their name does not show the other gender than the pronoun or verb.
        let at = q.open.start.min(span.start);
        let gender = resolve::gender_of_word(span.text(text));
        let fits = |n: &String| epithet::agrees(gender, n);
        // A nationality noun or a role opening the narration right before names the subject there
        // ("Amerykanka wygrała z Anną Lis. – … – mówiła.", "Wiceprezydent odpierała zarzuty."), before
        // any person named as a subject further back.
        let epithet = self
            .opening_epithet(at, pspan.start, gender, lang)
            .or_else(|| self.opening_role(at, pspan.start, gender, lang))
            .or_else(|| self.opening_description(at, pspan.start, lang));
        let (people, _) = self.people(lang);
        let pl = lang == Lang::Pl;
        let name = epithet
            .or_else(|| people.narrative_subject(sentences, at, pspan.start, pl, gender))
            .or_else(|| self.opening_source(at, pspan.start, gender, lang))
            .or_else(|| {
                // A person this paragraph names before the quotation as a subject, in narration
                // ("Rzecznik Marek Lis przekazał, że … – … – dodał."). Polish only: the nominative
                // shows a subject.
                if !pl {
                    return None;
                }
                let fit = Fit { country: None, gender, subject: true, shown: false };
                let range = Span::new(pspan.start, at);
                epithet::person(&mut self.book, &self.quote_spans, range, epithet::BACK, lang, fit)
            })
            .or_else(|| if pl { None } else { self.opening_name(at, pspan.start, gender).map(|n| n.0) })
            .or_else(|| {
                // A quotation opening its paragraph: the name opening the last sentence of narration
                // before it ("Jude Kerr, who missed the last kick, apologised on Instagram.⏎“…,” he
                // wrote.").
                let opens = text.get(pspan.start..at).is_some_and(|s| s.trim().is_empty());
                if pl || !opens {
                    return None;
                }
                self.opening_name(at, prev_para_start, gender).map(|n| n.0)
            })
            .or_else(|| {
                let people = self.people.as_ref()?;
                people.narrative_subject(sentences, at, prev_para_start, pl, gender)
            })
            .or_else(|| self.people.as_ref()?.mentioned_before(at, pspan.start, pl).filter(fits))
            .or_else(|| self.introduced_before(at, span, pspan, prev_para_start, gender, pl))
            .or_else(|| last_in_para.and_then(|i| self.name_at(i)).filter(fits))
            .or_else(|| self.last_named.and_then(|i| self.name_at(i)).filter(fits))
            .or_else(|| {
                // The speaker of the last speech quotation of the paragraph before, however found,
                // for a Polish verb of the gender the name shows, when the quotation opens its
                // paragraph or the narration before it names that person ("– … – powiedział w
                // rozmowie z radiem.⏎– … – dodał."); other narration names its own subject
                // ("Opozycja tłumaczyła, że … – … – oceniła.").
                if !pl || gender.is_none() {
                    return None;
                }
                let last =
                    self.quotes.iter().rev().find(|x| {
                        x.depth == 0 && x.kind == QuoteKind::Speech && x.span.start < pspan.start
                    })?;
                let name = &last.speaker.as_ref().filter(|_| last.span.start >= prev_para_start)?.name;
                let before = text.get(pspan.start..at).unwrap_or("");
                let surname = name.rsplit(' ').next().unwrap_or(name);
                let stem = &surname[..surname.char_indices().nth(4).map_or(surname.len(), |(i, _)| i)];
                let named = before.trim().is_empty() || before.contains(stem);
                (named && resolve::gender_of_name(name) == gender).then(|| name.clone())
            })
            .or_else(|| {
                self.people.as_ref().and_then(|p| p.mentioned_before(at, prev_para_start, false)).filter(fits)
            })
            .or_else(|| {
                // The last full name written before, in narration too ("Deputy minister Ewa Lis said
                // … “…,” she wrote"). Polish capitalises too many words that are no names to read a
                // name from capitals alone ("Wyobraźcie sobie"): there, a person named as a subject
                // ("Jan Lis przyjechał do Brukseli.⏎– … – powiedział."), when the quotation opens its
                // paragraph (narration before it names its own subject: "Opozycja tłumaczyła, że …
                // – … – oceniła.") and the verb shows a person (not the impersonal "napisano").
                let opens = text.get(pspan.start..at).is_some_and(|s| s.trim().is_empty());
                if pl && (gender.is_none() || !opens) {
                    return None;
                }
                let range = Span::new(prev_para_start, span.start);
                let fit = Fit { country: None, gender, subject: pl, shown: false };
                epithet::person(&mut self.book, &self.quote_spans, range, 300, lang, fit)
            })?;
        Some(Speaker { name, span })
    }

    /// A Polish quotation with a verb and no subject, after narration that names no subject: the
    /// narration before it in its paragraph, or the whole paragraph before when the quotation opens
    /// its own, with no speech quotation in it. The last full name that narration writes, in any
    /// case, that opens with a given name and does not show the other gender than the verb (in the
    /// nominative: "z Piotrem Lasotą" → Piotr Lasota, "dla kapitana Jana Wrony" → Jan Wrona). Such
    /// narration introduces whom the words are from ("Rozmawialiśmy z Piotrem Lasotą.", "Zapytaliśmy
    /// o to Ewę Marczak."); a subject in the nominative was found before this.
    fn introduced_before(
        &mut self,
        at: usize,
        verb: Span,
        pspan: Span,
        prev_para_start: usize,
        gender: Option<resolve::Gender>,
        pl: bool,
    ) -> Option<String> {
        // The verb must be personal ("mówi", "dodał"; not "napisano", "przyjęto"), and nothing after
        // it up to the end of the sentence may name anyone ("– relacjonuje „The New York Times”.").
        let word = verb.text(self.text);
        let after = self.text.get(verb.end..pspan.end).unwrap_or("");
        let clause = &after[..after.find(['.', '!', '?', '\n']).unwrap_or(after.len())];
        let names_someone = clause.chars().any(|c| c.is_uppercase() || "„”“\"«»".contains(c));
        if !pl || word.ends_with("no") || word.ends_with("to") || names_someone {
            return None;
        }
        let para_start = pspan.start;
        let opens = self.text.get(para_start..at).is_some_and(|s| s.trim().is_empty());
        let floor = if opens { prev_para_start } else { para_start };
        let speech = |x: &&Quote| x.depth == 0 && x.kind == QuoteKind::Speech;
        if floor >= at || self.quotes.iter().filter(speech).any(|x| (floor..at).contains(&x.span.start)) {
            return None;
        }
        // A sentence there whose subject is a body in the nominative ("Instytut Studiów Fiskalnych
        // kwestionuje politykę Borisa Johnsona.⏎Ostrzegł, że …") names who speaks, and no person.
        let sents = &self.doc.sentences;
        let k = sents.partition_point(|s| s.span.start < floor);
        let body_subject = sents[k..].iter().take_while(|s| s.span.start < at).any(|s| {
            let first = s.span.text(self.text).split_whitespace().next().unwrap_or("");
            let first = first.trim_matches(|c: char| !c.is_alphanumeric());
            groups::nominative(first).is_some_and(|(_, nom)| fast::with_lower(first, |l| l == nom))
        });
        if body_subject {
            return None;
        }
        let fit = Fit { country: None, gender, subject: false, shown: true };
        epithet::person(&mut self.book, &self.quote_spans, Span::new(floor, at), epithet::BACK, Lang::Pl, fit)
    }

    /// The speaker an epithet at `span` stands for ("powiedział Polak"): the last person named before
    /// the quotation who fits it, else the last named speaker if they fit.
    /// In English, the subject of the narration right before the quotation comes first, unless the
    /// text gives it another country ("Bell will face Poland's Iga Nowicka. “…,” the American said").
    fn epithet_speaker(&mut self, q: &RawQuote, span: Span, fit: Fit, lang: Lang) -> Option<Speaker> {
        let at = q.open.start.min(span.start);
        let floor = self.paras[q.paragraph].0.start;
        let subject = if lang == Lang::En { self.opening_name(at, floor, fit.gender) } else { None };
        if let Some((name, at_name)) = subject {
            if epithet::country_fits(self.text, at_name.start, fit.country) {
                self.last_named = Some(self.quotes.len());
                return Some(Speaker { name, span });
            }
        }
        let range = Span::new(0, at);
        let name = epithet::person(&mut self.book, &self.quote_spans, range, epithet::BACK, lang, fit)
            .or_else(|| {
                self.last_named.and_then(|i| self.name_at(i)).filter(|n| epithet::agrees(fit.gender, n))
            })?;
        self.last_named = Some(self.quotes.len());
        Some(Speaker { name, span })
    }

    /// The speaker of an unattributed speech quote `n` of the paragraph: the utterance's speaker, else
    /// the last named speaker of this paragraph, else the one named later in the paragraph's utterance.
    pub(super) fn utterance_speaker(
        &mut self,
        w: &Para,
        n: usize,
        para_first: usize,
        last_in_para: Option<usize>,
        place: &Place,
    ) -> Option<Speaker> {
        let same_utt = self.quotes[para_first..]
            .last()
            .filter(|x| x.utterance == w.utt[n])
            .and_then(|x| x.speaker.clone());
        let mut who = same_utt.or_else(|| {
            if w.joined[n] {
                None
            } else {
                last_in_para.and_then(|i| self.quotes[i].speaker.clone())
            }
        });
        if who.is_none() && n == 0 {
            if let (Some((_, Some(s), _)), true) = (place.carried.as_ref(), w.joined[n]) {
                who = Some(s.clone());
            }
        }
        if who.is_none() {
            // The quote opens the paragraph and the attribution follows a later piece of it.
            for m in n + 1..w.tops.len() {
                if w.utt[m] != w.utt[n] {
                    break;
                }
                if let Some(Who::Name { span, genitive }) = w.atts[m].map(|a| a.who) {
                    who = Some(Speaker { name: self.book.canonical(span, place.lang, genitive), span });
                    break;
                }
            }
        }
        if who.is_none() && w.atts[n].is_none() && w.posts[n].is_none() && !w.joined[n] {
            who = self
                .reported_before(w.tops[n], place, last_in_para)
                .or_else(|| self.quoted_before(w.tops[n], place));
        }
        who
    }
}

/// The person's name in a speaker span: in Polish, without the words before a full name that
/// describe or qualify the person. After a Polish verb the subject is nominative, so an inflected
/// first word belongs to a description ("powiedział menadżer Liverpoolu", "rzecznik Kremla Dmitrij
/// Pieskow"); a qualifier before a full name that opens with a given name is the party or body the
/// role belongs to ("posłanka Lewicy Joanna Mazur"); an institution before a full name qualifies it
/// ("Według ekonomistki Banku Pekao Joanny Siwińskiej"). None when nothing of a name is left.
pub(super) fn person_span(
    text: &str,
    book: &mut names::NameBook,
    span: Span,
    genitive: bool,
    lang: Lang,
) -> Option<Span> {
    // A name run opening with a preposition is a place's name ("mieszkanka osiedla Pod Lipami",
    // "restauracja Pod Aniołem"), no person's.
    if speaker::tokens(text, span).next().is_some_and(|t| speaker::is_oblique_preposition(t.word)) {
        return None;
    }
    // A Polish institution's name written out, with its place ("Sąd Okręgowy w Krakowie", "Ministerstwo
    // Rolnictwa i Rozwoju Wsi"): the whole name, where a reader took a part of it.
    if lang == Lang::Pl && !genitive {
        if let Some(whole) =
            groups::institution_around(text, span, crate::quote::speaker_pl::rules().prepositions)
        {
            return Some(whole);
        }
    }
    let mut span = Some(span);
    if lang == Lang::Pl && !genitive {
        let all: Vec<_> = speaker::tokens(text, span.unwrap()).take(4).collect();
        let qualifier = all.len() >= 3
            && !resolve::is_given_name(all[0].word)
            && resolve::is_given_name(all[1].word)
            && all.last().is_some_and(|t| groups::group_of(t.word).is_none());
        let mut toks = all.into_iter();
        if toks.next().is_some_and(|t| qualifier || book.is_inflected_pl(t.word)) {
            // The name without its first word: from the second token to the last.
            span = toks.next().map(|second| {
                let last = toks.last().unwrap_or(second);
                Span::new(second.span.start, last.span.end)
            });
        }
    }
    // An institution among the first three words before a full name ("Banku Pekao Joanny Siwińskiej",
    // "Prezes Polskiego Związku Piłki Siatkowej Janusz Malinowski"): the first name and surname that
    // end the run.
    // A single letter is no one's name ("na platformie X").
    if span.is_some_and(|s| s.text(text).chars().count() <= 1) {
        return None;
    }
    if let Some(sp) = span.filter(|_| lang == Lang::Pl) {
        let toks = speaker::tokenize(text, sp);
        let n = toks.len();
        if let Some((a, b)) = speaker::full_name_ending(&toks, (0, n)) {
            // An institution's own name, whose words end in -a or -y like a woman's given name
            // ("Komenda Główna Policji", "Komenda Główna Straży Pożarnej"), names no person: a
            // person's name does not follow the institution noun at once, nor end in an adjective
            // that is no surname's ending (-nej, -owej, -nego; surnames take -skiej, -ckiej, -dzkiej).
            let adjective_end = |w: &str| {
                (w.ends_with("ej") || w.ends_with("ego"))
                    && !["skiej", "ckiej", "dzkiej", "skiego", "ckiego", "dzkiego"]
                        .iter()
                        .any(|e| w.ends_with(e))
            };
            let whole_institution = groups::description(&toks, 0, n, true).is_some()
                && !resolve::is_listed_given_name_any_case(toks[a].word)
                && (a == 1 || adjective_end(toks[b - 1].word));
            // (Or only the adjectives of an institution named before the span: "rzecznik Prokuratury
            // Krajowej Piotr Zięba", whose first word a reader left out.)
            let adjectives_only = a > 0
                && toks[..a].iter().all(|t| t.is_cap() && adjective_end(t.word))
                && resolve::is_listed_given_name(toks[a].word);
            if !whole_institution
                && (adjectives_only
                    || toks[..a.min(3)]
                        .iter()
                        .any(|t| groups::group_of(t.word) == Some(groups::Group::Institution)))
            {
                span = Some(Span::new(toks[a].span.start, toks[b - 1].span.end));
            }
        }
    }
    span
}

/// The person a Polish description names by the noun written before their full name earlier in the
/// article: "23-letni skrzydłowy" after "skrzydłowy Mateusz Rękas". The description at `span` is a noun
/// in small letters, after an age at most ("23-letni", "58-letnia"); the name is the last one written
/// right after the same word in the 3,000 bytes before, opening with a listed given name. Its span.
fn apposed_before(text: &str, span: Span) -> Option<Span> {
    let toks = speaker::tokenize(text, span);
    let noun = match toks.as_slice() {
        [n] => n,
        [age, n] if age.trail.is_empty() && groups::is_age_adjective(age.word) => n,
        _ => return None,
    };
    if noun.is_cap() || noun.word.chars().count() < 4 || !noun.lead.is_empty() {
        return None;
    }
    let mut from = span.start.saturating_sub(3000);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    // (most such nouns were never written before: no window to read)
    if !text[from..span.start].contains(noun.word) {
        return None;
    }
    let before = speaker::tokenize(text, Span::new(from, span.start));
    (0..before.len().saturating_sub(2)).rev().find_map(|k| {
        let (n, g, s) = (&before[k], &before[k + 1], &before[k + 2]);
        let apposed = n.word == noun.word
            && n.trail.is_empty()
            && g.lead.is_empty()
            && g.trail.is_empty()
            && s.lead.is_empty()
            && s.is_cap()
            && resolve::is_listed_given_name(g.word);
        apposed.then(|| Span::new(g.span.start, s.span.end))
    })
}

/// A speaker described, as written; in Polish an institution noun standing alone is the
/// institution named before it ([`groups::institution_named_before`]: "Resort zapewnia:" after
/// "Ministerstwo Rozwoju odniosło się …").
fn described_in(text: &str, span: Span, lang: Lang) -> Speaker {
    let named = (lang == Lang::Pl).then(|| groups::institution_named_before(text, span)).flatten();
    described(text, named.unwrap_or(span))
}

/// The first quotation of `quotes` (top-level, so sorted by start and by end) overlapping
/// `start..end`.
pub(super) fn first_quote_in(quotes: &[Span], start: usize, end: usize) -> Option<Span> {
    let k = quotes.partition_point(|q| q.end <= start);
    quotes.get(k).copied().filter(|q| q.start < end)
}

/// The last description of someone holding a role of `group` in the narration of `range` (outside
/// the quotations `quotes`) with an indefinite article (English): "a Downing Street spokesperson",
/// "an aide". Its span.
fn described_holder(text: &str, group: &str, range: Span, quotes: &[Span]) -> Option<Span> {
    let toks: Vec<speaker::Tok> = speaker::words(text, range)
        .filter(|t| first_quote_in(quotes, t.span.start, t.span.end).is_none())
        .collect();
    let mut found = None;
    for i in 0..toks.len() {
        if !toks[i].trail.is_empty() || !["a", "an"].iter().any(|a| fast::lower_eq(toks[i].word, a)) {
            continue;
        }
        for j in i + 1..toks.len().min(i + 5) {
            if let Some((_, e)) = roles::role_at(&toks, j).filter(|r| r.0 == group) {
                if toks[i..j].iter().all(|t| t.trail.is_empty()) {
                    found = Some(Span::new(toks[i].span.start, toks[e - 1].span.end));
                }
                break;
            }
            if !toks[j].trail.is_empty() {
                break;
            }
        }
    }
    found
}

/// Is `span` a definite article and an age alone ("the 27-year-old"): someone the article names?
fn definite_age(text: &str, span: Span) -> bool {
    let toks = speaker::tokenize(text, span);
    toks.len() == 2 && fast::lower_eq(toks[0].word, "the") && speaker::is_age_adjective(toks[1].word)
}
