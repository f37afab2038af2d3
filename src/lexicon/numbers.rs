//! Numeric values in English and Polish text, normalised so the two notations compare:
//! `3,5` (PL) ~ `3.5` (EN); `1 000`, `1 000` (NBSP) ~ `1,000`; `tys.`/`mln`/`mld` ~
//! thousand/million/billion; `proc.`/`procent` ~ `%`/`per cent`; `8 kwietnia` ~ `April 8`
//! (a month-day pair); years; ordinals (`14th` ~ `14-ty`); centuries (`21st century` ~
//! `XXI w.`); number words and their compounds (`nineteen` ~ `dziewiętnaście`, `twenty-two` ~
//! `dwadzieścia dwa`, `two million` ~ `2 mln`, `twenty-first` ~ `dwudziesty pierwszy`) and
//! Polish `-letni` adjectives (`20-year-old` ~ `dwudziestoletni`); times of day (`10:30` ~
//! `10.30`, `8:30 pm` also `20:30`); `7.52m` with no currency sign read as millions or metres
//! (`7,52 m`); a decimal comma in English (`1,5 mm` ~ `1,5 mm`, while `1,500` stays 1500).
//!
//! ```
//! use bialign::lexicon::numbers::{extract, NumKind};
//! use bialign::Lang;
//! let en: Vec<NumKind> = extract("Sales rose 3.5% to $1,000 million on April 8.", Lang::En).iter().map(|n| n.kind).collect();
//! let pl: Vec<NumKind> = extract("8 kwietnia sprzedaż wzrosła o 3,5 proc. do 1 mld dolarów.", Lang::Pl).iter().map(|n| n.kind).collect();
//! assert!(en.iter().all(|k| pl.contains(k)));
//! ```

use super::fxhash::FxMap;
use std::sync::OnceLock;

use crate::lang::Lang;

use super::tokens::{fold, fold_into};

/// A normalised numeric value. Amounts are held in thousandths (`3.5` → `3500`) so that
/// decimals compare exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NumKind {
    /// A plain amount, in thousandths, scale words applied (`3,5 mln` → 3_500_000_000).
    Value(i64),
    /// A percentage, in thousandths of a percent (`12,5 proc.` → 12_500).
    Percent(i64),
    /// A four-digit number between 1000 and 2100 without separators or scale.
    Year(i32),
    /// A day of a month (`8 kwietnia`, `April 8`, `8th April`).
    Date {
        /// 1–12.
        month: u8,
        /// 1–31.
        day: u8,
    },
    /// A month named without a day (`w kwietniu`, `in April`).
    Month(u8),
    /// An ordinal number (`14th`, `14-ty`, `14-tą`).
    Ordinal(u32),
}

impl NumKind {
    /// Whether two values, one from each language, say the same thing. Equal values match;
    /// an ordinal also matches the same plain integer (Polish often writes ordinals as bare
    /// numbers), and a year the same plain value.
    pub fn matches(&self, other: &NumKind) -> bool {
        use NumKind::*;
        match (*self, *other) {
            (a, b) if a == b => true,
            (Ordinal(n), Value(v)) | (Value(v), Ordinal(n)) => v == n as i64 * 1000,
            (Year(y), Value(v)) | (Value(v), Year(y)) => v == y as i64 * 1000,
            _ => false,
        }
    }
}

/// A value found in text, with the byte span of the text it was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Num {
    /// The normalised value.
    pub kind: NumKind,
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset after the last byte.
    pub end: usize,
    /// Another value the same text may stand for: English `7.52m` without a currency sign is 7.52
    /// million or 7.52 metres (sport: `a 7.52m jump`, `the 400m hurdles`), read as the former in
    /// `kind` and the latter here.
    pub alt: Option<NumKind>,
}

/// The word tables, per language (index [`li`]: English 0, Polish 1), keyed by lowercase word.
#[derive(Default)]
struct Tables {
    words: [FxMap<&'static str, (i64, WordKind)>; 2],
    scales: [FxMap<&'static str, Option<i64>>; 2], // None = percent
    months: [FxMap<&'static str, u8>; 2],
}

/// What a number word is (data/number-words.txt, fourth column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WordKind {
    /// A cardinal number ("two", "dwie").
    Cardinal,
    /// An ordinal number ("third", "trzeciego").
    Ordinal,
    /// A cardinal that counts only after a tens word ("one" in "twenty-one").
    Unit,
    /// An ordinal that counts only after a tens word ("first" in "twenty-first").
    OrdinalUnit,
}

impl WordKind {
    fn ordinal(self) -> bool {
        matches!(self, WordKind::Ordinal | WordKind::OrdinalUnit)
    }
}

/// The table index of a language (anything but Polish reads as English).
fn li(lang: Lang) -> usize {
    usize::from(lang == Lang::Pl)
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Tables::default();
        let rows = |text: &'static str| {
            crate::data::entries(text).filter_map(|l| {
                let mut f = l.split('\t');
                let lang = match f.next()? {
                    "en" => Lang::En,
                    "pl" => Lang::Pl,
                    _ => return None,
                };
                Some((li(lang), f.next()?, f.next()?.trim(), f.next().unwrap_or("").trim()))
            })
        };
        for (lang, w, v, kind) in rows(include_str!("data/number-words.txt")) {
            let kind = match kind {
                "" => WordKind::Cardinal,
                "ordinal" => WordKind::Ordinal,
                "unit" => WordKind::Unit,
                "ordinal-unit" => WordKind::OrdinalUnit,
                _ => continue,
            };
            if let Ok(v) = v.parse::<i64>() {
                t.words[lang].insert(w, (v, kind));
            }
        }
        for (lang, w, v, _) in rows(include_str!("data/number-scales.txt")) {
            if v == "%" {
                t.scales[lang].insert(w, None);
            } else if let Ok(m) = v.parse::<i64>() {
                t.scales[lang].insert(w, Some(m));
            }
        }
        for (lang, w, v, _) in rows(include_str!("data/months.txt")) {
            if let Ok(v) = v.parse::<u8>() {
                t.months[lang].insert(w, v);
            }
        }
        t
    })
}

/// Characters that may separate digit groups of thousands in Polish-style notation.
fn is_group_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}')
}

/// A parsed number literal.
struct Literal {
    milli: i64,
    start: usize,
    end: usize,
    digits: usize,
    plain: bool, // no separators, no decimals
}

/// Read the number literal starting at byte `i` (an ASCII digit).
fn read_literal(s: &str, i: usize, lang: Lang) -> Literal {
    let b = s.as_bytes();
    let run = |mut j: usize| {
        let st = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        (st, j)
    };
    let (_, mut end) = run(i);
    let mut int: String = s[i..end].to_string();
    let first_len = end - i;
    let mut frac = String::new();
    let mut plain = true;
    while let Some(c) = s[end..].chars().next() {
        let after = end + c.len_utf8();
        let (ds, de) = run(after);
        let n = de - ds;
        if n == 0 {
            break;
        }
        let group_ok = n == 3 && first_len <= 3 && frac.is_empty();
        let (is_group, is_decimal) = match (lang, c) {
            (Lang::Pl, ',') => (false, frac.is_empty()),
            // a point with 1-2 digits after it is a decimal point in Polish too: versions ("Web 2.0"),
            // times ("godz. 8.30"), a decimal written the English way ("3.5 mln")
            (Lang::Pl, '.') => (group_ok, n <= 2 && frac.is_empty()),
            // English groups thousands with a comma, but translated and European text writes
            // decimals with one ("1,5 mm"): a comma is a decimal comma when what follows it
            // cannot be a group of thousands (not three digits: "1,5", "2,75", "3,1416"), or
            // what precedes it cannot start one ("0,250"), and no group came before it
            // ("1,500,5" is not 1500.5)
            (_, ',') => {
                let lead_zero = first_len == 1 && b[i] == b'0';
                let grouped = int.len() > first_len;
                let group = group_ok && !lead_zero;
                (group, !group && !grouped && frac.is_empty())
            }
            (_, '.') => (false, frac.is_empty()),
            (_, c) if is_group_space(c) => (group_ok, false),
            _ => (false, false),
        };
        if is_group {
            int.push_str(&s[ds..de]);
        } else if is_decimal {
            frac.push_str(&s[ds..de]);
        } else {
            break;
        }
        plain = false;
        end = de;
    }
    let digits = int.len();
    let int_v: i64 = int.parse().unwrap_or(i64::MAX / 1000);
    let mut f = frac.clone();
    f.truncate(3);
    while f.len() < 3 {
        f.push('0');
    }
    let frac_v: i64 = f.parse().unwrap_or(0);
    Literal { milli: int_v.saturating_mul(1000).saturating_add(frac_v), start: i, end, digits, plain }
}

/// The next word after byte `i` (skipping spaces), lowercased, with its end offset (a
/// following `.` included, as in `tys.`).
fn next_word(s: &str, i: usize) -> Option<(String, usize, usize)> {
    let rest = &s[i..];
    let skip = rest.len() - rest.trim_start_matches(|c: char| c == ' ' || is_group_space(c)).len();
    if skip > 1 && !rest[..skip].chars().all(|c| c == ' ' || is_group_space(c)) {
        return None;
    }
    let ws = i + skip;
    let w: &str = &s[ws..];
    let len: usize = w.chars().take_while(|c| c.is_alphabetic()).map(char::len_utf8).sum();
    if len == 0 {
        return None;
    }
    let mut end = ws + len;
    if s[end..].starts_with('.') {
        end += 1;
    }
    Some((fold(&s[ws..ws + len]), ws, end))
}

/// The word just before byte `i` (skipping one run of spaces), as written, with its start.
fn prev_word(s: &str, i: usize) -> Option<(&str, usize)> {
    let before = s[..i].trim_end_matches(|c: char| c == ' ' || is_group_space(c));
    if before.len() == i {
        return None;
    }
    let before = before.strip_suffix('.').unwrap_or(before);
    let len: usize = before.chars().rev().take_while(|c| c.is_alphabetic()).map(char::len_utf8).sum();
    (len > 0).then(|| (&before[before.len() - len..], before.len() - len))
}

const EN_ORD: [&str; 4] = ["st", "nd", "rd", "th"];
const PL_ORD: [&str; 16] =
    ["ty", "ta", "te", "tą", "tej", "tego", "temu", "tym", "go", "gi", "ga", "gą", "ci", "ej", "ym", "y"];

/// Extract the numeric values of `text`, written in `lang`, in text order.
pub fn extract(text: &str, lang: Lang) -> Vec<Num> {
    let mut out = literals(text, lang);
    roman_centuries(text, lang, &mut out);
    words_and_months(text, lang, &mut out);
    out.sort_by_key(|n| (n.start, n.end));
    compounds(text, lang, &mut out);
    out
}

/// [`extract`] for a caller that has already looked at the word tokens of `text` (from
/// [`super::tokens::tokens`]) one by one: `words` holds, in text order, what [`extract`] finds in
/// each word token taken alone (a number word or a month name), with the token's span. The result
/// is the same as `extract(text, lang)`; the text is not tokenised again.
pub fn extract_with_words(text: &str, lang: Lang, words: &[Num]) -> Vec<Num> {
    let mut out = literals(text, lang);
    roman_centuries(text, lang, &mut out);
    let found: Vec<Num> =
        words.iter().filter(|n| !out.iter().any(|o| o.start <= n.start && n.end <= o.end)).copied().collect();
    out.extend(found);
    out.sort_by_key(|n| (n.start, n.end));
    compounds(text, lang, &mut out);
    out
}

/// The numbers written with digits, in text order (with their scale words, percent signs, dates).
fn literals(text: &str, lang: Lang) -> Vec<Num> {
    let t = tables();
    let lang = if lang == Lang::Pl { Lang::Pl } else { Lang::En };
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        // a digit glued to a letter before it (COVID19, A4) is not a count
        if text[..i].chars().next_back().is_some_and(|c| c.is_alphabetic()) {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            continue;
        }
        let lit = read_literal(text, i, lang);
        i = lit.end.max(i + 1);
        let mut start = lit.start;
        let mut end = lit.end;
        let rest = &text[lit.end..];
        // a time of day, "10:30": the value 10.30, as "godz. 10.30" reads
        if let Some(kind) = clock_time(&lit, rest) {
            end = lit.end + 3;
            i = end;
            out.push(Num { kind, start, end, alt: pm_alt(text, end, lang, kind) });
            continue;
        }
        // ordinals: 14th / 14-ty, 14-tą
        if lit.plain && lit.digits <= 4 {
            let v = (lit.milli / 1000) as u32;
            let suffix: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
            if lang == Lang::En && EN_ORD.contains(&suffix.to_lowercase().as_str()) {
                end += suffix.len();
                i = end;
                let kind = date_around(text, lit.start, end, lang, v).unwrap_or(NumKind::Ordinal(v));
                if let NumKind::Date { .. } = kind {
                    start = start.min(month_start(text, lit.start, lang).unwrap_or(start));
                }
                out.push(Num { kind, start, end: date_end(text, end, lang, kind).unwrap_or(end), alt: None });
                continue;
            }
            if lang == Lang::Pl {
                if let Some(sfx) = rest.strip_prefix('-') {
                    let w: String = sfx.chars().take_while(|c| c.is_alphabetic()).collect();
                    if PL_ORD.contains(&w.as_str()) {
                        end += 1 + w.len();
                        i = end;
                        out.push(Num { kind: NumKind::Ordinal(v), start, end, alt: None });
                        continue;
                    }
                }
            }
        }
        // percent sign
        if rest.trim_start_matches(|c: char| c == ' ' || is_group_space(c)).starts_with('%') {
            end = lit.end + rest.find('%').unwrap_or(0) + 1;
            i = end;
            out.push(Num { kind: NumKind::Percent(lit.milli), start, end, alt: None });
            continue;
        }
        if let Some((w, _ws, we)) = next_word(text, lit.end) {
            if let Some(scale) = t.scales[li(lang)].get(w.as_str()) {
                // "per cent"
                match scale {
                    Some(m) => {
                        // single letters (m, k) only when glued: "$5m", not "5 m"
                        if w.chars().count() > 1 || !rest.starts_with(' ') {
                            let mut end2 = we;
                            let mut kind = NumKind::Value(lit.milli.saturating_mul(*m));
                            if let Some((w2, _, we2)) = next_word(text, we) {
                                if let Some(None) = t.scales[li(lang)].get(w2.as_str()) {
                                    kind = NumKind::Percent(lit.milli.saturating_mul(*m));
                                    end2 = we2;
                                }
                            }
                            // "7.52m" with no currency sign before it: millions, or metres
                            // ("a 7.52m jump", "the 400m hurdles"; Polish writes "7,52 m").
                            let metres = lang == Lang::En
                                && rest.starts_with('m')
                                && matches!(kind, NumKind::Value(_))
                                && !text[..lit.start].ends_with(['$', '£', '€']);
                            i = end2;
                            out.push(Num {
                                kind,
                                start,
                                end: end2,
                                alt: metres.then_some(NumKind::Value(lit.milli)),
                            });
                            continue;
                        }
                    }
                    None => {
                        i = we;
                        out.push(Num { kind: NumKind::Percent(lit.milli), start, end: we, alt: None });
                        continue;
                    }
                }
            }
            if lang == Lang::En && w == "per" {
                if let Some((w2, _, we2)) = next_word(text, we) {
                    if w2 == "cent" {
                        i = we2;
                        out.push(Num { kind: NumKind::Percent(lit.milli), start, end: we2, alt: None });
                        continue;
                    }
                }
            }
        }
        if lit.plain && lit.digits <= 2 {
            let v = (lit.milli / 1000) as u32;
            if let Some(kind) = date_around(text, lit.start, lit.end, lang, v) {
                let s2 = month_start(text, lit.start, lang).filter(|_| lang == Lang::En).unwrap_or(start);
                let e2 = date_end(text, lit.end, lang, kind).unwrap_or(end);
                // do not report the month again
                out.push(Num { kind, start: s2.min(start), end: e2, alt: None });
                i = i.max(e2);
                continue;
            }
        }
        let kind = if lit.plain && lit.digits == 4 && (1000..=2100).contains(&(lit.milli / 1000)) {
            NumKind::Year((lit.milli / 1000) as i32)
        } else {
            NumKind::Value(lit.milli)
        };
        out.push(Num { kind, start, end, alt: pm_alt(text, end, lang, kind) });
    }
    out
}

/// A time of day written `H:MM` or `HH:MM` (hours up to 24, minutes below 60) at a literal, as the
/// value H.MM: "10:30" is `Value(10_300)`, the same as "10.30", the Polish way to write it.
fn clock_time(lit: &Literal, rest: &str) -> Option<NumKind> {
    let mm = rest.strip_prefix(':')?.as_bytes();
    if !lit.plain || lit.digits > 2 || mm.len() < 2 || !mm[..2].iter().all(u8::is_ascii_digit) {
        return None;
    }
    if mm.get(2).is_some_and(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let (h, m) = (lit.milli / 1000, i64::from(mm[0] - b'0') * 10 + i64::from(mm[1] - b'0'));
    (h <= 24 && m < 60).then_some(NumKind::Value(h * 1000 + m * 10))
}

/// The 24-hour reading of an English afternoon time: "8:30pm", "8.30 p.m." (the value 8.30) are
/// also 20.30, "1 pm" also 13, as Polish writes them ("20:30", "godz. 13").
fn pm_alt(text: &str, end: usize, lang: Lang, kind: NumKind) -> Option<NumKind> {
    let NumKind::Value(v) = kind else { return None };
    if lang != Lang::En {
        return None;
    }
    let rest = text[end..].trim_start_matches(' ').as_bytes();
    let pm = rest.len() >= 2 && rest[..2].eq_ignore_ascii_case(b"pm") || rest.starts_with(b"p.m.");
    let after = if rest.starts_with(b"p.m.") { 4 } else { 2 };
    if !pm || rest.get(after).is_some_and(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let (h, minutes) = (v / 1000, v % 1000);
    ((1..12).contains(&h) && minutes % 10 == 0 && minutes < 600).then_some(NumKind::Value(v + 12_000))
}

/// Number words written as one number (`out` sorted, its parts replaced by the whole): tens and a
/// unit ("twenty-two", "dwadzieścia dwa" = 22; "twenty-first", "dwudziesty pierwszy" = 21st),
/// hundreds and the rest ("sto dwadzieścia trzy" = 123, "two hundred and five" = 205), and a
/// scale or percent word after them ("trzy miliony" = 3,000,000, "twenty per cent" = 20%).
fn compounds(text: &str, lang: Lang, out: &mut Vec<Num>) {
    let t = tables();
    let words = &t.words[li(lang)];
    let mut i = 0;
    while i < out.len() {
        let n = out[i];
        i += 1;
        let (mut v, mut ordinal) = match n.kind {
            NumKind::Value(v) if v % 1000 == 0 => (v / 1000, false),
            NumKind::Ordinal(o) => (i64::from(o), true),
            _ => continue,
        };
        let Some(first) = text.get(n.start..n.end) else { continue };
        if !words.contains_key(fold(first).as_str()) {
            continue; // digits, or a "-letni" adjective
        }
        let mut end = n.end;
        while let Some((w, we)) = word_after(text, end, lang) {
            if let Some(&(b, kind)) = words.get(w.as_str()) {
                // the next word fills a place the number leaves empty: 20 + 2, 100 + 23, 120 + 3
                let place = place_value(v);
                let fills = v >= 20 && (1..place).contains(&b) && (!ordinal || kind.ordinal());
                if fills {
                    v += b;
                    ordinal = kind.ordinal();
                } else if lang == Lang::En && !ordinal && (1..10).contains(&v) && w == "hundred" {
                    v *= 100;
                } else {
                    break;
                }
                end = we;
                continue;
            }
            if lang == Lang::En && w == "and" && v >= 100 && v % 100 == 0 && !ordinal {
                // "two hundred and five"
                match word_after(text, we, lang) {
                    Some((w2, _)) if words.get(w2.as_str()).is_some_and(|&(b, _)| b < 100) => {
                        end = we;
                        continue;
                    }
                    _ => break,
                }
            }
            if !ordinal {
                if let Some((scale, se)) = scale_after(text, end, lang) {
                    let kind = match scale {
                        Some(m) => NumKind::Value((v * 1000).saturating_mul(m)),
                        None => NumKind::Percent(v * 1000),
                    };
                    replace_span(out, i - 1, Num { kind, start: n.start, end: se, alt: None });
                    v = -1;
                }
            }
            break;
        }
        if v < 0 || end == n.end {
            continue;
        }
        let kind = if ordinal { NumKind::Ordinal(v as u32) } else { NumKind::Value(v * 1000) };
        replace_span(out, i - 1, Num { kind, start: n.start, end, alt: None });
    }
}

/// Put `num` at `out[at]` and drop the numbers after it that lie inside its span.
fn replace_span(out: &mut Vec<Num>, at: usize, num: Num) {
    out[at] = num;
    while out.get(at + 1).is_some_and(|n| n.start < num.end) {
        out.remove(at + 1);
    }
}

/// The largest power of ten that divides `v` (1 for 0 or a number ending in a digit other than 0).
fn place_value(v: i64) -> i64 {
    let mut p = 1;
    while v != 0 && v % (p * 10) == 0 {
        p *= 10;
    }
    p
}

/// The word right after byte `i` of a number word, lowercase, with its end: after spaces, or in
/// English after a hyphen ("twenty-two").
fn word_after(text: &str, i: usize, lang: Lang) -> Option<(String, usize)> {
    let rest = &text[i..];
    let after_space = rest.trim_start_matches(|c: char| c == ' ' || is_group_space(c));
    let spaced = after_space.len() < rest.len();
    let w = match after_space.strip_prefix('-') {
        Some(w) if lang == Lang::En && !spaced => w,
        _ if spaced => after_space,
        _ => return None,
    };
    let ws = text.len() - w.len();
    let len: usize = w.chars().take_while(|c| c.is_alphabetic()).map(char::len_utf8).sum();
    (len > 0).then(|| (fold(&text[ws..ws + len]), ws + len))
}

/// A scale or percent word after a number word ("million", "mln", "tys.", "procent", "per cent"):
/// its multiplier (`None` for percent) and the end of the word.
fn scale_after(text: &str, end: usize, lang: Lang) -> Option<(Option<i64>, usize)> {
    let (w, _, we) = next_word(text, end)?;
    if let Some(&scale) = tables().scales[li(lang)].get(w.as_str()) {
        // single letters ("m", "k") are scales only glued to digits
        return (w.chars().count() > 1).then_some((scale, we));
    }
    if lang == Lang::En && w == "per" {
        let (w2, _, we2) = next_word(text, we)?;
        return (w2 == "cent").then_some((None, we2));
    }
    None
}

/// Whether `word` (as written) may be a month name by its case: English months are capitalised.
fn month_ok(word: &str, lang: Lang, needs_capital: bool) -> bool {
    !(lang == Lang::En && needs_capital && !word.chars().next().is_some_and(char::is_uppercase))
}

fn month_of(word: &str, lang: Lang, needs_capital: bool) -> Option<u8> {
    if !month_ok(word, lang, needs_capital) {
        return None;
    }
    let mut w = String::new();
    fold_into(word, &mut w);
    tables().months[li(lang)].get(w.as_str()).copied()
}

/// Month before `start` (EN "April 8") — its start offset.
fn month_start(text: &str, start: usize, lang: Lang) -> Option<usize> {
    let (w, ws) = prev_word(text, start)?;
    month_of(w, lang, true).map(|_| ws)
}

/// A date around a day number at `start..end`: "April 8", "8 April", "8 kwietnia".
fn date_around(text: &str, start: usize, end: usize, lang: Lang, day: u32) -> Option<NumKind> {
    if !(1..=31).contains(&day) {
        return None;
    }
    let day = day as u8;
    if let Some((w, _, _)) = next_word(text, end) {
        let first = text[end..].trim_start_matches(|c: char| c == ' ' || is_group_space(c)).chars().next();
        let cap_ok = lang == Lang::Pl || first.is_some_and(char::is_uppercase);
        if cap_ok {
            if let Some(&m) = tables().months[li(lang)].get(w.as_str()) {
                return Some(NumKind::Date { month: m, day });
            }
        }
    }
    if lang == Lang::En {
        let (w, _) = prev_word(text, start)?;
        let m = month_of(w, lang, true)?;
        return Some(NumKind::Date { month: m, day });
    }
    None
}

/// End of the month word after a day number, when the month follows it.
fn date_end(text: &str, end: usize, lang: Lang, kind: NumKind) -> Option<usize> {
    let NumKind::Date { month, .. } = kind else { return None };
    let (w, _, we) = next_word(text, end)?;
    (tables().months[li(lang)].get(w.as_str()) == Some(&month)).then_some(we)
}

/// Number words ("two", "dwie") and months named without a day.
/// The value of a Roman numeral from I to XXXIX written the standard way, None for anything else.
fn roman(s: &str) -> Option<u32> {
    const ONES: [&str; 10] = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];
    let tens = s.bytes().take_while(|&b| b == b'X').count();
    let ones = ONES.iter().position(|o| *o == &s[tens..])?;
    let n = (tens * 10 + ones) as u32;
    (tens <= 3 && n > 0).then_some(n)
}

/// Polish centuries in Roman numerals, "XXI w." and "XX wieku" (the English "21st century"), as
/// ordinals. Only with "w." (the period: "II w Krakowie" is "II in Kraków") or a form of "wiek".
fn roman_centuries(text: &str, lang: Lang, out: &mut Vec<Num>) {
    if lang != Lang::Pl || !text.contains(['I', 'V', 'X']) || !(text.contains(" w.") || text.contains("wiek"))
    {
        return;
    }
    for tok in super::tokens::tokens(text) {
        if tok.kind != super::tokens::TokenKind::Word || tok.text.len() > 6 {
            continue;
        }
        let Some(n) = roman(tok.text) else { continue };
        let Some((w, _, we)) = next_word(text, tok.end) else { continue };
        let century = match w.as_str() {
            "w" => text[..we].ends_with('.'),
            "wiek" | "wieku" | "wiekiem" | "wieki" | "wieków" | "wiekach" => true,
            _ => false,
        };
        if century
            && !after_decade(&text[..tok.start])
            && !out.iter().any(|o| o.start < we && tok.start < o.end)
        {
            out.push(Num { kind: NumKind::Ordinal(n), start: tok.start, end: we, alt: None });
        }
    }
}

/// Whether `before` ends with a decade, "lat 70." or "latach 80.": "lat 70. XX w." is one date
/// (the 1970s), its century no number of its own.
fn after_decade(before: &str) -> bool {
    let s = before.trim_end().trim_end_matches('.');
    let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || !s.ends_with('0') {
        return false;
    }
    let word = s[..s.len() - digits].trim_end();
    let last = word.rsplit(|c: char| !c.is_alphabetic()).next().unwrap_or("");
    matches!(last, "lat" | "lata" | "latach" | "latami" | "latom")
}

/// Number stems of Polish compound adjectives, as in "dwudziestopięcioletni": tens, then units and
/// teens (a number from 1 to 19, or 100 alone).
const PL_TENS_STEMS: [(&str, i64); 8] = [
    ("dwudziesto", 20),
    ("trzydziesto", 30),
    ("czterdziesto", 40),
    ("pięćdziesięcio", 50),
    ("sześćdziesięcio", 60),
    ("siedemdziesięcio", 70),
    ("osiemdziesięcio", 80),
    ("dziewięćdziesięcio", 90),
];
const PL_UNIT_STEMS: [(&str, i64); 20] = [
    ("jedno", 1),
    ("dwu", 2),
    ("trzy", 3),
    ("cztero", 4),
    ("pięcio", 5),
    ("sześcio", 6),
    ("siedmio", 7),
    ("ośmio", 8),
    ("dziewięcio", 9),
    ("dziesięcio", 10),
    ("jedenasto", 11),
    ("dwunasto", 12),
    ("trzynasto", 13),
    ("czternasto", 14),
    ("piętnasto", 15),
    ("szesnasto", 16),
    ("siedemnasto", 17),
    ("osiemnasto", 18),
    ("dziewiętnasto", 19),
    ("stu", 100),
];
/// Case endings of the adjective "-letni" (N years old, lasting N years).
const PL_LETNI_ENDINGS: [&str; 10] = ["i", "ia", "ie", "iego", "iej", "iemu", "im", "ią", "ich", "imi"];

/// The number of years in a Polish "-letni" adjective written in words (lowercase): "dwudziestoletni"
/// (20-year-old) → 20, "dwudziestopięcioletniej" → 25, "stuletnia" → 100; None for anything else,
/// "letni" (summer), "kilkuletni" (of a few years) and "wieloletni" (of many) included.
fn pl_years(w: &str) -> Option<i64> {
    let at = w.rfind("letn")?;
    if !PL_LETNI_ENDINGS.contains(&&w[at + "letn".len()..]) {
        return None;
    }
    let mut stem = &w[..at];
    let mut n = 0;
    if let Some(&(s, v)) = PL_TENS_STEMS.iter().find(|(s, _)| stem.starts_with(s)) {
        n = v;
        stem = &stem[s.len()..];
    }
    if !stem.is_empty() {
        let &(_, v) = PL_UNIT_STEMS.iter().find(|(s, _)| *s == stem)?;
        if n > 0 && v >= 10 {
            return None;
        }
        n += v;
    }
    (n > 0).then_some(n)
}

fn words_and_months(text: &str, lang: Lang, out: &mut Vec<Num>) {
    let t = tables();
    let covered = |s: usize, e: usize, out: &Vec<Num>| out.iter().any(|n| n.start <= s && e <= n.end);
    let (words, months) = (&t.words[li(lang)], &t.months[li(lang)]);
    let mut found = Vec::new();
    let mut w = String::new();
    for tok in super::tokens::tokens(text) {
        if tok.kind != super::tokens::TokenKind::Word || covered(tok.start, tok.end, out) {
            continue;
        }
        fold_into(tok.text, &mut w);
        let word = match words.get(w.as_str()) {
            Some(&(v, WordKind::Cardinal)) => Some(NumKind::Value(v * 1000)),
            Some(&(v, WordKind::Ordinal)) => Some(NumKind::Ordinal(v as u32)),
            // units count only inside a compound, see `compounds`
            Some(_) => None,
            None if lang == Lang::Pl => pl_years(&w).map(|v| NumKind::Value(v * 1000)),
            None => None,
        };
        if let Some(kind) = word {
            found.push(Num { kind, start: tok.start, end: tok.end, alt: None });
        } else if let Some(&m) = months.get(w.as_str()).filter(|_| month_ok(tok.text, lang, true)) {
            // "May" and "maja" alone are too often a verb or a name
            if w != "may" && w != "maja" && w != "luty" && w != "maj" {
                found.push(Num { kind: NumKind::Month(m), start: tok.start, end: tok.end, alt: None });
            }
        }
    }
    out.extend(found);
}

#[cfg(test)]
mod tests {
    use super::*;
    use NumKind::*;

    fn kinds(s: &str, lang: Lang) -> Vec<NumKind> {
        extract(s, lang).into_iter().map(|n| n.kind).collect()
    }

    #[test]
    fn glued_m_is_millions_or_metres_without_a_currency_sign() {
        let en = extract("He began with a 7.52m before clearing 7.62m in the 400m final.", Lang::En);
        let got: Vec<(NumKind, Option<NumKind>)> = en.iter().map(|n| (n.kind, n.alt)).collect();
        assert_eq!(
            got,
            [
                (Value(7_520_000_000), Some(Value(7520))),
                (Value(7_620_000_000), Some(Value(7620))),
                (Value(400_000_000_000), Some(Value(400_000))),
            ]
        );
        // With a currency sign it is money; "m" with a space is never a scale in English either way.
        let money = extract("sued for $10m and £2.5m", Lang::En);
        assert!(money.iter().all(|n| n.alt.is_none()), "{money:?}");
        assert_eq!(money[0].kind, Value(10_000_000_000));
        assert!(extract("5 million people", Lang::En).iter().all(|n| n.alt.is_none()));
        // Polish writes the metres apart: a plain value, which the English alternative matches.
        assert_eq!(kinds("Zaczął od 7,52 m, a następnie 7,62 m.", Lang::Pl), [Value(7520), Value(7620)]);
    }

    #[test]
    fn polish_centuries_in_roman_numerals() {
        assert_eq!(kinds("kłamstw i złudzeń XXI w. zaczyna", Lang::Pl), [Ordinal(21)]);
        assert_eq!(kinds("na początku XX wieku", Lang::Pl), [Ordinal(20)]);
        assert_eq!(kinds("w XIX w.", Lang::Pl), [Ordinal(19)]);
        // "lat 70. XX w." is the 1970s: the century is part of the decade.
        assert!(!kinds("ruch punkowy z lat 70. XX w. przynajmniej", Lang::Pl).contains(&Ordinal(20)));
        assert_eq!(kinds("the 21st-century lies", Lang::En), [Ordinal(21)]);
        // A regnal number before the preposition "w", and anything that is not a numeral.
        assert!(kinds("Jan Paweł II w Krakowie", Lang::Pl).is_empty());
        assert!(kinds("IIX wieku, MIX wieku", Lang::Pl).is_empty());
        assert_eq!(roman("XXXIX"), Some(39));
        assert_eq!(roman("XL"), None);
        let text = "od XV w. do XXI wieku";
        assert_eq!(extract_with_words(text, Lang::Pl, &[]), extract(text, Lang::Pl));
    }

    #[test]
    fn polish_years_adjectives_in_words() {
        assert_eq!(kinds("Dwudziestoletni Sreeshankar skoczył", Lang::Pl), [Value(20_000)]);
        assert_eq!(kinds("dwudziestopięcioletniej kobiety", Lang::Pl), [Value(25_000)]);
        assert_eq!(kinds("stuletnia historia, dwuletni kontrakt", Lang::Pl), [Value(100_000), Value(2_000)]);
        assert_eq!(kinds("dwunastoletnim chłopcem", Lang::Pl), [Value(12_000)]);
        // Not a number: the summer adjective, "a few years", "many years", a bad compound.
        assert!(kinds("letni obóz, kilkuletni, wieloletnia, dwudziestodwunastoletni", Lang::Pl).is_empty());
        // English has no such words; "20-year-old" is read from its digits.
        assert_eq!(kinds("The 20-year-old", Lang::En), [Value(20_000)]);
    }

    #[test]
    fn polish_point_with_one_or_two_digits_is_a_decimal_point() {
        assert_eq!(kinds("„Campaign Boot Camp 2.0”", Lang::Pl), [Value(2000)]);
        assert_eq!(kinds("o godz. 8.30", Lang::Pl), [Value(8300)]);
        assert_eq!(kinds("ok. 3.5 mln osób", Lang::Pl), [Value(3_500_000_000)]);
        // three digits after a point group thousands, as before
        assert_eq!(kinds("1.000 osób", Lang::Pl), [Value(1_000_000)]);
    }

    #[test]
    fn decimal_comma_and_point() {
        assert_eq!(kinds("wzrost o 3,5", Lang::Pl), [Value(3500)]);
        assert_eq!(kinds("a rise of 3.5", Lang::En), [Value(3500)]);
    }

    #[test]
    fn thousands_groups() {
        assert_eq!(kinds("1,000 people", Lang::En), [Value(1_000_000)]);
        assert_eq!(kinds("1 000 osób", Lang::Pl), [Value(1_000_000)]);
        assert_eq!(kinds("1\u{a0}000 osób", Lang::Pl), [Value(1_000_000)]);
        assert_eq!(kinds("12\u{202f}345\u{202f}678 zł", Lang::Pl), [Value(12_345_678_000)]);
        assert_eq!(kinds("1.000.000 zł", Lang::Pl), [Value(1_000_000_000)]);
        assert_eq!(kinds("2,500,000.75 dollars", Lang::En), [Value(2_500_000_750)]);
    }

    #[test]
    fn scale_words() {
        assert_eq!(kinds("5 tys. osób", Lang::Pl), kinds("5,000 people", Lang::En));
        assert_eq!(kinds("3,5 mln", Lang::Pl), kinds("3.5 million", Lang::En));
        assert_eq!(kinds("2 mld zł", Lang::Pl), kinds("2 billion zlotys", Lang::En));
        assert_eq!(kinds("$2bn", Lang::En), [Value(2_000_000_000_000)]);
        assert_eq!(kinds("£5m", Lang::En), [Value(5_000_000_000)]);
        assert_eq!(kinds("5 m wide", Lang::En), [Value(5_000)]);
    }

    #[test]
    fn percentages() {
        assert_eq!(kinds("12 proc. głosów", Lang::Pl), [Percent(12_000)]);
        assert_eq!(kinds("12,5 procent", Lang::Pl), [Percent(12_500)]);
        assert_eq!(kinds("12.5%", Lang::En), [Percent(12_500)]);
        assert_eq!(kinds("12.5 per cent", Lang::En), [Percent(12_500)]);
        assert_eq!(kinds("99% prawa", Lang::Pl), [Percent(99_000)]);
    }

    #[test]
    fn dates_as_month_day_pairs() {
        let d = Date { month: 4, day: 8 };
        assert_eq!(kinds("8 kwietnia", Lang::Pl), [d]);
        assert_eq!(kinds("on April 8", Lang::En), [d]);
        assert_eq!(kinds("on 8 April", Lang::En), [d]);
        assert_eq!(kinds("on April 8th", Lang::En), [d]);
        assert_eq!(kinds("rankiem 28 sierpnia", Lang::Pl), [Date { month: 8, day: 28 }]);
        assert_eq!(kinds("w kwietniu", Lang::Pl), [Month(4)]);
        assert_eq!(kinds("you may go", Lang::En), []);
        assert_eq!(kinds("to march 8 miles", Lang::En), [Value(8000)]);
    }

    #[test]
    fn years_and_ordinals() {
        assert_eq!(kinds("in 2019", Lang::En), [Year(2019)]);
        assert_eq!(kinds("w 2019 r.", Lang::Pl), [Year(2019)]);
        assert_eq!(kinds("the 14th", Lang::En), [Ordinal(14)]);
        assert_eq!(kinds("także 14-tą", Lang::Pl), [Ordinal(14)]);
        assert!(Ordinal(14).matches(&Value(14_000)));
        assert!(!Ordinal(14).matches(&Value(15_000)));
    }

    #[test]
    fn number_words() {
        assert_eq!(kinds("two people", Lang::En), [Value(2000)]);
        assert_eq!(kinds("dwie osoby", Lang::Pl), [Value(2000)]);
        assert_eq!(kinds("nineteen days", Lang::En), [Value(19_000)]);
        assert_eq!(kinds("dziewiętnastu dni", Lang::Pl), [Value(19_000)]);
        assert_eq!(kinds("ninety", Lang::En), kinds("dziewięćdziesięcioma", Lang::Pl));
        assert_eq!(kinds("pięciuset osób", Lang::Pl), [Value(500_000)]);
        // "one", "first", "second" alone are pronouns, articles, a unit of time
        assert!(kinds("one of them came first, a second later", Lang::En).is_empty());
        assert!(kinds("jeden z nich był pierwszy, drugi później", Lang::Pl).is_empty());
    }

    #[test]
    fn compound_number_words() {
        let v = |n: i64| vec![Value(n * 1000)];
        assert_eq!(kinds("twenty-two players", Lang::En), v(22));
        assert_eq!(kinds("twenty two players", Lang::En), v(22));
        assert_eq!(kinds("dwadzieścia dwa lata", Lang::Pl), v(22));
        assert_eq!(kinds("dwudziestu dwóch graczy", Lang::Pl), v(22));
        assert_eq!(kinds("twenty-one", Lang::En), v(21));
        assert_eq!(kinds("dwadzieścia jeden", Lang::Pl), v(21));
        assert_eq!(kinds("sto dwadzieścia trzy", Lang::Pl), v(123));
        assert_eq!(kinds("two hundred and five", Lang::En), v(205));
        assert_eq!(kinds("three hundred", Lang::En), v(300));
        assert_eq!(kinds("dwieście pięćdziesiąt", Lang::Pl), v(250));
        assert_eq!(kinds("trzy miliony ludzi", Lang::Pl), v(3_000_000));
        assert_eq!(kinds("two million people", Lang::En), kinds("2 mln osób", Lang::Pl));
        assert_eq!(kinds("twenty per cent", Lang::En), [Percent(20_000)]);
        assert_eq!(kinds("dwadzieścia procent", Lang::Pl), [Percent(20_000)]);
        // a place already filled is not filled again: two numbers
        assert_eq!(kinds("fifteen two", Lang::En), [Value(15_000), Value(2_000)]);
        assert_eq!(kinds("dwadzieścia dwanaście", Lang::Pl), [Value(20_000), Value(12_000)]);
        // a comma or a full stop ends the number
        assert_eq!(kinds("twenty, two", Lang::En), [Value(20_000), Value(2_000)]);
        // the span covers the words
        let s = "Mam dwadzieścia dwa lata.";
        let n = extract(s, Lang::Pl);
        assert_eq!(&s[n[0].start..n[0].end], "dwadzieścia dwa");
        // the caller's word-by-word reading gives the same
        for (s, lang) in [("twenty-first century", Lang::En), ("dwadzieścia jeden tys. osób", Lang::Pl)] {
            let words: Vec<Num> = super::super::tokens::tokens(s)
                .filter(|t| t.kind == super::super::tokens::TokenKind::Word)
                .filter_map(|t| {
                    extract(t.text, lang).first().map(|n| Num {
                        kind: n.kind,
                        start: t.start,
                        end: t.end,
                        alt: None,
                    })
                })
                .collect();
            assert_eq!(extract_with_words(s, lang, &words), extract(s, lang), "{s}");
        }
    }

    #[test]
    fn ordinal_words() {
        assert_eq!(kinds("the third time", Lang::En), [Ordinal(3)]);
        assert_eq!(kinds("po raz trzeci", Lang::Pl), [Ordinal(3)]);
        assert_eq!(kinds("czwartego dnia", Lang::Pl), [Ordinal(4)]);
        assert_eq!(kinds("the twenty-first century", Lang::En), [Ordinal(21)]);
        assert_eq!(kinds("dwudziestego pierwszego wieku", Lang::Pl), [Ordinal(21)]);
        assert_eq!(kinds("the nineteenth", Lang::En), kinds("dziewiętnasta", Lang::Pl));
        assert!(Ordinal(21).matches(&Value(21_000)));
    }

    #[test]
    fn clock_times() {
        assert_eq!(kinds("at 10:30", Lang::En), [Value(10_300)]);
        assert_eq!(kinds("o godz. 10.30", Lang::Pl), kinds("at 10:30", Lang::En));
        assert_eq!(kinds("o 10:30", Lang::Pl), [Value(10_300)]);
        assert_eq!(kinds("at 13:05", Lang::En), [Value(13_050)]);
        let pm = extract("at 8:30 pm", Lang::En);
        assert_eq!((pm[0].kind, pm[0].alt), (Value(8_300), Some(Value(20_300))));
        assert_eq!(extract("at 8.30pm", Lang::En)[0].alt, Some(Value(20_300)));
        assert_eq!(extract("at 1 p.m.", Lang::En)[0].alt, Some(Value(13_000)));
        assert_eq!(extract("at 8:30 am", Lang::En)[0].alt, None);
        // not times: minutes of 60 or more, three digits, a ratio
        assert_eq!(kinds("10:75", Lang::En), [Value(10_000), Value(75_000)]);
        assert_eq!(kinds("1:250", Lang::En), [Value(1_000), Value(250_000)]);
        assert_eq!(kinds("won 3:1", Lang::En), [Value(3_000), Value(1_000)]);
    }

    #[test]
    fn english_decimal_comma() {
        assert_eq!(kinds("a 1,5 mm gap", Lang::En), [Value(1_500)]);
        assert_eq!(kinds("a 1,5 mm gap", Lang::En), kinds("szczelina 1,5 mm", Lang::Pl));
        assert_eq!(kinds("it cost 2,75 euro", Lang::En), [Value(2_750)]);
        assert_eq!(kinds("3,1416", Lang::En), [Value(3_141)]);
        assert_eq!(kinds("0,250 kg", Lang::En), [Value(250)]);
        assert_eq!(kinds("12,5%", Lang::En), [Percent(12_500)]);
        // three digits after a comma group thousands, as before
        assert_eq!(kinds("1,500 people", Lang::En), [Value(1_500_000)]);
        assert_eq!(kinds("12,500,000 dollars", Lang::En), [Value(12_500_000_000)]);
        // after a group, a short run is not a decimal part
        assert_eq!(kinds("1,500,5", Lang::En), [Value(1_500_000), Value(5_000)]);
    }

    #[test]
    fn spans_cover_the_source_text() {
        let s = "Dochód: 3,5 mln zł, 12 proc.";
        let n = extract(s, Lang::Pl);
        assert_eq!(&s[n[0].start..n[0].end], "3,5 mln");
        assert_eq!(&s[n[1].start..n[1].end], "12 proc.");
    }

    #[test]
    fn odd_input_does_not_panic() {
        for s in [
            "",
            "1",
            "1,",
            ",5",
            "99999999999999999999999 mln",
            "1 000 000 000 000 000 000",
            "ŻÓŁĆ 3,5%",
            "COVID19",
        ] {
            let _ = extract(s, Lang::Pl);
            let _ = extract(s, Lang::En);
        }
        assert_eq!(kinds("COVID19", Lang::En), []);
    }

    proptest::proptest! {
        #[test]
        fn any_text_gives_values_with_valid_spans(s in "[0-9 ,.\u{a0}%a-zA-ZİıŻżó-]{0,40}") {
            for lang in [Lang::En, Lang::Pl] {
                for n in extract(&s, lang) {
                    proptest::prop_assert!(n.start < n.end && n.end <= s.len());
                    proptest::prop_assert!(s.is_char_boundary(n.start) && s.is_char_boundary(n.end));
                }
            }
        }

        #[test]
        fn any_unicode_does_not_panic(s in "\\PC{0,30}") {
            let _ = extract(&s, Lang::En);
            let _ = extract(&s, Lang::Pl);
            let _ = super::super::cognate::similarity(&s, &s);
            let _ = super::super::names::name_key(&s);
            for t in super::super::tokens::tokens(&s) {
                proptest::prop_assert_eq!(&s[t.start..t.end], t.text);
            }
        }
    }
}
