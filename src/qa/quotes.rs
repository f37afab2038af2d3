//! Checks on quotes: paired quotes (speaker, drift, numbers) and quotes found in one article only.

use super::*;

impl<'a> Cx<'a> {
    /// Checks on each pair of linked quotes: speaker, drift, numbers.
    pub(super) fn quote_pairs(&self, out: &mut Vec<Finding>) {
        for l in Self::two_sided(&self.a.quotes).chain(&self.implied) {
            let (e, p) = (self.quote_side(self.en, &l.en), self.quote_side(self.pl, &l.pl));
            if e.spans.is_empty() || p.spans.is_empty() {
                continue;
            }
            self.quote_speakers(l, &e, &p, out);
            self.quote_numbers(&e, &p, out);
            self.quote_drift(l, &e, &p, out);
        }
    }

    /// Paired quotes attributed to different people.
    fn quote_speakers(&self, l: &Link, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let spk = |doc: &'a Document, idx: &[usize]| {
            idx.iter().filter_map(|&i| doc.quotes.get(i)).find_map(|q| q.speaker.as_ref())
        };
        if let (Some(se), Some(sp)) = (spk(self.en, &l.en), spk(self.pl, &l.pl)) {
            // Not a mismatch when the other side's quote sentences name this side's speaker: the
            // two attributions then disagree on which of the named people speaks, not the texts.
            let named_in = |doc: &Document, idx: &[usize], name: &str| {
                let t = quote_sentences_text(doc, idx);
                let words: Vec<&str> = norm::words_of(&t).into_iter().map(|(a, b)| &t[a..b]).collect();
                person_words(name).iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
            };
            // Only speakers named outright, by a name: not a pronoun, a role or a verb the extraction
            // resolved to a name ("Stwierdził", "Spraw Zagranicznych"). A name is capitalised, not a
            // verb of saying, and has a word no dictionary holds or that the other article names too
            // (Butler, Trump: dictionary words, and names).
            let resolved = |doc: &Document, sp: &crate::model::Speaker, en: bool| {
                let t = doc.slice(sp.span);
                let words: Vec<&str> = norm::words_of(t).into_iter().map(|(a, b)| &t[a..b]).collect();
                let ws = name_words(&sp.name);
                let other = if en { self.pl } else { self.en };
                let verbs =
                    if en { crate::quote::speaker::verbs_en() } else { crate::quote::speaker::verbs_pl() };
                ws.iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
                    && ws.iter().all(|w| w.starts_with(char::is_uppercase))
                    && !ws.iter().any(|w| verbs.contains(w.to_lowercase().as_str()))
                    && (ws.iter().any(|w| !sentence::dictionary_word(w, en) || named_anywhere(other, w))
                        // A person introduced by first and last name, then named by the surname.
                        || (ws.len() >= 2 && words.len() < ws.len()))
            };
            // Or the Polish names outright someone the English article never mentions.
            let unknown_in_en = || {
                let words: Vec<&str> =
                    norm::words_of(&self.en.text).into_iter().map(|(a, b)| &self.en.text[a..b]).collect();
                !person_words(&sp.name).iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
            };
            let mismatch = resolved(self.pl, sp, false)
                && (resolved(self.en, se, true) || unknown_in_en())
                && !norm::same_speaker(&se.name, &sp.name)
                && !named_in(self.pl, &l.pl, &se.name)
                && !named_in(self.en, &l.en, &sp.name);
            if mismatch {
                // An error when the Polish speaker is someone the English article names (a real
                // person, misattributed); otherwise the attribution may have caught a non-person.
                let known = |doc: &Document, name: &str| {
                    let words: Vec<&str> =
                        norm::words_of(&doc.text).into_iter().map(|(a, b)| &doc.text[a..b]).collect();
                    name_words(name).iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
                };
                // Named outright on both sides (not a pronoun or a verb resolved to a name).
                let explicit = |doc: &Document, sp: &crate::model::Speaker| {
                    let t = doc.slice(sp.span);
                    let words: Vec<&str> = norm::words_of(t).into_iter().map(|(a, b)| &t[a..b]).collect();
                    name_words(&sp.name).iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
                };
                let severity = if explicit(self.en, se)
                    && explicit(self.pl, sp)
                    && (known(self.en, &sp.name) || known(self.pl, &se.name))
                {
                    Severity::Error
                } else {
                    Severity::Warning
                };
                let mut en = e.spans.clone();
                en.push(se.span);
                let mut pl = p.spans.clone();
                pl.push(sp.span);
                out.push(Finding {
                    check: Check::SpeakerMismatch,
                    severity,
                    en,
                    pl,
                    message: format!(
                        "The English quote is attributed to {} but the Polish one to {}.\nEN: “{}”\nPL: „{}”",
                        se.name,
                        sp.name,
                        clip(&e.text, 140),
                        clip(&p.text, 140)
                    ),
                });
            }
        }
    }

    /// Numbers inside quotes, unless the sentence check already reported these spans.
    fn quote_numbers(&self, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let mut found = Vec::new();
        self.numbers(e, p, "quote", &mut found);
        for f in found {
            let dup = out.iter().any(|g| {
                g.check == f.check
                    && f.en.iter().all(|s| g.en.contains(s))
                    && f.pl.iter().all(|s| g.pl.contains(s))
            });
            let covered = out.iter().any(|g| {
                g.check == f.check
                    && g.severity <= f.severity
                    && f.en.iter().chain(&f.pl).any(|s| g.en.iter().chain(&g.pl).any(|t| t.overlap(s) > 0))
                    && f.severity == Severity::Warning
            });
            if !dup && !covered {
                out.push(f);
            }
        }
    }

    /// Paired quotes whose lengths or content drift apart.
    fn quote_drift(&self, l: &Link, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        let (le, lp) = (e.text.chars().count(), p.text.chars().count());
        let z = self.opts.length_z(le.max(1) as f32, lp as f32);
        let implied = l.evidence.method.as_deref() == Some(IMPLIED);
        let low_score = !implied && l.score < self.opts.drift_max_score;
        // Short quotes vary in length too much to tell (a term rendered by a phrase). A quote whose
        // sentences have a counterpart of the usual length has its material there: the translation marks
        // more or less of it as quoted, or words it at more length.
        let long_off = le.min(lp) >= 40 && z.abs() > self.opts.length_ratio_z && !self.sentences_balanced(l);
        if long_off || low_score {
            let why = if low_score {
                format!("their content overlaps little (link score {:.2})", l.score)
            } else if z > 0.0 {
                format!("the Polish quote is much longer ({lp} vs {le} characters): it may add material")
            } else {
                format!("the Polish quote is much shorter ({lp} vs {le} characters): it may drop material")
            };
            out.push(Finding {
                check: Check::QuoteDrift,
                // Retellings quote more or less of the same words by design.
                severity: if self.comparable { Severity::Style } else { Severity::Warning },
                en: e.spans.clone(),
                pl: p.spans.clone(),
                message: format!(
                    "Paired quotes differ: {why}.\nEN: “{}”\nPL: „{}”",
                    clip(&e.text, 140),
                    clip(&p.text, 140)
                ),
            });
        }
    }

    /// Speech quotes found in only one article.
    pub(super) fn one_sided_quotes(&self, out: &mut Vec<Finding>) {
        let mut paired_en = HashSet::new();
        let mut paired_pl = HashSet::new();
        for l in Self::two_sided(&self.a.quotes).chain(&self.implied) {
            paired_en.extend(l.en.iter().copied());
            paired_pl.extend(l.pl.iter().copied());
        }
        let (me, mp) = matched_sentences(self.a, self.en, self.pl);
        let dialogue = dash_dialogue_counterparts(self.en, self.pl, self.a);
        for (doc, paired, matched, is_en) in
            [(self.en, &paired_en, &me, true), (self.pl, &paired_pl, &mp, false)]
        {
            for (i, q) in doc.quotes.iter().enumerate() {
                // Any English quotation left out is an omission; a Polish one with no English source is
                // worth a word only when it is someone's speech (translators add scare quotes and mark
                // titles at will).
                if (!is_en && q.kind != QuoteKind::Speech) || paired.contains(&i) || q.depth > 0 {
                    continue;
                }
                // The Polish quotes it the Polish way, with dashes: not an omission.
                if is_en && dialogue.contains(&q.sentence) {
                    continue;
                }
                let host_matched = matched.get(q.sentence).copied().unwrap_or(false);
                // A translation's sentence the aligner left unpaired while the other side has unpaired
                // text at the same place: the pair was missed, not the quote.
                if !host_matched && !self.comparable && self.gap_unmatched(q.sentence, q.sentence + 1, is_en)
                {
                    continue;
                }
                // In a sentence with a counterpart, a quote of a word or two is a term or scare quote, and
                // a quote whose words the counterpart holds is reported there without quotation marks.
                if host_matched && (self.counterpart_quoted(q, is_en) || self.quote_reported(q, is_en)) {
                    continue;
                }
                let severity =
                    if !self.comparable && !host_matched { Severity::Error } else { Severity::Warning };
                let who = q.speaker.as_ref().map(|s| format!(" ({})", s.name)).unwrap_or_default();
                let (lang_here, lang_there) =
                    if is_en { ("English", "Polish") } else { ("Polish", "English") };
                let tail = if host_matched {
                    format!(
                        "; its sentence has a counterpart, so the {lang_there} may report it without quoting"
                    )
                } else {
                    String::new()
                };
                let message = format!(
                    "A quote{who} in the {lang_here} article has no counterpart in the {lang_there}{tail}.\n{}: {}",
                    if is_en { "EN" } else { "PL" },
                    clip(doc.slice(q.span), 200)
                );
                let (check, en, pl) = if is_en {
                    (Check::QuoteOmitted, vec![q.span], vec![])
                } else {
                    (Check::QuoteAdded, vec![], vec![q.span])
                };
                out.push(Finding { check, severity, en, pl, message });
            }
        }
    }
}

impl Cx<'_> {
    /// The sentences a quote runs through and the other side's sentences linked to them.
    fn quote_context(&self, q: &crate::model::Quote, is_en: bool) -> (Vec<usize>, Vec<usize>) {
        let doc = if is_en { self.en } else { self.pl };
        let here: Vec<usize> = (0..doc.sentences.len())
            .filter(|&i| i == q.sentence || doc.sentences[i].span.overlap(&q.span) > 0)
            .collect();
        let mut there: Vec<usize> = self
            .a
            .sentences
            .iter()
            .filter(|l| {
                l.is_match() && here.iter().any(|i| if is_en { l.en.contains(i) } else { l.pl.contains(i) })
            })
            .flat_map(|l| if is_en { l.pl.clone() } else { l.en.clone() })
            .collect();
        there.sort_unstable();
        there.dedup();
        (here, there)
    }

    /// Whether the sentences the English quotes of a pair run through and the Polish sentences linked
    /// to them have the usual length ratio of a translation.
    fn sentences_balanced(&self, l: &Link) -> bool {
        let mut here: Vec<usize> = Vec::new();
        let mut there: Vec<usize> = Vec::new();
        for q in l.en.iter().filter_map(|&i| self.en.quotes.get(i)) {
            let (h, t) = self.quote_context(q, true);
            here.extend(h);
            there.extend(t);
        }
        here.sort_unstable();
        here.dedup();
        there.sort_unstable();
        there.dedup();
        let chars = |d: &Document, v: &[usize]| -> usize {
            v.iter().filter_map(|&i| d.sentences.get(i)).map(|s| d.slice(s.span).chars().count()).sum()
        };
        let (ce, cp) = (chars(self.en, &here), chars(self.pl, &there));
        if ce == 0 || cp == 0 {
            return false;
        }
        let z = self.opts.length_z(ce as f32, cp as f32);
        z.abs() <= self.opts.length_ratio_z
    }

    /// Whether the sentences linked to a quote's sentences hold at least as many quotations as those
    /// sentences: the counterpart is quoted there, the pairing missed it.
    fn counterpart_quoted(&self, q: &crate::model::Quote, is_en: bool) -> bool {
        let (doc, other) = if is_en { (self.en, self.pl) } else { (self.pl, self.en) };
        let (here, there) = self.quote_context(q, is_en);
        if there.is_empty() {
            return false;
        }
        // Titles count among titles only (a title is marked or not at will).
        let title = q.kind == QuoteKind::Title;
        let count = |d: &Document, sents: &[usize]| {
            d.quotes
                .iter()
                .filter(|x| {
                    x.depth == 0 && (x.kind == QuoteKind::Title) == title && sents.contains(&x.sentence)
                })
                .count()
        };
        count(other, &there) >= count(doc, &here)
    }

    /// Whether the sentences linked to a quote's sentence hold at least half of the quote's content words
    /// (same name key, a shared lexicon concept, or a shared stem): the other article gives the words
    /// without quoting them.
    fn quote_reported(&self, q: &crate::model::Quote, is_en: bool) -> bool {
        let (doc, other) = if is_en { (self.en, self.pl) } else { (self.pl, self.en) };
        let (_, idx) = self.quote_context(q, is_en);
        if idx.is_empty() {
            return false;
        }
        let texts = idx.iter().filter_map(|&i| other.sentences.get(i)).map(|s| other.slice(s.span));
        let support = super::unsupported::Support::of_texts(lexicon(self.opts), texts, is_en);
        let t = doc.slice(q.span);
        let content: Vec<&str> = norm::content_words(t, is_en);
        if content.is_empty() {
            return true;
        }
        let found = content.iter().filter(|w| support.finds(w, is_en)).count();
        // A title is given whole or not at all: words of it elsewhere in the sentence do not render it.
        if q.kind == QuoteKind::Title {
            found == content.len()
        } else {
            found * 2 >= content.len()
        }
    }
}

/// The words of a name worth comparing (initials and short particles left out).
pub(super) fn name_words(name: &str) -> Vec<&str> {
    norm::words_of(name).into_iter().map(|(a, b)| &name[a..b]).filter(|w| w.chars().count() >= 3).collect()
}

/// The words of a speaker's name that name the person: [`name_words`] without an institution's
/// acronym beside the name ("UEFA Wójcik"), which names the institution, not who speaks for it.
fn person_words(name: &str) -> Vec<&str> {
    name_words(name).into_iter().filter(|w| !w.chars().all(char::is_uppercase)).collect()
}

/// The text of the sentences the given quotes run through.
pub(super) fn quote_sentences_text(doc: &Document, idx: &[usize]) -> String {
    let mut out = String::new();
    for q in idx.iter().filter_map(|&i| doc.quotes.get(i)) {
        for s in doc.sentences.iter().filter(|s| s.span.overlap(&q.span) > 0) {
            out.push_str(doc.slice(s.span));
            out.push(' ');
        }
    }
    out
}

/// English sentences linked to a Polish sentence that quotes as dash dialogue, the usual Polish way
/// of giving someone's words without quotation marks ("– Mamy rezerwy – zaznaczył."): the linked
/// Polish sentence starts with a dash and a capital letter (or an opening mark) and holds no quote.
pub(super) fn dash_dialogue_counterparts(en: &Document, pl: &Document, a: &Alignment) -> HashSet<usize> {
    let dialogue = |s: usize| {
        let Some(sent) = pl.sentences.get(s) else { return false };
        if pl.quotes.iter().any(|q| q.span.overlap(&sent.span) > 0) {
            return false;
        }
        let t = pl.slice(sent.span).trim_start();
        let Some(rest) = t.strip_prefix(['–', '—', '-']) else { return false };
        let rest_trimmed = rest.trim_start();
        rest_trimmed.len() < rest.len()
            && rest_trimmed.starts_with(|c: char| c.is_uppercase() || matches!(c, '„' | '"' | '…'))
    };
    a.sentences
        .iter()
        .filter(|l| !l.en.is_empty() && l.pl.iter().any(|&s| dialogue(s)))
        .flat_map(|l| l.en.iter().copied())
        .filter(|&s| s < en.sentences.len())
        .collect()
}

/// `Evidence::method` of the quote pairs implied by sentence links.
pub(super) const IMPLIED: &str = "qa-sentence-link";

/// Speech quotes no quote link pairs, grouped by the sentence links that hold them on both sides.
pub(super) fn implied_quote_pairs(en: &Document, pl: &Document, a: &Alignment) -> Vec<Link> {
    let paired = |links: &[Link], en_side: bool| -> HashSet<usize> {
        links
            .iter()
            .filter(|l| !l.en.is_empty() && !l.pl.is_empty())
            .flat_map(|l| if en_side { l.en.clone() } else { l.pl.clone() })
            .collect()
    };
    let (pe, pp) = (paired(&a.quotes, true), paired(&a.quotes, false));
    let lone = |doc: &Document, paired: &HashSet<usize>, sents: &[usize]| -> Vec<usize> {
        (0..doc.quotes.len())
            .filter(|i| !paired.contains(i))
            .filter(|&i| {
                let q = &doc.quotes[i];
                q.kind == QuoteKind::Speech && q.depth == 0 && sents.contains(&q.sentence)
            })
            .collect()
    };
    let mut out = Vec::new();
    for l in a.sentences.iter().filter(|l| !l.en.is_empty() && !l.pl.is_empty()) {
        let (qe, qp) = (lone(en, &pe, &l.en), lone(pl, &pp, &l.pl));
        if !qe.is_empty() && !qp.is_empty() {
            let evidence = crate::align::Evidence { method: Some(IMPLIED.into()), ..Default::default() };
            out.push(Link { en: qe, pl: qp, score: l.score, evidence });
        }
    }
    out
}

/// Whether a document names `word` anywhere (capitalised, any Polish case).
fn named_anywhere(doc: &Document, word: &str) -> bool {
    norm::words_of(&doc.text)
        .into_iter()
        .map(|(a, b)| &doc.text[a..b])
        .any(|o| o.starts_with(char::is_uppercase) && norm::same_name(word, o))
}
