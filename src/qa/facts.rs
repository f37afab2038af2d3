//! Comparable articles: whether what one article says is given anywhere in the other. A retelling
//! moves material about; a passage, a quote or a number the aligner could not link may still be in
//! the other article, in another place or words. Such material is no finding of its own.

use super::*;
use std::collections::HashMap;

/// Each sentence of one article as the other article's words are looked up in it.
pub(super) struct SentenceIndex<'a> {
    supports: Vec<super::unsupported::Support<'a>>,
    /// Sentences by the first four letters of their folded words.
    by_prefix: HashMap<String, Vec<usize>>,
    /// Sentences by the lexicon concepts of their words.
    by_id: HashMap<u32, Vec<usize>>,
}

/// The names of one article: their name keys, and the capitalised words by first letter.
pub(super) struct NameIndex {
    by_letter: HashMap<char, Vec<String>>,
    keys: HashSet<String>,
}

/// The first letter of a word, folded (`Ż` → `z`).
fn first_letter(w: &str) -> char {
    norm::fold(w).chars().next().unwrap_or(' ')
}

/// The first four letters of a folded word (all of a shorter one): two words that share a stem
/// (`spelling::shares_stem`) or are the same share them.
fn prefix(w: &str) -> String {
    w.chars().take(4).collect()
}

/// Fewest content words a sentence needs before its words can tell whether the other article gives it.
const MIN_SENTENCE_WORDS: usize = 3;
/// Fewest content words of a quote ("So help me God" / "Tak mi dopomóż Bóg").
const MIN_QUOTE_WORDS: usize = 2;

impl<'a> Cx<'a> {
    /// What each sentence of the other article offers the words of a text in English (`is_en`) or
    /// Polish, built once per side.
    fn sentence_index(&self, is_en: bool) -> &SentenceIndex<'a> {
        let (cell, other) = if is_en { (&self.pl_support, self.pl) } else { (&self.en_support, self.en) };
        cell.get_or_init(|| {
            let supports: Vec<_> = other
                .sentences
                .iter()
                .map(|s| super::unsupported::Support::of_spans(self, &[s.span], is_en))
                .collect();
            let mut by_prefix: HashMap<String, Vec<usize>> = HashMap::new();
            let mut by_id: HashMap<u32, Vec<usize>> = HashMap::new();
            for (i, s) in supports.iter().enumerate() {
                for k in &s.keys {
                    by_prefix.entry(prefix(k)).or_default().push(i);
                }
                for &id in &s.ids {
                    by_id.entry(id).or_default().push(i);
                }
            }
            SentenceIndex { supports, by_prefix, by_id }
        })
    }

    /// Whether one sentence of the other article holds at least half of the content words of `span`
    /// (of the English article when `is_en`; a `quote` or a sentence): the other article says it, in a
    /// place the aligner did not link.
    pub(super) fn said_elsewhere(&self, span: Span, is_en: bool, quote: bool) -> bool {
        let words = self.content_at(is_en, span);
        if words.len() < if quote { MIN_QUOTE_WORDS } else { MIN_SENTENCE_WORDS } {
            return false;
        }
        let index = self.sentence_index(is_en);
        let lex = lexicon(self.opts);
        // Sentences that may hold each word: one with a word of the same first four letters (the same
        // word or one of its stem) or a shared concept. Only those that may hold half are read.
        let mut hits: HashMap<usize, usize> = HashMap::new();
        let mut ids = Vec::new();
        for w in &words {
            let mut cands: Vec<usize> =
                index.by_prefix.get(&prefix(&norm::fold(w))).cloned().unwrap_or_default();
            ids.clear();
            if is_en {
                lex.en_ids(w, &mut ids);
            } else {
                lex.pl_ids(w, &mut ids);
            }
            for id in &ids {
                cands.extend(index.by_id.get(id).into_iter().flatten());
            }
            cands.sort_unstable();
            cands.dedup();
            for c in cands {
                *hits.entry(c).or_default() += 1;
            }
        }
        hits.into_iter().filter(|&(_, n)| n * 2 >= words.len()).any(|(i, _)| {
            let found = words.iter().filter(|w| index.supports[i].finds(w, is_en)).count();
            found * 2 >= words.len()
        })
    }

    /// Whether the other article names a word of one article anywhere (`is_en`: the word is English):
    /// the same name in any Polish case, the same name key, or, among its names of the same first
    /// letter, a transliteration (`Zelensky` / `Zełenskiego`, by the cognate measure).
    fn named_in_other(&self, word: &str, is_en: bool) -> bool {
        let (cell, other) = if is_en { (&self.pl_names, self.pl) } else { (&self.en_names, self.en) };
        let names = cell.get_or_init(|| {
            let mut by_letter: HashMap<char, Vec<String>> = HashMap::new();
            let mut keys = HashSet::new();
            for &(a, b) in self.all_words(!is_en) {
                let o = &other.text[a..b];
                if !o.starts_with(char::is_uppercase) {
                    continue;
                }
                keys.insert(crate::lexicon::names::name_key(o));
                let list = by_letter.entry(first_letter(o)).or_default();
                if !list.iter().any(|x| x == o) {
                    list.push(o.to_string());
                }
            }
            NameIndex { by_letter, keys }
        });
        if names.keys.contains(&crate::lexicon::names::name_key(word)) {
            return true;
        }
        names.by_letter.get(&first_letter(word)).into_iter().flatten().any(|o| {
            let (en_w, pl_w) = if is_en { (word, o.as_str()) } else { (o.as_str(), word) };
            norm::same_name(word, o) || crate::lexicon::cognate::similarity(en_w, pl_w) >= NAME_COGNATE
        })
    }

    /// Whether a one-sided span of a comparable article holds a fact the other article does not give:
    /// a speech quote no quote link pairs and the other article does not say elsewhere, a number in
    /// digits the other article never states, or a name it never names.
    pub(super) fn holds_new_facts(&self, doc: &Document, span: Span, is_en: bool) -> bool {
        let lang = if is_en { Lang::En } else { Lang::Pl };
        let paired = |i: usize| {
            Self::two_sided(&self.a.quotes)
                .chain(&self.implied)
                .any(|l| if is_en { &l.en } else { &l.pl }.contains(&i))
        };
        let quote = doc.quotes.iter().enumerate().any(|(i, q)| {
            q.kind == QuoteKind::Speech
                && q.depth == 0
                && q.span.overlap(&span) > 0
                && !paired(i)
                && !self.said_elsewhere(q.span, is_en, true)
        });
        let others = if is_en { &self.pl_numbers } else { &self.en_numbers };
        let number = norm::numbers_with_words(doc.slice(span), span.start, lang, &self.words_at(is_en, span))
            .iter()
            .any(|n| !n.word && !others.iter().any(|m| n.matches(m)));
        let name = doc.sentences.iter().filter(|s| span.overlap(&s.span) > 0).any(|s| {
            names::names_in(doc.slice(s.span), lang).iter().any(|n| {
                n.words.iter().any(|w| !spelling::dictionary_word(w, is_en) && !self.named_in_other(w, is_en))
            })
        });
        quote || number || name
    }
}

/// Cognate similarity at which two names are one name spelled the two languages' ways.
const NAME_COGNATE: f32 = 0.7;

/// Whether a sentence is a heading: its paragraph is short and ends with no final mark (a title or
/// a subhead, which sums up what the article says elsewhere).
pub(super) fn heading(doc: &Document, sentence: usize) -> bool {
    let Some(s) = doc.sentences.get(sentence) else { return false };
    let Some(p) = doc.paragraphs.get(s.paragraph) else { return false };
    let t = doc.slice(p.span).trim_end().trim_end_matches(['”', '"', '’', '\'', '»', ')', ']']);
    norm::words_of(t).len() <= HEADING_WORDS && !t.ends_with(['.', '!', '?', '…', ':', ';'])
}

/// Words of a heading's paragraph, at most.
const HEADING_WORDS: usize = 20;
