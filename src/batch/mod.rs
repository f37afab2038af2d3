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

mod commit;
pub mod compressed;
mod faults;
pub mod inflight;
pub mod input;
mod job;
pub mod journal;
pub mod memory;
pub mod options;
pub mod pair;
mod progress;
mod reader;
mod sink;
pub mod walk;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use crate::error::Error;
use crate::output::Writer;

use commit::Committer;
use faults::{crash_point, injected_sync_fault};
pub use job::{PairJob, PairSource};
pub use options::{BatchOptions, PairStats, Summary, Totals, DEFAULT_MAX_PAIR_MEMORY};
use pair::ChunkOutput;
pub use pair::SWAP_NOTE;
use reader::{spawn_reader, Msg};
use sink::{Opened, Out, Syncer};

/// Pairs per chunk by default: few enough that a chunk is a small share of a worker's time and the
/// journal advances often, enough that threads wake each other rarely.
pub const DEFAULT_CHUNK_PAIRS: usize = 16;

/// Input bytes per chunk by default (a chunk is closed once it holds this much).
pub const DEFAULT_CHUNK_BYTES: u64 = 256 * 1024;

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
    let totals = resumed.as_ref().map(|s| s.totals).unwrap_or_default();
    let journal_path = out.file.as_ref().map(|(_, _, j)| j.path().to_path_buf());
    // The pairs an interrupted run ended on, out of memory: error records now, not a second abort.
    let aborted = match (&resumed, &journal_path) {
        (Some(_), Some(j)) => memory::read_aborts(&journal::aborts_path(j)),
        _ => Default::default(),
    };
    // The pairs in flight when earlier runs were killed (see `inflight`): tried again alone, or, in
    // flight at two kills, error records.
    let strikes = match (&resumed, &journal_path) {
        (Some(_), Some(j)) => inflight::read_strikes(&journal::inflight_path(j)),
        _ => Default::default(),
    };
    let log = out.file.as_ref().map(|(_, _, j)| j.inflight());
    let _run = log.clone().map(RunInLog::begin);
    faults::injected_refusals();
    let warnings = walk::Warnings::default();
    let (rx, reader, stopped, slot_rx, in_flight) = spawn_reader(
        inputs,
        opts,
        writer.clone(),
        skip,
        journal_path,
        std::sync::Arc::new(pair::Recovery::new(aborted, strikes, log)),
        &warnings,
    )?;

    let pb = progress::Progress::new(opts, known_input_size(inputs), skip);
    let mut pending: BTreeMap<u64, ChunkOutput> = BTreeMap::new();
    let mut next = 0u64;
    let mut end: Option<u64> = None;
    // The output file is made durable at the end (before the rename); asking for it as the run goes,
    // on a thread of its own, leaves little for that last wait.
    let syncer = out.file.as_ref().and_then(|(part, _, _)| Syncer::start(part));
    let mut commit = Committer::new(opts, &pb, start, totals, syncer);
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
                let input_bytes = commit.chunk(&mut out, &chunk, next)?;
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
    let (totals, bytes_this_run, syncer) = commit.end();
    finish_output(out, &*writer, syncer)?;
    Ok(Summary { totals, resumed: skip, bytes_this_run, elapsed: start.elapsed() })
}

/// This run's section of the in-flight log: `run` when it starts, `end` when [`run`] returns (with its
/// result or an error), which a kill never lets it write.
struct RunInLog(std::sync::Arc<inflight::InflightLog>);

impl RunInLog {
    fn begin(log: std::sync::Arc<inflight::InflightLog>) -> RunInLog {
        log.begin_run();
        RunInLog(log)
    }
}

impl Drop for RunInLog {
    fn drop(&mut self) {
        self.0.end_run();
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Format;

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
