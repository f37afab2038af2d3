//! The `bialign._native` extension module: the library's stages and aligner for Python, with the
//! command line's JSON Lines records (rendered by the library's own writers, so the bytes are the
//! CLI's). The Python package `bialign` (python/bialign/__init__.py) re-exports it with docs.

use std::sync::Arc;

use bialign::Error;
use bialign::{Document, Lang};
use pyo3::prelude::*;

mod alignment;
mod convert;
mod many;
mod types;

use alignment::{AlignError, Alignment, Link, Pair};
use convert::{
    analyzed, check_score, ingest_options, lines, parse_lang, parse_mode, parse_only, py_err, routed, text,
};
use convert::{BialignError, DecodeError, LanguageError, LimitError};
use many::{align_many, AlignMany};
use types::{span, Detection, Finding, Quote, Span};

/// The CLI's allocator (Python's own allocations are not affected).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// ---------------------------------------------------------------------------------------------
// Functions

/// Align an English and a Polish text (given in either order, as `bialign align`).
#[pyfunction]
#[pyo3(signature = (en, pl, *, mode = "auto", only = None, min_score = 0.0, detect = true))]
fn align(
    py: Python<'_>,
    en: &Bound<'_, PyAny>,
    pl: &Bound<'_, PyAny>,
    mode: &str,
    only: Option<&str>,
    min_score: f32,
    detect: bool,
) -> PyResult<Alignment> {
    let (en, pl) = (text(en, "en")?, text(pl, "pl")?);
    let mode = parse_mode(mode)?;
    let only = parse_only(only)?;
    let min_score = check_score(min_score)?;
    let pair = py
        .detach(|| -> Result<Pair, Error> {
            let (en, pl, swapped) = if detect {
                let opts = ingest_options();
                let a = bialign::analyze("en", en.as_bytes(), &opts)?;
                let b = bialign::analyze("pl", pl.as_bytes(), &opts)?;
                bialign::order_pair(a, b)?
            } else {
                (analyzed("en", &en, Some(Lang::En))?, analyzed("pl", &pl, Some(Lang::Pl))?, false)
            };
            let opts = bialign::AlignOptions { min_score, mode, ..Default::default() };
            let alignment = bialign::align(&en, &pl, &opts);
            Ok(Pair { id: None, en, pl, alignment, swapped, note: None, only, min_score })
        })
        .map_err(|e| py_err(py, &e))?;
    Ok(Alignment { pair: Arc::new(pair), jsonl: None })
}

/// Split a text into sentences (`bialign split`).
#[pyfunction]
#[pyo3(signature = (text, lang = None))]
fn split(py: Python<'_>, text: &Bound<'_, PyAny>, lang: Option<&str>) -> PyResult<Vec<Span>> {
    let t = convert::text(text, "text")?;
    let lang = parse_lang(lang)?;
    let doc = py
        .detach(|| -> Result<Document, Error> {
            let mut doc = routed("text", &t, lang, false)?;
            bialign::segment::segment(&mut doc);
            Ok(doc)
        })
        .map_err(|e| py_err(py, &e))?;
    Ok(doc.sentences.iter().map(|s| span(&doc, s.span)).collect())
}

/// The quotations of a text with their kinds and speakers (`bialign quotes`).
#[pyfunction]
#[pyo3(signature = (text, lang = None))]
fn quotes(py: Python<'_>, text: &Bound<'_, PyAny>, lang: Option<&str>) -> PyResult<Vec<Quote>> {
    let t = convert::text(text, "text")?;
    let lang = parse_lang(lang)?;
    let doc = py.detach(|| analyzed("text", &t, lang)).map_err(|e| py_err(py, &e))?;
    let mut out = Vec::new();
    let _ = bialign::output::stage::write_quotes(&mut out, true, &doc);
    let records = lines(out);
    Ok(doc
        .quotes
        .iter()
        .zip(records)
        .map(|(q, json)| {
            let who = q.speaker.as_ref();
            Quote {
                start: q.span.start,
                end: q.span.end,
                text: doc.slice(q.span).to_string(),
                kind: q.kind.as_str(),
                speaker: who.map(|s| s.name.clone()),
                speaker_text: who.filter(|s| !s.span.is_empty()).map(|s| doc.slice(s.span).to_string()),
                utterance: q.utterance,
                depth: q.depth,
                unbalanced: q.unbalanced,
                json,
            }
        })
        .collect())
}

/// The language of a whole text (`bialign detect`).
#[pyfunction]
fn detect(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Detection> {
    let t = convert::text(text, "text")?;
    let doc = py.detach(|| routed("text", &t, None, true)).map_err(|e| py_err(py, &e))?;
    Ok(Detection {
        lang: doc.lang.code(),
        name: doc.lang.name(),
        confidence: (doc.lang_confidence as f64 * 1000.0).round() / 1000.0,
    })
}

/// Check an aligned pair for translation problems (`bialign qa`).
///
/// `config` is a TOML file of QA settings (`bialign qa --config`: checks, skip, severity, glossary,
/// forbidden, ignore); `glossary` (`en<TAB>pl[|pl…][<TAB>note]` lines) and `forbidden` (`term[<TAB>note]`
/// lines) name list files that replace the configuration's. A bad file raises `BialignError` naming it
/// (and the line).
#[pyfunction]
#[pyo3(signature = (en, pl, *, mode = "auto", config = None, glossary = None, forbidden = None))]
fn qa(
    py: Python<'_>,
    en: &Bound<'_, PyAny>,
    pl: &Bound<'_, PyAny>,
    mode: &str,
    config: Option<std::path::PathBuf>,
    glossary: Option<std::path::PathBuf>,
    forbidden: Option<std::path::PathBuf>,
) -> PyResult<Vec<Finding>> {
    let (en, pl) = (text(en, "en")?, text(pl, "pl")?);
    let amode = parse_mode(mode)?;
    let qmode = match amode {
        None => bialign::qa::Mode::Auto,
        Some(bialign::Mode::Translation) => bialign::qa::Mode::Translation,
        Some(bialign::Mode::Comparable) => bialign::qa::Mode::Comparable,
    };
    let (en, pl, findings) = py
        .detach(|| -> Result<_, Error> {
            let opts = ingest_options();
            let a = bialign::analyze("en", en.as_bytes(), &opts)?;
            let b = bialign::analyze("pl", pl.as_bytes(), &opts)?;
            let (en, pl, _) = bialign::order_pair(a, b)?;
            let alignment =
                bialign::align(&en, &pl, &bialign::AlignOptions { mode: amode, ..Default::default() });
            let mut conf =
                config.as_deref().map(bialign::qa::config::QaConfig::read).transpose()?.unwrap_or_default();
            conf.glossary = glossary.or(conf.glossary);
            conf.forbidden = forbidden.or(conf.forbidden);
            let qopts = conf.qa_options(qmode)?;
            let findings = bialign::qa::check(&en, &pl, &alignment, &qopts);
            Ok((en, pl, findings))
        })
        .map_err(|e| py_err(py, &e))?;
    let mut out = Vec::new();
    let _ = bialign::output::findings::write_jsonl(&mut out, None, &findings, &en, &pl);
    findings
        .iter()
        .zip(lines(out))
        .map(|(f, json)| {
            let spans = |d: &Document, v: &[bialign::Span]| -> PyResult<Vec<Py<Span>>> {
                v.iter().map(|s| Py::new(py, span(d, *s))).collect()
            };
            Ok(Finding {
                check: f.check.as_str(),
                severity: f.severity.as_str(),
                message: f.message.clone(),
                en: spans(&en, &f.en)?,
                pl: spans(&pl, &f.pl)?,
                json,
            })
        })
        .collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(align, m)?)?;
    m.add_function(wrap_pyfunction!(align_many, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(quotes, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_function(wrap_pyfunction!(qa, m)?)?;
    m.add_class::<Span>()?;
    m.add_class::<Quote>()?;
    m.add_class::<Detection>()?;
    m.add_class::<Finding>()?;
    m.add_class::<Link>()?;
    m.add_class::<Alignment>()?;
    m.add_class::<AlignError>()?;
    m.add_class::<AlignMany>()?;
    m.add("BialignError", py.get_type::<BialignError>())?;
    m.add("DecodeError", py.get_type::<DecodeError>())?;
    m.add("LanguageError", py.get_type::<LanguageError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
