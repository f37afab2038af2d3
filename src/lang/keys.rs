//! The word model's keys and its build from the word lists: shared by `build.rs`, which writes the
//! model as hash tables at compile time, and by the tests that check those tables.
//!
//! This file is compiled twice (by the build script through `#[path]`, and in the crate), so it uses
//! `std` only.

/// A 64-bit key for a word: the model stores keys, not strings, so a lookup compares integers.
/// (Two of the ~60,000 words colliding, or an unknown word hitting one, has a probability of the
/// order of 1e-14 per lookup.) Eight bytes at a time, then a full avalanche (MurmurHash3's fmix64).
#[inline]
pub fn key_bytes(s: &[u8]) -> u64 {
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

/// The last three letters of a word of four letters or more: the ending the model weighs.
pub fn ending(word: &str) -> Option<&str> {
    let n = word.chars().count();
    if n < 4 {
        return None;
    }
    let (i, _) = word.char_indices().nth(n - 3)?;
    Some(&word[i..])
}

/// A known word's log-ratio is clipped to this, so no single word decides a long text.
pub const WORD_CLIP: f32 = 3.0;
/// An ending's log-ratio is clipped to this.
pub const ENDING_CLIP: f32 = 1.2;

/// The entries `word<TAB>zipf` of a word list (blank lines and `#` comments skipped, as
/// `crate::data::entries` reads every list).
pub fn parse_list(data: &str) -> Vec<(&str, f32)> {
    data.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (w, z) = l.split_once('\t')?;
            Some((w, z.trim().parse::<f32>().ok()?))
        })
        .collect()
}

/// One listed word: log10 P(pl) − log10 P(en) clipped, and its Zipf frequency in English and in
/// Polish (a word missing from one list gets that list's floor, rarer than anything it lists).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WordEntry {
    /// The word's key.
    pub key: u64,
    /// Its log-ratio, clipped to [`WORD_CLIP`].
    pub ratio: f32,
    /// Zipf frequency in English.
    pub en: f32,
    /// Zipf frequency in Polish.
    pub pl: f32,
}

/// The model from the two word lists: every word, and every ending with its log-ratio (add-one
/// smoothed counts of the distinct words of each list that end so). Sorted by key.
pub fn build(en_tsv: &str, pl_tsv: &str) -> (Vec<WordEntry>, Vec<(u64, f32)>) {
    use std::collections::BTreeMap;
    let en = parse_list(en_tsv);
    let pl = parse_list(pl_tsv);
    let floor = |l: &[(&str, f32)]| l.iter().map(|x| x.1).fold(f32::MAX, f32::min) - 0.5;
    let (en_floor, pl_floor) = (floor(&en), floor(&pl));
    let mut zipf: BTreeMap<u64, (f32, f32)> = BTreeMap::new();
    for (w, z) in &en {
        zipf.entry(key_bytes(w.as_bytes())).or_insert((*z, pl_floor)).0 = *z;
    }
    for (w, z) in &pl {
        zipf.entry(key_bytes(w.as_bytes())).or_insert((en_floor, *z)).1 = *z;
    }
    let words = zipf
        .into_iter()
        .map(|(key, (e, p))| WordEntry { key, ratio: (p - e).clamp(-WORD_CLIP, WORD_CLIP), en: e, pl: p })
        .collect();
    let mut counts: BTreeMap<u64, (f32, f32)> = BTreeMap::new();
    for (w, _) in &en {
        if let Some(e) = ending(w) {
            counts.entry(key_bytes(e.as_bytes())).or_default().0 += 1.0;
        }
    }
    for (w, _) in &pl {
        if let Some(e) = ending(w) {
            counts.entry(key_bytes(e.as_bytes())).or_default().1 += 1.0;
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
    (words, endings)
}

/// Bytes per slot of the word table: the key, then the ratio, the English and the Polish Zipf
/// frequency as `f32` bits, all little-endian.
pub const WORD_SLOT: usize = 20;
/// Bytes per slot of the ending table: the key, then the ratio's `f32` bits.
pub const ENDING_SLOT: usize = 12;

/// The bucket count of a table of `n` keys, as a power of two: about one key a bucket.
pub fn table_bits(n: usize) -> u32 {
    n.max(2).ilog2()
}

/// A table of `1 << bits` buckets over `items` (distinct keys, any order), each item a slot of
/// `slot` bytes written by `put(item, &mut slot_bytes)` (the key in its first eight bytes). Layout:
/// the start of each bucket and the end of the last (`u32`s), then the slots sorted by key; a key's
/// bucket is its top `bits` bits. Dense, so a lookup touches few pages of a compact table (the
/// word table is read on every start).
pub fn table<T>(
    items: &[T],
    bits: u32,
    slot: usize,
    key: impl Fn(&T) -> u64,
    put: impl Fn(&T, &mut [u8]),
) -> Vec<u8> {
    assert!((1..32).contains(&bits), "bucket bits {bits}");
    let mut order: Vec<&T> = items.iter().collect();
    order.sort_by_key(|it| key(it));
    assert!(order.windows(2).all(|w| key(w[0]) != key(w[1])), "two items with one key");
    let buckets = 1usize << bits;
    let mut out = Vec::with_capacity(4 * (buckets + 1) + slot * items.len());
    let mut at = 0usize;
    for b in 0..=buckets {
        while at < order.len() && ((key(order[at]) >> (64 - bits)) as usize) < b {
            at += 1;
        }
        out.extend_from_slice(&(at as u32).to_le_bytes());
    }
    for it in order {
        let from = out.len();
        out.resize(from + slot, 0);
        put(it, &mut out[from..]);
    }
    out
}

/// The slot holding `k` in a table of `1 << bits` buckets of `slot`-byte slots, if any.
#[inline]
pub fn find(table: &[u8], bits: u32, slot: usize, k: u64) -> Option<&[u8]> {
    let b = (k >> (64 - bits)) as usize;
    let bound = |i: usize| -> Option<usize> {
        Some(u32::from_le_bytes(table.get(4 * i..4 * i + 4)?.try_into().ok()?) as usize)
    };
    let (lo, hi) = (bound(b)?, bound(b + 1)?);
    let base = 4 * ((1usize << bits) + 1);
    (lo..hi).find_map(|i| {
        let s = table.get(base + i * slot..base + (i + 1) * slot)?;
        (u64::from_le_bytes(s[..8].try_into().ok()?) == k).then_some(s)
    })
}

/// The `f32` stored at byte `at` of a slot.
#[inline]
pub fn f32_at(slot: &[u8], at: usize) -> f32 {
    f32::from_bits(u32::from_le_bytes([slot[at], slot[at + 1], slot[at + 2], slot[at + 3]]))
}

/// Both tables as the build script writes them: `(word bits, word table, ending bits, ending table)`.
pub fn tables(en_tsv: &str, pl_tsv: &str) -> (u32, Vec<u8>, u32, Vec<u8>) {
    let (words, endings) = build(en_tsv, pl_tsv);
    let wb = table_bits(words.len());
    let wt = table(
        &words,
        wb,
        WORD_SLOT,
        |w| w.key,
        |w, s| {
            s[..8].copy_from_slice(&w.key.to_le_bytes());
            s[8..12].copy_from_slice(&w.ratio.to_bits().to_le_bytes());
            s[12..16].copy_from_slice(&w.en.to_bits().to_le_bytes());
            s[16..20].copy_from_slice(&w.pl.to_bits().to_le_bytes());
        },
    );
    let eb = table_bits(endings.len());
    let et = table(
        &endings,
        eb,
        ENDING_SLOT,
        |e| e.0,
        |e, s| {
            s[..8].copy_from_slice(&e.0.to_le_bytes());
            s[8..12].copy_from_slice(&e.1.to_bits().to_le_bytes());
        },
    );
    (wb, wt, eb, et)
}
