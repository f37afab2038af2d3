//! The reading side of a run: a thread that reads the pairs, checks the ones an interrupted run
//! already did against its journal, and hands chunks of the others to the workers, with at most a
//! window of chunks and a budget of input bytes in flight.

use std::path::PathBuf;
use std::sync::mpsc;

use super::pair::{self, ChunkOutput};
use super::{
    input, journal, walk, BatchOptions, PairJob, PairSource, DEFAULT_CHUNK_BYTES, DEFAULT_CHUNK_PAIRS,
};
use crate::align::AlignOptions;
use crate::error::Error;
use crate::output::Writer;

/// The input bytes of the pairs in flight, shared by the reader (which waits before taking more)
/// and the writer (which releases a pair's bytes once it is written).
#[derive(Default)]
pub(super) struct InFlight {
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

    pub(super) fn release(&self, n: u64) {
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

pub(super) enum Msg {
    /// A chunk's pairs (chunks are numbered from 0 in input order).
    Done(u64, ChunkOutput),
    /// The inputs are exhausted after this many chunks.
    End(u64),
    /// The input does not match the interrupted run's journal.
    Mismatch(Error),
}

pub(super) type ReaderParts = (
    mpsc::Receiver<Msg>,
    std::thread::JoinHandle<()>,
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    mpsc::Receiver<()>,
    std::sync::Arc<InFlight>,
);

/// Start the reader thread: it reads the pairs, checks the ones an interrupted run already did
/// against its journal (id and input fingerprint), and hands chunks of the others to a pool of
/// workers, which send them back rendered.
pub(super) fn spawn_reader(
    inputs: &[PathBuf],
    opts: &BatchOptions,
    writer: std::sync::Arc<dyn Writer>,
    skip: u64,
    journal_path: Option<PathBuf>,
    recovery: std::sync::Arc<pair::Recovery>,
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
                let recovery = recovery.clone();
                pool.spawn(move || {
                    let _ =
                        tx.send(Msg::Done(n, pair::process_chunk(chunk, &opts, &aopts, &*writer, &recovery)));
                });
                true
            };
            let mut chunk: Vec<(PairJob, u64)> = Vec::new();
            let mut bytes = 0u64;
            let (jobs, backlog) = input::pairs_with_backlog(&inputs, &input_opts, &warnings);
            for mut job in jobs {
                job.seq = seq;
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
}
