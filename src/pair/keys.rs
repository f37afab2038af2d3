//! The keys of one document: what two write-ups of a story in two languages share.
//!
//! * **lexicon**: the concept ids of the content words (the English stem of an English word, the
//!   English stems a Polish word translates to), stopwords left out;
//! * **names**: the name key of each capitalised word that does not open a sentence
//!   ([`crate::lexicon::names::name_key`]: `Trumpa` and `Trump` share one);
//! * **numbers**: the values the numbers reader finds ([`crate::lexicon::numbers`]), in either
//!   notation, ordinals and years read as plain values so that both languages meet;
//! * **speakers**: the name keys of the speakers of the quotations ([`crate::quote`]).
//!
//! A key is a `u64`: its [`KeyKind`] in the top two bits, and the concept id or a hash of the key's
//! text in the rest. Only the keys and their counts are kept, never the text.

use std::hash::Hasher;

use crate::lang::Lang;
use crate::lexicon::numbers::{self, NumKind};
use crate::lexicon::tokens::{fold_into, is_stopword_en, is_stopword_pl, tokens, TokenKind};
use crate::lexicon::{fxhash::FxHasher, names, Lexicon};
use crate::model::{Document, QuoteKind};

/// What a key stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyKind {
    /// A concept of the bilingual lexicon (an English stem).
    Lexicon = 0,
    /// A name (its key across Polish case endings).
    Name = 1,
    /// A numeric value.
    Number = 2,
    /// The speaker of a quotation.
    Speaker = 3,
}

impl KeyKind {
    /// The kind of a raw key.
    pub fn of(key: u64) -> KeyKind {
        match key >> 62 {
            0 => KeyKind::Lexicon,
            1 => KeyKind::Name,
            2 => KeyKind::Number,
            _ => KeyKind::Speaker,
        }
    }
}

const PAYLOAD: u64 = (1 << 62) - 1;

/// The raw key of a lexicon concept.
pub fn concept_key(id: u32) -> u64 {
    u64::from(id)
}

/// The raw key of a text key of `kind` (a name, a number or a speaker).
pub fn text_key(kind: KeyKind, text: &str) -> u64 {
    let mut h = FxHasher::default();
    h.write(text.as_bytes());
    // One more round of mixing: FxHash's low bits are weak for short strings.
    let mut x = h.finish();
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    ((kind as u64) << 62) | (x & PAYLOAD)
}

/// The keys of one document, each with its count (saturating), sorted by key, and the text of
/// every text key (for the evidence of a pair).
#[derive(Debug, Default, Clone)]
pub struct DocKeys {
    /// Keys and counts, sorted by key.
    pub keys: Vec<(u64, u16)>,
    /// The text of each name, number and speaker key.
    pub labels: Vec<(u64, String)>,
    /// How many quotations with a known speaker the document has.
    pub attributed_quotes: usize,
}

/// The number key of a value: ordinals and years become plain values (Polish writes `14.` or
/// `14` where English writes `14th`), and each value is written out as its label.
pub fn number_label(kind: NumKind) -> String {
    fn thousandths(v: i64) -> String {
        if v % 1000 == 0 {
            format!("{}", v / 1000)
        } else {
            let s = format!("{}.{:03}", v / 1000, (v % 1000).abs());
            let s = s.trim_end_matches('0').to_string();
            if v < 0 && v > -1000 {
                format!("-{s}")
            } else {
                s
            }
        }
    }
    // English month names, from the number reader's list (data/months.txt), capitalised.
    let month = |m: u8| {
        let Some(name) = numbers::month_name_en(m) else { return "?".to_string() };
        let mut c = name.chars();
        c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
    };
    match kind {
        NumKind::Value(v) => thousandths(v),
        NumKind::Percent(p) => format!("{}%", thousandths(p)),
        NumKind::Year(y) => y.to_string(),
        NumKind::Ordinal(n) => n.to_string(),
        NumKind::Date { month: m, day } => format!("{day} {}", month(m)),
        NumKind::Month(m) => month(m),
    }
}

/// The keys of an analysed document (sentences and quotes found) written in `lang` (English or
/// Polish; anything else reads as English).
pub fn extract(doc: &Document, lang: Lang, lex: &Lexicon) -> DocKeys {
    let text = doc.text.as_str();
    let pl = lang == Lang::Pl;
    let mut raw: Vec<u64> = Vec::with_capacity(text.len() / 4);
    let mut labels: Vec<(u64, String)> = Vec::new();
    let mut ids = Vec::new();
    let mut lower = String::new();
    // A text key, and its label: the key's text or, for names, the word as written.
    let mut label = |kind: KeyKind, s: String, shown: Option<&str>, raw: &mut Vec<u64>| {
        let k = text_key(kind, &s);
        raw.push(k);
        labels.push((k, shown.map_or(s, str::to_string)));
    };
    // The first word of each sentence is capitalised whatever it is: not a name by its case.
    let starts: Vec<usize> = doc.sentences.iter().map(|s| s.span.start).collect();
    let mut next_start = 0;
    for t in tokens(text) {
        if t.kind != TokenKind::Word {
            continue;
        }
        let mut initial = false;
        while next_start < starts.len() && starts[next_start] <= t.start {
            next_start += 1;
            initial = true;
        }
        if starts.is_empty() && t.start == 0 {
            initial = true;
        }
        fold_into(t.text, &mut lower);
        let stop = if pl { is_stopword_pl(&lower) } else { is_stopword_en(&lower) };
        if !stop && lower.chars().count() >= 2 {
            ids.clear();
            if pl {
                lex.pl_ids(t.text, &mut ids);
            } else {
                lex.en_ids(t.text, &mut ids);
            }
            raw.extend(ids.iter().map(|&id| concept_key(id)));
        }
        if !stop && names::is_name_candidate(t.text, initial) {
            label(KeyKind::Name, names::name_key(t.text), Some(t.text), &mut raw);
        }
    }
    for n in numbers::extract(text, lang) {
        label(KeyKind::Number, number_label(n.kind), None, &mut raw);
    }
    let mut attributed = 0;
    for q in &doc.quotes {
        let Some(s) = q.speaker.as_ref().filter(|_| q.kind == QuoteKind::Speech) else { continue };
        attributed += 1;
        for w in s.name.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() >= 3) {
            if w.chars().next().is_some_and(char::is_uppercase) {
                label(KeyKind::Speaker, names::name_key(w), Some(w), &mut raw);
            }
        }
    }
    raw.sort_unstable();
    let mut keys: Vec<(u64, u16)> = Vec::with_capacity(raw.len() / 2);
    for k in raw {
        match keys.last_mut() {
            Some((last, n)) if *last == k => *n = n.saturating_add(1),
            _ => keys.push((k, 1)),
        }
    }
    // The first form of each key in the text is its label.
    labels.sort_by_key(|l| l.0);
    labels.dedup_by(|a, b| a.0 == b.0);
    DocKeys { keys, labels, attributed_quotes: attributed }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_years_and_values_share_a_label() {
        assert_eq!(number_label(NumKind::Ordinal(14)), number_label(NumKind::Value(14_000)));
        assert_eq!(number_label(NumKind::Year(2025)), number_label(NumKind::Value(2_025_000)));
        assert_eq!(number_label(NumKind::Value(3_500)), "3.5");
        assert_eq!(number_label(NumKind::Percent(12_500)), "12.5%");
        assert_eq!(number_label(NumKind::Date { month: 4, day: 8 }), "8 April");
        // month names come from data/months.txt: the first English form of each month
        let names: Vec<String> = (1..=12).map(|m| number_label(NumKind::Month(m))).collect();
        assert_eq!(names.first().map(String::as_str), Some("January"));
        assert_eq!(names[4..6], ["May", "June"]);
        assert_eq!(names.last().map(String::as_str), Some("December"));
        assert_eq!(number_label(NumKind::Month(13)), "?");
    }

    #[test]
    fn kinds_survive_the_hash() {
        for kind in [KeyKind::Name, KeyKind::Number, KeyKind::Speaker] {
            assert_eq!(KeyKind::of(text_key(kind, "tusk")), kind);
        }
        assert_eq!(KeyKind::of(concept_key(7)), KeyKind::Lexicon);
    }
}
