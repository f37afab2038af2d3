//! Numbers as QA compares them across a pair: measures a translation converts (imperial to metric,
//! with the conversion factor), the kind and value of a number reading, codes of letters and digits
//! (NO2, PM10) and digit groups.

use super::*;

/// English units a Polish translation converts (miles to kilometres, feet to metres…), after a number
/// ending at `end`.
pub(super) fn imperial_unit_after(text: &str, end: usize) -> bool {
    const UNITS: &[&str] = &[
        "mile",
        "miles",
        "ft",
        "feet",
        "foot",
        "inch",
        "inches",
        "yard",
        "yards",
        "yd",
        "lb",
        "lbs",
        "pound",
        "pounds",
        "oz",
        "ounce",
        "ounces",
        "mph",
        "f",
        "fahrenheit",
        "gallon",
        "gallons",
        "acre",
        "acres",
        "stone",
    ];
    let rest = text.get(end..).unwrap_or("").trim_start_matches([' ', '\u{a0}', '-', '°']);
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect::<String>().to_lowercase();
    UNITS.contains(&word.as_str())
}

/// The factor that converts the English imperial unit after a number ending at `end` to the metric
/// unit a translation gives (miles → km, feet → m, pounds → kg…); `None` for Fahrenheit and others.
pub(super) fn imperial_factor(text: &str, end: usize) -> Option<f64> {
    let rest = text.get(end..).unwrap_or("").trim_start_matches([' ', '\u{a0}', '-']);
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect::<String>().to_lowercase();
    Some(match word.as_str() {
        "mile" | "miles" | "mph" => 1.609,
        "ft" | "feet" | "foot" => 0.3048,
        "inch" | "inches" => 2.54,
        "yard" | "yards" | "yd" => 0.9144,
        "lb" | "lbs" | "pound" | "pounds" => 0.4536,
        "stone" => 6.35,
        "gallon" | "gallons" => 3.785,
        "acre" | "acres" => 0.4047,
        _ => return None,
    })
}

/// What a number counts, for telling a replaced number from two different facts: amounts (with
/// ordinals), percentages, years, days and months.
pub(super) fn kind_class(n: &Num) -> u8 {
    use crate::lexicon::numbers::NumKind;
    match n.kind {
        NumKind::Value(_) | NumKind::Ordinal(_) => 0,
        NumKind::Percent(_) => 1,
        NumKind::Year(_) => 2,
        NumKind::Date { .. } | NumKind::Month(_) => 3,
    }
}

/// The plain value of a number (`None` for percentages, years, dates).
pub(super) fn value_of(n: &Num) -> Option<f64> {
    match n.kind {
        crate::lexicon::numbers::NumKind::Value(v) => Some(v as f64 / 1000.0),
        _ => None,
    }
}

/// Metric units a Polish conversion of an imperial measure gives, after a number ending at `end`.
pub(super) fn metric_unit_after(text: &str, end: usize) -> bool {
    const UNITS: &[&str] = &["km", "m", "cm", "mm", "kg", "g", "l", "ha", "c", "t"];
    const STEMS: &[&str] =
        &["kilometr", "metr", "centymetr", "milimetr", "kilogram", "gram", "litr", "hektar", "stop", "ton"];
    let rest = text.get(end..).unwrap_or("").trim_start_matches([' ', '\u{a0}', '-', '°']);
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect::<String>().to_lowercase();
    UNITS.contains(&word.as_str()) || STEMS.iter().any(|s| word.starts_with(s))
}

/// Codes of a text: a word of capital letters and digits, the letters first, a hyphen allowed between
/// them ("NO2", "PM10", "F-16", "G7"), with its byte range and its form without the hyphen.
pub(super) fn codes_in(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_uppercase() {
            i += 1;
        }
        let letters = i - start;
        let mut j = i;
        if j < bytes.len() && bytes[j] == b'-' && letters > 0 {
            j += 1;
        }
        let digits_start = j;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        let boundary_before = start == 0 || !(bytes[start - 1].is_ascii_alphanumeric());
        let boundary_after = j >= bytes.len() || !bytes[j].is_ascii_alphanumeric();
        if (1..=5).contains(&letters) && j > digits_start && boundary_before && boundary_after {
            out.push((start, j, text[start..j].replace('-', "")));
            i = j;
        } else {
            i = start + 1;
        }
    }
    out
}

/// The runs of digits of a number as written, leading zeros dropped ("8.20m" → 8, 20; "1 000" → 1, 0).
pub(super) fn digit_groups(t: &str) -> Vec<u64> {
    t.split(|c: char| !c.is_ascii_digit()).filter(|g| !g.is_empty()).filter_map(|g| g.parse().ok()).collect()
}
