//! One pair of a batch, start to finish: read, analyse, order, align, render through the run's
//! [`Writer`], or turn any failure (including a panic, a timeout and a record over its memory
//! budget) into the pair's error record.

use std::cell::Cell;

use crate::align::{align, AlignOptions, Alignment};
use crate::error::Error;
use crate::ingest::IngestOptions;
use crate::model::Document;
use crate::output::{AlignedPair, Format, Writer};

use super::input::{PairJob, PairSource};
use super::journal::Status;
use super::{BatchOptions, PairStats};

/// The note on every record of a pair whose sides were swapped in the input.
pub const SWAP_NOTE: &str = "the en and pl sides were swapped in the input; aligned the right way round";

/// One processed chunk: its pairs' records rendered one after the other into one buffer, so the
/// writer hands them to the operating system in one piece.
pub(crate) struct ChunkOutput {
    /// The records to write (JSON Lines, TSV rows or TMX units; error records of failed JSONL pairs).
    pub bytes: Vec<u8>,
    pub pairs: Vec<PairOutput>,
}

/// One processed pair of a chunk.
pub(crate) struct PairOutput {
    pub id: String,
    /// Input bytes this pair held in flight.
    pub input_bytes: u64,
    /// Where the input was after this pair (for the progress display).
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub input_pos: u64,
    pub status: Status,
    pub stats: PairStats,
    /// Fingerprint of the pair's input (see [`fingerprint`]).
    pub hash: u64,
    /// Where this pair's records end in the chunk's bytes (they start where the previous pair's end).
    pub end: usize,
    /// The error message of a failed pair.
    pub error: Option<String>,
    /// Warnings about the pair's input (replaced bytes).
    pub warnings: Vec<String>,
}

/// A 64-bit fingerprint of bytes, the same on every run and machine (eight bytes at a time).
pub fn hash_bytes(h: u64, b: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = h ^ (b.len() as u64).wrapping_mul(K);
    let mut words = b.chunks_exact(8);
    for w in &mut words {
        let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        h = (h.rotate_left(5) ^ x).wrapping_mul(K);
    }
    for &x in words.remainder() {
        h = (h.rotate_left(5) ^ u64::from(x)).wrapping_mul(K);
    }
    h
}

/// The fingerprint of a pair's input: its id and both texts (as read: file bytes, or record strings).
pub fn fingerprint(id: &str, en: &[u8], pl: &[u8]) -> u64 {
    hash_bytes(hash_bytes(hash_bytes(1, id.as_bytes()), en), pl)
}

/// The fingerprint of a job as it is (reading a pair's files; what a resumed run compares with the
/// journal for the pairs it skips).
pub fn job_fingerprint(job: &PairJob, ingest: &IngestOptions) -> u64 {
    match &job.source {
        PairSource::Texts { en, pl } => fingerprint(&job.id, en.as_bytes(), pl.as_bytes()),
        PairSource::Files { en, pl } => files_fingerprint(&job.id, en, pl, ingest),
        PairSource::Failed(e) => fingerprint(&job.id, e.to_string().as_bytes(), b""),
    }
}

/// The fingerprint of a pair of files as they are now (a side that cannot be read counts as empty).
fn files_fingerprint(id: &str, en: &std::path::Path, pl: &std::path::Path, ingest: &IngestOptions) -> u64 {
    let read = |p: &std::path::Path| crate::ingest::read_input(p, ingest).map(|(_, b)| b).unwrap_or_default();
    fingerprint(id, &read(en), &read(pl))
}

/// The memory a record's analysis and alignment may take at most, estimated from its text before any
/// work: bytes of article text cost up to [`MEMORY_PER_BYTE`] each, quotation marks (each a quote
/// to extract, pair and align) up to [`MEMORY_PER_QUOTE_MARK`]. Measured peaks (release build,
/// `batch -j 1`, one 6 MB side of each shape) stay under the estimate: `.` runs 66 B/byte, one
/// `.` per line 83, word runs 28 to 46, real article text 46, `"a" ` runs 255 (340 per mark).
pub fn memory_estimate(text: &[u8]) -> u64 {
    // `"`, and the last bytes of „ “ ” (E2 80 9E/9C/9D) and « (C2 AB), which no Polish letter has.
    let marks = memchr::memchr3_iter(b'"', 0x9C, 0x9D, text).count() as u64
        + memchr::memchr2_iter(0x9E, 0xAB, text).count() as u64;
    (text.len() as u64)
        .saturating_mul(MEMORY_PER_BYTE)
        .saturating_add(marks.saturating_mul(MEMORY_PER_QUOTE_MARK))
}

/// See [`memory_estimate`].
pub const MEMORY_PER_BYTE: u64 = 100;
/// See [`memory_estimate`].
pub const MEMORY_PER_QUOTE_MARK: u64 = 400;

/// Refuse a pair whose estimated memory is over the budget (an error record, before any work).
fn check_memory(id: &str, en: &[u8], pl: &[u8], budget: u64) -> Result<(), Error> {
    if budget == 0 || estimate_off() {
        return Ok(());
    }
    let need = memory_estimate(en).saturating_add(memory_estimate(pl));
    if need > budget {
        return Err(Error::Limit {
            name: id.to_string(),
            reason: format!(
                "the pair would need about {need} bytes of memory to align ({} + {} bytes of text), over \
                 the budget of {budget} bytes per pair (raise it with --max-pair-memory)",
                en.len(),
                pl.len(),
            ),
        });
    }
    Ok(())
}

/// Test builds only (debug assertions on): `BIALIGN_FAULT=no-memory-estimate` skips the estimate, so
/// that the measured budget ([`super::memory`]) can be tested end to end.
#[cfg(debug_assertions)]
fn estimate_off() -> bool {
    std::env::var("BIALIGN_FAULT").is_ok_and(|f| f == "no-memory-estimate")
}

#[cfg(not(debug_assertions))]
fn estimate_off() -> bool {
    false
}

/// The error of a pair whose measured memory went over the budget (see [`super::memory`]).
fn over_budget(id: &str, mem: super::memory::Mark, budget: u64, stage: &str) -> Result<(), Error> {
    match super::memory::over(mem, budget) {
        None => Ok(()),
        Some(peak) => Err(Error::Limit {
            name: id.to_string(),
            reason: format!(
                "the pair took {peak} bytes of memory by the end of {stage}, over the budget of {budget} \
                 bytes per pair (raise it with --max-pair-memory)"
            ),
        }),
    }
}

/// A pair read, analysed, put in order and aligned.
struct Aligned {
    en: Document,
    pl: Document,
    swapped: bool,
    alignment: Alignment,
    hash: u64,
}

/// Read, analyse, check the languages of and align one pair; `stage` follows what is being done
/// (for a panic's report).
fn load_and_align(
    job: PairJob,
    opts: &BatchOptions,
    aopts: &AlignOptions,
    stage: &Cell<&'static str>,
    mem: super::memory::Mark,
    input_hash: &Cell<Option<u64>>,
) -> Result<Aligned, Error> {
    // The long stages stop early when the pair's time is up or its memory over the budget (checked
    // with the clock); `check` then tells which, after the stage.
    let budget = opts.max_pair_memory;
    let mut deadline = crate::deadline::Deadline::after(opts.pair_timeout);
    if budget > 0 {
        deadline = deadline.with_check(move || super::memory::over(mem, budget).is_some());
    }
    let check = |what: &'static str| -> Result<(), Error> {
        over_budget(&job.id, mem, budget, what)?;
        if deadline.passed() {
            return Err(Error::Timeout {
                id: job.id.clone(),
                stage: what,
                limit_secs: opts.pair_timeout.map_or(0.0, |d| d.as_secs_f64()),
            });
        }
        Ok(())
    };
    let id = job.id.clone();
    // The stages that take no options see the pair's deadline as their thread's (crate::deadline::scope).
    let (en, pl, hash) = crate::deadline::scope(&deadline, || -> Result<_, Error> {
        Ok(match job.source {
            PairSource::Failed(ref e) => return Err(clone_error(e)),
            PairSource::Files { ref en, ref pl } => {
                stage.set("reading");
                let (en_name, en_bytes) = crate::ingest::read_input(en, &opts.ingest)?;
                let (pl_name, pl_bytes) = crate::ingest::read_input(pl, &opts.ingest)?;
                let hash = fingerprint(&id, &en_bytes, &pl_bytes);
                input_hash.set(Some(hash));
                check_memory(&id, &en_bytes, &pl_bytes, opts.max_pair_memory)?;
                stage.set("analysing the English side");
                let en_doc = crate::analyze_path_bytes(en, &en_name, &en_bytes, &opts.ingest)?;
                drop(en_bytes);
                check("analysing the English side")?;
                stage.set("analysing the Polish side");
                let pl_doc = crate::analyze_path_bytes(pl, &pl_name, &pl_bytes, &opts.ingest)?;
                (en_doc, pl_doc, hash)
            }
            PairSource::Texts { ref en, ref pl } => {
                let hash = fingerprint(&id, en.as_bytes(), pl.as_bytes());
                input_hash.set(Some(hash));
                check_memory(&id, en.as_bytes(), pl.as_bytes(), opts.max_pair_memory)?;
                // JSON strings are Unicode: the texts are UTF-8 whatever --encoding says for files.
                let ingest = IngestOptions { encoding: Some("utf-8".into()), ..opts.ingest.clone() };
                stage.set("analysing the English side");
                let en_doc = crate::analyze(&format!("{id} (en)"), en.as_bytes(), &ingest)?;
                check("analysing the English side")?;
                stage.set("analysing the Polish side");
                let pl_doc = crate::analyze(&format!("{id} (pl)"), pl.as_bytes(), &ingest)?;
                (en_doc, pl_doc, hash)
            }
        })
    })?;
    check("analysing the Polish side")?;
    stage.set("checking the languages");
    let (en, pl, swapped) = crate::lang::order_pair(en, pl)?;
    stage.set("aligning");
    let aopts = AlignOptions { deadline: deadline.clone(), ..aopts.clone() };
    let alignment = align(&en, &pl, &aopts);
    check("aligning")?;
    Ok(Aligned { en, pl, swapped, alignment, hash })
}

/// One record's texts aligned: the documents (English first), whether they came the other way
/// round, and the alignment.
pub struct AlignedTexts {
    /// The English article, analysed.
    pub en: Document,
    /// The Polish article, analysed.
    pub pl: Document,
    /// The record's `en` text was the Polish one (the note [`SWAP_NOTE`] goes on its records).
    pub swapped: bool,
    /// Their alignment.
    pub alignment: Alignment,
}

/// Align a record `{"id", "en", "pl"}` exactly as `batch` does (the memory budget, the pair
/// timeout, the language check and order, `opts.min_score` and `opts.align`), a panic in a stage
/// becoming [`Error::Panic`]. For embedding `batch`'s per-record work elsewhere (the Python
/// package's `align_many`): render the result with [`crate::output::writer()`] (with [`SWAP_NOTE`]
/// when swapped) and a failure with [`error_record`], and the records are `batch`'s bytes.
pub fn align_texts(id: &str, en: String, pl: String, opts: &BatchOptions) -> Result<AlignedTexts, Error> {
    let aopts = AlignOptions { min_score: opts.min_score, ..opts.align.clone() };
    let job = PairJob { id: id.to_string(), source: PairSource::Texts { en, pl }, input_pos: 0, seq: 0 };
    let stage = Cell::new("reading");
    let mem = super::memory::mark();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        load_and_align(job, opts, &aopts, &stage, mem, &Cell::new(None))
    })) {
        Ok(r) => r.map(|p| AlignedTexts { en: p.en, pl: p.pl, swapped: p.swapped, alignment: p.alignment }),
        Err(panic) => {
            Err(Error::Panic { id: id.to_string(), stage: stage.get(), message: panic_message(&*panic) })
        }
    }
}

/// The message of a caught panic (empty when it is not a string).
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

/// A copy of an input error (a failed job's error is kept in the job).
fn clone_error(e: &Error) -> Error {
    match e {
        Error::Record { name, line, reason } => {
            Error::Record { name: name.clone(), line: *line, reason: reason.clone() }
        }
        Error::Io { path, reason, .. } => Error::io_msg(path.clone(), reason.clone()),
        other => Error::Record { name: String::new(), line: 0, reason: other.to_string() },
    }
}

pub(crate) fn stats_of(en: &Document, pl: &Document, a: &Alignment) -> PairStats {
    let both = |l: &&crate::align::Link| !l.en.is_empty() && !l.pl.is_empty();
    PairStats {
        sentences: (en.sentences.len() + pl.sentences.len()) as u64,
        quotes: (en.quotes.len() + pl.quotes.len()) as u64,
        links: (a.sentences.iter().filter(both).count() + a.quotes.iter().filter(both).count()) as u64,
        unmatched: {
            let (e, p) = a.unmatched_sentences(en.sentences.len(), pl.sentences.len());
            (e + p) as u64
        },
        bytes: (en.text.len() + pl.text.len()) as u64,
    }
}

/// The pairs an interrupted run ended on because the system refused an allocation: place in the
/// input → bytes refused (read from the abort log, [`super::memory`]).
pub type Aborted = std::collections::HashMap<u64, u64>;

/// What earlier runs of the output tell about its pairs, and the in-flight log of this run (see
/// [`super::inflight`]): shared by the workers.
#[derive(Debug)]
pub(crate) struct Recovery {
    /// The pairs a refused allocation ended a run on.
    pub aborted: Aborted,
    /// The pairs in flight when earlier runs were killed: place → number of such runs.
    pub strikes: std::collections::HashMap<u64, u32>,
    /// This run's in-flight log (file output only).
    pub log: Option<std::sync::Arc<super::inflight::InflightLog>>,
    /// Held shared while a pair is aligned, and alone while a pair with a strike is (only when some
    /// pair has one).
    turns: std::sync::RwLock<()>,
}

/// A pair's hold on [`Recovery::turns`] while it is aligned.
enum Turn<'a> {
    Free,
    Shared(#[allow(dead_code)] std::sync::RwLockReadGuard<'a, ()>),
    Alone(#[allow(dead_code)] std::sync::RwLockWriteGuard<'a, ()>),
}

/// Kills of the process with a pair in flight after which that pair is an error record.
pub(crate) const KILLS_BEFORE_FAILED: u32 = 2;

impl Recovery {
    pub(crate) fn new(
        aborted: Aborted,
        strikes: std::collections::HashMap<u64, u32>,
        log: Option<std::sync::Arc<super::inflight::InflightLog>>,
    ) -> Recovery {
        Recovery { aborted, strikes, log, turns: Default::default() }
    }

    /// Wait for the pair at place `pair` to be aligned: at once when no earlier run was killed with
    /// pairs in flight; otherwise alone when it has a strike, else beside other pairs without one.
    fn turn(&self, pair: u64) -> Turn<'_> {
        if self.strikes.is_empty() {
            Turn::Free
        } else if self.strikes.contains_key(&pair) {
            Turn::Alone(self.turns.write().unwrap_or_else(|e| e.into_inner()))
        } else {
            Turn::Shared(self.turns.read().unwrap_or_else(|e| e.into_inner()))
        }
    }

    fn started(&self, pair: u64) {
        if let Some(log) = &self.log {
            log.started(pair);
        }
    }

    fn done(&self, pair: u64) {
        if let Some(log) = &self.log {
            log.done(pair);
        }
    }
}

/// Process a chunk's pairs one after the other (a pair in `recovery.aborted`, or with
/// [`KILLS_BEFORE_FAILED`] strikes, becomes its error record).
pub(crate) fn process_chunk(
    chunk: Vec<(PairJob, u64)>,
    opts: &BatchOptions,
    aopts: &AlignOptions,
    writer: &dyn Writer,
    recovery: &Recovery,
) -> ChunkOutput {
    let input: u64 = chunk.iter().map(|(_, size)| size).sum();
    // Room for what a pair's records take (about three times its text), so the buffer is not moved
    // while it fills; a very large chunk grows as needed instead.
    let cap = (input.saturating_mul(3) as usize).saturating_add(4096 * (chunk.len() + 1)).min(64 << 20);
    let mut out = ChunkOutput { bytes: Vec::with_capacity(cap), pairs: Vec::with_capacity(chunk.len()) };
    for (job, size) in chunk {
        let p = process(job, size, opts, aopts, writer, recovery, &mut out.bytes);
        out.pairs.push(p);
    }
    out
}

/// The error record of a failed pair: `{"doc", "error", "kind", "stage"?, "line"? | "offset"?}`.
pub fn error_record(id: &str, e: &Error) -> serde_json::Value {
    let mut o = serde_json::Map::new();
    o.insert("doc".into(), id.into());
    o.insert("error".into(), e.to_string().into());
    o.insert("kind".into(), e.kind().as_str().into());
    if let Some(stage) = e.stage() {
        o.insert("stage".into(), stage.into());
    }
    if let Some((what, at)) = e.position() {
        o.insert(what.into(), at.into());
    }
    serde_json::Value::Object(o)
}

/// Process one pair completely, appending its records to `buf`; never panics (a panic in a stage
/// becomes the pair's error).
fn process(
    job: PairJob,
    input_bytes: u64,
    opts: &BatchOptions,
    aopts: &AlignOptions,
    writer: &dyn Writer,
    recovery: &Recovery,
    buf: &mut Vec<u8>,
) -> PairOutput {
    let id = job.id.clone();
    let input_pos = job.input_pos;
    let start = buf.len();
    let stage = Cell::new("reading");
    // The input's fingerprint as soon as it is known (for the journal, whatever becomes of the pair);
    // a pair whose sides cannot be read has the one a resumed run computes for it.
    let input_hash = Cell::new(None);
    let files = match &job.source {
        PairSource::Files { en, pl } => Some((en.clone(), pl.clone())),
        _ => None,
    };
    if let Some(&bytes) = recovery.aborted.get(&job.seq) {
        input_hash.set(Some(job_fingerprint(&job, &opts.ingest)));
        let e = Error::Limit {
            name: id.clone(),
            reason: format!(
                "the system refused an allocation of {bytes} bytes while this pair was aligned, which ended \
                 the interrupted run; it is recorded as failed, not aligned again"
            ),
        };
        return failed_output(id, input_bytes, input_pos, start, &e, input_hash.get(), opts, buf);
    }
    let seq = job.seq;
    if recovery.strikes.get(&seq).is_some_and(|&k| k >= KILLS_BEFORE_FAILED) {
        input_hash.set(Some(job_fingerprint(&job, &opts.ingest)));
        let e = Error::Limit {
            name: id.clone(),
            reason: "the process was killed twice while this pair was being aligned (as the system's or a \
                     container's out-of-memory killer ends a process); it is recorded as failed, not aligned a \
                     third time: give the run more memory or fewer --jobs, or lower --max-pair-memory or \
                     --max-input-bytes"
                .into(),
        };
        return failed_output(id, input_bytes, input_pos, start, &e, input_hash.get(), opts, buf);
    }
    let turn = recovery.turn(seq);
    recovery.started(seq);
    super::faults::crash_point_at("pair-started", seq);
    super::faults::injected_kill(seq);
    super::memory::working_on(Some(seq));
    let mem = super::memory::mark();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let p = load_and_align(job, opts, aopts, &stage, mem, &input_hash)?;
        stage.set("checking");
        let findings = if opts.qa {
            let qa = crate::qa::QaOptions { lexicon: opts.align.lexicon.clone(), ..Default::default() };
            crate::qa::check(&p.en, &p.pl, &p.alignment, &qa)
        } else {
            Vec::new()
        };
        stage.set("writing");
        over_budget(&id, mem, opts.max_pair_memory, "checking")?;
        // JSON Lines of a pair take about twice its text: room at once, not a series of copies (and
        // a reservation the system refuses is this pair's error, not the end of the run).
        let want = 3 * (p.en.text.len() + p.pl.text.len()) + 4096;
        buf.try_reserve(want).map_err(|e| Error::Limit {
            name: id.clone(),
            reason: format!("cannot reserve {want} bytes for the pair's records: {e}"),
        })?;
        let pair = AlignedPair {
            id: Some(&id),
            en: &p.en,
            pl: &p.pl,
            alignment: &p.alignment,
            swapped: p.swapped,
            note: p.swapped.then_some(SWAP_NOTE),
            findings: &findings,
        };
        writer.pair(&mut *buf, &pair).map_err(|e| Error::output("<buffer>", "cannot render", &e))?;
        over_budget(&id, mem, opts.max_pair_memory, "writing")?;
        let warnings = [&p.en, &p.pl]
            .iter()
            .filter(|d| d.replaced_bytes > 0)
            .map(|d| format!("{}: {} invalid UTF-8 bytes replaced (U+001A)", d.name, d.replaced_bytes))
            .collect();
        Ok::<_, Error>((stats_of(&p.en, &p.pl, &p.alignment), p.swapped, p.hash, warnings))
    }));
    super::memory::working_on(None);
    recovery.done(seq);
    drop(turn);
    let result = match result {
        Ok(r) => r,
        Err(panic) => {
            Err(Error::Panic { id: id.clone(), stage: stage.get(), message: panic_message(&*panic) })
        }
    };
    match result {
        Ok((stats, swapped, hash, warnings)) => PairOutput {
            id,
            input_bytes,
            input_pos,
            status: if swapped { Status::Swapped } else { Status::Ok },
            stats,
            hash,
            end: buf.len(),
            error: None,
            warnings,
        },
        Err(e) => {
            let hash = input_hash
                .get()
                .or_else(|| files.map(|(en, pl)| files_fingerprint(&id, &en, &pl, &opts.ingest)));
            failed_output(id, input_bytes, input_pos, start, &e, hash, opts, buf)
        }
    }
}

/// A failed pair's output: nothing but its error record (in `buf` from `start`). Its journal
/// fingerprint is its input's (`hash`), so that a resumed run recognises the same pair; without one
/// (the input gave no pair) the error's.
#[allow(clippy::too_many_arguments)]
fn failed_output(
    id: String,
    input_bytes: u64,
    input_pos: u64,
    start: usize,
    e: &Error,
    hash: Option<u64>,
    opts: &BatchOptions,
    buf: &mut Vec<u8>,
) -> PairOutput {
    buf.truncate(start);
    if opts.format == Format::Jsonl {
        buf.extend_from_slice(error_record(&id, e).to_string().as_bytes());
        buf.push(b'\n');
    }
    PairOutput {
        hash: hash.unwrap_or_else(|| fingerprint(&id, e.to_string().as_bytes(), b"")),
        id,
        input_bytes,
        input_pos,
        status: Status::Failed,
        stats: PairStats::default(),
        end: buf.len(),
        error: Some(e.to_string()),
        warnings: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_differ_by_text_and_id_and_are_stable() {
        let a = fingerprint("x", b"Hello.", b"Cze\xc5\x9b\xc4\x87.");
        assert_eq!(a, fingerprint("x", b"Hello.", b"Cze\xc5\x9b\xc4\x87."));
        assert_ne!(a, fingerprint("x", b"Hello!", b"Cze\xc5\x9b\xc4\x87."));
        assert_ne!(a, fingerprint("y", b"Hello.", b"Cze\xc5\x9b\xc4\x87."));
        assert_ne!(fingerprint("x", b"ab", b"c"), fingerprint("x", b"a", b"bc"));
    }

    #[test]
    fn hostile_records_are_over_the_default_memory_budget_and_articles_are_not() {
        let budget = super::super::DEFAULT_MAX_PAIR_MEMORY;
        let dots = vec![b'.'; 60_000_000];
        assert!(check_memory("d", &dots, b"Ala.", budget).is_err());
        let quotes = "\"a\" ".repeat(1_000_000);
        assert!(check_memory("q", quotes.as_bytes(), b"Ala.", budget).is_err());
        let article = "The minister said on Monday that the plan would go ahead. ".repeat(20_000);
        assert!(check_memory("a", article.as_bytes(), article.as_bytes(), budget).is_ok());
        let e = check_memory("d", &dots, b"", budget).unwrap_err();
        assert_eq!(e.kind(), crate::error::ErrorKind::Limit);
    }
}
