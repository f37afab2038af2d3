//! Python arguments in, library errors out: the exceptions, argument checks and the documents
//! the functions analyse.

use bialign::output::jsonl::Only;
use bialign::IngestOptions;
use bialign::{Document, Lang};
use bialign::{Error, ErrorKind};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

create_exception!(bialign, BialignError, PyValueError, "An input bialign cannot work on (the base class).");
create_exception!(bialign, DecodeError, BialignError, "Bytes that are not UTF-8 text, or an empty text.");
create_exception!(bialign, LanguageError, BialignError, "A text not in English or Polish, or both in one.");
create_exception!(bialign, LimitError, BialignError, "A text over the size or memory limit.");

/// The Python exception of a library error: its class follows the error's kind, its message is the
/// library's one line, and its `kind` attribute is the kind's name (as in batch error records).
pub(crate) fn py_err(py: Python<'_>, e: &Error) -> PyErr {
    let msg = e.to_string();
    let err = match e.kind() {
        ErrorKind::Decode => DecodeError::new_err(msg),
        ErrorKind::Language => LanguageError::new_err(msg),
        ErrorKind::Limit => LimitError::new_err(msg),
        _ => BialignError::new_err(msg),
    };
    let _ = err.value(py).setattr("kind", e.kind().as_str());
    err
}

/// A text argument: `str`, or `bytes` holding UTF-8. `None` and other types are a `TypeError`,
/// bytes that are not UTF-8 a [`Error::Decode`] naming `name` and the offset.
pub(crate) fn text_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Result<String, Error>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(match s.to_cow() {
            Ok(s) => Ok(s.into_owned()),
            Err(e) => Err(Error::Decode {
                name: name.to_string(),
                reason: format!("the string cannot be encoded as UTF-8 ({e})"),
                offset: None,
            }),
        });
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        return Ok(match std::str::from_utf8(bytes) {
            Ok(s) => Ok(s.to_string()),
            Err(e) => Err(Error::Decode {
                name: name.to_string(),
                reason: format!(
                    "not valid UTF-8 (byte 0x{:02x} at offset {}); decode the bytes first, e.g. \
                     data.decode(\"windows-1250\")",
                    bytes[e.valid_up_to()],
                    e.valid_up_to()
                ),
                offset: Some(e.valid_up_to() as u64),
            }),
        });
    }
    let ty = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    Err(PyTypeError::new_err(format!("{name}: expected str or bytes, got {ty}")))
}

/// [`text_arg`] with a library error raised as its exception.
pub(crate) fn text(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let py = obj.py();
    text_arg(obj, name)?.map_err(|e| py_err(py, &e))
}

pub(crate) fn parse_mode(mode: &str) -> PyResult<Option<bialign::Mode>> {
    match mode {
        "auto" => Ok(None),
        "translation" => Ok(Some(bialign::Mode::Translation)),
        "comparable" => Ok(Some(bialign::Mode::Comparable)),
        other => Err(PyValueError::new_err(format!(
            "mode: expected \"auto\", \"translation\" or \"comparable\", got {other:?}"
        ))),
    }
}

pub(crate) fn parse_only(only: Option<&str>) -> PyResult<Only> {
    match only {
        None => Ok(Only::Both),
        Some("sentences") => Ok(Only::Sentences),
        Some("quotes") => Ok(Only::Quotes),
        Some(other) => Err(PyValueError::new_err(format!(
            "only: expected None, \"sentences\" or \"quotes\", got {other:?}"
        ))),
    }
}

pub(crate) fn parse_lang(lang: Option<&str>) -> PyResult<Option<Lang>> {
    match lang {
        None | Some("auto") => Ok(None),
        Some("en") => Ok(Some(Lang::En)),
        Some("pl") => Ok(Some(Lang::Pl)),
        Some(other) => {
            Err(PyValueError::new_err(format!("lang: expected None, \"en\" or \"pl\", got {other:?}")))
        }
    }
}

pub(crate) fn check_score(min_score: f32) -> PyResult<f32> {
    if (0.0..=1.0).contains(&min_score) {
        Ok(min_score)
    } else {
        Err(PyValueError::new_err(format!("min_score: expected a number from 0 to 1, got {min_score}")))
    }
}

/// Texts are Unicode: decoded as UTF-8 whatever they look like (as `batch` reads JSON strings).
pub(crate) fn ingest_options() -> IngestOptions {
    IngestOptions { encoding: Some("utf-8".into()), ..Default::default() }
}

/// Ingest and route `text`; with `lang`, every paragraph is taken to be in it (and the document
/// too when `whole`).
pub(crate) fn routed(name: &str, text: &str, lang: Option<Lang>, whole: bool) -> Result<Document, Error> {
    let mut doc = bialign::ingest::ingest_bytes(name, text.as_bytes(), &ingest_options())?;
    bialign::lang::route(&mut doc);
    if let Some(l) = lang {
        for p in &mut doc.paragraphs {
            p.lang = l;
        }
        if whole {
            doc.lang = l;
        }
    }
    Ok(doc)
}

/// All per-document stages (as `bialign quotes` and `align` run them), the language forced with `lang`.
pub(crate) fn analyzed(name: &str, text: &str, lang: Option<Lang>) -> Result<Document, Error> {
    let mut doc = routed(name, text, lang, true)?;
    bialign::segment::segment(&mut doc);
    bialign::quote::extract(&mut doc);
    Ok(doc)
}

/// Lines of a library writer's output, each one record.
pub(crate) fn lines(bytes: Vec<u8>) -> Vec<String> {
    String::from_utf8(bytes).unwrap_or_default().lines().map(str::to_string).collect()
}

pub(crate) fn json_loads<'py>(py: Python<'py>, s: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (s,))
}
