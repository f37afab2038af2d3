//! A small, fast, non-cryptographic hasher for the lookup tables of the hot paths (word lists,
//! caches of a document's own words), in the style of rustc's FxHash: a rotate, xor and multiply per
//! 8 bytes. The std `HashMap` default (SipHash) resists hash flooding, which these tables do not
//! need: their keys are fixed word lists, or words whose number is capped.

use std::hash::{BuildHasherDefault, Hasher};

/// The hasher state; use through [`FxMap`] / [`FxSet`] or [`FxBuild`].
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf) ^ ((rest.len() as u64) << 59));
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // hashbrown takes its control byte from the top bits: fold the low bits up.
        self.0 ^ (self.0 >> 29)
    }
}

/// `BuildHasher` for [`FxHasher`].
pub type FxBuild = BuildHasherDefault<FxHasher>;
/// A `HashMap` with [`FxHasher`].
pub type FxMap<K, V> = std::collections::HashMap<K, V, FxBuild>;
/// A `HashSet` with [`FxHasher`].
pub type FxSet<K> = std::collections::HashSet<K, FxBuild>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_find_what_was_put_in() {
        let words = ["a", "ab", "abcdefgh", "abcdefghi", "żółć", "", "kwietnia", "kwietni"];
        let m: FxMap<&str, usize> = words.iter().enumerate().map(|(i, w)| (*w, i)).collect();
        for (i, w) in words.iter().enumerate() {
            assert_eq!(m.get(w), Some(&i));
        }
        assert_eq!(m.get("abcdefghij"), None);
        assert_eq!(m.len(), words.len());
    }
}
