//! English quotations paired with Polish text that neither carries their words nor has their length: the
//! pairing joined the quotation to something else (a Polish attribution left where the quotation was
//! dropped, a fragment), and the quotation itself is missing.

use super::*;

/// Fewest content words (that the lexicon can check) a quotation needs for its words to tell whether
/// the Polish carries it.
pub(super) const MIN_CHECKED_WORDS: usize = 5;
/// A quotation is missing when the Polish carries less than this share of its checked words (in
/// fifths: `found * 5 < checked * 1`).
const CARRIED_FIFTHS: usize = 1;

impl Cx<'_> {
    /// English speech quotes that a quote link pairs but whose words neither the paired Polish quotes
    /// nor the Polish sentences linked to the quote's sentences carry, and whose paired Polish quotes
    /// are far from a translation's length. Only translations: a retelling words its quotations its
    /// own way.
    pub(super) fn uncarried_quotes(&self) -> HashSet<usize> {
        let mut out = HashSet::new();
        if self.comparable {
            return out;
        }
        let lex = lexicon(self.opts);
        for l in Self::two_sided(&self.a.quotes).chain(&self.implied) {
            for &i in &l.en {
                let Some(q) = self.en.quotes.get(i) else { continue };
                if q.kind != QuoteKind::Speech || q.depth > 0 {
                    continue;
                }
                let (_, there) = self.quote_context(q, true);
                let mut spans: Vec<Span> =
                    there.iter().filter_map(|&s| self.pl.sentences.get(s)).map(|s| s.span).collect();
                for p in l.pl.iter().filter_map(|&j| self.pl.quotes.get(j)) {
                    spans.push(p.span);
                    if let Some(s) = self.pl.sentences.get(p.sentence) {
                        spans.push(s.span);
                    }
                }
                let support = super::unsupported::Support::of_spans(self, &spans, true);
                let words = self.content_at(true, q.span);
                let checked: Vec<bool> = words
                    .iter()
                    .map(|w| (support.finds(w, true), w))
                    .filter(|(f, w)| *f || known_word(lex, w, true))
                    .map(|(f, _)| f)
                    .collect();
                let found = checked.iter().filter(|f| **f).count();
                // A translation the lexicon cannot follow keeps the quote's length; the text paired
                // with a quote the Polish lacks is of another length (an attribution, a fragment).
                let chars = |d: &Document, v: &[usize]| -> usize {
                    v.iter().filter_map(|&i| d.quotes.get(i)).map(|x| d.slice(x.span).chars().count()).sum()
                };
                let (le, lp) = (chars(self.en, &[i]), chars(self.pl, &l.pl));
                let off_length =
                    lp == 0 || self.opts.length_z(le as f32, lp as f32).abs() > self.opts.length_ratio_z;
                if off_length
                    && checked.len() >= MIN_CHECKED_WORDS
                    && found * 5 < checked.len() * CARRIED_FIFTHS
                {
                    out.insert(i);
                }
            }
        }
        out
    }

    /// Report the quotes of [`Cx::uncarried_quotes`] as omitted, at the English quote.
    pub(super) fn omitted_quotes(&self, uncarried: &HashSet<usize>, out: &mut Vec<Finding>) {
        let mut idx: Vec<usize> = uncarried.iter().copied().collect();
        idx.sort_unstable();
        for i in idx {
            let q = &self.en.quotes[i];
            let who = q.speaker.as_ref().map(|s| format!(" ({})", s.name)).unwrap_or_default();
            out.push(Finding {
                check: Check::QuoteOmitted,
                severity: Severity::Error,
                en: vec![q.span],
                pl: vec![],
                message: format!(
                    "A quote{who} in the English article has no counterpart in the Polish: the Polish text \
                     it is paired with does not carry its words.\nEN: {}",
                    clip(self.en.slice(q.span), 200)
                ),
            });
        }
    }
}

/// Whether the lexicon knows a word: an English one (`en`) in any of its spellings, or a Polish one.
pub(super) fn known_word(lex: &dyn crate::align::Concepts, w: &str, en: bool) -> bool {
    let mut ids = Vec::new();
    if en {
        for s in spelling::en_spellings(&w.to_lowercase()) {
            lex.en_ids(&s, &mut ids);
        }
    } else {
        lex.pl_ids(w, &mut ids);
    }
    !ids.is_empty()
}
