//! The language data compiled into bialign: one reader of its line format, and a strict check of
//! every list against the shape its stage expects.
//!
//! Every list is a UTF-8 text file: `#` starts a comment line, blank lines are skipped, and each
//! other line is one entry, its fields separated by a tab or by spaces (see each file's header). The
//! stages read entries with [`entries`]; [`SHAPES`] states, for every file, how many fields an entry
//! has, which classes its first field may name, and which field is a number. The test
//! `every_list_is_well_formed` checks every file against its shape, so an unknown class, a missing
//! field or a stray space fails the build's tests instead of being skipped silently at run time.
//! `docs/ARCHITECTURE.md` and the README of each data folder say where each list comes from.

/// The entries of a list: its non-comment, non-blank lines, trimmed, in order.
pub fn entries(text: &str) -> impl Iterator<Item = &str> {
    // Lines split at each `\n` (a `\r` before it is trimmed with the other white space).
    let mut rest = text;
    std::iter::from_fn(move || loop {
        if rest.is_empty() {
            return None;
        }
        let (line, after) = match memchr::memchr(b'\n', rest.as_bytes()) {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, ""),
        };
        rest = after;
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            return Some(line);
        }
    })
}

/// A probabilistic pre-test for a word list: answers "maybe" for every listed word and "no" for most
/// others, from the word's length and first and last bytes alone (no hashing). Ask the list itself
/// only after a "maybe". An ASCII letter keys as its other case does (its byte mod 32), so a word
/// with its first or last ASCII letter in the other case gets the same answer.
#[derive(Debug, Clone)]
pub struct WordFilter {
    /// One bit per (length mod 16, first byte mod 32, last byte mod 32).
    bits: Vec<u64>,
}

impl WordFilter {
    /// A filter admitting every word of `words`.
    pub fn new<'a>(words: impl IntoIterator<Item = &'a str>) -> WordFilter {
        let mut f = WordFilter { bits: vec![0; 16 * 32 * 32 / 64] };
        for w in words {
            f.add(w);
        }
        f
    }

    #[inline]
    fn key(w: &str) -> Option<usize> {
        let b = w.as_bytes();
        let (&first, &last) = (b.first()?, b.last()?);
        Some(((b.len() & 15) << 10) | ((usize::from(first) & 31) << 5) | (usize::from(last) & 31))
    }

    /// Admit `w` too.
    pub fn add(&mut self, w: &str) {
        if let Some(k) = Self::key(w) {
            self.bits[k / 64] |= 1 << (k % 64);
        }
    }

    /// A filter admitting every word of `words` in lower and in upper case. An ASCII word's upper case
    /// has its key already (same length, letters equal modulo 32), so only the others are upper-cased.
    pub fn any_case<'a>(words: impl IntoIterator<Item = &'a str>) -> WordFilter {
        let mut f = WordFilter::new([]);
        for w in words {
            f.add(w);
            if !w.is_ascii() {
                f.add(&w.to_uppercase());
            }
        }
        f
    }

    /// False when `w` is certainly not in the list.
    #[inline]
    pub fn may_contain(&self, w: &str) -> bool {
        Self::key(w).is_some_and(|k| self.bits[k / 64] & (1 << (k % 64)) != 0)
    }
}

/// How the fields of an entry are separated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sep {
    /// One field: the whole line (a word or a phrase; no tab).
    Line,
    /// Fields separated by one tab.
    Tab,
    /// Fields separated by runs of spaces.
    Space,
}

/// The shape of a list's entries.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// The file, from the crate root.
    pub file: &'static str,
    /// Its content.
    pub text: &'static str,
    /// How fields are separated.
    pub sep: Sep,
    /// The fewest and the most fields of an entry.
    pub fields: (usize, usize),
    /// Fields that name a class, each with the classes it may name: (field index, classes); an
    /// optional field is checked when present.
    pub classes: &'static [(usize, &'static [&'static str])],
    /// A field that must parse as a number (its index), if any.
    pub number: Option<usize>,
    /// Whether every field must be in lower case.
    pub lowercase: bool,
}

/// A malformed entry: the file, its 1-based line and the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    /// The file.
    pub file: &'static str,
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for ListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.reason)
    }
}

/// Check every entry of `shape`'s file; the first problem found, if any.
pub fn check(shape: &Shape) -> Result<usize, ListError> {
    let mut n = 0;
    for (k, raw) in shape.text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |reason: String| ListError { file: shape.file, line: k + 1, reason };
        if raw != raw.trim_end() {
            return Err(err("trailing white space".into()));
        }
        let fields: Vec<&str> = match shape.sep {
            Sep::Line => {
                if line.contains('\t') {
                    return Err(err("a tab in a one-field entry".into()));
                }
                vec![line]
            }
            Sep::Tab => line.split('\t').collect(),
            Sep::Space => line.split_whitespace().collect(),
        };
        let (lo, hi) = shape.fields;
        if fields.len() < lo || fields.len() > hi {
            return Err(err(format!("{} fields, expected {lo} to {hi}: {line:?}", fields.len())));
        }
        if let Some(f) = fields.iter().find(|f| f.trim().is_empty() || f.trim() != **f) {
            return Err(err(format!("an empty or padded field {f:?} in {line:?}")));
        }
        for &(i, classes) in shape.classes {
            if let Some(f) = fields.get(i).filter(|f| !classes.contains(f)) {
                return Err(err(format!("unknown class {f:?} (known: {})", classes.join(", "))));
            }
        }
        if let Some(i) = shape.number {
            if fields[i] != "%" && fields[i].parse::<f64>().is_err() {
                return Err(err(format!("field {} is not a number: {:?}", i + 1, fields[i])));
            }
        }
        if shape.lowercase {
            if let Some(f) = fields.iter().find(|f| f.chars().any(char::is_uppercase)) {
                return Err(err(format!("{f:?} is not in lower case")));
            }
        }
        n += 1;
    }
    Ok(n)
}

macro_rules! shape {
    ($file:literal, $sep:expr, $fields:expr, $classes:expr, $number:expr, $lower:expr) => {
        Shape {
            file: $file,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $file)),
            sep: $sep,
            fields: $fields,
            classes: $classes,
            number: $number,
            lowercase: $lower,
        }
    };
}

const NONE: &[(usize, &[&str])] = &[];
const LANGS: &[&str] = &["en", "pl"];
const LANG_FIRST: &[(usize, &[&str])] = &[(0, LANGS)];
const NUMBER_WORD_CLASSES: &[(usize, &[&str])] = &[(0, LANGS), (3, &["ordinal", "ordinal-unit", "unit"])];
/// The abbreviation classes of the sentence splitter (`segment::Abbr`).
const ABBREV: &[(usize, &[&str])] =
    &[(1, &["title", "inner", "num", "amb", "end", "final", "unit", "year", "count", "saint", "patron"])];

/// Every list compiled into bialign, with its shape.
pub const SHAPES: &[Shape] = &[
    shape!("src/lang/en_words.tsv", Sep::Tab, (2, 2), NONE, Some(1), true),
    shape!("src/lang/pl_words.tsv", Sep::Tab, (2, 2), NONE, Some(1), true),
    shape!("src/lexicon/data/irregular-en.txt", Sep::Tab, (2, 2), NONE, None, true),
    shape!("src/lexicon/data/months.txt", Sep::Tab, (3, 3), LANG_FIRST, Some(2), true),
    shape!("src/lexicon/data/name-endings.txt", Sep::Tab, (1, 2), NONE, None, true),
    shape!("src/lexicon/data/number-scales.txt", Sep::Tab, (3, 3), LANG_FIRST, Some(2), true),
    shape!("src/lexicon/data/number-words.txt", Sep::Tab, (3, 4), NUMBER_WORD_CLASSES, Some(2), true),
    shape!("src/lexicon/data/stopwords-en.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/lexicon/data/stopwords-pl.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/lexicon/data/supplement.tsv", Sep::Tab, (2, 2), NONE, None, false),
    shape!("src/lexicon/data/overlay.tsv", Sep::Tab, (2, 2), NONE, None, false),
    shape!("src/qa/renderings.txt", Sep::Tab, (2, 2), NONE, None, false),
    shape!("src/quote/data/verbs_en.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/verbs_pl.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/pronouns_en.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/pronouns_pl.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/elisions_en.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/not_name_start.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/media_words.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/genres.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/documents_en.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/documents_pl.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/manner_pl.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/titles.txt", Sep::Line, (1, 1), NONE, None, false),
    shape!("src/quote/data/courtesy_titles.txt", Sep::Line, (1, 1), NONE, None, true),
    shape!("src/quote/data/cues.txt", Sep::Tab, (2, 2), &[(0, &["title", "scare", "name"])], None, true),
    shape!("src/quote/data/groups.txt", Sep::Tab, (2, 16), &[(0, &["people", "institution"])], None, true),
    shape!("src/quote/data/institution_refs.txt", Sep::Tab, (2, 8), NONE, None, true),
    shape!("src/quote/data/roles.txt", Sep::Tab, (2, 2), NONE, None, true),
    shape!("src/quote/data/countries.txt", Sep::Tab, (2, 2), NONE, None, true),
    shape!("src/quote/data/demonyms.txt", Sep::Tab, (3, 3), &[(1, &["m", "f", "-"])], None, true),
    shape!("src/quote/data/first_names.txt", Sep::Tab, (2, 2), &[(0, &["m", "f"])], None, true),
    shape!("src/quote/data/census_first_names.txt", Sep::Tab, (2, 2), &[(0, &["m", "f"])], None, true),
    shape!("src/segment/data/en_abbrev.txt", Sep::Space, (2, 3), ABBREV, None, false),
    shape!("src/segment/data/pl_abbrev.txt", Sep::Space, (2, 3), ABBREV, None, false),
    shape!("src/segment/data/en_starters.txt", Sep::Line, (1, 1), NONE, None, false),
    shape!("src/segment/data/pl_starters.txt", Sep::Line, (1, 1), NONE, None, false),
    shape!("src/segment/data/en_reporting.txt", Sep::Line, (1, 1), NONE, None, false),
    shape!("src/segment/data/pl_reporting.txt", Sep::Line, (1, 1), NONE, None, false),
    shape!("src/segment/data/en_date_words.txt", Sep::Line, (1, 1), NONE, None, false),
    shape!("src/segment/data/pl_date_words.txt", Sep::Line, (1, 1), NONE, None, false),
    shape!("src/segment/data/en_continuations.txt", Sep::Space, (2, 2), NONE, None, false),
    shape!("src/segment/data/pl_continuations.txt", Sep::Space, (2, 2), NONE, None, false),
    shape!("src/segment/data/pl_patron_nouns.txt", Sep::Line, (1, 1), NONE, None, false),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// [`entries`] reads the lines `str::lines` gives, trimmed, without blanks and comments.
    #[test]
    fn entries_match_the_lines() {
        let plain = |t: &str| -> Vec<String> {
            t.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from)
                .collect()
        };
        let mut texts: Vec<String> = SHAPES.iter().map(|s| s.text.to_string()).collect();
        texts.extend(
            ["", "\n", "a", "a\n", "a\r\nb\r\n", "\n\n#x\n y \n\u{a0}z\u{a0}\n#", "x\ty\n\n\r\n z"]
                .map(String::from),
        );
        for t in &texts {
            assert_eq!(entries(t).map(String::from).collect::<Vec<_>>(), plain(t), "{t:?}");
        }
    }

    /// [`WordFilter::any_case`] sets the bits of the words and of their upper-case forms.
    #[test]
    fn any_case_filter_admits_both_cases() {
        let words = ["said", "mówi", "Łódź", "a", "według", "ß", "straße", "ǆ", "x-ray", "ąę"];
        let upper: Vec<String> = words.iter().map(|w| w.to_uppercase()).collect();
        let plain = WordFilter::new(words.iter().copied().chain(upper.iter().map(String::as_str)));
        assert_eq!(WordFilter::any_case(words).bits, plain.bits);
    }

    #[test]
    fn every_list_is_well_formed() {
        let mut problems = Vec::new();
        for s in SHAPES {
            match check(s) {
                // The lexicon overlay holds the additions made since lexicon.bin was last built:
                // none right after a rebuild.
                Ok(0) if s.file == "src/lexicon/data/overlay.tsv" => {}
                Ok(0) => problems.push(format!("{}: no entries", s.file)),
                Ok(_) => {}
                Err(e) => problems.push(e.to_string()),
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn every_embedded_list_is_in_the_table() {
        // A new list must get a shape: every data file under src/ is listed.
        let mut missing = Vec::new();
        for dir in ["src/lang", "src/lexicon/data", "src/qa", "src/quote/data", "src/segment/data"] {
            for e in std::fs::read_dir(dir).unwrap().flatten() {
                let p = e.path();
                let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
                if matches!(ext, "txt" | "tsv") {
                    let rel = p.to_str().unwrap().to_string();
                    if !SHAPES.iter().any(|s| s.file == rel) {
                        missing.push(rel);
                    }
                }
            }
        }
        assert!(missing.is_empty(), "lists with no shape in data::SHAPES: {missing:?}");
    }

    #[test]
    fn malformed_entries_are_named_with_their_line() {
        let s = Shape {
            file: "x.txt",
            text: "# header\nen\tone\t1\nfr\tun\t1\n",
            sep: Sep::Tab,
            fields: (3, 3),
            classes: LANG_FIRST,
            number: Some(2),
            lowercase: true,
        };
        let e = check(&s).unwrap_err();
        assert_eq!((e.file, e.line), ("x.txt", 3));
        assert!(e.reason.contains("unknown class \"fr\""), "{e}");
        let s = Shape { text: "en\tone\tI\n", ..s };
        assert!(check(&s).unwrap_err().reason.contains("not a number"));
        let s = Shape { text: "en\tone \t1\n", ..s };
        assert!(check(&s).is_err(), "a padded field");
        let s = Shape { text: "en\tOne\t1\n", ..s };
        assert!(check(&s).unwrap_err().reason.contains("lower case"));
    }
}
