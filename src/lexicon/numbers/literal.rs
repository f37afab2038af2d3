//! Numbers written with digits: the literal itself (groups, decimal points and commas in both
//! notations), and what follows it (ordinal suffixes, percent signs, scale words, clock times,
//! a month that makes it a date).

use super::around::{is_group_space, next_word};
use super::dates::{date_around, date_end, month_start};
use super::tables::{li, tables};
use super::{Num, NumKind};
use crate::lang::Lang;

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

const EN_ORD: [&str; 4] = ["st", "nd", "rd", "th"];
const PL_ORD: [&str; 16] =
    ["ty", "ta", "te", "tą", "tej", "tego", "temu", "tym", "go", "gi", "ga", "gą", "ci", "ej", "ym", "y"];

/// The numbers written with digits, in text order (with their scale words, percent signs, dates).
pub(super) fn literals(text: &str, lang: Lang) -> Vec<Num> {
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
        let (num, next) = number_at(text, lang, &lit, lit.end.max(i + 1));
        out.push(num);
        i = next;
    }
    out
}

/// The number a literal starts, with the byte the scan goes on from (`next` unless what follows
/// the literal is part of the number): the first reading that applies of a clock time, an
/// ordinal, a percent sign, a scale or percent word, a day of a month; else a year or a value.
fn number_at(text: &str, lang: Lang, lit: &Literal, next: usize) -> (Num, usize) {
    let (start, end) = (lit.start, lit.end);
    let rest = &text[lit.end..];
    // a time of day, "10:30": the value 10.30, as "godz. 10.30" reads
    if let Some(kind) = clock_time(lit, rest) {
        let end = lit.end + 3;
        return (Num { kind, start, end, alt: pm_alt(text, end, lang, kind) }, end);
    }
    if let Some(found) = ordinal_after(text, lang, lit) {
        return found;
    }
    // percent sign
    if rest.trim_start_matches(|c: char| c == ' ' || is_group_space(c)).starts_with('%') {
        let end = lit.end + rest.find('%').unwrap_or(0) + 1;
        return (Num { kind: NumKind::Percent(lit.milli), start, end, alt: None }, end);
    }
    if let Some(found) = scale_word_after(text, lang, lit) {
        return found;
    }
    if lit.plain && lit.digits <= 2 {
        let v = (lit.milli / 1000) as u32;
        if let Some(kind) = date_around(text, lit.start, lit.end, lang, v) {
            let s2 = month_start(text, lit.start, lang).filter(|_| lang == Lang::En).unwrap_or(start);
            let e2 = date_end(text, lit.end, lang, kind).unwrap_or(end);
            // do not report the month again
            return (Num { kind, start: s2.min(start), end: e2, alt: None }, next.max(e2));
        }
    }
    let kind = if lit.plain && lit.digits == 4 && (1000..=2100).contains(&(lit.milli / 1000)) {
        NumKind::Year((lit.milli / 1000) as i32)
    } else {
        NumKind::Value(lit.milli)
    };
    (Num { kind, start, end, alt: pm_alt(text, end, lang, kind) }, next)
}

/// An ordinal written with digits and a suffix: English `14th` (a date with a month around it:
/// `April 8th`, `8th April`), Polish `14-ty`, `14-tą`.
fn ordinal_after(text: &str, lang: Lang, lit: &Literal) -> Option<(Num, usize)> {
    if !lit.plain || lit.digits > 4 {
        return None;
    }
    let (mut start, mut end) = (lit.start, lit.end);
    let rest = &text[lit.end..];
    let v = (lit.milli / 1000) as u32;
    let suffix: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    if lang == Lang::En && EN_ORD.contains(&suffix.to_lowercase().as_str()) {
        end += suffix.len();
        let kind = date_around(text, lit.start, end, lang, v).unwrap_or(NumKind::Ordinal(v));
        if let NumKind::Date { .. } = kind {
            start = start.min(month_start(text, lit.start, lang).unwrap_or(start));
        }
        let num = Num { kind, start, end: date_end(text, end, lang, kind).unwrap_or(end), alt: None };
        return Some((num, end));
    }
    if lang == Lang::Pl {
        if let Some(sfx) = rest.strip_prefix('-') {
            let w: String = sfx.chars().take_while(|c| c.is_alphabetic()).collect();
            if PL_ORD.contains(&w.as_str()) {
                end += 1 + w.len();
                return Some((Num { kind: NumKind::Ordinal(v), start, end, alt: None }, end));
            }
        }
    }
    None
}

/// A scale or percent word after a literal: `3,5 mln`, `5 tys.`, `$5m`, `2bn`, `12 proc.`,
/// `12.5 per cent`, `3 mln proc.`.
fn scale_word_after(text: &str, lang: Lang, lit: &Literal) -> Option<(Num, usize)> {
    let t = tables();
    let start = lit.start;
    let rest = &text[lit.end..];
    let (w, _ws, we) = next_word(text, lit.end)?;
    if let Some(scale) = t.scales[li(lang)].get(w.as_str()) {
        match scale {
            // single letters (m, k) only when glued: "$5m", not "5 m"
            Some(m) if w.chars().count() > 1 || !rest.starts_with(' ') => {
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
                let alt = metres.then_some(NumKind::Value(lit.milli));
                return Some((Num { kind, start, end: end2, alt }, end2));
            }
            Some(_) => {}
            None => return Some((Num { kind: NumKind::Percent(lit.milli), start, end: we, alt: None }, we)),
        }
    }
    // "per cent"
    if lang == Lang::En && w == "per" {
        if let Some((w2, _, we2)) = next_word(text, we) {
            if w2 == "cent" {
                return Some((Num { kind: NumKind::Percent(lit.milli), start, end: we2, alt: None }, we2));
            }
        }
    }
    None
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
