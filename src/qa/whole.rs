//! Checks over whole articles: passages with no counterpart, untranslated sentences, quotation marks.

use super::*;

impl Cx<'_> {
    /// Runs of unmatched sentences.
    pub(super) fn passages(&self, out: &mut Vec<Finding>) {
        let (me, mp) = matched_sentences(self.a, self.en, self.pl);
        for (doc, matched, is_en) in [(self.en, &me, true), (self.pl, &mp, false)] {
            let mut i = 0;
            while i < matched.len() {
                if matched[i] {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < matched.len() && !matched[i] {
                    i += 1;
                }
                let run = &doc.sentences[start..i];
                if !self.comparable && self.gap_unmatched(start, i, is_en) {
                    continue;
                }
                let long = run.len() >= self.opts.passage_min_sentences;
                let span = Span::new(run[0].span.start, run[run.len() - 1].span.end);
                // In comparable articles a one-sided passage is expected: information, unless it holds a
                // quote, a number or a name.
                let severity = if !self.comparable {
                    if long {
                        Severity::Error
                    } else {
                        Severity::Warning
                    }
                } else if self.holds_facts(doc, span, is_en) {
                    Severity::Warning
                } else {
                    Severity::Style
                };
                let (here, there) = if is_en { ("English", "Polish") } else { ("Polish", "English") };
                let what = if run.len() == 1 {
                    format!("1 sentence of the {here} article has")
                } else {
                    format!("{} sentences of the {here} article have", run.len())
                };
                let message = format!(
                    "{what} no counterpart in the {there}.\n{}: {}",
                    if is_en { "EN" } else { "PL" },
                    clip(doc.slice(span), 200)
                );
                let (check, en, pl) = if is_en {
                    (Check::OmittedPassage, vec![span], vec![])
                } else {
                    (Check::AddedPassage, vec![], vec![span])
                };
                out.push(Finding { check, severity, en, pl, message });
            }
        }
    }

    /// Whether the other side's sentences between the links around the unmatched sentences `start..end`
    /// of one side (English when `is_en`) include an unmatched one too: both articles then have text
    /// there that the aligner left unpaired (a loose rendering, not a passage one of them lacks).
    pub(super) fn gap_unmatched(&self, start: usize, end: usize, is_en: bool) -> bool {
        let (le, lp) =
            Alignment::unit_links(&self.a.sentences, self.en.sentences.len(), self.pl.sentences.len());
        let (me, mp) = matched_sentences(self.a, self.en, self.pl);
        let (here_links, there_matched) = if is_en { (&le, &mp) } else { (&lp, &me) };
        let other_end = |k: Option<usize>, last: bool| -> Option<usize> {
            let l = self.a.sentences.get(k?)?;
            let idx = if is_en { &l.pl } else { &l.en };
            if last {
                idx.iter().max().copied()
            } else {
                idx.iter().min().copied()
            }
        };
        // The nearest linked sentences before and after the run.
        let before = (0..start).rev().find_map(|j| here_links.get(j).copied().flatten());
        let after = (end..here_links.len()).find_map(|j| here_links.get(j).copied().flatten());
        let lo = other_end(before, true).map_or(0, |x| x + 1);
        let hi = other_end(after, false).unwrap_or(there_matched.len()).min(there_matched.len());
        // The unpaired text on the other side must be of a comparable length (a pair the aligner
        // missed), not a fragment left where a sentence was dropped ("– mówi Levene.").
        let (here_doc, there_doc) = if is_en { (self.en, self.pl) } else { (self.pl, self.en) };
        let chars =
            |d: &Document, i: usize| d.sentences.get(i).map_or(0, |s| d.slice(s.span).chars().count());
        let here_len: usize = (start..end).map(|i| chars(here_doc, i)).sum();
        let there_len: usize = (lo..hi).filter(|&j| !there_matched[j]).map(|j| chars(there_doc, j)).sum();
        there_len > 0 && there_len * 3 >= here_len && there_len <= here_len * 3
    }

    /// Whether a span holds a speech quote, a number in digits or a name.
    fn holds_facts(&self, doc: &Document, span: Span, is_en: bool) -> bool {
        let lang = if is_en { Lang::En } else { Lang::Pl };
        doc.quotes.iter().any(|q| q.kind == QuoteKind::Speech && q.span.overlap(&span) > 0)
            || norm::numbers(doc.slice(span), span.start, lang).iter().any(|n| !n.word)
            || doc.sentences.iter().filter(|s| span.overlap(&s.span) > 0).any(|s| {
                sentence::names_in(doc.slice(s.span), lang)
                    .iter()
                    .any(|n| n.words.iter().any(|w| !sentence::dictionary_word(w, is_en)))
            })
    }

    /// Sentences left in the other language.
    pub(super) fn untranslated(&self, out: &mut Vec<Finding>) {
        // Copied: a linked pair with (nearly) the same words on both sides.
        let mut copied_pl = HashSet::new();
        let mut copied_en = HashSet::new();
        for l in Self::two_sided(&self.a.sentences) {
            let (e, p) = (self.sent_side(self.en, &l.en), self.sent_side(self.pl, &l.pl));
            let we: Vec<String> =
                norm::words_of(&e.text).iter().map(|&(s, t)| norm::fold(&e.text[s..t])).collect();
            let wp: Vec<String> =
                norm::words_of(&p.text).iter().map(|&(s, t)| norm::fold(&p.text[s..t])).collect();
            if we.len() < 4 || wp.len() < 4 {
                continue;
            }
            let se: HashSet<&String> = we.iter().collect();
            let shared = wp.iter().filter(|w| se.contains(w)).count();
            if shared as f32 >= 0.8 * wp.len().max(we.len()) as f32 {
                copied_pl.extend(l.pl.iter().copied());
                copied_en.extend(l.en.iter().copied());
                out.push(Finding {
                    check: Check::Untranslated,
                    severity: Severity::Error,
                    en: e.spans.clone(),
                    pl: p.spans.clone(),
                    message: format!(
                        "The Polish sentence repeats the English one: it was left untranslated.\nEN: {}\nPL: {}",
                        clip(&e.text, 160),
                        clip(&p.text, 160)
                    ),
                });
            }
        }
        // A sentence that reads as the other language.
        for (doc, want, copied, is_en) in
            [(self.pl, Lang::Pl, &copied_pl, false), (self.en, Lang::En, &copied_en, true)]
        {
            for (i, s) in doc.sentences.iter().enumerate() {
                if copied.contains(&i) {
                    continue;
                }
                let t = doc.slice(s.span);
                let words = norm::words_of(t);
                let lower = words.iter().filter(|&&(a, _)| t[a..].starts_with(char::is_lowercase)).count();
                // Titles and lists of names are not sentences of a language.
                if words.len() < 6 || lower * 2 < words.len() {
                    continue;
                }
                // Cheap first: a Polish sentence of six words or more nearly always has a Polish letter,
                // an English one none. Only the exceptions go to the language detector.
                let polish_letters = t.chars().any(|c| "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ".contains(c));
                if polish_letters == (want == Lang::Pl) {
                    continue;
                }
                let d = lang::detect(t);
                if d.lang.is_supported() && d.lang != want && d.confidence >= 0.9 {
                    let (here, there) = if is_en { ("English", "Polish") } else { ("Polish", "English") };
                    let (en, pl) = if is_en { (vec![s.span], vec![]) } else { (vec![], vec![s.span]) };
                    out.push(Finding {
                        check: Check::Untranslated,
                        severity: Severity::Warning,
                        en,
                        pl,
                        message: format!(
                            "A sentence of the {here} article reads as {there}.\n{}: {}",
                            if is_en { "EN" } else { "PL" },
                            clip(t, 200)
                        ),
                    });
                }
            }
        }
    }

    /// Polish quotation-mark conventions: „…” outside, »…« or ‚…’ inside; marks paired.
    pub(super) fn quote_marks(&self, out: &mut Vec<Finding>) {
        for p in &self.pl.paragraphs {
            let text = self.pl.slice(p.span);
            let mut straight = Vec::new();
            let mut english = Vec::new();
            let mut unpaired = Vec::new();
            let mut open: Vec<usize> = Vec::new();
            let chars: Vec<(usize, char)> = text.char_indices().collect();
            for (k, &(i, c)) in chars.iter().enumerate() {
                let at = p.span.start + i;
                let mark = Span::new(at, at + c.len_utf8());
                let prev = k.checked_sub(1).map(|j| chars[j].1);
                let next = chars.get(k + 1).map(|x| x.1);
                let opening_pos = prev.is_none_or(|c| c.is_whitespace() || "([—–-/".contains(c));
                match c {
                    '"' => straight.push(mark),
                    '„' => open.push(at),
                    '”' if open.pop().is_none() => unpaired.push(mark),
                    '“' if opening_pos && next.is_some_and(|n| !n.is_whitespace()) => english.push(mark),
                    '“' => {
                        // „…“ (German style) closes, but is not the Polish closing mark.
                        if open.pop().is_none() {
                            unpaired.push(mark);
                        } else {
                            english.push(mark);
                        }
                    }
                    _ => {}
                }
            }
            unpaired.extend(open.into_iter().map(|at| Span::new(at, at + '„'.len_utf8())));
            let ctx = clip(text, 120);
            if !straight.is_empty() {
                out.push(Finding {
                    check: Check::QuoteMarks,
                    severity: Severity::Style,
                    en: vec![],
                    pl: straight,
                    message: format!("Straight quotes \"…\" in Polish text: Polish uses „…”.\nPL: {ctx}"),
                });
            }
            if !english.is_empty() {
                out.push(Finding {
                    check: Check::QuoteMarks,
                    severity: Severity::Style,
                    en: vec![],
                    pl: english,
                    message: format!("English-style quotes “…” in Polish text: Polish uses „…”.\nPL: {ctx}"),
                });
            }
            if !unpaired.is_empty() {
                out.push(Finding {
                    check: Check::QuoteMarks,
                    severity: Severity::Style,
                    en: vec![],
                    pl: unpaired,
                    message: format!("Unpaired quotation mark in the Polish.\nPL: {ctx}"),
                });
            }
        }
    }
}
