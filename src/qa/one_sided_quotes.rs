//! Quotes found in one article only: a quotation with no counterpart, unless the other article gives
//! it all the same (quoted where the pairing missed it, reported without quotation marks, as Polish
//! dash dialogue, in a part the aligner left unpaired, or elsewhere in a retelling).

use super::*;

/// Content words of a term or scare quote, at most.
const SHORT_QUOTE_WORDS: usize = 3;

impl Cx<'_> {
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
                // Unless that text does not carry the quote's words.
                if !host_matched && !self.comparable {
                    let gap = self.gap_sentences(q.sentence, q.sentence + 1, is_en);
                    if !gap.is_empty() && self.gap_carries(q, is_en, &gap) {
                        continue;
                    }
                }
                // In a sentence with a counterpart, a quote the counterpart quotes too (with marks the
                // pairing missed) or whose words the counterpart holds is reported there without
                // quotation marks. Quotes of the other side paired with other quotes render those.
                let paired_there = if is_en { &paired_pl } else { &paired_en };
                if host_matched
                    && (self.counterpart_quoted(q, is_en, paired, paired_there)
                        || self.quote_reported(q, is_en, paired_there))
                {
                    continue;
                }
                // A retelling may give the words in another place, unquoted; a heading quotes what the
                // article sums up.
                if self.comparable
                    && (super::facts::heading(doc, q.sentence) || self.said_elsewhere(q.span, is_en, true))
                {
                    continue;
                }
                // A Polish quote whose marks the extraction could not balance, in a sentence with a
                // counterpart: the marks differ (an English quotation opened in an earlier sentence,
                // a closing mark lost), not the words.
                if !is_en && host_matched && q.unbalanced {
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

    /// Whether the sentences linked to a quote's sentences hold at least as many quotations paired with
    /// nothing as those sentences: the counterpart is quoted there, the pairing missed it. `paired_here`
    /// and `paired_there` are the quotes of each side that a quote link pairs.
    fn counterpart_quoted(
        &self,
        q: &crate::model::Quote,
        is_en: bool,
        paired_here: &HashSet<usize>,
        paired_there: &HashSet<usize>,
    ) -> bool {
        let (doc, other) = if is_en { (self.en, self.pl) } else { (self.pl, self.en) };
        let (here, there) = self.quote_context(q, is_en);
        if there.is_empty() {
            return false;
        }
        // Titles count among titles only (a title is marked or not at will).
        let title = q.kind == QuoteKind::Title;
        let count = |d: &Document, sents: &[usize], paired: &HashSet<usize>| {
            d.quotes
                .iter()
                .enumerate()
                .filter(|(i, x)| {
                    !paired.contains(i)
                        && x.depth == 0
                        && (x.kind == QuoteKind::Title) == title
                        && sents.contains(&x.sentence)
                })
                .count()
        };
        count(other, &there, paired_there) >= count(doc, &here, paired_here)
    }

    /// Whether the sentences linked to a quote's sentence hold at least half of the quote's content words
    /// (same name key, a shared lexicon concept, or a shared stem): the other article gives the words
    /// without quoting them. For a title, the text of the other side's titles in `paired_there` (paired
    /// with other quotes) names those titles, not this one, and is left out.
    ///
    /// In a quote of at most [`SHORT_QUOTE_WORDS`] content words, words the lexicon does not know (and
    /// the other side does not hold as written) cannot be checked and are not counted. A quote with no word left to check is given when the link's lengths are
    /// nearer a translation's with it than without it.
    fn quote_reported(&self, q: &crate::model::Quote, is_en: bool, paired_there: &HashSet<usize>) -> bool {
        let (doc, other) = if is_en { (self.en, self.pl) } else { (self.pl, self.en) };
        let (here, idx) = self.quote_context(q, is_en);
        if idx.is_empty() {
            return false;
        }
        let texts: Vec<String> = idx
            .iter()
            .filter_map(|&i| other.sentences.get(i))
            .map(|s| {
                let mut t = other.slice(s.span).to_string();
                // A title is named whole: the words of another title ("Boot Camp 2.0") do not name it.
                // Speech quoted with another quotation in one Polish quote renders both.
                let others = other.quotes.iter().enumerate().filter(|(j, x)| {
                    q.kind == QuoteKind::Title && x.kind == QuoteKind::Title && paired_there.contains(j)
                });
                for (_, x) in others {
                    let (a, b) = (x.span.start.max(s.span.start), x.span.end.min(s.span.end));
                    if a < b {
                        let (a, b) = (a - s.span.start, b - s.span.start);
                        t.replace_range(a..b, &" ".repeat(b - a));
                    }
                }
                t
            })
            .collect();
        // Words of the other side that the narrative of this side's sentences (outside quotations)
        // renders are its words, not the quote's ("the boys called her dreadlocks …" gives "nazywali" to
        // the narrative).
        let lex = lexicon(self.opts);
        // This side's sentences of the links that hold the other side's sentences.
        let mut linked = self.linked_to(&idx, !is_en);
        linked.extend(here.iter().copied());
        linked.sort_unstable();
        linked.dedup();
        let rest: String = linked
            .iter()
            .filter_map(|&i| doc.sentences.get(i))
            .map(|s| {
                // Quotations left out: their words are theirs to render.
                let mut t = doc.slice(s.span).to_string();
                for x in doc.quotes.iter().filter(|x| x.depth == 0) {
                    let (a, b) = (x.span.start.max(s.span.start), x.span.end.min(s.span.end));
                    if a < b {
                        let (a, b) = (a - s.span.start, b - s.span.start);
                        t.replace_range(a..b, &" ".repeat(b - a));
                    }
                }
                t
            })
            .collect::<Vec<_>>()
            .join(" ");
        let rest_support = super::unsupported::Support::of_texts(lex, [rest.as_str()], !is_en);
        let left: Vec<String> = texts
            .iter()
            .map(|t| {
                norm::words_of(t)
                    .into_iter()
                    .map(|(a, b)| &t[a..b])
                    .filter(|w| !rest_support.finds(w, !is_en))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let support = super::unsupported::Support::of_texts(lex, left.iter().map(String::as_str), is_en);
        let content: Vec<&str> = self.content_at(is_en, q.span);
        if content.is_empty() {
            return true;
        }
        let found: Vec<bool> = content.iter().map(|w| support.finds(w, is_en)).collect();
        let known = |w: &str| super::omitted_quotes::known_word(lex, w, is_en);
        // In a term or scare quote of a few words, one the lexicon lacks decides the share; longer
        // quotes are judged on all their words.
        let checked: Vec<bool> = if content.len() <= SHORT_QUOTE_WORDS {
            content.iter().zip(&found).filter(|(w, f)| **f || known(w)).map(|(_, f)| *f).collect()
        } else {
            found.clone()
        };
        // A title is given whole or not at all: words of it elsewhere in the sentence do not render it.
        if q.kind == QuoteKind::Title {
            return found.iter().all(|f| *f);
        }
        if checked.is_empty() {
            return self.length_says_given(q, is_en, &here, &idx);
        }
        checked.iter().filter(|f| **f).count() * 2 >= checked.len()
            || (content.len() <= SHORT_QUOTE_WORDS && self.rendered_as_in_quote(q, is_en, &here, &idx))
    }

    /// Whether a term or scare quote repeats words of another quotation of its article that a quote
    /// link pairs (a headline's `'hold firm'` from the body's "we should hold firm, …"), and the
    /// other side's sentences `there` (linked to the quote's sentences `here`), outside their paired
    /// quotations, share a content word with that quotation's counterpart that nothing else of `here`
    /// renders: the quote is rendered as there ("utrzymać").
    fn rendered_as_in_quote(
        &self,
        q: &crate::model::Quote,
        is_en: bool,
        here: &[usize],
        there: &[usize],
    ) -> bool {
        let (doc, other) = if is_en { (self.en, self.pl) } else { (self.pl, self.en) };
        let paired_there: HashSet<usize> = Self::two_sided(&self.a.quotes)
            .chain(&self.implied)
            .flat_map(|l| if is_en { l.pl.clone() } else { l.en.clone() })
            .collect();
        let texts: Vec<String> = there
            .iter()
            .filter_map(|&i| other.sentences.get(i))
            .map(|s| {
                let mut t = other.slice(s.span).to_string();
                for (_, x) in other.quotes.iter().enumerate().filter(|(j, _)| paired_there.contains(j)) {
                    let (a, b) = (x.span.start.max(s.span.start), x.span.end.min(s.span.end));
                    if a < b {
                        t.replace_range(a - s.span.start..b - s.span.start, &" ".repeat(b - a));
                    }
                }
                t
            })
            .collect();
        let phrase = norm::fold(doc.slice(q.span).trim_matches(|c: char| !c.is_alphanumeric()));
        if phrase.is_empty() {
            return false;
        }
        // Everything of the quote's sentences but the quote: narrative and other quotations.
        let rest: String = here
            .iter()
            .filter_map(|&i| doc.sentences.get(i))
            .map(|s| {
                let mut t = doc.slice(s.span).to_string();
                let (a, b) = (q.span.start.max(s.span.start), q.span.end.min(s.span.end));
                if a < b {
                    t.replace_range(a - s.span.start..b - s.span.start, &" ".repeat(b - a));
                }
                t
            })
            .collect::<Vec<_>>()
            .join(" ");
        let rest_support = super::unsupported::Support::of_texts(lexicon(self.opts), [rest.as_str()], !is_en);
        let left_words: Vec<String> = texts
            .iter()
            .flat_map(|t| norm::content_words(t, !is_en))
            .filter(|w| !rest_support.finds(w, !is_en))
            .map(norm::fold)
            .collect();
        Self::two_sided(&self.a.quotes).chain(&self.implied).any(|l| {
            let (here, there) = if is_en { (&l.en, &l.pl) } else { (&l.pl, &l.en) };
            // The quotation that repeats the phrase, the phrase left out: the counterpart's words it
            // renders are not the phrase's.
            let Some(repeat) = here
                .iter()
                .filter_map(|&j| doc.quotes.get(j))
                .filter(|x| x.span != q.span)
                .map(|x| norm::fold(doc.slice(x.span)))
                .find(|t| t.contains(&phrase))
            else {
                return false;
            };
            let others = repeat.replacen(&phrase, " ", 1);
            let others_support =
                super::unsupported::Support::of_texts(lexicon(self.opts), [others.as_str()], !is_en);
            there.iter().filter_map(|&j| other.quotes.get(j)).any(|x| {
                self.content_at(!is_en, x.span)
                    .into_iter()
                    .filter(|w| !others_support.finds(w, !is_en))
                    .map(norm::fold)
                    .any(|w| left_words.iter().any(|o| *o == w || spelling::shares_stem(o, &w)))
            })
        })
    }

    /// Whether the other side's sentences `gap` carry a quote's words: at least a fifth of its content
    /// words the lexicon can check, or too few such words to tell.
    fn gap_carries(&self, q: &crate::model::Quote, is_en: bool, gap: &[usize]) -> bool {
        let other = if is_en { self.pl } else { self.en };
        let lex = lexicon(self.opts);
        let spans: Vec<Span> = gap.iter().filter_map(|&i| other.sentences.get(i)).map(|s| s.span).collect();
        let support = super::unsupported::Support::of_spans(self, &spans, is_en);
        let known = |w: &str| super::omitted_quotes::known_word(lex, w, is_en);
        let checked: Vec<bool> = self
            .content_at(is_en, q.span)
            .into_iter()
            .map(|w| (support.finds(w, is_en), w))
            .filter(|(f, w)| *f || known(w))
            .map(|(f, _)| f)
            .collect();
        let found = checked.iter().filter(|f| **f).count();
        checked.len() < super::omitted_quotes::MIN_CHECKED_WORDS || found * 5 >= checked.len()
    }

    /// Whether the sentences `here` (holding quote `q`, English when `is_en`) and their counterparts
    /// `there` have lengths nearer a translation's with the quote rendered on both sides than with it
    /// rendered on this side only.
    fn length_says_given(
        &self,
        q: &crate::model::Quote,
        is_en: bool,
        here: &[usize],
        there: &[usize],
    ) -> bool {
        let (doc, other) = if is_en { (self.en, self.pl) } else { (self.pl, self.en) };
        let chars = |d: &Document, v: &[usize]| -> usize {
            v.iter().filter_map(|&i| d.sentences.get(i)).map(|s| d.slice(s.span).chars().count()).sum()
        };
        let (lh, lt) = (chars(doc, here), chars(other, there));
        // The quote and its two marks.
        let lq = doc.slice(q.span).chars().count() + 2;
        if lh <= lq || lt == 0 {
            return false;
        }
        let (le, lp, le0, lp0) = if is_en { (lh, lt, lh - lq, lt) } else { (lt, lh, lt, lh - lq) };
        let with = self.opts.length_z(le as f32, lp as f32).abs();
        let without = self.opts.length_z(le0 as f32, lp0 as f32).abs();
        with < without
    }
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
