//! The output side of a batch: standard output, a device, or a file written through a partial file
//! and a journal (see [`super::journal`]), made durable before it is renamed into place.

use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc;

use crate::error::Error;
use crate::output::Writer;

use super::faults::{crash_point, injected_full};
use super::journal::{self, Journal};
use super::BatchOptions;

/// Where the records go.
pub(crate) struct Out {
    pub w: Box<dyn Write>,
    /// Bytes written so far (for the journal).
    pub len: u64,
    /// The path as given, for messages.
    pub name: PathBuf,
    /// Partial file, final path, journal (file output only).
    pub file: Option<(PathBuf, PathBuf, Journal)>,
}

impl Out {
    pub fn write(&mut self, b: &[u8]) -> Result<(), Error> {
        if let Some(e) = injected_full(self.len, b.len()) {
            return Err(Error::output(&self.name, "cannot write", &e));
        }
        self.w.write_all(b).map_err(|e| Error::output(&self.name, "cannot write", &e))?;
        self.len += b.len() as u64;
        Ok(())
    }
    pub fn flush(&mut self) -> Result<(), Error> {
        self.w.flush().map_err(|e| Error::output(&self.name, "cannot write", &e))
    }
}

/// What opening the output found.
pub(crate) enum Opened {
    /// Write here; `Some` state when an interrupted run is taken over.
    Run(Out, Option<journal::State>),
    /// `--resume` found the run already complete (it ended after renaming its output into place and
    /// before removing the journal): nothing is left to do.
    AlreadyDone(journal::State),
}

/// Output written straight to a stream or device (standard output, `/dev/null`, a pipe): no partial
/// file, no journal; the TMX header first.
fn unjournaled(w: crate::output::OutputFile, writer: &dyn Writer) -> Result<Opened, Error> {
    let name = w.name().to_path_buf();
    let mut out = Out { w: Box::new(w), len: 0, name, file: None };
    let mut h = Vec::new();
    writer.begin(&mut h).map_err(|e| Error::output(&out.name, "cannot write", &e))?;
    out.write(&h)?;
    Ok(Opened::Run(out, None))
}

/// Open the output: standard output, a device or pipe, a fresh partial file, or the partial file of
/// an interrupted run cut back to its journal. A regular file is reached through any symbolic links
/// (`-o link.jsonl` writes the link's target); its partial file and journal sit beside that target,
/// and the journal stays locked for the whole run, so a second run on the same output refuses.
pub(crate) fn open_output(opts: &BatchOptions, writer: &dyn Writer, settings: &str) -> Result<Opened, Error> {
    use crate::output::{Destination, OutputFile};
    let Some(path) = opts.output.clone() else {
        if opts.resume {
            return Err(Error::Usage("--resume needs an output file (-o FILE)".into()));
        }
        return unjournaled(OutputFile::create(None)?, writer);
    };
    let dest = match Destination::resolve(&path)? {
        Destination::File(dest) => dest,
        _ => {
            if opts.resume {
                return Err(Error::Usage(format!(
                    "{}: --resume needs a regular output file, not a device, pipe or standard output",
                    path.display()
                )));
            }
            return unjournaled(OutputFile::create(Some(&path))?, writer);
        }
    };
    let (part, jpath) = journal::paths(&dest);
    let lock = journal::lock(&jpath, &path)?;
    if opts.resume {
        if let Some(st) = journal::read_state(&jpath, settings)? {
            let part_len = std::fs::metadata(&part).map(|m| m.len()).ok();
            match part_len {
                Some(len) if len >= st.offset => {
                    let f = std::fs::OpenOptions::new().write(true).open(&part).map_err(|e| Error::io(&part, &e))?;
                    f.set_len(st.offset).map_err(|e| Error::io(&part, &e))?;
                    crash_point("resume-truncated");
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
                    // The output was renamed into place; only the removal of the journal (and of its
                    // abort and in-flight logs) was lost.
                    journal::remove_logs(&jpath)?;
                    std::fs::remove_file(&jpath).map_err(|e| Error::io(&jpath, &e))?;
                    return Ok(Opened::AlreadyDone(st));
                }
                _ => {
                    return Err(Error::resume(
                        &part,
                        "the partial output is missing or shorter than its journal; start afresh without --resume",
                    ))
                }
            }
        }
    }
    // A fresh run: first forget any interrupted run's journal, so that a crash before the new header is
    // written leaves an empty journal (which --resume treats as nothing done), never an old journal
    // beside a new partial file.
    lock.set_len(0)
        .map_err(|e| Error::output(&path, &format!("cannot write the journal {}", jpath.display()), &e))?;
    crash_point("journal-cleared");
    let f = std::fs::File::create(&part)
        .map_err(|e| Error::output(&path, &format!("cannot create {}", part.display()), &e))?;
    crash_point("part-created");
    let mut w = std::io::BufWriter::with_capacity(1 << 16, f);
    let mut h = Vec::new();
    writer.begin(&mut h).map_err(|e| Error::output(&path, "cannot write", &e))?;
    w.write_all(&h).and_then(|_| w.flush()).map_err(|e| Error::output(&path, "cannot write", &e))?;
    let j = Journal::create(lock, &jpath, settings, h.len() as u64)?;
    Ok(Opened::Run(
        Out { w: Box::new(w), len: h.len() as u64, name: path, file: Some((part, dest, j)) },
        None,
    ))
}

/// Output bytes written between two requests to the [`Syncer`].
pub(crate) const SYNC_EVERY: u64 = 32 << 20;

/// A thread that writes the output file's data to disk when asked (coalescing requests), so the
/// final `sync_all` before the rename finds little left to do. Dropping it waits for the thread.
pub(crate) struct Syncer {
    tx: Option<mpsc::SyncSender<()>>,
    thread: Option<std::thread::JoinHandle<Option<std::io::Error>>>,
}

impl Syncer {
    /// `None` when the file or the thread cannot be had (the final sync still makes it durable).
    pub fn start(path: &std::path::Path) -> Option<Syncer> {
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
    pub fn request(&self) {
        if let Some(tx) = &self.tx {
            let _ = tx.try_send(());
        }
    }
}

impl Syncer {
    /// Stop the thread; the first error it met writing the file to disk, if any.
    pub fn finish(mut self) -> Option<std::io::Error> {
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
