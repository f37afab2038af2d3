//! Small helpers that keep the quotation pass cheap: a fast hasher for the static word tables (the keys
//! are our own data files, so no protection against adversarial keys is needed) and lower-casing of
//! short words without a heap allocation.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The Fx hash (multiply-rotate, as used inside rustc), word at a time: a few nanoseconds for a short
/// word where SipHash takes tens.
#[derive(Debug, Default, Clone, Copy)]
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
    fn write(&mut self, mut bytes: &[u8]) {
        while bytes.len() >= 8 {
            let (w, rest) = bytes.split_at(8);
            self.add(u64::from_le_bytes(w.try_into().unwrap_or([0; 8])));
            bytes = rest;
        }
        if bytes.len() >= 4 {
            let (w, rest) = bytes.split_at(4);
            self.add(u32::from_le_bytes(w.try_into().unwrap_or([0; 4])) as u64);
            bytes = rest;
        }
        for &b in bytes {
            self.add(b as u64);
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash set with [`FxHasher`].
pub type FxHashSet<T> = HashSet<T, BuildHasherDefault<FxHasher>>;
/// A hash map with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Call `f` with the lower-case form of `w` (exactly `w.to_lowercase()`), built on the stack when `w` is
/// short ASCII, else on the heap.
#[inline]
pub fn with_lower<R>(w: &str, f: impl FnOnce(&str) -> R) -> R {
    const N: usize = 32;
    if w.len() <= N && w.is_ascii() {
        let mut buf = [0u8; N];
        buf[..w.len()].copy_from_slice(w.as_bytes());
        buf[..w.len()].make_ascii_lowercase();
        // ASCII stays valid UTF-8 after ASCII lower-casing.
        match std::str::from_utf8(&buf[..w.len()]) {
            Ok(l) => f(l),
            Err(_) => f(&w.to_lowercase()),
        }
    } else {
        f(&w.to_lowercase())
    }
}

/// `w.to_lowercase() == target`, without allocating.
#[inline]
pub fn lower_eq(w: &str, target: &str) -> bool {
    if w.is_ascii() {
        return w.len() == target.len()
            && w.bytes().zip(target.bytes()).all(|(a, b)| a.to_ascii_lowercase() == b);
    }
    if target.contains(['σ', 'ς']) {
        // str::to_lowercase knows the word-final sigma; compare its result.
        return w.to_lowercase() == target;
    }
    // Character by character, with no allocation: the same as comparing `w.to_lowercase()` for a
    // target without sigma (the only context-dependent lower-casing).
    w.chars().flat_map(char::to_lowercase).eq(target.chars())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_forms_match_std() {
        for w in ["Harris", "WEDŁUG", "Według", "ΟΔΟΣ", "", "according", "x".repeat(40).as_str()] {
            assert_eq!(with_lower(w, str::to_string), w.to_lowercase(), "{w}");
            assert!(lower_eq(w, &w.to_lowercase()));
        }
        assert!(!lower_eq("Harris", "harri"));
        assert!(lower_eq("ZDANIEM", "zdaniem"));
    }

    #[test]
    fn fx_sets_find_their_words() {
        let s: FxHashSet<&str> = ["says", "mówi", "a", "tells reporters"].into_iter().collect();
        for w in ["says", "mówi", "a", "tells reporters"] {
            assert!(s.contains(w));
        }
        assert!(!s.contains("said"));
    }
}
