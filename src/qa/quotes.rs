//! Checks on each pair of linked quotes: speaker, numbers and drift (length or content), including the
//! quote pairs the sentence links imply where the aligner paired none.

use super::*;

impl<'a> Cx<'a> {
    /// Checks on each pair of linked quotes: speaker, drift, numbers.
    /// `uncarried`: English quotes whose words the Polish does not carry ([`Cx::uncarried_quotes`]),
    /// reported as omitted rather than compared with what they were paired with.
    pub(super) fn quote_pairs(&self, uncarried: &HashSet<usize>, out: &mut Vec<Finding>) {
        for l in Self::two_sided(&self.a.quotes).chain(&self.implied) {
            let (e, p) = (self.quote_side(self.en, &l.en), self.quote_side(self.pl, &l.pl));
            if e.spans.is_empty() || p.spans.is_empty() {
                continue;
            }
            self.quote_speakers(l, &e, &p, out);
            if l.en.iter().all(|i| uncarried.contains(i)) {
                continue;
            }
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
                    && (ws.iter().any(|w| {
                        !spelling::dictionary_word(w, en) || named_anywhere(other, self.all_words(!en), w)
                    })
                        // A person introduced by first and last name, then named by the surname.
                        || (ws.len() >= 2 && words.len() < ws.len()))
            };
            // Or the Polish names outright someone the English article never mentions.
            let unknown_in_en = || {
                let words: Vec<&str> =
                    self.all_words(true).iter().map(|&(a, b)| &self.en.text[a..b]).collect();
                !person_words(&sp.name).iter().any(|w| words.iter().any(|o| norm::same_name(w, o)))
            };
            let mismatch = resolved(self.pl, sp, false)
                && (resolved(self.en, se, true) || unknown_in_en())
                && !norm::same_speaker(&se.name, &sp.name)
                && !named_in(self.pl, &l.pl, &se.name)
                && !named_in(self.en, &l.en, &sp.name);
            // The same person with the name misspelled on one side (`Indorewala` / `Indorewela`): a
            // name written differently, not a quote given to someone else.
            let misspelled = person_words(&se.name).iter().any(|a| {
                person_words(&sp.name).iter().any(|b| spelling::near_spelling(&norm::fold(a), &norm::fold(b)))
            });
            if mismatch && misspelled {
                out.push(Finding {
                    check: Check::NameMismatch,
                    severity: if self.comparable { Severity::Style } else { Severity::Warning },
                    en: vec![se.span],
                    pl: vec![sp.span],
                    message: format!(
                        "The speaker “{}” of the English quote is spelled “{}” in the Polish.\nEN: “{}”\nPL: „{}”",
                        self.en.slice(se.span),
                        self.pl.slice(sp.span),
                        clip(&e.text, 140),
                        clip(&p.text, 140)
                    ),
                });
            } else if mismatch {
                // An error when the Polish speaker is someone the English article names (a real
                // person, misattributed); otherwise the attribution may have caught a non-person.
                let known = |is_en: bool, name: &str| {
                    let doc = if is_en { self.en } else { self.pl };
                    let words: Vec<&str> =
                        self.all_words(is_en).iter().map(|&(a, b)| &doc.text[a..b]).collect();
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
                    && (known(true, &sp.name) || known(false, &se.name))
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
        for mut f in found {
            // A number only one retelling's quote gives is information.
            if self.comparable && f.severity == Severity::Warning {
                f.severity = Severity::Style;
            }
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

/// Whether a document, whose words are `words` ([`Cx::all_words`]), names `word` anywhere
/// (capitalised, any Polish case).
fn named_anywhere(doc: &Document, words: &[(usize, usize)], word: &str) -> bool {
    words
        .iter()
        .map(|&(a, b)| &doc.text[a..b])
        .any(|o| o.starts_with(char::is_uppercase) && norm::same_name(word, o))
}
