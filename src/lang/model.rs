//! The word model: Zipf frequencies of the English and Polish word lists (`src/lang/*.tsv`) and the
//! ending statistics drawn from them, as hash tables keyed by 64-bit word hashes. `build.rs` writes
//! the tables at compile time with `keys.rs`, so nothing is parsed when the program starts.

pub(super) use super::keys::{ending, key_bytes};
use super::keys::{f32_at, find, ENDING_SLOT, WORD_SLOT};
use super::Lang;

mod tables {
    include!(concat!(env!("OUT_DIR"), "/lang_tables.rs"));
}
use tables::{ENDING_BITS, WORD_BITS};

/// The word table (see `keys::tables`): key, log-ratio, Zipf in English, Zipf in Polish.
static WORDS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/lang_words.bin"));
/// The ending table: key, log-ratio.
static ENDINGS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/lang_endings.bin"));

/// A word's key ([`key_bytes`] of its bytes).
pub(super) fn key(s: &str) -> u64 {
    key_bytes(s.as_bytes())
}

/// The word model: per word and per word ending, log10 P(pl) − log10 P(en).
pub(super) struct Model;

impl Model {
    /// The log-ratio of the listed word with key `k`.
    #[inline]
    pub(super) fn word(&self, k: u64) -> Option<f32> {
        find(WORDS, WORD_BITS, WORD_SLOT, k).map(|s| f32_at(s, 8))
    }

    /// The log-ratio of the ending with key `k`.
    #[inline]
    pub(super) fn ending(&self, k: u64) -> Option<f32> {
        find(ENDINGS, ENDING_BITS, ENDING_SLOT, k).map(|s| f32_at(s, 8))
    }

    /// The Zipf frequencies (English, Polish) of the listed word with key `k`.
    #[inline]
    pub(super) fn zipf(&self, k: u64) -> Option<(f32, f32)> {
        find(WORDS, WORD_BITS, WORD_SLOT, k).map(|s| (f32_at(s, 12), f32_at(s, 16)))
    }
}

/// The model.
pub(super) fn model() -> &'static Model {
    &Model
}

/// The Zipf frequency of a lowercase word in `lang` (English for any language but Polish), from the
/// word lists above; `None` for a word in neither list.
pub(crate) fn zipf(lower: &str, lang: Lang) -> Option<f32> {
    model().zipf(key(lower)).map(|(e, p)| if lang == Lang::Pl { p } else { e })
}

#[cfg(test)]
mod tests {
    use super::super::keys;
    use super::*;

    /// Every word and ending of the lists is found in the compiled tables with the values a build
    /// from the lists gives, and words of neither list are not.
    #[test]
    fn compiled_tables_hold_the_lists() {
        let (words, endings) = keys::build(include_str!("en_words.tsv"), include_str!("pl_words.tsv"));
        assert!(words.len() > 50_000, "{} words", words.len());
        let m = model();
        for w in &words {
            assert_eq!(m.word(w.key).map(f32::to_bits), Some(w.ratio.to_bits()));
            assert_eq!(
                m.zipf(w.key).map(|(e, p)| (e.to_bits(), p.to_bits())),
                Some((w.en.to_bits(), w.pl.to_bits()))
            );
        }
        for (k, r) in &endings {
            assert_eq!(m.ending(*k).map(f32::to_bits), Some(r.to_bits()));
        }
        for absent in ["zzqxv", "bialignword", "qqqqqqqqqqqqqqqqqq"] {
            assert_eq!(m.word(key(absent)), None, "{absent}");
        }
        assert!(zipf("the", Lang::En).unwrap() > 7.0 && zipf("się", Lang::Pl).unwrap() > 7.0);
    }

    /// A table finds each of its keys, the first and last bucket's included, and no other key.
    #[test]
    fn table_finds_its_keys_at_every_bucket() {
        let items: Vec<u64> =
            vec![0, 1, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1, 0x1234_5678_9abc_def0];
        for bits in [1, 3, 12] {
            let t = keys::table(
                &items,
                bits,
                12,
                |&k| k,
                |&k, s| {
                    s[..8].copy_from_slice(&k.to_le_bytes());
                    s[8..].copy_from_slice(&(k as u32 ^ 7).to_le_bytes());
                },
            );
            for &k in &items {
                let slot = keys::find(&t, bits, 12, k).expect("listed key");
                assert_eq!(u32::from_le_bytes(slot[8..12].try_into().unwrap()), k as u32 ^ 7);
            }
            for absent in [2, u64::MAX - 2, (1 << 63) + 1, 0x1234_5678_9abc_def1] {
                assert!(keys::find(&t, bits, 12, absent).is_none(), "{absent:#x} with {bits} bits");
            }
        }
    }

    /// The compiled tables are what the generator writes from the lists in the tree.
    #[test]
    fn compiled_tables_are_the_generators_output() {
        let (wb, wt, eb, et) = keys::tables(include_str!("en_words.tsv"), include_str!("pl_words.tsv"));
        assert_eq!((wb, eb), (WORD_BITS, ENDING_BITS));
        assert!(wt == WORDS && et == ENDINGS);
    }
}
