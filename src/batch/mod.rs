//! Batch: run the whole pipeline over many article pairs on every core.
//!
//! Pairs are read lazily from the inputs ([`input`]) and handed to a rayon pool of `jobs` threads
//! in *chunks* of consecutive pairs (up to `chunk_pairs` pairs and `chunk_bytes` of input text; from
//! standard input, only the records that have already arrived, so a streaming filter never holds a
//! record's output back to wait for more input). A worker aligns a chunk's pairs one after the other and hands the whole chunk to the
//! writer at once, so threads wake each other per chunk, not per pair. Output is written in input
//! order whatever the number of threads. At most `window` chunks (4 × jobs by default) are in
//! flight — read, being aligned, or aligned and waiting for an earlier chunk — and, beyond the first
//! of them, at most `max_in_flight_bytes` of input text, so memory stays flat whatever the corpus
//! size and however large some documents are. Each pair's records are rendered by the worker that
//! aligned it; the writer only copies bytes.
//!
//! A pair that fails (unreadable, undecodable, not English/Polish, over a size limit, a malformed
//! record, even a panic in a stage) becomes one error record `{"doc": id, "error": message}` in
//! JSON Lines output, or one line on standard error for TSV and TMX, and the run goes on.
//! A pair whose sides are swapped (the `en` side is Polish and the `pl` side English) is aligned the
//! right way round and noted: a `"note"` field on its JSON Lines records, a line on standard error,
//! and the count in the summary.
//!
//! Output to a file goes through a partial file and a journal ([`journal`]), so `resume` continues
//! an interrupted run without losing or duplicating a pair. Output is flushed after every
//! chunk, and a chunk from standard input ends where the input read so far ends, so `bialign batch -` works as a
//! streaming filter (Spark `RDD.pipe`, Hadoop streaming, GNU parallel): each record's output is
//! written as soon as it is ready and depends on that record alone.
//!
//! Pair ids are untrusted text: they are written into records, never used to build a path.

pub mod input;
pub mod journal;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Instant;

use crate::align::{align, AlignOptions, Alignment};
use crate::error::Error;
use crate::ingest::IngestOptions;
use crate::model::Document;
use crate::output::jsonl::Only;

pub use input::{PairJob, PairSource};
use journal::{Entry, Journal, Status};

/// Pairs per chunk by default: few enough that a chunk is a small share of a worker's time and the
/// journal advances often, enough that threads wake each other rarely.
pub const DEFAULT_CHUNK_PAIRS: usize = 16;

/// Input bytes per chunk by default (a chunk is closed once it holds this much).
pub const DEFAULT_CHUNK_BYTES: u64 = 256 * 1024;

/// Output format of a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// JSON Lines (docs/FORMAT.md), with `"doc"`.
    Jsonl,
    /// `en<TAB>pl<TAB>score` rows (see [`crate::output::tsv`]).
    Tsv,
    /// TMX 1.4b (see [`crate::output::tmx`]).
    Tmx,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Format::Jsonl => "jsonl",
            Format::Tsv => "tsv",
            Format::Tmx => "tmx",
        }
    }
}

/// Options of a batch run.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    pub format: Format,
    /// Which links to write. For TSV and TMX, `Both` means sentence links.
    pub only: Only,
    /// Drop links scoring below this (JSON Lines keeps unmatched units; bitext formats have none).
    pub min_score: f32,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// Chunks of pairs in flight at most (0: 4 × jobs).
    pub window: usize,
    /// Pairs per chunk at most (0: [`DEFAULT_CHUNK_PAIRS`]; from standard input, fewer when the next
    /// record has not arrived yet).
    pub chunk_pairs: usize,
    /// Input bytes per chunk: a chunk is closed once it holds this much (0: [`DEFAULT_CHUNK_BYTES`]).
    pub chunk_bytes: u64,
    /// Input bytes in flight at most (one pair is always let through, whatever its size).
    pub max_in_flight_bytes: u64,
    /// How each side is read (encoding, size limit).
    pub ingest: IngestOptions,
    /// Write here (through a partial file and a journal) instead of standard output.
    pub output: Option<PathBuf>,
    /// Continue an interrupted run writing to `output`.
    pub resume: bool,
    /// No progress bar, no per-pair notes on standard error (errors for TSV/TMX and the summary stay).
    pub quiet: bool,
    /// Show a progress bar (the CLI sets this when standard error is a terminal).
    pub progress: bool,
    /// The aligner's options (lexicon, evidence sources); `min_score` above overrides its floor.
    pub align: AlignOptions,
    /// Add translation-QA findings (JSON Lines only): one `{"doc", "check", …}` record per finding
    /// after the pair's links.
    pub qa: bool,
    /// Where the user lexicon came from, if any (recorded so a resumed run uses the same).
    pub lexicon_file: Option<PathBuf>,
    /// Time budget of one pair (`None`: unlimited). A pair over budget becomes an error record. The
    /// clock is checked after each stage (reading and analysing each side, aligning); every stage
    /// is linear or capped in the size of its input, so a pair stops at most one stage late, and no
    /// thread is ever killed.
    pub pair_timeout: Option<std::time::Duration>,
    /// Read only this byte range `(start, length)` of standard input, which must then be a regular
    /// file (redirected from one), starting at a line start: how each task of a distributed job reads
    /// its share of one JSON Lines file without a pipe. Lines are numbered from the range's start.
    pub stdin_range: Option<(u64, u64)>,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            format: Format::Jsonl,
            only: Only::Both,
            min_score: 0.0,
            jobs: 0,
            window: 0,
            chunk_pairs: 0,
            chunk_bytes: 0,
            max_in_flight_bytes: 32 * 1024 * 1024,
            ingest: IngestOptions::default(),
            output: None,
            resume: false,
            quiet: false,
            progress: false,
            align: AlignOptions::default(),
            qa: false,
            lexicon_file: None,
            pair_timeout: None,
            stdin_range: None,
        }
    }
}

impl BatchOptions {
    /// What the output depends on besides the input: a resumed run must use the same.
    fn settings(&self) -> String {
        let only = match self.only {
            Only::Both => "both",
            Only::Sentences => "sentences",
            Only::Quotes => "quotes",
        };
        let mut s = format!("format={} only={only} min-score={}", self.format.name(), self.min_score);
        if self.qa {
            s.push_str(" qa=yes");
        }
        if let Some(l) = &self.lexicon_file {
            s.push_str(&format!(" lexicon={}", l.display()));
        }
        if let Some((start, len)) = self.stdin_range {
            s.push_str(&format!(" stdin-range={start}:{len}"));
        }
        if self.align.max_sentence_bytes != crate::align::DEFAULT_MAX_SENTENCE_BYTES {
            s.push_str(&format!(" max-sentence-bytes={}", self.align.max_sentence_bytes));
        }
        if let Some(m) = self.align.mode {
            s.push_str(&format!(" mode={m}"));
        }
        s
    }
}

/// Counts for one pair.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PairStats {
    /// Sentences on both sides.
    pub sentences: u64,
    /// Quotes on both sides.
    pub quotes: u64,
    /// Sentence and quote links with both sides.
    pub links: u64,
    /// Sentences left unmatched (on either side).
    pub unmatched: u64,
    /// Article text bytes (decoded, both sides).
    pub bytes: u64,
}

/// Totals of a run (including the pairs of an interrupted run that was resumed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub done: u64,
    pub failed: u64,
    pub swapped: u64,
    pub stats: PairStats,
}

impl Totals {
    fn add(&mut self, status: Status, s: &PairStats) {
        match status {
            Status::Failed => self.failed += 1,
            Status::Swapped => {
                self.done += 1;
                self.swapped += 1
            }
            Status::Ok => self.done += 1,
        }
        self.stats.sentences += s.sentences;
        self.stats.quotes += s.quotes;
        self.stats.links += s.links;
        self.stats.unmatched += s.unmatched;
        self.stats.bytes += s.bytes;
    }
}

/// What a batch run did.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub totals: Totals,
    /// Pairs taken over from the interrupted run (with `resume`).
    pub resumed: u64,
    /// Article text bytes processed by this run (not counting resumed pairs).
    pub bytes_this_run: u64,
    pub elapsed: std::time::Duration,
}

impl Summary {
    /// The one-paragraph summary printed on standard error.
    pub fn render(&self) -> String {
        let t = &self.totals;
        let s = &t.stats;
        let secs = self.elapsed.as_secs_f64();
        let mb = self.bytes_this_run as f64 / 1e6;
        let unmatched = if s.sentences > 0 { 100.0 * s.unmatched as f64 / s.sentences as f64 } else { 0.0 };
        let resumed = if self.resumed > 0 {
            format!(" ({} from the interrupted run)", self.resumed)
        } else {
            String::new()
        };
        format!(
            "bialign batch: {} pairs done, {} failed, {} swapped{resumed}; {} sentences, {} quotes, {} links, \
             {unmatched:.1}% of sentences unmatched; {mb:.2} MB in {secs:.2} s ({:.2} MB/s)",
            t.done,
            t.failed,
            t.swapped,
            s.sentences,
            s.quotes,
            s.links,
            if secs > 0.0 { mb / secs } else { 0.0 },
        )
    }
}

/// One processed chunk: its pairs' records rendered one after the other into one buffer, so the
/// writer hands them to the operating system in one piece.
struct ChunkOutput {
    /// The records to write (JSON Lines, TSV rows or TMX units; error records of failed JSONL pairs).
    bytes: Vec<u8>,
    pairs: Vec<PairOutput>,
}

/// One processed pair of a chunk.
struct PairOutput {
    id: String,
    /// Input bytes this pair held in flight (see [`InFlight`]).
    input_bytes: u64,
    status: Status,
    stats: PairStats,
    /// Where this pair's records end in the chunk's bytes (they start where the previous pair's end).
    end: usize,
    /// The error message of a failed pair.
    error: Option<String>,
}

/// Read, analyse, check the languages of and align one pair.
fn load_and_align(
    job: PairJob,
    opts: &BatchOptions,
    aopts: &AlignOptions,
) -> Result<(Document, Document, bool, Alignment), Error> {
    let budget = Budget::start(&job.id, opts.pair_timeout);
    let (en, pl) = match job.source {
        PairSource::Failed(e) => return Err(e),
        PairSource::Files { en, pl } => {
            let en = crate::analyze_file(&en, &opts.ingest)?;
            budget.check("reading the English side")?;
            (en, crate::analyze_file(&pl, &opts.ingest)?)
        }
        PairSource::Texts { en, pl } => {
            // JSON strings are Unicode: the texts are UTF-8 whatever --encoding says for files.
            let ingest = IngestOptions { encoding: Some("utf-8".into()), ..opts.ingest.clone() };
            let en = crate::analyze(&format!("{} (en)", job.id), en.as_bytes(), &ingest)?;
            budget.check("reading the English side")?;
            let pl = crate::analyze(&format!("{} (pl)", job.id), pl.as_bytes(), &ingest)?;
            (en, pl)
        }
    };
    budget.check("reading the Polish side")?;
    let (en, pl, swapped) = crate::lang::order_pair(en, pl)?;
    let a = align(&en, &pl, aopts);
    budget.check("aligning")?;
    Ok((en, pl, swapped, a))
}

/// The time budget of one pair (`--pair-timeout`).
struct Budget<'a> {
    id: &'a str,
    start: std::time::Instant,
    limit: Option<std::time::Duration>,
}

impl<'a> Budget<'a> {
    fn start(id: &'a str, limit: Option<std::time::Duration>) -> Self {
        Budget { id, start: std::time::Instant::now(), limit }
    }

    /// An error when the budget is spent (`stage` says what was being done).
    fn check(&self, stage: &str) -> Result<(), Error> {
        match self.limit {
            Some(limit) if self.start.elapsed() > limit => Err(Error::Other(format!(
                "{}: over the time budget of {:.1} s per pair (--pair-timeout) after {stage}; skipped",
                self.id,
                limit.as_secs_f64()
            ))),
            _ => Ok(()),
        }
    }
}

/// The aligner's options for every pair: the batch's with its score threshold. Built once per run
/// and shared by every pair (the aligner's per-thread word caches stay valid while the lexicon is
/// the same `Arc`).
fn align_options(opts: &BatchOptions) -> AlignOptions {
    AlignOptions { min_score: opts.min_score, ..opts.align.clone() }
}

/// Append a pair's records to `buf`.
fn render(
    buf: &mut Vec<u8>,
    id: &str,
    en: &Document,
    pl: &Document,
    swapped: bool,
    a: &Alignment,
    opts: &BatchOptions,
) -> std::io::Result<()> {
    let start = buf.len();
    // JSON Lines of a pair take about twice its text: room at once, not a series of copies.
    buf.reserve(3 * (en.text.len() + pl.text.len()) + 4096);
    match opts.format {
        Format::Jsonl => {
            crate::output::jsonl::write_alignment(&mut *buf, Some(id), a, en, pl, opts.only, opts.min_score)?;
            if opts.qa {
                let qa = crate::qa::QaOptions { lexicon: opts.align.lexicon.clone(), ..Default::default() };
                let findings = crate::qa::check(en, pl, a, &qa);
                crate::output::findings::write_jsonl(&mut *buf, Some(id), &findings, en, pl)?;
            }
            if swapped {
                let noted = note_swapped(&buf[start..]);
                buf.truncate(start);
                buf.extend_from_slice(&noted);
            }
        }
        Format::Tsv => crate::output::tsv::write_alignment(&mut *buf, a, en, pl, opts.only, opts.min_score)?,
        Format::Tmx => {
            crate::output::tmx::write_alignment(&mut *buf, Some(id), a, en, pl, opts.only, opts.min_score)?
        }
    }
    Ok(())
}

const SWAP_NOTE: &str = "the en and pl sides were swapped in the input; aligned the right way round";

/// Add a `"note"` to every record of a swapped pair (rare, so re-parsing is fine).
fn note_swapped(jsonl: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(jsonl.len() + 128);
    for line in jsonl.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        match serde_json::from_slice::<serde_json::Value>(line) {
            Ok(serde_json::Value::Object(mut o)) => {
                o.insert("note".into(), serde_json::Value::String(SWAP_NOTE.into()));
                out.extend_from_slice(serde_json::Value::Object(o).to_string().as_bytes());
            }
            _ => out.extend_from_slice(line),
        }
        out.push(b'\n');
    }
    out
}

fn stats_of(en: &Document, pl: &Document, a: &Alignment) -> PairStats {
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

/// Process a chunk's pairs one after the other.
fn process_chunk(chunk: Vec<(PairJob, u64)>, opts: &BatchOptions, aopts: &AlignOptions) -> ChunkOutput {
    let input: u64 = chunk.iter().map(|(_, size)| size).sum();
    // Room for what `render` reserves for each pair (a pair's text is at most its input), so the
    // buffer is not moved while it fills; a very large chunk grows as needed instead.
    let cap = (input.saturating_mul(3) as usize).saturating_add(4096 * (chunk.len() + 1)).min(64 << 20);
    let mut out = ChunkOutput { bytes: Vec::with_capacity(cap), pairs: Vec::with_capacity(chunk.len()) };
    for (job, size) in chunk {
        let p = process(job, size, opts, aopts, &mut out.bytes);
        out.pairs.push(p);
    }
    out
}

/// Process one pair completely, appending its records to `buf`; never panics (a panic in a stage
/// becomes the pair's error).
fn process(
    job: PairJob,
    input_bytes: u64,
    opts: &BatchOptions,
    aopts: &AlignOptions,
    buf: &mut Vec<u8>,
) -> PairOutput {
    let id = job.id.clone();
    let start = buf.len();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let (en, pl, swapped, a) = load_and_align(job, opts, aopts)?;
        render(&mut *buf, &id, &en, &pl, swapped, &a, opts).map_err(|e| Error::Other(e.to_string()))?;
        Ok::<_, Error>((stats_of(&en, &pl, &a), swapped))
    }));
    let result = match result {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(Error::Other(format!("{id}: internal error (panic: {msg})")))
        }
    };
    match result {
        Ok((stats, swapped)) => PairOutput {
            id,
            input_bytes,
            status: if swapped { Status::Swapped } else { Status::Ok },
            stats,
            end: buf.len(),
            error: None,
        },
        Err(e) => {
            // Nothing of a failed pair but its error record.
            buf.truncate(start);
            let msg = e.to_string();
            if opts.format == Format::Jsonl {
                buf.extend_from_slice(serde_json::json!({"doc": id, "error": msg}).to_string().as_bytes());
                buf.push(b'\n');
            }
            PairOutput {
                id,
                input_bytes,
                status: Status::Failed,
                stats: PairStats::default(),
                end: buf.len(),
                error: Some(msg),
            }
        }
    }
}

/// The input bytes of the pairs in flight, shared by the reader (which waits before taking more)
/// and the writer (which releases a pair's bytes once it is written).
#[derive(Default)]
struct InFlight {
    bytes: std::sync::Mutex<u64>,
    freed: std::sync::Condvar,
    /// Threads waiting in `acquire` (read and written under the lock): `release` wakes them
    /// only when there are any, sparing a futex call per pair in the common case.
    waiting: std::sync::atomic::AtomicUsize,
}

impl InFlight {
    /// Wait until `n` more bytes fit under `limit` (or nothing is in flight), then take them.
    /// Returns false when the writer has stopped.
    fn acquire(&self, n: u64, limit: u64, stopped: &std::sync::atomic::AtomicBool) -> bool {
        let mut b = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        while *b > 0 && b.saturating_add(n) > limit {
            if stopped.load(std::sync::atomic::Ordering::Relaxed) {
                return false;
            }
            self.waiting.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            b = self
                .freed
                .wait_timeout(b, std::time::Duration::from_millis(100))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            self.waiting.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        }
        *b += n;
        true
    }

    fn release(&self, n: u64) {
        let mut b = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        *b = b.saturating_sub(n);
        if self.waiting.load(std::sync::atomic::Ordering::Relaxed) > 0 {
            self.freed.notify_all();
        }
    }
}

/// Input bytes of a pair before it is read: the texts, or the files' sizes.
fn job_size(job: &PairJob) -> u64 {
    match &job.source {
        PairSource::Texts { en, pl } => (en.len() + pl.len()) as u64,
        PairSource::Files { en, pl } => {
            [en, pl].iter().filter_map(|p| std::fs::metadata(p).ok()).map(|m| m.len()).sum()
        }
        PairSource::Failed(_) => 0,
    }
}

enum Msg {
    /// A chunk's pairs (chunks are numbered from 0 in input order).
    Done(u64, ChunkOutput),
    /// The inputs are exhausted after this many chunks.
    End(u64),
    /// The input does not match the interrupted run's journal.
    Mismatch(String),
}

/// Where the records go.
struct Out {
    w: Box<dyn Write>,
    /// Bytes written so far (for the journal).
    len: u64,
    /// The path as given, for messages.
    name: PathBuf,
    /// Partial file, final path, journal (file output only).
    file: Option<(PathBuf, PathBuf, Journal)>,
}

impl Out {
    fn write(&mut self, b: &[u8]) -> Result<(), Error> {
        self.w.write_all(b).map_err(|e| Error::output(&self.name, "cannot write", &e))?;
        self.len += b.len() as u64;
        Ok(())
    }
    fn flush(&mut self) -> Result<(), Error> {
        self.w.flush().map_err(|e| Error::output(&self.name, "cannot write", &e))
    }
}

fn out_err(e: std::io::Error) -> Error {
    Error::Other(format!("writing output: {e}"))
}

/// What opening the output found.
enum Opened {
    /// Write here; `Some` state when an interrupted run is taken over.
    Run(Out, Option<journal::State>),
    /// `--resume` found the run already complete (it ended after renaming its output into place and
    /// before removing the journal): nothing is left to do.
    AlreadyDone(journal::State),
}

/// Output written straight to a stream or device (standard output, `/dev/null`, a pipe): no partial
/// file, no journal; the TMX header first.
fn unjournaled(w: crate::output::OutputFile, format: Format) -> Result<Opened, Error> {
    let name = w.name().to_path_buf();
    let mut out = Out { w: Box::new(w), len: 0, name, file: None };
    if format == Format::Tmx {
        let mut h = Vec::new();
        crate::output::tmx::write_header(&mut h).map_err(out_err)?;
        out.write(&h)?;
    }
    Ok(Opened::Run(out, None))
}

/// Open the output: standard output, a device or pipe, a fresh partial file, or the partial file of
/// an interrupted run cut back to its journal. A regular file is reached through any symbolic links
/// (`-o link.jsonl` writes the link's target); its partial file and journal sit beside that target,
/// and the journal stays locked for the whole run, so a second run on the same output refuses.
fn open_output(opts: &BatchOptions) -> Result<Opened, Error> {
    use crate::output::{Destination, OutputFile};
    let Some(path) = opts.output.clone() else {
        if opts.resume {
            return Err(Error::Other("--resume needs an output file (-o FILE)".into()));
        }
        return unjournaled(OutputFile::create(None)?, opts.format);
    };
    let dest = match Destination::resolve(&path)? {
        Destination::File(dest) => dest,
        _ => {
            if opts.resume {
                return Err(Error::Other(format!(
                    "{}: --resume needs a regular output file, not a device, pipe or standard output",
                    path.display()
                )));
            }
            return unjournaled(OutputFile::create(Some(&path))?, opts.format);
        }
    };
    let (part, jpath) = journal::paths(&dest);
    let settings = opts.settings();
    let lock = journal::lock(&jpath, &path)?;
    if opts.resume {
        if let Some(st) = journal::read_state(&jpath, &settings)? {
            let part_len = std::fs::metadata(&part).map(|m| m.len()).ok();
            match part_len {
                Some(len) if len >= st.offset => {
                    let f = std::fs::OpenOptions::new().write(true).open(&part).map_err(|e| Error::io(&part, &e))?;
                    f.set_len(st.offset).map_err(|e| Error::io(&part, &e))?;
                    let mut f = f;
                    use std::io::Seek;
                    f.seek(std::io::SeekFrom::End(0)).map_err(|e| Error::io(&part, &e))?;
                    let j = Journal::reopen(lock, &jpath, st.journal_len)?;
                    let len = st.offset;
                    let st = journal::State { complete: false, ..st };
                    let w = Box::new(std::io::BufWriter::with_capacity(1 << 16, f));
                    return Ok(Opened::Run(Out { w, len, name: path, file: Some((part, dest, j)) }, Some(st)));
                }
                None if st.complete && dest.exists() => {
                    // The output was renamed into place; only the journal's removal was lost.
                    std::fs::remove_file(&jpath).map_err(|e| Error::io(&jpath, &e))?;
                    return Ok(Opened::AlreadyDone(st));
                }
                _ => {
                    return Err(Error::Other(format!(
                        "{}: the partial output is missing or shorter than its journal; start afresh without --resume",
                        part.display()
                    )))
                }
            }
        }
    }
    let f = std::fs::File::create(&part)
        .map_err(|e| Error::output(&path, &format!("cannot create {}", part.display()), &e))?;
    let mut w = std::io::BufWriter::with_capacity(1 << 16, f);
    let mut h = Vec::new();
    if opts.format == Format::Tmx {
        crate::output::tmx::write_header(&mut h).map_err(out_err)?;
    }
    w.write_all(&h).and_then(|_| w.flush()).map_err(|e| Error::output(&path, "cannot write", &e))?;
    let j = Journal::create(lock, &jpath, &settings, h.len() as u64)?;
    Ok(Opened::Run(
        Out { w: Box::new(w), len: h.len() as u64, name: path, file: Some((part, dest, j)) },
        None,
    ))
}

fn progress_bar(opts: &BatchOptions) -> Option<indicatif::ProgressBar> {
    if !opts.progress || opts.quiet {
        return None;
    }
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise} {pos} pairs {msg}")
    {
        pb.set_style(style);
    }
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(pb)
}

/// Output bytes written between two requests to the [`Syncer`].
const SYNC_EVERY: u64 = 32 << 20;

/// A thread that writes the output file's data to disk when asked (coalescing requests), so the
/// final `sync_all` before the rename finds little left to do. Dropping it waits for the thread.
struct Syncer {
    tx: Option<mpsc::SyncSender<()>>,
    thread: Option<std::thread::JoinHandle<Option<std::io::Error>>>,
}

impl Syncer {
    /// `None` when the file or the thread cannot be had (the final sync still makes it durable).
    fn start(path: &std::path::Path) -> Option<Syncer> {
        let f = std::fs::File::open(path).ok()?;
        let (tx, rx) = mpsc::sync_channel::<()>(1);
        let thread = std::thread::Builder::new()
            .name("bialign-batch-sync".into())
            .spawn(move || {
                // The first error is kept: the kernel reports a failed write-back once, so the final
                // sync on another descriptor might not see it.
                let mut first = None;
                while rx.recv().is_ok() {
                    if let Err(e) = f.sync_data() {
                        first.get_or_insert(e);
                    }
                }
                first
            })
            .ok()?;
        Some(Syncer { tx: Some(tx), thread: Some(thread) })
    }

    /// Ask for a sync; a request already waiting covers this one.
    fn request(&self) {
        if let Some(tx) = &self.tx {
            let _ = tx.try_send(());
        }
    }
}

impl Syncer {
    /// Stop the thread; the first error it met writing the file to disk, if any.
    fn finish(mut self) -> Option<std::io::Error> {
        self.tx = None;
        self.thread.take().and_then(|t| t.join().ok().flatten())
    }
}

impl Drop for Syncer {
    fn drop(&mut self) {
        self.tx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Test builds only (debug assertions on): `BIALIGN_CRASH_AT=POINT` ends the process at once at that
/// named point, with no clean-up, as `kill -9` would; `BIALIGN_FAULT=sync` makes the final write to
/// disk fail as an I/O error would. Release builds compile neither in.
#[cfg(debug_assertions)]
fn crash_point(point: &str) {
    if std::env::var("BIALIGN_CRASH_AT").is_ok_and(|p| p == point) {
        std::process::abort();
    }
}

#[cfg(not(debug_assertions))]
fn crash_point(_point: &str) {}

#[cfg(debug_assertions)]
fn injected_sync_fault() -> Option<std::io::Error> {
    std::env::var("BIALIGN_FAULT").is_ok_and(|f| f == "sync").then(|| std::io::Error::from_raw_os_error(5))
}

#[cfg(not(debug_assertions))]
fn injected_sync_fault() -> Option<std::io::Error> {
    None
}

/// Print a line on standard error without tearing the progress bar.
fn note(pb: &Option<indicatif::ProgressBar>, msg: &str) {
    match pb {
        Some(pb) => pb.suspend(|| eprintln!("{msg}")),
        None => eprintln!("{msg}"),
    }
}

/// Run a batch over `inputs` (see [`input`] for what an INPUT may be).
///
/// Returns the summary (the caller prints it and exits with 1 when `totals.failed > 0`), or an error
/// for problems with the run itself: the output cannot be written, a resume does not match.
pub fn run(inputs: &[PathBuf], opts: &BatchOptions) -> Result<Summary, Error> {
    let start = Instant::now();
    // A mistyped INPUT is bad usage, found before any work starts.
    for p in inputs {
        if p.as_os_str() != "-" {
            std::fs::metadata(p).map_err(|e| Error::io(p, &e))?;
        }
    }
    if opts.stdin_range.is_some() {
        if inputs.len() != 1 || inputs[0].as_os_str() != "-" {
            return Err(Error::Other(
                "a byte range is read from standard input: give `-` as the only INPUT".into(),
            ));
        }
        input::stdin_file().map_err(|e| Error::Other(format!("<stdin>: {e}")))?;
    }
    let jobs = if opts.jobs == 0 {
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    } else {
        opts.jobs
    };
    let window = if opts.window == 0 { 4 * jobs } else { opts.window }.max(1);
    let (mut out, resumed) = match open_output(opts)? {
        Opened::Run(out, resumed) => (out, resumed),
        Opened::AlreadyDone(st) => {
            return Ok(Summary {
                totals: st.totals,
                resumed: st.done,
                bytes_this_run: 0,
                elapsed: start.elapsed(),
            })
        }
    };
    let skip = resumed.as_ref().map_or(0, |s| s.done);
    let mut totals = resumed.as_ref().map(|s| s.totals).unwrap_or_default();
    let journal_path = out.file.as_ref().map(|(_, _, j)| j.path().to_path_buf());

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("bialign-batch-{i}"))
        .build()
        .map_err(|e| Error::Other(format!("cannot start worker threads: {e}")))?;
    let pool = std::sync::Arc::new(pool);
    let (tx, rx) = mpsc::channel::<Msg>();
    // A slot per chunk in flight: the reader takes one before starting a chunk, the writer frees it
    // after writing the chunk.
    let (slot_tx, slot_rx) = mpsc::sync_channel::<()>(window);
    let in_flight = std::sync::Arc::new(InFlight::default());
    let stopped = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // Standard input may be a slow producer (a streaming filter): a chunk from it holds only the
    // records that had already arrived (see input::Backlog), so output never waits for the next one.
    let streaming = inputs.iter().any(|p| p.as_os_str() == "-");
    let chunk_pairs = match opts.chunk_pairs {
        0 => DEFAULT_CHUNK_PAIRS,
        n => n,
    };
    let chunk_bytes = if opts.chunk_bytes == 0 { DEFAULT_CHUNK_BYTES } else { opts.chunk_bytes };

    let reader = {
        let inputs = inputs.to_vec();
        let opts = opts.clone();
        let pool = pool.clone();
        let tx = tx.clone();
        let in_flight = in_flight.clone();
        let stopped = stopped.clone();
        let max_line = opts.ingest.max_bytes.saturating_mul(2).saturating_add(1 << 16);
        std::thread::Builder::new()
            .name("bialign-batch-reader".into())
            .spawn(move || {
                let aopts = std::sync::Arc::new(align_options(&opts));
                let opts = std::sync::Arc::new(opts);
                let mut seq = 0u64;
                let mut chunks = 0u64;
                let mut done_ids = match (skip, &journal_path) {
                    (n, Some(p)) if n > 0 => match journal::ids(p) {
                        Ok(it) => Some(it),
                        Err(e) => {
                            let _ = tx.send(Msg::Mismatch(e.to_string()));
                            return;
                        }
                    },
                    _ => None,
                };
                // Hand a chunk to the pool once a slot and room for its bytes are free. False when
                // the writer stopped.
                let dispatch = |chunk: Vec<(PairJob, u64)>, n: u64| -> bool {
                    if slot_tx.send(()).is_err() {
                        return false;
                    }
                    let size = chunk.iter().map(|(_, s)| s).sum::<u64>();
                    if !in_flight.acquire(size, opts.max_in_flight_bytes, &stopped) {
                        return false;
                    }
                    let tx = tx.clone();
                    let opts = opts.clone();
                    let aopts = aopts.clone();
                    pool.spawn(move || {
                        let _ = tx.send(Msg::Done(n, process_chunk(chunk, &opts, &aopts)));
                    });
                    true
                };
                let mut chunk: Vec<(PairJob, u64)> = Vec::new();
                let mut bytes = 0u64;
                let (jobs, backlog) = input::pairs_with_backlog(&inputs, max_line, opts.stdin_range);
                for job in jobs {
                    if seq < skip {
                        let expected = done_ids.as_mut().and_then(|it| it.next());
                        if expected.as_deref() != Some(job.id.as_str()) {
                            let _ = tx.send(Msg::Mismatch(format!(
                                "the input changed since the interrupted run: pair {} is \"{}\" but the \
                                 journal has {:?}; start afresh without --resume",
                                seq + 1,
                                job.id,
                                expected.unwrap_or_default()
                            )));
                            return;
                        }
                        seq += 1;
                        continue;
                    }
                    let size = job_size(&job);
                    chunk.push((job, size));
                    bytes += size;
                    seq += 1;
                    let waits = streaming && !backlog.next_is_buffered();
                    if chunk.len() >= chunk_pairs || bytes >= chunk_bytes || waits {
                        if !dispatch(std::mem::take(&mut chunk), chunks) {
                            return;
                        }
                        chunks += 1;
                        bytes = 0;
                    }
                }
                if !chunk.is_empty() {
                    if !dispatch(chunk, chunks) {
                        return;
                    }
                    chunks += 1;
                }
                let _ = tx.send(Msg::End(chunks));
            })
            .map_err(|e| Error::Other(format!("cannot start the reader thread: {e}")))?
    };
    drop(tx);

    let pb = progress_bar(opts);
    if let Some(pb) = &pb {
        pb.set_position(skip);
    }
    let mut pending: BTreeMap<u64, ChunkOutput> = BTreeMap::new();
    let mut next = 0u64;
    let mut end: Option<u64> = None;
    let mut pairs_this_run = 0u64;
    let mut bytes_this_run = 0u64;
    let mut journal_lines = String::new();
    // The output file is made durable at the end (before the rename); asking for it as the run goes,
    // on a thread of its own, leaves little for that last wait.
    let syncer = out.file.as_ref().and_then(|(part, _, _)| Syncer::start(part));
    let mut unsynced = 0u64;
    let result: Result<(), Error> = (|| {
        while end != Some(next) {
            let msg = match rx.recv() {
                Ok(m) => m,
                Err(_) => return Err(Error::Other("internal error: the batch reader stopped".into())),
            };
            match msg {
                Msg::End(n) => end = Some(n),
                Msg::Mismatch(m) => return Err(Error::Other(m)),
                Msg::Done(n, p) => {
                    pending.insert(n, p);
                }
            }
            while let Some(chunk) = pending.remove(&next) {
                journal_lines.clear();
                let mut input_bytes = 0u64;
                let base = out.len;
                out.write(&chunk.bytes)?;
                for p in &chunk.pairs {
                    journal::push_entry_line(
                        &mut journal_lines,
                        &Entry {
                            offset: base + p.end as u64,
                            status: p.status,
                            stats: p.stats,
                            id: p.id.clone(),
                        },
                    );
                    totals.add(p.status, &p.stats);
                    bytes_this_run += p.stats.bytes;
                    input_bytes += p.input_bytes;
                    if let Some(e) = &p.error {
                        if opts.format != Format::Jsonl || !opts.quiet {
                            note(&pb, &format!("bialign: {e}"));
                        }
                    } else if p.status == Status::Swapped && !opts.quiet {
                        note(&pb, &format!("bialign: {}: {SWAP_NOTE}", p.id));
                    }
                }
                // The chunk's records reach the operating system before the journal lines that cover them.
                out.flush()?;
                if let Some((_, _, j)) = &mut out.file {
                    j.record_lines(&journal_lines)?;
                }
                unsynced += chunk.bytes.len() as u64;
                if let (Some(s), true) = (&syncer, unsynced >= SYNC_EVERY) {
                    s.request();
                    unsynced = 0;
                }
                pairs_this_run += chunk.pairs.len() as u64;
                if let Some(pb) = &pb {
                    pb.inc(chunk.pairs.len() as u64);
                    let secs = start.elapsed().as_secs_f64().max(1e-3);
                    pb.set_message(format!(
                        "({:.0}/s), {} failed, {:.1} MB ({:.1} MB/s)",
                        pairs_this_run as f64 / secs,
                        totals.failed,
                        bytes_this_run as f64 / 1e6,
                        bytes_this_run as f64 / 1e6 / secs
                    ));
                }
                next += 1;
                drop(chunk);
                in_flight.release(input_bytes);
                let _ = slot_rx.try_recv();
            }
        }
        Ok(())
    })();
    // Let the reader finish (it may be blocked on a slot or on bytes when we stopped early).
    stopped.store(true, std::sync::atomic::Ordering::Relaxed);
    drop(slot_rx);
    drop(rx);
    if let Some(pb) = &pb {
        pb.finish_and_clear();
    }
    if result.is_ok() {
        let _ = reader.join();
    }
    result?;

    if opts.format == Format::Tmx {
        let mut f = Vec::new();
        crate::output::tmx::write_footer(&mut f).map_err(out_err)?;
        out.write(&f)?;
    }
    out.flush()?;
    let Out { w, name, file, .. } = out;
    drop(w);
    let sync_error = syncer.and_then(Syncer::finish);
    if let Some((part, dest, mut j)) = file {
        // Durable before it is renamed into place: an error writing it to disk (now, or seen by the
        // sync thread earlier) fails the run and leaves the partial file and journal for --resume.
        let synced = match sync_error.or_else(injected_sync_fault) {
            Some(e) => Err(e),
            None => std::fs::File::open(&part).and_then(|f| f.sync_all()),
        };
        synced.map_err(|e| Error::output(&name, "cannot write it to disk", &e))?;
        crash_point("before-done");
        j.complete()?;
        crash_point("before-rename");
        std::fs::rename(&part, &dest)
            .map_err(|e| Error::output(&name, "cannot rename the finished output into place", &e))?;
        crash_point("after-rename");
        crate::output::file::sync_parent(&dest)
            .map_err(|e| Error::output(&name, "cannot write the folder entry to disk", &e))?;
        crash_point("before-journal-removal");
        j.remove()?;
    }
    Ok(Summary { totals, resumed: skip, bytes_this_run, elapsed: start.elapsed() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    #[test]
    fn in_flight_bytes_wait_for_room_but_always_let_one_pair_through() {
        let f = Arc::new(InFlight::default());
        let stop = Arc::new(AtomicBool::new(false));
        assert!(f.acquire(100, 10, &stop), "a pair larger than the limit goes through alone");
        let (f2, stop2) = (f.clone(), stop.clone());
        let waiter = std::thread::spawn(move || f2.acquire(5, 10, &stop2));
        std::thread::sleep(std::time::Duration::from_millis(150));
        assert!(!waiter.is_finished(), "must wait while the large pair is in flight");
        f.release(100);
        assert!(waiter.join().unwrap());
        assert!(f.acquire(5, 10, &stop), "5 + 5 fit under 10");
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(!f.acquire(5, 10, &stop), "gives up once the writer stopped");
    }

    /// Dev-set pairs (first paragraphs, so a debug build is quick) plus a malformed record.
    fn small_corpus(dir: &std::path::Path) -> PathBuf {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/align-dev/wmt20-enpl");
        let mut s = String::new();
        for i in 0..14 {
            let side = |lang: &str| {
                let t = std::fs::read_to_string(root.join(format!("a{i:02}/comparable/{lang}.txt"))).unwrap();
                t.split("\n\n").take(1 + i % 3).collect::<Vec<_>>().join("\n\n")
            };
            s.push_str(
                &serde_json::json!({"id": format!("p{i}"), "en": side("en"), "pl": side("pl")}).to_string(),
            );
            s.push('\n');
            if i == 6 {
                s.push_str("{\"id\": \"bad\", \"en\": 1}\n");
            }
        }
        let p = dir.join("in.jsonl");
        std::fs::write(&p, s).unwrap();
        p
    }

    #[test]
    fn output_and_totals_do_not_depend_on_chunks_window_or_jobs() {
        let t = tempfile::tempdir().unwrap();
        let input = small_corpus(t.path());
        let mut first = std::collections::HashMap::<&str, (Vec<u8>, Totals)>::new();
        for (i, (jobs, window, chunk_pairs, chunk_bytes)) in
            [(1, 0, 1, 0), (2, 0, 0, 0), (2, 1, 3, 0), (2, 2, 5, 2000), (1, 1, 100, 1)]
                .into_iter()
                .enumerate()
        {
            for format in [Format::Jsonl, Format::Tmx] {
                let out = t.path().join(format!("out{i}.{}", format.name()));
                let opts = BatchOptions {
                    format,
                    jobs,
                    window,
                    chunk_pairs,
                    chunk_bytes,
                    quiet: true,
                    output: Some(out.clone()),
                    ..Default::default()
                };
                let sum = run(std::slice::from_ref(&input), &opts).unwrap();
                assert_eq!((sum.totals.done, sum.totals.failed), (14, 1));
                let bytes = std::fs::read(&out).unwrap();
                match first.get(format.name()) {
                    None => {
                        first.insert(format.name(), (bytes, sum.totals));
                    }
                    Some((b, tot)) => {
                        assert!(
                            b == &bytes,
                            "output differs with jobs {jobs}, chunks of {chunk_pairs} pairs"
                        );
                        assert_eq!(tot, &sum.totals);
                    }
                }
            }
        }
    }

    #[test]
    fn swapped_note_is_added_to_every_record() {
        let out =
            note_swapped(b"{\"doc\":\"a\",\"kind\":\"sentence\"}\n{\"doc\":\"a\",\"kind\":\"quote\"}\n");
        let s = String::from_utf8(out).unwrap();
        assert_eq!(s.lines().count(), 2);
        for l in s.lines() {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["note"], SWAP_NOTE);
            assert_eq!(v["doc"], "a");
        }
    }
}
