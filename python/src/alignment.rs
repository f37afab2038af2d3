//! An aligned pair for Python: its links, its unmatched units, and its JSON Lines record (the
//! library's own writer, so the bytes are the command line's).

use std::sync::Arc;

use bialign::output::jsonl::Only;
use bialign::output::{AlignedPair, Format, WriteOptions};
use bialign::Document;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::{json_loads, BialignError, DecodeError, LanguageError, LimitError};
use crate::types::{span, Span};

/// An aligned pair, and how to write it.
pub(crate) struct Pair {
    pub(crate) id: Option<String>,
    pub(crate) en: Document,
    pub(crate) pl: Document,
    pub(crate) alignment: bialign::Alignment,
    pub(crate) swapped: bool,
    pub(crate) note: Option<&'static str>,
    pub(crate) only: Only,
    pub(crate) min_score: f32,
}

impl Pair {
    /// The pair's JSON Lines, by the writer `align --format jsonl` and `batch` use.
    pub(crate) fn render(&self) -> Vec<u8> {
        let w = bialign::output::writer(
            Format::Jsonl,
            WriteOptions { only: self.only, min_score: self.min_score, ..Default::default() },
        );
        let pair = AlignedPair {
            id: self.id.as_deref(),
            en: &self.en,
            pl: &self.pl,
            alignment: &self.alignment,
            swapped: self.swapped,
            note: self.note,
            findings: &[],
        };
        let mut out = Vec::with_capacity(3 * (self.en.text.len() + self.pl.text.len()) + 4096);
        // Writing into a Vec cannot fail.
        let _ = w.pair(&mut out, &pair);
        out
    }

    /// The links written (the kinds asked for, over the score floor), as `(kind, index)`.
    fn kept(&self, quote: bool) -> Vec<usize> {
        let (links, wanted) = if quote {
            (&self.alignment.quotes, self.only != Only::Sentences)
        } else {
            (&self.alignment.sentences, self.only != Only::Quotes)
        };
        if !wanted {
            return Vec::new();
        }
        (0..links.len()).filter(|&i| links[i].kept(self.min_score)).collect()
    }
}

/// One link between the two texts: sentences or quotations. A side may be empty: an unmatched unit.
#[pyclass(frozen, module = "bialign")]
pub(crate) struct Link {
    pub(crate) pair: Arc<Pair>,
    pub(crate) quote: bool,
    pub(crate) index: usize,
}

impl Link {
    fn link(&self) -> &bialign::Link {
        let a = &self.pair.alignment;
        if self.quote {
            &a.quotes[self.index]
        } else {
            &a.sentences[self.index]
        }
    }

    fn spans(&self, doc: &Document, idx: &[usize]) -> Vec<Span> {
        idx.iter()
            .map(|&i| span(doc, if self.quote { doc.quotes[i].span } else { doc.sentences[i].span }))
            .collect()
    }

    fn speaker(&self, doc: &Document, idx: &[usize]) -> Option<String> {
        if !self.quote {
            return None;
        }
        idx.iter().find_map(|&i| doc.quotes[i].speaker.as_ref().map(|s| s.name.clone()))
    }

    fn json(&self) -> String {
        let p = &self.pair;
        let kind = if self.quote { "quote" } else { "sentence" };
        let mut v = bialign::output::jsonl::link_json(
            p.id.as_deref(),
            kind,
            p.alignment.mode,
            self.link(),
            &p.en,
            &p.pl,
        );
        if let (Some(n), serde_json::Value::Object(o)) = (p.note, &mut v) {
            o.insert("note".into(), n.into());
        }
        v.to_string()
    }
}

#[pymethods]
impl Link {
    /// "sentence" or "quote".
    #[getter]
    fn kind(&self) -> &'static str {
        if self.quote {
            "quote"
        } else {
            "sentence"
        }
    }

    /// The English units of the link (empty: an unmatched Polish unit).
    #[getter]
    fn en(&self) -> Vec<Span> {
        self.spans(&self.pair.en, &self.link().en)
    }

    /// The Polish units of the link (empty: an unmatched English unit).
    #[getter]
    fn pl(&self) -> Vec<Span> {
        self.spans(&self.pair.pl, &self.link().pl)
    }

    /// Confidence from 0 to 1, to three decimals as in the records (0 for an unmatched unit).
    #[getter]
    fn score(&self) -> f64 {
        (self.link().score as f64 * 1000.0).round() / 1000.0
    }

    /// Whether both sides hold units.
    #[getter]
    fn is_match(&self) -> bool {
        self.link().is_match()
    }

    /// The English speaker of a quote link (None for sentences or when unknown).
    #[getter]
    fn speaker_en(&self) -> Option<String> {
        self.speaker(&self.pair.en, &self.link().en)
    }

    /// The Polish speaker of a quote link (None for sentences or when unknown).
    #[getter]
    fn speaker_pl(&self) -> Option<String> {
        self.speaker(&self.pair.pl, &self.link().pl)
    }

    /// What made the link: {"names", "numbers", "lexicon", "cognates": [str], "speaker_match":
    /// bool | None, "method": str | None}.
    #[getter]
    fn evidence<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let e = &self.link().evidence;
        let d = PyDict::new(py);
        d.set_item("names", &e.names)?;
        d.set_item("numbers", &e.numbers)?;
        d.set_item("lexicon", &e.lexicon)?;
        d.set_item("cognates", &e.cognates)?;
        d.set_item("speaker_match", e.speaker_match)?;
        d.set_item("method", e.method.as_deref())?;
        Ok(d)
    }

    /// The link's record of `bialign align --format jsonl` (with "doc" and "note" as `batch`
    /// writes them for results of `align_many`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.json())
    }

    /// The record as one JSON line (no line break), the CLI's bytes.
    fn to_json(&self) -> String {
        self.json()
    }

    fn __repr__(&self) -> String {
        let side = |v: &[usize]| format!("{v:?}");
        format!(
            "Link(kind={:?}, en={}, pl={}, score={})",
            self.kind(),
            side(&self.link().en),
            side(&self.link().pl),
            self.score()
        )
    }
}

/// The alignment of an English and a Polish text.
#[pyclass(frozen, module = "bialign")]
pub(crate) struct Alignment {
    pub(crate) pair: Arc<Pair>,
    /// The records, when rendered already (by `align_many`'s workers).
    pub(crate) jsonl: Option<String>,
}

impl Alignment {
    fn links(&self, py: Python<'_>, quote: bool) -> PyResult<Vec<Py<Link>>> {
        self.pair
            .kept(quote)
            .into_iter()
            .map(|index| Py::new(py, Link { pair: self.pair.clone(), quote, index }))
            .collect()
    }

    fn jsonl(&self) -> String {
        match &self.jsonl {
            Some(s) => s.clone(),
            None => String::from_utf8(self.pair.render()).unwrap_or_default(),
        }
    }
}

#[pymethods]
impl Alignment {
    /// The record id (results of `align_many`), or None.
    #[getter]
    fn id(&self) -> Option<&str> {
        self.pair.id.as_deref()
    }

    /// "translation" or "comparable": how the texts were aligned.
    #[getter]
    fn mode(&self) -> &'static str {
        self.pair.alignment.mode.as_str()
    }

    /// Whether the texts were given Polish first (they are aligned the right way round).
    #[getter]
    fn swapped(&self) -> bool {
        self.pair.swapped
    }

    /// Always False (a failed record of `align_many` is an `AlignError`).
    #[getter]
    fn is_error(&self) -> bool {
        false
    }

    /// The sentence links written (the unmatched sentences as one-sided links).
    #[getter]
    fn sentences(&self, py: Python<'_>) -> PyResult<Vec<Py<Link>>> {
        self.links(py, false)
    }

    /// The quote links written (the unmatched quotes as one-sided links).
    #[getter]
    fn quotes(&self, py: Python<'_>) -> PyResult<Vec<Py<Link>>> {
        self.links(py, true)
    }

    /// The English text the offsets index.
    #[getter]
    fn en_text(&self) -> &str {
        &self.pair.en.text
    }

    /// The Polish text the offsets index.
    #[getter]
    fn pl_text(&self) -> &str {
        &self.pair.pl.text
    }

    /// The records of `to_json()`, parsed: a list of dicts (quote links, then sentence links).
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for line in self.jsonl().lines() {
            out.append(json_loads(py, line)?)?;
        }
        Ok(out)
    }

    /// `{"id", "mode", "swapped", "records"}`: the result with its JSON Lines records as dicts.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("id", self.id())?;
        d.set_item("mode", self.mode())?;
        d.set_item("swapped", self.swapped())?;
        d.set_item("records", self.records(py)?)?;
        Ok(d)
    }

    /// The JSON Lines of `bialign align --format jsonl` (for `align_many`, of `bialign batch`):
    /// one record per line, each line ending in a line break; the same bytes.
    fn to_json(&self) -> String {
        self.jsonl()
    }

    fn __repr__(&self) -> String {
        format!(
            "Alignment(id={:?}, mode={:?}, sentences={}, quotes={})",
            self.pair.id,
            self.mode(),
            self.pair.kept(false).len(),
            self.pair.kept(true).len()
        )
    }
}

/// A record of `align_many` that could not be aligned: the error record `batch` writes.
#[pyclass(frozen, module = "bialign", get_all)]
pub(crate) struct AlignError {
    /// The record id.
    pub(crate) id: String,
    /// The error message (one line).
    pub(crate) error: String,
    /// "decode", "record", "limit", "language", "timeout", "panic", …
    pub(crate) kind: &'static str,
    pub(crate) json: String,
}

#[pymethods]
impl AlignError {
    /// Always True.
    #[getter]
    fn is_error(&self) -> bool {
        true
    }

    /// `[error record]` (the same shape as `Alignment.records()`).
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, [json_loads(py, &self.json)?])
    }

    /// The error record `{"doc", "error", "kind", "stage"?, "line"? | "offset"?}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.json)
    }

    /// The error record as `batch` writes it: one JSON line with its line break.
    fn to_json(&self) -> String {
        format!("{}\n", self.json)
    }

    /// Raise the error as its exception.
    fn raise_error(&self) -> PyResult<()> {
        let err = match self.kind {
            "decode" => DecodeError::new_err(self.error.clone()),
            "language" => LanguageError::new_err(self.error.clone()),
            "limit" => LimitError::new_err(self.error.clone()),
            _ => BialignError::new_err(self.error.clone()),
        };
        Err(err)
    }

    fn __repr__(&self) -> String {
        format!("AlignError(id={:?}, kind={:?}, error={:?})", self.id, self.kind, self.error)
    }
}
