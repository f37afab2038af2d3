//! A fast word tokenizer with byte spans, lowercase folding and stopword lists.
//!
//! A token is a maximal run of letters (`Word`) or of ASCII/Unicode digits (`Number`);
//! everything else (spaces, punctuation, quote marks, hyphens, apostrophes) separates
//! tokens, and a letter/digit boundary splits a run (`COVID-19` → `COVID`, `19`;
//! `14-tą` → `14`, `tą`). Spans are byte offsets into the input, end-exclusive, so the
//! aligner can map a token back to the text.

use std::collections::HashSet;
use std::sync::OnceLock;

/// What a token is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// Letters only.
    Word,
    /// Digits only.
    Number,
}

/// One token: its text (as written) and its byte span in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token as written (a slice of the input).
    pub text: &'a str,
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset after the last byte.
    pub end: usize,
    /// Letters or digits.
    pub kind: TokenKind,
}

impl Token<'_> {
    /// Whether the token starts with an uppercase letter (a name candidate).
    pub fn is_capitalized(&self) -> bool {
        self.text.chars().next().is_some_and(char::is_uppercase)
    }
}

#[inline]
fn class(c: char) -> Option<TokenKind> {
    if c.is_ascii() {
        if c.is_ascii_alphabetic() {
            Some(TokenKind::Word)
        } else if c.is_ascii_digit() {
            Some(TokenKind::Number)
        } else {
            None
        }
    } else if ('\u{C0}'..='\u{24F}').contains(&c) {
        // Latin-1 and Latin Extended letters (Polish among them), without a table search: all
        // letters but the two signs.
        (c != '×' && c != '÷').then_some(TokenKind::Word)
    } else if ('\u{2000}'..='\u{206F}').contains(&c) {
        // General punctuation (dashes, curly quotes, ellipsis, special spaces): no letters or digits.
        None
    } else if c.is_alphabetic() {
        Some(TokenKind::Word)
    } else if c.is_numeric() {
        Some(TokenKind::Number)
    } else {
        None
    }
}

/// Iterator over the tokens of a string; see [`tokens`].
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let b = self.text.as_bytes();
        let mut i = self.pos;
        // ASCII bytes are classified directly; other characters are decoded.
        let (start, kind) = loop {
            let &c = b.get(i)?;
            if c < 0x80 {
                if c.is_ascii_alphabetic() {
                    break (i, TokenKind::Word);
                }
                if c.is_ascii_digit() {
                    break (i, TokenKind::Number);
                }
                i += 1;
            } else {
                let ch = self.text[i..].chars().next()?;
                if let Some(k) = class(ch) {
                    break (i, k);
                }
                i += ch.len_utf8();
            }
        };
        let mut end = i;
        while let Some(&c) = b.get(end) {
            if c < 0x80 {
                let same = match kind {
                    TokenKind::Word => c.is_ascii_alphabetic(),
                    TokenKind::Number => c.is_ascii_digit(),
                };
                if !same {
                    break;
                }
                end += 1;
            } else {
                let Some(ch) = self.text[end..].chars().next() else { break };
                if class(ch) != Some(kind) {
                    break;
                }
                end += ch.len_utf8();
            }
        }
        self.pos = end;
        Some(Token { text: &self.text[start..end], start, end, kind })
    }
}

/// The tokens of `text`, in order.
///
/// ```
/// use bialign::lexicon::tokens::{tokens, TokenKind};
/// let t: Vec<_> = tokens("Pan Kowalski, 3,5 mln").collect();
/// assert_eq!(t.iter().map(|t| t.text).collect::<Vec<_>>(), ["Pan", "Kowalski", "3", "5", "mln"]);
/// assert_eq!((t[1].start, t[1].end, t[2].kind), (4, 12, TokenKind::Number));
/// ```
pub fn tokens(text: &str) -> Tokens<'_> {
    Tokens { text, pos: 0 }
}

/// Lowercase `word` into `out` (cleared first); ASCII words take a fast path.
pub fn fold_into(word: &str, out: &mut String) {
    out.clear();
    if word.is_ascii() {
        out.push_str(word);
        out.make_ascii_lowercase();
    } else {
        for c in word.chars() {
            out.extend(c.to_lowercase());
        }
    }
}

/// `word` in lowercase.
pub fn fold(word: &str) -> String {
    let mut s = String::with_capacity(word.len());
    fold_into(word, &mut s);
    s
}

fn word_list(text: &str) -> HashSet<&str> {
    crate::data::entries(text).collect()
}

static EN_STOP: OnceLock<HashSet<&'static str>> = OnceLock::new();
static PL_STOP: OnceLock<HashSet<&'static str>> = OnceLock::new();

/// Whether a lowercase English word is a function word (data/stopwords-en.txt).
pub fn is_stopword_en(lower: &str) -> bool {
    EN_STOP.get_or_init(|| word_list(include_str!("data/stopwords-en.txt"))).contains(lower)
}

/// Whether a lowercase Polish word is a function word (data/stopwords-pl.txt).
pub fn is_stopword_pl(lower: &str) -> bool {
    PL_STOP.get_or_init(|| word_list(include_str!("data/stopwords-pl.txt"))).contains(lower)
}

#[cfg(test)]
mod tests {

    /// The shortcuts for Latin letters and general punctuation give what the Unicode tables give.
    #[test]
    fn character_classes_follow_unicode() {
        for c in (0x80u32..0x3100).filter_map(char::from_u32) {
            let want = if c.is_alphabetic() {
                Some(TokenKind::Word)
            } else if c.is_numeric() {
                Some(TokenKind::Number)
            } else {
                None
            };
            assert_eq!(super::class(c), want, "U+{:04X}", c as u32);
        }
    }

    use super::*;

    fn texts(s: &str) -> Vec<&str> {
        tokens(s).map(|t| t.text).collect()
    }

    #[test]
    fn splits_words_numbers_and_punctuation() {
        assert_eq!(texts("„Nie wiem” - mówi Harris."), ["Nie", "wiem", "mówi", "Harris"]);
        assert_eq!(texts("COVID-19 w 2020 r."), ["COVID", "19", "w", "2020", "r"]);
        assert_eq!(texts("don't"), ["don", "t"]);
        assert_eq!(texts(""), Vec::<&str>::new());
        assert_eq!(texts(" ... "), Vec::<&str>::new());
    }

    #[test]
    fn spans_are_byte_offsets() {
        let s = "Żółć i 12";
        for t in tokens(s) {
            assert_eq!(&s[t.start..t.end], t.text);
        }
        let t: Vec<_> = tokens(s).collect();
        assert_eq!((t[0].start, t[0].end), (0, 8));
        assert_eq!(t[2].kind, TokenKind::Number);
    }

    #[test]
    fn folds_case_including_polish_letters() {
        assert_eq!(fold("ŻÓŁĆ"), "żółć");
        assert_eq!(fold("Harris"), "harris");
        assert!(tokens("Sebastian").next().unwrap().is_capitalized());
    }

    #[test]
    fn stopwords() {
        assert!(is_stopword_en("the") && is_stopword_en("which"));
        assert!(!is_stopword_en("explosion"));
        assert!(is_stopword_pl("się") && is_stopword_pl("że") && is_stopword_pl("który"));
        assert!(!is_stopword_pl("wybuch"));
    }
}
