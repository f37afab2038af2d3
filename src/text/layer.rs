//! The text layer of a document: its tokens, found once, and the tokens of each sentence.
//!
//! A [`TextLayer`] holds every token of a document's text as [`crate::lexicon::tokens`] finds them
//! (runs of letters or of digits, with byte offsets, a capitalised flag, and whether the token
//! continues the word of the token before it), and for each sentence the range of tokens that
//! overlap its span. The aligner's sentence features and QA's word readers read these slices
//! instead of tokenising each sentence again.
//!
//! Tokens are maximal runs of one character class, so the tokens of a part of the text are the
//! document's tokens that overlap the part, cut at its edges: [`TextLayer::tokens_in`] gives
//! exactly what tokenising the part alone gives, and [`TextLayer::words_in`] exactly what
//! [`words`] gives of the part.

use std::ops::Range;

use crate::lexicon::tokens::{tokens, Token, TokenKind};
use crate::model::{Document, Span};

/// One token of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerToken {
    /// Byte offset of its first byte in the document text.
    pub start: usize,
    /// Byte offset after its last byte.
    pub end: usize,
    /// Letters or digits.
    pub kind: TokenKind,
    /// Starts with an uppercase letter.
    pub capitalized: bool,
    /// Continues the word of the token before it: nothing but apostrophes (`'`, `’`) stands between
    /// them, or nothing at all (a letter/digit boundary: `COVID19`). See [`words`].
    pub joined: bool,
}

/// The tokens of a document and the token range of each of its sentences.
#[derive(Clone, Default)]
pub struct TextLayer {
    tokens: Vec<LayerToken>,
    /// Per sentence, the tokens overlapping its span.
    sentences: Vec<Range<usize>>,
    /// The text and sentence spans the layer was built from ([`TextLayer::fits`]).
    fingerprint: u64,
}

impl std::fmt::Debug for TextLayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TextLayer")
            .field("tokens", &self.tokens.len())
            .field("sentences", &self.sentences.len())
            .finish()
    }
}

/// Whether `gap` (the text between two tokens) holds apostrophes only (`'`, `’`), or nothing. Read
/// byte by byte: most gaps start with a space and are refused at the first byte.
fn apostrophes_only(gap: &str) -> bool {
    apostrophe_bytes(gap.as_bytes())
}

/// [`apostrophes_only`] of the bytes of a gap.
#[inline]
fn apostrophe_bytes(mut b: &[u8]) -> bool {
    loop {
        match b {
            [] => return true,
            [b'\'', rest @ ..] | [0xE2, 0x80, 0x99, rest @ ..] => b = rest,
            _ => return false,
        }
    }
}

/// Whether `word` starts with an uppercase letter ([`Token::is_capitalized`]), ASCII letters read
/// from their byte.
fn capitalized(word: &str) -> bool {
    match word.as_bytes().first() {
        Some(b) if b.is_ascii() => b.is_ascii_uppercase(),
        _ => word.chars().next().is_some_and(char::is_uppercase),
    }
}

impl TextLayer {
    /// Tokenise `doc`'s text once and map each of its sentences to its tokens.
    pub fn new(doc: &Document) -> TextLayer {
        let text = doc.text.as_str();
        let bytes = text.as_bytes();
        let mut out: Vec<LayerToken> = Vec::with_capacity(text.len() / 5 + 1);
        // The end of the token before (none before the first: it continues no word).
        let mut prev_end = usize::MAX;
        for t in tokens(text) {
            let joined = bytes.get(prev_end..t.start).is_some_and(apostrophe_bytes);
            let capitalized = match bytes[t.start] {
                b if b < 0x80 => b.is_ascii_uppercase(),
                _ => capitalized(t.text),
            };
            out.push(LayerToken { start: t.start, end: t.end, kind: t.kind, capitalized, joined });
            prev_end = t.end;
        }
        let mut layer = TextLayer { tokens: out, sentences: Vec::new(), fingerprint: fingerprint(doc) };
        layer.sentences = doc.sentences.iter().map(|s| layer.range(s.span)).collect();
        layer
    }

    /// Whether the layer was built from this document's text and sentences.
    pub fn fits(&self, doc: &Document) -> bool {
        self.sentences.len() == doc.sentences.len() && self.fingerprint == fingerprint(doc)
    }

    /// Every token of the document, in text order.
    pub fn tokens(&self) -> &[LayerToken] {
        &self.tokens
    }

    /// The tokens of sentence `i` (those overlapping its span; empty for a sentence not there).
    pub fn sentence(&self, i: usize) -> Range<usize> {
        self.sentences.get(i).cloned().unwrap_or(0..0)
    }

    /// The tokens overlapping `span` (an empty span overlaps none).
    pub fn range(&self, span: Span) -> Range<usize> {
        if span.is_empty() {
            return 0..0;
        }
        let a = self.tokens.partition_point(|t| t.end <= span.start);
        let b = a + self.tokens[a..].partition_point(|t| t.start < span.end);
        a..b
    }

    /// The tokens of `range` cut to `span`, with offsets from `span.start`: what
    /// [`tokens`]`(span.text(text))` gives, when `range` holds the tokens overlapping `span`
    /// ([`TextLayer::range`], [`TextLayer::sentence`]) and `text` is the document's text.
    pub fn tokens_in<'t>(
        &'t self,
        text: &'t str,
        range: Range<usize>,
        span: Span,
    ) -> impl Iterator<Item = Token<'t>> + 't {
        let part = text.get(span.start..span.end).unwrap_or("");
        let range = if part.is_empty() { 0..0 } else { range };
        self.tokens.get(range).unwrap_or(&[]).iter().filter_map(move |t| {
            let (start, end) = (t.start.max(span.start) - span.start, t.end.min(span.end) - span.start);
            (start < end).then(|| Token { text: &part[start..end], start, end, kind: t.kind })
        })
    }

    /// The words of `span` (see [`words`]), as byte ranges from `span.start`: what
    /// [`words`]`(span.text(text))` gives, read from the layer.
    pub fn words_in(&self, text: &str, span: Span) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        if text.get(span.start..span.end).is_none_or(str::is_empty) {
            return out;
        }
        let range = self.range(span);
        for (k, t) in self.tokens[range].iter().enumerate() {
            let (start, end) = (t.start.max(span.start) - span.start, t.end.min(span.end) - span.start);
            match out.last_mut() {
                Some(w) if k > 0 && t.joined => w.1 = end,
                _ => out.push((start, end)),
            }
        }
        out
    }
}

/// The words of `text`, as byte ranges: runs of letters and digits, with the apostrophes inside a
/// word (`don't`, `Mike’a`) but not at its edges. Each is one token ([`tokens`]) or several with
/// nothing but apostrophes, or nothing at all, between them.
pub fn words(text: &str) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for t in tokens(text) {
        match out.last_mut() {
            Some(w) if apostrophes_only(&text[w.1..t.start]) => w.1 = t.end,
            _ => out.push((t.start, t.end)),
        }
    }
    out
}

/// A hash of the document's text and sentence spans (8 bytes at a time).
fn fingerprint(doc: &Document) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| h = (h ^ v).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
    let bytes = doc.text.as_bytes();
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        mix(u64::from_le_bytes(c.try_into().unwrap_or([0; 8])));
    }
    for &b in chunks.remainder() {
        mix(b as u64);
    }
    mix(bytes.len() as u64);
    for s in &doc.sentences {
        mix(s.span.start as u64);
        mix(s.span.end as u64);
    }
    h
}

#[cfg(test)]
#[path = "layer_tests.rs"]
mod tests;
