//! The scanner: one pass over a paragraph, candidate boundaries and list markers, each decided
//! through [`Text`].

use super::*;

/// What follows a candidate boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A lower-case letter: the sentence goes on.
    Lower,
    /// An upper-case letter, or a letter without case.
    Upper,
    Digit,
    /// A dash: a reporting clause (`" - mówi Harris`) or a dialogue turn.
    Dash,
    /// A list bullet.
    Bullet,
    /// `,` `;` `:` and other continuing punctuation.
    Punct,
    /// A symbol ($, #, emoji…): a new sentence may start with it.
    Other,
}

/// The first word after a candidate boundary (after opening quotes and a leading ellipsis).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Next<'a> {
    pub kind: Kind,
    /// Offset of the first character after openers.
    pub at: usize,
    /// An opening quote or bracket precedes the word.
    pub opener: bool,
    /// An opening quotation mark (not a bracket) precedes the word.
    pub quote: bool,
    /// The alphanumeric word at `at` (at most 48 bytes).
    pub word: &'a str,
}

/// An inline list marker: `1)`, `b)`, `(c)`, `2.`, `c.`, `3.)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Marker {
    pub(super) letter: bool,
    /// `)`, `.`, `>` for `.)`, or `(` for an enclosed marker `(b)`.
    pub(super) style: u8,
    pub(super) value: u32,
}

impl Marker {
    pub(super) fn follows(self, prev: Marker) -> bool {
        self.letter == prev.letter && self.style == prev.style && self.value == prev.value + 1
    }
}

/// A paragraph being split, as the decisions see it: the text, the language's rules and where
/// the current sentence starts.
pub(crate) struct Text<'a> {
    pub(super) s: &'a str,
    pub(super) b: &'a [u8],
    pub(super) r: &'static Rules,
    pub(super) sent_start: usize,
}

/// One scan over a paragraph.
pub(super) struct Scanner<'a, F: FnMut(usize, usize)> {
    pub(super) t: Text<'a>,
    pub(super) emit: F,
    /// The last inline list marker seen in this paragraph.
    pub(super) list: Option<Marker>,
}

impl<'a, F: FnMut(usize, usize)> Deref for Scanner<'a, F> {
    type Target = Text<'a>;
    fn deref(&self) -> &Text<'a> {
        &self.t
    }
}

impl<F: FnMut(usize, usize)> DerefMut for Scanner<'_, F> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.t
    }
}

/// Whether the three-byte character starting with 0xE2 at `b[i]` may be a final mark or a
/// bullet (`…` `‽` `⁇` `⁈` `⁉`, `•` `‣` `⁃` `▪` `■` `◦` `●`): quotation marks and dashes, the
/// other frequent characters of that block, are passed over without decoding.
#[inline]
pub(super) fn e2_mark(b: &[u8], i: usize) -> bool {
    matches!(
        (b.get(i + 1), b.get(i + 2)),
        (Some(0x80), Some(0xA6 | 0xA2 | 0xA3 | 0xBD))
            | (Some(0x81), Some(0x83 | 0x87 | 0x88 | 0x89))
            | (Some(0x96 | 0x97), _)
    )
}

/// Split `s` (one paragraph) with `rules`, calling `emit(start, end)` for each sentence in order.
pub(crate) fn split_into<F: FnMut(usize, usize)>(s: &str, rules: &'static Rules, emit: F) {
    let mut sc = Scanner { t: Text { s, b: s.as_bytes(), r: rules, sent_start: 0 }, emit, list: None };
    sc.run();
}

impl<F: FnMut(usize, usize)> Scanner<'_, F> {
    pub(super) fn push(&mut self, end: usize, next_start: usize) {
        if end > self.sent_start {
            let start = self.t.sent_start;
            (self.emit)(start, end);
            self.t.sent_start = next_start;
        }
    }

    pub(super) fn run(&mut self) {
        let b: &[u8] = self.t.b;
        let n = b.len();
        self.sent_start = self.skip_ws(0);
        let mut i = self.sent_start;
        // The scan between candidates: two vectorised searches, for the final marks and for
        // the other bytes of interest, each resumed only once the scan has passed its last hit.
        let (mut marks, mut others) = (i, i);
        let find = |i: usize, x: u8, y: u8, z: u8| memchr::memchr3(x, y, z, &b[i..]).map_or(n, |p| i + p);
        marks = find(marks, b'.', b'!', b'?');
        others = find(others, b'\n', b')', 0xE2);
        // Past the pair's deadline (see crate::deadline), checked every 64 KiB, the rest is one sentence.
        let mut check_at = i + (1 << 16);
        while i < n {
            if i >= check_at {
                check_at = i + (1 << 16);
                if crate::deadline::current_expired() {
                    break;
                }
            }
            if marks < i {
                marks = find(i, b'.', b'!', b'?');
            }
            if others < i {
                others = find(i, b'\n', b')', 0xE2);
            }
            i = marks.min(others);
            if i >= n {
                break;
            }
            // stops: `.` `!` `?` `)` newline, and 0xE2, the lead byte of `…` `•` `‽` `⁉` (`·`,
            // a bullet that never opens an item, needs no stop)
            i = match b[i] {
                b'\n' => self.newline(i),
                b'.' | b'!' | b'?' => self.candidate(i),
                b')' => self.paren(i),
                0xE2 if !e2_mark(b, i) => i + 3,
                _ => match self.char_at(i) {
                    Some(c) if is_term(c) => self.candidate(i),
                    Some(c) if is_bullet(c) => self.bullet(i, c),
                    _ => i + 1,
                },
            };
        }
        let end = self.trim_end(n);
        let start = self.t.sent_start;
        if end > start {
            (self.emit)(start, end);
        }
    }

    /// A line break inside the paragraph: a boundary before a blank line or a list item.
    pub(super) fn newline(&mut self, i: usize) -> usize {
        let j = self.skip_ws(i);
        if j >= self.b.len() {
            return j;
        }
        let breaks = self.b[i..j].iter().filter(|&&b| b == b'\n').count();
        if breaks >= 2 || self.list_item_at(j) {
            let end = self.trim_end(i);
            self.push(end, j);
        }
        j
    }

    /// A bullet after whitespace, before whitespace or glued to its item (`⁃9.`), starts a new item.
    pub(super) fn bullet(&mut self, i: usize, c: char) -> usize {
        let after = i + c.len_utf8();
        let spaced_before = self.prev_char(i).is_some_and(char::is_whitespace);
        let item_after = self.char_at(after).is_some_and(|x| x.is_whitespace() || x.is_alphanumeric());
        if spaced_before && item_after && c != '·' {
            let end = self.trim_end(i);
            self.push(end, i);
        }
        after
    }

    /// A `)` after a list marker (`2)`, `b)`): the marker opens an item.
    pub(super) fn paren(&mut self, i: usize) -> usize {
        if self.char_at(i + 1).is_some_and(char::is_whitespace) {
            if let Some((ms, letter, value, enclosed)) = self.marker_before(i, true) {
                let style = if enclosed { b'(' } else { b')' };
                self.list_marker(ms, Marker { letter, style, value }, i + 1);
            }
        }
        i + 1
    }

    /// A list marker starting at `ms`, its item after `after`: record it, and start a new
    /// sentence at it when it continues the paragraph's list before a capitalised item.
    /// Returns whether the marker is a list marker (then the marks after it end nothing).
    pub(super) fn list_marker(&mut self, ms: usize, m: Marker, after: usize) -> bool {
        if self.list_position(ms) {
            self.list = Some(m);
            return true;
        }
        if self.list.is_some_and(|prev| m.follows(prev)) {
            self.list = Some(m);
            let j = self.skip_ws(after);
            if self.char_at(j).is_some_and(char::is_uppercase) {
                let end = self.trim_end(ms);
                self.push(end, ms);
            }
            return true;
        }
        false
    }

    /// A run of final marks starting at `i`: decide, and return where to continue scanning.
    pub(super) fn candidate(&mut self, i: usize) -> usize {
        let n = self.b.len();
        let rs = i;
        let (mut e, mut dots, mut has_q, mut ell) = self.final_marks(i);
        let mut spaced = false;
        // An elision mark "(...)", "[…]": never a boundary.
        if (dots >= 2 || ell)
            && !has_q
            && matches!(self.prev_char(rs), Some('(' | '['))
            && matches!(self.b.get(e), Some(b')' | b']'))
        {
            return e + 1;
        }
        if dots == 1 && !has_q && !ell {
            if let Some(after) = self.list_marker_after(rs, e) {
                return after;
            }
        }
        if !has_q && dots >= 1 {
            if let Some((k, extra)) = self.spaced_ellipsis(e, dots) {
                e = k;
                dots += extra;
                spaced = true;
            }
        }
        ell |= dots >= 2;
        let (e, quote) = self.closers(e, rs, &mut has_q);
        let (e, refs) = self.references(e);
        let after = e;
        match self.char_at(after) {
            None => return n,
            // A quotation closed right before a capitalised word, the space missing: “…end."Next”.
            Some(c) if (quote || refs) && c.is_uppercase() && after > rs && !self.inside_token(rs) => {
                self.push(after, after);
                return after;
            }
            // A final mark glued to the next sentence: "was over.The next day", "30°C.W sobotę".
            Some(c) if c.is_uppercase() && !ell && after > rs && self.glued_end(rs, after, has_q) => {
                self.push(after, after);
                return after;
            }
            // An ellipsis glued to a capitalised word, decided as a spaced one: "slowly...But this
            // is" ends a sentence, "I thought...I would go" does not.
            Some(c) if c.is_uppercase() && ell && after > rs && !self.inside_token(rs) => {
                let next = self.next_at(after);
                if self.decide(rs, dots, has_q, ell, spaced, quote, &next) {
                    self.push(after, after);
                }
                return after;
            }
            Some(c) if !c.is_whitespace() => return after.max(i + 1),
            _ => {}
        }
        let j = self.skip_ws(after);
        if j >= n {
            return n;
        }
        let next = self.next_at(j);
        if self.decide(rs, dots, has_q, ell, spaced, quote, &next) {
            self.push(after, j);
        }
        after
    }

    /// The final marks from `i`: where they end, how many full stops, whether a `?` or `!` is among
    /// them, whether an ellipsis character is.
    #[inline]
    fn final_marks(&self, i: usize) -> (usize, usize, bool, bool) {
        let mut e = i;
        let (mut dots, mut has_q, mut ell) = (0usize, false, false);
        while let Some(c) = self.char_at(e) {
            match c {
                '.' => dots += 1,
                '…' => ell = true,
                c if is_term(c) => has_q = true,
                _ => break,
            }
            e += c.len_utf8();
        }
        (e, dots, has_q, ell)
    }

    /// A list marker whose full stop starts at `rs` and whose marks end at `e`: "2. The second item",
    /// "b. The second item", "3.) The third". Where to go on when it is one.
    #[inline]
    fn list_marker_after(&mut self, rs: usize, e: usize) -> Option<usize> {
        let (style, after) = match self.b.get(e) {
            Some(b')') => (b'>', e + 1),
            _ => (b'.', e),
        };
        // (three letters or digits before the mark are a word, no marker: the usual case, ruled
        // out before the marker is read)
        let word = rs >= 3 && self.b[rs - 3..rs].iter().all(u8::is_ascii_alphanumeric);
        if !word && self.char_at(after).is_some_and(char::is_whitespace) {
            if let Some((ms, letter, value, false)) = self.marker_before(rs, style == b'>') {
                if self.list_marker(ms, Marker { letter, style, value }, after) {
                    return Some(after);
                }
            }
        }
        None
    }

    /// A spaced ellipsis ". . ." after one full stop ending at `e`: where it ends and how many more
    /// full stops it has.
    #[inline]
    fn spaced_ellipsis(&self, e: usize, dots: usize) -> Option<(usize, usize)> {
        let n = self.b.len();
        let (mut k, mut extra) = (e, 0);
        while k + 1 < n && self.b[k] == b' ' && self.b[k + 1] == b'.' && self.b.get(k + 2) != Some(&b'.') {
            k += 2;
            extra += 1;
        }
        (extra >= 1 && dots == 1 && dots + extra >= 3).then_some((k, extra))
    }

    /// Closing quotes and brackets after the marks ending at `e` (and marks after them: the Polish
    /// "”."), which join the sentence: where they end, and whether a quotation mark is among them.
    /// A `?` or `!` among the marks sets `has_q`.
    #[inline]
    fn closers(&self, mut e: usize, rs: usize, has_q: &mut bool) -> (usize, bool) {
        let mut quote = false;
        while let Some(c) = self.char_at(e) {
            if is_closer(c) {
                quote |= is_quote(c);
                e += c.len_utf8();
            } else if is_term(c) {
                *has_q |= c != '.' && c != '…';
                e += c.len_utf8();
            } else if c.is_whitespace() {
                // A detached closing quote: ‘Great!’ ”
                let j = self.skip_ws(e);
                match self.char_at(j) {
                    Some(q) if is_detached_closer(q) => {
                        let after = j + q.len_utf8();
                        let ok = match self.char_at(after) {
                            None => true,
                            Some(x) => x.is_whitespace() || is_closer(x) || matches!(x, ',' | ';' | ':'),
                        };
                        // a straight quote closes only an open quotation: `. " I'm done`
                        // opens the next sentence
                        let open = !matches!(q, '"' | '\'') || self.quotation_open(q, rs);
                        if ok && open && (quote || rs > 0) {
                            quote = true;
                            e = after;
                            continue;
                        }
                        break;
                    }
                    _ => break,
                }
            } else {
                break;
            }
        }
        (e, quote)
    }

    /// Reference markers after `e`, glued or spaced: ".[1]", ".[2][3]", ". [4]", or glued footnote
    /// numbers in superscript (".¹"). Where they end, and
    /// whether there were any.
    #[inline]
    fn references(&self, mut e: usize) -> (usize, bool) {
        let mut refs = false;
        loop {
            // superscript digits start with 0xC2 (¹ ² ³) or 0xE2 (⁰ ⁴-⁹)
            if matches!(self.b.get(e), Some(0xC2 | 0xE2)) {
                if let Some(end) = self.superscript_at(e) {
                    e = end;
                    refs = true;
                    continue;
                }
            }
            let k = self.skip_plain_spaces(e);
            match self.reference_at(k) {
                Some(end)
                    if k == e || self.b.get(end).is_none_or(|&b| b.is_ascii_whitespace() || b == b'[') =>
                {
                    e = end;
                    refs = true;
                }
                _ => break,
            }
        }
        (e, refs)
    }
}
