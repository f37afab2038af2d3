//! The number word, scale and month tables of `data/`, per language, read once.

use std::sync::OnceLock;

use crate::lang::Lang;
use crate::lexicon::fxhash::FxMap;

/// The word tables, per language (index [`li`]: English 0, Polish 1), keyed by lowercase word.
#[derive(Default)]
pub(super) struct Tables {
    pub(super) words: [FxMap<&'static str, (i64, WordKind)>; 2],
    pub(super) scales: [FxMap<&'static str, Option<i64>>; 2], // None = percent
    pub(super) months: [FxMap<&'static str, u8>; 2],
}

/// What a number word is (data/number-words.txt, fourth column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WordKind {
    /// A cardinal number ("two", "dwie").
    Cardinal,
    /// An ordinal number ("third", "trzeciego").
    Ordinal,
    /// A cardinal that counts only after a tens word ("one" in "twenty-one").
    Unit,
    /// An ordinal that counts only after a tens word ("first" in "twenty-first").
    OrdinalUnit,
}

impl WordKind {
    pub(super) fn ordinal(self) -> bool {
        matches!(self, WordKind::Ordinal | WordKind::OrdinalUnit)
    }
}

/// The table index of a language (anything but Polish reads as English).
pub(super) fn li(lang: Lang) -> usize {
    usize::from(lang == Lang::Pl)
}

/// The month names of `data/months.txt`: the one list of them, read by the number reader, the
/// sentence splitter's date words and the labels of number keys.
const MONTHS: &str = include_str!("../data/months.txt");

/// The month forms written in `lang` (anything but Polish reads as English), in the order of
/// `data/months.txt`: each lowercase form with its month number (1–12).
pub fn month_forms(lang: Lang) -> impl Iterator<Item = (&'static str, u8)> {
    let want = if lang == Lang::Pl { "pl" } else { "en" };
    crate::data::entries(MONTHS).filter_map(move |l| {
        let mut f = l.split('\t');
        if f.next()? != want {
            return None;
        }
        let w = f.next()?;
        let m = f.next()?.trim().parse::<u8>().ok()?;
        Some((w, m))
    })
}

/// The English name of month `m` (1–12), lowercase: the first form `data/months.txt` gives for it
/// ("january"; the abbreviations follow it); None for any other number.
pub fn month_name_en(m: u8) -> Option<&'static str> {
    static NAMES: OnceLock<Vec<(&'static str, u8)>> = OnceLock::new();
    let names = NAMES.get_or_init(|| month_forms(Lang::En).collect());
    names.iter().find(|&&(_, n)| n == m).map(|&(w, _)| w)
}

pub(super) fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Tables::default();
        let rows = |text: &'static str| {
            crate::data::entries(text).filter_map(|l| {
                let mut f = l.split('\t');
                let lang = match f.next()? {
                    "en" => Lang::En,
                    "pl" => Lang::Pl,
                    _ => return None,
                };
                Some((li(lang), f.next()?, f.next()?.trim(), f.next().unwrap_or("").trim()))
            })
        };
        for (lang, w, v, kind) in rows(include_str!("../data/number-words.txt")) {
            let kind = match kind {
                "" => WordKind::Cardinal,
                "ordinal" => WordKind::Ordinal,
                "unit" => WordKind::Unit,
                "ordinal-unit" => WordKind::OrdinalUnit,
                _ => continue,
            };
            if let Ok(v) = v.parse::<i64>() {
                t.words[lang].insert(w, (v, kind));
            }
        }
        for (lang, w, v, _) in rows(include_str!("../data/number-scales.txt")) {
            if v == "%" {
                t.scales[lang].insert(w, None);
            } else if let Ok(m) = v.parse::<i64>() {
                t.scales[lang].insert(w, Some(m));
            }
        }
        for lang in [Lang::En, Lang::Pl] {
            t.months[li(lang)].extend(month_forms(lang));
        }
        t
    })
}
