//! Cognates: how alike an English and a Polish word look once both are written in a common
//! rough phonetic skeleton (eksplozja ~ explosion, dramatyczny ~ dramatic, zszokowane ~
//! shocked, prezydent ~ president).
//!
//! Both words are lowercased and stripped of diacritics; Polish digraphs are transliterated
//! (`sz`→`sh`, `cz`→`ch`, `w`→`v`, `ł`→`l`, `ks`→`x`…), then letters that the two spelling
//! systems use for the same sound are merged (`c`/`k`/`q`, `s`/`z`, `i`/`y`/`j`, `ph`/`f`,
//! `th`/`t`, double letters single). Inflectional endings are cut from both words (Polish
//! case and adjective endings, English `-ed`/`-ing`/`-s`/`-ion`), so that the stems compare.
//! The similarity is 1 − (edit distance / length of the longer skeleton), with a leading
//! Polish prefix `z`/`s`/`za`/`wy`/`po` tolerated.

/// Polish letters without diacritics, digraphs spelled the English way: the lowercased word,
/// appended to `out`.
fn pl_to_latin_into(word: &str, out: &mut String) {
    let mut chars = word.chars().flat_map(char::to_lowercase).peekable();
    while let Some(c) = chars.next() {
        let (s, pair): (&str, bool) = match (c, chars.peek().copied()) {
            ('s', Some('z')) => ("sh", true),
            ('c', Some('z')) => ("ch", true),
            ('r', Some('z')) => ("r", true),
            ('c', Some('h')) => ("h", true),
            ('d', Some('ż')) | ('d', Some('ź')) => ("j", true),
            ('k', Some('s')) => ("x", true),
            ('w', _) => ("v", false),
            ('ł', _) => ("l", false),
            ('ą', _) => ("on", false),
            ('ę', _) => ("en", false),
            ('ó', _) => ("u", false),
            ('ś', _) => ("s", false),
            ('ź', _) | ('ż', _) => ("z", false),
            ('ć', _) => ("c", false),
            ('ń', _) => ("n", false),
            _ => ("", false),
        };
        if pair {
            chars.next();
        }
        if s.is_empty() {
            out.push(c);
        } else {
            out.push_str(s);
        }
    }
}

/// Merge letters that English and (transliterated) Polish spell differently for one sound: the
/// letters of `chars` (others dropped), appended to `out`.
fn skeleton_into(chars: impl Iterator<Item = char>, out: &mut String) {
    let mut b = chars.filter(|c| c.is_alphabetic()).map(super::names::strip_diacritic).peekable();
    let mut last = None;
    while let Some(c) = b.next() {
        let (m, pair) = match (c, b.peek().copied()) {
            ('p', Some('h')) => ('f', true),
            ('t', Some('h')) => ('t', true),
            ('c', Some('h')) => ('k', true),
            ('s', Some('h')) => ('s', true),
            ('x', _) => {
                out.push('k');
                last = Some('k');
                ('s', false)
            }
            ('c', _) | ('q', _) => ('k', false),
            ('z', _) => ('s', false),
            ('y', _) | ('j', _) => ('i', false),
            ('w', _) => ('v', false),
            _ => (c, false),
        };
        if pair {
            b.next();
        }
        // Double letters single.
        if last != Some(m) {
            out.push(m);
            last = Some(m);
        }
    }
}

/// [`skeleton_into`] of a string, as a new string.
fn skeleton(latin: &str) -> String {
    let mut out = String::with_capacity(latin.len());
    skeleton_into(latin.chars(), &mut out);
    out
}

/// Polish inflectional and derivational endings cut before comparing (longest first).
const PL_ENDINGS: &[&str] = &[
    "ovanego", "ovanemu", "ovanimi", "ovanich", "ovaniu", "ovanie", "ovana", "ovane", "ovani", "ovanim",
    "ovanon", "ovac", "ovalo", "ovali", "ovala", "oval", "iego", "iemu", "ego", "emu", "imi", "ich", "ami",
    "ach", "ovi", "ovie", "ov", "om", "em", "im", "ia", "ie", "ii", "io", "iu", "ion", "ni", "na", "ne",
    "ni", "no", "nego", "nemu", "nich", "nimi", "ci", "a", "e", "i", "o", "u", "on", "en",
];

/// English endings cut before comparing (longest first).
const EN_ENDINGS: &[&str] = &[
    "ations", "ation", "ions", "ion", "ings", "ing", "ied", "ies", "ed", "es", "er", "ly", "e", "s", "y", "i",
];

fn cut<'a, E: AsRef<str>>(s: &'a str, endings: &[E], min_stem: usize) -> &'a str {
    let mut best = s;
    for e in endings {
        if let Some(stem) = s.strip_suffix(e.as_ref()) {
            if stem.chars().count() >= min_stem && stem.len() < best.len() {
                best = stem;
            }
        }
    }
    best
}

/// The English endings in skeleton spelling (y/i merged, double letters single).
fn en_endings() -> &'static [String] {
    static EN: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    EN.get_or_init(|| EN_ENDINGS.iter().map(|e| skeleton(e)).collect())
}

/// The comparable skeleton of an English word.
pub fn skeleton_en(word: &str) -> String {
    let mut sk = String::with_capacity(word.len());
    skeleton_into(word.chars().flat_map(char::to_lowercase), &mut sk);
    let n = cut(&sk, en_endings(), 3).len();
    sk.truncate(n);
    sk
}

/// The comparable skeleton of a Polish word.
pub fn skeleton_pl(word: &str) -> String {
    let mut latin = String::with_capacity(word.len() + 4);
    pl_to_latin_into(word, &mut latin);
    let mut sk = String::with_capacity(latin.len());
    skeleton_into(cut(&latin, PL_ENDINGS, 3).chars(), &mut sk);
    let n = cut(&sk, en_endings(), 3).len();
    sk.truncate(n);
    sk
}

fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

fn ratio(a: &str, b: &str) -> f32 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let longer = a.len().max(b.len());
    if a.len().min(b.len()) < 3 || longer == 0 {
        return 0.0;
    }
    1.0 - edit_distance(&a, &b) as f32 / longer as f32
}

/// Similarity in [0, 1] of an English and a Polish word as written (any case, any
/// inflection). Words whose skeletons are shorter than 3 letters score 0: they are too short
/// to tell a cognate from chance.
///
/// ```
/// use bialign::lexicon::cognate::similarity;
/// assert!(similarity("explosion", "eksplozja") >= 0.8);
/// assert!(similarity("explosion", "krzesło") < 0.4);
/// ```
pub fn similarity(en: &str, pl: &str) -> f32 {
    let e = skeleton_en(en);
    let p = skeleton_pl(pl);
    let mut best = ratio(&e, &p);
    // Polish perfective prefixes that English lacks (zszokowany ~ shocked)
    for pre in ["s", "sa", "vi", "po", "ro"] {
        if let Some(rest) = p.strip_prefix(pre) {
            if !e.starts_with(pre) {
                best = best.max(ratio(&e, rest) * 0.95);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cognates_score_high() {
        for (en, pl) in [
            ("explosion", "eksplozja"),
            ("dramatic", "dramatyczny"),
            ("shocked", "zszokowane"),
            ("president", "prezydent"),
            ("President", "prezydenta"),
            ("parliament", "parlamentu"),
            ("referendum", "referendum"),
            ("constitution", "konstytucji"),
            ("crisis", "kryzysu"),
            ("Europe", "Europie"),
        ] {
            let s = similarity(en, pl);
            assert!(s >= 0.75, "{en} ~ {pl}: {s} ({} / {})", skeleton_en(en), skeleton_pl(pl));
        }
    }

    #[test]
    fn unrelated_words_score_low() {
        for (en, pl) in
            [("house", "dom"), ("chair", "krzesło"), ("explosion", "wybuch"), ("queen", "królowa")]
        {
            let s = similarity(en, pl);
            assert!(s < 0.5, "{en} ~ {pl}: {s}");
        }
    }

    #[test]
    fn bounded_and_total() {
        for (a, b) in [("", ""), ("a", "ą"), ("12", "12"), ("ŻÓŁĆ", "zolc"), ("x", "ksiądz")] {
            let s = similarity(a, b);
            assert!((0.0..=1.0).contains(&s), "{a} {b} {s}");
        }
    }
}
