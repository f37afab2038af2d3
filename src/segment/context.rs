//! What the text around a candidate boundary holds: characters, tokens, quotations, list markers,
//! references and the word that follows.

use super::*;

/// The bytes that end an ASCII run of a token read backwards ([`Text::token_before`]): 1 for
/// whitespace and the opening brackets `(` `[` `{` (the characters that end the token), 2 for
/// the bytes of other characters, which are decoded.
static TOKEN_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut x = 0x80;
    while x < 256 {
        t[x] = 2;
        x += 1;
    }
    let stops = [b'\t', b'\n', 0x0B, 0x0C, b'\r', b' ', b'(', b'[', b'{'];
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = 1;
        i += 1;
    }
    t
};

/// Whether `c` ends a token read backwards: whitespace, or an opening mark other than a quote.
#[inline]
fn ends_token(c: char) -> bool {
    c.is_whitespace() || (is_opener(c) && !matches!(c, '\'' | '"' | '’'))
}

impl<'a> Text<'a> {
    #[inline]
    pub(super) fn char_at(&self, i: usize) -> Option<char> {
        self.s.get(i..).and_then(|t| t.chars().next())
    }

    #[inline]
    pub(super) fn prev_char(&self, i: usize) -> Option<char> {
        self.s.get(..i).and_then(|t| t.chars().next_back())
    }

    pub(super) fn skip_ws(&self, mut i: usize) -> usize {
        while i < self.b.len() {
            let b = self.b[i];
            if b == b' ' || b == b'\t' || b == b'\n' || b == b'\r' {
                i += 1;
                continue;
            }
            if b < 0x80 && b != 0x0B && b != 0x0C {
                break;
            }
            match self.char_at(i) {
                Some(c) if c.is_whitespace() => i += c.len_utf8(),
                _ => break,
            }
        }
        i
    }

    /// The end of the text before `i` with trailing whitespace removed (not before the sentence start).
    pub(super) fn trim_end(&self, mut i: usize) -> usize {
        while i > self.sent_start {
            match self.prev_char(i) {
                Some(c) if c.is_whitespace() => i -= c.len_utf8(),
                _ => break,
            }
        }
        i
    }

    /// Whether a quotation opened with the straight quote `q` is open at `i` in the paragraph
    /// (an odd number of `"` before it; for `'`, an opening `'` not yet closed: one before a
    /// word opens, one after a word closes, one standing between spaces does either, and
    /// apostrophes inside words are skipped). The scan is bounded to 2000 bytes.
    pub(super) fn quotation_open(&self, q: char, i: usize) -> bool {
        let mut from = i.saturating_sub(2000);
        while !self.s.is_char_boundary(from) {
            from += 1;
        }
        let b = &self.b[from..i];
        if q == '"' {
            return b.iter().filter(|&&c| c == b'"').count() % 2 == 1;
        }
        let word = |x: Option<&u8>| x.is_some_and(|&x| x.is_ascii_alphanumeric() || x >= 0x80);
        let space = |x: Option<&u8>| x.is_none_or(|x| x.is_ascii_whitespace());
        let mut open = false;
        let mut k = 0;
        while k < b.len() {
            if b[k] != b'\'' {
                k += 1;
                continue;
            }
            // '' is one mark
            let end = if b.get(k + 1) == Some(&b'\'') { k + 2 } else { k + 1 };
            let before = k.checked_sub(1).and_then(|p| b.get(p));
            let after = b.get(end);
            if word(before) && word(after) {
                // an apostrophe: don't
            } else if space(before) && space(after) {
                open = !open;
            } else if !word(before) {
                open = true;
            } else if open {
                open = false;
            }
            k = end;
        }
        open
    }

    /// A list item marker at `j`: a bullet or dash and a space, or `1.` `a)` `12)` and a space.
    pub(super) fn list_item_at(&self, j: usize) -> bool {
        let Some(c) = self.char_at(j) else { return false };
        let spaced = |k: usize| self.char_at(k).is_some_and(char::is_whitespace);
        if is_bullet(c) || is_dash(c) || c == '*' {
            return spaced(j + c.len_utf8());
        }
        let mut k = j;
        while k < self.b.len() && k - j < 3 && self.b[k].is_ascii_alphanumeric() {
            k += 1;
        }
        k > j && k < self.b.len() && matches!(self.b[k], b'.' | b')') && spaced(k + 1)
    }

    /// An inline list marker ending at `end` (where its `.` or `)` stands): one or two digits,
    /// or one letter (lower case, or any case before `)`), after whitespace, a bullet or the
    /// start of the paragraph; before `)` also enclosed in brackets (`(2)`, `(b)`). Returns its
    /// start (the opening bracket of an enclosed one), whether it is a letter, its value, and
    /// whether it is enclosed.
    pub(super) fn marker_before(&self, end: usize, paren: bool) -> Option<(usize, bool, u32, bool)> {
        let mut k = end;
        while k > 0 && end - k < 3 && self.b[k - 1].is_ascii_alphanumeric() {
            k -= 1;
        }
        let tok = &self.b[k..end];
        let digits = tok.iter().all(u8::is_ascii_digit);
        // most tokens are longer words: rejected before looking at what precedes them
        if tok.is_empty() || !(digits && tok.len() <= 2 || tok.len() == 1) {
            return None;
        }
        let mut start = k;
        let enclosed = paren && k > 0 && self.b[k - 1] == b'(';
        if enclosed {
            start = k - 1;
        }
        if start > 0 {
            match self.prev_char(start) {
                Some(c) if c.is_whitespace() || is_bullet(c) => {}
                _ => return None,
            }
        }
        if digits {
            let v = tok.iter().fold(0u32, |v, d| v * 10 + (d - b'0') as u32);
            return (tok.len() <= 2 && v > 0).then_some((start, false, v, enclosed));
        }
        match tok {
            [c] if c.is_ascii_lowercase() || (paren && c.is_ascii_uppercase()) => {
                Some((start, true, (c.to_ascii_lowercase() - b'a') as u32 + 1, enclosed))
            }
            _ => None,
        }
    }

    /// A list marker at `ms` stands where a list may begin: at the start of the sentence (after
    /// bullets, dashes or opening marks), or after a colon.
    pub(super) fn list_position(&self, ms: usize) -> bool {
        let mut k = ms;
        while let Some(c) = self.prev_char(k) {
            if k <= self.sent_start {
                return true;
            }
            if c.is_whitespace() || is_bullet(c) || is_dash(c) || is_opener(c) {
                k -= c.len_utf8();
                continue;
            }
            return c == ':';
        }
        true
    }

    /// A reference marker at `k`: `[1]`, `[12]`, `[2–11]`, `[3, 4]`, `[a]`, an editorial note
    /// in lower case (`[citation needed]`). Returns its end.
    pub(super) fn reference_at(&self, k: usize) -> Option<usize> {
        if self.b.get(k) != Some(&b'[') {
            return None;
        }
        let inner = k + 1;
        let mut j = inner;
        while j < self.b.len() && j - inner < 24 && self.b[j] != b']' {
            j += 1;
        }
        if self.b.get(j) != Some(&b']') || j == inner {
            return None;
        }
        let body = &self.s[inner..j];
        let digits = body.len() <= 12
            && body.as_bytes()[0].is_ascii_digit()
            && body.chars().all(|c| c.is_ascii_digit() || matches!(c, '-' | '–' | ',' | ' '));
        let letter = body.len() == 1 && body.as_bytes()[0].is_ascii_lowercase();
        let note = body.as_bytes()[0].is_ascii_lowercase()
            && body.bytes().all(|b| b.is_ascii_lowercase() || b == b' ' || b == b'?');
        (digits || letter || note).then_some(j + 1)
    }

    /// A footnote number in superscript digits at `k` ("… in 2019.¹ The"): its end. Rare, and
    /// kept out of line so that the scan of every candidate stays small.
    #[cold]
    #[inline(never)]
    pub(super) fn superscript_at(&self, k: usize) -> Option<usize> {
        let mut j = k;
        while let Some(c) = self.char_at(j) {
            if !matches!(c, '¹' | '²' | '³' | '⁰' | '⁴'..='⁹') || j - k >= 12 {
                break;
            }
            j += c.len_utf8();
        }
        (j > k).then_some(j)
    }

    /// Whether the final mark at `rs`, glued to a capitalised word at `after`, ends a sentence:
    /// an ordinary word, a number (a lone digit after other words), a score or a temperature
    /// before it ("over.The", "2022.Officials", "No 5.He", "2:1.Fans", "31°C.On", "surprise?Not"), an acronym before a sentence
    /// opener ("USA.Tam"), a unit after a number decided as if a space followed ("2022
    /// r.Rosja", "2 godz.Potem"); a word after it that is no file extension, domain, code ("7.Bg5") or
    /// part of a dotted name. URLs, e-mail addresses, other listed abbreviations ("ul.Długiej",
    /// "St.Mary"), initials and dotted acronyms ("J.Smith", "U.S.A.") are left alone.
    #[inline(never)]
    pub(super) fn glued_end(&self, rs: usize, after: usize, question: bool) -> bool {
        let (tok_start, tok) = self.token_before(rs);
        let mut chars = tok.chars();
        let Some(last) = chars.next_back() else { return false };
        let single = chars.next().is_none();
        // the word glued after the mark, when a space, a mark or the end follows it
        let glued_word = || {
            let w = self.word_at(after);
            let end = after + w.len();
            let ok = match self.char_at(end) {
                None => true,
                Some(c)
                    if c.is_whitespace()
                        || matches!(c, ',' | ';' | ':' | '!' | '?' | ')' | '”' | '"' | '’') =>
                {
                    true
                }
                Some('.') => self.char_at(end + 1).is_none_or(char::is_whitespace),
                _ => false,
            };
            (ok && !w.is_empty()).then_some((w, end))
        };
        // after `?` or `!` the word before is no abbreviation ("He said no!Then"); a listed one
        // after a number is a unit, decided as if a space followed, before a word (not a letter
        // of a dotted one: "11 P.M.")
        if !question && (is_number(self.prev_token(tok_start)) || !single) && self.r.abbrev(tok).is_some() {
            if !is_number(self.prev_token(tok_start)) {
                return false;
            }
            let Some((word, end)) = glued_word() else { return false };
            if !word.chars().skip(1).any(char::is_lowercase) || self.char_at(end) == Some('.') {
                return false;
            }
            // (the caller saw a capital at `after`)
            let next = Next { kind: Kind::Upper, at: after, opener: false, quote: false, word };
            return self.period(rs, &next);
        }
        // A single letter is an initial ("J.Smith"); a single digit ends like any number, once
        // words stand before it ("Chanel No 5.He", not a list number "1.Wstęp").
        if single && !(last.is_ascii_digit() && tok_start > self.sent_start) {
            return false;
        }
        // a score, a clock time or a dotted number ("3:1.", "10:30.", "3.2.", "8.04.2013.")
        // ends like any number
        let numeric = tok.as_bytes()[0].is_ascii_digit()
            && tok.bytes().all(|b| b.is_ascii_digit() || b == b':' || b == b'.')
            && !tok.contains("..");
        if !numeric && tok.contains(['.', '/', '@', ':', '\\', '_', '=', '&', '#', '<']) {
            return false;
        }
        let low = tok.get(..4).unwrap_or(tok);
        if low.eq_ignore_ascii_case("www") || low.eq_ignore_ascii_case("http") {
            return false;
        }
        let acronym = is_acronym(tok) && tok.bytes().all(|b| b.is_ascii_uppercase());
        let degree = last.is_uppercase() && tok[..tok.len() - last.len_utf8()].ends_with('°');
        if !(acronym
            || last.is_lowercase()
            || last.is_ascii_digit()
            || last == '%'
            || is_closer(last)
            || degree)
        {
            return false;
        }
        let Some((w, end)) = glued_word() else { return false };
        if acronym {
            return self.r.is_starter(w);
        }
        let one_letter = w.chars().nth(1).is_none();
        // (a word with a digit is a code or a chess move: "7.Bg5")
        (one_letter && self.char_at(end).is_some_and(char::is_whitespace))
            || (w.chars().skip(1).any(char::is_lowercase)
                && !is_tld(w)
                && !w.bytes().any(|b| b.is_ascii_digit()))
    }

    /// The word ending at `i` (after the last whitespace or opening mark), at most 64 bytes.
    pub(super) fn token_before(&self, i: usize) -> (usize, &'a str) {
        let lo = self.sent_start.max(i.saturating_sub(64));
        let mut k = i;
        while k > lo {
            // runs of ASCII bytes are decided without decoding (as the characters they are)
            let Some(p) = self.b[lo..k].iter().rposition(|&x| TOKEN_BYTE[x as usize] != 0) else {
                k = lo;
                break;
            };
            k = lo + p + 1;
            if self.b[k - 1].is_ascii() {
                break; // whitespace or an opening bracket
            }
            match self.prev_char(k) {
                Some(c) if !ends_token(c) => k -= c.len_utf8(),
                _ => break,
            }
        }
        self.strip_openers(k, i)
    }

    /// [`Text::token_before`] decoding every character: the reference of its ASCII shortcut.
    #[cfg(test)]
    pub(super) fn token_before_decoded(&self, i: usize) -> (usize, &'a str) {
        let mut k = i;
        while k > self.sent_start && i - k < 64 {
            match self.prev_char(k) {
                Some(c) if !ends_token(c) => k -= c.len_utf8(),
                _ => break,
            }
        }
        self.strip_openers(k, i)
    }

    /// The token `k..i` without its leading quotes, which belong to it only as openers.
    #[inline]
    fn strip_openers(&self, mut k: usize, i: usize) -> (usize, &'a str) {
        let mut t = &self.s[k..i];
        while let Some(c) = t.chars().next() {
            if is_opener(c) {
                k += c.len_utf8();
                t = &t[c.len_utf8()..];
            } else {
                break;
            }
        }
        (k, t)
    }

    /// The alphanumeric word at `at` (at most 48 bytes).
    pub(super) fn word_at(&self, at: usize) -> &'a str {
        let hi = self.b.len().min(at + 48);
        let mut k = at;
        while k < hi {
            // runs of ASCII letters and digits are taken without decoding
            match self.b[k..hi].iter().position(|&x| !x.is_ascii_alphanumeric()) {
                Some(p) => k += p,
                None => {
                    k = hi;
                    break;
                }
            }
            if self.b[k].is_ascii() && self.b[k] != b'\'' {
                break;
            }
            match self.word_char_len(k) {
                Some(n) => k += n,
                None => break,
            }
        }
        &self.s[at..k]
    }

    /// [`Text::word_at`] decoding every character: the reference of its ASCII shortcut.
    #[cfg(test)]
    pub(super) fn word_at_decoded(&self, at: usize) -> &'a str {
        let mut k = at;
        while k < self.b.len() && k - at < 48 {
            match self.word_char_len(k) {
                Some(n) => k += n,
                None => break,
            }
        }
        &self.s[at..k]
    }

    /// The length of the character at `k` when it continues a word: a letter or digit, or an
    /// apostrophe before a letter (`don't`, `O’Brien`).
    #[inline]
    fn word_char_len(&self, k: usize) -> Option<usize> {
        match self.char_at(k)? {
            c if c.is_alphanumeric() => Some(c.len_utf8()),
            c @ ('’' | '\'') if self.char_at(k + c.len_utf8()).is_some_and(char::is_alphabetic) => {
                Some(c.len_utf8())
            }
            _ => None,
        }
    }

    /// An elision mark at `k` ("(...)", "[…]"): its end.
    pub(super) fn elision_at(&self, k: usize) -> Option<usize> {
        let close = match self.b.get(k) {
            Some(b'(') => b')',
            Some(b'[') => b']',
            _ => return None,
        };
        let mut j = k + 1;
        let mut marks = 0;
        while j < self.b.len() && marks < 4 {
            if self.b[j] == b'.' {
                j += 1;
            } else if self.s[j..].starts_with('…') {
                j += '…'.len_utf8();
            } else {
                break;
            }
            marks += 1;
        }
        (marks >= 1 && self.b.get(j) == Some(&close)).then_some(j + 1)
    }

    /// What follows whitespace at `j`.
    pub(super) fn next_at(&self, j: usize) -> Next<'a> {
        let mut k = j;
        let (mut opener, mut quote) = (false, false);
        // Skip opening marks, an elision and a leading ellipsis (". .. This", ". … It’s",
        // ". (...) That"); bounded.
        for _ in 0..6 {
            let Some(c) = self.char_at(k) else { break };
            if let Some(end) = self.elision_at(k) {
                k = self.skip_ws(end);
            } else if is_opener(c) {
                opener = true;
                quote |= is_quote(c) || matches!(c, '‘' | '‚');
                k += c.len_utf8();
            } else if c == '…' || (c == '.' && self.b.get(k + 1) == Some(&b'.')) {
                while k < self.b.len() && (self.b[k] == b'.') {
                    k += 1;
                }
                while self.s[k..].starts_with('…') {
                    k += '…'.len_utf8();
                }
                k = self.skip_ws(k);
            } else if c.is_whitespace() && opener {
                k += c.len_utf8();
            } else {
                break;
            }
        }
        let Some(c) = self.char_at(k) else {
            return Next { kind: Kind::Punct, at: k, opener, quote, word: "" };
        };
        let kind = if c.is_lowercase() {
            Kind::Lower
        } else if c.is_uppercase() {
            Kind::Upper
        } else if c.is_numeric() {
            Kind::Digit
        } else if c.is_alphabetic() {
            Kind::Upper
        } else if is_dash(c) {
            Kind::Dash
        } else if is_bullet(c) {
            Kind::Bullet
        } else if matches!(c, ',' | ';' | ':' | ')' | ']' | '}' | '.' | '!' | '?' | '…' | '%') {
            Kind::Punct
        } else {
            Kind::Other
        };
        Next { kind, at: k, opener, quote, word: self.word_at(k) }
    }
}
