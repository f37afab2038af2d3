//! Name keys: a capitalised word → a key that stays the same across Polish case endings,
//! so that `Sebastiana` ~ `Sebastian`, `Harrisa` ~ `Harris`, `Butlerowi` ~ `Butler`,
//! `Kowalskiego` ~ `Kowalski`, `Trumpa` ~ `Trump`, `Obamie` ~ `Obama`.
//!
//! The key is the lowercased word without diacritics, with the longest Polish case ending
//! in `data/name-endings.txt` cut off, as long as at least [`MIN_STEM`] letters remain. The
//! same function applies to both languages: an English nominative and its Polish inflected
//! forms then share a key. Consonant alternations (`Warszawa` / `Warszawie` → `warszaw`
//! works, `Kraków` / `Krakowie` does not) are left alone.

use std::sync::OnceLock;

/// Letters a key keeps at least.
pub const MIN_STEM: usize = 3;

/// (ending, replacement), longest ending first.
fn endings() -> &'static [(String, String)] {
    static E: OnceLock<Vec<(String, String)>> = OnceLock::new();
    E.get_or_init(|| {
        let plain = |s: &str| -> String { s.trim().chars().map(strip_diacritic).collect() };
        let mut v: Vec<(String, String)> = crate::data::entries(include_str!("data/name-endings.txt"))
            .map(|l| {
                let (e, r) = l.split_once('\t').unwrap_or((l, ""));
                (plain(e), plain(r))
            })
            .collect();
        v.sort_by_key(|(e, _)| std::cmp::Reverse(e.len()));
        v.dedup();
        v
    })
}

/// The letter without its diacritic (Polish and common Western European letters). The one fold of
/// letters every comparison uses (names, cognates, QA).
pub fn strip_diacritic(c: char) -> char {
    match c {
        'ą' => 'a',
        'ć' => 'c',
        'ę' => 'e',
        'ł' => 'l',
        'ń' => 'n',
        'ó' => 'o',
        'ś' => 's',
        'ź' | 'ż' => 'z',
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' | 'ě' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ò' | 'ô' | 'ö' | 'õ' => 'o',
        'ú' | 'ù' | 'û' | 'ü' | 'ů' => 'u',
        'ç' | 'č' => 'c',
        'š' => 's',
        'ž' => 'z',
        'ñ' | 'ň' => 'n',
        'ř' => 'r',
        '’' => '\'',
        _ => c,
    }
}

/// A word for comparison: lower case, diacritics removed ([`strip_diacritic`]).
pub fn fold(word: &str) -> String {
    word.chars().flat_map(char::to_lowercase).map(strip_diacritic).collect()
}

/// [`fold`] of the letters and digits of `word` only (hyphens, apostrophes and points dropped), appended
/// to `out`: how the quotation stage compares the forms of a name as written.
pub fn fold_alnum_into(word: &str, out: &mut String) {
    if word.is_ascii() {
        out.extend(
            word.bytes().filter(u8::is_ascii_alphanumeric).map(|b| char::from(b.to_ascii_lowercase())),
        );
        return;
    }
    out.extend(
        word.chars().flat_map(char::to_lowercase).map(strip_diacritic).filter(|c| c.is_alphanumeric()),
    );
}

/// Whether two mentions may be the same name, tolerating Polish inflection of either
/// (Sebastian ~ Sebastiana, Harris ~ Harrisowi, Maria ~ Marii, Luiza ~ Luizy; not Harris ~ Harrison).
pub fn same_name(a: &str, b: &str) -> bool {
    fold(a) == fold(b) || name_key(a) == name_key(b)
}

/// Whether two speakers (possibly several words: "Amy B. Harris", "Harris") are the same person: a
/// word of three letters or more of one is [`same_name`] as a word of the other.
pub fn same_speaker(a: &str, b: &str) -> bool {
    SpeakerName::new(a).same(&SpeakerName::new(b))
}

/// A speaker's name read once for [`same_speaker`]'s comparison: the fold and the name key of each
/// of its words of three letters or more, and the fold of the whole name for a name with none. An
/// aligner comparing every quote's speaker with every other's reads each name once, not once per
/// comparison.
#[derive(Debug, Clone)]
pub struct SpeakerName {
    /// (fold, name key) of each word.
    words: Vec<(String, String)>,
    /// The fold of the whole name, trimmed.
    whole: String,
}

impl SpeakerName {
    /// Read a speaker's name ("Amy B. Harris", "Tuska").
    pub fn new(name: &str) -> SpeakerName {
        let words = name
            .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
            .filter(|w| w.chars().count() >= 3)
            .map(|w| (fold(w), name_key(w)))
            .collect();
        SpeakerName { words, whole: fold(name.trim()) }
    }

    /// Whether the two are the same person, by the rule of [`same_speaker`].
    pub fn same(&self, other: &SpeakerName) -> bool {
        if self.words.is_empty() || other.words.is_empty() {
            return self.whole == other.whole;
        }
        self.words.iter().any(|(fx, kx)| other.words.iter().any(|(fy, ky)| fx == fy || kx == ky))
    }
}

/// The name key of a word (normally a capitalised token).
///
/// ```
/// use bialign::lexicon::names::name_key;
/// assert_eq!(name_key("Sebastiana"), name_key("Sebastian"));
/// assert_ne!(name_key("Harris"), name_key("Butler"));
/// ```
pub fn name_key(word: &str) -> String {
    let base: String = word.chars().flat_map(char::to_lowercase).map(strip_diacritic).collect();
    let n = base.chars().count();
    for (e, r) in endings() {
        if let Some(stem) = base.strip_suffix(e.as_str()) {
            if n - e.chars().count() >= MIN_STEM {
                return format!("{stem}{r}");
            }
        }
    }
    base
}

/// Whether a token looks like a name: capitalised, at least two letters, not all capitals
/// longer than five letters (shouted headlines), and not sentence-initial unless told so.
pub fn is_name_candidate(word: &str, sentence_initial: bool) -> bool {
    let mut chars = word.chars();
    let Some(first) = chars.next() else { return false };
    if !first.is_uppercase() || sentence_initial || word.chars().count() < 2 {
        return false;
    }
    let all_caps = word.chars().all(|c| !c.is_lowercase());
    !(all_caps && word.chars().count() > 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polish_case_forms_share_the_english_key() {
        for (en, pl) in [
            ("Sebastian", "Sebastiana"),
            ("Sebastian", "Sebastianem"),
            ("Sebastian", "Sebastianowi"),
            ("Sebastian", "Sebastianie"),
            ("Harris", "Harrisa"),
            ("Harris", "Harrisem"),
            ("Butler", "Butlerowi"),
            ("Kowalski", "Kowalskiego"),
            ("Kowalski", "Kowalskiemu"),
            ("Kowalski", "Kowalskim"),
            ("Trump", "Trumpa"),
            ("Obama", "Obamie"),
            ("Obama", "Obamy"),
            ("Maria", "Marii"),
            ("Johnson", "Johnsonowi"),
            ("Łódź", "Lodz"),
            ("Belfast", "Belfaście"),
            ("Twitter", "Twitterze"),
            ("Luanda", "Luandzie"),
            ("Brexit", "Brexitu"),
            ("Toyota", "Toyoty"),
            ("Arabia", "Arabii"),
        ] {
            assert_eq!(name_key(en), name_key(pl), "{en} ~ {pl}");
        }
    }

    #[test]
    fn different_names_differ_and_short_names_stay() {
        assert_ne!(name_key("Harris"), name_key("Harry"));
        assert_eq!(name_key("Jo"), "jo");
        assert_eq!(name_key("Cox"), "cox");
        assert_eq!(name_key(""), "");
    }

    #[test]
    fn candidates() {
        assert!(is_name_candidate("Harris", false));
        assert!(!is_name_candidate("Harris", true));
        assert!(!is_name_candidate("harris", false));
        assert!(is_name_candidate("NATO", false));
        assert!(!is_name_candidate("BREAKING", false));
    }
}
