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

pub mod compressed;
pub mod input;
pub mod journal;
pub mod memory;
pub mod options;
pub mod pair;
mod progress;
mod sink;
pub mod walk;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Instant;

use crate::align::AlignOptions;
use crate::error::Error;
use crate::output::{Format, Writer};

pub use input::{PairJob, PairSource};
use journal::{Entry, Status};
pub use options::{BatchOptions, PairStats, Summary, Totals, DEFAULT_MAX_PAIR_MEMORY};
use pair::ChunkOutput;
pub use pair::SWAP_NOTE;
use sink::{crash_point, crash_point_at, injected_sync_fault, Opened, Out, Syncer, SYNC_EVERY};

/// Pairs per chunk by default: few enough that a chunk is a small share of a worker's time and the
/// journal advances often, enough that threads wake each other rarely.
pub const DEFAULT_CHUNK_PAIRS: usize = 16;

/// Input bytes per chunk by default (a chunk is closed once it holds this much).
pub const DEFAULT_CHUNK_BYTES: u64 = 256 * 1024;

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
    Mismatch(Error),
}

/// Checks made before any work: every INPUT exists, a folder INPUT holds at least one pair, the
/// output is not one of the inputs, a byte range fits standard input.
fn check_inputs(inputs: &[PathBuf], opts: &BatchOptions) -> Result<(), Error> {
    for p in inputs {
        if p.as_os_str() == "-" {
            continue;
        }
        let meta = std::fs::metadata(p).map_err(|e| Error::io(p, &e))?;
        if meta.is_dir() {
            walk::first_pair_or_why(p, opts.follow).map_err(Error::Usage)?;
        }
    }
    if let Some(out) = &opts.output {
        if let Ok(crate::output::Destination::File(dest)) = crate::output::Destination::resolve(out) {
            for p in inputs.iter().filter(|p| p.as_os_str() != "-") {
                if same_file(p, &dest) {
                    return Err(Error::Usage(format!(
                        "{}: the output is also an INPUT; writing it would replace the input (choose another -o)",
                        out.display()
                    )));
                }
            }
        }
    }
    if let Some((start, len)) = opts.stdin_range {
        if inputs.len() != 1 || inputs[0].as_os_str() != "-" {
            return Err(Error::Usage(
                "a byte range is read from standard input: give `-` as the only INPUT".into(),
            ));
        }
        let f = input::stdin_file().map_err(|e| Error::io_msg("<stdin>", e.to_string()))?;
        let size = f.metadata().map_err(|e| Error::io("<stdin>", &e))?.len();
        if start > size || (start == size && len > 0) {
            return Err(Error::Usage(format!(
                "--byte-range {start}:{len} starts past the end of standard input ({size} bytes)"
            )));
        }
    }
    Ok(())
}

/// Whether two paths name one file (the same device and inode).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

/// The input's total size in bytes when it is known (every INPUT a regular file), for the progress
/// display's share done and time left.
pub(crate) fn known_input_size(inputs: &[PathBuf]) -> Option<u64> {
    let mut total = 0u64;
    for p in inputs {
        let m = std::fs::metadata(p).ok().filter(|m| m.is_file() && p.as_os_str() != "-")?;
        total += m.len();
    }
    Some(total)
}

/// Run a batch over `inputs` (see [`input`] for what an INPUT may be).
///
/// Returns the summary (the caller prints it and exits with 1 when `totals.failed > 0`), or an error
/// for problems with the run itself: bad usage, the output cannot be written, a resume does not match.
pub fn run(inputs: &[PathBuf], opts: &BatchOptions) -> Result<Summary, Error> {
    let start = Instant::now();
    if !opts.format.streams() {
        return Err(Error::Usage(format!(
            "batch writes jsonl, tsv, csv or tmx, not {} (align writes it for one pair)",
            opts.format.name()
        )));
    }
    check_inputs(inputs, opts)?;
    let writer: std::sync::Arc<dyn Writer> = std::sync::Arc::from(crate::output::writer(
        opts.format,
        crate::output::WriteOptions {
            only: opts.only,
            min_score: opts.min_score,
            findings: opts.qa,
            columns: opts.columns.clone(),
            ..Default::default()
        },
    ));
    let settings = opts.settings();
    let (mut out, resumed) = match sink::open_output(opts, &*writer, &settings)? {
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
    crash_point(if resumed.is_some() { "resume-opened" } else { "opened" });
    let skip = resumed.as_ref().map_or(0, |s| s.done);
    let mut totals = resumed.as_ref().map(|s| s.totals).unwrap_or_default();
    let journal_path = out.file.as_ref().map(|(_, _, j)| j.path().to_path_buf());
    let warnings = walk::Warnings::default();
    let (rx, reader, stopped, slot_rx, in_flight) =
        spawn_reader(inputs, opts, writer.clone(), skip, journal_path, &warnings)?;

    let pb = progress::Progress::new(opts, known_input_size(inputs), skip);
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
                Err(_) => return Err(Error::Usage("internal error: the batch reader stopped".into())),
            };
            match msg {
                Msg::End(n) => end = Some(n),
                Msg::Mismatch(e) => return Err(e),
                Msg::Done(n, p) => {
                    pending.insert(n, p);
                }
            }
            if !opts.quiet {
                for w in warnings.take() {
                    pb.note(&format!("bialign: warning: {}", crate::output::escape_terminal(&w)));
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
                            hash: p.hash,
                            id: p.id.clone(),
                        },
                    );
                    totals.add(p.status, &p.stats);
                    bytes_this_run += p.stats.bytes;
                    input_bytes += p.input_bytes;
                    if let Some(e) = &p.error {
                        if opts.format != Format::Jsonl || !opts.quiet {
                            pb.note(&format!("bialign: {}", crate::output::escape_terminal(e)));
                        }
                    } else if !opts.quiet {
                        if p.status == Status::Swapped {
                            pb.note(&format!(
                                "bialign: {}: {SWAP_NOTE}",
                                crate::output::escape_terminal(&p.id)
                            ));
                        }
                        for w in &p.warnings {
                            pb.note(&format!("bialign: warning: {}", crate::output::escape_terminal(w)));
                        }
                    }
                }
                crash_point_at("chunk-written", next);
                // The chunk's records reach the operating system before the journal lines that cover them.
                out.flush()?;
                crash_point_at("chunk-flushed", next);
                if let Some((_, _, j)) = &mut out.file {
                    j.record_lines(&journal_lines)?;
                }
                crash_point_at("chunk-journaled", next);
                unsynced += chunk.bytes.len() as u64;
                if let (Some(s), true) = (&syncer, unsynced >= SYNC_EVERY) {
                    s.request();
                    unsynced = 0;
                }
                pairs_this_run += chunk.pairs.len() as u64;
                pb.advance(&chunk, pairs_this_run, totals.failed, bytes_this_run, start);
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
    pb.finish();
    if result.is_ok() {
        let _ = reader.join();
    }
    if !opts.quiet {
        for w in warnings.take() {
            eprintln!("bialign: warning: {}", crate::output::escape_terminal(&w));
        }
    }
    result?;
    finish_output(out, &*writer, syncer)?;
    Ok(Summary { totals, resumed: skip, bytes_this_run, elapsed: start.elapsed() })
}

/// The footer, then (for a file) durable on disk, the journal marked done, the rename into place,
/// the folder entry durable, the journal removed.
fn finish_output(mut out: Out, writer: &dyn Writer, syncer: Option<Syncer>) -> Result<(), Error> {
    let mut f = Vec::new();
    writer.finish(&mut f).map_err(|e| Error::output(&out.name, "cannot write", &e))?;
    out.write(&f)?;
    out.flush()?;
    crash_point("footer-written");
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
        crash_point("after-journal-removal");
    }
    Ok(())
}

type ReaderParts = (
    mpsc::Receiver<Msg>,
    std::thread::JoinHandle<()>,
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    mpsc::Receiver<()>,
    std::sync::Arc<InFlight>,
);

/// Start the reader thread: it reads the pairs, checks the ones an interrupted run already did
/// against its journal (id and input fingerprint), and hands chunks of the others to a pool of
/// workers, which send them back rendered.
fn spawn_reader(
    inputs: &[PathBuf],
    opts: &BatchOptions,
    writer: std::sync::Arc<dyn Writer>,
    skip: u64,
    journal_path: Option<PathBuf>,
    warnings: &walk::Warnings,
) -> Result<ReaderParts, Error> {
    let jobs = if opts.jobs == 0 {
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    } else {
        opts.jobs
    };
    let window = if opts.window == 0 { 4 * jobs } else { opts.window }.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("bialign-batch-{i}"))
        .build()
        .map_err(|e| Error::Usage(format!("cannot start worker threads: {e}")))?;
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
    let chunk_pairs = if opts.chunk_pairs == 0 { DEFAULT_CHUNK_PAIRS } else { opts.chunk_pairs };
    let chunk_bytes = if opts.chunk_bytes == 0 { DEFAULT_CHUNK_BYTES } else { opts.chunk_bytes };
    let inputs = inputs.to_vec();
    let opts = opts.clone();
    let (in_flight2, stopped2, warnings) = (in_flight.clone(), stopped.clone(), warnings.clone());
    let input_opts = input::InputOptions {
        max_line_bytes: opts.ingest.max_bytes.saturating_mul(2).saturating_add(1 << 16),
        stdin_range: opts.stdin_range,
        follow: opts.follow,
    };
    let reader = std::thread::Builder::new()
        .name("bialign-batch-reader".into())
        .spawn(move || {
            let aopts = std::sync::Arc::new(align_options(&opts));
            let opts = std::sync::Arc::new(opts);
            let (in_flight, stopped) = (in_flight2, stopped2);
            let mut seq = 0u64;
            let mut chunks = 0u64;
            let mut done = match (skip, &journal_path) {
                (n, Some(p)) if n > 0 => match journal::entries(p) {
                    Ok(it) => Some(it),
                    Err(e) => {
                        let _ = tx.send(Msg::Mismatch(e));
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
                let (tx, opts, aopts, writer) = (tx.clone(), opts.clone(), aopts.clone(), writer.clone());
                pool.spawn(move || {
                    let _ = tx.send(Msg::Done(n, pair::process_chunk(chunk, &opts, &aopts, &*writer)));
                });
                true
            };
            let mut chunk: Vec<(PairJob, u64)> = Vec::new();
            let mut bytes = 0u64;
            let (jobs, backlog) = input::pairs_with_backlog(&inputs, &input_opts, &warnings);
            for job in jobs {
                if seq < skip {
                    let expected = done.as_mut().and_then(|it| it.next());
                    if let Err(e) = resumed_matches(&job, expected, seq, &opts, journal_path.as_deref()) {
                        let _ = tx.send(Msg::Mismatch(e));
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
        .map_err(|e| Error::Usage(format!("cannot start the reader thread: {e}")))?;
    Ok((rx, reader, stopped, slot_rx, in_flight))
}

/// The aligner's options for every pair: the batch's with its score threshold. Built once per run
/// and shared by every pair (the aligner's per-thread word caches stay valid while the lexicon is
/// the same `Arc`).
fn align_options(opts: &BatchOptions) -> AlignOptions {
    AlignOptions { min_score: opts.min_score, ..opts.align.clone() }
}

/// A pair an interrupted run already did must be the same pair: the same id and the same input.
fn resumed_matches(
    job: &PairJob,
    expected: Option<(String, u64)>,
    seq: u64,
    opts: &BatchOptions,
    journal: Option<&std::path::Path>,
) -> Result<(), Error> {
    let path = journal.map(std::path::Path::to_path_buf).unwrap_or_default();
    let Some((id, hash)) = expected else {
        return Err(Error::resume(
            &path,
            "the journal lists fewer pairs than it counts; start afresh without --resume",
        ));
    };
    if id != job.id {
        return Err(Error::resume(
            &path,
            format!(
                "the input changed since the interrupted run: pair {} is {:?} but the journal has {:?}; start \
                 afresh without --resume",
                seq + 1,
                job.id,
                id
            ),
        ));
    }
    let now = match &job.source {
        // A failed pair fails the same way again (its message is its fingerprint).
        PairSource::Failed(_) => hash,
        _ => pair::job_fingerprint(job, &opts.ingest),
    };
    if now != hash {
        return Err(Error::resume(
            &path,
            format!(
                "the input changed since the interrupted run: pair {} ({:?}) has other text now; start afresh \
                 without --resume",
                seq + 1,
                job.id
            ),
        ));
    }
    Ok(())
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
}
