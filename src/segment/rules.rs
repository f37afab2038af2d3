//! The rules of one language: abbreviation classes, the word lists of `src/segment/data/`, and the
//! [`Language`] trait for the decisions only one language needs.

use super::*;
use crate::data::WordFilter;

/// FNV-1a: the word lists are small and fixed, keys are short words; a cheap hash keeps
/// lookups at candidate boundaries fast.
#[derive(Default)]
pub(super) struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

pub(super) type Map<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;
pub(super) type Set<K> = HashSet<K, BuildHasherDefault<Fnv>>;

/// How an abbreviation followed by a period behaves (classes of the `*_abbrev.txt` data files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abbr {
    /// Never ends a sentence before a capitalised word or a number (Mr., prof., ul.).
    Title,
    /// Never ends a sentence (e.g., np., tzw.).
    Inner,
    /// Never ends a sentence before a number (No. 5, godz. 19.30); otherwise like `Amb`.
    Num,
    /// Ends a sentence only when the next word typically opens one (U.S., St., Jan.).
    Amb,
    /// Usually ends a sentence when a capitalised word follows (etc., itd., itp.).
    End,
    /// After a year or Roman numeral (2013 r., XX w.): ends a sentence unless the date opens it.
    Year,
    /// After a number (10 tys., 5 mln): ends before a capitalised word that does not continue
    /// the counted phrase; elsewhere never ends a sentence.
    Count,
    /// Polish `św.`: a title before a name, a sentence end in "msza św.".
    Saint,
    /// Ends a phrase (p.m., B.C., Ph.D., Inc.): ends a sentence before a capitalised word that
    /// does not continue the phrase ("6 p.m. Monday", "Inc. Chief Executive").
    Final,
    /// A unit after a number (7 ft. 2 in.): like `Final` there, an ordinary word elsewhere.
    Unit,
    /// Polish `im.`: "imienia" after an institution (Szkoła im. Jana), the pronoun elsewhere.
    Patron,
}

impl Abbr {
    pub(super) fn parse(s: &str) -> Option<Abbr> {
        Some(match s {
            "title" => Abbr::Title,
            "inner" => Abbr::Inner,
            "num" => Abbr::Num,
            "amb" => Abbr::Amb,
            "end" => Abbr::End,
            "year" => Abbr::Year,
            "count" => Abbr::Count,
            "saint" => Abbr::Saint,
            "final" => Abbr::Final,
            "unit" => Abbr::Unit,
            "patron" => Abbr::Patron,
            _ => return None,
        })
    }
}

/// The decisions of one language that its word lists cannot express, one implementation per
/// language file ([`en::English`], [`pl::Polish`]). The defaults are those of a language
/// without such rules.
pub(crate) trait Language: Sync + Send {
    /// Whether a period after the number `num` (not at the start of the sentence) ends the
    /// sentence before `next`.
    fn number_ends_sentence(&self, t: &Text<'_>, num: &str, next: &Next<'_>) -> bool {
        let _ = (t, num, next);
        true
    }

    /// Decide an abbreviation of a class only this language has (`Saint`, `Patron`); `None`
    /// leaves it to the shared rules.
    fn own_class(&self, t: &Text<'_>, class: Abbr, tok_start: usize, next: &Next<'_>) -> Option<bool> {
        let _ = (t, class, tok_start, next);
        None
    }

    /// Whether the capitalised `word` after an ellipsis continues the sentence (English "I":
    /// its capital says nothing about a sentence start).
    fn continues_after_ellipsis(&self, word: &str) -> bool {
        let _ = word;
        false
    }

    /// Whether the capitalised `word` after a count unit continues the counted phrase without
    /// being listed (Polish genitive plurals in -ów: "200 tys. Ukraińców").
    fn continues_count(&self, word: &str) -> bool {
        let _ = word;
        false
    }
}

/// The text of a language's data files (`src/segment/data/`).
pub(crate) struct Lists {
    pub abbrev: &'static str,
    pub starters: &'static str,
    pub reporting: &'static str,
    pub verbs_of_saying: &'static str,
    pub date_words: &'static str,
    pub continuations: &'static str,
}

/// The word lists and decisions of one language, built once from the data files.
pub struct Rules {
    /// English or Polish.
    pub lang: Lang,
    pub(super) language: &'static dyn Language,
    /// Class and continuation groups (a bit per group) of each abbreviation.
    pub(super) abbrev: Map<&'static str, (Abbr, u32)>,
    /// Abbreviations of another language that also appear in this one (English titles in Polish).
    pub(super) extra_abbrev: Option<&'static Rules>,
    /// A pre-test over the abbreviations of `abbrev` and `extra_abbrev` (see [`abbrev_entry`]).
    ///
    /// [`abbrev_entry`]: Rules::abbrev_entry
    pub(super) abbrev_filter: WordFilter,
    pub(super) starters: Set<&'static str>,
    pub(super) reporting: Set<&'static str>,
    pub(super) date_words: Set<&'static str>,
    /// Continuation groups (bits) of each word listed in `*_continuations.txt`.
    pub(super) continuations: Map<&'static str, u32>,
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rules").field("lang", &self.lang).field("abbrev", &self.abbrev.len()).finish()
    }
}

/// The non-comment, non-empty lines of a data file, trimmed.
pub(super) fn data_lines(src: &'static str) -> impl Iterator<Item = &'static str> {
    crate::data::entries(src)
}

impl Rules {
    /// Build rules from the data files' contents. Unknown classes in `abbrev` are skipped;
    /// continuation groups are numbered in order of first appearance (at most 32).
    pub(crate) fn build(
        lang: Lang,
        language: &'static dyn Language,
        lists: Lists,
        extra_abbrev: Option<&'static Rules>,
    ) -> Rules {
        let mut groups: Vec<&str> = Vec::new();
        let mut bit = |g: &'static str| -> u32 {
            let i = groups.iter().position(|x| *x == g).unwrap_or_else(|| {
                groups.push(g);
                groups.len() - 1
            });
            if i < 32 {
                1 << i
            } else {
                0
            }
        };
        let mut continuations: Map<&'static str, u32> = Map::default();
        for l in data_lines(lists.continuations) {
            let mut it = l.split_whitespace();
            if let (Some(g), Some(w)) = (it.next(), it.next()) {
                *continuations.entry(w).or_default() |= bit(g);
            }
        }
        let abbrev: Map<&'static str, (Abbr, u32)> = data_lines(lists.abbrev)
            .filter_map(|l| {
                let mut it = l.split_whitespace();
                let w = it.next()?;
                let class = Abbr::parse(it.next()?)?;
                let mask = it.fold(0, |m, g| m | bit(g));
                Some((w, (class, mask)))
            })
            .collect();
        let abbrev_filter =
            WordFilter::new(abbrev.keys().chain(extra_abbrev.iter().flat_map(|x| x.abbrev.keys())).copied());
        Rules {
            lang,
            language,
            abbrev,
            extra_abbrev,
            abbrev_filter,
            starters: data_lines(lists.starters).collect(),
            reporting: data_lines(lists.reporting).chain(data_lines(lists.verbs_of_saying)).collect(),
            // the month names come from the one list of them, the number reader's
            date_words: data_lines(lists.date_words)
                .chain(crate::lexicon::numbers::month_forms(lang).map(|(w, _)| w))
                .collect(),
            continuations,
        }
    }

    /// The class of an abbreviation (without its final period), if listed. A capitalised token
    /// also matches an entry written in lower case.
    pub fn abbrev(&self, tok: &str) -> Option<Abbr> {
        self.abbrev_entry(tok).map(|(a, _)| a)
    }

    /// The class and continuation groups of an abbreviation.
    #[inline]
    pub(super) fn abbrev_entry(&self, tok: &str) -> Option<(Abbr, u32)> {
        // Most words before a period are no abbreviation, and most of those the filter rules out.
        // It keys an ASCII first letter in either case, as the lookup reads it; a token starting
        // with another character is always looked up (its lower-case form may start otherwise).
        if tok.as_bytes().first().is_some_and(u8::is_ascii) && !self.abbrev_filter.may_contain(tok) {
            return None;
        }
        self.abbrev_lookup(tok)
    }

    /// [`Rules::abbrev_entry`] without the filter: the lookups in the lists.
    pub(super) fn abbrev_lookup(&self, tok: &str) -> Option<(Abbr, u32)> {
        if let Some(a) = self.abbrev.get(tok) {
            return Some(*a);
        }
        let mut chars = tok.chars();
        let first = chars.next()?;
        if first.is_uppercase() && tok.len() <= 32 {
            // lower-case the first letter into a stack buffer
            let mut buf = [0u8; 40];
            let mut n = 0;
            for c in first.to_lowercase() {
                n += c.encode_utf8(&mut buf[n..]).len();
            }
            let rest = chars.as_str().as_bytes();
            buf[n..n + rest.len()].copy_from_slice(rest);
            if let Ok(low) = std::str::from_utf8(&buf[..n + rest.len()]) {
                if let Some(a) = self.abbrev.get(low) {
                    return Some(*a);
                }
            }
        }
        match self.extra_abbrev {
            Some(x) => x
                .abbrev
                .get(tok)
                .copied()
                .filter(|(a, _)| matches!(a, Abbr::Title | Abbr::Inner | Abbr::Amb))
                .map(|(a, _)| (a, 0)),
            None => None,
        }
    }

    /// Whether `word` (capitalised, as it would open a sentence) typically opens a sentence.
    pub fn is_starter(&self, word: &str) -> bool {
        self.starters.contains(word)
    }

    /// Whether `word` is a reporting verb ("says", "mówi").
    pub fn is_reporting(&self, word: &str) -> bool {
        self.reporting.contains(word)
    }

    /// Whether `word` may stand before a number in a date phrase (month names, prepositions).
    pub fn is_date_word(&self, word: &str) -> bool {
        if self.date_words.contains(word) {
            return true;
        }
        let low = word.to_lowercase();
        self.date_words.contains(low.as_str())
    }

    /// Whether `word` continues the phrase of an abbreviation with continuation groups `mask`.
    pub(super) fn continues(&self, mask: u32, word: &str) -> bool {
        mask != 0 && self.continuations.get(word).is_some_and(|g| g & mask != 0)
    }
}

/// The rules used for a paragraph of language `lang`.
pub fn rules_for(lang: Lang) -> &'static Rules {
    match lang {
        Lang::Pl => pl::rules(),
        _ => en::rules(),
    }
}
