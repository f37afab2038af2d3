//! Checks over whole articles: passages with no counterpart, untranslated sentences, quotation marks.

use super::*;

/// An unmatched sentence completes a neighbouring link when, with it, the link's lengths lie within this
/// many standard deviations of a translation's (`QaOptions::length_ratio_log_sd`)…
const NEIGHBOUR_FIT_Z: f32 = 1.5;
/// …and at least this many nearer than without it.
const NEIGHBOUR_GAIN_Z: f32 = 1.0;
/// A sentence and the other side's sentence next to it, and the link without that sentence, within this
/// many standard deviations of a translation's lengths.
const NEIGHBOUR_PAIR_Z: f32 = 2.0;

impl Cx<'_> {
    /// Runs of unmatched sentences.
    pub(super) fn passages(&self, out: &mut Vec<Finding>) {
        let (mut me, mut mp) = matched_sentences(self.a, self.en, self.pl);
        // A retelling's sentence that one sentence of the other article says too, unlinked, is not
        // one-sided, nor is a heading, which sums up the article.
        if self.comparable {
            for (doc, matched, is_en) in [(self.en, &mut me, true), (self.pl, &mut mp, false)] {
                for (i, m) in matched.iter_mut().enumerate() {
                    if !*m
                        && doc.sentences.get(i).is_some_and(|s| {
                            super::facts::heading(doc, i) || self.said_elsewhere(s.span, is_en, false)
                        })
                    {
                        *m = true;
                    }
                }
            }
        }
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
                if !self.comparable
                    && (self.gap_unmatched(start, i, is_en)
                        || (i - start == 1 && self.completes_neighbour(start, is_en)))
                {
                    continue;
                }
                let long = run.len() >= self.opts.passage_min_sentences;
                let span = Span::new(run[0].span.start, run[run.len() - 1].span.end);
                // In comparable articles a one-sided passage is expected: information, unless it holds a
                // quote, a number or a name the other article does not give.
                let severity = if !self.comparable {
                    if long {
                        Severity::Error
                    } else {
                        Severity::Warning
                    }
                } else if self.holds_new_facts(doc, span, is_en) {
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
        !self.gap_sentences(start, end, is_en).is_empty()
    }

    /// The unmatched sentences of the other side that [`Cx::gap_unmatched`] finds for the run
    /// `start..end` (none when their length is not comparable).
    pub(super) fn gap_sentences(&self, start: usize, end: usize, is_en: bool) -> Vec<usize> {
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
        let gap: Vec<usize> = (lo..hi).filter(|&j| !there_matched[j]).collect();
        let there_len: usize = gap.iter().map(|&j| chars(there_doc, j)).sum();
        if there_len > 0 && there_len * 3 >= here_len && there_len <= here_len * 3 {
            gap
        } else {
            Vec::new()
        }
    }

    /// Whether the unmatched sentence `s` (English when `is_en`) is part of the translation of a
    /// neighbouring link, which the translator split or joined differently: either the link's other
    /// side is too long for its own side and the sentence makes up the difference (`We did not take this
    /// case to alarm people, it is what I believe in.` / `Nie zajęliśmy się tą sprawą, żeby kogoś
    /// zaniepokoić.` + `Ja po prostu jestem o tym przekonany.`), or the other side's sentence next to it
    /// shares nothing with the link's own side and has the length of the unmatched sentence's
    /// translation (the aligner attached it to the wrong neighbour).
    fn completes_neighbour(&self, s: usize, is_en: bool) -> bool {
        let (le, lp) =
            Alignment::unit_links(&self.a.sentences, self.en.sentences.len(), self.pl.sentences.len());
        let here_links = if is_en { &le } else { &lp };
        let (here_doc, there_doc) = if is_en { (self.en, self.pl) } else { (self.pl, self.en) };
        let chars = |d: &Document, v: &[usize]| -> usize {
            v.iter().filter_map(|&i| d.sentences.get(i)).map(|x| d.slice(x.span).chars().count()).sum()
        };
        // Distance from a translation's length ratio, in standard deviations.
        let z = |here: usize, there: usize| -> f32 {
            if here == 0 || there == 0 {
                return f32::INFINITY;
            }
            let (e, p) = if is_en { (here, there) } else { (there, here) };
            self.opts.length_z(e as f32, p as f32).abs()
        };
        let own = chars(here_doc, &[s]);
        let lex = lexicon(self.opts);
        for (j, before) in [(s.checked_sub(1), true), (Some(s + 1), false)] {
            let Some(l) =
                j.and_then(|j| here_links.get(j).copied().flatten()).and_then(|k| self.a.sentences.get(k))
            else {
                continue;
            };
            let (here_idx, there_idx) = if is_en { (&l.en, &l.pl) } else { (&l.pl, &l.en) };
            let (h, t) = (chars(here_doc, here_idx), chars(there_doc, there_idx));
            // The sentence makes up what the link's own side lacks.
            let (without, with) = (z(h, t), z(h + own, t));
            if with <= NEIGHBOUR_FIT_Z && without - with >= NEIGHBOUR_GAIN_Z {
                return true;
            }
            // The other side's sentence next to it belongs to it.
            if there_idx.len() < 2 {
                continue;
            }
            let b = if before { there_idx.iter().max() } else { there_idx.iter().min() };
            let Some(&b) = b else { continue };
            let rest: Vec<usize> = there_idx.iter().copied().filter(|&x| x != b).collect();
            let here_texts =
                here_idx.iter().filter_map(|&i| here_doc.sentences.get(i)).map(|x| here_doc.slice(x.span));
            let support = super::unsupported::Support::of_texts(lex, here_texts, !is_en);
            let Some(bs) = there_doc.sentences.get(b) else { continue };
            let bt = there_doc.slice(bs.span);
            let shares = norm::content_words(bt, !is_en).iter().any(|w| support.finds(w, !is_en));
            if !shares
                && z(own, chars(there_doc, &[b])) <= NEIGHBOUR_PAIR_Z
                && z(h, chars(there_doc, &rest)) <= NEIGHBOUR_PAIR_Z
            {
                return true;
            }
        }
        false
    }

    /// Sentences left in the other language.
    pub(super) fn untranslated(&self, out: &mut Vec<Finding>) {
        // Copied: a linked pair with (nearly) the same words on both sides.
        let mut copied_pl = HashSet::new();
        let mut copied_en = HashSet::new();
        for l in Self::two_sided(&self.a.sentences) {
            let (e, p) = (self.sent_side(self.en, &l.en), self.sent_side(self.pl, &l.pl));
            let (we, wp) = (self.folded_words(true, &e.spans), self.folded_words(false, &p.spans));
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
                let words = self.words_at(is_en, s.span);
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
