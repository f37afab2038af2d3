//! What a word says: its model frequencies or its ending, clitics and name endings, and a cache of the
//! words seen most often.

use super::*;

/// What the words of a text say.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Evidence {
    /// Sum of log10 P(pl)/P(en) over words: positive means Polish.
    pub(super) score: f32,
    pub(super) words: usize,
    pub(super) known: usize,
    pub(super) latin: usize,
    pub(super) non_latin: usize,
    pub(super) polish_letters: usize,
    pub(super) foreign_letters: usize,
}

/// English clitics after an apostrophe.
pub(super) const EN_CLITICS: &[&str] = &["s", "t", "re", "ve", "ll", "d", "m"];
/// Polish case endings written after an apostrophe on foreign names (Carrie'ego, Disney'a).
pub(super) const PL_NAME_ENDINGS: &[&str] =
    &["ego", "emu", "em", "a", "u", "ie", "owi", "ym", "im", "ach", "ami", "om", "owie", "owa", "owej"];

/// What a word says whatever its position: the part of [`word_score`] that depends on the word
/// alone, so that [`route`] can compute it once and count it for both the document and its paragraph.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum WordInfo {
    /// Lowercase `i`; `true` when written `i` (the Polish "and").
    LowerI(bool),
    /// A listed word with its log-ratio; `capital` when written with an uppercase first letter.
    Known { r: f32, capital: bool },
    /// A fixed score (Polish letters, `ó`, apostrophe endings), not weighed as a name.
    Fixed(f32),
    /// An unlisted word weighed by its ending's log-ratio.
    Ending { r: f32, capital: bool },
    /// No evidence.
    Zero,
}

/// What a word's lowercase form says (everything of [`WordInfo`] but how the word is written).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum LowerInfo {
    Known(f32),
    Fixed(f32),
    Ending(f32),
    Zero,
}

impl LowerInfo {
    #[inline]
    pub(super) fn with_capital(self, capital: bool) -> WordInfo {
        match self {
            LowerInfo::Known(r) => WordInfo::Known { r, capital },
            LowerInfo::Fixed(v) => WordInfo::Fixed(v),
            LowerInfo::Ending(r) => WordInfo::Ending { r, capital },
            LowerInfo::Zero => WordInfo::Zero,
        }
    }
}

/// What the lowercase word `lower` (with key `k`) says: a listed word's log-ratio, Polish letters or
/// `ó`, an apostrophe ending, or the word's ending.
pub(super) fn lower_info(m: &Model, k: u64, lower: &str) -> LowerInfo {
    if let Some(r) = m.word(k) {
        return LowerInfo::Known(r);
    }
    // Polish letters and ó are not ASCII: an ASCII word skips those checks.
    if !lower.is_ascii() {
        if lower.chars().any(is_polish_letter) {
            return LowerInfo::Fixed(2.5);
        }
        if lower.contains('ó') {
            return LowerInfo::Fixed(1.5);
        }
    }
    if let Some((_, after)) = lower.split_once('\'') {
        if EN_CLITICS.contains(&after) {
            return LowerInfo::Fixed(-1.5);
        }
        if PL_NAME_ENDINGS.contains(&after) {
            return LowerInfo::Fixed(1.5);
        }
        return LowerInfo::Fixed(0.0);
    }
    match ending(lower).and_then(|e| m.ending(key(e))) {
        Some(r) => LowerInfo::Ending(r),
        None => LowerInfo::Zero,
    }
}

/// The position-independent evidence of a word: `orig` as written, `lower` in lowercase.
pub(super) fn word_info(m: &Model, hot: &mut HotWords, orig: &str, lower: &str) -> WordInfo {
    if lower == "i" {
        // Polish "and" is lowercase; the English pronoun is always a capital.
        return WordInfo::LowerI(orig == "i");
    }
    let capital = orig.starts_with(char::is_uppercase);
    hot.get(m, key(lower), lower.as_bytes()).with_capital(capital)
}

/// A word's score at its position (`sentence_start`: the first word of a sentence or quotation).
pub(super) fn word_score(info: WordInfo, sentence_start: bool, ev: &mut Evidence) -> f32 {
    // Capitalised words inside a sentence are often names, shared by both languages.
    let name_weight = |capital: bool| if capital && !sentence_start { 0.5 } else { 1.0 };
    match info {
        WordInfo::LowerI(true) => 2.0,
        WordInfo::LowerI(false) => {
            if sentence_start {
                0.0
            } else {
                -2.0
            }
        }
        WordInfo::Known { r, capital } => {
            ev.known += 1;
            r * name_weight(capital)
        }
        WordInfo::Fixed(v) => v,
        WordInfo::Ending { r, capital } => r * 0.6 * name_weight(capital),
        WordInfo::Zero => 0.0,
    }
}

/// A small direct-mapped cache of what lowercase words say, per thread: the model's table is
/// megabytes and a lookup in it is mostly a cache miss, while a few thousand frequent words make up
/// most of any text. A slot holds a word's key and its [`LowerInfo`], which depends on the word
/// alone, so results do not change.
pub(super) struct HotWords {
    pub(super) slots: Vec<(u64, Option<LowerInfo>)>,
}

impl HotWords {
    const SLOTS: usize = 4096;

    pub(super) fn new() -> HotWords {
        HotWords { slots: vec![(0, None); Self::SLOTS] }
    }

    /// What the lowercase word `lower` (UTF-8), whose key is `k`, says.
    #[inline]
    pub(super) fn get(&mut self, m: &Model, k: u64, lower: &[u8]) -> LowerInfo {
        // Keys are well-mixed hashes: the low bits pick the slot.
        let slot = &mut self.slots[(k as usize) & (Self::SLOTS - 1)];
        match slot.1 {
            Some(info) if slot.0 == k => info,
            _ => {
                let info = lower_info(m, k, std::str::from_utf8(lower).unwrap_or(""));
                *slot = (k, Some(info));
                info
            }
        }
    }
}

thread_local! {
    pub(super) static HOT_WORDS: std::cell::RefCell<HotWords> = std::cell::RefCell::new(HotWords::new());
}

/// The evidence of a word of ASCII letters (and `'`), lowercased on the stack: most words of both
/// languages. `None` when the word is too long for the buffer.
#[inline]
pub(super) fn ascii_word_info(m: &Model, hot: &mut HotWords, w: &[u8]) -> Option<WordInfo> {
    if w.len() == 1 && w[0] | 0x20 == b'i' {
        return Some(WordInfo::LowerI(w[0] == b'i'));
    }
    let mut buf = [0u8; 32];
    let lower = buf.get_mut(..w.len())?;
    for (d, &s) in lower.iter_mut().zip(w) {
        *d = s.to_ascii_lowercase();
    }
    // ASCII bytes are UTF-8.
    Some(hot.get(m, key_bytes(lower), lower).with_capital(w[0].is_ascii_uppercase()))
}

/// The evidence of any other word (`orig`, with `’` already written `'`), through a lowercase copy.
pub(super) fn other_word_info(m: &Model, hot: &mut HotWords, orig: &str, lower: &mut String) -> WordInfo {
    lower.clear();
    for c in orig.chars() {
        if c.is_ascii() {
            lower.push(c.to_ascii_lowercase());
        } else {
            lower.extend(c.to_lowercase());
        }
    }
    word_info(m, hot, orig, lower)
}
