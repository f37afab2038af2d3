//! Unit tests of the sentence features and the word cache.

use super::*;

#[test]
fn inflected_names_share_a_key() {
    let sig = Signals::default();
    let e = sentence_features("Sebastian left.", Lang::En, None, &sig);
    let p = sentence_features("Zostawiła Sebastiana.", Lang::Pl, None, &sig);
    assert!(e.keyset.iter().any(|k| key_kind(*k) == KeyKind::Name && p.has(*k)));
}

#[test]
fn numbers_in_both_notations_share_keys() {
    let sig = Signals::default();
    let e = sentence_features("Prices rose 3.5% to 1,000 in 2016.", Lang::En, None, &sig);
    let p = sentence_features("Ceny wzrosły o 3,5 proc. do 1 000 w 2016 r.", Lang::Pl, None, &sig);
    assert_eq!(e.numbers, p.numbers);
    assert_eq!(e.numbers.len(), 3);
}

#[test]
fn metres_glued_to_the_number_share_keys_and_are_not_held_against_a_pair() {
    let sig = Signals::default();
    let e = sentence_features("He began with a 7.52m before clearing 7.62m.", Lang::En, None, &sig);
    let p = sentence_features("Zaczął od 7,52 m, a następnie skoczył 7,62 m.", Lang::Pl, None, &sig);
    let shared = e.keyset.iter().filter(|k| key_kind(**k) == KeyKind::Number && p.has(**k)).count();
    assert_eq!(shared, 2);
    // Either reading may be meant, so neither counts as a number on one side only.
    assert!(e.numbers.is_empty());
    assert_eq!(p.numbers.len(), 2);
    // Money keeps its one reading.
    let m = sentence_features("He was sued for $10m.", Lang::En, None, &sig);
    let q = sentence_features("Pozwano go na 10 mln dolarów.", Lang::Pl, None, &sig);
    assert_eq!(m.numbers, q.numbers);
    assert_eq!(m.numbers.len(), 1);
}

#[test]
fn switched_off_signals_leave_no_keys() {
    let off = Signals::without("lexicon,names,cognates,numbers");
    let e = sentence_features("Sebastian Kydd paid 300 dollars.", Lang::En, Some(&Lexicon::embedded()), &off);
    assert!(e.keyset.is_empty());
    assert!(!e.toks.is_empty());
}

/// Options made afresh for each pair (`AlignOptions::default()` per call, as the Python
/// module and most library users do) keep this thread's word cache: its entries are valid for
/// the same embedded lexicon. A lexicon of its own (a user file) starts a new one.
#[test]
fn fresh_default_options_keep_the_word_cache() {
    let sig = Signals::default();
    let stamp = |lex: &Option<std::sync::Arc<dyn Concepts>>| with_word_caches(lex, &sig, |e, _| e.stamp);
    let first = stamp(&crate::align::AlignOptions::default().lexicon);
    assert_eq!(stamp(&crate::align::AlignOptions::default().lexicon), first);
    let own: Option<std::sync::Arc<dyn Concepts>> = Some(std::sync::Arc::new(Lexicon::embedded()));
    assert_ne!(stamp(&own), first);
}

/// The length and punctuation signals as the plain reading defines them: characters that are not
/// white space (Unicode's White_Space, as `char::is_whitespace`), and `?`, `!` and brackets.
#[test]
fn char_stats_count_as_the_plain_reading() {
    let plain = |s: &str| -> (u32, u8) {
        let chars = s.chars().filter(|c| !c.is_whitespace()).count() as u32;
        let punct = s.chars().fold(0u8, |p, c| {
            p | match c {
                '?' => 1,
                '!' => 2,
                '(' | ')' | '[' | ']' => 4,
                _ => 0,
            }
        });
        (chars, punct)
    };
    let pieces = [
        "a", "Ż", " ", "\t", "\n", "\u{0b}", "\u{0c}", "\r", "\u{1c}", "\u{85}", "\u{a0}", "\u{1680}",
        "\u{2000}", "\u{2009}", "\u{200a}", "\u{200b}", "\u{2028}", "\u{2029}", "\u{202f}", "\u{205f}",
        "\u{3000}", "\u{3001}", "–", "„", "”", "…", "?", "!", "(", ")", "[", "]", "{", "中", "🙂", "ą",
    ];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..4000 {
        let mut s = String::new();
        for _ in 0..(seed % 12) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            s.push_str(pieces[(seed % pieces.len() as u64) as usize]);
        }
        seed = seed.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(1);
        assert_eq!(char_stats(&s), plain(&s), "{s:?}");
    }
}
