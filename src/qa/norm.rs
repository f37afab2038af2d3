//! What the QA checks need to compare across languages: numbers (in digits or words, after normalising
//! the EN/PL notations) and name keys tolerant of Polish inflection.
//!
//! Numbers come from the lexicon's normaliser ([`crate::lexicon::numbers`]: 3,5 / 3.5; 1 000 / 1,000;
//! tys., mln, mld; proc. / %; 8 kwietnia / April 8; ordinals; number words), plus the number one
//! standing alone, which the lexicon counts only inside a compound ([`crate::lexicon::numbers::unit_word`]). Names compare by the lexicon's
//! inflection-tolerant name keys ([`crate::lexicon::names::name_key`]).

use crate::lang::Lang;
use crate::lexicon::numbers::NumKind;
use crate::model::Span;

/// A number found in a text.
#[derive(Debug, Clone, PartialEq)]
pub struct Num {
    /// Where it is (document offsets).
    pub span: Span,
    /// Its normalised value.
    pub kind: NumKind,
    /// Written in words ("two", "dwie", "kwietnia") rather than digits: weaker evidence.
    pub word: bool,
    /// Another value it may stand for: a decade "1980s" is also "lat 80.".
    pub alt: Option<NumKind>,
}

impl Num {
    /// Whether two numbers, one from each language, may say the same thing.
    pub fn matches(&self, other: &Num) -> bool {
        let mine = [Some(self.kind), self.alt];
        let theirs = [Some(other.kind), other.alt];
        mine.iter().flatten().any(|a| theirs.iter().flatten().any(|b| a.matches(b)))
    }
}

/// The numbers of `text` (which starts at document offset `base`), in digits and in words.
pub fn numbers(text: &str, base: usize, lang: Lang) -> Vec<Num> {
    numbers_with_words(text, base, lang, &words_of(text))
}

/// [`numbers`], with the words of `text` already found (its [`words_of`], as a document's text
/// layer gives them).
pub fn numbers_with_words(text: &str, base: usize, lang: Lang, toks: &[(usize, usize)]) -> Vec<Num> {
    let mut out: Vec<Num> = crate::lexicon::numbers::extract(text, lang)
        .into_iter()
        .map(|n| Num {
            span: Span::new(base + n.start, base + n.end),
            kind: n.kind,
            word: !text.get(n.start..n.end).unwrap_or("").bytes().any(|b| b.is_ascii_digit()),
            alt: n.alt.or_else(|| decade(text, n.end, n.kind)).or_else(|| short_year(n.kind)),
        })
        // Minutes of a time ("13:00") are part of the hour, not a number of their own.
        .filter(|n| !(text[..n.span.start - base].ends_with(':') && n.span.len() == 2))
        .collect();
    for (k, &(s, e)) in toks.iter().enumerate() {
        let w = text[s..e].to_lowercase();
        let Some(v) = crate::lexicon::numbers::unit_word(&w, lang) else { continue };
        // "no one", "the one", "one another" are not counts.
        if lang == Lang::En && k > 0 {
            let prev = text[toks[k - 1].0..toks[k - 1].1].to_lowercase();
            if matches!(prev.as_str(), "no" | "the" | "any" | "every" | "each" | "this" | "that" | "which") {
                continue;
            }
        }
        if lang == Lang::En && toks.get(k + 1).is_some_and(|t| &text[t.0..t.1] == "another") {
            continue;
        }
        let span = Span::new(base + s, base + e);
        if out.iter().any(|n| n.span.overlap(&span) > 0) {
            continue;
        }
        out.push(Num { span, kind: NumKind::Value(v * 1000), word: true, alt: None });
    }
    // A Polish amount before any case of "procent" is a percentage ("trzema procentami" = three
    // percent), including the cases the lexicon's scale words leave out.
    if lang == Lang::Pl {
        for n in &mut out {
            let rest = text.get(n.span.end - base..).unwrap_or("").trim_start();
            if let NumKind::Value(v) = n.kind {
                if rest.chars().take(7).collect::<String>().to_lowercase() == "procent" {
                    n.kind = NumKind::Percent(v);
                }
            }
        }
    }
    out.sort_by_key(|n| n.span);
    out
}

/// "1980s" / "80s" is also the decade's short form ("lat 80."), and "80s" also 1980.
fn decade(text: &str, end: usize, kind: NumKind) -> Option<NumKind> {
    let rest = text.get(end..)?;
    let rest = rest.strip_prefix('’').or_else(|| rest.strip_prefix('\'')).unwrap_or(rest);
    if !rest.starts_with('s') || rest[1..].starts_with(char::is_alphanumeric) {
        return None;
    }
    let y = match kind {
        NumKind::Year(y) => y as i64,
        NumKind::Value(v) if v % 1000 == 0 => v / 1000,
        _ => return None,
    };
    match y {
        1900..=2099 if y % 10 == 0 => Some(NumKind::Value((y % 100) * 1000)),
        10..=90 if y % 10 == 0 => Some(NumKind::Year(1900 + y as i32)),
        _ => None,
    }
}

/// A year is also its short form ("1953" ~ "'53", "rocznik 53").
fn short_year(kind: NumKind) -> Option<NumKind> {
    match kind {
        NumKind::Year(y) if (1900..=2099).contains(&y) => Some(NumKind::Value((y as i64 % 100) * 1000)),
        _ => None,
    }
}

/// The content words of `text` (English when `en`, else Polish): words of three letters or more that
/// are not stopwords of the language.
pub fn content_words(text: &str, en: bool) -> Vec<&str> {
    content_of(text, &words_of(text), en)
}

/// [`content_words`], with the words of `text` already found (its [`words_of`]).
pub fn content_of<'t>(text: &'t str, words: &[(usize, usize)], en: bool) -> Vec<&'t str> {
    words
        .iter()
        .map(|&(a, b)| &text[a..b])
        .filter(|w| {
            let l = w.to_lowercase();
            w.chars().count() >= 3
                && !if en {
                    crate::lexicon::tokens::is_stopword_en(&l)
                } else {
                    crate::lexicon::tokens::is_stopword_pl(&l)
                }
        })
        .collect()
}

/// Byte ranges of the words (runs of letters, digits, apostrophes inside) of `text`: the words of
/// the tokenizer's tokens ([`crate::text::words`]); a document's are read from its text layer.
pub fn words_of(text: &str) -> Vec<(usize, usize)> {
    crate::text::words(text)
}

pub use crate::lexicon::names::{fold, same_name, same_speaker};

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str, lang: Lang) -> Vec<NumKind> {
        numbers(text, 0, lang).into_iter().map(|n| n.kind).collect()
    }

    #[test]
    fn number_words_count_but_pronouns_do_not() {
        assert_eq!(values("one of the characters", Lang::En), vec![NumKind::Value(1000)]);
        assert_eq!(values("jedną z postaci", Lang::Pl), vec![NumKind::Value(1000)]);
        assert!(values("no one came, the one I saw", Lang::En).is_empty());
        assert_eq!(values("wprowadzać dwie postacie", Lang::Pl), vec![NumKind::Value(2000)]);
        assert!(numbers("dwie postacie", 0, Lang::Pl)[0].word);
    }

    #[test]
    fn digit_notations_are_normalised() {
        assert!(numbers("3,5 proc.", 0, Lang::Pl)[0].matches(&numbers("3.5%", 0, Lang::En)[0]));
        assert!(numbers("1 000 osób", 0, Lang::Pl)[0].matches(&numbers("1,000 people", 0, Lang::En)[0]));
        assert!(numbers("1,5 mld zł", 0, Lang::Pl)[0].matches(&numbers("1.5bn", 0, Lang::En)[0]));
        assert!(numbers("2 mln", 0, Lang::Pl)[0].matches(&numbers("2 million", 0, Lang::En)[0]));
        assert!(!numbers("12 osób", 0, Lang::Pl)[0].matches(&numbers("21 people", 0, Lang::En)[0]));
        assert!(numbers("lat 80.", 0, Lang::Pl)[0].matches(&numbers("the 1980s", 0, Lang::En)[0]));
        // Clock times: Polish writes the hour and its minutes with a colon.
        assert!(
            numbers("około 8:30 rano", 0, Lang::Pl)[0].matches(&numbers("at around 8.30am", 0, Lang::En)[0])
        );
        assert!(numbers("o 20:30", 0, Lang::Pl)[0].matches(&numbers("at 8.30pm", 0, Lang::En)[0]));
        assert!(numbers("o 13:00", 0, Lang::Pl)[0].matches(&numbers("at 1 pm", 0, Lang::En)[0]));
        assert!(!numbers("o 9:30", 0, Lang::Pl)[0].matches(&numbers("at 8.30am", 0, Lang::En)[0]));
        // "7.52m": metres (sport) or millions, unless money.
        assert!(numbers("7,52 m", 0, Lang::Pl)[0].matches(&numbers("a 7.52m jump", 0, Lang::En)[0]));
        assert!(numbers("5 mln osób", 0, Lang::Pl)[0].matches(&numbers("5m people", 0, Lang::En)[0]));
        assert!(!numbers("10 dolarów", 0, Lang::Pl)[0].matches(&numbers("$10m", 0, Lang::En)[0]));
        let n = numbers("8 kwietnia 2013", 5, Lang::Pl);
        assert_eq!(n.len(), 2, "{n:?}");
        assert_eq!((n[0].span.start, n[1].span.end), (5, 20));
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
