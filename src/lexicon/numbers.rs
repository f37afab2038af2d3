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

mod around;
mod dates;
mod literal;
mod tables;
#[cfg(test)]
mod tests;
mod words;

use crate::lang::Lang;
use literal::literals;
use words::{compounds, roman_centuries, words_and_months};

pub use tables::{month_forms, month_name_en};

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

/// The value of a unit word (`number-words.txt`, kind `unit`: "one", "jeden" and its forms), given
/// in lower case. [`extract`] counts such a word only inside a compound ("twenty-one"): alone it is
/// mostly a pronoun or an article. A caller that wants it alone too (QA, where "one of the
/// characters" becoming "dwie postacie" is a changed number) reads it here, from the same list.
pub fn unit_word(lower: &str, lang: Lang) -> Option<i64> {
    let li = match lang {
        Lang::En => 0,
        Lang::Pl => 1,
        _ => return None,
    };
    match tables::tables().words[li].get(lower) {
        Some(&(v, tables::WordKind::Unit)) => Some(v),
        _ => None,
    }
}

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
