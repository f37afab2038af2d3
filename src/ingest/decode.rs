//! Bytes to text: BOM sniffing, UTF-8, UTF-16, and the legacy encodings Polish text comes in.
//!
//! Decision order:
//! 1. `--encoding NAME` forces an encoding (a WHATWG label: `utf-8`, `utf-16le`, `windows-1250`,
//!    `iso-8859-2`, `latin2`, `cp1250`, …). A BOM matching that encoding is dropped.
//! 2. A byte order mark selects UTF-8, UTF-16LE or UTF-16BE; the BOM is not part of the text.
//! 3. Valid UTF-8 is kept byte for byte (offsets index the input exactly).
//! 4. Otherwise the bytes are a legacy single-byte encoding: `chardetng` guesses, and between
//!    Windows-1250 and ISO-8859-2 (which chardetng can confuse: they place ą ś ź Ą Ś Ź differently)
//!    the decoding that yields Polish letters rather than control characters and stray symbols wins.
//!
//! UTF-16 without a BOM is recognised by the pattern of its zero bytes (Latin-script text).
//!
//! **Damaged UTF-8.** Text that is UTF-8 but for a few bytes (a truncated character, a stray byte from
//! a bad copy) is decoded as UTF-8 with each invalid byte replaced by U+001A SUBSTITUTE, one byte for
//! one byte, so offsets still index the file's bytes; the count is reported ([`Decoded::replaced`]).
//! It is taken as damaged UTF-8 when at most 0.1% of its bytes are invalid and its valid multi-byte
//! characters outnumber the invalid bytes (a legacy-encoded file has no valid multi-byte characters
//! to speak of, so it still goes to step 4).
//!
//! **Binary data** (a NUL byte outside UTF-16, or many control characters) is refused. A few stray
//! control characters, as scrapers leave, are tolerated and kept (offsets unchanged): at most 1% of
//! the characters, or up to [`STRAY_CONTROLS`] of them when they are at most 10% of the characters.

use std::borrow::Cow;

use encoding_rs::{Encoding, ISO_8859_2, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1250};

use crate::error::{Error, Result};

/// Text decoded from bytes, and how.
#[derive(Debug)]
pub struct Decoded {
    /// The decoded text, without any byte order mark.
    pub text: String,
    /// The encoding's name ("UTF-8", "UTF-16LE", "windows-1250", "ISO-8859-2", …).
    pub encoding: &'static str,
    /// Length in bytes of the byte order mark that was dropped (0 when there was none).
    pub bom_len: usize,
    /// Invalid UTF-8 bytes replaced by U+001A SUBSTITUTE (see [`decode`]), 0 for clean input.
    pub replaced: usize,
}

/// Look up an encoding by a user-given name (WHATWG labels plus a few common spellings).
pub fn encoding_for_name(name: &str) -> Result<&'static Encoding> {
    let norm = name.trim().to_ascii_lowercase();
    let label = match norm.as_str() {
        "utf8" => "utf-8",
        "utf16le" | "utf-16-le" => "utf-16le",
        "utf16be" | "utf-16-be" => "utf-16be",
        "cp1250" | "win1250" | "windows1250" => "windows-1250",
        "iso8859-2" | "iso88592" | "iso_8859_2" => "iso-8859-2",
        other => other,
    };
    Encoding::for_label(label.as_bytes()).ok_or_else(|| Error::UnknownEncoding(name.to_string()))
}

/// Decode `bytes` (named `name` in errors), detecting the encoding unless `forced` is given.
pub fn decode(name: &str, bytes: &[u8], forced: Option<&str>) -> Result<Decoded> {
    decode_input(name, Cow::Borrowed(bytes), forced)
}

/// [`decode`] of bytes the caller gives away: valid UTF-8 (the usual input) becomes the text without
/// a copy.
pub fn decode_owned(name: &str, bytes: Vec<u8>, forced: Option<&str>) -> Result<Decoded> {
    decode_input(name, Cow::Owned(bytes), forced)
}

fn decode_input(name: &str, input: Cow<'_, [u8]>, forced: Option<&str>) -> Result<Decoded> {
    let bytes: &[u8] = &input;
    if let Some(label) = forced {
        let enc = encoding_for_name(label)?;
        let (bom_len, body) = match Encoding::for_bom(bytes) {
            Some((e, n)) if e == enc => (n, &bytes[n..]),
            _ => (0, bytes),
        };
        if enc != UTF_16LE && enc != UTF_16BE {
            check_no_nul(name, body)?;
        }
        let text = decode_strict(name, enc, body)?;
        check_not_binary(name, &text)?;
        return Ok(Decoded { text, encoding: enc.name(), bom_len, replaced: 0 });
    }
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let body = &bytes[bom_len..];
        if enc == UTF_8 {
            check_no_nul(name, body)?;
        }
        let text = decode_strict(name, enc, body)?;
        check_not_binary(name, &text)?;
        return Ok(Decoded { text, encoding: enc.name(), bom_len, replaced: 0 });
    }
    // One search for a NUL byte: without one the bytes are not UTF-16 (whose Latin-script text is
    // mostly zero bytes), and not binary data by that test.
    if let Some(at) = memchr::memchr(0, bytes) {
        if let Some(enc) = sniff_utf16_without_bom(bytes) {
            let text = decode_strict(name, enc, bytes)?;
            check_not_binary(name, &text)?;
            return Ok(Decoded { text, encoding: enc.name(), bom_len: 0, replaced: 0 });
        }
        return Err(nul_error(name, at));
    }
    if simdutf8::basic::from_utf8(bytes).is_ok() {
        // Owned bytes become the text as they are; borrowed ones are copied.
        // SAFETY: simdutf8 has just checked that these bytes are valid UTF-8.
        let text = unsafe { String::from_utf8_unchecked(input.into_owned()) };
        check_controls(name, &text)?;
        return Ok(Decoded { text, encoding: UTF_8.name(), bom_len: 0, replaced: 0 });
    }
    if let Some((text, replaced)) = damaged_utf8(bytes) {
        check_not_binary(name, &text)?;
        return Ok(Decoded { text, encoding: UTF_8.name(), bom_len: 0, replaced });
    }
    let enc = guess_legacy(bytes);
    let text = decode_strict(name, enc, bytes)?;
    check_not_binary(name, &text)?;
    Ok(Decoded { text, encoding: enc.name(), bom_len: 0, replaced: 0 })
}

/// The byte that stands for each invalid byte of damaged UTF-8 (U+001A SUBSTITUTE: one byte, so
/// offsets into the text are offsets into the file).
pub const SUBSTITUTE: char = '\u{1A}';

/// UTF-8 with a few invalid bytes (see the module documentation): the text with each invalid byte
/// replaced by [`SUBSTITUTE`], and the number replaced. `None` when it is not damaged UTF-8.
fn damaged_utf8(bytes: &[u8]) -> Option<(String, usize)> {
    let mut out = Vec::with_capacity(bytes.len());
    let (mut invalid, mut multibyte) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        multibyte += valid.bytes().filter(|&b| b >= 0xC0).count();
        out.extend_from_slice(valid.as_bytes());
        let bad = chunk.invalid().len();
        invalid += bad;
        out.extend(std::iter::repeat_n(SUBSTITUTE as u8, bad));
        if invalid * 1000 > bytes.len() {
            return None;
        }
    }
    if invalid == 0 || multibyte <= invalid {
        return None;
    }
    String::from_utf8(out).ok().map(|t| (t, invalid))
}

/// UTF-16 without a byte order mark: text in a Latin script has a zero high byte in nearly every
/// code unit, so the zero bytes sit (almost) all at odd positions (LE) or all at even ones (BE).
fn sniff_utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.len() < 4 || !bytes.len().is_multiple_of(2) {
        return None;
    }
    let units = bytes.len() / 2;
    // One pass over the code units, counting the zero bytes at even and at odd positions together.
    let (mut zeros_even, mut zeros_odd) = (0usize, 0usize);
    for unit in bytes.chunks_exact(2) {
        zeros_even += usize::from(unit[0] == 0);
        zeros_odd += usize::from(unit[1] == 0);
    }
    if zeros_odd * 10 >= units * 7 && zeros_even * 20 <= units {
        Some(UTF_16LE)
    } else if zeros_even * 10 >= units * 7 && zeros_odd * 20 <= units {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Decode without replacement characters: malformed input is an error naming the encoding.
fn decode_strict(name: &str, enc: &'static Encoding, body: &[u8]) -> Result<String> {
    match enc.decode_without_bom_handling_and_without_replacement(body) {
        Some(Cow::Borrowed(s)) => Ok(s.to_string()),
        Some(Cow::Owned(s)) => Ok(s),
        None => Err(Error::Decode {
            name: name.into(),
            reason: format!("not valid {} (undecodable bytes; binary data?)", enc.name()),
            offset: None,
        }),
    }
}

fn check_no_nul(name: &str, bytes: &[u8]) -> Result<()> {
    match memchr::memchr(0, bytes) {
        Some(at) => Err(nul_error(name, at)),
        None => Ok(()),
    }
}

fn nul_error(name: &str, at: usize) -> Error {
    Error::Decode {
        name: name.into(),
        reason: format!("binary data (NUL byte at offset {at}), not text"),
        offset: Some(at as u64),
    }
}

/// Refuse text with a NUL or a noticeable share of control characters (other than tab, line
/// ends, form feed): such input is binary data that happened to decode.
fn check_not_binary(name: &str, text: &str) -> Result<()> {
    if memchr::memchr(0, text.as_bytes()).is_some() {
        return Err(Error::Decode {
            name: name.into(),
            reason: "binary data (NUL character), not text".into(),
            offset: None,
        });
    }
    check_controls(name, text)
}

/// [`check_not_binary`] of a text already known to hold no NUL.
fn check_controls(name: &str, text: &str) -> Result<()> {
    // Counted on the UTF-8 bytes: control characters (category Cc: U+0000–U+001F, U+007F–U+009F)
    // other than tab, newline, carriage return, form feed and NEL are ASCII bytes or C2 80–9F;
    // U+FFFD is EF BF BD.
    let controls = control_count(text);
    // No control character is always text; otherwise it depends on the number of characters.
    let chars = if controls == 0 { 0 } else { text.chars().count() };
    if controls > 0 && !controls_tolerated(controls, chars) {
        return Err(Error::Decode {
            name: name.into(),
            reason: format!("binary data ({controls} control characters in {chars}), not text"),
            offset: None,
        });
    }
    Ok(())
}

/// Stray control characters tolerated in text: up to this many when they are at most 10% of the
/// characters (a short text with a `\x02` left by a scraper), any number up to 1%.
pub const STRAY_CONTROLS: usize = 3;

/// Whether `controls` control characters in `chars` characters are still text (see [`STRAY_CONTROLS`]).
fn controls_tolerated(controls: usize, chars: usize) -> bool {
    controls * 100 <= chars || (controls <= STRAY_CONTROLS && controls * 10 <= chars)
}

/// The control characters other than white space, plus U+FFFD, of `text`.
fn control_count(text: &str) -> usize {
    let b = text.as_bytes();
    // Comparisons without branches or table lookups, so that the compiler turns the count below
    // into vector code.
    let ascii_control =
        |x: u8| (x < 0x20) & (x != b'\t') & (x != b'\n') & (x != b'\r') & (x != 0x0C) | (x == 0x7F);
    // Counted 128 bytes at a time (a whole number of vector registers) in a byte-sized counter.
    let count = |chunk: &[u8]| chunk.iter().fold(0u8, |n, &x| n + u8::from(ascii_control(x))) as usize;
    let mut blocks = b.chunks_exact(128);
    let mut controls: usize = (&mut blocks).map(count).sum();
    controls += count(blocks.remainder());
    controls += memchr::memchr_iter(0xC2, b)
        .filter(|&i| matches!(b.get(i + 1), Some(&y) if (0x80..=0x9F).contains(&y) && y != 0x85))
        .count();
    controls += memchr::memmem::find_iter(b, "\u{FFFD}".as_bytes()).count();
    controls
}

/// How Polish a decoding looks: Polish letters count for it; C1 controls and the symbols that the
/// *other* Central European encoding puts where Polish letters belong count against it.
fn polish_score(text: &str) -> i64 {
    let mut score = 0i64;
    for c in text.chars() {
        match c {
            'ą' | 'ć' | 'ę' | 'ł' | 'ń' | 'ó' | 'ś' | 'ź' | 'ż' | 'Ą' | 'Ć' | 'Ę' | 'Ł' | 'Ń' | 'Ó' | 'Ś'
            | 'Ź' | 'Ż' => score += 1,
            '\u{80}'..='\u{9f}' => score -= 4,
            // Windows-1250 reading of ISO-8859-2 ą ś ź Ą Ś Ź, and ISO-8859-2 reading of
            // Windows-1250 ones: letters no Polish text uses.
            '¦' | '¬' | 'ˇ' | '±' | '¶' | 'Ľ' | 'ľ' | 'Ť' | 'ť' | 'Š' | 'š' => score -= 2,
            _ => {}
        }
    }
    score
}

/// Guess a legacy single-byte encoding for bytes that are not UTF-8.
fn guess_legacy(bytes: &[u8]) -> &'static Encoding {
    let mut det = chardetng::EncodingDetector::new();
    det.feed(bytes, true);
    let guess = det.guess(None, false);
    let decode = |e: &'static Encoding| e.decode_without_bom_handling(bytes).0;
    let s1250 = polish_score(&decode(WINDOWS_1250));
    let s8859 = polish_score(&decode(ISO_8859_2));
    let best_pl = if s8859 > s1250 { ISO_8859_2 } else { WINDOWS_1250 };
    if guess == WINDOWS_1250 || guess == ISO_8859_2 {
        return best_pl;
    }
    // chardetng chose something else (Windows-1252 for German, 1251 for Russian, …): keep its
    // choice unless a Central European decoding is clearly Polish (most non-ASCII characters are
    // Polish letters).
    let best_score = s1250.max(s8859);
    let non_ascii = bytes.iter().filter(|b| **b >= 0x80).count() as i64;
    if best_score > 0 && best_score * 2 >= non_ascii {
        best_pl
    } else {
        guess
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte count agrees with counting characters one by one.
    #[test]
    fn control_count_matches_a_character_count() {
        let reference = |t: &str| {
            let controls = t
                .chars()
                .filter(|&c| {
                    (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{0c}' | '\u{85}'))
                        || c == '\u{FFFD}'
                })
                .count();
            controls
        };
        let samples = [
            "",
            "abc",
            "Zażółć gęślą jaźń\n\tłódź\r\n«x»\u{a0}1\u{85}2\u{80}\u{9f}\u{7f}\u{1}\u{1b}[0m\u{fffd}\u{fffd}",
            "\u{c}\u{b}\u{8}𝄞 emoji 😀 and CJK 漢字 \u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}",
        ];
        for s in samples {
            for cut in 0..s.len() {
                if s.is_char_boundary(cut) {
                    assert_eq!(control_count(&s[cut..]), reference(&s[cut..]), "{:?}", &s[cut..]);
                }
            }
        }
    }

    const PL: &str = "Zażółć gęślą jaźń. ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż - Świętość, źródło, Ąka.";

    fn encode(enc: &'static Encoding, s: &str) -> Vec<u8> {
        let (b, _, unmappable) = enc.encode(s);
        assert!(!unmappable);
        b.into_owned()
    }

    #[test]
    fn utf8_is_kept_byte_for_byte() {
        let d = decode("x", PL.as_bytes(), None).unwrap();
        assert_eq!(d.text, PL);
        assert_eq!(d.encoding, "UTF-8");
        assert_eq!(d.bom_len, 0);
    }

    #[test]
    fn utf8_bom_is_dropped() {
        let mut b = vec![0xEF, 0xBB, 0xBF];
        b.extend_from_slice(PL.as_bytes());
        let d = decode("x", &b, None).unwrap();
        assert_eq!(d.text, PL);
        assert_eq!(d.bom_len, 3);
    }

    #[test]
    fn utf16_with_bom_both_orders() {
        let mut le = vec![0xFF, 0xFE];
        let mut be = vec![0xFE, 0xFF];
        for u in PL.encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
            be.extend_from_slice(&u.to_be_bytes());
        }
        assert_eq!(decode("x", &le, None).unwrap().text, PL);
        assert_eq!(decode("x", &be, None).unwrap().encoding, "UTF-16BE");
        assert_eq!(decode("x", &be, None).unwrap().text, PL);
    }

    #[test]
    fn utf16_without_bom_is_recognised() {
        let s = "Zażółć gęślą jaźń, powiedział wczoraj minister.";
        let le: Vec<u8> = s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        let be: Vec<u8> = s.encode_utf16().flat_map(|u| u.to_be_bytes()).collect();
        assert_eq!(decode("x", &le, None).unwrap().text, s);
        assert_eq!(decode("x", &be, None).unwrap().text, s);
    }

    #[test]
    fn windows_1250_and_iso_8859_2_are_told_apart() {
        let d = decode("x", &encode(WINDOWS_1250, PL), None).unwrap();
        assert_eq!((d.text.as_str(), d.encoding), (PL, "windows-1250"));
        let d = decode("x", &encode(ISO_8859_2, PL), None).unwrap();
        assert_eq!((d.text.as_str(), d.encoding), (PL, "ISO-8859-2"));
    }

    #[test]
    fn one_distinguishing_letter_is_enough() {
        // Only "ś" differs between the two encodings here.
        let s = "To jest zdanie, w którym jest tylko jedna litera: ś, i nic więcej.";
        assert_eq!(decode("x", &encode(ISO_8859_2, s), None).unwrap().text, s);
        assert_eq!(decode("x", &encode(WINDOWS_1250, s), None).unwrap().text, s);
    }

    #[test]
    fn forced_encoding_wins_and_unknown_names_error() {
        let b = encode(ISO_8859_2, PL);
        assert_eq!(decode("x", &b, Some("latin2")).unwrap().text, PL);
        assert_ne!(decode("x", &b, Some("windows-1250")).unwrap().text, PL);
        assert!(matches!(decode("x", &b, Some("klingon")), Err(Error::UnknownEncoding(_))));
    }

    #[test]
    fn binary_is_refused() {
        let e = decode("f.bin", b"PK\x03\x04\x00\x00abc", None).unwrap_err().to_string();
        assert!(e.starts_with("f.bin: binary data"), "{e}");
        let ctl: Vec<u8> = (1u8..9).chain(14..31).cycle().take(200).collect();
        assert!(decode("f", &ctl, None).is_err());
    }

    #[test]
    fn damaged_utf8_is_decoded_with_one_substitute_per_bad_byte() {
        let mut b = "Zażółć gęślą jaźń, said the minister on Monday. ".repeat(30).into_bytes();
        let at = b.len() / 2;
        b.insert(at, 0xFF);
        let d = decode("x", &b, None).unwrap();
        assert_eq!((d.encoding, d.replaced), ("UTF-8", 1));
        assert_eq!(d.text.len(), b.len(), "offsets index the file");
        assert_eq!(d.text.as_bytes()[at], 0x1A);
        // Over 0.1% invalid: not damaged UTF-8 (here, a legacy guess).
        let mut many = "Zażółć gęślą jaźń. ".repeat(10).into_bytes();
        many.extend_from_slice(&[0xFF, 0xFE, 0xFD]);
        assert_eq!(decode("x", &many, None).map(|d| d.replaced).unwrap_or(0), 0);
        // A Windows-1250 file with few Polish letters is not damaged UTF-8.
        let sparse = encode(WINDOWS_1250, &format!("{}ł.", "Ala ma kota i psa. ".repeat(200)));
        assert_eq!(decode("x", &sparse, None).unwrap().encoding, "windows-1250");
    }

    #[test]
    fn a_stray_control_character_is_tolerated() {
        let t = "A short note from the scraper\u{2} about the storm.";
        assert_eq!(decode("x", t.as_bytes(), None).unwrap().text, t);
        let many = "ab\u{2}\u{3}\u{4}\u{5}cdefghijklmnopqrstuvwxyz0123456789";
        assert!(decode("x", many.as_bytes(), None).is_err(), "four controls in a short text");
    }

    #[test]
    fn german_latin1_stays_german() {
        let s = "Größe, Übermaß und schöne Äpfel für Müller.";
        let d = decode("x", &encode(encoding_rs::WINDOWS_1252, s), None).unwrap();
        assert_eq!(d.text, s);
    }
}
