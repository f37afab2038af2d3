//! Per-sentence evidence: tokens and the keys they can match on the other side.
//!
//! Every word of a sentence becomes a [`Tok`] carrying a few *keys*: concept ids from the lexicon
//! (a Polish word and an English word sharing an id are translations), a name key (capitalised words
//! cut to their first five letters, so `Sebastiana` meets `Sebastian`), a cognate key (a loose
//! transliteration cut to five letters: `dramatyczny` ~ `dramatic`) and, for numbers, the normalised
//! value. Two sentences are similar when many of their tokens find a key on the other side.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::lang::Lang;

/// A source of concept ids: a bilingual lexicon. Words of the two languages that share an id are
/// (possible) translations of each other.
pub trait Concepts: Send + Sync {
    /// Append the concept ids of an English word form (any case) to `out`.
    fn en_ids(&self, word: &str, out: &mut Vec<u32>);
    /// Append the concept ids of a Polish word form (any case, inflected or not) to `out`.
    fn pl_ids(&self, word: &str, out: &mut Vec<u32>);
    /// Whether `word` (lowercase) is a function word of `lang` that carries little evidence.
    fn is_stopword(&self, lang: Lang, word: &str) -> bool {
        let _ = (lang, word);
        false
    }
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
    Lexicon = 1,
    Name = 2,
    Number = 3,
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
    pub end: u32,
    /// Range into [`SentFeat::tok_keys`].
    pub keys: (u32, u32),
    /// How much the token counts (function words and short words count little).
    pub weight: f32,
    pub is_number: bool,
}

/// The evidence of one sentence.
#[derive(Debug, Clone, Default)]
pub struct SentFeat {
    pub toks: Vec<Tok>,
    /// Keys of all tokens, token by token.
    pub tok_keys: Vec<Key>,
    /// All keys, sorted, deduplicated.
    pub keyset: Vec<Key>,
    /// Normalised numbers, sorted, deduplicated.
    pub numbers: Vec<Key>,
    /// Length in characters (non-space).
    pub chars: u32,
    /// Total token weight.
    pub weight: f32,
    /// Punctuation flags: bit 0 `?`, bit 1 `!`, bit 2 brackets.
    pub punct: u8,
}

impl SentFeat {
    /// Whether this sentence holds `k`.
    #[inline]
    pub fn has(&self, k: Key) -> bool {
        self.keyset.binary_search(&k).is_ok()
    }
}

/// Loose transliteration of a lowercase word into a shared EN/PL spelling, for cognates.
fn translit(w: &str) -> String {
    let mut s = String::with_capacity(w.len());
    for c in w.chars() {
        let m = match c {
            'ą' => "a",
            'ć' => "c",
            'ę' => "e",
            'ł' => "l",
            'ń' => "n",
            'ó' => "o",
            'ś' => "s",
            'ź' | 'ż' => "z",
            'x' => "ks",
            'w' => "v",
            'y' => "i",
            'q' => "k",
            'c' => "k",
            'j' => "i",
            _ => {
                s.push(c);
                continue;
            }
        };
        s.push_str(m);
    }
    let s = s.replace("ph", "f").replace("th", "t").replace("kh", "h").replace("sh", "sz");
    let mut out = String::with_capacity(s.len());
    let mut last = '\0';
    for c in s.chars() {
        if c != last {
            out.push(c);
        }
        last = c;
    }
    out
}

fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Normalise a number token (digits with `.`/`,`/spaces inside) to a canonical value string.
fn norm_number(raw: &str, lang: Lang) -> String {
    let parts: Vec<&str> = raw.split(['.', ',', ' ', '\u{a0}', '\u{202f}']).collect();
    if parts.len() == 1 {
        return raw.trim_start_matches('0').to_string();
    }
    let seps: Vec<char> = raw.chars().filter(|c| !c.is_ascii_digit()).collect();
    let all_thousands =
        parts[1..].iter().all(|p| p.len() == 3) && !parts[0].is_empty() && parts[0].len() <= 3;
    let thousands_sep = match lang {
        Lang::Pl => seps.iter().all(|&c| c != ','),
        _ => seps.iter().all(|&c| c != '.'),
    };
    if all_thousands && (thousands_sep || seps.len() > 1) {
        return parts.concat().trim_start_matches('0').to_string();
    }
    // A decimal: one separator.
    let int = parts[..parts.len() - 1].concat();
    let frac = parts[parts.len() - 1].trim_end_matches('0');
    let int = int.trim_start_matches('0');
    if frac.is_empty() {
        int.to_string()
    } else {
        format!("{}.{}", if int.is_empty() { "0" } else { int }, frac)
    }
}

fn three_digit_group(chars: &[(usize, char)], at: usize) -> bool {
    chars.len() >= at + 3
        && chars[at..at + 3].iter().all(|x| x.1.is_ascii_digit())
        && !matches!(chars.get(at + 3), Some(x) if x.1.is_ascii_digit())
}

/// Split a sentence into word and number tokens: (start, end, is_number).
pub fn tokenize(text: &str) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (s, c) = chars[i];
        if c.is_ascii_digit() {
            let mut j = i + 1;
            while j < chars.len() {
                let d = chars[j].1;
                let joins = matches!(d, '.' | ',' | ' ' | '\u{a0}' | '\u{202f}')
                    && j + 1 < chars.len()
                    && chars[j + 1].1.is_ascii_digit()
                    // a space joins only groups of three digits ("1 000"), not "in 2016 20 people"
                    && (matches!(d, '.' | ',') || three_digit_group(&chars, j + 1));
                if d.is_ascii_digit() || joins {
                    j += 1;
                } else {
                    break;
                }
            }
            let e = chars.get(j).map_or(text.len(), |x| x.0);
            out.push((s, e, true));
            i = j;
        } else if c.is_alphabetic() {
            let mut j = i + 1;
            while j < chars.len() {
                let d = chars[j].1;
                if d.is_alphabetic()
                    || ((d == '\'' || d == '’') && j + 1 < chars.len() && chars[j + 1].1.is_alphabetic())
                {
                    j += 1;
                } else {
                    break;
                }
            }
            let e = chars.get(j).map_or(text.len(), |x| x.0);
            out.push((s, e, false));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// Build the evidence of one sentence of language `lang`.
pub fn sentence_features(text: &str, lang: Lang, lex: Option<&dyn Concepts>, sig: &Signals) -> SentFeat {
    let mut f = SentFeat::default();
    let mut ids: Vec<u32> = Vec::new();
    let mut first_word = true;
    for (s, e, is_num) in tokenize(text) {
        let w = &text[s..e];
        let k0 = f.tok_keys.len() as u32;
        let mut weight;
        if is_num {
            weight = 1.0;
            if sig.numbers {
                let n = norm_number(w, lang);
                let k = make_key(KeyKind::Number, hash_str(&n));
                f.tok_keys.push(k);
                f.numbers.push(k);
            }
        } else {
            let lower = w.to_lowercase();
            let nchars = lower.chars().count();
            let stop = lex.is_some_and(|l| l.is_stopword(lang, &lower));
            weight = if stop || nchars <= 2 {
                0.15
            } else if nchars == 3 {
                0.5
            } else {
                1.0
            };
            if sig.lexicon {
                if let Some(l) = lex {
                    ids.clear();
                    match lang {
                        Lang::Pl => l.pl_ids(&lower, &mut ids),
                        _ => l.en_ids(&lower, &mut ids),
                    }
                    for &id in ids.iter().take(24) {
                        f.tok_keys.push(make_key(KeyKind::Lexicon, id as u64));
                    }
                }
            }
            let capital = w.chars().next().is_some_and(char::is_uppercase);
            if sig.names && capital && nchars >= 3 && !stop {
                // Sentence-initial words are capitalised anyway: they still get a name key, which
                // only matters when the other side has the same capitalised word.
                let key = translit(&lower);
                f.tok_keys.push(make_key(KeyKind::Name, hash_str(prefix(&key, 5))));
            }
            if sig.cognates && nchars >= 6 && !stop {
                let key = translit(&lower);
                f.tok_keys.push(make_key(KeyKind::Cognate, hash_str(prefix(&key, 5))));
            }
            if capital && first_word {
                weight *= 0.8;
            }
            first_word = false;
        }
        let k1 = f.tok_keys.len() as u32;
        f.toks.push(Tok { start: s as u32, end: e as u32, keys: (k0, k1), weight, is_number: is_num });
        f.weight += weight;
    }
    f.keyset = f.tok_keys.clone();
    f.keyset.sort_unstable();
    f.keyset.dedup();
    f.numbers.sort_unstable();
    f.numbers.dedup();
    f.chars = text.chars().filter(|c| !c.is_whitespace()).count() as u32;
    if sig.punctuation {
        for c in text.chars() {
            match c {
                '?' => f.punct |= 1,
                '!' => f.punct |= 2,
                '(' | ')' | '[' | ']' => f.punct |= 4,
                _ => {}
            }
        }
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_both_notations_meet() {
        assert_eq!(norm_number("3,5", Lang::Pl), norm_number("3.5", Lang::En));
        assert_eq!(norm_number("1 000", Lang::Pl), norm_number("1,000", Lang::En));
        assert_eq!(norm_number("2016", Lang::Pl), "2016");
        assert_eq!(norm_number("1.000.000", Lang::Pl), "1000000");
    }

    #[test]
    fn tokenizer_keeps_grouped_numbers_and_words() {
        let t = "W 2016 roku 1 000 osób, 3,5 mln.";
        let toks: Vec<&str> = tokenize(t).iter().map(|&(s, e, _)| &t[s..e]).collect();
        assert_eq!(toks, ["W", "2016", "roku", "1 000", "osób", "3,5", "mln"]);
    }

    #[test]
    fn inflected_names_share_a_key() {
        let sig = Signals::default();
        let e = sentence_features("Sebastian left.", Lang::En, None, &sig);
        let p = sentence_features("Zostawiła Sebastiana.", Lang::Pl, None, &sig);
        assert!(e.keyset.iter().any(|k| key_kind(*k) == KeyKind::Name && p.has(*k)));
    }
}
