//! Attribution patterns shared by the English and Polish rules: tokens, name runs, the subject of an
//! attribution.

use std::sync::OnceLock;

use super::fast::{
    char_at, char_start_before, is_alnum, is_space, is_upper, lower_eq, with_lower, WordFilter,
};
use crate::lexicon::fxhash::FxSet;

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

/// Lower-case particles allowed inside a name ("Ahmed al Khateeb", "Ursula von der Leyen").
const PARTICLES: &[&str] =
    &["al", "el", "van", "von", "der", "den", "de", "da", "di", "du", "la", "le", "bin", "ibn", "ben"];

/// Can this token be part of a person's or organisation's name?
pub fn nameish(t: &Tok) -> bool {
    // The shape first (cheap, and rejects most words), then the function-word table.
    let Some(&b0) = t.word.as_bytes().first() else { return false };
    // A word starting with a lower-case ASCII letter or a digit is a name only in hyphenated form
    // ("al-Assad").
    if (b0.is_ascii_lowercase() || b0.is_ascii_digit()) && !t.word.as_bytes().contains(&b'-') {
        return false;
    }
    let shaped = t.is_initial() || {
        let cap_or_hyphen = t.is_cap()
            || (t.word.contains('-')
                && t.word.split('-').next_back().is_some_and(|p| p.starts_with(char::is_uppercase)));
        cap_or_hyphen && {
            // Shouting labels like "STORY:" or "VIDEO:" are no names; short acronyms (BBC, AFP) are. A
            // lower-case ASCII letter settles it at once.
            t.word.bytes().any(|b| b.is_ascii_lowercase()) || {
                let letters = t.word.chars().filter(|c| c.is_alphabetic()).count();
                let upper = t.word.chars().filter(|c| c.is_uppercase()).count();
                !(letters > 4 && upper == letters)
            }
        }
    };
    shaped && !is_function_word(t.word)
}

/// The longest name run starting at token `i`, as a token range `i..j` (None if `i` is no name).
pub fn name_forward(toks: &[Tok], i: usize) -> Option<(usize, usize)> {
    if i >= toks.len()
        || !nameish(&toks[i])
        || !toks[i].lead.is_empty() && !toks[i].lead.chars().all(|c| "([-–—,".contains(c))
    {
        return None;
    }
    let mut j = i;
    while j < toks.len() {
        let t = &toks[j];
        let particle = PARTICLES.contains(&t.word) && j + 1 < toks.len() && toks[j + 1].is_cap();
        if j > i && (!t.lead.is_empty() || !(nameish(t) || particle)) {
            break;
        }
        j += 1;
        if !t.trail.is_empty() && !t.is_initial() {
            break;
        }
    }
    Some((i, j))
}

/// A lower-case title abbreviation with its period, part of a description ("prof.", "gen.", "dr."):
/// the titles of the sentence splitter's Polish list, which also holds the English ones.
fn is_title_abbrev(t: &Tok) -> bool {
    t.trail == "."
        && !t.is_cap()
        && crate::segment::rules_for(crate::lang::Lang::Pl).abbrev(t.word)
            == Some(crate::segment::Abbr::Title)
}

/// The name run ending at token `end` (inclusive), as `i..end+1`.
pub fn name_backward(toks: &[Tok], end: usize) -> Option<(usize, usize)> {
    if end >= toks.len() || !nameish(&toks[end]) {
        return None;
    }
    let mut i = end;
    while i > 0 {
        if !toks[i].lead.is_empty() {
            break;
        }
        let p = &toks[i - 1];
        let particle = PARTICLES.contains(&p.word);
        if !(nameish(p) || particle) || (!p.trail.is_empty() && !p.is_initial()) {
            break;
        }
        i -= 1;
    }
    while PARTICLES.contains(&toks[i].word) && i < end {
        i += 1;
    }
    Some((i, end + 1))
}

/// Who an attribution names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Who {
    /// A name as written (tokens' span); `genitive` when it follows "według"/"zdaniem".
    Name { span: Span, genitive: bool },
    /// A personal pronoun: the last named speaker.
    Pronoun(Span),
    /// A verb with no subject (Polish drops pronouns: „…”, powiedziała): the last named speaker.
    Implicit(Span),
    /// A description with no name ("a spokesman said", "one Reddit user wrote", "policja informuje"):
    /// the speaker as written (the span; empty when the description is not known).
    Unnamed(Span),
    /// A role noun ("powiedział premier", "the prime minister said"): the person holding it.
    Role { span: Span, group: &'static str },
    /// The verb of the sentence the quotation stands in, with the subject before it in the sentence
    /// ("X accused Y of “…”", "Ocenił, że … „…”"): what stands before the verb, read once
    /// ([`SubjectClause`]).
    Subject(SubjectClause),
}

/// A name run standing as a subject in a clause: not after a preposition (possibly behind an
/// article), not ending in a possessive, leading role words and country words trimmed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SubjectRun {
    /// From the first name word (titles and roles included, for the canonical name) to the last.
    pub span: Span,
    /// The last word (the surname).
    pub last: Span,
    /// Name words without the leading roles and titles.
    pub words: u8,
    /// The run opens the clause (a capitalised first word may be any word).
    pub at_start: bool,
    /// Every word holds a lower-case letter and none is an acronym: a person's name, not an
    /// organisation's.
    pub person_like: bool,
    /// The run is (part of) a group description ("Ministry of Health").
    pub group: bool,
}

/// What stands before the verb of a clause: its span, a description opening it ("Many users …"), and
/// the first name runs in subject position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SubjectClause {
    pub span: Span,
    pub described: Option<Span>,
    pub runs: [Option<SubjectRun>; 3],
}

/// Articles and pronouns that may stand between a preposition and a name ("after the Alaska Summit").
const DETS: &[&str] =
    &["the", "a", "an", "this", "that", "their", "his", "her", "its", "ten", "ta", "tym", "tej", "tego"];

/// Prepositions after which a name is a time, a place or an object, not a subject.
const OBLIQUE_PREPS: &[&str] = &[
    "in", "on", "at", "to", "for", "with", "from", "of", "by", "via", "after", "before", "during", "about",
    "against", "between", "into", "over", "under", "without", "near", "towards", "toward", "like", "than",
    "w", "we", "na", "z", "ze", "do", "od", "o", "po", "u", "przy", "przez", "dla", "bez", "nad", "pod",
    "przed", "za", "między", "wobec", "podczas", "ku", "obok", "koło", "spod", "zza", "niż",
];

/// Does `w` lower-case to a preposition after which a name is no subject?
pub fn is_oblique_preposition(w: &str) -> bool {
    static F: OnceLock<WordFilter> = OnceLock::new();
    let f = F.get_or_init(|| WordFilter::new(OBLIQUE_PREPS.iter().copied()));
    w.len() <= 8 && f.may_contain(w) && with_lower(w, |l| OBLIQUE_PREPS.contains(&l))
}

/// Is `w` an article or pronoun that may stand between a preposition and a name?
pub fn is_det(w: &str) -> bool {
    w.len() <= 5 && DETS.iter().any(|d| lower_eq(w, d))
}

/// The clause `toks` (the words before a verb): a description opening it and its first three name
/// runs in subject position.
pub fn subject_clause(toks: &[Tok]) -> SubjectClause {
    let span = match (toks.first(), toks.last()) {
        (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
        _ => Span::new(0, 0),
    };
    let described = super::groups::description(toks, 0, toks.len(), false)
        .map(|(_, a, b)| Span::new(toks[a].span.start, toks[b - 1].span.end));
    let mut runs = [None; 3];
    let mut n = 0;
    let mut i = 0;
    while i < toks.len() && n < runs.len() {
        let t = &toks[i];
        let Some((mut a, mut b)) = name_forward(toks, i) else {
            i += 1;
            continue;
        };
        let next = b.max(i + 1);
        i = next;
        let mut k = a;
        while k > 0 && k + 2 > a && toks[k - 1].trail.is_empty() && is_det(toks[k - 1].word) {
            k -= 1;
        }
        let oblique = k > 0 && toks[k - 1].trail.is_empty() && is_oblique_preposition(toks[k - 1].word);
        if oblique || !t.lead.is_empty() && !t.lead.chars().all(|c| c == '(') {
            continue;
        }
        // A possessive ends the run: "Tusk's claims"; an owner qualifies the name after it
        // ("Coldplay's Chris Martin").
        let poss = |t: &Tok| t.word.ends_with("'s") || t.word.ends_with("’s");
        if let Some(p) = (a..b).find(|&p| poss(&toks[p])) {
            if p + 1 >= b {
                continue;
            }
            a = p + 1;
        }
        // Leading role words and titles are left to canonical(): "Premier Donald Tusk".
        let mut start = a;
        while let Some((_, e)) = super::roles::role_at(&toks[..b], start) {
            start = e;
        }
        if start >= b {
            continue;
        }
        while b - start > 1 && super::roles::country_of(toks[b - 1].word).is_some() {
            b -= 1;
        }
        let run = &toks[start..b];
        let last = run[run.len() - 1];
        runs[n] = Some(SubjectRun {
            span: Span::new(toks[a].span.start, last.span.end),
            last: last.span,
            words: run.len().min(255) as u8,
            at_start: a == 0,
            person_like: run.iter().all(|t| t.word.chars().any(char::is_lowercase))
                && !run.iter().any(|t| is_acronym(t.word))
                && super::roles::country_of(last.word).is_none(),
            group: super::groups::description(toks, a, b, false).is_some(),
        });
        n += 1;
    }
    SubjectClause { span, described, runs }
}

/// An attribution found next to a quotation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Attribution {
    pub who: Who,
}

fn list(data: &'static str) -> FxSet<&'static str> {
    crate::data::entries(data).collect()
}

/// English verbs of saying (data/verbs_en.txt).
pub fn verbs_en() -> &'static FxSet<&'static str> {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    S.get_or_init(|| list(include_str!("data/verbs_en.txt")))
}

/// Polish verbs of saying (data/verbs_pl.txt).
pub fn verbs_pl() -> &'static FxSet<&'static str> {
    static S: OnceLock<FxSet<&'static str>> = OnceLock::new();
    S.get_or_init(|| list(include_str!("data/verbs_pl.txt")))
}

/// Personal pronouns (data/pronouns.txt).
pub fn is_pronoun(t: &Tok) -> bool {
    static S: OnceLock<Vec<&'static str>> = OnceLock::new();
    t.word.len() <= 4
        && S.get_or_init(|| list(include_str!("data/pronouns.txt")).into_iter().collect())
            .iter()
            .any(|p| p.eq_ignore_ascii_case(t.word))
}

/// An acronym or a name written with inner capitals (`USA`, `NBP`, `OpenAI`): an organisation or a
/// country qualifying a role, never a person's name.
pub fn is_acronym(w: &str) -> bool {
    let letters = w.chars().filter(|c| c.is_alphabetic()).count();
    let upper = w.chars().filter(|c| c.is_uppercase()).count();
    letters >= 2
        && (upper == letters && letters <= 6
            || upper >= 2
                && w.chars().skip(1).any(char::is_uppercase)
                && upper < letters
                && !w.contains('-')
                && !w.starts_with("Mc")
                && !w.starts_with("Mac"))
}

/// Nouns of saying whose owner is the speaker ("Vance's remark", "słowa Trumpa"), with a pre-test.
fn speech_nouns() -> &'static (FxSet<&'static str>, WordFilter) {
    const NOUNS: &[&str] = &[
        "remark",
        "remarks",
        "words",
        "comment",
        "comments",
        "statement",
        "claim",
        "claims",
        "warning",
        "call",
        "promise",
        "pledge",
        "assertion",
        "suggestion",
        "description",
        "message",
        "words",
        "słowa",
        "wypowiedź",
        "wypowiedzi",
        "apel",
        "zapowiedź",
        "deklaracja",
        "deklaracji",
        "stwierdzenie",
        "komentarz",
        "wpis",
        "wpisie",
        "oświadczenie",
        "oświadczeniu",
        "ostrzeżenie",
    ];
    static SET: OnceLock<(FxSet<&'static str>, WordFilter)> = OnceLock::new();
    SET.get_or_init(|| (NOUNS.iter().copied().collect(), WordFilter::new(NOUNS.iter().copied())))
}

/// A verb of reading that points to a written source: "– … – czytamy (w komunikacie)".
pub fn is_reading_verb(w: &str) -> bool {
    ["czytamy", "czytam", "przeczytamy", "przeczytać", "czytasz"].iter().any(|r| lower_eq(w, r))
}

/// A word after which a verb-of-saying form is a noun: an article or a possessive ("the claims", "a
/// warning", "Tusk's claims").
fn noun_context(prev: &Tok) -> bool {
    prev.trail.is_empty()
        && (["the", "a", "an", "his", "her", "their", "its", "our"].iter().any(|w| lower_eq(prev.word, w))
            || prev.word.ends_with("'s")
            || prev.word.ends_with("’s"))
}

fn span_of(toks: &[Tok], (i, j): (usize, usize)) -> Span {
    Span::new(toks[i].span.start, toks[j - 1].span.end)
}

/// Grammar of one language's attributions.
pub struct Rules {
    pub verbs: &'static FxSet<&'static str>,
    /// Pre-test for `verbs`.
    verb_filter: WordFilter,
    /// Words introducing a source in the genitive or after "to": ("according", "to"), ("według", "").
    pub according: &'static [(&'static str, &'static str)],
    /// How many lower-case words may stand before a name in a description ("executive producer").
    pub max_descriptors: usize,
    /// Prepositions: a capitalised word right after one is no speaker.
    pub prepositions: &'static [&'static str],
    /// Searchers for the `according` words without their first letter (any case of it), built once.
    according_finders: Vec<memchr::memmem::Finder<'static>>,
}

impl Rules {
    /// The rules of one language.
    pub fn new(
        verbs: &'static FxSet<&'static str>,
        according: &'static [(&'static str, &'static str)],
        max_descriptors: usize,
        prepositions: &'static [&'static str],
    ) -> Rules {
        let according_finders =
            according.iter().map(|(a, _)| memchr::memmem::Finder::new(&a.as_bytes()[1..])).collect();
        let verb_filter = WordFilter::new(verbs.iter().copied());
        Rules { verbs, verb_filter, according, max_descriptors, prepositions, according_finders }
    }

    fn is_verb(&self, t: &Tok) -> bool {
        // The lists are lower case and a verb here is never capitalised: no case folding needed.
        t.lead.is_empty()
            && self.verb_filter.may_contain(t.word)
            && !t.is_cap()
            && self.verbs.contains(t.word)
    }

    /// Is `w` (in any case) the first word of an "according" phrase?
    fn is_according_word(&self, w: &str) -> bool {
        let Some(&w0) = w.as_bytes().first() else { return false };
        self.according
            .iter()
            .any(|&(a, _)| (w0 >= 0x80 || w0.to_ascii_lowercase() == a.as_bytes()[0]) && lower_eq(w, a))
    }

    fn according_at(&self, toks: &[Tok], i: usize) -> Option<usize> {
        let w = toks.get(i)?.word;
        // The words are ASCII-initial and no non-ASCII letter lower-cases to one of their first letters:
        // an ASCII first byte must match in either case, else the word is not a candidate.
        let w0 = *w.as_bytes().first()?;
        for &(a, b) in self.according {
            if w0 < 0x80 && w0.to_ascii_lowercase() != a.as_bytes()[0] {
                continue;
            }
            if lower_eq(w, a) {
                if b.is_empty() {
                    return Some(i + 1);
                }
                if toks.get(i + 1).is_some_and(|t| lower_eq(t.word, b)) {
                    return Some(i + 2);
                }
            }
        }
        None
    }

    /// A word that may describe a speaker before the name: lower case, not a verb, with no punctuation
    /// after it but a title's period ("rzecznik", "prof.").
    fn is_descriptor(&self, t: &Tok) -> bool {
        !t.word.is_empty() && !t.is_cap() && (t.trail.is_empty() || is_title_abbrev(t)) && !self.is_verb(t)
    }

    /// Skip lower-case description words (and at most `max_descriptors` of them) to a name.
    fn described_name(&self, toks: &[Tok], mut i: usize) -> Option<(usize, usize)> {
        let start = i;
        while i < toks.len() && i - start <= self.max_descriptors {
            if let Some(r) = name_forward(toks, i) {
                // A name after a description that follows this one: this one qualifies the description
                // or is told the words ("said EU foreign policy chief Josep Borrell", "said White House
                // spokeswoman Jen Psaki", "powiedział PAP mecenas Piotr Zieliński").
                if let Some(later) = self.later_name(toks, r.1) {
                    return Some(later);
                }
                // After a preposition the first capitalised word is a place or a medium, not the
                // speaker ("napisał na Twitterze Schiff", "said on CNN Smith").
                let after_prep =
                    i > start && with_lower(toks[i - 1].word, |w| self.prepositions.contains(&w));
                if after_prep {
                    return (r.1 > r.0 + 1 && toks[r.0].trail.is_empty()).then_some((r.0 + 1, r.1));
                }
                return Some(r);
            }
            if !self.is_descriptor(&toks[i]) {
                return None;
            }
            i += 1;
        }
        None
    }

    /// The person's name (two words or more) after one to `max_descriptors` lower-case description
    /// words that start at token `k`, right after a name run that ended without punctuation at `k`.
    /// Prepositions end the search: what follows them is a place or a time ("said Harris in Warsaw").
    fn later_name(&self, toks: &[Tok], k: usize) -> Option<(usize, usize)> {
        if k == 0 || k >= toks.len() || (!toks[k - 1].trail.is_empty() && !toks[k - 1].is_initial()) {
            return None;
        }
        let mut j = k;
        while j < toks.len() && j - k <= self.max_descriptors {
            let t = &toks[j];
            if j > k {
                if let Some(r) = name_forward(toks, j) {
                    // Only a person's name: two words or more, not all capitals ("powiedziała Amari
                    // filii CBS" keeps Amari).
                    let run = &toks[r.0..r.1];
                    let person = run.len() >= 2 && run.iter().any(|t| t.word.chars().any(char::is_lowercase));
                    return person.then_some(r);
                }
            }
            if !self.is_descriptor(t)
                || !t.lead.is_empty()
                || with_lower(t.word, |w| self.prepositions.contains(&w))
                || t.word.bytes().any(|b| b.is_ascii_digit())
            {
                return None;
            }
            j += 1;
        }
        None
    }

    /// The attribution right after a quotation's closing mark: `region` runs to the next quotation or
    /// the paragraph end.
    ///
    /// `quote_end_punct`: the quotation ends in , . ? ! (a sign that an attribution follows); without
    /// it, or a comma or dash after the mark, only a named or pronoun subject counts.
    pub fn after(&self, text: &str, region: Span, quote_end_punct: bool) -> Option<Attribution> {
        let region = head(text, region, 120);
        let s = region.text(text).trim_start();
        // The attribution must follow at once: a comma, a dash or a word, not a new sentence of its own.
        if s.starts_with(['.', '!', '?', ';', ')', ']']) {
            return None;
        }
        // At most 14 word tokens, kept on the stack, made only as far as needed. Call p the first token
        // at index 1 or later (2 or later after an "according" word) with trailing punctuation (not
        // an initial). The rules read no further than p + 1: a name run or description starts at index
        // 1 (after a verb or "według") or 2 ("according to"), stops at the first token with trailing
        // punctuation from there and peeks at one more token; every other pattern stops at the first
        // token with trailing punctuation. The clause-end test (a colon first: the clause introduces the
        // next quotation) can look further, but it only matters when the rules find an attribution.
        //
        // Unless the first token is a verb or an "according" word, every pattern needs a verb at index
        // 1..=max_descriptors + 4 with no punctuated token before it: reading stops with None as soon as
        // that is ruled out.
        let mut buf = [Tok::EMPTY; 14];
        let mut n = 0;
        let mut it = words(text, region);
        let mut hopeful = false;
        let mut from = 1;
        while n < buf.len() {
            let Some(t) = it.next() else { break };
            buf[n] = t;
            n += 1;
            let j = n - 1;
            if j == 0 && self.is_according_word(t.word) {
                hopeful = true;
                from = 2;
            }
            if !hopeful {
                if self.is_verb(&t) {
                    hopeful = true;
                } else if (!t.trail.is_empty() && !t.is_initial()) || j >= self.max_descriptors + 4 {
                    return None;
                }
            }
            if j > from && !buf[j - 1].trail.is_empty() && !buf[j - 1].is_initial() {
                break;
            }
        }
        if !hopeful {
            return None;
        }
        if n == 0 {
            return None;
        }
        let found = self.after_rules(&buf[..n], s, quote_end_punct)?;
        // A clause ending in a colon introduces the next quotation ("Harris adds: “…”"), not this one.
        let is_stop = |t: &Tok| t.ends_sentence() || t.trail.contains(':');
        let mut stop = buf[..n].iter().position(is_stop);
        while stop.is_none() && n < buf.len() {
            let Some(t) = it.next() else { break };
            buf[n] = t;
            n += 1;
            if is_stop(&t) {
                stop = Some(n - 1);
            }
        }
        if let Some(k) = stop {
            if buf[k].trail.contains(':') && !buf[k].ends_sentence() {
                return None;
            }
        }
        Some(found)
    }

    /// A role phrase among the first words from `from` (after lower-case words such as "dziś", "the",
    /// "nowy"), with the qualifiers after it (`prezydent USA`, `szef rządu`, `the prime minister`).
    fn role_from(&self, toks: &[Tok], from: usize) -> Option<Who> {
        let mut i = from;
        // The first country qualifier before the role ("the US president", "Amerykański prezydent").
        let mut qual: Option<usize> = None;
        while i < toks.len() && i < from + 3 {
            if let Some((group, mut end)) = super::roles::role_at(toks, i) {
                // Qualifiers: acronyms and lower-case genitives right after it (no punctuation before).
                while end < toks.len()
                    && end < i + 4
                    && toks[end - 1].trail.is_empty()
                    && toks[end].lead.is_empty()
                    && is_acronym(toks[end].word)
                {
                    end += 1;
                }
                return Some(Who::Role { span: span_of(toks, (qual.unwrap_or(i), end)), group });
            }
            let t = &toks[i];
            if t.trail.is_empty() && super::roles::country_of(t.word).is_some() {
                qual.get_or_insert(i);
                i += 1;
                continue;
            }
            if t.is_cap() || !t.trail.is_empty() || self.is_verb(t) {
                return None;
            }
            i += 1;
        }
        None
    }

    /// The attribution after a closing dialogue dash (`– powiedział premier.`, `– oskarżał Trump
    /// prezydenta Ukrainy.`, `– Tusk dodał.`, `– rozpoczął wystąpienie.`): a verb of saying or any
    /// past-tense verb, with its subject after or before it.
    pub fn after_dialogue(&self, text: &str, region: Span) -> Option<Attribution> {
        let region = head(text, region, 160);
        let toks: Vec<Tok> = words(text, region).take(14).collect();
        let t0 = toks.first()?;
        let verb_at = toks.iter().take(6).position(super::dash::attribution_verb)?;
        if verb_at == 0 {
            if !t0.trail.is_empty() && !t0.trail.starts_with(',') {
                return Some(Attribution { who: Who::Implicit(t0.span) });
            }
            if let Some(t1) = toks.get(1) {
                if is_pronoun(t1) {
                    return Some(Attribution { who: Who::Pronoun(t1.span) });
                }
            }
            if let Some(r) = self.described_name(&toks, 1) {
                if let Some(role) = self.role_before_qualifier(&toks, r) {
                    return Some(Attribution { who: role });
                }
                return Some(Attribution { who: Who::Name { span: span_of(&toks, r), genitive: false } });
            }
            if let Some(role) = self.role_from(&toks, 1) {
                return Some(Attribution { who: role });
            }
            return Some(Attribution { who: Who::Implicit(t0.span) });
        }
        // The subject first: "Tusk dodał", "premier Donald Tusk zaznaczył", "on dodał".
        if verb_at == 1 && is_pronoun(t0) {
            return Some(Attribution { who: Who::Pronoun(t0.span) });
        }
        if let Some(role) = self.role_from(&toks[..verb_at], 0) {
            if let Some((a, b)) =
                name_forward(&toks[..verb_at], 1).filter(|r| r.1 == verb_at && r.1 - r.0 >= 1)
            {
                if !is_acronym(toks[a].word) {
                    return Some(Attribution {
                        who: Who::Name { span: span_of(&toks, (a, b)), genitive: false },
                    });
                }
            }
            return Some(Attribution { who: role });
        }
        name_forward(&toks, 0)
            .filter(|r| r.1 == verb_at)
            .map(|r| Attribution { who: Who::Name { span: span_of(&toks, r), genitive: false } })
    }

    /// A name run `r` right after a role word that only qualifies the role (`prezydent USA`, `szef
    /// OpenAI`): the role with its qualifier.
    fn role_before_qualifier(&self, toks: &[Tok], r: (usize, usize)) -> Option<Who> {
        if r.0 == 0 || r.1 - r.0 != 1 || !is_acronym(toks[r.0].word) {
            return None;
        }
        for a in r.0.saturating_sub(3)..r.0 {
            if let Some((group, end)) = super::roles::role_at(toks, a) {
                if end == r.0 {
                    return Some(Who::Role { span: span_of(toks, (a, r.1)), group });
                }
            }
        }
        None
    }

    /// The attribution patterns after a closing mark, on the tokens `toks` of the region whose
    /// trimmed text is `s`.
    fn after_rules(&self, toks: &[Tok], s: &str, quote_end_punct: bool) -> Option<Attribution> {
        let signalled = s.starts_with([',', '-', '–', '—']) || quote_end_punct;
        let t0 = &toks[0];
        if let Some(k) = self.according_at(toks, 0) {
            let r = self.described_name(toks, k)?;
            return Some(Attribution { who: Who::Name { span: span_of(toks, r), genitive: true } });
        }
        if self.is_verb(t0) {
            // said Harris / mówi producent wykonawcza Amy B. Harris / powiedziała.
            if !t0.trail.is_empty() && !t0.trail.starts_with(',') {
                return signalled.then_some(Attribution { who: Who::Implicit(t0.span) });
            }
            if let Some(t1) = toks.get(1) {
                if is_pronoun(t1) {
                    return Some(Attribution { who: Who::Pronoun(t1.span) });
                }
            }
            return match self.described_name(toks, 1) {
                Some(r) => Some(Attribution {
                    who: self
                        .role_before_qualifier(toks, r)
                        .unwrap_or(Who::Name { span: span_of(toks, r), genitive: false }),
                }),
                None => match self.role_from(toks, 1) {
                    Some(role) => Some(Attribution { who: role }),
                    None => signalled.then_some(Attribution { who: Who::Implicit(t0.span) }),
                },
            };
        }
        // Harris says / executive producer Amy B. Harris tells reporters / she says / a spokesman said
        let mut j = 0;
        while j < toks.len() && j <= self.max_descriptors + 4 {
            let t = &toks[j];
            if j > 0 && self.is_verb(t) && !noun_context(&toks[j - 1]) {
                let p = &toks[j - 1];
                if is_pronoun(p) && j == 1 {
                    return Some(Attribution { who: Who::Pronoun(p.span) });
                }
                if let Some((a, b)) = name_backward(toks, j - 1) {
                    // Everything before the name must be description.
                    if toks[..a].iter().all(|d| !d.is_cap() && d.trail.is_empty() && !self.is_verb(d)) {
                        return Some(Attribution {
                            who: Who::Name { span: span_of(toks, (a, b)), genitive: false },
                        });
                    }
                    return None;
                }
                if let Some(role) = self.role_from(&toks[..j], 0) {
                    return Some(Attribution { who: role });
                }
                // "…," an aide said / officials said / the police said: lower-case words only, no
                // infinitive or participle ("prompting Trump to warn").
                let plain = |d: &Tok| {
                    !d.is_cap() && d.trail.is_empty() && !lower_eq(d.word, "to") && !d.word.ends_with("ing")
                };
                if j <= 3 && signalled && toks[..j].iter().all(plain) {
                    return Some(Attribution { who: Who::Unnamed(span_of(toks, (0, j))) });
                }
                if let Some((_, a, b)) = super::groups::description(toks, 0, j, true) {
                    return Some(Attribution { who: Who::Unnamed(span_of(toks, (a, b))) });
                }
                return None;
            }
            if !t.trail.is_empty() && !t.is_initial() {
                return None;
            }
            j += 1;
        }
        None
    }

    /// A quotation standing inside a sentence of reported speech, with the verb of saying earlier in
    /// the sentence and its subject before the verb: `Ocenił, że wkład był „…”`, `Szef rządu zaznaczył,
    /// że „…”`, `X accused Y of “…”`, `…, asserting that the leader was “…”` (the sentence's subject),
    /// `Mówił również o „…”`. `region` runs from the previous quotation (or the paragraph start) to the
    /// opening mark; at most 24 words before the mark are read.
    pub fn reported(&self, text: &str, region: Span) -> Option<Attribution> {
        let region = tail(text, region, 320);

        // At most 40 word tokens back to the sentence start, kept on the stack.
        let mut buf = [Tok::EMPTY; 40];
        let mut n = 0;
        for t in tokens_rev(text, region).filter(|t| !t.word.is_empty()) {
            if (t.ends_sentence() && !is_title_abbrev(&t)) || n >= buf.len() {
                break;
            }
            buf[buf.len() - 1 - n] = t;
            n += 1;
        }
        let toks = &buf[buf.len() - n..];
        let cap_verb = |t: &Tok| t.lead.is_empty() && self.is_verb_cap(t);
        let verb = (0..toks.len()).rev().find(|&j| {
            self.is_verb(&toks[j]) && !(j > 0 && noun_context(&toks[j - 1])) || j == 0 && cap_verb(&toks[0])
        });
        // A noun of saying with its owner, nearer the quotation than any verb: "Vance's remark that it
        // was “…”", "słowa Trumpa, że „…”".
        if let Some(who) = self.speech_noun_owner(toks, verb.map_or(0, |j| j + 1)) {
            return Some(Attribution { who });
        }
        let j = verb?;
        if j == 0 {
            // A dropped subject (`Ocenił, że …`, `Mówił również o …`), unless a subject follows the verb
            // (`Odpowiedział mu poseł opozycji: „…”`: someone unnamed, as written).
            const LINKS: &[&str] =
                &["o", "że", "iż", "również", "też", "także", "jako", "wtedy", "potem", "dalej", "wówczas"];
            let dropped = toks.len() == 1
                || !toks[0].trail.is_empty()
                || LINKS.iter().any(|w| lower_eq(toks[1].word, w));
            if dropped {
                return Some(Attribution { who: Who::Implicit(toks[0].span) });
            }
            // The subject after the verb: past a clitic pronoun (mu, jej), up to its first punctuation.
            const CLITICS: &[&str] = &["mu", "jej", "im", "mi", "nam", "wam", "jemu", "go", "ją"];
            let mut a = 1;
            while a < toks.len()
                && CLITICS.iter().any(|w| lower_eq(toks[a].word, w))
                && toks[a].trail.is_empty()
            {
                a += 1;
            }
            let mut b = a;
            while b < toks.len() && b < a + 5 {
                b += 1;
                if !toks[b - 1].trail.is_empty() {
                    break;
                }
            }
            let span =
                if b > a { span_of(toks, (a, b)) } else { Span::new(toks[0].span.end, toks[0].span.end) };
            return Some(Attribution { who: Who::Unnamed(span) });
        }
        let p = &toks[j - 1];
        if p.trail.is_empty() || p.is_initial() {
            if is_pronoun(p) {
                return Some(Attribution { who: Who::Pronoun(p.span) });
            }
            if let Some((a, b)) = name_backward(toks, j - 1) {
                // A name after a preposition is a time or a place ("on Tuesday", "w Brukseli"): the
                // subject stands before that phrase.
                let after_prep = a > 0 && with_lower(toks[a - 1].word, |w| self.prepositions.contains(&w));
                if !after_prep {
                    return Some(Attribution {
                        who: Who::Name { span: span_of(toks, (a, b)), genitive: false },
                    });
                }
                if a >= 2 && toks[a - 2].trail.is_empty() {
                    if let Some((c, d)) = name_backward(toks, a - 2) {
                        if c == 0 || !with_lower(toks[c - 1].word, |w| self.prepositions.contains(&w)) {
                            return Some(Attribution {
                                who: Who::Name { span: span_of(toks, (c, d)), genitive: false },
                            });
                        }
                    }
                }
            }
            for a in j.saturating_sub(4)..j {
                if let Some(Who::Role { span, group }) = self.role_from(&toks[..j], a) {
                    if span.end == p.span.end || span.end >= p.span.start {
                        return Some(Attribution { who: Who::Role { span, group } });
                    }
                }
            }
        }
        // The subject of the sentence: a pronoun opening it, else the first person it names.
        if is_pronoun(&toks[0]) && toks.len() > 1 {
            return Some(Attribution { who: Who::Pronoun(toks[0].span) });
        }
        Some(Attribution { who: Who::Subject(subject_clause(&toks[..j])) })
    }

    /// The owner of the last noun of saying at or after token `from`: an English possessive name
    /// before it (`Vance's remark`, `Kowalski’s words`) or a Polish genitive name after it (`słowa
    /// Trumpa`, `apel premiera`: a role).
    fn speech_noun_owner(&self, toks: &[Tok], from: usize) -> Option<Who> {
        let (set, filter) = speech_nouns();
        let is_noun = |t: &Tok| {
            t.lead.is_empty()
                && t.word.len() <= 14
                && filter.may_contain(t.word)
                && !t.is_cap()
                && set.contains(t.word)
        };
        let k = (from..toks.len()).rev().find(|&k| is_noun(&toks[k]))?;
        // English: NAME's NOUN.
        if k > 0 {
            let o = &toks[k - 1];
            let stem = o.word.strip_suffix("'s").or_else(|| o.word.strip_suffix("’s"));
            if let Some(stem) = stem.filter(|s| !s.is_empty()) {
                if o.trail.is_empty() && nameish(o) {
                    if let Some((a, _)) = name_backward(toks, k - 1) {
                        let end = o.span.start + stem.len();
                        return Some(Who::Name { span: Span::new(toks[a].span.start, end), genitive: false });
                    }
                }
            }
        }
        // Polish: NOUN NAME (genitive) or NOUN ROLE.
        if toks[k].trail.is_empty() {
            if let Some((a, b)) = name_forward(toks, k + 1) {
                if !is_acronym(toks[a].word) {
                    return Some(Who::Name { span: span_of(toks, (a, b)), genitive: true });
                }
            }
            if let Some(role) =
                self.role_from(toks, k + 1).filter(|_| toks.get(k + 1).is_some_and(|t| !t.is_cap()))
            {
                return Some(role);
            }
        }
        None
    }

    /// The attribution in the clause right before a quotation's opening mark (`Harris adds: “…`,
    /// `She adds later, “…`, `Według Harrisa, „…`, `Harris: “…`).
    pub fn before(&self, text: &str, region: Span) -> Option<Attribution> {
        let region = tail(text, region, 160);
        let s = region.text(text).trim_end();
        // Cheap test first: every pattern but "według X „…" / "zdaniem X „…" ends in a colon, comma or dash.
        let ends_right = s.ends_with([':', ',', '-', '–', '—']);
        if !ends_right && !self.according_finders.iter().any(|f| f.find(s.as_bytes()).is_some()) {
            return None;
        }
        // The clause: the word tokens after the last sentence end, read from the end back to it.
        let mut clause: Vec<Tok> = Vec::with_capacity(16);
        for t in tokens_rev(text, region).filter(|t| !t.word.is_empty()) {
            // (a title's period, as in "według prof. Nowaka", ends no sentence)
            if t.ends_sentence() && !is_title_abbrev(&t) {
                break;
            }
            clause.push(t);
        }
        clause.reverse();
        let toks = &clause[..];
        if toks.is_empty() {
            return None;
        }
        // Według Harrisa, „…” / Zdaniem Nowickiego „…” / According to Harris, “…”
        for k in toks.len().saturating_sub(8)..toks.len() {
            if let Some(n) = self.according_at(toks, k) {
                // Według prof. Marka Wiśniewskiego „…” / Zdaniem rzecznika Piotra Müllera „…”
                if let Some(r) = self.described_name(toks, n) {
                    if r.1 == toks.len() {
                        return Some(Attribution {
                            who: Who::Name { span: span_of(toks, r), genitive: true },
                        });
                    }
                }
            }
        }
        if !s.ends_with([':', ',', '-', '–', '—']) {
            return None;
        }
        let last = toks.len() - 1;
        // Polish "as X says": Jak mówi prezes spółki Jan Kowalski, „…”
        for j in 1..toks.len() {
            if lower_eq(toks[j - 1].word, "jak") && toks[j - 1].trail.is_empty() && self.is_verb(&toks[j]) {
                if let Some(r) = self.described_name(toks, j + 1) {
                    if r.1 == toks.len() && toks[last].trail.starts_with(',') {
                        return Some(Attribution {
                            who: Who::Name { span: span_of(toks, r), genitive: false },
                        });
                    }
                }
            }
        }
        // Harris: “…”
        if toks[last].trail.starts_with(':') {
            if let Some((a, b)) = name_backward(toks, last) {
                if a == 0 || toks[a - 1].trail.contains(',') {
                    return Some(Attribution {
                        who: Who::Name { span: span_of(toks, (a, b)), genitive: false },
                    });
                }
            }
        }
        // Harris adds: / She adds later, / Rzecznik dodał: / Bob mówił dalej:
        for j in 1..toks.len() {
            if !self.is_verb(&toks[j]) || noun_context(&toks[j - 1]) || toks.len() - j > 6 {
                continue;
            }
            let p = &toks[j - 1];
            // A participle after a comma: "…, adding: “…”" / "…, dodając: „…”" — the sentence's subject.
            if p.trail.starts_with(',') && (toks[j].word.ends_with("ing") || toks[j].word.ends_with("ąc")) {
                return Some(Attribution { who: Who::Subject(subject_clause(&toks[..j])) });
            }
            // A relative clause after a name: "…, ze strony Chrisa Martina, który skomentował: „…”" / "X,
            // who said: “…”". After the masculine "który" a name ending in -a is oblique (Martina).
            if j >= 2
                && toks[j - 2].trail.starts_with(',')
                && p.trail.is_empty()
                && ["który", "która", "who"].iter().any(|w| lower_eq(p.word, w))
            {
                if let Some((a, b)) = name_backward(toks, j - 2) {
                    let genitive = lower_eq(p.word, "który");
                    return Some(Attribution { who: Who::Name { span: span_of(toks, (a, b)), genitive } });
                }
            }
            if !p.trail.is_empty() && !p.is_initial() {
                continue;
            }
            if is_pronoun(p) {
                return Some(Attribution { who: Who::Pronoun(p.span) });
            }
            if let Some((a, b)) = name_backward(toks, j - 1) {
                return Some(Attribution { who: Who::Name { span: span_of(toks, (a, b)), genitive: false } });
            }
            // "prompting Trump to warn, “…”": the name before "to".
            if j >= 2 && lower_eq(p.word, "to") && toks[j - 2].trail.is_empty() {
                if let Some((a, b)) = name_backward(toks, j - 2) {
                    return Some(Attribution {
                        who: Who::Name { span: span_of(toks, (a, b)), genitive: false },
                    });
                }
            }
            if j <= 3 {
                return Some(Attribution { who: Who::Unnamed(span_of(toks, (0, j))) });
            }
        }
        // Polish: the verb first with a dropped pronoun: "Dodał: „…”"
        if self.is_verb_cap(&toks[0]) && toks.len() <= 3 {
            return Some(Attribution { who: Who::Implicit(toks[0].span) });
        }
        // A clause ending in a colon introduces the quotation; its subject opens the clause, followed by
        // lower-case words of any verb or none: "Putin nagle zwrócił się do Trumpa:", "Prezydent USA
        // zaskoczony:", "One Reddit user put it bluntly:". A clause with a verb of saying was read above.
        if toks[last].trail.starts_with(':') && toks.len() <= 12 {
            return self.colon_subject(toks);
        }
        None
    }

    /// The subject opening the clause `toks` (which ends in a colon): a description, a role or a name
    /// run, with a lower-case word right after it.
    fn colon_subject(&self, toks: &[Tok]) -> Option<Attribution> {
        let lower_after = |b: usize| toks.get(b).is_some_and(|t| !t.is_cap() && t.lead.is_empty());
        if let Some((_, a, b)) = super::groups::description(toks, 0, toks.len(), false) {
            if lower_after(b) && toks[b - 1].trail.is_empty() {
                return Some(Attribution { who: Who::Unnamed(span_of(toks, (a, b))) });
            }
        }
        if let Some(Who::Role { span, group }) = self.role_from(toks, 0) {
            let b = toks.iter().position(|t| t.span.end == span.end).map_or(0, |k| k + 1);
            if b > 0 && lower_after(b) && toks[b - 1].trail.is_empty() {
                return Some(Attribution { who: Who::Role { span, group } });
            }
            return None;
        }
        let (a, b) = name_forward(toks, 0)?;
        (a == 0 && lower_after(b) && toks[b - 1].trail.is_empty() && !self.is_verb_cap(&toks[0]))
            .then(|| Attribution { who: Who::Name { span: span_of(toks, (a, b)), genitive: false } })
    }

    /// The source named right after a verb of reading: "czytamy w komunikacie policji", "czytamy we
    /// wpisie premiera", "we read in the ministry's statement" (`region` starts at the verb).
    pub fn source_after_reading(&self, text: &str, region: Span) -> Option<Who> {
        const PLACES: &[&str] = &["w", "we", "na", "in", "on"];
        const DOCUMENTS: &[&str] = &[
            "komunikacie",
            "oświadczeniu",
            "wpisie",
            "liście",
            "raporcie",
            "dokumencie",
            "piśmie",
            "stronie",
            "profilu",
            "informacji",
            "statement",
            "post",
            "report",
            "letter",
            "notice",
        ];
        let toks: Vec<Tok> = words(text, head(text, region, 160)).take(10).collect();
        let t0 = toks.first()?;
        if !is_reading_verb(t0.word) || !t0.trail.is_empty() {
            return None;
        }
        let plain = |k: usize, list: &[&str]| {
            toks.get(k).is_some_and(|t| t.trail.is_empty() && list.iter().any(|w| lower_eq(t.word, w)))
        };
        (plain(1, PLACES) && plain(2, DOCUMENTS)).then(|| self.owner_at(&toks, 3)).flatten()
    }

    /// A source starting at token `k`: a group description (`policji`, `the ministry`), a role
    /// (`premiera`) or a name run (`Ministerstwa Zdrowia`, `Kowalskiego`), as a genitive.
    fn owner_at(&self, toks: &[Tok], k: usize) -> Option<Who> {
        if let Some((_, a, b)) = super::groups::description(toks, k, toks.len(), false) {
            if a == k {
                return Some(Who::Unnamed(span_of(toks, (a, b))));
            }
        }
        if let Some(role) = self.role_from(toks, k).filter(|_| toks.get(k).is_some_and(|t| !t.is_cap())) {
            return Some(role);
        }
        let (a, b) = name_forward(toks, k)?;
        Some(Who::Name { span: span_of(toks, (a, b)), genitive: true })
    }

    /// The source a sentence of narration names for the words that follow it: the subject of its verb
    /// of saying, before the verb (`Policja poinformowała, że…`, `The ministry published…`) or, in
    /// Polish word order, after it (`Podobne dane podaje w serwisie X „Biuro Prasowe”.`, `O wypadku
    /// poinformowała policja z Gdańska.`): the last name, name in quotation marks or group noun after
    /// the verb that does not follow a preposition.
    pub fn source_in(&self, text: &str, sentence: Span) -> Option<Who> {
        let toks: Vec<Tok> = words(text, head(text, sentence, 400)).take(40).collect();
        let j = (0..toks.len()).find(|&j| {
            self.is_verb(&toks[j]) && !(j > 0 && noun_context(&toks[j - 1]))
                || j == 0 && self.is_verb_cap(&toks[0])
        })?;
        let prep = |k: usize| k > 0 && with_lower(toks[k - 1].word, |w| self.prepositions.contains(&w));
        if j > 0 && toks[j - 1].trail.is_empty() {
            for a in j.saturating_sub(4)..j {
                if super::groups::description(&toks, a, j, true).is_some() && !prep(a) {
                    return Some(Who::Unnamed(span_of(&toks, (a, j))));
                }
            }
            if let Some((a, b)) = name_backward(&toks, j - 1) {
                if !prep(a) {
                    return Some(Who::Name { span: span_of(&toks, (a, b)), genitive: false });
                }
            }
        }
        let opens = |t: &Tok| t.lead.contains(['„', '"', '“', '«', '»']);
        let closes = |t: &Tok| t.trail.contains(['”', '"', '“', '»', '«']);
        let mut found = None;
        let mut k = j + 1;
        while k < toks.len() {
            let t = &toks[k];
            if prep(k) {
                k += 1;
                continue;
            }
            if opens(t) && t.is_cap() {
                // A name in quotation marks: to the token that closes them (at most six words).
                let mut e = k;
                while e < toks.len() && e < k + 6 && !closes(&toks[e]) {
                    e += 1;
                }
                if e < toks.len() && closes(&toks[e]) {
                    found = Some(Who::Name { span: span_of(&toks, (k, e + 1)), genitive: false });
                    k = e + 1;
                    continue;
                }
            }
            if let Some((_, a, b)) = super::groups::description(&toks, k, toks.len(), false) {
                if a == k && super::groups::group_of(toks[k].word).is_some() {
                    found = Some(Who::Unnamed(span_of(&toks, (a, b))));
                    k = b;
                    continue;
                }
            }
            if let Some((a, b)) = name_forward(&toks, k) {
                found = Some(Who::Name { span: span_of(&toks, (a, b)), genitive: false });
                k = b;
                continue;
            }
            k += 1;
        }
        found
    }

    fn is_verb_cap(&self, t: &Tok) -> bool {
        with_lower(t.word, |l| self.verbs.contains(l))
    }
}

/// Function words that start a capitalised run without being part of a name ("The Carrie Diaries").
const NOT_NAME_START: &str = include_str!("data/not_name_start.txt");

fn function_words() -> &'static (FxSet<&'static str>, WordFilter) {
    static S: OnceLock<(FxSet<&'static str>, WordFilter)> = OnceLock::new();
    S.get_or_init(|| {
        let set: FxSet<&'static str> = crate::data::entries(NOT_NAME_START).collect();
        let filter = WordFilter::new(set.iter().copied());
        (set, filter)
    })
}

/// A capitalised function word that is never a name by itself ("The", "Then", "But", "Według").
pub fn is_function_word(w: &str) -> bool {
    if w.len() < 2 || w.len() > 16 {
        return false;
    }
    let (set, filter) = function_words();
    if w.is_ascii() {
        // The filter keys on the first and last bytes modulo 32: the same for both cases of an ASCII
        // letter, so the word can be tested before lower-casing.
        if !filter.may_contain(w) {
            return false;
        }
        let mut buf = [0u8; 16];
        buf[..w.len()].copy_from_slice(w.as_bytes());
        buf[..w.len()].make_ascii_lowercase();
        return std::str::from_utf8(&buf[..w.len()]).is_ok_and(|l| set.contains(l));
    }
    set.contains(w.to_lowercase().as_str())
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
