//! Names a Polish translation renders by other words than the English ones (`renderings.txt`):
//! exonyms (Yangon / Rangun), institutions (White House / Biały Dom), posts (Taoiseach / premier) and
//! named conditions (Multiple Sclerosis / stwardnienie rozsiane). The name check takes a name and one
//! of its renderings on the other side as the same name.

use std::sync::OnceLock;

use super::norm::fold;
use super::SentWords;

/// One line of the table: the English forms and the Polish ones, each a list of folded words (a Polish
/// word ending in `-` is a stem).
struct Entry {
    en: Vec<Vec<String>>,
    pl: Vec<Vec<String>>,
}

fn table() -> &'static [Entry] {
    static T: OnceLock<Vec<Entry>> = OnceLock::new();
    T.get_or_init(|| {
        let forms = |side: &str| -> Vec<Vec<String>> {
            side.split('|')
                .map(|f| f.split_whitespace().map(fold).collect::<Vec<_>>())
                .filter(|f| !f.is_empty())
                .collect()
        };
        crate::data::entries(include_str!("renderings.txt"))
            .filter_map(|l| l.split_once('\t'))
            .map(|(en, pl)| Entry { en: forms(en), pl: forms(pl) })
            .filter(|e| !e.en.is_empty() && !e.pl.is_empty())
            .collect()
    })
}

/// Does the folded text word `w` stand for the folded form word `f` of the given language?
fn word_matches(w: &str, f: &str, en: bool) -> bool {
    if en {
        return w == f || w.trim_end_matches('s') == f.trim_end_matches('s');
    }
    match f.strip_suffix('-') {
        Some(stem) => w.starts_with(stem),
        None => super::terms::pl_word_matches(w, f),
    }
}

/// Which words of a name (folded, in order) the table covers: a run of them is a form of an entry
/// whose other-language form has all its words in one of the `other` sentences.
pub(super) fn covered(words: &[String], en: bool, other: &[SentWords]) -> Vec<bool> {
    let mut out = vec![false; words.len()];
    for e in table() {
        let (here, there) = if en { (&e.en, &e.pl) } else { (&e.pl, &e.en) };
        for form in here {
            let n = form.len();
            if n > words.len() {
                continue;
            }
            for i in 0..=words.len() - n {
                if !(0..n).all(|k| word_matches(&words[i + k], &form[k], en)) {
                    continue;
                }
                let found = there.iter().any(|f| {
                    other.iter().any(|o| f.iter().all(|fw| o.keys.iter().any(|k| word_matches(k, fw, !en))))
                });
                if found {
                    out[i..i + n].iter_mut().for_each(|c| *c = true);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(words: &[&str]) -> SentWords {
        SentWords { keys: words.iter().map(|w| fold(w)).collect(), ..Default::default() }
    }

    #[test]
    fn exonyms_and_translated_names_cover_inflected_renderings() {
        let w = |s: &[&str]| s.iter().map(|x| fold(x)).collect::<Vec<_>>();
        assert_eq!(covered(&w(&["Yangon"]), true, &[sent(&["odwiedzili", "Rangun"])]), [true]);
        assert_eq!(covered(&w(&["Rangunie"]), false, &[sent(&["in", "Yangon"])]), [true]);
        assert_eq!(
            covered(&w(&["Cape", "Verde"]), true, &[sent(&["na", "Wyspach", "Zielonego", "Przylądka"])]),
            [true, true]
        );
        assert_eq!(covered(&w(&["Taoiseach"]), true, &[sent(&["Premier", "Irlandii"])]), [true]);
        // The rendering must be there: Yangon is not Mandalay.
        assert_eq!(covered(&w(&["Yangon"]), true, &[sent(&["odwiedzili", "Mandalaj"])]), [false]);
        assert_eq!(covered(&w(&["Rangun"]), false, &[sent(&["visited", "Mandalay"])]), [false]);
    }
}
