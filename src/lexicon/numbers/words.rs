//! Numbers written in words: number words and their compounds ("twenty-two", "dwadzieścia dwa",
//! "two hundred and five", "trzy miliony"), Polish "-letni" adjectives, Roman centuries, and month
//! names without a day.

use super::around::{is_group_space, next_word};
use super::dates::month_ok;
use super::tables::{li, tables, WordKind};
use super::{Num, NumKind};
use crate::lang::Lang;
use crate::lexicon::tokens::{self, fold, fold_into};

/// Number words written as one number (`out` sorted, its parts replaced by the whole): tens and a
/// unit ("twenty-two", "dwadzieścia dwa" = 22; "twenty-first", "dwudziesty pierwszy" = 21st),
/// hundreds and the rest ("sto dwadzieścia trzy" = 123, "two hundred and five" = 205), and a
/// scale or percent word after them ("trzy miliony" = 3,000,000, "twenty per cent" = 20%).
pub(super) fn compounds(text: &str, lang: Lang, out: &mut Vec<Num>) {
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

/// The value of a Roman numeral from I to XXXIX written the standard way, None for anything else.
pub(super) fn roman(s: &str) -> Option<u32> {
    const ONES: [&str; 10] = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];
    let tens = s.bytes().take_while(|&b| b == b'X').count();
    let ones = ONES.iter().position(|o| *o == &s[tens..])?;
    let n = (tens * 10 + ones) as u32;
    (tens <= 3 && n > 0).then_some(n)
}

/// Polish centuries in Roman numerals, "XXI w." and "XX wieku" (the English "21st century"), as
/// ordinals. Only with "w." (the period: "II w Krakowie" is "II in Kraków") or a form of "wiek".
pub(super) fn roman_centuries(text: &str, lang: Lang, out: &mut Vec<Num>) {
    if lang != Lang::Pl || !text.contains(['I', 'V', 'X']) || !(text.contains(" w.") || text.contains("wiek"))
    {
        return;
    }
    for tok in tokens::tokens(text) {
        if tok.kind != tokens::TokenKind::Word || tok.text.len() > 6 {
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

/// Number words ("two", "dwie") and months named without a day.
pub(super) fn words_and_months(text: &str, lang: Lang, out: &mut Vec<Num>) {
    let t = tables();
    let covered = |s: usize, e: usize, out: &Vec<Num>| out.iter().any(|n| n.start <= s && e <= n.end);
    let (words, months) = (&t.words[li(lang)], &t.months[li(lang)]);
    let mut found = Vec::new();
    let mut w = String::new();
    for tok in tokens::tokens(text) {
        if tok.kind != tokens::TokenKind::Word || covered(tok.start, tok.end, out) {
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
