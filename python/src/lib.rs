//! The `bialign._native` extension module: the library's stages and aligner for Python, with the
//! command line's JSON Lines records (rendered by the library's own writers, so the bytes are the
//! CLI's). The Python package `bialign` (python/bialign/__init__.py) re-exports it with docs.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use bialign::batch::BatchOptions;
use bialign::output::jsonl::Only;
use bialign::output::{AlignedPair, Format, WriteOptions};
use bialign::IngestOptions;
use bialign::{Document, Lang};
use bialign::{Error, ErrorKind};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyIterator, PyList, PyString, PyTuple};

/// The CLI's allocator (Python's own allocations are not affected).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

create_exception!(bialign, BialignError, PyValueError, "An input bialign cannot work on (the base class).");
create_exception!(bialign, DecodeError, BialignError, "Bytes that are not UTF-8 text, or an empty text.");
create_exception!(bialign, LanguageError, BialignError, "A text not in English or Polish, or both in one.");
create_exception!(bialign, LimitError, BialignError, "A text over the size or memory limit.");

/// The Python exception of a library error: its class follows the error's kind, its message is the
/// library's one line, and its `kind` attribute is the kind's name (as in batch error records).
fn py_err(py: Python<'_>, e: &Error) -> PyErr {
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
fn text_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Result<String, Error>> {
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
fn text(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let py = obj.py();
    text_arg(obj, name)?.map_err(|e| py_err(py, &e))
}

fn parse_mode(mode: &str) -> PyResult<Option<bialign::Mode>> {
    match mode {
        "auto" => Ok(None),
        "translation" => Ok(Some(bialign::Mode::Translation)),
        "comparable" => Ok(Some(bialign::Mode::Comparable)),
        other => Err(PyValueError::new_err(format!(
            "mode: expected \"auto\", \"translation\" or \"comparable\", got {other:?}"
        ))),
    }
}

fn parse_only(only: Option<&str>) -> PyResult<Only> {
    match only {
        None => Ok(Only::Both),
        Some("sentences") => Ok(Only::Sentences),
        Some("quotes") => Ok(Only::Quotes),
        Some(other) => Err(PyValueError::new_err(format!(
            "only: expected None, \"sentences\" or \"quotes\", got {other:?}"
        ))),
    }
}

fn parse_lang(lang: Option<&str>) -> PyResult<Option<Lang>> {
    match lang {
        None | Some("auto") => Ok(None),
        Some("en") => Ok(Some(Lang::En)),
        Some("pl") => Ok(Some(Lang::Pl)),
        Some(other) => {
            Err(PyValueError::new_err(format!("lang: expected None, \"en\" or \"pl\", got {other:?}")))
        }
    }
}

fn check_score(min_score: f32) -> PyResult<f32> {
    if (0.0..=1.0).contains(&min_score) {
        Ok(min_score)
    } else {
        Err(PyValueError::new_err(format!("min_score: expected a number from 0 to 1, got {min_score}")))
    }
}

/// Texts are Unicode: decoded as UTF-8 whatever they look like (as `batch` reads JSON strings).
fn ingest_options() -> IngestOptions {
    IngestOptions { encoding: Some("utf-8".into()), ..Default::default() }
}

/// Ingest and route `text`; with `lang`, every paragraph is taken to be in it (and the document
/// too when `whole`).
fn routed(name: &str, text: &str, lang: Option<Lang>, whole: bool) -> Result<Document, Error> {
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
fn analyzed(name: &str, text: &str, lang: Option<Lang>) -> Result<Document, Error> {
    let mut doc = routed(name, text, lang, true)?;
    bialign::segment::segment(&mut doc);
    bialign::quote::extract(&mut doc);
    Ok(doc)
}

/// Lines of a library writer's output, each one record.
fn lines(bytes: Vec<u8>) -> Vec<String> {
    String::from_utf8(bytes).unwrap_or_default().lines().map(str::to_string).collect()
}

fn json_loads<'py>(py: Python<'py>, s: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (s,))
}

// ---------------------------------------------------------------------------------------------
// Results

/// A byte span of a text (end-exclusive, UTF-8 offsets as in the JSON Lines records) and its text.
#[pyclass(frozen, module = "bialign", get_all)]
struct Span {
    /// Byte offset of the start in the UTF-8 text.
    start: usize,
    /// Byte offset of the end (exclusive).
    end: usize,
    /// The text of the span.
    text: String,
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

fn clip(s: &str) -> String {
    let mut c: String = s.chars().take(40).collect();
    if c.len() < s.len() {
        c.push('…');
    }
    c
}

fn span(doc: &Document, s: bialign::Span) -> Span {
    Span { start: s.start, end: s.end, text: doc.slice(s).to_string() }
}

/// A quotation found in a text.
#[pyclass(frozen, module = "bialign", get_all)]
struct Quote {
    /// Byte offset of the start of the quoted words (marks excluded).
    start: usize,
    /// Byte offset of the end (exclusive).
    end: usize,
    /// The quoted words.
    text: String,
    /// "speech", "title" or "scare".
    kind: &'static str,
    /// Who says it (canonical form), or None.
    speaker: Option<String>,
    /// The speaker's mention as written, or None.
    speaker_text: Option<String>,
    /// Pieces of one utterance split by its attribution share this number.
    utterance: usize,
    /// Nesting depth (0: top level).
    depth: u8,
    /// The marks were unbalanced (the span is a best effort).
    unbalanced: bool,
    json: String,
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
struct Detection {
    /// ISO 639-1 code: "en", "pl", another language's code, or "und".
    lang: &'static str,
    /// The language's English name.
    name: &'static str,
    /// Confidence from 0 to 1 (three decimals, as the CLI writes it).
    confidence: f64,
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
struct Finding {
    /// The check's name ("number-mismatch", "missing-quote", …).
    check: &'static str,
    /// "error", "warning" or "style".
    severity: &'static str,
    /// What is wrong, for a person.
    message: String,
    /// The English spans concerned.
    en: Vec<Py<Span>>,
    /// The Polish spans concerned.
    pl: Vec<Py<Span>>,
    json: String,
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

/// An aligned pair, and how to write it.
struct Pair {
    id: Option<String>,
    en: Document,
    pl: Document,
    alignment: bialign::Alignment,
    swapped: bool,
    note: Option<&'static str>,
    only: Only,
    min_score: f32,
}

impl Pair {
    /// The pair's JSON Lines, by the writer `align --format jsonl` and `batch` use.
    fn render(&self) -> Vec<u8> {
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
struct Link {
    pair: Arc<Pair>,
    quote: bool,
    index: usize,
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
struct Alignment {
    pair: Arc<Pair>,
    /// The records, when rendered already (by `align_many`'s workers).
    jsonl: Option<String>,
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
struct AlignError {
    /// The record id.
    id: String,
    /// The error message (one line).
    error: String,
    /// "decode", "record", "limit", "language", "timeout", "panic", …
    kind: &'static str,
    json: String,
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
    let t = self::text(text, "text")?;
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
    let t = self::text(text, "text")?;
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
    let t = self::text(text, "text")?;
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

// ---------------------------------------------------------------------------------------------
// align_many

/// What a worker sends back: a rendered alignment or a failed record.
enum Outcome {
    Aligned(Box<Pair>, String),
    Failed { id: String, error: String, kind: &'static str, json: String },
}

fn failed(id: &str, e: &Error) -> Outcome {
    Outcome::Failed {
        id: id.to_string(),
        error: e.to_string(),
        kind: e.kind().as_str(),
        json: bialign::batch::pair::error_record(id, e).to_string(),
    }
}

/// One record of the input as the workers take it: `(id, en, pl)` or the record's error.
type Job = (String, Result<(String, String), Error>);

/// Read a record (`(id, en, pl)` or a mapping with "id", "en" and "pl"); `n` is its 1-based place.
fn job_of(obj: &Bound<'_, PyAny>, n: usize) -> Job {
    let bad =
        |id: String, reason: String| (id, Err(Error::Record { name: "align_many".into(), line: n, reason }));
    let (id, en, pl) = if let Ok(d) = obj.cast::<PyDict>() {
        let get = |k: &str| d.get_item(k).ok().flatten();
        (get("id"), get("en"), get("pl"))
    } else if obj.cast::<PyTuple>().is_ok() || obj.cast::<PyList>().is_ok() {
        match obj.len() {
            Ok(3) => (obj.get_item(0).ok(), obj.get_item(1).ok(), obj.get_item(2).ok()),
            Ok(k) => return bad(String::new(), format!("record {n}: expected (id, en, pl), got {k} items")),
            Err(_) => return bad(String::new(), format!("record {n}: expected (id, en, pl)")),
        }
    } else {
        let ty = obj.get_type().name().map(|t| t.to_string()).unwrap_or_default();
        return bad(String::new(), format!("record {n}: expected (id, en, pl) or a dict, got {ty}"));
    };
    let id = match id.as_ref().map(|i| i.extract::<String>()) {
        Some(Ok(id)) => id,
        Some(Err(_)) => return bad(String::new(), format!("record {n}: the id is not a str")),
        None => return bad(String::new(), format!("record {n}: no \"id\"")),
    };
    if let Err(reason) = bialign::ingest::jsonl::check_id(&id) {
        let cut = id.char_indices().nth(40).map_or(id.len(), |(i, _)| i);
        return bad(id[..cut].to_string(), reason);
    }
    let side = |v: Option<Bound<'_, PyAny>>, lang: &str| -> Result<String, Error> {
        let name = format!("{id} ({lang})");
        match v {
            None => Err(Error::Record {
                name: "align_many".into(),
                line: n,
                reason: format!("record {n}: no \"{lang}\""),
            }),
            Some(v) => match text_arg(&v, &name) {
                Ok(r) => r,
                Err(e) => Err(Error::Record { name: "align_many".into(), line: n, reason: e.to_string() }),
            },
        }
    };
    let texts = side(en, "en").and_then(|en| Ok((en, side(pl, "pl")?)));
    (id, texts)
}

struct ManyState {
    records: Py<PyIterator>,
    exhausted: bool,
    /// Records read from the input so far (the next one's sequence number).
    submitted: usize,
    /// Results handed out so far (the next one's sequence number).
    yielded: usize,
    /// Results that came back ahead of their turn.
    ahead: BTreeMap<usize, Outcome>,
    rx: Mutex<mpsc::Receiver<(usize, Outcome)>>,
}

/// The results of `align_many`, in input order.
#[pyclass(module = "bialign")]
struct AlignMany {
    state: Mutex<ManyState>,
    tx: mpsc::Sender<(usize, Outcome)>,
    pool: Arc<rayon::ThreadPool>,
    opts: Arc<BatchOptions>,
    window: usize,
}

#[pymethods]
impl AlignMany {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let mut st = self.state.try_lock().map_err(|_| {
            PyValueError::new_err("align_many: the results are already being read in another thread")
        })?;
        // Keep `window` records in flight: the workers go on while the caller handles a result.
        while !st.exhausted && st.submitted - st.yielded < self.window {
            let next = st.records.bind(py).clone().next();
            match next {
                None => st.exhausted = true,
                Some(Err(e)) => {
                    st.exhausted = true;
                    return Err(e);
                }
                Some(Ok(obj)) => {
                    let n = st.submitted;
                    st.submitted += 1;
                    let job = job_of(&obj, n + 1);
                    let (tx, opts) = (self.tx.clone(), self.opts.clone());
                    self.pool.spawn(move || {
                        let (id, texts) = job;
                        let outcome = match texts
                            .and_then(|(en, pl)| bialign::batch::pair::align_texts(&id, en, pl, &opts))
                        {
                            Ok(t) => {
                                let pair = Pair {
                                    id: Some(id),
                                    note: t.swapped.then_some(bialign::batch::SWAP_NOTE),
                                    en: t.en,
                                    pl: t.pl,
                                    alignment: t.alignment,
                                    swapped: t.swapped,
                                    only: opts.only,
                                    min_score: opts.min_score,
                                };
                                let json = String::from_utf8(pair.render()).unwrap_or_default();
                                Outcome::Aligned(Box::new(pair), json)
                            }
                            Err(e) => failed(&id, &e),
                        };
                        let _ = tx.send((n, outcome));
                    });
                }
            }
        }
        if st.yielded == st.submitted {
            return Ok(None);
        }
        let want = st.yielded;
        let outcome = loop {
            if let Some(o) = st.ahead.remove(&want) {
                break o;
            }
            let got = {
                let rx = &st.rx;
                py.detach(|| rx.lock().map_err(|_| mpsc::RecvError).and_then(|rx| rx.recv()))
            };
            match got {
                Ok((n, o)) if n == want => break o,
                Ok((n, o)) => {
                    st.ahead.insert(n, o);
                }
                Err(_) => return Err(BialignError::new_err("align_many: a worker stopped without a result")),
            }
        };
        st.yielded += 1;
        Ok(Some(match outcome {
            Outcome::Aligned(pair, json) => {
                Py::new(py, Alignment { pair: Arc::from(pair), jsonl: Some(json) })?.into_any()
            }
            Outcome::Failed { id, error, kind, json } => {
                Py::new(py, AlignError { id, error, kind, json })?.into_any()
            }
        }))
    }
}

/// Align many records on worker threads, yielding results in input order (`bialign batch`).
#[pyfunction]
#[pyo3(signature = (records, jobs = None, *, mode = "auto", only = None, min_score = 0.0))]
fn align_many(
    records: &Bound<'_, PyAny>,
    jobs: Option<usize>,
    mode: &str,
    only: Option<&str>,
    min_score: f32,
) -> PyResult<AlignMany> {
    let mode = parse_mode(mode)?;
    let only = parse_only(only)?;
    let min_score = check_score(min_score)?;
    let jobs = match jobs {
        Some(0) => return Err(PyValueError::new_err("jobs: expected at least 1 (or None: one per core)")),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("bialign-{i}"))
        .build()
        .map_err(|e| BialignError::new_err(format!("align_many: cannot start {jobs} worker threads: {e}")))?;
    let opts = BatchOptions {
        only,
        min_score,
        jobs,
        align: bialign::AlignOptions { mode, ..Default::default() },
        ..Default::default()
    };
    let (tx, rx) = mpsc::channel();
    let records = records.try_iter()?.unbind();
    Ok(AlignMany {
        state: Mutex::new(ManyState {
            records,
            exhausted: false,
            submitted: 0,
            yielded: 0,
            ahead: BTreeMap::new(),
            rx: Mutex::new(rx),
        }),
        tx,
        pool: Arc::new(pool),
        opts: Arc::new(opts),
        window: 4 * jobs,
    })
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
