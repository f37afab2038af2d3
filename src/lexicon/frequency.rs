//! How common a word is in its language: the Zipf frequency (log10 of occurrences per billion words)
//! from the same word lists language detection uses (`src/lang/en_words.tsv`, `pl_words.tsv`:
//! wordfreq 3.1.1, CC-BY-SA 4.0; see `src/lang/README.md`).
//!
//! A rare word shared by two sentences says more about their correspondence than a common one
//! ("penultimate" against "get"), so the comparable aligner weighs content by [`information`].

use std::sync::OnceLock;

use super::fxhash::FxMap;
use crate::lang::Lang;

/// Zipf frequency given to a word missing from its list: rarer than anything listed.
const UNLISTED_ZIPF: f32 = 2.5;

fn parse(data: &'static str) -> FxMap<&'static str, f32> {
    data.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (w, z) = l.split_once('\t')?;
            Some((w, z.trim().parse::<f32>().ok()?))
        })
        .collect()
}

fn list(lang: Lang) -> &'static FxMap<&'static str, f32> {
    static EN: OnceLock<FxMap<&'static str, f32>> = OnceLock::new();
    static PL: OnceLock<FxMap<&'static str, f32>> = OnceLock::new();
    match lang {
        Lang::Pl => PL.get_or_init(|| parse(include_str!("../lang/pl_words.tsv"))),
        _ => EN.get_or_init(|| parse(include_str!("../lang/en_words.tsv"))),
    }
}

/// The Zipf frequency of a lowercase word of `lang` (English for any language but Polish).
pub fn zipf(lower: &str, lang: Lang) -> f32 {
    list(lang).get(lower).copied().unwrap_or(UNLISTED_ZIPF)
}

/// How much a lowercase word tells, in [0.1, 1.2]: 1 for a word of Zipf frequency 3 (a few
/// occurrences per million words), less for common words, down to 0.1 for the commonest.
pub fn information(lower: &str, lang: Lang) -> f32 {
    ((7.0 - zipf(lower, lang)) / 4.0).clamp(0.1, 1.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rare_words_tell_more_than_common_ones() {
        assert!(information("penultimate", Lang::En) > information("get", Lang::En) + 0.3);
        assert!(information("przedostatnim", Lang::Pl) > information("jest", Lang::Pl) + 0.3);
        assert!(information("the", Lang::En) <= 0.15);
        assert_eq!(information("qzxwv", Lang::En), 1.125);
    }
}
