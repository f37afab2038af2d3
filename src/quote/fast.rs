//! Small helpers that keep the quotation pass cheap: lower-casing of short words without a heap
//! allocation. (The word tables use the crate's Fx hasher, [`crate::lexicon::fxhash`].)

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
}
