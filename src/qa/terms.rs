//! The reviewer's own rules and the checks of the text itself: a glossary (an English term must be
//! rendered by one of its Polish renderings), forbidden Polish terms, repeated words and double spaces
//! in the translation, and consistency (one source translated two ways, one translation given to two
//! sources).
//!
//! Terms match inflected text: an English term word matches a word with the same Snowball stem; a
//! Polish term word matches a word with the same letters after folding, the same name key, or a
//! common stem (all but at most three final letters of the shorter word, at least three letters).

use std::collections::HashMap;
use std::path::Path;

use super::{Check, Finding, Severity};
use crate::lexicon::names::name_key;
use crate::lexicon::stem_en;
use crate::lexicon::tokens::fold;
use crate::model::{Document, Span};
use crate::text::TextLayer;

/// One glossary entry: an English term and the Polish renderings it allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlossaryEntry {
    /// The English term as written in the file.
    pub en: String,
    /// The allowed Polish renderings as written in the file.
    pub pl: Vec<String>,
    /// A note for the reviewer (the file's third column), may be empty.
    pub note: String,
    en_words: Vec<String>,
    pl_words: Vec<Vec<String>>,
}

/// A glossary: `en<TAB>pl[|pl…][<TAB>note]` lines; `#` starts a comment line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Glossary {
    /// The entries in file order.
    pub entries: Vec<GlossaryEntry>,
}

/// One forbidden Polish term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForbiddenTerm {
    /// The term as written in the file.
    pub term: String,
    /// Why, or what to use instead (the file's second column), may be empty.
    pub note: String,
    words: Vec<String>,
}

/// Forbidden Polish terms: `term[<TAB>note]` lines; `#` starts a comment line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Forbidden {
    /// The terms in file order.
    pub terms: Vec<ForbiddenTerm>,
}

/// A word of a text: its byte range and its lowercase form.
type Word = (usize, usize, String);

/// The words of a term or a text, in lowercase, with their byte ranges.
fn words(text: &str) -> Vec<Word> {
    super::norm::words_of(text).into_iter().map(|(a, b)| (a, b, fold(&text[a..b]))).collect()
}

/// The words of `span` of `doc` ([`words`] of its text), read from the document's text layer.
fn words_at(doc: &Document, layer: &TextLayer, span: Span) -> Vec<Word> {
    let t = doc.slice(span);
    layer.words_in(&doc.text, span).into_iter().map(|(a, b)| (a, b, fold(&t[a..b]))).collect()
}

fn term_words(text: &str) -> Vec<String> {
    words(text).into_iter().map(|(_, _, w)| w).collect()
}

/// The lines of a list file that hold entries: (1-based line number, its fields split by tabs).
fn entry_lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = l.trim_end_matches('\r');
        (!l.trim().is_empty() && !l.trim_start().starts_with('#')).then(|| (i + 1, l.split('\t').collect()))
    })
}

impl Glossary {
    /// Parse a glossary; an error names the 1-based line that is malformed.
    pub fn parse(text: &str) -> Result<Glossary, String> {
        let mut entries = Vec::new();
        for (line, fields) in entry_lines(text) {
            let (en, pl, note) = match fields.as_slice() {
                [en, pl] => (*en, *pl, ""),
                [en, pl, note] => (*en, *pl, *note),
                _ => return Err(format!("line {line}: expected en<TAB>pl or en<TAB>pl<TAB>note")),
            };
            let en_words: Vec<String> = term_words(en).iter().map(|w| stem_en(w).into_owned()).collect();
            let pl: Vec<String> =
                pl.split('|').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
            let pl_words: Vec<Vec<String>> = pl.iter().map(|p| term_words(p)).collect();
            if en_words.is_empty() || pl_words.is_empty() || pl_words.iter().any(Vec::is_empty) {
                return Err(format!("line {line}: a term on each side, with at least one letter or digit"));
            }
            entries.push(GlossaryEntry {
                en: en.trim().into(),
                pl,
                note: note.trim().into(),
                en_words,
                pl_words,
            });
        }
        Ok(Glossary { entries })
    }

    /// Read and parse the glossary in `path`; an error names the file and the line.
    pub fn read(path: &Path) -> crate::Result<Glossary> {
        read_with(path, Glossary::parse)
    }
}

impl Forbidden {
    /// Parse a list of forbidden terms; an error names the 1-based line that is malformed.
    pub fn parse(text: &str) -> Result<Forbidden, String> {
        let mut terms = Vec::new();
        for (line, fields) in entry_lines(text) {
            let (term, note) = match fields.as_slice() {
                [t] => (*t, ""),
                [t, note] => (*t, *note),
                _ => return Err(format!("line {line}: expected term or term<TAB>note")),
            };
            let words = term_words(term);
            if words.is_empty() {
                return Err(format!("line {line}: a term with at least one letter or digit"));
            }
            terms.push(ForbiddenTerm { term: term.trim().into(), note: note.trim().into(), words });
        }
        Ok(Forbidden { terms })
    }

    /// Read and parse the list in `path`; an error names the file and the line.
    pub fn read(path: &Path) -> crate::Result<Forbidden> {
        read_with(path, Forbidden::parse)
    }
}

fn read_with<T>(path: &Path, parse: fn(&str) -> Result<T, String>) -> crate::Result<T> {
    let bad = |reason: String| crate::Error::Usage(format!("{}: {reason}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
    parse(&text).map_err(bad)
}

/// Letters Polish inflectional endings are made of (-a, -ę, -ów, -ami, -ach, -emu, -ich, -ej, …).
const ENDING_LETTERS: &str = "aeiouyąęómchwj";

/// Does the Polish text word `w` stand for the term word `t` (both lowercase)? The same word; or one
/// stem with endings of at most three letters each, made of ending letters unless the common stem
/// has five letters or more (minister ~ ministra); or the same name key.
pub(super) fn pl_word_matches(w: &str, t: &str) -> bool {
    if w == t {
        return true;
    }
    let common: usize = w.chars().zip(t.chars()).take_while(|(a, b)| a == b).map(|(a, _)| a.len_utf8()).sum();
    let (wt, tt) = (&w[common..], &t[common..]);
    let stem_len = w[..common].chars().count();
    let short = |tail: &str| tail.chars().count() <= 3;
    let ending = |tail: &str| tail.chars().all(|c| ENDING_LETTERS.contains(c));
    if stem_len >= 3 && short(wt) && short(tt) && (stem_len >= 5 || (ending(wt) && ending(tt))) {
        return true;
    }
    name_key(w) == name_key(t)
}

/// Where the term `term` occurs in `words` (consecutive words each matching), as word index ranges.
fn occurrences(words: &[Word], term: &[String], matches: impl Fn(&str, &str) -> bool) -> Vec<usize> {
    if term.is_empty() || words.len() < term.len() {
        return Vec::new();
    }
    (0..=words.len() - term.len())
        .filter(|&i| term.iter().enumerate().all(|(k, t)| matches(&words[i + k].2, t)))
        .collect()
}

/// The span of the `n` words from word `i` of a text starting at document offset `base`.
fn span_of(words: &[Word], i: usize, n: usize, base: usize) -> Span {
    Span::new(base + words[i].0, base + words[i + n - 1].1)
}

/// Glossary findings over linked sentence sides: an English side holds a term and its Polish side
/// none of the allowed renderings.
pub(super) fn glossary(
    g: &Glossary,
    (en, en_text): (&Document, &TextLayer),
    (pl, pl_text): (&Document, &TextLayer),
    pairs: &[(Vec<Span>, Vec<Span>)],
    out: &mut Vec<Finding>,
) {
    if g.entries.is_empty() {
        return;
    }
    for (es, ps) in pairs {
        let ptext: Vec<Vec<Word>> = ps.iter().map(|s| words_at(pl, pl_text, *s)).collect();
        for s in es {
            let ew = words_at(en, en_text, *s);
            let stems: Vec<Word> = ew.iter().map(|(a, b, w)| (*a, *b, stem_en(w).into_owned())).collect();
            for e in &g.entries {
                let Some(&i) = occurrences(&stems, &e.en_words, |a, b| a == b).first() else { continue };
                let rendered = e
                    .pl_words
                    .iter()
                    .any(|alt| ptext.iter().any(|w| !occurrences(w, alt, pl_word_matches).is_empty()));
                if rendered {
                    continue;
                }
                let note = if e.note.is_empty() { String::new() } else { format!(" ({})", e.note) };
                out.push(Finding {
                    check: Check::Glossary,
                    severity: Severity::Warning,
                    en: vec![span_of(&stems, i, e.en_words.len(), s.start)],
                    pl: ps.clone(),
                    message: format!(
                        "glossary: “{}” should be rendered as {}{note}; the Polish sentence has none of them",
                        e.en,
                        e.pl.iter().map(|p| format!("“{p}”")).collect::<Vec<_>>().join(" or ")
                    ),
                });
            }
        }
    }
}

/// Forbidden-term findings: every occurrence in the Polish document.
pub(super) fn forbidden(f: &Forbidden, (pl, pl_text): (&Document, &TextLayer), out: &mut Vec<Finding>) {
    if f.terms.is_empty() {
        return;
    }
    for s in &pl.sentences {
        let w = words_at(pl, pl_text, s.span);
        for t in &f.terms {
            for i in occurrences(&w, &t.words, pl_word_matches) {
                let note = if t.note.is_empty() { String::new() } else { format!(" ({})", t.note) };
                out.push(Finding {
                    check: Check::ForbiddenTerm,
                    severity: Severity::Warning,
                    en: Vec::new(),
                    pl: vec![span_of(&w, i, t.words.len(), s.span.start)],
                    message: format!("forbidden term “{}”{note}", t.term),
                });
            }
        }
    }
}

/// A word written twice in a row in the Polish text ("się się"), and two or more spaces between words.
pub(super) fn typography(
    (pl, pl_text): (&Document, &TextLayer),
    repeated: bool,
    spaces: bool,
    out: &mut Vec<Finding>,
) {
    for s in &pl.sentences {
        let t = pl.slice(s.span);
        if repeated {
            let w = words_at(pl, pl_text, s.span);
            for p in w.windows(2) {
                let between = &t[p[0].1..p[1].0];
                let is_word = p[0].2.chars().any(char::is_alphabetic);
                if is_word && p[0].2 == p[1].2 && !between.is_empty() && between.chars().all(|c| c == ' ') {
                    out.push(Finding {
                        check: Check::RepeatedWord,
                        severity: Severity::Warning,
                        en: Vec::new(),
                        pl: vec![Span::new(s.span.start + p[0].0, s.span.start + p[1].1)],
                        message: format!("repeated word “{}”", &t[p[0].0..p[0].1]),
                    });
                }
            }
        }
        if spaces {
            let b = t.as_bytes();
            let mut i = 0;
            while i + 1 < b.len() {
                if b[i] == b' ' && b[i + 1] == b' ' {
                    let start = i;
                    while i < b.len() && b[i] == b' ' {
                        i += 1;
                    }
                    out.push(Finding {
                        check: Check::DoubleSpace,
                        severity: Severity::Style,
                        en: Vec::new(),
                        pl: vec![Span::new(s.span.start + start, s.span.start + i)],
                        message: format!("{} spaces in a row", i - start),
                    });
                } else {
                    i += 1;
                }
            }
        }
    }
}

/// One source with two different translations, and one translation of two different sources, over
/// one-to-one sentence links (texts compared with spaces collapsed and case folded).
pub(super) fn consistency(en: &Document, pl: &Document, pairs: &[(Span, Span)], out: &mut Vec<Finding>) {
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    let mut by_en: HashMap<String, Vec<(Span, Span, String)>> = HashMap::new();
    let mut by_pl: HashMap<String, Vec<(Span, Span, String)>> = HashMap::new();
    for &(e, p) in pairs {
        let (et, pt) = (norm(en.slice(e)), norm(pl.slice(p)));
        if et.chars().filter(|c| c.is_alphabetic()).count() < 3 {
            continue;
        }
        by_en.entry(et.clone()).or_default().push((e, p, pt.clone()));
        by_pl.entry(pt).or_default().push((e, p, et));
    }
    // Two different sentences with one text (a sentence linked twice is one sentence).
    let mut report = |groups: HashMap<String, Vec<(Span, Span, String)>>, source: bool| {
        let mut groups: Vec<_> = groups.into_values().collect();
        groups.sort_by_key(|g| (g[0].0.start, g[0].1.start));
        for g in groups {
            let first = &g[0];
            let other_unit = |x: &&(Span, Span, String)| if source { x.0 != first.0 } else { x.1 != first.1 };
            if let Some(other) = g.iter().filter(other_unit).find(|x| x.2 != first.2) {
                let (e, p) = (vec![first.0, other.0], vec![first.1, other.1]);
                let message = if source {
                    "one source, two translations: the same English sentence is translated differently"
                        .to_string()
                } else {
                    "one translation, two sources: the same Polish sentence renders different English sentences"
                        .to_string()
                };
                out.push(Finding {
                    check: Check::Inconsistent,
                    severity: Severity::Warning,
                    en: e,
                    pl: p,
                    message,
                });
            }
        }
    };
    report(by_en, true);
    report(by_pl, false);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polish_term_words_match_their_inflected_forms_only() {
        for (w, t) in [("ustawy", "ustawa"), ("sądu", "sąd"), ("ministra", "minister"), ("rządem", "rząd")]
        {
            assert!(pl_word_matches(w, t), "{w} ~ {t}");
        }
        for (w, t) in
            [("gabinet", "rząd"), ("ustalenie", "ustawa"), ("sąd", "sądownictwo"), ("prawda", "prawo")]
        {
            assert!(!pl_word_matches(w, t), "{w} !~ {t}");
        }
    }

    #[test]
    fn malformed_lists_name_the_line() {
        assert_eq!(
            Glossary::parse("# terms\nSejm\tSejm\nbroken line\n").unwrap_err(),
            "line 3: expected en<TAB>pl or en<TAB>pl<TAB>note"
        );
        assert!(Glossary::parse("x\t\n").is_err());
        let g = Glossary::parse("prime minister\tpremier|prezes Rady Ministrów\tour house style\n").unwrap();
        assert_eq!(g.entries[0].pl, ["premier", "prezes Rady Ministrów"]);
        assert!(Forbidden::parse("a\tb\tc\n").unwrap_err().starts_with("line 1:"));
    }
}
