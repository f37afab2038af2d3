//! What the QA checks need to compare across languages: numbers (in digits or words, after normalising
//! the EN/PL notations) and name keys tolerant of Polish inflection.
//!
//! Numbers in digits are read by [`digit_numbers`] (3,5 / 3.5; 1 000 / 1,000; tys., mln, mld / thousand,
//! million, bn, m; 1980s / lat 80.); number words come from `number_words.txt`. Everything becomes a
//! [`Num`] the checks compare by value.
//!
//! The two entry points the checks use, [`numbers`] and [`same_name`], are the seam to the lexicon
//! module's own normalisers (issue 5): when those land, these functions delegate to them.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::lang::Lang;
use crate::model::Span;

/// A number found in a text, with the values it may stand for.
#[derive(Debug, Clone, PartialEq)]
pub struct Num {
    /// Where it is (document offsets).
    pub span: Span,
    /// The values it may mean: "1,000" is 1000 in English but could be 1.0 in Polish; "2 mln" is both
    /// 2 and 2 000 000 (the other side may write "2 million" or "2m").
    pub values: Vec<f64>,
    /// Written in words ("two", "dwie") rather than digits: weaker evidence.
    pub word: bool,
}

impl Num {
    /// Whether two numbers may be the same quantity.
    pub fn matches(&self, other: &Num) -> bool {
        self.values.iter().any(|a| other.values.iter().any(|b| same_value(*a, *b)))
    }
}

fn same_value(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

static NUMBER_WORDS: &str = include_str!("number_words.txt");

fn number_words() -> &'static HashMap<(Lang, String), f64> {
    static MAP: OnceLock<HashMap<(Lang, String), f64>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut m = HashMap::new();
        for line in NUMBER_WORDS.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut it = line.split_whitespace();
            let (Some(lang), Some(value)) = (it.next().and_then(Lang::parse), it.next()) else { continue };
            let Ok(value) = value.parse::<f64>() else { continue };
            for w in it {
                m.insert((lang, w.to_string()), value);
            }
        }
        m
    })
}

/// The numbers of `text` (which starts at document offset `base`), in digits and in words.
pub fn numbers(text: &str, base: usize, lang: Lang) -> Vec<Num> {
    let mut out: Vec<Num> = digit_numbers(text, lang)
        .into_iter()
        .map(|(s, e, values)| Num { span: Span::new(base + s, base + e), values, word: false })
        .collect();
    let words = number_words();
    let toks = words_of(text);
    for (k, &(s, e)) in toks.iter().enumerate() {
        let w = text[s..e].to_lowercase();
        let Some(&v) = words.get(&(lang, w.clone())) else { continue };
        // Multipliers standing alone ("thousands of", "tysiące osób") are not a count.
        if v >= 1000.0 {
            continue;
        }
        // "no one", "the one", "someone" is not a number.
        if lang == Lang::En && w == "one" && k > 0 {
            let prev = text[toks[k - 1].0..toks[k - 1].1].to_lowercase();
            if matches!(prev.as_str(), "no" | "the" | "any" | "every" | "each" | "this" | "that" | "which") {
                continue;
            }
        }
        if lang == Lang::En && w == "one" && toks.get(k + 1).is_some_and(|t| &text[t.0..t.1] == "another") {
            continue;
        }
        let span = Span::new(base + s, base + e);
        if out.iter().any(|n| n.span.overlap(&span) > 0) {
            continue;
        }
        let mut values = vec![v];
        if let Some(&(s2, e2)) = toks.get(k + 1) {
            if text[e..s2].trim().is_empty() {
                if let Some(&m) = words.get(&(lang, text[s2..e2].to_lowercase())) {
                    if m >= 1000.0 {
                        values.push(v * m);
                    }
                }
            }
        }
        out.push(Num { span, values, word: true });
    }
    out.sort_by_key(|n| n.span);
    out
}

/// Byte ranges of the words (runs of letters, digits, apostrophes inside) of `text`.
pub fn words_of(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut prev_end = 0;
    for (i, c) in text.char_indices() {
        let inword = c.is_alphanumeric() || ((c == '\'' || c == '’') && start.is_some());
        match (inword, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, trim_apos(text, s, prev_end)));
                start = None;
            }
            _ => {}
        }
        if inword {
            prev_end = i + c.len_utf8();
        }
    }
    if let Some(s) = start {
        out.push((s, trim_apos(text, s, prev_end)));
    }
    out
}

fn trim_apos(text: &str, s: usize, mut e: usize) -> usize {
    while e > s && (text[..e].ends_with('\'') || text[..e].ends_with('’')) {
        e -= text[..e].chars().next_back().map_or(1, char::len_utf8);
    }
    e
}

/// Fold a word for comparison: lower case, Polish and other Latin diacritics removed.
pub fn fold(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ą' | 'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'ć' | 'č' | 'ç' => 'c',
            'ę' | 'é' | 'è' | 'ê' | 'ë' | 'ě' => 'e',
            'ł' => 'l',
            'ń' | 'ñ' | 'ň' => 'n',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
            'ś' | 'š' => 's',
            'ź' | 'ż' | 'ž' => 'z',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ú' | 'ù' | 'û' | 'ü' | 'ů' => 'u',
            'ř' => 'r',
            '’' => '\'',
            c => c,
        })
        .collect()
}

/// Whether two mentions may be the same name, tolerating Polish inflection of either
/// (Sebastian ~ Sebastiana, Harris ~ Harrisowi, Maria ~ Marii, Luiza ~ Luizy).
pub fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (fold(a), fold(b));
    if a == b {
        return true;
    }
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let cp = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (short, long) = (a.len().min(b.len()), a.len().max(b.len()));
    // One is the other plus a case ending (Harris/Harrisowi), or both share a stem and differ in a
    // short ending (Maria/Marii, Luiza/Luizy, Ameryka/Ameryce).
    cp >= 3 && (cp == short && long - short <= 4 || short - cp <= 2 && long - cp <= 4 && cp + 2 >= short)
}

/// Multipliers written after a number, with their value.
fn multiplier(word: &str, lang: Lang) -> Option<f64> {
    let w = word.to_lowercase();
    let w = w.trim_end_matches('.');
    let v = match (lang, w) {
        (Lang::En, "thousand" | "thousands" | "k") => 1e3,
        (Lang::En, "million" | "millions" | "m" | "mn" | "mln") => 1e6,
        (Lang::En, "billion" | "billions" | "bn" | "b") => 1e9,
        (Lang::En, "trillion" | "tn") => 1e12,
        (Lang::Pl, "tys" | "tysiąc" | "tysiąca" | "tysiące" | "tysięcy") => 1e3,
        (Lang::Pl, "mln" | "milion" | "miliona" | "miliony" | "milionów") => 1e6,
        (Lang::Pl, "mld" | "miliard" | "miliarda" | "miliardy" | "miliardów") => 1e9,
        (Lang::Pl, "bln" | "bilion" | "biliona" | "biliony" | "bilionów") => 1e12,
        _ => return None,
    };
    Some(v)
}

/// Numbers written in digits: byte range in `text` and the values they may stand for.
pub fn digit_numbers(text: &str, lang: Lang) -> Vec<(usize, usize, Vec<f64>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() || (i > 0 && b[i - 1].is_ascii_digit()) {
            i += 1;
            continue;
        }
        // Digits with separators: , . between digits; a space (or no-break/thin space) before a group of 3.
        let start = i;
        let mut raw = String::new();
        let mut end;
        let mut j = i;
        loop {
            while j < b.len() && b[j].is_ascii_digit() {
                raw.push(b[j] as char);
                j += 1;
            }
            end = j;
            let sep_len = if j < b.len() && (b[j] == b',' || b[j] == b'.' || b[j] == b' ') {
                1
            } else if text[j..].starts_with('\u{a0}') || text[j..].starts_with('\u{202f}') {
                text[j..].chars().next().map_or(1, char::len_utf8)
            } else {
                0
            };
            if sep_len == 0 {
                break;
            }
            let k = j + sep_len;
            let group = b[k..].iter().take_while(|c| c.is_ascii_digit()).count();
            let space = b[j] != b',' && b[j] != b'.';
            if group == 0 || (space && group != 3) {
                break;
            }
            raw.push(if space { ' ' } else { b[j] as char });
            j = k;
        }
        if let Some(mut values) = values_of(&raw, lang) {
            // Suffixes: decades (1980s), multipliers (2.5m, 3 mln, 1,5 mld, 10 thousand).
            let rest = &text[end..];
            if lang == Lang::En && rest.starts_with('s') && !rest[1..].starts_with(char::is_alphanumeric) {
                if let Some(&v) = values.first() {
                    if (1000.0..3000.0).contains(&v) {
                        values.push(v % 100.0);
                    }
                }
            }
            let word: String = rest
                .trim_start_matches([' ', '\u{a0}'])
                .chars()
                .take_while(|c| c.is_alphabetic() || *c == '.')
                .collect();
            if let Some(m) = multiplier(&word, lang) {
                let base: Vec<f64> = values.clone();
                values.extend(base.iter().map(|v| v * m));
            }
            out.push((start, end, values));
        }
        i = end.max(i + 1);
    }
    out
}

/// The values a digit string with separators may stand for, in the given language.
fn values_of(raw: &str, lang: Lang) -> Option<Vec<f64>> {
    let s: String = raw.chars().filter(|c| *c != ' ').collect();
    let commas = s.matches(',').count();
    let dots = s.matches('.').count();
    let plain = |x: &str| x.replace([',', '.'], "").parse::<f64>().ok();
    let decimal = |x: &str, dec: char| {
        let t: String = x.chars().filter(|c| c.is_ascii_digit() || *c == dec).collect();
        t.replace(dec, ".").parse::<f64>().ok()
    };
    let mut v = Vec::new();
    match (commas, dots) {
        (0, 0) => v.extend(plain(&s)),
        (c, d) if c > 0 && d > 0 => {
            // The last separator is the decimal one.
            let dec = if s.rfind(',') > s.rfind('.') { ',' } else { '.' };
            v.extend(decimal(&s, dec));
        }
        (c, d) => {
            let sep = if c > 0 { ',' } else { '.' };
            let groups_of_3 = s.split(sep).skip(1).all(|g| g.len() == 3);
            let thousands_first = (sep == ',') == (lang == Lang::En);
            if c + d > 1 {
                v.extend(plain(&s));
            } else if groups_of_3 {
                // 1,000 / 1.000: thousands in the language's convention, but could be a decimal.
                let (a, b) = (plain(&s), decimal(&s, sep));
                if thousands_first {
                    v.extend(a.into_iter().chain(b));
                } else {
                    v.extend(b.into_iter().chain(a));
                }
            } else {
                v.extend(decimal(&s, sep));
            }
        }
    }
    (!v.is_empty()).then_some(v)
}

/// Whether two speakers (possibly multi-word: "Amy B. Harris", "Harris") are the same person:
/// their last words (surnames) match, allowing for inflection.
pub fn same_speaker(a: &str, b: &str) -> bool {
    let last = |s: &str| {
        let w = words_of(s);
        w.last().map(|&(x, y)| s[x..y].to_string()).unwrap_or_default()
    };
    let (la, lb) = (last(a), last(b));
    if la.is_empty() || lb.is_empty() {
        return fold(a.trim()) == fold(b.trim());
    }
    same_name(&la, &lb)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str, lang: Lang) -> Vec<Vec<f64>> {
        numbers(text, 0, lang).into_iter().map(|n| n.values).collect()
    }

    #[test]
    fn number_words_count_but_pronouns_do_not() {
        assert_eq!(values("one of the characters", Lang::En), vec![vec![1.0]]);
        assert!(values("no one came, the one I saw", Lang::En).is_empty());
        assert_eq!(values("wprowadzać dwie postacie", Lang::Pl), vec![vec![2.0]]);
        assert!(values("tysiące osób", Lang::Pl).is_empty());
    }

    #[test]
    fn digit_notations_are_normalised() {
        assert_eq!(values("3,5 proc.", Lang::Pl), vec![vec![3.5]]);
        assert_eq!(values("3.5%", Lang::En), vec![vec![3.5]]);
        assert!(numbers("1 000 osób", 0, Lang::Pl)[0].matches(&numbers("1,000 people", 0, Lang::En)[0]));
        assert!(numbers("1,5 mld zł", 0, Lang::Pl)[0].matches(&numbers("1.5bn", 0, Lang::En)[0]));
        assert!(numbers("2 mln", 0, Lang::Pl)[0].matches(&numbers("2 million", 0, Lang::En)[0]));
        assert!(numbers("lat 80.", 0, Lang::Pl)[0].matches(&numbers("the 1980s", 0, Lang::En)[0]));
        assert!(!numbers("12 osób", 0, Lang::Pl)[0].matches(&numbers("21 people", 0, Lang::En)[0]));
        let n = numbers("8 kwietnia 2013", 5, Lang::Pl);
        assert_eq!(n.iter().map(|n| (n.span.start, n.span.end)).collect::<Vec<_>>(), [(5, 6), (16, 20)]);
    }

    #[test]
    fn names_tolerate_inflection_and_speakers_match_by_surname() {
        assert!(same_name("Sebastian", "Sebastiana"));
        assert!(same_name("Harris", "Harrisowi"));
        assert!(!same_name("Harris", "Butler"));
        assert!(same_speaker("Amy B. Harris", "Harris"));
        assert!(!same_speaker("Butler", "Harris"));
    }
}
