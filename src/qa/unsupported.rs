//! Text inside a translation's link that the other side does not render: a stray sentence the aligner
//! attached to its neighbour, or a sentence glued to its neighbour with no final mark between them (a
//! headline or a line whose break was lost), which the splitter cannot tell from one sentence.

use super::*;

/// What the other side offers a word: its folded words and the lexicon concepts of its words. Used by
/// the checks here and by the quote check's "reported without marks".
pub(super) struct Support<'l> {
    lex: &'l dyn crate::align::Concepts,
    /// The other side's folded words.
    pub(super) keys: HashSet<String>,
    /// The lexicon concepts of the other side's words.
    pub(super) ids: HashSet<u32>,
}

impl<'l> Support<'l> {
    /// The support the spans `spans` of the other article give the words of an article in English
    /// when `is_en` (so `spans` are of the Polish one), read from the other article's text layer.
    pub(super) fn of_spans(cx: &Cx<'l>, spans: &[Span], is_en: bool) -> Support<'l> {
        let doc = if is_en { cx.pl } else { cx.en };
        let mut ow: Vec<String> = Vec::new();
        for &s in spans {
            let t = doc.slice(s);
            ow.extend(cx.words_at(!is_en, s).into_iter().map(|(a, b)| t[a..b].to_string()));
        }
        Support::of_words(lexicon(cx.opts), ow, is_en)
    }

    /// The support the texts of the other side give (English words when `is_en`).
    pub(super) fn of_texts<'t>(
        lex: &'l dyn crate::align::Concepts,
        texts: impl IntoIterator<Item = &'t str>,
        is_en: bool,
    ) -> Support<'l> {
        let mut ow: Vec<String> = Vec::new();
        for t in texts {
            ow.extend(norm::words_of(t).into_iter().map(|(a, b)| t[a..b].to_string()));
        }
        Support::of_words(lex, ow, is_en)
    }

    /// The support the words `ow` of the other side give.
    fn of_words(lex: &'l dyn crate::align::Concepts, ow: Vec<String>, is_en: bool) -> Support<'l> {
        let keys = ow.iter().map(|w| norm::fold(w)).collect();
        let ids = ids_of(lex, &ow, !is_en);
        Support { lex, keys, ids }
    }

    /// Whether the other side holds the word, a word sharing its stem, or a translation of it.
    pub(super) fn finds(&self, w: &str, is_en: bool) -> bool {
        let f = norm::fold(w);
        if self.keys.contains(&f) || self.keys.iter().any(|k| spelling::shares_stem(&f, k)) {
            return true;
        }
        let mut ids = Vec::new();
        if is_en {
            self.lex.en_ids(w, &mut ids);
        } else {
            self.lex.pl_ids(w, &mut ids);
        }
        ids.iter().any(|id| self.ids.contains(id))
    }
}

/// Fewest content words a part of a sentence needs to be reported as having no counterpart.
const MIN_UNSUPPORTED_WORDS: usize = 5;
/// A part found in the other side for less than this share of its content words has no counterpart
/// (`found * 10 < words * 2`: under a fifth).
const UNSUPPORTED_TENTHS: usize = 2;
/// A glued sentence makes its side of the link longer than a translation's by at least this many
/// standard deviations of the length check's model (`QaOptions::length_ratio_log_sd`).
const GLUED_LONGER_Z: f32 = 1.3;
/// Without the part with no counterpart, the side's length is within this many standard deviations
/// of a translation's.
const GLUED_REST_Z: f32 = 2.0;
/// Fewest content words of the rendered part of a glued sentence (a short headline has two or three).
const MIN_SUPPORTED_WORDS: usize = 2;

impl Cx<'_> {
    /// A translation's link of several sentences on one side where one of them shares almost nothing
    /// with the other side: a sentence added (or left out) that the aligner attached to its neighbour.
    pub(super) fn stray_sentences(&self, l: &Link, e: &Side, p: &Side, out: &mut Vec<Finding>) {
        for (idx, doc, other, is_en) in [(&l.en, self.en, p, true), (&l.pl, self.pl, e, false)] {
            if idx.len() < 2 {
                continue;
            }
            let check = if is_en { Check::OmittedPassage } else { Check::AddedPassage };
            if self.opts.disabled.contains(&check) {
                continue;
            }
            let support = Support::of_spans(self, &other.spans, is_en);
            for s in idx.iter().filter_map(|&i| doc.sentences.get(i)) {
                let t = doc.slice(s.span);
                let content: Vec<&str> = self.content_at(is_en, s.span);
                if content.len() < MIN_UNSUPPORTED_WORDS {
                    continue;
                }
                let found = content.iter().filter(|w| support.finds(w, is_en)).count();
                if found * 10 >= content.len() * UNSUPPORTED_TENTHS {
                    continue;
                }
                let (here, there) = if is_en { ("English", "Polish") } else { ("Polish", "English") };
                let message = format!(
                    "A sentence of the {here} article shares almost nothing with the {there} it is aligned \
                     with ({found} of {} words): it may have no counterpart.\n{}: {}",
                    content.len(),
                    if is_en { "EN" } else { "PL" },
                    clip(t, 200)
                );
                out.push(one_sided(check, is_en, s.span, message));
            }
        }
    }

    /// A sentence of a translation's link made of two sentences with no final mark between them (the
    /// second starts with a capital right after a word), one of which the other side renders and the
    /// other not at all: `… przed meczem z Sheffield United Najlepszy zespół: …`. The part with no
    /// counterpart is reported as added (Polish) or left out (English).
    ///
    /// `lone_names` are the spans where the name check found a name in one side only (`true`: in
    /// the English): a part that the other side renders not at all, or that holds such a name, is
    /// foreign material; one word found in it is also what a loose rendering gives.
    pub(super) fn glued_sentences(
        &self,
        l: &Link,
        e: &Side,
        p: &Side,
        lone_names: &[(bool, Span)],
        out: &mut Vec<Finding>,
    ) {
        for (idx, doc, other, is_en) in [(&l.en, self.en, p, true), (&l.pl, self.pl, e, false)] {
            let check = if is_en { Check::OmittedPassage } else { Check::AddedPassage };
            if self.opts.disabled.contains(&check) {
                continue;
            }
            // The length check's model: z of the Polish / English length ratio (chars of this side
            // when it is Polish, minus `cut` chars).
            let (le, lp) = (e.text.chars().count() as f32, p.text.chars().count() as f32);
            let z = |cut: f32| {
                let (le, lp) = if is_en { (le - cut, lp) } else { (le, lp - cut) };
                let z = self.opts.length_z(le.max(1.0), lp.max(1.0));
                if is_en {
                    -z
                } else {
                    z
                }
            };
            if z(0.0) < GLUED_LONGER_Z {
                continue;
            }
            let support = Support::of_spans(self, &other.spans, is_en);
            for s in idx.iter().filter_map(|&i| doc.sentences.get(i)) {
                let t = doc.slice(s.span);
                let words = self.words_at(is_en, s.span);
                let lone_name = |a: usize, b: usize| {
                    let part = Span::new(s.span.start + a, s.span.start + b);
                    lone_names.iter().any(|(en, n)| *en == is_en && n.overlap(&part) > 0)
                };
                let Some((part, found, words)) = glued_part(t, &words, is_en, &support, lone_name) else {
                    continue;
                };
                // Without the part, the two sides must have a translation's lengths.
                if z(t[part.0..part.1].chars().count() as f32).abs() > GLUED_REST_Z {
                    continue;
                }
                let span = Span::new(s.span.start + part.0, s.span.start + part.1);
                let (here, there) = if is_en { ("English", "Polish") } else { ("Polish", "English") };
                out.push(one_sided(
                    check,
                    is_en,
                    span,
                    format!(
                        "Part of a sentence of the {here} article shares almost nothing with the {there} it is \
                         aligned with ({found} of {words} words) and starts or ends where a capital follows a \
                         word with no final mark: it may be a sentence with no counterpart joined to its \
                         neighbour.\n{}: {}",
                        if is_en { "EN" } else { "PL" },
                        clip(&t[part.0..part.1], 200)
                    ),
                ));
            }
        }
    }
}

/// A warning about text of one side only (English when `is_en`): left out of the Polish, or added.
fn one_sided(check: Check, is_en: bool, span: Span, message: String) -> Finding {
    let (en, pl) = if is_en { (vec![span], vec![]) } else { (vec![], vec![span]) };
    Finding { check, severity: Severity::Warning, en, pl, message }
}

/// The part of sentence `t` (English when `is_en`, with words `words`: [`norm::words_of`]) with no
/// counterpart in `support`, when `t` reads as two sentences glued at a capitalised word: its byte
/// range in `t`, and its found and content words.
/// Of the places where a capital follows a word after nothing but white space, the one is taken where
/// one part is rendered (half its content words found, at least [`MIN_SUPPORTED_WORDS`]) and the other
/// not ([`MIN_UNSUPPORTED_WORDS`] content words, under a fifth found), the widest such contrast first.
fn glued_part(
    t: &str,
    words: &[(usize, usize)],
    is_en: bool,
    support: &Support,
    lone_name: impl Fn(usize, usize) -> bool,
) -> Option<((usize, usize), usize, usize)> {
    if words.len() < MIN_UNSUPPORTED_WORDS + MIN_SUPPORTED_WORDS {
        return None;
    }
    // Per word: a content word, and found on the other side.
    let content: HashSet<usize> =
        norm::content_of(t, words, is_en).iter().map(|w| w.as_ptr() as usize - t.as_ptr() as usize).collect();
    let total = words.len();
    let (mut n_content, mut n_found) = (vec![0usize; total + 1], vec![0usize; total + 1]);
    for (k, &(a, b)) in words.iter().enumerate() {
        let c = content.contains(&a);
        let found = c && support.finds(&t[a..b], is_en);
        n_content[k + 1] = n_content[k] + c as usize;
        n_found[k + 1] = n_found[k] + found as usize;
    }
    let stop = |w: &str| {
        let l = w.to_lowercase();
        if is_en {
            crate::lexicon::tokens::is_stopword_en(&l)
        } else {
            crate::lexicon::tokens::is_stopword_pl(&l)
        }
    };
    // Words `from..to` have no counterpart: under a fifth found, and nothing found at all unless they
    // hold a name the other side lacks.
    let unsupported = |from: usize, to: usize| {
        let (n, found) = (n_content[to] - n_content[from], n_found[to] - n_found[from]);
        n >= MIN_UNSUPPORTED_WORDS
            && found * 10 < n * UNSUPPORTED_TENTHS
            && (found == 0 || lone_name(words[from].0, words[to - 1].1))
    };
    let supported = |from: usize, to: usize| {
        let (n, found) = (n_content[to] - n_content[from], n_found[to] - n_found[from]);
        n >= MIN_SUPPORTED_WORDS && found * 2 >= n
    };
    let share = |from: usize, to: usize| {
        (n_found[to] - n_found[from]) as f32 / (n_content[to] - n_content[from]).max(1) as f32
    };
    let mut best: Option<(f32, (usize, usize), usize, usize)> = None;
    for k in 1..total {
        let ((pa, prev_end), (a, _)) = (words[k - 1], words[k]);
        // A capital right after a word, with only white space between, and a word that can end a
        // sentence before it (not a preposition or an article).
        if !t[a..].starts_with(char::is_uppercase)
            || !t[prev_end..a].chars().all(char::is_whitespace)
            || stop(&t[pa..prev_end])
        {
            continue;
        }
        let cand = if supported(0, k) && unsupported(k, total) {
            Some((share(0, k) - share(k, total), (a, t.len()), k, total))
        } else if unsupported(0, k) && supported(k, total) {
            Some((share(k, total) - share(0, k), (0, prev_end), 0, k))
        } else {
            None
        };
        if let Some(c) = cand {
            if best.as_ref().is_none_or(|b| c.0 > b.0) {
                best = Some(c);
            }
        }
    }
    best.map(|(_, part, from, to)| (part, n_found[to] - n_found[from], n_content[to] - n_content[from]))
}
