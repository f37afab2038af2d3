//! The word model: Zipf frequencies of the English and Polish word lists (`src/lang/*.tsv`) keyed by
//! 64-bit word hashes, and the ending statistics drawn from them.

use super::*;

/// A 64-bit key for a word: the model stores keys, not strings, so a lookup compares integers.
/// (Two of the ~60,000 words colliding, or an unknown word hitting one, has a probability of the
/// order of 1e-14 per lookup.) Eight bytes at a time, then a full avalanche (MurmurHash3's fmix64).
pub(super) fn key(s: &str) -> u64 {
    key_bytes(s.as_bytes())
}

/// [`key`] of a string given as its bytes.
#[inline]
pub(super) fn key_bytes(s: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = s.len() as u64;
    let mut chunks = s.chunks_exact(8);
    for c in &mut chunks {
        h = (h.rotate_left(5) ^ u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut buf = [0u8; 8];
        buf[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(buf)).wrapping_mul(K);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// Keys are already well-mixed hashes: the map uses them as they are.
#[derive(Default)]
pub(super) struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | *b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(super) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<Identity>>;

/// The word model: per word and per word ending, log10 P(pl) − log10 P(en).
pub(super) struct Model {
    pub(super) words: KeyMap<f32>,
    pub(super) endings: KeyMap<f32>,
    /// Zipf frequency of each listed word in English and in Polish (a word missing from one list
    /// gets that list's floor, rarer than anything it lists).
    pub(super) zipf: KeyMap<(f32, f32)>,
}

/// A known word's log-ratio is clipped to this, so no single word decides a long text.
pub(super) const WORD_CLIP: f32 = 3.0;
/// An ending's log-ratio is clipped to this.
pub(super) const ENDING_CLIP: f32 = 1.2;

pub(super) fn parse_list(data: &'static str) -> impl Iterator<Item = (&'static str, f32)> {
    crate::data::entries(data).filter_map(|l| {
        let (w, z) = l.split_once('\t')?;
        Some((w, z.trim().parse::<f32>().ok()?))
    })
}

pub(super) fn ending(word: &str) -> Option<&str> {
    let n = word.chars().count();
    if n < 4 {
        return None;
    }
    let (i, _) = word.char_indices().nth(n - 3)?;
    Some(&word[i..])
}

pub(super) fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        // English words by frequency (wordfreq, CC-BY-SA 4.0; see src/lang/README.md).
        let en: Vec<(&str, f32)> = parse_list(include_str!("en_words.tsv")).collect();
        // Polish words by frequency (wordfreq, CC-BY-SA 4.0; see src/lang/README.md).
        let pl: Vec<(&str, f32)> = parse_list(include_str!("pl_words.tsv")).collect();
        // A word missing from a list is rarer than the rarest word listed.
        let floor = |l: &[(&str, f32)]| l.iter().map(|x| x.1).fold(f32::MAX, f32::min) - 0.5;
        let (en_floor, pl_floor) = (floor(&en), floor(&pl));
        let mut zipf: KeyMap<(f32, f32)> = KeyMap::default();
        for (w, z) in &en {
            zipf.entry(key(w)).or_insert((*z, pl_floor)).0 = *z;
        }
        for (w, z) in &pl {
            zipf.entry(key(w)).or_insert((en_floor, *z)).1 = *z;
        }
        let words = zipf.iter().map(|(&w, &(e, p))| (w, (p - e).clamp(-WORD_CLIP, WORD_CLIP))).collect();
        // Endings: how many distinct words of each list end so (add-one smoothing).
        let mut counts: KeyMap<(f32, f32)> = KeyMap::default();
        for (w, _) in &en {
            if let Some(e) = ending(w) {
                counts.entry(key(e)).or_default().0 += 1.0;
            }
        }
        for (w, _) in &pl {
            if let Some(e) = ending(w) {
                counts.entry(key(e)).or_default().1 += 1.0;
            }
        }
        let (ne, np) = (en.len() as f32, pl.len() as f32);
        let endings = counts
            .into_iter()
            .map(|(e, (ce, cp))| {
                let r = ((cp + 1.0) / np).log10() - ((ce + 1.0) / ne).log10();
                (e, r.clamp(-ENDING_CLIP, ENDING_CLIP))
            })
            .collect();
        Model { words, endings, zipf }
    })
}

/// The Zipf frequency of a lowercase word in `lang` (English for any language but Polish), from the
/// word lists above; `None` for a word in neither list.
pub(crate) fn zipf(lower: &str, lang: Lang) -> Option<f32> {
    model().zipf.get(&key(lower)).map(|&(e, p)| if lang == Lang::Pl { p } else { e })
}
