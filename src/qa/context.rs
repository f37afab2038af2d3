//! The context of one run of the checks ([`Cx`]): the two documents, their alignment and the options,
//! with what several checks read and is computed once per run (the quote pairs the sentence links
//! imply, the words of each sentence as the name check compares them, every number of comparable
//! articles, indexes built when first needed), and one side of a link as the checks read it ([`Side`]).

use super::*;

/// One run of the checks over an aligned pair.
pub(super) struct Cx<'a> {
    pub(super) en: &'a Document,
    pub(super) pl: &'a Document,
    pub(super) a: &'a Alignment,
    pub(super) opts: &'a QaOptions,
    pub(super) comparable: bool,
    /// Quote pairs the aligner left out but the sentence alignment implies: a linked sentence pair where
    /// each side holds speech quotes paired with nothing (a changed speaker can keep the aligner from
    /// pairing them; the QA still wants to compare them).
    pub(super) implied: Vec<Link>,
    /// Per sentence of each document, what the name check compares (empty when the check is off).
    pub(super) en_words: Vec<SentWords>,
    pub(super) pl_words: Vec<SentWords>,
    /// Comparable articles: every number of each article (the number check looks for a fact anywhere in
    /// the other article). Empty for translations.
    pub(super) en_numbers: Vec<Num>,
    pub(super) pl_numbers: Vec<Num>,
    /// What each sentence of each article offers the other's words ([`Cx::said_elsewhere`]), built
    /// when first needed.
    pub(super) en_support: std::cell::OnceCell<facts::SentenceIndex<'a>>,
    pub(super) pl_support: std::cell::OnceCell<facts::SentenceIndex<'a>>,
    /// The names of each article ([`Cx::named_in_other`]), built when first needed.
    pub(super) en_names: std::cell::OnceCell<facts::NameIndex>,
    pub(super) pl_names: std::cell::OnceCell<facts::NameIndex>,
}

/// The words of one sentence as the name check compares them.
#[derive(Default)]
pub(super) struct SentWords {
    /// Folded words and their name keys.
    pub(super) keys: HashSet<String>,
    /// Lexicon concept ids of the words.
    pub(super) ids: HashSet<u32>,
    /// Capitalised words, for the cognate comparison.
    pub(super) caps: Vec<String>,
    /// Lowercase words of six letters or more, for the cognate comparison (names become adjectives).
    pub(super) long: Vec<String>,
    /// Countries the words name (`quote::roles::country_of`).
    pub(super) countries: HashSet<&'static str>,
    /// Posts the words (one or two) name (`quote::roles::role_of`).
    pub(super) roles: HashSet<&'static str>,
    /// Abbreviations in capitals, points dropped ("NYU", "L.A." → "LA").
    pub(super) acronyms: Vec<String>,
}

impl SentWords {
    fn of(doc: &Document, en: bool, lex: &dyn crate::align::Concepts) -> Vec<SentWords> {
        doc.sentences
            .iter()
            .map(|s| {
                let t = doc.slice(s.span);
                let words: Vec<String> =
                    norm::words_of(t).into_iter().map(|(a, b)| t[a..b].to_string()).collect();
                SentWords {
                    // A Polish inflection of a foreign name after an apostrophe (Mike’a, Pence’owi)
                    // also counts without it.
                    keys: words
                        .iter()
                        .flat_map(|w| {
                            let base =
                                if en { w.as_str() } else { w.split(['\'', '’']).next().unwrap_or(w) };
                            [norm::fold(w), crate::lexicon::names::name_key(w), norm::fold(base)]
                        })
                        .collect(),
                    acronyms: acronyms(t),
                    ids: ids_of(lex, &words, en),
                    caps: words.iter().filter(|w| w.starts_with(char::is_uppercase)).cloned().collect(),
                    long: words
                        .iter()
                        .filter(|w| w.starts_with(char::is_lowercase) && w.chars().count() >= 6)
                        .cloned()
                        .collect(),
                    countries: words.iter().filter_map(|w| crate::quote::roles::country_of(w)).collect(),
                    roles: words
                        .iter()
                        .map(String::clone)
                        .chain(words.windows(2).map(|p| format!("{} {}", p[0], p[1])))
                        .filter_map(|w| crate::quote::roles::role_of(&w))
                        .collect(),
                }
            })
            .collect()
    }
}

/// The abbreviations of a text written in capitals, with their points dropped: "NYU", "L.A." → "LA".
fn acronyms(t: &str) -> Vec<String> {
    t.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .map(|w| w.replace('.', ""))
        .filter(|w| w.chars().count() >= 2 && w.chars().all(|c| c.is_alphabetic() && c.is_uppercase()))
        .collect()
}

/// One side of a link: its spans and the text they cover joined.
pub(super) struct Side {
    pub(super) spans: Vec<Span>,
    pub(super) text: String,
    /// Document offset of each span's text within `text` (start in `text`, start in the document).
    pub(super) pieces: Vec<(usize, usize)>,
}

impl Side {
    fn new(doc: &Document, spans: Vec<Span>) -> Side {
        let mut text = String::new();
        let mut pieces = Vec::new();
        for s in &spans {
            if !text.is_empty() {
                text.push(' ');
            }
            pieces.push((text.len(), s.start));
            text.push_str(doc.slice(*s));
        }
        Side { spans, text, pieces }
    }
    /// The document span of the byte range `a..b` of `text` (within one piece).
    pub(super) fn doc_span(&self, a: usize, b: usize) -> Option<Span> {
        let &(off, doc_start) = self.pieces.iter().rev().find(|p| p.0 <= a)?;
        Some(Span::new(doc_start + a - off, doc_start + b - off))
    }
    /// Numbers of the side, with spans mapped back to the document.
    pub(super) fn numbers(&self, lang: Lang) -> Vec<Num> {
        let mut out = Vec::new();
        for (k, &(off, doc_start)) in self.pieces.iter().enumerate() {
            let end = self.pieces.get(k + 1).map_or(self.text.len(), |p| p.0 - 1);
            out.extend(norm::numbers(&self.text[off..end], doc_start, lang));
        }
        out
    }
}

impl<'a> Cx<'a> {
    pub(super) fn new(en: &'a Document, pl: &'a Document, a: &'a Alignment, opts: &'a QaOptions) -> Self {
        let comparable = is_comparable(a, opts);
        let implied = implied_quote_pairs(en, pl, a);
        let names_on = !opts.disabled.contains(&Check::NameMismatch);
        let (en_words, pl_words) = if names_on {
            let lex = lexicon(opts);
            (SentWords::of(en, true, lex), SentWords::of(pl, false, lex))
        } else {
            (Vec::new(), Vec::new())
        };
        let (en_numbers, pl_numbers) = if comparable {
            (norm::numbers(&en.text, 0, Lang::En), norm::numbers(&pl.text, 0, Lang::Pl))
        } else {
            (Vec::new(), Vec::new())
        };
        Cx {
            en,
            pl,
            a,
            opts,
            comparable,
            implied,
            en_words,
            pl_words,
            en_numbers,
            pl_numbers,
            en_support: Default::default(),
            pl_support: Default::default(),
            en_names: Default::default(),
            pl_names: Default::default(),
        }
    }

    pub(super) fn sent_side(&self, doc: &Document, idx: &[usize]) -> Side {
        Side::new(doc, idx.iter().filter_map(|&i| doc.sentences.get(i).map(|s| s.span)).collect())
    }
    pub(super) fn quote_side(&self, doc: &Document, idx: &[usize]) -> Side {
        Side::new(doc, idx.iter().filter_map(|&i| doc.quotes.get(i).map(|q| q.span)).collect())
    }

    pub(super) fn two_sided(links: &[Link]) -> impl Iterator<Item = &Link> {
        links.iter().filter(|l| !l.en.is_empty() && !l.pl.is_empty())
    }
}

/// The lexicon QA compares with: the options' or the embedded one.
pub(super) fn lexicon(opts: &QaOptions) -> &dyn crate::align::Concepts {
    match &opts.lexicon {
        Some(l) => l.as_ref(),
        None => crate::lexicon::Lexicon::embedded(),
    }
}

/// The lexicon's concept ids of English (`en`) or Polish words.
pub(super) fn ids_of(lex: &dyn crate::align::Concepts, words: &[String], en: bool) -> HashSet<u32> {
    let mut ids = Vec::new();
    for w in words {
        if en {
            lex.en_ids(w, &mut ids);
        } else {
            lex.pl_ids(w, &mut ids);
        }
    }
    ids.into_iter().collect()
}
