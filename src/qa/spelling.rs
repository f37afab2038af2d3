//! How the QA checks compare single words across the two languages: words of the embedded dictionary,
//! British and American spellings, shared stems, near spellings (edit distance) and title case.

use super::*;

/// Whether two folded words share a stem: a common beginning of four letters or more covering at least
/// three quarters of the shorter word (Saudi / saudyjska, Kenya / kenijski).
pub(super) fn shares_stem(a: &str, b: &str) -> bool {
    let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let shorter = a.chars().count().min(b.chars().count());
    (common >= 4 && common * 4 >= shorter * 3) || (common >= 5 && common * 3 >= shorter * 2)
}

/// Whether a text is written in title case: after its first word, at least two thirds of its dictionary
/// words of four letters or more capitalised (and at least three such words), as headlines write them.
pub(super) fn title_case(text: &str) -> bool {
    let words: Vec<&str> = norm::words_of(text)
        .into_iter()
        .skip(1)
        .map(|(a, b)| &text[a..b])
        .filter(|w| w.chars().count() >= 4 && dictionary_word(w, true))
        .collect();
    let caps = words.iter().filter(|w| w.starts_with(char::is_uppercase)).count();
    words.len() >= 3 && caps * 3 >= words.len() * 2
}

/// Whether a word, lowercased, is a word of the embedded dictionary of its language (a lemma or a known
/// inflected form; no prefix guess).
pub(super) fn dictionary_word(word: &str, en: bool) -> bool {
    let lex = crate::lexicon::Lexicon::embedded();
    let lower = norm::fold(word);
    let mut ids = Vec::new();
    if en {
        en_spellings(&lower).iter().any(|w| {
            lex.en_ids(w, &mut ids);
            !ids.is_empty()
        })
    } else {
        let lower_pl = word.to_lowercase();
        lex.pl_lookup(&lower_pl, crate::lexicon::Fallbacks::NONE, &mut ids) == crate::lexicon::Reach::Form
    }
}

/// A folded English word and its other spellings, British and American, that the lexicon may list
/// instead: advisor / adviser, color / colour, organization / organisation, center / centre.
pub(super) fn en_spellings(w: &str) -> Vec<String> {
    let mut out = vec![w.to_string()];
    let swaps: [(&str, &str); 8] = [
        ("or", "er"),
        ("ors", "ers"),
        ("or", "our"),
        ("ization", "isation"),
        ("isation", "ization"),
        ("ize", "ise"),
        ("ise", "ize"),
        ("er", "re"),
    ];
    for (a, b) in swaps {
        if let Some(stem) = w.strip_suffix(a) {
            if stem.chars().count() >= 3 {
                out.push(format!("{stem}{b}"));
            }
        }
    }
    out
}

/// Whether two folded names are spelled nearly alike: a distance of at most 2 edits and at most a
/// quarter of the longer name (`misamari` / `mimsaari`, `indorewala` / `indorewela`).
pub(super) fn near_spelling(a: &str, b: &str) -> bool {
    let d = edit_distance(a, b);
    d > 0 && d <= 2 && d * 4 <= a.chars().count().max(b.chars().count())
}

/// Levenshtein distance of two words (in characters).
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
