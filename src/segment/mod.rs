//! Sentence splitting, per paragraph, with language rules.
//!
//! A hand-written scanner walks the paragraph once. Every run of final marks (`.`, `!`, `?`,
//! `…`, `..`, `?!`) followed by whitespace is a candidate boundary; closing quotes and brackets
//! right after the marks (`.”`, `?’ ”`, the Polish `”.`) and reference markers (`.[1]`,
//! `. [2][3]`) belong to the sentence they close. Each candidate is decided from the word before
//! the marks (abbreviation, initial, number, acronym, URL) and what follows (case of the next
//! word and whether it can continue the phrase, an opening quote, a dash or a capitalised name
//! plus a reporting verb after a quotation), with the word lists of the paragraph's language
//! and the decisions only that language needs (the [`Language`] of [`en`] and [`pl`]; data files
//! in `src/segment/data/`). A final mark glued to a capitalised word (`over.The`, `?Yes`) is a
//! candidate too, and inline list markers (`1) … 2) …`, `a. … b. …`) open items. Lookups happen
//! only at candidates and every scan is bounded, so the splitter runs in linear time.
//!
//! Conventions (those of `corpus/carrie-diaries/gold-sentences.json`):
//! - sentences inside a multi-sentence quotation are sentences;
//! - a quotation closing with `!`, `?`, `,` or `…` and followed by its reporting clause
//!   (`…,” Harris says`, `"…" - mówi Harris`, `„…!”, uspokajał`) is not split there;
//! - an ellipsis opening a sentence (`… It’s`, `.. This`, `(...) That`) belongs to the sentence
//!   it opens;
//! - the items of an inline list are sentences when they start with a capital letter
//!   (`1) The council votes 2) The mayor signs`); lower-case items inside a running sentence
//!   (`choose: a) keep the mayor, or b) call an election`) are not;
//! - a paragraph without final punctuation (a headline) is one sentence;
//! - spans are trimmed of whitespace (`char::is_whitespace`, which includes NBSP and the other
//!   Unicode spaces), ordered, non-overlapping, and cover every non-whitespace byte.

pub mod en;
pub mod pl;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::{Deref, DerefMut};

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
        if crate::deadline::current_expired() {
            break;
        }
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
    /// Ends a sentence only when the next word typically opens one (U.S., St., Jan.).
    Amb,
    /// Usually ends a sentence when a capitalised word follows (etc., itd., itp.).
    End,
    /// After a year or Roman numeral (2013 r., XX w.): ends a sentence unless the date opens it.
    Year,
    /// After a number (10 tys., 5 mln): ends before a capitalised word that does not continue
    /// the counted phrase; elsewhere never ends a sentence.
    Count,
    /// Polish `św.`: a title before a name, a sentence end in "msza św.".
    Saint,
    /// Ends a phrase (p.m., B.C., Ph.D., Inc.): ends a sentence before a capitalised word that
    /// does not continue the phrase ("6 p.m. Monday", "Inc. Chief Executive").
    Final,
    /// A unit after a number (7 ft. 2 in.): like `Final` there, an ordinary word elsewhere.
    Unit,
    /// Polish `im.`: "imienia" after an institution (Szkoła im. Jana), the pronoun elsewhere.
    Patron,
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
            "final" => Abbr::Final,
            "unit" => Abbr::Unit,
            "patron" => Abbr::Patron,
            _ => return None,
        })
    }
}

/// The decisions of one language that its word lists cannot express, one implementation per
/// language file ([`en::English`], [`pl::Polish`]). The defaults are those of a language
/// without such rules.
pub(crate) trait Language: Sync + Send {
    /// Whether a period after the number `num` (not at the start of the sentence) ends the
    /// sentence before `next`.
    fn number_ends_sentence(&self, t: &Text<'_>, num: &str, next: &Next<'_>) -> bool {
        let _ = (t, num, next);
        true
    }

    /// Decide an abbreviation of a class only this language has (`Saint`, `Patron`); `None`
    /// leaves it to the shared rules.
    fn own_class(&self, t: &Text<'_>, class: Abbr, tok_start: usize, next: &Next<'_>) -> Option<bool> {
        let _ = (t, class, tok_start, next);
        None
    }

    /// Whether the capitalised `word` after an ellipsis continues the sentence (English "I":
    /// its capital says nothing about a sentence start).
    fn continues_after_ellipsis(&self, word: &str) -> bool {
        let _ = word;
        false
    }

    /// Whether the capitalised `word` after a count unit continues the counted phrase without
    /// being listed (Polish genitive plurals in -ów: "200 tys. Ukraińców").
    fn continues_count(&self, word: &str) -> bool {
        let _ = word;
        false
    }
}

/// The text of a language's data files (`src/segment/data/`).
pub(crate) struct Lists {
    pub abbrev: &'static str,
    pub starters: &'static str,
    pub reporting: &'static str,
    pub date_words: &'static str,
    pub continuations: &'static str,
}

/// The word lists and decisions of one language, built once from the data files.
pub struct Rules {
    /// English or Polish.
    pub lang: Lang,
    language: &'static dyn Language,
    /// Class and continuation groups (a bit per group) of each abbreviation.
    abbrev: Map<&'static str, (Abbr, u32)>,
    /// Abbreviations of another language that also appear in this one (English titles in Polish).
    extra_abbrev: Option<&'static Rules>,
    starters: Set<&'static str>,
    reporting: Set<&'static str>,
    date_words: Set<&'static str>,
    /// Continuation groups (bits) of each word listed in `*_continuations.txt`.
    continuations: Map<&'static str, u32>,
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rules").field("lang", &self.lang).field("abbrev", &self.abbrev.len()).finish()
    }
}

/// The non-comment, non-empty lines of a data file, trimmed.
fn data_lines(src: &'static str) -> impl Iterator<Item = &'static str> {
    crate::data::entries(src)
}

impl Rules {
    /// Build rules from the data files' contents. Unknown classes in `abbrev` are skipped;
    /// continuation groups are numbered in order of first appearance (at most 32).
    pub(crate) fn build(
        lang: Lang,
        language: &'static dyn Language,
        lists: Lists,
        extra_abbrev: Option<&'static Rules>,
    ) -> Rules {
        let mut groups: Vec<&str> = Vec::new();
        let mut bit = |g: &'static str| -> u32 {
            let i = groups.iter().position(|x| *x == g).unwrap_or_else(|| {
                groups.push(g);
                groups.len() - 1
            });
            if i < 32 {
                1 << i
            } else {
                0
            }
        };
        let mut continuations: Map<&'static str, u32> = Map::default();
        for l in data_lines(lists.continuations) {
            let mut it = l.split_whitespace();
            if let (Some(g), Some(w)) = (it.next(), it.next()) {
                *continuations.entry(w).or_default() |= bit(g);
            }
        }
        let abbrev = data_lines(lists.abbrev)
            .filter_map(|l| {
                let mut it = l.split_whitespace();
                let w = it.next()?;
                let class = Abbr::parse(it.next()?)?;
                let mask = it.fold(0, |m, g| m | bit(g));
                Some((w, (class, mask)))
            })
            .collect();
        Rules {
            lang,
            language,
            abbrev,
            extra_abbrev,
            starters: data_lines(lists.starters).collect(),
            reporting: data_lines(lists.reporting).collect(),
            date_words: data_lines(lists.date_words).collect(),
            continuations,
        }
    }

    /// The class of an abbreviation (without its final period), if listed. A capitalised token
    /// also matches an entry written in lower case.
    pub fn abbrev(&self, tok: &str) -> Option<Abbr> {
        self.abbrev_entry(tok).map(|(a, _)| a)
    }

    /// The class and continuation groups of an abbreviation.
    fn abbrev_entry(&self, tok: &str) -> Option<(Abbr, u32)> {
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
            Some(x) => x
                .abbrev
                .get(tok)
                .copied()
                .filter(|(a, _)| matches!(a, Abbr::Title | Abbr::Inner | Abbr::Amb))
                .map(|(a, _)| (a, 0)),
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

    /// Whether `word` may stand before a number in a date phrase (month names, prepositions).
    pub fn is_date_word(&self, word: &str) -> bool {
        if self.date_words.contains(word) {
            return true;
        }
        let low = word.to_lowercase();
        self.date_words.contains(low.as_str())
    }

    /// Whether `word` continues the phrase of an abbreviation with continuation groups `mask`.
    fn continues(&self, mask: u32, word: &str) -> bool {
        mask != 0 && self.continuations.get(word).is_some_and(|g| g & mask != 0)
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
    matches!(c, ')' | ']' | '}' | '”' | '’' | '"' | '\'' | '`' | '»' | '«' | '›' | '‹' | '」' | '』')
}

/// Quotation marks among the closers.
fn is_quote(c: char) -> bool {
    matches!(c, '”' | '’' | '"' | '\'' | '`' | '»' | '«' | '›' | '‹' | '」' | '』' | '“' | '„')
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
    matches!(c, '•' | '▪' | '◦' | '‣' | '⁃' | '●' | '■' | '·')
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

/// A quantity before a unit or time: a number with separators or a currency sign ("7",
/// "10:30", "$5", "1,200.50").
fn is_quantity(w: &str) -> bool {
    let w = w.trim_start_matches(['$', '£', '€', '~', '+']);
    !w.is_empty()
        && w.as_bytes()[0].is_ascii_digit()
        && w.as_bytes()[w.len() - 1].is_ascii_digit()
        && w.bytes().all(|b| b.is_ascii_digit() || matches!(b, b',' | b'.' | b':' | b'-' | b'/'))
}

/// A dotted token of single capital letters ("P.M", "B.C", "J.D"): also a pair of initials.
fn single_caps(tok: &str) -> bool {
    tok.split('.').all(|p| {
        let mut c = p.chars();
        c.next().is_some_and(char::is_uppercase) && c.next().is_none()
    })
}

/// Top-level domains, not sentence openers after a glued period ("Booking.Com").
fn is_tld(w: &str) -> bool {
    const TLDS: &[&str] = &[
        "com", "org", "net", "edu", "gov", "mil", "int", "info", "biz", "io", "co", "eu", "uk", "us", "pl",
        "de", "fr", "it", "es", "ru", "ua", "cz", "sk", "tv", "me", "ly", "app", "dev",
    ];
    w.len() <= 4 && TLDS.iter().any(|t| t.eq_ignore_ascii_case(w))
}

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

/// An inline list marker: `1)`, `b)`, `2.`, `c.`, `3.)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Marker {
    letter: bool,
    /// `)`, `.`, or `>` for `.)`.
    style: u8,
    value: u32,
}

impl Marker {
    fn follows(self, prev: Marker) -> bool {
        self.letter == prev.letter && self.style == prev.style && self.value == prev.value + 1
    }
}

/// A paragraph being split, as the decisions see it: the text, the language's rules and where
/// the current sentence starts.
pub(crate) struct Text<'a> {
    s: &'a str,
    b: &'a [u8],
    r: &'static Rules,
    sent_start: usize,
}

/// One scan over a paragraph.
struct Scanner<'a, F: FnMut(usize, usize)> {
    t: Text<'a>,
    emit: F,
    /// The last inline list marker seen in this paragraph.
    list: Option<Marker>,
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
fn e2_mark(b: &[u8], i: usize) -> bool {
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
    fn push(&mut self, end: usize, next_start: usize) {
        if end > self.sent_start {
            let start = self.t.sent_start;
            (self.emit)(start, end);
            self.t.sent_start = next_start;
        }
    }

    fn run(&mut self) {
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

    /// A bullet after whitespace, before whitespace or glued to its item (`⁃9.`), starts a new item.
    fn bullet(&mut self, i: usize, c: char) -> usize {
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
    fn paren(&mut self, i: usize) -> usize {
        if self.char_at(i + 1).is_some_and(char::is_whitespace) {
            if let Some((ms, letter, value)) = self.marker_before(i, true) {
                self.list_marker(ms, Marker { letter, style: b')', value }, i + 1);
            }
        }
        i + 1
    }

    /// A list marker starting at `ms`, its item after `after`: record it, and start a new
    /// sentence at it when it continues the paragraph's list before a capitalised item.
    /// Returns whether the marker is a list marker (then the marks after it end nothing).
    fn list_marker(&mut self, ms: usize, m: Marker, after: usize) -> bool {
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
        // An elision mark "(...)", "[…]": never a boundary.
        if (dots >= 2 || ell)
            && !has_q
            && matches!(self.prev_char(rs), Some('(' | '['))
            && matches!(self.b.get(e), Some(b')' | b']'))
        {
            return e + 1;
        }
        // A list marker: "2. The second item", "b. The second item", "3.) The third".
        if dots == 1 && !has_q && !ell {
            let style = match self.b.get(e) {
                Some(b')') => Some((b'>', e + 1)),
                _ => Some((b'.', e)),
            };
            if let Some((style, after)) = style {
                if self.char_at(after).is_some_and(char::is_whitespace) {
                    if let Some((ms, letter, value)) = self.marker_before(rs, style == b'>') {
                        if self.list_marker(ms, Marker { letter, style, value }, after) {
                            return after;
                        }
                    }
                }
            }
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
        // Reference markers after the marks, glued or spaced: ".[1]", ".[2][3]", ". [4]".
        let mut refs = false;
        loop {
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
        let after = e;
        match self.char_at(after) {
            None => return n,
            // A quotation closed right before a capitalised word, the space missing: “…end."Next”.
            Some(c) if (quote || refs) && c.is_uppercase() && after > rs && !self.inside_token(rs) => {
                self.push(after, after);
                return after;
            }
            // A final mark glued to the next sentence: "was over.The next day", "30°C.W sobotę".
            Some(c) if c.is_uppercase() && !ell && after > rs && self.glued_end(rs, after) => {
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
}

impl<'a> Text<'a> {
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

    /// Whether a quotation opened with the straight quote `q` is open at `i` in the paragraph
    /// (an odd number of `"` before it; for `'`, an opening `'` not yet closed: one before a
    /// word opens, one after a word closes, one standing between spaces does either, and
    /// apostrophes inside words are skipped). The scan is bounded to 2000 bytes.
    fn quotation_open(&self, q: char, i: usize) -> bool {
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

    /// An inline list marker ending at `end` (where its `.` or `)` stands): one or two digits,
    /// or one letter (lower case, or any case before `)`), after whitespace, a bullet or the
    /// start of the paragraph. Returns its start, whether it is a letter, and its value.
    fn marker_before(&self, end: usize, paren: bool) -> Option<(usize, bool, u32)> {
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
        if k > 0 {
            match self.prev_char(k) {
                Some(c) if c.is_whitespace() || is_bullet(c) => {}
                _ => return None,
            }
        }
        if digits {
            let v = tok.iter().fold(0u32, |v, d| v * 10 + (d - b'0') as u32);
            return (tok.len() <= 2 && v > 0).then_some((k, false, v));
        }
        match tok {
            [c] if c.is_ascii_lowercase() || (paren && c.is_ascii_uppercase()) => {
                Some((k, true, (c.to_ascii_lowercase() - b'a') as u32 + 1))
            }
            _ => None,
        }
    }

    /// A list marker at `ms` stands where a list may begin: at the start of the sentence (after
    /// bullets, dashes or opening marks), or after a colon.
    fn list_position(&self, ms: usize) -> bool {
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

    /// A reference marker at `k`: `[1]`, `[12]`, `[2–11]`, `[3, 4]`, `[a]`. Returns its end.
    fn reference_at(&self, k: usize) -> Option<usize> {
        if self.b.get(k) != Some(&b'[') {
            return None;
        }
        let inner = k + 1;
        let mut j = inner;
        while j < self.b.len() && j - inner < 12 && self.b[j] != b']' {
            j += 1;
        }
        if self.b.get(j) != Some(&b']') || j == inner {
            return None;
        }
        let body = &self.s[inner..j];
        let digits = body.as_bytes()[0].is_ascii_digit()
            && body.chars().all(|c| c.is_ascii_digit() || matches!(c, '-' | '–' | ',' | ' '));
        let letter = body.len() == 1 && body.as_bytes()[0].is_ascii_lowercase();
        (digits || letter).then_some(j + 1)
    }

    /// Whether the final mark at `rs`, glued to a capitalised word at `after`, ends a sentence:
    /// an ordinary word, a number or a temperature before it ("over.The", "2022.Officials",
    /// "31°C.On", "surprise?Not"), a word after it that is no file extension, domain or part of
    /// a dotted name. URLs, e-mail addresses, listed abbreviations ("ul.Długiej", "St.Mary"),
    /// initials and acronyms ("J.Smith", "U.S.A.") are left alone.
    fn glued_end(&self, rs: usize, after: usize) -> bool {
        let (_, tok) = self.token_before(rs);
        let mut chars = tok.chars();
        let Some(last) = chars.next_back() else { return false };
        if chars.next().is_none() || tok.contains(['.', '/', '@', ':', '\\', '_', '=', '&', '#', '<']) {
            return false;
        }
        let low = tok.get(..4).unwrap_or(tok);
        if low.eq_ignore_ascii_case("www") || low.eq_ignore_ascii_case("http") || self.r.abbrev(tok).is_some()
        {
            return false;
        }
        let degree = last.is_uppercase() && tok[..tok.len() - last.len_utf8()].ends_with('°');
        if !(last.is_lowercase() || last.is_ascii_digit() || last == '%' || is_closer(last) || degree) {
            return false;
        }
        let w = self.word_at(after);
        let end = after + w.len();
        let rest_ok = match self.char_at(end) {
            None => true,
            Some(c)
                if c.is_whitespace() || matches!(c, ',' | ';' | ':' | '!' | '?' | ')' | '”' | '"' | '’') =>
            {
                true
            }
            Some('.') => self.char_at(end + 1).is_none_or(char::is_whitespace),
            _ => false,
        };
        if !rest_ok || w.is_empty() {
            return false;
        }
        let single = w.chars().nth(1).is_none();
        (single && self.char_at(end).is_some_and(char::is_whitespace))
            || (w.chars().skip(1).any(char::is_lowercase) && !is_tld(w))
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

    /// An elision mark at `k` ("(...)", "[…]"): its end.
    fn elision_at(&self, k: usize) -> Option<usize> {
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
    fn next_at(&self, j: usize) -> Next<'a> {
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
            // A pause inside the sentence before a word whose capital says nothing ("I thought...
            // I would"); four dots are a period and an ellipsis.
            if dots <= 3
                && !quote
                && !next.opener
                && next.kind == Kind::Upper
                && self.r.language.continues_after_ellipsis(next.word)
            {
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
            // a listed abbreviation ending in a symbol: "N°. 1026"
            return match matches!(last, '°' | 'º').then(|| self.r.abbrev_entry(tok)).flatten() {
                Some((class, mask)) => self.apply(class, mask, tok_start, tok, next),
                None => true,
            };
        }
        if tok.contains(['@', '/']) {
            return true;
        }
        if tok.contains('.') {
            let parts_ok = tok
                .split('.')
                .all(|p| !p.is_empty() && p.chars().count() <= 4 && p.chars().all(char::is_alphabetic));
            if parts_ok {
                let (class, mask) = self.r.abbrev_entry(tok).unwrap_or((Abbr::Amb, 0));
                return self.apply(class, mask, tok_start, tok, next);
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
        if let Some((class, mask)) = self.r.abbrev_entry(tok) {
            return self.apply(class, mask, tok_start, tok, next);
        }
        if single && first.is_uppercase() {
            // An initial (Amy B. Harris, George H. W. Bush) unless a typical sentence opener follows.
            return next.kind == Kind::Upper && next.word.chars().count() > 1 && self.r.is_starter(next.word);
        }
        true
    }

    /// Decide a listed abbreviation `tok` (starting at `tok_start`) of `class`, with the
    /// continuation groups `mask`.
    fn apply(&self, class: Abbr, mask: u32, tok_start: usize, tok: &str, next: &Next<'a>) -> bool {
        if let Some(d) = self.r.language.own_class(self, class, tok_start, next) {
            return d;
        }
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
                    !self.date_opens_sentence(self.prev_start(tok_start, prev))
                } else {
                    next.kind != Kind::Digit && (next.opener || starter())
                }
            }
            Abbr::Count => {
                // after a number, or a number and another unit: "10 tys.", "5 mln zł."
                let prev = self.prev_token(tok_start);
                let counted = is_number(prev)
                    || (self.r.abbrev(prev.trim_end_matches('.')) == Some(Abbr::Count)
                        && is_number(self.prev_token(self.prev_start(tok_start, prev))));
                let ends = next.opener
                    || (next.kind == Kind::Upper
                        && !(self.r.continues(mask, next.word)
                            || is_acronym(next.word)
                            || self.r.language.continues_count(next.word)));
                counted && next.kind != Kind::Digit && ends
            }
            Abbr::Final | Abbr::Unit => {
                let prev = self.prev_token(tok_start);
                let after_number = is_quantity(prev);
                if class == Abbr::Unit && !after_number {
                    return true; // an ordinary word: "Come in."
                }
                if class == Abbr::Final && !after_number && single_caps(tok) {
                    // initials (A.D. Morgan) or an acronym: decided like an unlisted one
                    return next.kind != Kind::Digit && (next.opener || starter());
                }
                if next.quote {
                    return true;
                }
                if next.kind != Kind::Upper || next.opener {
                    return false;
                }
                if starter() {
                    return true;
                }
                let phrase_start = if after_number { self.prev_start(tok_start, prev) } else { tok_start };
                !(self.r.continues(mask, next.word)
                    || self.followed_by_time(next)
                    || self.date_opens_sentence(phrase_start))
            }
            // Decided by the language (`own_class`); elsewhere like an ambiguous abbreviation.
            Abbr::Saint | Abbr::Patron => next.kind != Kind::Digit && (next.opener || starter()),
        }
    }

    /// The word after `next` is "time" ("6 p.m. Moscow time", "10 a.m. Eastern Time").
    fn followed_by_time(&self, next: &Next<'a>) -> bool {
        let k = next.at + next.word.len();
        if self.b.get(k) != Some(&b' ') {
            return false;
        }
        let w = self.word_at(k + 1);
        w == "time" || w == "Time"
    }

    /// Skip ASCII spaces from `i`.
    fn skip_plain_spaces(&self, mut i: usize) -> usize {
        while i < self.b.len() && self.b[i] == b' ' {
            i += 1;
        }
        i
    }

    /// The whitespace-separated token before `tok_start` within the sentence.
    pub(crate) fn prev_token(&self, tok_start: usize) -> &'a str {
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

    /// Where `prev` (returned by `prev_token(tok_start)`) starts.
    pub(crate) fn prev_start(&self, tok_start: usize, prev: &str) -> usize {
        let mut end = tok_start;
        while let Some(c) = self.prev_char(end) {
            if end <= self.sent_start || !c.is_whitespace() {
                break;
            }
            end -= c.len_utf8();
        }
        end - prev.len()
    }

    /// Whether the date or time phrase ending with the number at `start` opens the sentence
    /// or a clause after a colon ("W 2013 r. Sąd…", "8 kwietnia 2013 r. Kowalski…", "At 5 a.m.
    /// Mr. Smith…", "He noted: In 44 B.C. Caesar died"): every word before it is a number, a
    /// Roman numeral or a date word of the language (month names, prepositions). Then the
    /// abbreviation after it does not end the sentence.
    fn date_opens_sentence(&self, start: usize) -> bool {
        // a date phrase opening a sentence is short: the words before it are read backwards,
        // at most 8 of them within 120 bytes, which keeps the scan bounded
        let start = start.max(self.sent_start);
        let mut from = start.saturating_sub(120).max(self.sent_start);
        while !self.s.is_char_boundary(from) {
            from += 1;
        }
        let window = &self.s[from..start];
        for (count, w) in window.split_whitespace().rev().enumerate() {
            if count >= 8 {
                return false;
            }
            // a clause after a colon: "He noted: In 44 B.C. Caesar died."
            if w.ends_with([':', ';']) {
                return true;
            }
            let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '–');
            if !(w.is_empty() || is_number(w) || is_roman(w) || self.r.is_date_word(w)) {
                return false;
            }
        }
        // every word of the window is part of the date: it opens the sentence if the window does
        from == self.sent_start
    }

    /// A period after a number.
    fn number(&self, tok_start: usize, tok: &str, next: &Next<'a>) -> bool {
        // "1. The first point": a list marker opening the sentence.
        if tok_start == self.sent_start {
            return false;
        }
        self.r.language.number_ends_sentence(self, tok, next)
    }

    /// The rules of the paragraph's language.
    pub(crate) fn rules(&self) -> &'static Rules {
        self.r
    }

    /// Where the current sentence starts.
    pub(crate) fn sentence_start(&self) -> usize {
        self.sent_start
    }

    /// The word after `next` on the same line (after plain spaces).
    pub(crate) fn second_word(&self, next: &Next<'a>) -> &'a str {
        self.word_at(self.skip_plain_spaces(next.at + next.word.len()))
    }
}

/// An acronym: two to five capitals or digits, a capital first ("PKB", "USD", "CO2").
fn is_acronym(w: &str) -> bool {
    (2..=5).contains(&w.len())
        && w.as_bytes()[0].is_ascii_uppercase()
        && w.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

#[cfg(test)]
mod tests;
