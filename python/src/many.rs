//! `align_many`: records aligned on a pool of worker threads, yielded in input order as they
//! finish, a failed record yielded as an error record without stopping the rest.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use bialign::batch::BatchOptions;
use bialign::Error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PyTuple};

use crate::alignment::{AlignError, Alignment, Pair};
use crate::convert::{check_score, parse_mode, parse_only, text_arg, BialignError};

// ---------------------------------------------------------------------------------------------
// align_many

/// What a worker sends back: a rendered alignment or a failed record.
pub(crate) enum Outcome {
    Aligned(Box<Pair>, String),
    Failed { id: String, error: String, kind: &'static str, json: String },
}

pub(crate) fn failed(id: &str, e: &Error) -> Outcome {
    Outcome::Failed {
        id: id.to_string(),
        error: e.to_string(),
        kind: e.kind().as_str(),
        json: bialign::batch::pair::error_record(id, e).to_string(),
    }
}

/// One record of the input as the workers take it: `(id, en, pl)` or the record's error.
pub(crate) type Job = (String, Result<(String, String), Error>);

/// Read a record (`(id, en, pl)` or a mapping with "id", "en" and "pl"); `n` is its 1-based place.
pub(crate) fn job_of(obj: &Bound<'_, PyAny>, n: usize) -> Job {
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

pub(crate) struct ManyState {
    pub(crate) records: Py<PyIterator>,
    pub(crate) exhausted: bool,
    /// Records read from the input so far (the next one's sequence number).
    pub(crate) submitted: usize,
    /// Results handed out so far (the next one's sequence number).
    pub(crate) yielded: usize,
    /// Results that came back ahead of their turn.
    pub(crate) ahead: BTreeMap<usize, Outcome>,
    pub(crate) rx: Mutex<mpsc::Receiver<(usize, Outcome)>>,
}

/// The results of `align_many`, in input order.
#[pyclass(module = "bialign")]
pub(crate) struct AlignMany {
    pub(crate) state: Mutex<ManyState>,
    pub(crate) tx: mpsc::Sender<(usize, Outcome)>,
    pub(crate) pool: Arc<rayon::ThreadPool>,
    pub(crate) opts: Arc<BatchOptions>,
    pub(crate) window: usize,
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
pub(crate) fn align_many(
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
