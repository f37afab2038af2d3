//! Sentence splitting, per paragraph, with language rules.
//!
//! A hand-written scanner walks the paragraph once. Every run of final marks (`.`, `!`, `?`,
//! `…`, `..`, `?!`) followed by whitespace is a candidate boundary; closing quotes and brackets
//! right after the marks (`.”`, `?’ ”`, the Polish `”.`) belong to the sentence they close.
//! Each candidate is decided from the word before the marks (abbreviation, initial, number,
//! acronym, URL) and what follows (case of the next word, an opening quote, a dash or a
//! capitalised name plus a reporting verb after a quotation), with the word lists of the
//! paragraph's language ([`en`], [`pl`]; data files in `src/segment/data/`). Lookups happen only
//! at candidates and every scan is bounded, so the splitter runs in linear time.
//!
//! Conventions (those of `corpus/carrie-diaries/gold-sentences.json`):
//! - sentences inside a multi-sentence quotation are sentences;
//! - a quotation closing with `!`, `?`, `,` or `…` and followed by its reporting clause
//!   (`…,” Harris says`, `"…" - mówi Harris`, `„…!”, uspokajał`) is not split there;
//! - an ellipsis opening a sentence (`… It’s`, `.. This`) belongs to the sentence it opens;
//! - a paragraph without final punctuation (a headline) is one sentence;
//! - spans are trimmed of whitespace (`char::is_whitespace`, which includes NBSP and the other
//!   Unicode spaces), ordered, non-overlapping, and cover every non-whitespace byte.

pub mod en;
pub mod pl;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a: the word lists are small and fixed, keys are short words; a cheap hash keeps
/// lookups at candidate boundaries fast.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type Map<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;
type Set<K> = HashSet<K, BuildHasherDefault<Fnv>>;

use crate::lang::Lang;
use crate::model::{Document, Sentence, Span};

/// Split the paragraph at `para` of `text` (language `lang`) into sentence spans (document offsets).
///
/// A span out of range or off character boundaries is clamped to the nearest valid range inside it.
/// Languages other than English and Polish use the English rules.
pub fn split_paragraph(text: &str, para: Span, lang: Lang) -> Vec<Span> {
    let mut start = para.start.min(text.len());
    let mut end = para.end.min(text.len());
    while start < text.len() && !text.is_char_boundary(start) {
        start += 1;
    }
    while end > start && !text.is_char_boundary(end) {
        end -= 1;
    }
    if start >= end {
        return Vec::new();
    }
    let mut out = Vec::new();
    split_into(&text[start..end], rules_for(lang), |a, b| out.push(Span::new(start + a, start + b)));
    out
}

/// Split a whole string as one paragraph; spans are offsets into `s`.
pub fn split_str(s: &str, lang: Lang) -> Vec<Span> {
    split_paragraph(s, Span::new(0, s.len()), lang)
}

/// Split every paragraph of the document by its language.
pub fn segment(doc: &mut Document) {
    let mut sentences = Vec::with_capacity(doc.paragraphs.len() * 2);
    for (i, p) in doc.paragraphs.iter().enumerate() {
        let rules = rules_for(p.lang);
        let (start, end) = (p.span.start, p.span.end);
        if start >= end || doc.text.get(start..end).is_none() {
            sentences.extend(
                split_paragraph(&doc.text, p.span, p.lang)
                    .into_iter()
                    .map(|span| Sentence { span, paragraph: i }),
            );
            continue;
        }
        split_into(&doc.text[start..end], rules, |a, b| {
            sentences.push(Sentence { span: Span::new(start + a, start + b), paragraph: i })
        });
    }
    doc.sentences = sentences;
}

/// How an abbreviation followed by a period behaves (classes of the `*_abbrev.txt` data files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abbr {
    /// Never ends a sentence before a capitalised word or a number (Mr., prof., ul.).
    Title,
    /// Never ends a sentence (e.g., np., tzw.).
    Inner,
    /// Never ends a sentence before a number (No. 5, godz. 19.30); otherwise like `Amb`.
    Num,
    /// Ends a sentence only when the next word typically opens one (Inc., U.S., a.m.).
    Amb,
    /// Usually ends a sentence when a capitalised word follows (etc., itd., itp.).
    End,
    /// After a year or Roman numeral (2013 r., XX w.): ends a sentence unless the date opens it.
    Year,
    /// After a number (10 tys., 5 mln): like `Amb`; elsewhere never ends a sentence.
    Count,
    /// Polish `św.`: a title before a name, a sentence end in "msza św.".
    Saint,
}

impl Abbr {
    fn parse(s: &str) -> Option<Abbr> {
        Some(match s {
            "title" => Abbr::Title,
            "inner" => Abbr::Inner,
            "num" => Abbr::Num,
            "amb" => Abbr::Amb,
            "end" => Abbr::End,
            "year" => Abbr::Year,
            "count" => Abbr::Count,
            "saint" => Abbr::Saint,
            _ => return None,
        })
    }
}

/// The word lists of one language, built once from the data files.
#[derive(Debug)]
pub struct Rules {
    /// English or Polish: selects the language-specific decisions.
    pub lang: Lang,
    abbrev: Map<&'static str, Abbr>,
    /// Abbreviations of another language that also appear in this one (English titles in Polish).
    extra_abbrev: Option<&'static Rules>,
    starters: Set<&'static str>,
    reporting: Set<&'static str>,
    date_words: Set<&'static str>,
}

/// The non-comment, non-empty lines of a data file, trimmed.
fn data_lines(src: &'static str) -> impl Iterator<Item = &'static str> {
    src.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

impl Rules {
    /// Build rules from the data files' contents. Unknown classes in `abbrev` are skipped.
    pub(crate) fn build(
        lang: Lang,
        abbrev: &'static str,
        starters: &'static str,
        reporting: &'static str,
        date_words: &'static str,
        extra_abbrev: Option<&'static Rules>,
    ) -> Rules {
        let abbrev = data_lines(abbrev)
            .filter_map(|l| {
                let mut it = l.split_whitespace();
                let w = it.next()?;
                let class = Abbr::parse(it.next()?)?;
                Some((w, class))
            })
            .collect();
        Rules {
            lang,
            abbrev,
            extra_abbrev,
            starters: data_lines(starters).collect(),
            reporting: data_lines(reporting).collect(),
            date_words: data_lines(date_words).collect(),
        }
    }

    /// The class of an abbreviation (without its final period), if listed. A capitalised token
    /// also matches an entry written in lower case.
    pub fn abbrev(&self, tok: &str) -> Option<Abbr> {
        if let Some(a) = self.abbrev.get(tok) {
            return Some(*a);
        }
        let mut chars = tok.chars();
        let first = chars.next()?;
        if first.is_uppercase() && tok.len() <= 32 {
            // lower-case the first letter into a stack buffer
            let mut buf = [0u8; 40];
            let mut n = 0;
            for c in first.to_lowercase() {
                n += c.encode_utf8(&mut buf[n..]).len();
            }
            let rest = chars.as_str().as_bytes();
            buf[n..n + rest.len()].copy_from_slice(rest);
            if let Ok(low) = std::str::from_utf8(&buf[..n + rest.len()]) {
                if let Some(a) = self.abbrev.get(low) {
                    return Some(*a);
                }
            }
        }
        match self.extra_abbrev {
            Some(x) => {
                x.abbrev.get(tok).copied().filter(|a| matches!(a, Abbr::Title | Abbr::Inner | Abbr::Amb))
            }
            None => None,
        }
    }

    /// Whether `word` (capitalised, as it would open a sentence) typically opens a sentence.
    pub fn is_starter(&self, word: &str) -> bool {
        self.starters.contains(word)
    }

    /// Whether `word` is a reporting verb ("says", "mówi").
    pub fn is_reporting(&self, word: &str) -> bool {
        self.reporting.contains(word)
    }

    /// Whether `word` may stand before a year in a date phrase (Polish month names, prepositions).
    pub fn is_date_word(&self, word: &str) -> bool {
        if self.date_words.contains(word) {
            return true;
        }
        let low = word.to_lowercase();
        self.date_words.contains(low.as_str())
    }
}

/// The rules used for a paragraph of language `lang`.
pub fn rules_for(lang: Lang) -> &'static Rules {
    match lang {
        Lang::Pl => pl::rules(),
        _ => en::rules(),
    }
}

/// Final marks: a run of these may end a sentence.
fn is_term(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '…' | '‽' | '⁇' | '⁈' | '⁉')
}

/// Closing quotation marks and brackets that attach to the sentence they follow.
fn is_closer(c: char) -> bool {
    matches!(c, ')' | ']' | '}' | '”' | '’' | '"' | '\'' | '»' | '«' | '›' | '‹' | '」' | '』')
}

/// Quotation marks among the closers.
fn is_quote(c: char) -> bool {
    matches!(c, '”' | '’' | '"' | '\'' | '»' | '«' | '›' | '‹' | '」' | '』' | '“' | '„')
}

/// Marks that may open a sentence before its first word.
fn is_opener(c: char) -> bool {
    matches!(
        c,
        '(' | '['
            | '{'
            | '“'
            | '„'
            | '"'
            | '\''
            | '‘'
            | '‚'
            | '«'
            | '»'
            | '‹'
            | '›'
            | '¿'
            | '¡'
            | '「'
            | '『'
            | '”'
    )
}

/// Quotation marks that may stand detached (after a space) at the end of a quotation: `‘Great!’ ”`.
fn is_detached_closer(c: char) -> bool {
    matches!(c, '”' | '’' | '"' | '\'' | '»' | '«')
}

fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '―' | '−')
}

fn is_bullet(c: char) -> bool {
    matches!(c, '•' | '▪' | '◦' | '‣' | '●' | '■' | '·')
}

pub(crate) fn is_roman(w: &str) -> bool {
    !w.is_empty()
        && w.len() <= 8
        && w.bytes().all(|b| matches!(b, b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M'))
}

pub(crate) fn is_number(w: &str) -> bool {
    !w.is_empty()
        && w.as_bytes()[0].is_ascii_digit()
        && w.bytes().all(|b| b.is_ascii_digit() || matches!(b, b',' | b'-' | b'/'))
}

/// What follows a candidate boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
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
struct Next<'a> {
    kind: Kind,
    /// Offset of the first character after openers.
    at: usize,
    /// An opening quote or bracket precedes the word.
    opener: bool,
    /// The alphanumeric word at `at` (at most 48 bytes).
    word: &'a str,
}

/// One scan over a paragraph.
struct Scanner<'a, F: FnMut(usize, usize)> {
    s: &'a str,
    b: &'a [u8],
    r: &'static Rules,
    sent_start: usize,
    emit: F,
}

/// Bytes that may start a candidate: `.` `!` `?` newline, and the lead byte of `…` `•` `‽` `⁉`.
const fn interest_table() -> [bool; 256] {
    let mut t = [false; 256];
    t[b'.' as usize] = true;
    t[b'!' as usize] = true;
    t[b'?' as usize] = true;
    t[b'\n' as usize] = true;
    t[0xE2] = true;
    t[0xC2] = true; // '·'
    t
}
static INTEREST: [bool; 256] = interest_table();

/// Split `s` (one paragraph) with `rules`, calling `emit(start, end)` for each sentence in order.
pub(crate) fn split_into<F: FnMut(usize, usize)>(s: &str, rules: &'static Rules, emit: F) {
    let mut sc = Scanner { s, b: s.as_bytes(), r: rules, sent_start: 0, emit };
    sc.run();
}

impl<'a, F: FnMut(usize, usize)> Scanner<'a, F> {
    #[inline]
    fn char_at(&self, i: usize) -> Option<char> {
        self.s.get(i..).and_then(|t| t.chars().next())
    }

    #[inline]
    fn prev_char(&self, i: usize) -> Option<char> {
        self.s.get(..i).and_then(|t| t.chars().next_back())
    }

    fn skip_ws(&self, mut i: usize) -> usize {
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
    fn trim_end(&self, mut i: usize) -> usize {
        while i > self.sent_start {
            match self.prev_char(i) {
                Some(c) if c.is_whitespace() => i -= c.len_utf8(),
                _ => break,
            }
        }
        i
    }

    fn push(&mut self, end: usize, next_start: usize) {
        if end > self.sent_start {
            (self.emit)(self.sent_start, end);
            self.sent_start = next_start;
        }
    }

    fn run(&mut self) {
        let n = self.b.len();
        self.sent_start = self.skip_ws(0);
        let mut i = self.sent_start;
        while i < n {
            if !INTEREST[self.b[i] as usize] {
                i += 1;
                continue;
            }
            i = match self.b[i] {
                b'\n' => self.newline(i),
                b'.' | b'!' | b'?' => self.candidate(i),
                _ => match self.char_at(i) {
                    Some(c) if is_term(c) => self.candidate(i),
                    Some(c) if is_bullet(c) => self.bullet(i, c),
                    _ => i + 1,
                },
            };
        }
        let end = self.trim_end(n);
        if end > self.sent_start {
            (self.emit)(self.sent_start, end);
        }
    }

    /// A line break inside the paragraph: a boundary before a blank line or a list item.
    fn newline(&mut self, i: usize) -> usize {
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

    /// A bullet after whitespace starts a new item.
    fn bullet(&mut self, i: usize, c: char) -> usize {
        let after = i + c.len_utf8();
        let spaced_before = self.prev_char(i).is_some_and(char::is_whitespace);
        let spaced_after = self.char_at(after).is_some_and(char::is_whitespace);
        if spaced_before && spaced_after && c != '·' {
            let end = self.trim_end(i);
            self.push(end, i);
        }
        after
    }

    /// A list item marker at `j`: a bullet or dash and a space, or `1.` `a)` `12)` and a space.
    fn list_item_at(&self, j: usize) -> bool {
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

    /// The word ending at `i` (after the last whitespace or opening mark), at most 64 bytes.
    fn token_before(&self, i: usize) -> (usize, &'a str) {
        let mut k = i;
        while k > self.sent_start && i - k < 64 {
            match self.prev_char(k) {
                Some(c) if c.is_whitespace() || (is_opener(c) && !matches!(c, '\'' | '"' | '’')) => break,
                Some(c) => k -= c.len_utf8(),
                None => break,
            }
        }
        // Leading quotes belong to the token only as openers.
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
    fn word_at(&self, at: usize) -> &'a str {
        let mut k = at;
        while k < self.b.len() && k - at < 48 {
            match self.char_at(k) {
                Some(c) if c.is_alphanumeric() => k += c.len_utf8(),
                Some(c @ ('’' | '\'')) if self.char_at(k + c.len_utf8()).is_some_and(char::is_alphabetic) => {
                    k += c.len_utf8()
                }
                _ => break,
            }
        }
        &self.s[at..k]
    }

    /// What follows whitespace at `j`.
    fn next_at(&self, j: usize) -> Next<'a> {
        let mut k = j;
        let mut opener = false;
        // Skip opening marks and a leading ellipsis (". .. This", ". … It’s"); bounded.
        for _ in 0..6 {
            let Some(c) = self.char_at(k) else { break };
            if is_opener(c) {
                opener = true;
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
            return Next { kind: Kind::Punct, at: k, opener, word: "" };
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
        Next { kind, at: k, opener, word: self.word_at(k) }
    }

    /// A run of final marks starting at `i`: decide, and return where to continue scanning.
    fn candidate(&mut self, i: usize) -> usize {
        let n = self.b.len();
        let rs = i;
        let mut e = i;
        let (mut dots, mut has_q, mut ell, mut spaced) = (0usize, false, false, false);
        while let Some(c) = self.char_at(e) {
            match c {
                '.' => dots += 1,
                '…' => ell = true,
                c if is_term(c) => has_q = true,
                _ => break,
            }
            e += c.len_utf8();
        }
        // A spaced ellipsis ". . .".
        if !has_q && dots >= 1 {
            let (mut k, mut extra) = (e, 0);
            while k + 1 < n && self.b[k] == b' ' && self.b[k + 1] == b'.' && self.b.get(k + 2) != Some(&b'.')
            {
                k += 2;
                extra += 1;
            }
            if extra >= 1 && dots == 1 && dots + extra >= 3 {
                e = k;
                dots += extra;
                spaced = true;
            }
        }
        ell |= dots >= 2;
        // Closing quotes and brackets (and marks after them: the Polish "”.") join the sentence.
        let mut quote = false;
        while let Some(c) = self.char_at(e) {
            if is_closer(c) {
                quote |= is_quote(c);
                e += c.len_utf8();
            } else if is_term(c) {
                has_q |= c != '.' && c != '…';
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
                        if ok && (quote || rs > 0) {
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
        let after = e;
        match self.char_at(after) {
            None => return n,
            // A quotation closed right before a capitalised word, the space missing: “…end."Next”.
            Some(c) if quote && c.is_uppercase() && after > rs && !self.inside_token(rs) => {
                self.push(after, after);
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

    /// Whether the run of marks at `rs` (with the given shape) ends a sentence before `next`.
    #[allow(clippy::too_many_arguments)]
    fn decide(
        &self,
        rs: usize,
        dots: usize,
        has_q: bool,
        ell: bool,
        spaced: bool,
        quote: bool,
        next: &Next<'a>,
    ) -> bool {
        match next.kind {
            // A quotation opening with a lower-case word after a plain sentence end:
            // `… in London. "eFootball is …`; decided like a capitalised word.
            Kind::Lower if next.opener && !ell && !has_q => {}
            Kind::Lower | Kind::Punct => return false,
            Kind::Bullet => return true,
            Kind::Dash => {
                if quote {
                    return false;
                }
                let after = next.at + self.char_at(next.at).map_or(1, char::len_utf8);
                let k = self.skip_ws(after);
                return self.char_at(k).is_some_and(|c| c.is_uppercase() || is_opener(c));
            }
            Kind::Upper | Kind::Digit | Kind::Other => {}
        }
        let detached = rs == self.sent_start || self.prev_char(rs).is_some_and(char::is_whitespace);
        if has_q {
            return !(quote && self.reporting_follows(next));
        }
        if ell {
            // ". .. This", ". … It’s": the ellipsis opens the next sentence. A spaced ". . ."
            // after a mark ends its sentence ("workplace? . . . Next").
            if detached && !spaced && self.leading_position(rs) {
                return false;
            }
            return !(quote && self.reporting_follows(next));
        }
        if detached || dots == 0 {
            return true;
        }
        // A period closed by a quotation mark ends its sentence, abbreviation or not
        // (`… 2.0.”. Siostra`, `… in the U.S.” Then`).
        if quote {
            return next.kind != Kind::Lower;
        }
        if next.kind == Kind::Lower {
            // only an ordinary word before the period lets a lower-case quotation open a sentence
            return self.period(rs, next) && self.plain_word_before(rs);
        }
        self.period(rs, next)
    }

    /// The word before `rs` is an ordinary word: not listed, no inner period, not an initial.
    fn plain_word_before(&self, rs: usize) -> bool {
        let (_, tok) = self.token_before(rs);
        tok.chars().count() > 1 && !tok.contains('.') && self.r.abbrev(tok).is_none()
    }

    /// The marks at `rs` follow a word that is a dotted abbreviation or acronym (U.S., e.g.).
    fn inside_token(&self, rs: usize) -> bool {
        let (_, tok) = self.token_before(rs);
        tok.contains('.')
    }

    /// An ellipsis at `rs` opens a sentence: at its start, or right after another final mark.
    fn leading_position(&self, rs: usize) -> bool {
        if rs == self.sent_start {
            return true;
        }
        let mut k = rs;
        while let Some(c) = self.prev_char(k) {
            if c.is_whitespace() {
                k -= c.len_utf8();
            } else {
                return is_term(c) || is_closer(c) || k == self.sent_start;
            }
        }
        true
    }

    /// After a quotation closing with `?`, `!` or `…`: a capitalised name and a reporting verb
    /// ("…?” Harris asks) continue the sentence.
    fn reporting_follows(&self, next: &Next<'a>) -> bool {
        let mut pos = next.at;
        let mut caps = 0;
        for _ in 0..5 {
            let w = self.word_at(pos);
            let Some(c) = w.chars().next() else { return false };
            if c.is_uppercase() {
                caps += 1;
                pos += w.len();
                // allow "Amy B. Harris", "Harris,"… only plain spaces and initials' periods
                while pos < self.b.len() && matches!(self.b[pos], b'.' | b' ') {
                    pos += 1;
                }
                continue;
            }
            return caps >= 1 && self.r.is_reporting(w);
        }
        false
    }

    /// A single period at `rs` after a word, before an upper-case word, digit or symbol.
    fn period(&self, rs: usize, next: &Next<'a>) -> bool {
        let (tok_start, tok) = self.token_before(rs);
        let Some(last) = tok.chars().next_back() else { return true };
        if !last.is_alphanumeric() {
            return true;
        }
        if tok.contains(['@', '/']) {
            return true;
        }
        if tok.contains('.') {
            let parts_ok = tok
                .split('.')
                .all(|p| !p.is_empty() && p.chars().count() <= 4 && p.chars().all(char::is_alphabetic));
            if parts_ok {
                let class = self.r.abbrev(tok).unwrap_or(Abbr::Amb);
                return self.apply(class, tok_start, next);
            }
            if tok.split('.').all(is_number) {
                return self.number(tok_start, tok, next);
            }
            return true; // a domain or file name: example.com.
        }
        if is_number(tok) {
            return self.number(tok_start, tok, next);
        }
        let mut chars = tok.chars();
        let first = chars.next().unwrap_or(' ');
        let single = chars.next().is_none();
        if let Some(class) = self.r.abbrev(tok) {
            return self.apply(class, tok_start, next);
        }
        if single && first.is_uppercase() {
            // An initial (Amy B. Harris, George H. W. Bush) unless a typical sentence opener follows.
            return next.kind == Kind::Upper && next.word.chars().count() > 1 && self.r.is_starter(next.word);
        }
        true
    }

    /// Decide a listed abbreviation.
    fn apply(&self, class: Abbr, tok_start: usize, next: &Next<'a>) -> bool {
        let starter = || next.kind == Kind::Upper && self.r.is_starter(next.word);
        match class {
            Abbr::Title | Abbr::Inner => false,
            Abbr::Num => next.kind != Kind::Digit && (next.opener || starter()),
            Abbr::Amb => next.kind != Kind::Digit && (next.opener || starter()),
            Abbr::End => true,
            Abbr::Year => {
                let prev = self.prev_token(tok_start);
                let after_number = is_number(prev) || is_roman(prev);
                if after_number {
                    !pl::date_opens_sentence(self, prev_start(self, tok_start, prev))
                } else {
                    next.kind != Kind::Digit && (next.opener || starter())
                }
            }
            Abbr::Count => {
                // after a number, or a number and another unit: "10 tys.", "5 mln zł."
                let prev = self.prev_token(tok_start);
                let counted = is_number(prev)
                    || (self.r.abbrev(prev.trim_end_matches('.')) == Some(Abbr::Count)
                        && is_number(self.prev_token(prev_start(self, tok_start, prev))));
                // A title opening the next word ("30 mln zł. Prof. Nowak …", "5 mln zł. Dr Nowak …")
                // starts a sentence too.
                let title_follows = next.kind == Kind::Upper
                    && self.r.abbrev(next.word) == Some(Abbr::Title)
                    && (self.b.get(next.at + next.word.len()) == Some(&b'.')
                        || (self.r.lang == Lang::Pl && pl::is_contracted_title(next.word)));
                counted && next.kind != Kind::Digit && (next.opener || starter() || title_follows)
            }
            Abbr::Saint => {
                // "Była msza św. Potem …" ends; "Po mszy św. Papież odjechał" goes on.
                let prev = self.prev_token(tok_start);
                pl::ends_mass(prev) && (next.opener || starter())
            }
        }
    }

    /// Skip ASCII spaces from `i`.
    fn skip_plain_spaces(&self, mut i: usize) -> usize {
        while i < self.b.len() && self.b[i] == b' ' {
            i += 1;
        }
        i
    }

    /// The whitespace-separated token before `tok_start` within the sentence.
    fn prev_token(&self, tok_start: usize) -> &'a str {
        let mut end = tok_start;
        while let Some(c) = self.prev_char(end) {
            if end <= self.sent_start || !c.is_whitespace() {
                break;
            }
            end -= c.len_utf8();
        }
        let mut k = end;
        while k > self.sent_start && end - k < 48 {
            match self.prev_char(k) {
                Some(c) if !c.is_whitespace() => k -= c.len_utf8(),
                _ => break,
            }
        }
        &self.s[k..end]
    }

    /// A period after a number.
    fn number(&self, tok_start: usize, tok: &str, next: &Next<'a>) -> bool {
        // "1. The first point": a list marker opening the sentence.
        if tok_start == self.sent_start {
            return false;
        }
        match self.r.lang {
            Lang::Pl => {
                let second = self.word_at(self.skip_plain_spaces(next.at + next.word.len()));
                pl::number_ends_sentence(
                    self.r,
                    tok,
                    next.kind == Kind::Upper,
                    next.opener,
                    next.word,
                    second,
                )
            }
            _ => true,
        }
    }
}

/// Where `prev` (returned by `prev_token(tok_start)`) starts.
fn prev_start<F: FnMut(usize, usize)>(sc: &Scanner<'_, F>, tok_start: usize, prev: &str) -> usize {
    let mut end = tok_start;
    while let Some(c) = sc.prev_char(end) {
        if end <= sc.sent_start || !c.is_whitespace() {
            break;
        }
        end -= c.len_utf8();
    }
    end - prev.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(s: &str, lang: Lang) -> Vec<&str> {
        split_str(s, lang).into_iter().map(|sp| &s[sp.start..sp.end]).collect()
    }

    #[test]
    fn data_files_load() {
        assert_eq!(en::rules().abbrev("Mr"), Some(Abbr::Title));
        assert_eq!(pl::rules().abbrev("prof"), Some(Abbr::Title));
        assert_eq!(pl::rules().abbrev("Prof"), Some(Abbr::Title));
        assert!(en::rules().is_starter("The"));
        assert!(pl::rules().is_reporting("mówi"));
    }

    #[test]
    fn english_abbreviations_and_initials() {
        let s = "Mr. Smith met Dr. Jones at 5 p.m. on Jan. 5 in the U.S. Army base. It was cold.";
        assert_eq!(
            split(s, Lang::En),
            vec!["Mr. Smith met Dr. Jones at 5 p.m. on Jan. 5 in the U.S. Army base.", "It was cold."]
        );
        let s = "George H. W. Bush met Amy B. Harris. They talked.";
        assert_eq!(split(s, Lang::En), vec!["George H. W. Bush met Amy B. Harris.", "They talked."]);
        let s = "He lives in Boston, Mass. The rest is history. Boston, Mass. Gov. Baker agreed.";
        assert_eq!(split(s, Lang::En).len(), 3);
        let s = "He moved to the U.S. The rest is history.";
        assert_eq!(split(s, Lang::En), vec!["He moved to the U.S.", "The rest is history."]);
        let s = "Apples, pears, etc. Then we left. Shares of Apple Inc. The company fell 3.5% to $10.50.";
        assert_eq!(
            split(s, Lang::En),
            vec![
                "Apples, pears, etc.",
                "Then we left.",
                "Shares of Apple Inc.",
                "The company fell 3.5% to $10.50."
            ]
        );
        let s = "Mix A with B, e.g. Kool-Aid. See www.example.com. Mail a@b.pl. Reuters (ABC.N) rose.";
        assert_eq!(
            split(s, Lang::En),
            vec![
                "Mix A with B, e.g. Kool-Aid.",
                "See www.example.com.",
                "Mail a@b.pl.",
                "Reuters (ABC.N) rose."
            ]
        );
    }

    #[test]
    fn quotes_and_reporting_clauses() {
        let s = "“Where are they?” Harris asks. “Great!” she said. “Stop!” He left.";
        assert_eq!(
            split(s, Lang::En),
            vec!["“Where are they?” Harris asks.", "“Great!” she said.", "“Stop!”", "He left."]
        );
        let s = "“One. Two,” Harris says. “Three.” (Four.) Five?! Six";
        assert_eq!(
            split(s, Lang::En),
            vec!["“One.", "Two,” Harris says.", "“Three.”", "(Four.)", "Five?!", "Six"]
        );
        let s = "\"Tak!\" - mówi Harris. „Dobrze!”, uspokajał. „Nie wiem”. Koniec.";
        assert_eq!(
            split(s, Lang::Pl),
            vec!["\"Tak!\" - mówi Harris.", "„Dobrze!”, uspokajał.", "„Nie wiem”.", "Koniec."]
        );
    }

    #[test]
    fn ellipses() {
        let s = "It was quite shocked .. and very upset... Then. … It’s over. .. This one. Wait … what?";
        assert_eq!(
            split(s, Lang::En),
            vec![
                "It was quite shocked .. and very upset...",
                "Then.",
                "… It’s over.",
                ".. This one.",
                "Wait … what?"
            ]
        );
    }

    #[test]
    fn polish_rules() {
        let s = "Prof. Jan Nowak i dr hab. inż. Anna Kowalska przyszli o godz. 19.30 na ul. Długą. Było ok. 300 osób, m.in. posłowie.";
        assert_eq!(split(s, Lang::Pl).len(), 2);
        let s = "W 2013 r. Sąd uznał winę. Urodził się w 1990 r. Jego ojciec był lekarzem.";
        assert_eq!(
            split(s, Lang::Pl),
            vec!["W 2013 r. Sąd uznał winę.", "Urodził się w 1990 r.", "Jego ojciec był lekarzem."]
        );
        let s = "Zajął 22. miejsce w latach 90. XX w. Potem odszedł. Zarobił 10 tys. W tym roku więcej.";
        assert_eq!(
            split(s, Lang::Pl),
            vec![
                "Zajął 22. miejsce w latach 90. XX w.",
                "Potem odszedł.",
                "Zarobił 10 tys.",
                "W tym roku więcej."
            ]
        );
        let s = "Budżet to 30 mld zł. Prof. Jan Nowak ocenił, że to za mało. Dostał 5 mln zł. Dr Anna Kowalska też. \
                 Wyjechało ok. 2 mln. Polaków.";
        assert_eq!(
            split(s, Lang::Pl),
            vec![
                "Budżet to 30 mld zł.",
                "Prof. Jan Nowak ocenił, że to za mało.",
                "Dostał 5 mln zł.",
                "Dr Anna Kowalska też.",
                "Wyjechało ok. 2 mln. Polaków."
            ]
        );
        let s = "Była msza św. Potem św. Jan przemówił. Jabłka, gruszki itd. Na koniec sok.";
        assert_eq!(
            split(s, Lang::Pl),
            vec!["Była msza św.", "Potem św. Jan przemówił.", "Jabłka, gruszki itd.", "Na koniec sok."]
        );
        let s =
            "Rzecznik KGP insp. Mariusz Ciarka i st. sierż. Jan Nowak byli tam w marcu br. W kwietniu nie.";
        assert_eq!(split(s, Lang::Pl).len(), 2);
        let s = "Mecz Legia v. Lech w St. Louis. Dr. Who wrócił.";
        assert_eq!(split(s, Lang::Pl), vec!["Mecz Legia v. Lech w St. Louis.", "Dr. Who wrócił."]);
    }

    #[test]
    fn news_cases() {
        let s =
            "W kwietniu 2018 r. Stany Zjednoczone uderzyły. Przemawiał na 74. Zwyczajnym Posiedzeniu ONZ.";
        assert_eq!(split(s, Lang::Pl).len(), 2);
        let s = "Zapadł w sen. Wynik to 49,13. Ayyasamy był wolniejszy. Biegł 30 min. Potem odpadł.";
        assert_eq!(split(s, Lang::Pl).len(), 5);
        let s = "Jest przy ul. Marszałkowskiej 1. Wstęp wolny. Zarobił 5 mln zł. W 2011 r. już 10 mln zł.";
        assert_eq!(split(s, Lang::Pl).len(), 4);
        let s = "Po mszy św. Papież odjechał. Odbył się 39. Szczyt SADC.";
        assert_eq!(split(s, Lang::Pl).len(), 2);
        let s = "Wynik wyniósł 74. Jednak to mało.";
        assert_eq!(split(s, Lang::Pl), vec!["Wynik wyniósł 74.", "Jednak to mało."]);
        let s = "a professional workplace? . . . They didn't want to work here. . . . People left.";
        assert_eq!(
            split(s, Lang::En),
            vec!["a professional workplace? . . .", "They didn't want to work here. . . .", "People left."]
        );
        let s = "\"We exit homelessness.\"Eric Schaeffer said so. He lives in the U.S.\"";
        assert_eq!(
            split(s, Lang::En),
            vec!["\"We exit homelessness.\"", "Eric Schaeffer said so.", "He lives in the U.S.\""]
        );
        assert_eq!(split("On that stage!\" Shakira wrote.", Lang::En).len(), 1);
        let s = "„Which?” sprawdziło 355 ofert. „Co za zwierzę!” – skomentowała.";
        assert_eq!(split(s, Lang::Pl).len(), 2);
    }

    #[test]
    fn spaces_headlines_lists() {
        let s = "Koniec.\u{a0}Początek.\u{2009}Dalej";
        assert_eq!(split(s, Lang::Pl), vec!["Koniec.", "Początek.", "Dalej"]);
        assert_eq!(
            split("  Headline Without A Final Mark  ", Lang::En),
            vec!["Headline Without A Final Mark"]
        );
        let s = "1. First point is here. 2. Second\n- item one\n- item two";
        assert_eq!(
            split(s, Lang::En),
            vec!["1. First point is here.", "2. Second", "- item one", "- item two"]
        );
        assert_eq!(split("Items: • one • two", Lang::En), vec!["Items:", "• one", "• two"]);
    }
}
