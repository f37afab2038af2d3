//! The quotation stage's tokens: whitespace-separated words of a region with their document offsets,
//! their word core and the punctuation around it, scanned lazily in either direction.

use super::fast::{char_at, char_start_before, is_alnum, is_space, is_upper};
use crate::model::Span;

/// A whitespace-separated token of a region: its word core (letters, digits and inner marks) and the
/// punctuation around it.
#[derive(Debug, Clone, Copy)]
pub struct Tok<'a> {
    pub word: &'a str,
    /// Document offsets of `word`.
    pub span: Span,
    pub lead: &'a str,
    pub trail: &'a str,
}

impl Tok<'_> {
    /// A placeholder (fills fixed-size token buffers).
    pub const EMPTY: Tok<'static> = Tok { word: "", span: Span { start: 0, end: 0 }, lead: "", trail: "" };
    /// Starts with an upper-case letter.
    #[inline]
    pub fn is_cap(&self) -> bool {
        !self.word.is_empty() && is_upper(char_at(self.word, 0).0)
    }
    /// An initial such as "B.".
    #[inline]
    pub fn is_initial(&self) -> bool {
        if !self.trail.starts_with('.') || self.word.is_empty() {
            return false;
        }
        let (c, len) = char_at(self.word, 0);
        len == self.word.len() && is_upper(c)
    }
    /// Ends in the English possessive "'s" or "’s" ("Tusk's").
    #[inline]
    pub fn ends_in_s_possessive(&self) -> bool {
        self.word.ends_with("'s") || self.word.ends_with("’s")
    }
    /// In the English possessive: "Tusk's", or a plural whose apostrophe trails the word ("the
    /// nurses' representative").
    #[inline]
    pub fn is_possessive(&self) -> bool {
        self.ends_in_s_possessive() || self.trail.starts_with(['\'', '’'])
    }
    /// Ends a clause: a sentence terminator or a colon/semicolon after the word.
    pub fn ends_sentence(&self) -> bool {
        !self.is_initial() && self.trail.contains(['.', '!', '?', ';'])
    }
}

/// ASCII whitespace as `char::is_whitespace` sees it.
#[inline]
fn is_ascii_space(x: u8) -> bool {
    matches!(x, b' ' | b'\t'..=b'\r')
}

/// Eight bytes of `b` from `i` as one word (little-endian: byte `i` is the lowest).
#[inline]
fn word_at(b: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[i..i + 8]);
    u64::from_le_bytes(w)
}

/// The high bit of every byte of `v` that may belong to whitespace: an ASCII byte below 0x21, or a
/// non-ASCII byte. Exact per byte (no borrows between bytes), so both the lowest and the highest flagged
/// byte are real candidates.
#[inline]
fn maybe_space(v: u64) -> u64 {
    const LO7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HI: u64 = 0x8080_8080_8080_8080;
    // (low 7 bits) + 0x5F reaches 0x80 exactly when the low 7 bits are at least 0x21; no carry leaves
    // a byte (0x7F + 0x5F < 0x100).
    (!((v & LO7) + 0x5F5F_5F5F_5F5F_5F5F) | v) & HI
}

/// The end of the token starting at the character boundary `i` of `s`: the first whitespace at or after
/// `i`, or the end of `s`. Eight bytes at a time while they hold neither whitespace nor non-ASCII.
#[inline(always)]
pub(crate) fn token_end(s: &str, mut i: usize) -> usize {
    let b = s.as_bytes();
    while i < b.len() {
        if i + 8 <= b.len() {
            let m = maybe_space(word_at(b, i));
            if m == 0 {
                i += 8;
                continue;
            }
            i += (m.trailing_zeros() / 8) as usize;
        }
        let x = b[i];
        if x < 0x80 {
            if is_ascii_space(x) {
                return i;
            }
            i += 1;
        } else {
            let (c, len) = char_at(s, i);
            if is_space(c) {
                return i;
            }
            i += len;
        }
    }
    b.len()
}

/// The start of the token ending at the character boundary `i` of `s`: just after the last whitespace
/// before `i`, or 0.
#[inline]
fn token_start(s: &str, mut i: usize) -> usize {
    let b = s.as_bytes();
    while i > 0 {
        if i >= 8 {
            let m = maybe_space(word_at(b, i - 8));
            if m == 0 {
                i -= 8;
                continue;
            }
            // Just after the highest flagged byte; the bytes above it are ASCII, so this is a boundary.
            i = i - 8 + (7 - (m.leading_zeros() / 8) as usize) + 1;
        }
        let x = b[i - 1];
        if x < 0x80 {
            if is_ascii_space(x) {
                return i;
            }
            i -= 1;
        } else {
            let k = char_start_before(s, i);
            if is_space(char_at(s, k).0) {
                return i;
            }
            i = k;
        }
    }
    0
}

/// The token `s[start..end]` (whitespace-free), with `s` starting at document offset `base`: the word
/// core runs from the first letter or digit to the end of the last one.
#[inline(always)]
fn tok_at(s: &str, base: usize, start: usize, end: usize) -> Tok<'_> {
    let b = s.as_bytes();
    // The common case: an ASCII letter or digit at both ends.
    if start < end && b[start].is_ascii_alphanumeric() && b[end - 1].is_ascii_alphanumeric() {
        let raw = &s[start..end];
        return Tok { word: raw, span: Span::new(base + start, base + end), lead: "", trail: "" };
    }
    let mut i = start;
    while i < end {
        let x = b[i];
        if x < 0x80 {
            if x.is_ascii_alphanumeric() {
                break;
            }
            i += 1;
        } else {
            let (c, len) = char_at(s, i);
            if is_alnum(c) {
                break;
            }
            i += len;
        }
    }
    let mut e = end;
    if i == end {
        // No letter or digit: all lead.
    } else {
        while e > i {
            let x = b[e - 1];
            if x < 0x80 {
                if x.is_ascii_alphanumeric() {
                    break;
                }
                e -= 1;
            } else {
                let k = char_start_before(s, e);
                if is_alnum(char_at(s, k).0) {
                    break;
                }
                e = k;
            }
        }
    }
    Tok { word: &s[i..e], span: Span::new(base + i, base + e), lead: &s[start..i], trail: &s[e..end] }
}

/// One token from its raw whitespace-free text starting at document offset `abs`.
#[inline]
pub fn make_tok(raw: &str, abs: usize) -> Tok<'_> {
    tok_at(raw, abs, 0, raw.len())
}

/// The tokens of a region, front to back, made only as they are asked for.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    s: &'a str,
    base: usize,
    i: usize,
}

impl<'a> Tokens<'a> {
    /// The part of the region not read yet.
    pub fn rest(&self) -> &'a str {
        &self.s[self.i..]
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Tok<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Tok<'a>> {
        let s = self.s;
        let b = s.as_bytes();
        let mut i = self.i;
        while i < b.len() {
            let x = b[i];
            if x < 0x80 {
                if !is_ascii_space(x) {
                    break;
                }
                i += 1;
                continue;
            }
            let (c, len) = char_at(s, i);
            if !is_space(c) {
                break;
            }
            i += len;
        }
        if i >= b.len() {
            self.i = b.len();
            return None;
        }
        let end = token_end(s, i);
        self.i = end;
        Some(tok_at(s, self.base, i, end))
    }
}

/// The tokens of a region that hold a word (letters or digits), front to back.
#[derive(Debug, Clone)]
pub struct Words<'a>(Tokens<'a>);

impl<'a> Iterator for Words<'a> {
    type Item = Tok<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Tok<'a>> {
        loop {
            let t = self.0.next()?;
            if !t.word.is_empty() {
                return Some(t);
            }
        }
    }
}

/// The tokens of a region, back to front: the same tokens as [`Tokens`] in reverse order.
#[derive(Debug, Clone)]
pub struct RevTokens<'a> {
    s: &'a str,
    base: usize,
    end: usize,
}

impl<'a> Iterator for RevTokens<'a> {
    type Item = Tok<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Tok<'a>> {
        let s = self.s;
        let b = s.as_bytes();
        let mut i = self.end;
        while i > 0 {
            let x = b[i - 1];
            if x < 0x80 {
                if !is_ascii_space(x) {
                    break;
                }
                i -= 1;
                continue;
            }
            let k = char_start_before(s, i);
            if !is_space(char_at(s, k).0) {
                break;
            }
            i = k;
        }
        if i == 0 {
            self.end = 0;
            return None;
        }
        let start = token_start(s, i);
        self.end = start;
        Some(tok_at(s, self.base, start, i))
    }
}

/// The tokens of `region` of `text`, lazily.
pub fn tokens(text: &str, region: Span) -> Tokens<'_> {
    Tokens { s: region.text(text), base: region.start, i: 0 }
}

/// The tokens of `region` of `text` that hold a word, lazily.
pub fn words(text: &str, region: Span) -> Words<'_> {
    Words(tokens(text, region))
}

/// The tokens of `region` of `text`, lazily and last first.
pub fn tokens_rev(text: &str, region: Span) -> RevTokens<'_> {
    let s = region.text(text);
    RevTokens { s, base: region.start, end: s.len() }
}

/// Split `region` of `text` into tokens.
pub fn tokenize(text: &str, region: Span) -> Vec<Tok<'_>> {
    let mut out = Vec::with_capacity(region.len() / 6 + 1);
    out.extend(tokens(text, region));
    out
}

/// The first `max` bytes of `region` (on a character boundary): attributions sit right next to the mark,
/// and bounding the window keeps the work per quotation constant.
pub fn head(text: &str, region: Span, max: usize) -> Span {
    let mut end = region.end.min(region.start + max).min(text.len());
    while end > region.start && !text.is_char_boundary(end) {
        end -= 1;
    }
    Span::new(region.start, end.max(region.start))
}

/// The last `max` bytes of `region` (on a character boundary).
pub fn tail(text: &str, region: Span, max: usize) -> Span {
    let end = region.end.min(text.len());
    let mut start = end.saturating_sub(max).max(region.start);
    while start < end && !text.is_char_boundary(start) {
        start += 1;
    }
    Span::new(start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_tokens_are_the_tokens_reversed() {
        for t in [
            "“It is hard,” executive producer Amy B. Harris tells reporters.",
            "  – dodaje\u{a0}Butler,\tmówi (Kowalska) —  ",
            "",
            "   ",
            "one",
            "Zdaniem Nowickiego „to jest dobre”.\n\nDalej",
        ] {
            let region = Span::new(0, t.len());
            let fwd: Vec<_> = tokens(t, region).map(|k| (k.word, k.span, k.lead, k.trail)).collect();
            let mut back: Vec<_> = tokens_rev(t, region).map(|k| (k.word, k.span, k.lead, k.trail)).collect();
            back.reverse();
            assert_eq!(fwd, back, "{t:?}");
            assert_eq!(tokenize(t, region).len(), fwd.len());
        }
    }

    /// The tokens by their definition: whitespace-separated, the word core from the first to the last
    /// letter or digit.
    fn reference(t: &str) -> Vec<(&str, Span, &str, &str)> {
        let mut out = Vec::new();
        let mut pos = 0;
        for raw in t.split_whitespace() {
            let at = pos + t[pos..].find(raw).unwrap();
            pos = at + raw.len();
            let lead = raw.find(char::is_alphanumeric).unwrap_or(raw.len());
            let core = raw
                .char_indices()
                .rev()
                .find(|(_, c)| c.is_alphanumeric())
                .map_or(lead, |(k, c)| k + c.len_utf8());
            out.push((&raw[lead..core], Span::new(at + lead, at + core), &raw[..lead], &raw[core..]));
        }
        out
    }

    #[test]
    fn tokens_follow_their_definition() {
        for t in [
            "“It is hard,” executive producer Amy B. Harris tells reporters.",
            "  – dodaje\u{a0}Butler,\tmówi (Kowalska) —\u{2009}ŻÓŁW… ",
            "(„Zdaniem Łukasza”) ‹x› ²³ ½ 'em… ... ﬁ Straße ΣΟΦΙΑ Ǆemal 東京 \u{3000}x\u{85}y\u{202f}z",
            "",
            "a",
            "..",
        ] {
            let region = Span::new(0, t.len());
            let fwd: Vec<_> = tokens(t, region).map(|k| (k.word, k.span, k.lead, k.trail)).collect();
            assert_eq!(fwd, reference(t), "{t:?}");
            let raw: Vec<_> =
                t.split_whitespace().map(|r| make_tok(r, 0)).map(|k| (k.lead, k.word, k.trail)).collect();
            let want: Vec<_> = reference(t).into_iter().map(|(w, _, l, r)| (l, w, r)).collect();
            assert_eq!(raw, want);
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_tokenizes_by_definition(t in "[a-zA-Z0-9 .,\"'\t\n\u{1f}\u{0}ąŁó–—„”«»\u{a0}\u{2009}\u{3000}Σ東]{0,40}") {
            let region = Span::new(0, t.len());
            let fwd: Vec<_> = tokens(&t, region).map(|k| (k.word, k.span, k.lead, k.trail)).collect();
            proptest::prop_assert_eq!(&fwd, &reference(&t));
            let mut back: Vec<_> = tokens_rev(&t, region).map(|k| (k.word, k.span, k.lead, k.trail)).collect();
            back.reverse();
            proptest::prop_assert_eq!(fwd, back);
        }
    }

    #[test]
    fn tokens_split_lead_word_trail() {
        let t = "(“Harris,” 'em… ...";
        let toks = tokenize(t, Span::new(0, t.len()));
        let parts: Vec<_> = toks.iter().map(|k| (k.lead, k.word, k.trail)).collect();
        assert_eq!(parts, vec![("(“", "Harris", ",”"), ("'", "em", "…"), ("...", "", "")]);
    }
}
