//! Per-sentence evidence: tokens and the keys they can match on the other side.
//!
//! Every word of a sentence becomes a [`Tok`] carrying a few *keys*: concept ids from the lexicon
//! (a Polish word and an English word sharing an id are translations), a name key (capitalised words
//! without their Polish case ending, so `Sebastiana` meets `Sebastian`), a cognate key (the
//! transliterated skeleton cut to five letters: `dramatyczny` ~ `dramatic`) and, for numbers, the
//! normalised value (`3,5` ~ `3.5`, `8 kwietnia` ~ `April 8`). Tokenizer, stopwords, numbers, name
//! and cognate keys come from [`crate::lexicon`]. Two sentences are similar when many of their tokens find a key on the other side.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::lang::Lang;
use crate::lexicon::numbers::{self, NumKind};
use crate::lexicon::tokens::{tokens, Token, TokenKind};
use crate::lexicon::Lexicon;

/// A source of concept ids: a bilingual lexicon. Words of the two languages that share an id are
/// (possible) translations of each other.
pub trait Concepts: Send + Sync {
    /// Append the concept ids of an English word form (any case) to `out`.
    fn en_ids(&self, word: &str, out: &mut Vec<u32>);
    /// Append the concept ids of a Polish word form (any case, inflected or not) to `out`.
    fn pl_ids(&self, word: &str, out: &mut Vec<u32>);
}

/// Which evidence sources the aligner may use (all on by default; switch off for ablations).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signals {
    /// Concept ids from the bilingual lexicon.
    pub lexicon: bool,
    /// Capitalised words matched by their first letters.
    pub names: bool,
    /// Loose transliteration prefixes (eksplozja ~ explosion).
    pub cognates: bool,
    /// Numbers in both notations, and numbers present on one side only as a penalty.
    pub numbers: bool,
    /// `?`, `!`, brackets present on one side only, as a penalty.
    pub punctuation: bool,
    /// The length ratio (Gale-Church).
    pub length: bool,
    /// Order: the diagonal-neighbour boost and the position-only recovery inside bounded gaps.
    pub position: bool,
}

impl Default for Signals {
    fn default() -> Self {
        Signals {
            lexicon: true,
            names: true,
            cognates: true,
            numbers: true,
            punctuation: true,
            length: true,
            position: true,
        }
    }
}

impl Signals {
    /// Read switches from a comma-separated list of signals to turn off
    /// (`lexicon,names,cognates,numbers,punctuation,length,position`), as in the
    /// `BIALIGN_DISABLE` environment variable. Unknown names are ignored.
    pub fn without(list: &str) -> Signals {
        let mut s = Signals::default();
        for name in list.split(',').map(str::trim) {
            match name {
                "lexicon" => s.lexicon = false,
                "names" => s.names = false,
                "cognates" => s.cognates = false,
                "numbers" => s.numbers = false,
                "punctuation" => s.punctuation = false,
                "length" => s.length = false,
                "position" => s.position = false,
                _ => {}
            }
        }
        s
    }
}

/// What kind of key a token matched by (for evidence).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KeyKind {
    /// A bilingual lexicon concept.
    Lexicon = 1,
    /// A name key.
    Name = 2,
    /// A number's value.
    Number = 3,
    /// A cognate skeleton.
    Cognate = 4,
}

/// A key: the kind in the top byte, a value or hash below.
pub type Key = u64;

fn make_key(kind: KeyKind, v: u64) -> Key {
    ((kind as u64) << 56) | (v & 0x00ff_ffff_ffff_ffff)
}

/// The kind of a key.
pub fn key_kind(k: Key) -> KeyKind {
    match k >> 56 {
        1 => KeyKind::Lexicon,
        2 => KeyKind::Name,
        3 => KeyKind::Number,
        _ => KeyKind::Cognate,
    }
}

fn hash_str(s: &str) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// One word or number of a sentence.
#[derive(Debug, Clone)]
pub struct Tok {
    /// Byte range in the sentence text (for evidence).
    pub start: u32,
    /// End of the byte range.
    pub end: u32,
    /// Range into [`SentFeat::tok_keys`].
    pub keys: (u32, u32),
    /// How much the token counts (function words and short words count little).
    pub weight: f32,
    /// A number (written with digits or as words).
    pub is_number: bool,
    /// The word form's entry in the [`WordCache`] the features were built with ([`NO_WORD`] for a
    /// number): what later passes read of the word without folding it again.
    pub word: u32,
}

/// [`Tok::word`] of a number.
pub const NO_WORD: u32 = u32::MAX;

/// The evidence of one sentence.
#[derive(Debug, Clone, Default)]
pub struct SentFeat {
    /// The sentence's words and numbers, in order.
    pub toks: Vec<Tok>,
    /// Keys of all tokens, token by token.
    pub tok_keys: Vec<Key>,
    /// All keys, sorted, deduplicated.
    pub keyset: Vec<Key>,
    /// The tokens holding each key of `keyset`: those of `keyset[x]` are
    /// `pos_toks[pos_start[x]..pos_start[x + 1]]`, in token order (`pos_start` is empty when not
    /// built).
    pub pos_toks: Vec<u32>,
    /// Where each key's tokens start in `pos_toks`.
    pub pos_start: Vec<u32>,
    /// Normalised numbers written with digits, sorted, deduplicated (the one-side-only penalty).
    pub numbers: Vec<Key>,
    /// Length in characters (non-space).
    pub chars: u32,
    /// Total token weight.
    pub weight: f32,
    /// Punctuation flags: bit 0 `?`, bit 1 `!`, bit 2 brackets.
    pub punct: u8,
    /// A 1024-bit Bloom filter of `keyset` (see [`SentFeat::index_keys`]): most absent keys are
    /// rejected by one bit test instead of a binary search.
    pub key_bloom: [u64; BLOOM_WORDS],
    /// `keyset.len()` when `key_bloom` was built: a keyset changed since is searched without it.
    pub key_bloom_len: u32,
    /// The stamp of the [`WordCache`] that [`Tok::word`] refers to.
    pub words: u64,
}

/// The Bloom filter word and bit of a key.
#[inline]
fn bloom_bit(k: Key) -> (usize, u64) {
    let h = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> 60) as usize, 1u64 << ((h >> 54) & 63))
}

/// Words of [`SentFeat::key_bloom`]: sentences hold a few hundred keys (a word has up to 32
/// lexicon ids), which 1024 bits still filter well.
const BLOOM_WORDS: usize = 16;

impl SentFeat {
    /// Whether the Bloom filter lets `k` through (false: `k` is certainly not in `keyset`). Only
    /// meaningful while `key_bloom_len == keyset.len()`.
    #[inline]
    pub fn bloom_may_have(&self, k: Key) -> bool {
        let (w, b) = bloom_bit(k);
        self.key_bloom[w] & b != 0
    }

    /// The position of `k` in `keyset`, if there.
    #[inline]
    pub fn position(&self, k: Key) -> Option<usize> {
        if self.key_bloom_len as usize == self.keyset.len() && !self.bloom_may_have(k) {
            return None;
        }
        self.keyset.binary_search(&k).ok()
    }

    /// Whether this sentence holds `k`.
    #[inline]
    pub fn has(&self, k: Key) -> bool {
        if self.key_bloom_len as usize == self.keyset.len() {
            let (w, b) = bloom_bit(k);
            if self.key_bloom[w] & b == 0 {
                return false;
            }
        }
        self.keyset.binary_search(&k).is_ok()
    }

    /// Build `keyset` (sorted, deduplicated `tok_keys`), `pos_toks` and `pos_start`.
    pub fn index_tokens(&mut self) {
        // Sort (key, token) pairs, packed key-major: keys in order give the keyset, tokens come in
        // order within a key.
        let n = self.tok_keys.len();
        let mut kt: Vec<u128> = Vec::with_capacity(n);
        for (t, tok) in self.toks.iter().enumerate() {
            let keys = &self.tok_keys[tok.keys.0 as usize..tok.keys.1 as usize];
            kt.extend(keys.iter().map(|&k| ((k as u128) << 32) | t as u128));
        }
        kt.sort_unstable();
        self.keyset = Vec::with_capacity(n);
        self.pos_start = Vec::with_capacity(n + 1);
        self.pos_toks = Vec::with_capacity(n);
        let mut last = None;
        for &x in &kt {
            let k = (x >> 32) as Key;
            if last != Some(k) {
                self.keyset.push(k);
                self.pos_start.push(self.pos_toks.len() as u32);
                last = Some(k);
            }
            self.pos_toks.push(x as u32);
        }
        self.pos_start.push(self.pos_toks.len() as u32);
    }

    /// Build the Bloom filter of `keyset` (call after changing `keyset`).
    pub fn index_keys(&mut self) {
        self.key_bloom = [0; BLOOM_WORDS];
        for &k in &self.keyset {
            let (w, b) = bloom_bit(k);
            self.key_bloom[w] |= b;
        }
        self.key_bloom_len = self.keyset.len() as u32;
    }
}

fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// A number's value as a key: years and ordinals compare as the plain integer they write.
fn number_key(k: NumKind) -> Key {
    let canon = match k {
        NumKind::Year(y) => NumKind::Value(y as i64 * 1000),
        NumKind::Ordinal(n) => NumKind::Value(n as i64 * 1000),
        other => other,
    };
    make_key(KeyKind::Number, hash_str(&format!("{canon:?}")))
}

/// Build the evidence of one sentence of language `lang`.
pub fn sentence_features(text: &str, lang: Lang, lex: Option<&dyn Concepts>, sig: &Signals) -> SentFeat {
    sentence_features_cached(text, lang, lex, sig, &mut WordCache::default())
}

/// [`sentence_features`] with a cache of word forms shared across the sentences of a document.
pub fn sentence_features_cached(
    text: &str,
    lang: Lang,
    lex: Option<&dyn Concepts>,
    sig: &Signals,
    cache: &mut WordCache,
) -> SentFeat {
    sentence_features_of(text, tokens(text), lang, lex, sig, cache)
}

/// [`sentence_features_cached`] of a sentence whose tokens are already found: `toks` are the
/// tokens of `text` ([`crate::lexicon::tokens::tokens`], offsets from the start of `text`), as a
/// document's [`crate::text::TextLayer`] gives them.
pub fn sentence_features_of<'t>(
    text: &'t str,
    toks: impl Iterator<Item = Token<'t>>,
    lang: Lang,
    lex: Option<&dyn Concepts>,
    sig: &Signals,
    cache: &mut WordCache,
) -> SentFeat {
    let mut f = SentFeat { words: cache.current_stamp(), ..SentFeat::default() };
    // Room for a token every few bytes and a few keys a token (one allocation each, usually).
    f.toks.reserve(text.len() / 5 + 2);
    f.tok_keys.reserve(text.len() / 2 + 4);
    // Number words and month names, as `numbers::extract` reads them in each word alone.
    let mut word_nums: Vec<numbers::Num> = Vec::new();
    let numeric = push_words(&mut f, toks, lang, lex, sig, cache, &mut word_nums);
    if sig.numbers && numeric {
        push_numbers(&mut f, text, lang, &word_nums);
    }
    f.index_tokens();
    f.index_keys();
    f.numbers.sort_unstable();
    f.numbers.dedup();
    let (chars, punct) = char_stats(text);
    f.chars = chars;
    if sig.punctuation {
        f.punct = punct;
    }
    f
}

/// Add a token for each word of the sentence's tokens `toks` (its keys and weight from the cache,
/// looked up once per form) and gather the number words and month names into `word_nums`. Returns
/// whether the sentence may hold a number (a token that is not a word, or a number word).
fn push_words<'t>(
    f: &mut SentFeat,
    toks: impl Iterator<Item = Token<'t>>,
    lang: Lang,
    lex: Option<&dyn Concepts>,
    sig: &Signals,
    cache: &mut WordCache,
    word_nums: &mut Vec<numbers::Num>,
) -> bool {
    let mut first_word = true;
    let mut numeric = false;
    for t in toks {
        if t.kind != TokenKind::Word {
            numeric = true;
            continue;
        }
        let k0 = f.tok_keys.len() as u32;
        let id = cache.entry_id(t.text, lang, lex, sig);
        let entry = cache.entry(id);
        if let Some(kind) = entry.num {
            numeric = true;
            word_nums.push(numbers::Num { kind, start: t.start, end: t.end, alt: None });
        }
        let (keys, mut weight) = (entry.keys.as_slice(), entry.weight);
        f.tok_keys.extend_from_slice(keys);
        if first_word && t.is_capitalized() {
            weight *= 0.8;
        }
        first_word = false;
        let k1 = f.tok_keys.len() as u32;
        f.toks.push(Tok {
            start: t.start as u32,
            end: t.end as u32,
            keys: (k0, k1),
            weight,
            is_number: false,
            word: id,
        });
        f.weight += weight;
    }
    numeric
}

/// Add a token for each number of `text` (`numbers::extract_with_words`, reading the number words
/// `word_nums` already found), and the numbers that count as present on this side only.
fn push_numbers(f: &mut SentFeat, text: &str, lang: Lang, word_nums: &[numbers::Num]) {
    for n in numbers::extract_with_words(text, lang, word_nums) {
        let k = number_key(n.kind);
        let k0 = f.tok_keys.len() as u32;
        f.tok_keys.push(k);
        // A number with two readings ("7.52m": millions or metres) matches either.
        if let Some(alt) = n.alt {
            f.tok_keys.push(number_key(alt));
        }
        // Only numbers written with digits and with one reading count as present on one side
        // only: number words are also pronouns and idioms ("one of them", "no one", "ani
        // jeden"), and a number with two readings may mean the one the other side lacks, so
        // both count as shared evidence when they match and are not held against a pair when
        // they don't.
        if n.alt.is_none() && text.get(n.start..n.end).is_some_and(|t| t.bytes().any(|b| b.is_ascii_digit()))
        {
            f.numbers.push(k);
        }
        f.toks.push(Tok {
            start: n.start as u32,
            end: n.end as u32,
            keys: (k0, f.tok_keys.len() as u32),
            weight: 1.0,
            is_number: true,
            word: NO_WORD,
        });
        f.weight += 1.0;
    }
}

/// What [`char_stats`] reads of a byte: bit 0 `?`, bit 1 `!`, bit 2 a bracket (the punctuation
/// flags), bit 3 a byte that starts a character other than ASCII white space, bit 4 the first byte
/// of a character that may be non-ASCII white space (U+0085, U+00A0, U+1680, U+2000–U+205F,
/// U+3000 start with 0xC2, 0xE1, 0xE2 or 0xE3), which is decoded to tell.
const CHAR_STAT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut x = 0;
    while x < 256 {
        let b = x as u8;
        let ascii_space = b == b' ' || (b >= 0x09 && b <= 0x0D);
        let mut v = if (b & 0xC0) != 0x80 && !ascii_space { 8 } else { 0 };
        v |= match b {
            b'?' => 1,
            b'!' => 2,
            b'(' | b')' | b'[' | b']' => 4,
            0xC2 | 0xE1 | 0xE2 | 0xE3 => 16,
            _ => 0,
        };
        t[x] = v;
        x += 1;
    }
    t
};

/// One pass over the bytes of `text`: the characters that are not white space (each counted at
/// its first byte; a character that may be non-ASCII white space is decoded), and the ASCII
/// punctuation flags (`?` 1, `!` 2, brackets 4).
fn char_stats(text: &str) -> (u32, u8) {
    let b = text.as_bytes();
    let (mut chars, mut punct) = (0u32, 0u8);
    for (i, &x) in b.iter().enumerate() {
        let t = CHAR_STAT[usize::from(x)];
        punct |= t;
        chars += u32::from((t >> 3) & 1);
        if t & 16 != 0 && text[i..].chars().next().is_some_and(char::is_whitespace) {
            chars -= 1;
        }
    }
    (chars, punct & 7)
}

impl Concepts for Lexicon {
    fn en_ids(&self, word: &str, out: &mut Vec<u32>) {
        Lexicon::en_ids(self, word, out)
    }
    fn pl_ids(&self, word: &str, out: &mut Vec<u32>) {
        Lexicon::pl_ids(self, word, out)
    }
}

impl Concepts for &'static Lexicon {
    fn en_ids(&self, word: &str, out: &mut Vec<u32>) {
        Lexicon::en_ids(self, word, out)
    }
    fn pl_ids(&self, word: &str, out: &mut Vec<u32>) {
        Lexicon::pl_ids(self, word, out)
    }
}

mod cache;
#[cfg(test)]
mod tests;

pub use cache::{with_word_caches, FastHash, FastHasher, WordCache};
