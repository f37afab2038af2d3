//! The result classes of `split`, `quotes`, `detect` and `qa`: spans, quotations, detections and
//! findings.

use bialign::Document;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::json_loads;

// ---------------------------------------------------------------------------------------------
// Results

/// A byte span of a text (end-exclusive, UTF-8 offsets as in the JSON Lines records) and its text.
#[pyclass(frozen, module = "bialign", get_all)]
pub(crate) struct Span {
    /// Byte offset of the start in the UTF-8 text.
    pub(crate) start: usize,
    /// Byte offset of the end (exclusive).
    pub(crate) end: usize,
    /// The text of the span.
    pub(crate) text: String,
}

#[pymethods]
impl Span {
    /// `{"start", "end", "text"}`: the record of `bialign split --format jsonl`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("start", self.start)?;
        d.set_item("end", self.end)?;
        d.set_item("text", &self.text)?;
        Ok(d)
    }

    /// The record as one JSON line (no line break).
    fn to_json(&self) -> String {
        serde_json::json!({"start": self.start, "end": self.end, "text": self.text}).to_string()
    }

    fn __repr__(&self) -> String {
        format!("Span({}, {}, {:?})", self.start, self.end, clip(&self.text))
    }
}

pub(crate) fn clip(s: &str) -> String {
    let mut c: String = s.chars().take(40).collect();
    if c.len() < s.len() {
        c.push('…');
    }
    c
}

pub(crate) fn span(doc: &Document, s: bialign::Span) -> Span {
    Span { start: s.start, end: s.end, text: doc.slice(s).to_string() }
}

/// A quotation found in a text.
#[pyclass(frozen, module = "bialign", get_all)]
pub(crate) struct Quote {
    /// Byte offset of the start of the quoted words (marks excluded).
    pub(crate) start: usize,
    /// Byte offset of the end (exclusive).
    pub(crate) end: usize,
    /// The quoted words.
    pub(crate) text: String,
    /// "speech", "title" or "scare".
    pub(crate) kind: &'static str,
    /// Who says it (canonical form), or None.
    pub(crate) speaker: Option<String>,
    /// The speaker's mention as written, or None.
    pub(crate) speaker_text: Option<String>,
    /// Pieces of one utterance split by its attribution share this number.
    pub(crate) utterance: usize,
    /// Nesting depth (0: top level).
    pub(crate) depth: u8,
    /// The marks were unbalanced (the span is a best effort).
    pub(crate) unbalanced: bool,
    pub(crate) json: String,
}

#[pymethods]
impl Quote {
    /// The record of `bialign quotes --format jsonl`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.json)
    }

    /// The record as one JSON line (no line break), the CLI's bytes.
    fn to_json(&self) -> String {
        self.json.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Quote({}, {}, {:?}, kind={:?}, speaker={:?})",
            self.start,
            self.end,
            clip(&self.text),
            self.kind,
            self.speaker
        )
    }
}

/// The language of a text.
#[pyclass(frozen, module = "bialign", get_all)]
pub(crate) struct Detection {
    /// ISO 639-1 code: "en", "pl", another language's code, or "und".
    pub(crate) lang: &'static str,
    /// The language's English name.
    pub(crate) name: &'static str,
    /// Confidence from 0 to 1 (three decimals, as the CLI writes it).
    pub(crate) confidence: f64,
}

#[pymethods]
impl Detection {
    /// `{"lang", "confidence"}` (the CLI's `detect --format jsonl` record without its "file").
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("lang", self.lang)?;
        d.set_item("confidence", self.confidence)?;
        Ok(d)
    }

    fn to_json(&self) -> String {
        serde_json::json!({"lang": self.lang, "confidence": self.confidence}).to_string()
    }

    fn __repr__(&self) -> String {
        format!("Detection(lang={:?}, confidence={})", self.lang, self.confidence)
    }
}

/// A QA finding about an aligned pair.
#[pyclass(frozen, module = "bialign", get_all)]
pub(crate) struct Finding {
    /// The check's name ("number-mismatch", "missing-quote", …).
    pub(crate) check: &'static str,
    /// "error", "warning" or "style".
    pub(crate) severity: &'static str,
    /// What is wrong, for a person.
    pub(crate) message: String,
    /// The English spans concerned.
    pub(crate) en: Vec<Py<Span>>,
    /// The Polish spans concerned.
    pub(crate) pl: Vec<Py<Span>>,
    pub(crate) json: String,
}

#[pymethods]
impl Finding {
    /// The record of `bialign qa --format jsonl`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.json)
    }

    fn to_json(&self) -> String {
        self.json.clone()
    }

    fn __repr__(&self) -> String {
        format!("Finding({:?}, {:?}, {:?})", self.check, self.severity, clip(&self.message))
    }
}
