//! The same words quoted again: a quotation with no attribution of its own (a headline's, a
//! subheading's) takes the speaker of another quotation that repeats its words, or of a sentence of
//! narration that reports them (`„Nie okazujesz szacunku”` … `Trump dodał, że Zełenski nie okazuje mu
//! szacunku`).
//!
//! Words are compared folded (lower case, no diacritics, split at apostrophes and hyphens). A quotation
//! repeats another when at least three quarters of the shorter one's words, and three words at least,
//! stand in the longer one in the same order. A sentence reports a quotation when it holds that share
//! of its words, each the same word or sharing its first five letters (an inflected form: okazujesz ~
//! okazuje).

use super::{fast, names, resolve, source_speaker, speaker_en, speaker_pl};
use crate::lang::Lang;
use crate::model::{Document, Quote, QuoteKind, Span};

/// Quotations with fewer words than this are not matched (two words say too little).
pub const MIN_WORDS: usize = 3;

/// A folded word as two hashes: of the whole word, and of its first five letters when it has more
/// (the stem two inflected forms share).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    full: u64,
    stem: Option<u64>,
}

/// FNV-1a step over one folded letter.
fn mix(h: u64, c: char) -> u64 {
    (h ^ c as u64).wrapping_mul(0x0000_0100_0000_01b3)
}

const SEED: u64 = 0xcbf2_9ce4_8422_2325;

/// The fold of each byte: the lower-case letter or digit for an ASCII one, 0 for any other byte
/// (non-ASCII bytes included).
const ASCII_FOLD: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let x = b as u8;
        if x.is_ascii_alphanumeric() {
            t[b] = x.to_ascii_lowercase();
        }
        b += 1;
    }
    t
};

/// The folded words of `s` appended to `out` until it holds `max` words (a piece ends a word).
pub fn push_words(s: &str, max: usize, out: &mut Vec<Word>) {
    if out.len() >= max {
        return;
    }
    let (mut h, mut n, mut stem) = (SEED, 0usize, SEED);
    // One folded letter into the word's hash (and its stem's, at the fifth letter).
    macro_rules! letter {
        ($c:expr) => {{
            h = mix(h, $c);
            n += 1;
            if n == 5 {
                stem = h;
            }
        }};
    }
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let x = b[i];
        // An ASCII letter or digit: folded by table (0 for any other byte).
        let f = ASCII_FOLD[usize::from(x)];
        if f != 0 {
            i += 1;
            letter!(f as char);
            continue;
        }
        if x < 0x80 {
            i += 1;
        } else {
            // The Latin letters fold by table; other characters by the general rule.
            let (c, len) = fast::char_at(s, i);
            i += len;
            match fast::fold_letter(c) {
                Some('\0') => {}
                Some(f) => {
                    letter!(f);
                    continue;
                }
                None if c.is_alphanumeric() => {
                    for l in c.to_lowercase() {
                        letter!(crate::lexicon::names::strip_diacritic(l));
                    }
                    continue;
                }
                None => {}
            }
        }
        if n > 0 {
            out.push(Word { full: h, stem: (n > 5).then_some(stem) });
            (h, n, stem) = (SEED, 0, SEED);
            if out.len() >= max {
                return;
            }
        }
    }
    if n > 0 && out.len() < max {
        out.push(Word { full: h, stem: (n > 5).then_some(stem) });
    }
}

/// The folded words of `s`, at most `max` of them.
pub fn words(s: &str, max: usize) -> Vec<Word> {
    let mut out = Vec::with_capacity((s.len() / 5 + 1).min(max));
    push_words(s, max, &mut out);
    out
}

/// Folded words with a 128-bit summary of their hashes (and of their stems): an upper bound on how
/// many of another list's words can match, read before any comparison in order.
#[derive(Clone, Debug, Default)]
struct Bag {
    words: Vec<Word>,
    /// The summary bits of each word and of its stem (0 for none), in word order.
    keys: Vec<(u128, u128)>,
    full: u128,
    stem: u128,
}

/// The summary bit of a hash.
fn bit(h: u64) -> u128 {
    1u128 << (h.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 57)
}

impl Bag {
    /// A quotation's words, with the summary bits of each kept for the bounds.
    fn new(words: Vec<Word>) -> Bag {
        let keys: Vec<(u128, u128)> = words.iter().map(|w| (bit(w.full), w.stem.map_or(0, bit))).collect();
        let (full, stem) = keys.iter().fold((0u128, 0u128), |(f, s), &(kf, ks)| (f | kf, s | ks));
        Bag { words, keys, full, stem }
    }

    /// A sentence's words with their summary alone (a sentence is only ever the other side of
    /// [`Bag::reported_by`], whose bound reads the quotation's keys).
    fn summary(words: Vec<Word>) -> Bag {
        let (mut full, mut stem) = (0u128, 0u128);
        for w in &words {
            full |= bit(w.full);
            if let Some(s) = w.stem {
                stem |= bit(s);
            }
        }
        Bag { words, keys: Vec::new(), full, stem }
    }

    /// [`repeats`], after the summary's bound.
    fn repeats(&self, other: &Bag) -> bool {
        let (short, long) = if self.words.len() <= other.words.len() { (self, other) } else { (other, self) };
        let bound = short.keys.iter().filter(|&&(f, _)| long.full & f != 0).count();
        enough(bound, short.words.len()) && repeats(&self.words, &other.words)
    }

    /// [`reports`] (self the quotation, `sentence` the narration), after the summary's bound.
    fn reported_by(&self, sentence: &Bag) -> bool {
        let bound =
            self.keys.iter().filter(|&&(f, s)| sentence.full & f != 0 || sentence.stem & s != 0).count();
        enough(bound, self.words.len()) && reports(&self.words, &sentence.words)
    }
}

/// Whether `n` matching words of `len` reach the share a repeat or a report needs: three quarters,
/// and [`MIN_WORDS`] at least.
fn enough(n: usize, len: usize) -> bool {
    n >= MIN_WORDS && 4 * n >= 3 * len
}

/// How many of `needle`'s words stand in `hay` in the same order (each matched once, greedily), with
/// `same` deciding when two words match.
fn in_order(needle: &[Word], hay: &[Word], same: impl Fn(&Word, &Word) -> bool) -> usize {
    let mut j = 0;
    let mut n = 0;
    for w in needle {
        if let Some(k) = hay[j..].iter().position(|h| same(w, h)) {
            n += 1;
            j += k + 1;
        }
    }
    n
}

/// Does one of the two quotations repeat the other's words (see the module doc)?
pub fn repeats(a: &[Word], b: &[Word]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.len() < MIN_WORDS {
        return false;
    }
    let n = in_order(short, long, |x, y| x.full == y.full);
    enough(n, short.len())
}

/// Two forms of one word: equal, or sharing their first five letters.
fn same_stem(a: &Word, b: &Word) -> bool {
    a.full == b.full || a.stem.is_some() && a.stem == b.stem
}

/// Does the sentence with words `sentence` report the quotation with words `quote`?
pub fn reports(quote: &[Word], sentence: &[Word]) -> bool {
    if quote.len() < MIN_WORDS {
        return false;
    }
    let n = in_order(quote, sentence, same_stem);
    enough(n, quote.len())
}

/// A speech quotation with no speaker and three words or more (a headline's, a subheading's) takes the
/// speaker of another quotation that repeats its words, the nearest after it first; else, when a
/// sentence of narration in the next three paragraphs reports its words, the subject of that
/// sentence's verb of saying. At most 32 such quotations per document are looked at.
#[allow(clippy::too_many_arguments)]
pub(super) fn assign<'t>(
    text: &'t str,
    doc: &Document,
    paras: &[(Span, Lang)],
    quotes: &mut [Quote],
    book: &mut names::NameBook<'t>,
    people: &mut Option<resolve::People<'t>>,
    named: &[(Span, bool)],
    quote_spans: &[Span],
) {
    let open: Vec<usize> = (0..quotes.len())
        .filter(|&k| {
            quotes[k].depth == 0 && quotes[k].kind == QuoteKind::Speech && quotes[k].speaker.is_none()
        })
        .take(32)
        .collect();
    if open.is_empty() {
        return;
    }
    let spoken: Vec<usize> =
        (0..quotes.len()).filter(|&k| quotes[k].depth == 0 && quotes[k].speaker.is_some()).collect();
    let mut cache: Vec<Option<Bag>> = vec![None; quotes.len()];
    // The words of each sentence's narration (outside quotations), read once.
    let mut narrations: Vec<Option<Bag>> = vec![None; doc.sentences.len()];
    let mut sorted_spans: Vec<Span> = quote_spans.to_vec();
    sorted_spans.sort_by_key(|q| q.start);
    for k in open {
        let w = Bag::new(words(quotes[k].span.text(text), 64));
        if w.words.len() < MIN_WORDS {
            continue;
        }
        let later = spoken.iter().copied().filter(|&m| m > k);
        let earlier = spoken.iter().copied().filter(|&m| m < k).rev();
        let mut found = None;
        for m in later.chain(earlier) {
            let wm = cache[m].get_or_insert_with(|| Bag::new(words(quotes[m].span.text(text), 64)));
            if w.repeats(wm) {
                found = Some(m);
                break;
            }
        }
        if let Some(m) = found {
            quotes[k].speaker = quotes[m].speaker.clone();
            continue;
        }
        // A sentence of narration after it that reports the words.
        let sents = &doc.sentences;
        let Some(first) = sents.get(quotes[k].sentence) else { continue };
        let last_para = first.paragraph + 3;
        let from = quotes[k].sentence + 1;
        for (si, s) in sents[from..].iter().enumerate().take_while(|(_, s)| s.paragraph <= last_para).take(24)
        {
            let said = narrations[from + si].get_or_insert_with(|| {
                // The sentence's words outside quotations, each piece read where it stands.
                let mut said = Vec::with_capacity(s.span.len() / 5 + 1);
                let mut at = s.span.start;
                let k0 = sorted_spans.partition_point(|q| q.end <= s.span.start);
                for q in sorted_spans[k0..].iter().take_while(|q| q.start < s.span.end) {
                    if q.start > at {
                        push_words(&text[at..q.start], 96, &mut said);
                    }
                    at = at.max(q.end.min(s.span.end));
                }
                if at < s.span.end {
                    push_words(&text[at..s.span.end], 96, &mut said);
                }
                Bag::summary(said)
            });
            if !w.reported_by(said) {
                continue;
            }
            let lang = paras.get(s.paragraph).map_or(doc.lang, |p| p.1);
            let (rules, lang) = if lang == Lang::Pl || (lang != Lang::En && doc.lang == Lang::Pl) {
                (speaker_pl::rules(), Lang::Pl)
            } else {
                (speaker_en::rules(), Lang::En)
            };
            if let Some(who) = rules.source_in(text, s.span) {
                let people =
                    people.get_or_insert_with(|| resolve::People::new(text, lang, named, quote_spans, book));
                quotes[k].speaker = source_speaker(text, who, lang, book, people);
            }
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folded words, one character at a time: the plain reading [`push_words`] must agree with.
    fn push_words_reference(s: &str, max: usize, out: &mut Vec<Word>) {
        if out.len() >= max {
            return;
        }
        let (mut h, mut n, mut stem) = (SEED, 0usize, SEED);
        let letter = |h: &mut u64, n: &mut usize, stem: &mut u64, c: char| {
            *h = mix(*h, c);
            *n += 1;
            if *n == 5 {
                *stem = *h;
            }
        };
        for c in s.chars() {
            let folded: Vec<char> = match fast::fold_letter(c) {
                Some('\0') => vec![],
                Some(f) => vec![f],
                None if c.is_alphanumeric() => {
                    c.to_lowercase().map(crate::lexicon::names::strip_diacritic).collect()
                }
                None => vec![],
            };
            if folded.is_empty() {
                if n > 0 {
                    out.push(Word { full: h, stem: (n > 5).then_some(stem) });
                    (h, n, stem) = (SEED, 0, SEED);
                    if out.len() >= max {
                        return;
                    }
                }
                continue;
            }
            for f in folded {
                letter(&mut h, &mut n, &mut stem, f);
            }
        }
        if n > 0 && out.len() < max {
            out.push(Word { full: h, stem: (n > 5).then_some(stem) });
        }
    }

    #[test]
    fn push_words_matches_the_plain_reading() {
        const PIECES: &[&str] = &[
            "a",
            "B",
            "z",
            "Q",
            "7",
            "0",
            " ",
            "  ",
            "\n",
            ",",
            ".",
            "'",
            "’",
            "-",
            "–",
            "„",
            "”",
            "ą",
            "Ł",
            "ż",
            "Ś",
            "é",
            "Ä",
            "ß",
            "İ",
            "ŉ",
            "Σ",
            "ω",
            "Ж",
            "д",
            "中",
            "🙂",
            "½",
            "²",
            "Ǆ",
            "ﬁ",
            "word",
            "Kowalski",
            "Nawrockiego",
            "okazujesz",
            "abcde",
            "abcdef",
            "abcd",
            "x1y2z3",
        ];
        // Every ASCII character on its own, then the pieces above.
        let ascii: Vec<String> = (0u8..128).map(|b| char::from(b).to_string()).collect();
        let pieces: Vec<&str> = ascii.iter().map(String::as_str).chain(PIECES.iter().copied()).collect();
        let mut next = crate::quote::test_rng(0x2545_f491_4f6c_dd1du64);
        for round in 0..8000 {
            let len = (next() % 24) as usize;
            let s: String = (0..len).map(|_| pieces[(next() % pieces.len() as u64) as usize]).collect();
            let max = [1, 3, 5, 64, 96][round % 5];
            let (mut fast_out, mut plain_out) = (Vec::new(), Vec::new());
            push_words(&s, max, &mut fast_out);
            push_words_reference(&s, max, &mut plain_out);
            assert_eq!(fast_out, plain_out, "{s:?} max {max}");
            // Appending to a list that already holds words.
            let (mut a, mut b) = (fast_out.clone(), fast_out);
            push_words(&s, max + 2, &mut a);
            push_words_reference(&s, max + 2, &mut b);
            assert_eq!(a, b, "{s:?} appended");
        }
    }

    #[test]
    fn repeated_words() {
        let w = |s: &str| words(s, 64);
        assert!(repeats(&w("We shall win this war"), &w("Mark my words: we shall win this war, he said")));
        assert!(repeats(&w("They're ready or they're not"), &w("They’re ready, or they’re not, she said")));
        assert!(!repeats(&w("We shall win"), &w("They shall lose everything now")));
        assert!(!repeats(&w("Yes sir"), &w("Yes sir, he said")), "two words say too little");
        assert!(reports(&w("Nie dotrzymujesz słowa"), &w("Kowalski dodał, że Nowak nie dotrzymuje słowa.")));
        assert!(!reports(&w("Nie dotrzymujesz słowa"), &w("Kowalski dodał, że Nowak spóźnił się.")));
    }
}
