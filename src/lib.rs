//! # bialign
//!
//! Align sentences and quotations across an English and a Polish news article about the same story,
//! even when the Polish article is a retelling that reorders, drops, merges and adds material.
//!
//! The pipeline runs one way; each stage is one module and adds to the [`Document`]:
//!
//! ```text
//! ingest ──▶ lang ──▶ segment ──▶ quote ──▶ align ──▶ qa ──▶ output
//!                                             ▲
//!                                          lexicon
//! ```
//!
//! Everything downstream of ingest refers to byte spans ([`Span`]) of the one decoded text.
//!
//! ```
//! use bialign::{align, analyze, ingest::IngestOptions, AlignOptions};
//!
//! let opts = IngestOptions::default();
//! let en = analyze("en.txt", "The minister said the bridge will open in May. \"We are ready,\" she told reporters.".as_bytes(), &opts)?;
//! let pl = analyze("pl.txt", "Minister powiedziała, że most zostanie otwarty w maju. – Jesteśmy gotowi – mówiła dziennikarzom.".as_bytes(), &opts)?;
//! let alignment = align(&en, &pl, &AlignOptions::default());
//! for link in &alignment.sentences {
//!     let en_text: Vec<&str> = link.en.iter().map(|&i| en.slice(en.sentences[i].span)).collect();
//!     let pl_text: Vec<&str> = link.pl.iter().map(|&i| pl.slice(pl.sentences[i].span)).collect();
//!     println!("{:.2} {:?} = {:?}", link.score, en_text, pl_text);
//! }
//! assert_eq!(pl.quotes.len(), 1); // the dash dialogue
//! # Ok::<(), bialign::Error>(())
//! ```

#![deny(missing_docs)]
//! ## The public API
//!
//! - The per-document stages: [`analyze`], [`analyze_file`], [`analyze_path_bytes`], [`ingest_file`],
//!   [`ingest_file_in`], [`read_document`], [`split_file`], [`detect`], with [`IngestOptions`] and [`Document`] (its
//!   [`Paragraph`]s, [`Sentence`]s and [`Quote`]s, each located by a [`Span`]).
//! - Alignment: [`align`] with [`AlignOptions`] gives an [`Alignment`] of [`Link`]s, each with its
//!   [`Evidence`], and the [`Mode`] it decided; [`order_pair`] tells the English from the Polish
//!   document; [`Lexicon`] loads the bilingual lexicon (with a user's entries).
//! - Four subsystems, one per command family: [`qa`] (translation checks), [`output`] (every output
//!   format behind one writer and one safe output file), [`batch`] (many pairs on every core, with
//!   resume) and [`pair`] (which articles of two collections tell the same story).
//! - [`Error`] (with its [`ErrorKind`]) and [`Result`].
//!
//! The stage modules themselves (`ingest`, `lang`, `segment`, `quote`, `align`, `lexicon`, …) are
//! reachable for this project's benches, examples and fitting scripts, but hidden from the
//! documentation: they are not a stable API.

pub mod batch;
pub mod output;
pub mod pair;
pub mod qa;

#[doc(hidden)]
pub mod align;
#[doc(hidden)]
pub mod data;
#[doc(hidden)]
pub mod deadline;
#[doc(hidden)]
pub mod error;
#[doc(hidden)]
pub mod ingest;
#[doc(hidden)]
pub mod lang;
#[doc(hidden)]
pub mod lexicon;
#[doc(hidden)]
pub mod model;
#[doc(hidden)]
pub mod quote;
#[doc(hidden)]
pub mod segment;
#[doc(hidden)]
pub mod text;

pub use align::{align, AlignOptions, Alignment, Evidence, Link, Mode};
pub use error::{Error, ErrorKind, Result};
pub use ingest::IngestOptions;
pub use lang::{detect, order_pair, Detection};
pub use lexicon::Lexicon;
pub use model::{Document, Lang, Paragraph, Quote, QuoteKind, Sentence, Span, Speaker};

/// Run the per-document stages (ingest, language, sentences, quotes) on raw bytes.
///
/// `name` is used in error messages (a file name or a record id).
pub fn analyze(name: &str, bytes: &[u8], opts: &ingest::IngestOptions) -> Result<Document> {
    let mut doc = ingest::ingest_bytes(name, bytes, opts)?;
    lang::route(&mut doc);
    finish_analysis(&mut doc, opts.presplit);
    Ok(doc)
}

/// Read a file (`-` reads standard input) and run only the first two stages: ingest and language
/// routing. Enough for `ingest` and `detect`; [`analyze_file`] runs the rest.
pub fn ingest_file(path: &std::path::Path, opts: &ingest::IngestOptions) -> Result<Document> {
    ingest_file_in(path, opts, None)
}

/// [`ingest_file`], with the language given by the caller when `lang` is set: the document and all
/// its paragraphs are taken to be in `lang` (confidence 1), and no language evidence is gathered.
pub fn ingest_file_in(
    path: &std::path::Path,
    opts: &ingest::IngestOptions,
    lang: Option<Lang>,
) -> Result<Document> {
    let mut doc = read_document(path, opts)?;
    match lang {
        Some(l) => {
            doc.lang = l;
            doc.lang_confidence = 1.0;
            for p in &mut doc.paragraphs {
                p.lang = l;
                p.confidence = 1.0;
            }
        }
        None => lang::route(&mut doc),
    }
    Ok(doc)
}

/// Read a file (`-` reads standard input) into its text and paragraphs, with no language yet (the
/// document and its paragraphs are [`Lang::Unknown`]): what `ingest` prints. HTML when the path's
/// extension says so (or the bytes look like HTML).
pub fn read_document(path: &std::path::Path, opts: &ingest::IngestOptions) -> Result<Document> {
    let (name, bytes) = ingest::read_input(path, opts)?;
    let opts = ingest::IngestOptions {
        html: opts.html.or_else(|| ingest::looks_like_html_path(path).then_some(true)),
        ..opts.clone()
    };
    ingest::ingest_owned(&name, bytes, &opts)
}

/// Run the per-document stages on the `bytes` read from `path` (named `name` in messages): HTML when
/// the path's extension says so (or the bytes look like HTML).
pub fn analyze_path_bytes(
    path: &std::path::Path,
    name: &str,
    bytes: &[u8],
    opts: &ingest::IngestOptions,
) -> Result<Document> {
    let opts = ingest::IngestOptions {
        html: opts.html.or_else(|| ingest::looks_like_html_path(path).then_some(true)),
        ..opts.clone()
    };
    analyze(name, bytes, &opts)
}

/// Run the per-document stages on a file (`-` reads standard input).
pub fn analyze_file(path: &std::path::Path, opts: &ingest::IngestOptions) -> Result<Document> {
    let mut doc = ingest_file(path, opts)?;
    finish_analysis(&mut doc, opts.presplit);
    Ok(doc)
}

/// Read a file and split it into sentences (the lines of presplit input), without quotes. With `lang`
/// set, the text is taken to be in `lang` and not routed ([`ingest_file_in`]).
pub fn split_file(
    path: &std::path::Path,
    opts: &ingest::IngestOptions,
    lang: Option<Lang>,
) -> Result<Document> {
    let mut doc = ingest_file_in(path, opts, lang)?;
    if opts.presplit {
        ingest::presplit_sentences(&mut doc);
    } else {
        segment::segment(&mut doc);
    }
    Ok(doc)
}

/// The stages after language routing: sentences (the lines of presplit input), then quotes.
fn finish_analysis(doc: &mut Document, presplit: bool) {
    if presplit {
        ingest::presplit_sentences(doc);
    } else {
        segment::segment(doc);
    }
    quote::extract(doc);
}
