//! Small helpers that keep the quotation pass cheap: character classes with fast paths for the
//! characters news text is made of, and lower-casing of short words without a heap allocation. (The
//! word tables use the crate's Fx hasher, [`crate::lexicon::fxhash`].)

/// The character starting at byte `i` of `s` and its length in bytes; `i` must be a character
/// boundary inside `s`. Decoded from the bytes directly (two- and three-byte forms are the common
/// non-ASCII ones in Polish and in quotation marks).
#[inline(always)]
pub fn char_at(s: &str, i: usize) -> (char, usize) {
    let b = s.as_bytes();
    let x = b[i];
    if x < 0x80 {
        return (x as char, 1);
    }
    if x < 0xE0 && i + 1 < b.len() {
        let v = (u32::from(x & 0x1F) << 6) | u32::from(b[i + 1] & 0x3F);
        return (char::from_u32(v).unwrap_or(' '), 2);
    }
    if x < 0xF0 && i + 2 < b.len() {
        let v = (u32::from(x & 0x0F) << 12) | (u32::from(b[i + 1] & 0x3F) << 6) | u32::from(b[i + 2] & 0x3F);
        return (char::from_u32(v).unwrap_or(' '), 3);
    }
    let c = s[i..].chars().next().unwrap_or(' ');
    (c, c.len_utf8().max(1))
}

/// The start of the character ending at byte `i` of `s` (`i` a character boundary, `i > 0`).
#[inline(always)]
pub fn char_start_before(s: &str, i: usize) -> usize {
    let b = s.as_bytes();
    let mut k = i - 1;
    while k > 0 && (b[k] & 0xC0) == 0x80 {
        k -= 1;
    }
    k
}

/// `c.is_alphanumeric()`, answered without the Unicode tables for ASCII, Latin-1 and Latin Extended-A
/// letters (every Polish letter) and the General Punctuation block (dashes, curly quotation marks).
#[inline(always)]
pub fn is_alnum(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (c as u8).is_ascii_alphanumeric();
    }
    if (0xC0..=0x17F).contains(&u) {
        return u != 0xD7 && u != 0xF7;
    }
    if (0x2000..=0x206F).contains(&u) {
        return false;
    }
    c.is_alphanumeric()
}

/// `c.is_whitespace()`, answered without the Unicode tables below U+1680 (the first non-Latin-1 space).
#[inline(always)]
pub fn is_space(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return matches!(u, 0x20 | 0x09..=0x0D);
    }
    if u < 0x1680 {
        return u == 0x85 || u == 0xA0;
    }
    c.is_whitespace()
}

/// `c.is_uppercase()`, answered without the Unicode tables for ASCII, Latin-1 and Latin Extended-A.
#[inline(always)]
pub fn is_upper(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (c as u8).is_ascii_uppercase();
    }
    if (0xC0..=0xDE).contains(&u) {
        return u != 0xD7;
    }
    if (0xDF..=0xFF).contains(&u) {
        return false;
    }
    // Latin Extended-A (Polish Ą Ć Ę Ł Ń Ś Ź Ż): pairs of upper then lower case, shifted by one between
    // ĸ (U+0138) and ŉ (U+0149) and after Ÿ (U+0178).
    match u {
        0x100..=0x137 | 0x14A..=0x177 => return u.is_multiple_of(2),
        0x139..=0x148 | 0x179..=0x17E => return u % 2 == 1,
        0x138 | 0x149 | 0x17F => return false,
        0x178 => return true,
        _ => {}
    }
    c.is_uppercase()
}

/// The folded form of an alphanumeric `c` (lower case, then [`strip_diacritic`]) when it is one
/// character and `c` is ASCII, Latin-1 or Latin Extended-A (every Polish letter); `Some('\0')` when
/// such a `c` is not alphanumeric; `None` outside those blocks or when the lower case is two
/// characters (İ), for the caller's general path. The non-ASCII answers come from a table built once
/// from `char::to_lowercase`, so they are the general path's answers.
///
/// [`strip_diacritic`]: crate::lexicon::names::strip_diacritic
#[inline(always)]
pub fn fold_letter(c: char) -> Option<char> {
    let u = c as u32;
    if u < 0x80 {
        let b = c as u8;
        return Some(if b.is_ascii_alphanumeric() { b.to_ascii_lowercase() as char } else { '\0' });
    }
    if !(0xC0..0x180).contains(&u) {
        return None;
    }
    let f = latin_folds()[(u - 0xC0) as usize];
    (f != u32::MAX).then(|| char::from_u32(f).unwrap_or('\0'))
}

/// [`fold_letter`]'s table for U+00C0..U+017F: the folded character, 0 for a character that is not
/// alphanumeric, `u32::MAX` when the lower case is more than one character.
fn latin_folds() -> &'static [u32; 0xC0] {
    static T: std::sync::OnceLock<[u32; 0xC0]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = [0u32; 0xC0];
        for (k, slot) in t.iter_mut().enumerate() {
            let Some(c) = char::from_u32(0xC0 + k as u32) else { continue };
            if !c.is_alphanumeric() {
                continue;
            }
            let mut lower = c.to_lowercase();
            *slot = match (lower.next(), lower.next()) {
                (Some(l), None) => crate::lexicon::names::strip_diacritic(l) as u32,
                _ => u32::MAX,
            };
        }
        t
    })
}

pub use crate::data::WordFilter;

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
    } else if w.len() <= N && !w.contains('Σ') {
        // Character by character (the same as str::to_lowercase but for the word-final sigma).
        let mut buf = [0u8; 3 * N];
        let mut n = 0;
        for c in w.chars().flat_map(char::to_lowercase) {
            n += c.encode_utf8(&mut buf[n..]).len();
        }
        match std::str::from_utf8(&buf[..n]) {
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
    fn character_classes_match_std() {
        let mut s = String::new();
        for u in (0u32..0x3100).chain(0x1F300..0x1F320) {
            let Some(c) = char::from_u32(u) else { continue };
            assert_eq!(is_alnum(c), c.is_alphanumeric(), "{u:x}");
            assert_eq!(is_space(c), c.is_whitespace(), "{u:x}");
            assert_eq!(is_upper(c), c.is_uppercase(), "{u:x}");
            s.push(c);
        }
        let mut i = 0;
        for c in s.chars() {
            assert_eq!(char_at(&s, i), (c, c.len_utf8()));
            i += c.len_utf8();
            assert_eq!(char_start_before(&s, i), i - c.len_utf8());
        }
    }

    #[test]
    fn letter_folds_match_the_general_fold() {
        for u in 0u32..0x3100 {
            let Some(c) = char::from_u32(u) else { continue };
            let Some(f) = fold_letter(c) else { continue };
            let general: Vec<char> = if c.is_alphanumeric() {
                c.to_lowercase().map(crate::lexicon::names::strip_diacritic).collect()
            } else {
                vec!['\0']
            };
            assert_eq!(vec![f], general, "{u:x}");
        }
        assert_eq!(fold_letter('Ż'), Some('z'));
        assert_eq!(fold_letter('İ'), None);
        assert_eq!(fold_letter('×'), Some('\0'));
    }

    #[test]
    fn word_filter_admits_its_words() {
        let words = ["said", "mówi", "powiedziała", "a", "according"];
        let f = WordFilter::new(words);
        assert!(words.iter().all(|w| f.may_contain(w)));
        assert!(!f.may_contain("") && !f.may_contain("the") && !f.may_contain("Harris"));
    }

    #[test]
    fn lower_forms_match_std() {
        for w in [
            "Harris",
            "WEDŁUG",
            "Według",
            "ΟΔΟΣ",
            "",
            "according",
            "x".repeat(40).as_str(),
            "İSTANBUL",
            "ŻÓŁW",
        ] {
            assert_eq!(with_lower(w, str::to_string), w.to_lowercase(), "{w}");
            assert!(lower_eq(w, &w.to_lowercase()));
        }
        assert!(!lower_eq("Harris", "harri"));
        assert!(lower_eq("ZDANIEM", "zdaniem"));
    }
}
