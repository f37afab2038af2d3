//! Numeric values in English and Polish text, normalised so the two notations compare:
//! `3,5` (PL) ~ `3.5` (EN); `1 000`, `1 000` (NBSP) ~ `1,000`; `tys.`/`mln`/`mld` ~
//! thousand/million/billion; `proc.`/`procent` ~ `%`/`per cent`; `8 kwietnia` ~ `April 8`
//! (a month-day pair); years; ordinals (`14th` ~ `14-ty`); centuries (`21st century` ~
//! `XXI w.`); small number words (`two` ~ `dwie`) and Polish `-letni` adjectives
//! (`20-year-old` ~ `dwudziestoletni`); `7.52m` with no currency sign read as millions or metres
//! (`7,52 m`).
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
    words: [FxMap<&'static str, i64>; 2],
    scales: [FxMap<&'static str, Option<i64>>; 2], // None = percent
    months: [FxMap<&'static str, u8>; 2],
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
            text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).filter_map(|l| {
                let mut f = l.split('\t');
                let lang = match f.next()? {
                    "en" => Lang::En,
                    "pl" => Lang::Pl,
                    _ => return None,
                };
                Some((li(lang), f.next()?, f.next()?.trim()))
            })
        };
        for (lang, w, v) in rows(include_str!("data/number-words.txt")) {
            if let Ok(v) = v.parse::<i64>() {
                t.words[lang].insert(w, v);
            }
        }
        for (lang, w, v) in rows(include_str!("data/number-scales.txt")) {
            if v == "%" {
                t.scales[lang].insert(w, None);
            } else if let Ok(m) = v.parse::<i64>() {
                t.scales[lang].insert(w, Some(m));
            }
        }
        for (lang, w, v) in rows(include_str!("data/months.txt")) {
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
            (_, ',') => (group_ok, false),
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
        out.push(Num { kind, start, end, alt: None });
    }
    out
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
        if let Some(v) =
            words.get(w.as_str()).copied().or_else(|| if lang == Lang::Pl { pl_years(&w) } else { None })
        {
            found.push(Num { kind: NumKind::Value(v * 1000), start: tok.start, end: tok.end, alt: None });
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
