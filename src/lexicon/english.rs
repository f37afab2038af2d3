//! English stems and base forms: the Snowball stemmer, the stems a dictionary translation stands
//! for, irregular forms (data/irregular-en.txt) and comparatives.

use std::borrow::Cow;
use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

use super::tokens::{self, is_stopword_en, tokens, TokenKind};

static STEMMER: OnceLock<Stemmer> = OnceLock::new();

fn stemmer() -> &'static Stemmer {
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::English))
}

/// The Snowball (Porter2) stem of a lowercase English word.
pub fn stem_en(lower: &str) -> Cow<'_, str> {
    stemmer().stem(lower)
}

/// The English stems an English dictionary translation stands for: the word itself when it
/// is one word, its only content word when it has one ("to wear" → wear), else nothing
/// (multiword translations like "dust bunny" would add noise).
pub fn translation_stems(phrase: &str) -> Vec<String> {
    let mut words = Vec::new();
    for t in tokens(phrase) {
        if t.kind != TokenKind::Word {
            return Vec::new();
        }
        words.push(tokens::fold(t.text));
    }
    if words.len() > 1 {
        words.retain(|w| !is_stopword_en(w));
    }
    if words.len() == 1 {
        vec![stem_en(&words[0]).into_owned()]
    } else {
        Vec::new()
    }
}

/// English irregular forms and their base forms (data/irregular-en.txt).
pub(super) fn irregular_en() -> &'static std::collections::HashMap<&'static str, &'static str> {
    static MAP: OnceLock<std::collections::HashMap<&'static str, &'static str>> = OnceLock::new();
    MAP.get_or_init(|| {
        crate::data::entries(include_str!("data/irregular-en.txt"))
            .filter_map(|l| l.split_once('\t'))
            .map(|(f, b)| (f.trim(), b.trim()))
            .collect()
    })
}

/// Candidate base forms of a lowercase English comparative or superlative, most likely first:
/// higher → high, earlier → early, bigger → big (larger → larg, which stems like large).
pub(super) fn comparative_bases(lower: &str) -> impl Iterator<Item = String> + '_ {
    let stripped = ["est", "er"]
        .iter()
        .find_map(|suf| lower.strip_suffix(suf))
        .filter(|b| b.chars().count() >= 3 && b.is_ascii());
    stripped.into_iter().flat_map(|b| {
        let mut out = Vec::with_capacity(3);
        if let Some(stem) = b.strip_suffix('i') {
            out.push(format!("{stem}y"));
        }
        out.push(b.to_string());
        let bs = b.as_bytes();
        if bs.len() >= 4 && bs[bs.len() - 1] == bs[bs.len() - 2] {
            out.push(b[..b.len() - 1].to_string());
        }
        out
    })
}
