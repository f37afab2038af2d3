//! Quotation marks: which characters open and close a quotation, telling apostrophes apart, nesting.
//!
//! The scanner works on one paragraph at a time, so an unclosed mark can never swallow the rest of the
//! document: at the paragraph end it is either continued (the English convention: the next paragraph
//! opens with a mark of the same family) or reported as unbalanced. Every mark is pushed and popped at
//! most once and the stack is bounded by the depth limit, so scanning is linear in the text length.

use std::sync::OnceLock;

use super::fast::with_lower;
use crate::model::Span;

/// Which marks can pair with which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// “ ” „ " and their mixes („…" and „…“ are common in Polish).
    Double,
    /// ‘ ’ ‚ '.
    Single,
    /// « » in either orientation.
    Guillemet,
    /// ‹ › in either orientation.
    SingleGuillemet,
    /// Dash dialogue (`– … – powiedział`): found by [`super::dash`], never by the mark scanner.
    Dash,
}

/// One quotation found by the scanner, before kinds and speakers.
#[derive(Debug, Clone, PartialEq)]
pub struct RawQuote {
    /// The text inside the marks.
    pub inner: Span,
    /// The opening mark.
    pub open: Span,
    /// The closing mark, if there was one.
    pub close: Option<Span>,
    pub family: Family,
    /// 0 for a top-level quotation.
    pub depth: u8,
    /// No closing mark was found (and the quotation does not continue in the next paragraph).
    pub unbalanced: bool,
    /// The quotation continues in the next paragraph (English multi-paragraph convention).
    pub continues: bool,
    /// Index of the paragraph.
    pub paragraph: usize,
    /// Dash dialogue with no attribution in its paragraph ([`super::dash`]).
    pub bare: bool,
}

#[derive(Debug)]
struct Open {
    ch: char,
    family: Family,
    pos: usize,
    len: usize,
}

fn is_word(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric())
}

fn is_space(c: Option<char>) -> bool {
    c.is_none_or(|c| c.is_whitespace())
}

/// An opening context: start of text, whitespace, or an opening bracket, dash or another mark.
fn opens_after(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => {
            c.is_whitespace()
                || matches!(
                    c,
                    '(' | '['
                        | '{'
                        | '-'
                        | '–'
                        | '—'
                        | '/'
                        | '“'
                        | '„'
                        | '‘'
                        | '‚'
                        | '"'
                        | '\''
                        | '«'
                        | '»'
                        | '‹'
                        | '›'
                        | ':'
                )
        }
    }
}

/// The family and whether the character can open / close, or None if it is no quotation mark.
fn family_of(c: char) -> Option<Family> {
    match c {
        '“' | '”' | '„' | '"' | '‟' | '″' => Some(Family::Double),
        '‘' | '’' | '‚' | '\'' | '‛' => Some(Family::Single),
        '«' | '»' => Some(Family::Guillemet),
        '‹' | '›' => Some(Family::SingleGuillemet),
        _ => None,
    }
}

/// The next byte at or after `from` that can start a quotation mark: " ' or the UTF-8 lead byte of
/// U+2018…201F, 2032…203A (0xE2) or of U+00AB/BB (0xC2). Each of these bytes always starts a
/// character. The text is searched with two vectorised passes (memchr3 for " ' 0xE2, memchr for 0xC2,
/// rare outside guillemets and no-break spaces) instead of a byte loop; `next` caches where each pass
/// found its next byte (None: no more), so each byte is searched at most once by each pass and the scan
/// stays linear.
#[inline]
fn next_mark_lead(bytes: &[u8], from: usize, next: &mut [Option<usize>; 2]) -> Option<usize> {
    if next[0].is_some_and(|p| p < from) {
        next[0] = memchr::memchr3(b'"', b'\'', 0xE2, &bytes[from..]).map(|k| from + k);
    }
    if next[1].is_some_and(|p| p < from) {
        next[1] = memchr::memchr(0xC2, &bytes[from..]).map(|k| from + k);
    }
    match (next[0], next[1]) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The mark scanner of one document: it walks the document's paragraphs in order, searching the text
/// for bytes that can start a mark once for the whole document (a paragraph with none is passed over
/// at once), and reuses its stack of open marks from paragraph to paragraph.
#[derive(Debug)]
pub struct Scanner<'t> {
    text: &'t str,
    /// Document offsets of the next candidate bytes of the two searches ([`next_mark_lead`]).
    next: [Option<usize>; 2],
    /// Start of the last paragraph scanned.
    last: usize,
    stack: Vec<Open>,
    /// The first `"`, `”` or `»` of the last paragraph scanned (document offset): where a quotation
    /// that lost its opening mark may end.
    first_closer: Option<usize>,
}

impl<'t> Scanner<'t> {
    /// A scanner over `text`.
    pub fn new(text: &'t str) -> Scanner<'t> {
        let b = text.as_bytes();
        Scanner {
            text,
            next: [memchr::memchr3(b'"', b'\'', 0xE2, b), memchr::memchr(0xC2, b)],
            last: 0,
            stack: Vec::new(),
            first_closer: None,
        }
    }

    /// The first `"`, `”` or `»` of the last paragraph scanned, if it holds one (document offset).
    pub fn first_closer(&self) -> Option<usize> {
        self.first_closer
    }

    /// Scan the paragraph `para` (paragraphs must come in document order): its quotations are appended
    /// to `out`, sorted by start.
    pub fn paragraph(
        &mut self,
        para: Span,
        paragraph: usize,
        next_para: Option<&str>,
        max_depth: usize,
        out: &mut Vec<RawQuote>,
    ) {
        let b = self.text.as_bytes();
        let start = para.start.min(b.len());
        self.first_closer = None;
        if start < self.last {
            // Out of order: search again from here.
            self.next = [
                memchr::memchr3(b'"', b'\'', 0xE2, &b[start..]).map(|k| start + k),
                memchr::memchr(0xC2, &b[start..]).map(|k| start + k),
            ];
        }
        self.last = start;
        match next_mark_lead(b, start, &mut self.next) {
            Some(k) if k < para.end => {}
            _ => return,
        }
        let state =
            State { next: &mut self.next, stack: &mut self.stack, first_closer: &mut self.first_closer };
        scan(self.text, para, paragraph, next_para, max_depth, state, out);
    }
}

/// English elisions written with a leading apostrophe ('em, 'til, 'cause…): data, one per line.
const ELISIONS: &str = include_str!("data/elisions_en.txt");

fn elisions() -> &'static [&'static str] {
    static S: OnceLock<Vec<&'static str>> = OnceLock::new();
    S.get_or_init(|| crate::data::entries(ELISIONS).collect())
}

fn is_elision(rest: &str) -> bool {
    // The first (at most 8) letters.
    let end = rest
        .char_indices()
        .take(8)
        .find(|(_, c)| !c.is_alphabetic())
        .map_or_else(|| rest.char_indices().nth(8).map_or(rest.len(), |(k, _)| k), |(k, _)| k);
    let word = &rest[..end];
    if word.is_empty() {
        return false;
    }
    with_lower(word, |w| elisions().contains(&w))
}

/// Scan one paragraph for quotation marks. `next_para` is the text of the following paragraph (to
/// recognise the English multi-paragraph convention). Quotes are appended to `out` sorted by start.
#[cfg(test)]
pub fn scan_paragraph(
    text: &str,
    para: Span,
    paragraph: usize,
    next_para: Option<&str>,
    max_depth: usize,
    out: &mut Vec<RawQuote>,
) {
    let mut scanner = Scanner::new(text);
    scanner.paragraph(para, paragraph, next_para, max_depth, out);
}

/// The scanner's state a paragraph's scan updates: the search state `next` ([`next_mark_lead`],
/// document offsets), the stack to reuse, and the paragraph's first closing-capable mark.
struct State<'s> {
    next: &'s mut [Option<usize>; 2],
    stack: &'s mut Vec<Open>,
    first_closer: &'s mut Option<usize>,
}

/// One paragraph scanned with the document's search state (an empty stack to reuse).
fn scan(
    text: &str,
    para: Span,
    paragraph: usize,
    next_para: Option<&str>,
    max_depth: usize,
    state: State,
    out: &mut Vec<RawQuote>,
) {
    let State { next, stack, first_closer } = state;
    stack.clear();
    let s = para.text(text);
    let base = para.start;
    let first = out.len();
    let bytes = s.as_bytes();
    // Positions of apostrophes to skip (the second mark of 'n').
    let mut skip_at: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        // The scan jumps between the bytes that can start a mark without decoding the text in between.
        let Some(k) = next_mark_lead(text.as_bytes(), base + i, next) else { break };
        if k >= base + bytes.len() {
            break;
        }
        i = k - base;
        if let Err(skip) = candidate_at(bytes, i) {
            i += skip;
            continue;
        }
        // Every byte that can start a mark is visited: the first ", ” or » is noted on the way.
        if first_closer.is_none()
            && (bytes[i] == b'"'
                || bytes[i..].starts_with("”".as_bytes())
                || bytes[i..].starts_with("»".as_bytes()))
        {
            *first_closer = Some(base + i);
        }
        let Some(c) = s[i..].chars().next() else { break };
        let at = i;
        i += c.len_utf8();
        let Some(fam) = family_of(c) else { continue };
        if skip_at == Some(at) {
            continue;
        }
        let len = c.len_utf8();
        let prev = s[..at].chars().next_back();
        let after = s[at + len..].chars().next();
        let around = Around {
            prev,
            next: after,
            left: !is_space(after) && opens_after(prev), // could open
            right: !is_space(prev) && (is_space(after) || !is_word(after)), // could close
            open_idx: stack.iter().rposition(|o| o.family == fam),
        };
        match (action(c, &around, s, at + len, stack, &mut skip_at), around.open_idx) {
            (Some(true), _) if stack.len() < max_depth => {
                stack.push(Open { ch: c, family: fam, pos: at, len })
            }
            (Some(false), Some(k)) => close_at(stack, k, base + at, len, paragraph, base, out),
            _ => {}
        }
    }
    end_paragraph(s, base, paragraph, next_para, first, stack, out);
}

/// The bytes at `i` (a byte that can start a mark): Ok(the character's length) when it may be a
/// quotation mark, or Err(how many bytes to pass over). Cheap rejections before decoding: other
/// characters with the same lead byte (dashes, the ellipsis, no-break spaces, £), and an apostrophe
/// between two ASCII letters or digits (it's, it’s: a mark of the single family between word
/// characters is never one).
#[inline]
fn candidate_at(bytes: &[u8], i: usize) -> Result<usize, usize> {
    let x = bytes[i];
    let (len, single) = match x {
        0xE2 => match (bytes.get(i + 1), bytes.get(i + 2)) {
            (Some(0x80), Some(0x98 | 0x99 | 0x9B)) => (3, true),
            (Some(0x80), Some(0x9A | 0x9C..=0x9F | 0xB3 | 0xB9 | 0xBA)) => (3, false),
            _ => return Err(3),
        },
        0xC2 => {
            if !matches!(bytes.get(i + 1), Some(0xAB | 0xBB)) {
                return Err(2);
            }
            (2, false)
        }
        _ => (1, x == b'\''),
    };
    if single
        && i > 0
        && bytes[i - 1].is_ascii_alphanumeric()
        && bytes.get(i + len).is_some_and(u8::is_ascii_alphanumeric)
    {
        return Err(len);
    }
    Ok(len)
}

/// The surroundings of a quotation mark.
#[derive(Clone, Copy)]
struct Around {
    /// The characters before and after it.
    prev: Option<char>,
    next: Option<char>,
    /// Whether it could open (a word follows, an opening context precedes) or close.
    left: bool,
    right: bool,
    /// The innermost open mark of its family on the stack.
    open_idx: Option<usize>,
}

/// What the mark `c` does: Some(true) opens, Some(false) closes the opener at `around.open_idx`,
/// None is no quotation mark here (an apostrophe, an inch mark). The mark ends at byte `end` of the
/// paragraph `s`; the first mark of 'n' sets `skip_at` to the second.
#[inline]
fn action(
    c: char,
    around: &Around,
    s: &str,
    end: usize,
    stack: &[Open],
    skip_at: &mut Option<usize>,
) -> Option<bool> {
    let Around { prev, next, left, right, open_idx } = *around;
    match c {
        '„' | '‚' => {
            if c == '‚' && is_word(prev) && is_word(next) {
                None
            } else {
                Some(true)
            }
        }
        '“' | '‟' => {
            // Closes „…“ (German style) when it stands after a word; otherwise opens.
            if open_idx.is_some() && right && !left {
                Some(false)
            } else {
                Some(true)
            }
        }
        '”' | '″' => {
            if open_idx.is_some() {
                Some(false)
            } else if left && !right {
                Some(true) // ”…” (Scandinavian style, or sloppy typing)
            } else {
                None
            }
        }
        '"' => {
            if open_idx.is_some() && !(left && !right && prev.is_some_and(char::is_whitespace)) {
                Some(false)
            } else if open_idx.is_some() {
                Some(true) // a straight quotation nested in a straight one: as "we used to do" for
            } else if prev.is_some_and(|p| p.is_ascii_digit()) && !is_word(next) {
                None // an inch mark: 12" vinyl
            } else if !is_space(next) && (opens_after(prev) || !is_word(prev)) {
                Some(true)
            } else {
                None
            }
        }
        '‘' | '’' | '\'' | '‛' => {
            let rest = &s[end..];
            if is_word(prev) && is_word(next) {
                None // it's, don't, O'Brien, Harris'a
            } else if !is_word(prev) && (next.is_some_and(|n| n.is_ascii_digit()) || is_elision(rest)) {
                // the '80s, 'em, 'til; both marks of 'n' in rock 'n' roll
                let mut r = rest.chars();
                if matches!(r.next(), Some('n' | 'N')) && matches!(r.next(), Some('\'' | '’')) {
                    *skip_at = Some(end + 1);
                }
                None
            } else if right && open_idx.is_some() && !(left && c == '‘') {
                Some(false)
            } else if left {
                Some(true)
            } else {
                None // a trailing apostrophe: the players' union
            }
        }
        '«' | '»' | '‹' | '›' => {
            // «…» or »…«: a mark closes an opener of the other orientation.
            match open_idx {
                Some(k) if stack[k].ch != c => Some(false),
                _ => Some(true),
            }
        }
        _ => None,
    }
}

/// The end of a paragraph: the marks still open end at it (trailing whitespace excluded), as
/// continuing when the next paragraph opens with a mark of the bottom one's family (the English
/// convention for a quotation over paragraphs) or, for „ and «, when the next paragraph's first mark
/// of that family closes it (one pair of marks over paragraphs), else as unbalanced; the
/// paragraph's quotes are sorted by start.
fn end_paragraph(
    s: &str,
    base: usize,
    paragraph: usize,
    next_para: Option<&str>,
    first: usize,
    stack: &mut Vec<Open>,
    out: &mut Vec<RawQuote>,
) {
    if stack.is_empty() {
        if out.len() > first + 1 {
            out[first..].sort_by_key(|q| (q.inner.start, q.depth));
        }
        return;
    }
    // Unclosed marks end at the paragraph end (trailing whitespace excluded).
    let end = base + s.trim_end().len();
    let next_opens = next_para
        .and_then(|n| n.trim_start().chars().next())
        .and_then(|c| family_of(c).map(|f| (c, f)))
        .filter(|(c, _)| !matches!(c, '”' | '’' | '\''));
    let bottom = stack.first().map(|o| o.family);
    // A Polish quotation over paragraphs with one pair of marks: „ opens it, and the next paragraph's
    // first mark of its family is the closing ” (or » for «).
    let closes_next = stack.first().is_some_and(|o| {
        let want: &[char] = match o.ch {
            '„' => &['”', '“'],
            '«' => &['»'],
            _ => return false,
        };
        next_para
            .and_then(|n| n.chars().find(|&c| family_of(c) == Some(o.family)))
            .is_some_and(|c| want.contains(&c))
    });
    while let Some(o) = stack.pop() {
        if o.family == Family::Single && !stack.is_empty() {
            continue;
        }
        if o.family == Family::Single && o.ch != '‘' && o.ch != '‚' {
            continue; // a straight or right single mark left open: an apostrophe
        }
        let continues =
            stack.is_empty() && (next_opens.is_some_and(|(_, f)| Some(f) == bottom) || closes_next);
        out.push(RawQuote {
            inner: Span::new(base + o.pos + o.len, end.max(base + o.pos + o.len)),
            open: Span::new(base + o.pos, base + o.pos + o.len),
            close: None,
            family: o.family,
            depth: stack.len() as u8,
            unbalanced: !continues,
            continues,
            paragraph,
            bare: false,
        });
    }
    out[first..].sort_by_key(|q| (q.inner.start, q.depth));
}

/// Close the opener at `idx` with the mark at `at` (document offset); openers above it were never closed.
fn close_at(
    stack: &mut Vec<Open>,
    idx: usize,
    at: usize,
    len: usize,
    paragraph: usize,
    base: usize,
    out: &mut Vec<RawQuote>,
) {
    while stack.len() > idx + 1 {
        let o = stack.pop().expect("stack is deeper than idx");
        if o.family == Family::Single {
            continue; // an unclosed single mark was an apostrophe
        }
        out.push(RawQuote {
            inner: Span::new(base + o.pos + o.len, at),
            open: Span::new(base + o.pos, base + o.pos + o.len),
            close: None,
            family: o.family,
            depth: stack.len() as u8,
            unbalanced: true,
            continues: false,
            paragraph,
            bare: false,
        });
    }
    if let Some(o) = stack.pop() {
        out.push(RawQuote {
            inner: Span::new(base + o.pos + o.len, at),
            open: Span::new(base + o.pos, base + o.pos + o.len),
            close: Some(Span::new(at, at + len)),
            family: o.family,
            depth: stack.len() as u8,
            unbalanced: false,
            continues: false,
            paragraph,
            bare: false,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spans of the paragraphs of `t` (separated by blank lines).
    fn paragraphs(t: &str) -> Vec<Span> {
        let mut out = Vec::new();
        let mut pos = 0;
        for p in t.split("\n\n") {
            out.push(Span::new(pos, pos + p.len()));
            pos += p.len() + 2;
        }
        out
    }

    proptest::proptest! {
        /// One scanner walking the document finds what a fresh scan of each paragraph finds.
        #[test]
        fn document_scanner_matches_paragraph_scans(
            t in "([a-z ]{0,6}|[\"'„”“‘’«»–—…£]|\u{a0}|\n\n){0,40}"
        ) {
            let paras = paragraphs(&t);
            let mut shared = Vec::new();
            let mut fresh = Vec::new();
            let mut scanner = Scanner::new(&t);
            for (k, span) in paras.iter().enumerate() {
                let next = paras.get(k + 1).map(|s| s.text(&t));
                scanner.paragraph(*span, k, next, 16, &mut shared);
                scan_paragraph(&t, *span, k, next, 16, &mut fresh);
            }
            proptest::prop_assert_eq!(shared, fresh);
        }
    }

    #[test]
    fn paragraphs_without_marks_are_passed_over() {
        let t = "No marks here.\n\nHe said “yes” and ‘no’ – fine.\n\nNone – here either…";
        let paras = paragraphs(t);
        let mut out = Vec::new();
        let mut scanner = Scanner::new(t);
        for (k, span) in paras.iter().enumerate() {
            scanner.paragraph(*span, k, None, 16, &mut out);
        }
        let got: Vec<&str> = out.iter().map(|q| q.inner.text(t)).collect();
        assert_eq!(got, vec!["yes", "no"]);
        assert!(out.iter().all(|q| q.paragraph == 1));
    }
}
