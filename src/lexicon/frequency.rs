//! How common a word is in its language: the Zipf frequency (log10 of occurrences per billion words)
//! from the same word lists language detection uses (`src/lang/en_words.tsv`, `pl_words.tsv`:
//! wordfreq 3.1.1, CC-BY-SA 4.0; see `src/lang/README.md`).
//!
//! A rare word shared by two sentences says more about their correspondence than a common one
//! ("penultimate" against "get"), so the comparable aligner weighs content by [`information`].

use crate::lang::Lang;

/// Zipf frequency given to a word missing from its list: rarer than anything listed.
const UNLISTED_ZIPF: f32 = 2.5;

/// The Zipf frequency of a lowercase word of `lang` (English for any language but Polish).
pub fn zipf(lower: &str, lang: Lang) -> f32 {
    // The lists hold words of Zipf frequency 3 and more; less marks a word missing from this
    // language's list.
    match crate::lang::zipf(lower, lang) {
        Some(z) if z >= 3.0 => z,
        _ => UNLISTED_ZIPF,
    }
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
