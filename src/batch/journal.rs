//! The progress journal that makes `--resume` safe after a crash or `kill -9` at any instant.
//!
//! While a batch writes `OUT`, the output goes to `OUT.bialign-part` and a journal
//! `OUT.bialign-journal` records, after each pair's output has been handed to the operating system,
//! one line: the output's length at the end of that pair's records, the pair's statistics and its
//! id. Lines are written whole with one `write` call and only after the output bytes they cover,
//! so at any instant the journal's last *complete* line names a prefix of the output that holds
//! exactly the pairs listed. Resuming truncates the partial output to that length, drops any
//! incomplete journal line, skips the listed pairs (checking that the input still starts with the
//! same pairs: the same ids and the same input fingerprints, see [`super::pair::fingerprint`]) and
//! carries on. The header records every setting that changes the output
//! ([`super::BatchOptions::settings`]); a resume with other settings is refused. When the output is complete the journal gets a `done` line, the
//! partial file is renamed to `OUT` and the journal is removed, with the abort log
//! ([`super::memory`]) and the in-flight log ([`super::inflight`]) that sit beside it.
//!
//! Format (text, one record per line, fields separated by tabs, shown here as `⇥`):
//!
//! ```text
//! bialign-journal 1 ⇥ <settings> ⇥ <output length after the header>
//! <output length> ⇥ <ok|swapped|failed> ⇥ <sentences> ⇥ <quotes> ⇥ <links> ⇥ <unmatched> ⇥ <bytes> ⇥ <input fingerprint, hex> ⇥ <id as JSON>
//! …
//! done
//! ```

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

use super::PairStats;

const MAGIC: &str = "bialign-journal 2";

/// The partial output and journal paths beside `out`.
pub fn paths(out: &Path) -> (PathBuf, PathBuf) {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    (
        out.with_file_name(format!("{name}.bialign-part")),
        out.with_file_name(format!("{name}.bialign-journal")),
    )
}

/// One completed pair as recorded in the journal.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The output's length once the pair was written.
    pub offset: u64,
    /// How it ended.
    pub status: Status,
    /// Its counts, for the run's totals.
    pub stats: PairStats,
    /// Fingerprint of the pair's input.
    pub hash: u64,
    /// The pair's id.
    pub id: String,
}

/// How a pair ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Aligned.
    Ok,
    /// Aligned, with its sides swapped back.
    Swapped,
    /// Written as an error record.
    Failed,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Swapped => "swapped",
            Status::Failed => "failed",
        }
    }
}

/// Format one entry line (with its line break).
pub fn entry_line(e: &Entry) -> String {
    let mut line = String::new();
    push_entry_line(&mut line, e);
    line
}

/// Append one entry line (with its line break) to `buf`.
pub fn push_entry_line(buf: &mut String, e: &Entry) {
    use std::fmt::Write as _;
    let s = &e.stats;
    let _ = writeln!(
        buf,
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:016x}\t{}",
        e.offset,
        e.status.as_str(),
        s.sentences,
        s.quotes,
        s.links,
        s.unmatched,
        s.bytes,
        e.hash,
        serde_json::to_string(&e.id).unwrap_or_default()
    );
}

fn parse_entry(line: &str) -> Option<Entry> {
    let f: Vec<&str> = line.splitn(9, '\t').collect();
    if f.len() != 9 {
        return None;
    }
    let n = |i: usize| f[i].parse::<u64>().ok();
    let status = match f[1] {
        "ok" => Status::Ok,
        "swapped" => Status::Swapped,
        "failed" => Status::Failed,
        _ => return None,
    };
    Some(Entry {
        offset: n(0)?,
        status,
        stats: PairStats { sentences: n(2)?, quotes: n(3)?, links: n(4)?, unmatched: n(5)?, bytes: n(6)? },
        hash: u64::from_str_radix(f[7], 16).ok()?,
        id: serde_json::from_str(f[8]).ok()?,
    })
}

/// The header line for a run with these settings and this header length.
pub fn header_line(settings: &str, header_len: u64) -> String {
    format!("{MAGIC}\t{settings}\t{header_len}\n")
}

/// What an interrupted run left.
#[derive(Debug, Default)]
pub struct State {
    /// Output length after the format's header.
    pub header_len: u64,
    /// Number of complete entries.
    pub done: u64,
    /// Output length after the last complete entry (or the header).
    pub offset: u64,
    /// Journal length up to the end of the last complete line.
    pub journal_len: u64,
    /// Totals over the recorded pairs.
    pub totals: super::Totals,
    /// The run finished writing (a `done` line).
    pub complete: bool,
}

/// Read a journal, keeping only complete lines. `Ok(None)`: no usable journal (absent, empty or
/// without a complete header). Errors when it was written with other settings.
pub fn read_state(path: &Path, settings: &str) -> Result<Option<State>, Error> {
    let f = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::resume(path, format!("cannot read the journal: {e}"))),
    };
    let mut r = BufReader::new(f);
    let mut line = String::new();
    let mut st = State::default();
    let mut pos = 0u64;
    let mut first = true;
    loop {
        line.clear();
        let n = r
            .read_line(&mut line)
            .map_err(|e| Error::resume(path, format!("cannot read the journal: {e}")))?;
        if n == 0 || !line.ends_with('\n') {
            break;
        }
        let l = line.trim_end_matches('\n');
        if first {
            let f: Vec<&str> = l.split('\t').collect();
            if f.len() != 3 || !f[0].starts_with("bialign-journal") {
                return Err(Error::resume(path, "not a bialign journal"));
            }
            if f[0] != MAGIC {
                return Err(Error::resume(
                    path,
                    format!(
                        "written by another version of bialign ({}); start afresh without --resume",
                        f[0]
                    ),
                ));
            }
            if f[1] != settings {
                let theirs: Vec<&str> = f[1].split(' ').collect();
                let differ: Vec<&str> = settings.split(' ').filter(|s| !theirs.contains(s)).collect();
                return Err(Error::resume(
                    path,
                    format!(
                        "the interrupted run used other settings ({}; now {}); resume with the same options, \
                         lexicon and inputs, or start afresh without --resume",
                        f[1],
                        differ.join(" ")
                    ),
                ));
            }
            st.header_len = f[2].parse().map_err(|_| Error::resume(path, "bad journal header"))?;
            st.offset = st.header_len;
            first = false;
        } else if l == "done" {
            st.complete = true;
        } else {
            let e = parse_entry(l)
                .ok_or_else(|| Error::resume(path, format!("unreadable journal line {}", st.done + 2)))?;
            st.offset = e.offset;
            st.done += 1;
            st.totals.add(e.status, &e.stats);
        }
        pos += n as u64;
        st.journal_len = pos;
    }
    if first {
        return Ok(None);
    }
    Ok(Some(st))
}

/// The (id, input fingerprint) of each pair recorded in a journal, in order (read lazily, to check
/// the input on resume).
pub fn entries(path: &Path) -> Result<impl Iterator<Item = (String, u64)> + Send, Error> {
    let f = File::open(path).map_err(|e| Error::resume(path, format!("cannot read the journal: {e}")))?;
    Ok(BufReader::new(f)
        .lines()
        .skip(1)
        .map_while(|l| l.ok())
        .filter_map(|l| parse_entry(&l))
        .map(|e| (e.id, e.hash)))
}

/// Open (creating it if needed, never truncating) and lock the journal at `path` for the output
/// named `output`: the lock is held while the returned file is open, so one run at a time writes an
/// output. A journal locked by another run is refused with a clear message.
pub fn lock(path: &Path, output: &Path) -> Result<File, Error> {
    // A run that finishes removes its journal while holding the lock; a second run that opened the
    // file just before would then lock a file no longer at `path` (and write a journal no one can
    // find). Locked, the file must still be the one at `path`; if not, open the new one.
    for _ in 0..8 {
        let file =
            OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path).map_err(
                |e| Error::output(output, &format!("cannot open the journal {}", path.display()), &e),
            )?;
        match file.try_lock() {
            Ok(()) => {
                if still_at(&file, path) {
                    return Ok(file);
                }
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(Error::output_msg(
                    output,
                    &format!(
                        "another bialign run is writing this output (its journal {} is locked); wait for it \
                         to finish or choose another -o",
                        path.display()
                    ),
                    std::io::ErrorKind::ResourceBusy,
                ))
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(Error::output(output, &format!("cannot lock the journal {}", path.display()), &e))
            }
        }
    }
    Err(Error::output_msg(
        output,
        &format!("its journal {} keeps being replaced by another run; try again", path.display()),
        std::io::ErrorKind::ResourceBusy,
    ))
}

/// Whether the open `file` is the file now at `path` (the same device and inode).
fn still_at(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// An open journal being appended to (locked: see [`lock`]).
pub struct Journal {
    file: File,
    path: PathBuf,
    /// The run's abort log beside it, open while the run goes.
    aborts: Option<super::memory::AbortLog>,
    /// The run's in-flight log beside it.
    inflight: std::sync::Arc<super::inflight::InflightLog>,
}

impl Journal {
    /// Start a new journal with its header line, in the locked `file` at `path`.
    pub fn create(file: File, path: &Path, settings: &str, header_len: u64) -> Result<Journal, Error> {
        let mut file = file;
        file.set_len(0).map_err(|e| Error::output(path, "cannot write the journal", &e))?;
        file.write_all(header_line(settings, header_len).as_bytes())
            .map_err(|e| Error::output(path, "cannot write the journal", &e))?;
        // A fresh run: the pairs an earlier run aborted on, or was killed with, are no concern of
        // this one.
        remove_logs(path)?;
        Ok(Journal {
            file,
            path: path.to_path_buf(),
            aborts: Some(open_aborts(path)?),
            inflight: open_inflight(path)?,
        })
    }

    /// Take over an existing journal (the locked `file` at `path`), dropping anything after `len`
    /// (an incomplete last line).
    pub fn reopen(file: File, path: &Path, len: u64) -> Result<Journal, Error> {
        file.set_len(len).map_err(|e| Error::output(path, "cannot write the journal", &e))?;
        let mut j = Journal {
            file,
            path: path.to_path_buf(),
            aborts: Some(open_aborts(path)?),
            inflight: open_inflight(path)?,
        };
        use std::io::Seek;
        j.file
            .seek(std::io::SeekFrom::End(0))
            .map_err(|e| Error::output(path, "cannot write the journal", &e))?;
        Ok(j)
    }

    /// Record one completed pair (one `write` call).
    pub fn record(&mut self, e: &Entry) -> Result<(), Error> {
        self.file
            .write_all(entry_line(e).as_bytes())
            .map_err(|err| Error::output(&self.path, "cannot write the journal", &err))
    }

    /// Record completed pairs: whole entry lines (see [`push_entry_line`]) in one `write` call.
    pub fn record_lines(&mut self, lines: &str) -> Result<(), Error> {
        if let Some(err) = super::faults::injected_journal_full() {
            return Err(Error::output(&self.path, "cannot write the journal", &err));
        }
        self.file
            .write_all(lines.as_bytes())
            .map_err(|err| Error::output(&self.path, "cannot write the journal", &err))
    }

    /// Record that the output is complete (written to disk before the output is renamed, so a crash
    /// after the rename leaves a journal that `--resume` recognises as finished).
    pub fn complete(&mut self) -> Result<(), Error> {
        self.file
            .write_all(b"done\n")
            .map_err(|err| Error::output(&self.path, "cannot write the journal", &err))?;
        self.file.sync_data().map_err(|err| Error::output(&self.path, "cannot write the journal", &err))
    }

    /// The journal's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The run's in-flight log (see [`super::inflight`]).
    pub fn inflight(&self) -> std::sync::Arc<super::inflight::InflightLog> {
        self.inflight.clone()
    }

    /// Remove the journal of a finished run (its lock goes with it), its abort log and its in-flight
    /// log.
    pub fn remove(mut self) -> Result<(), Error> {
        drop(self.aborts.take());
        remove_logs(&self.path)?;
        std::fs::remove_file(&self.path)
            .map_err(|e| Error::output(&self.path, "cannot remove the journal", &e))
    }
}

/// The abort log beside the journal `journal` (`OUT.bialign-aborts`): the pairs a run ended on
/// because the system refused an allocation (see [`super::memory`]), one `PLACE<TAB>BYTES` line each.
pub fn aborts_path(journal: &Path) -> PathBuf {
    let name = journal.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = name.strip_suffix("journal").unwrap_or(&name);
    journal.with_file_name(format!("{stem}aborts"))
}

/// The in-flight log beside the journal `journal` (`OUT.bialign-inflight`): the pairs being aligned
/// as each run went, to tell after a kill which were in flight (see [`super::inflight`]).
pub fn inflight_path(journal: &Path) -> PathBuf {
    let name = journal.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = name.strip_suffix("journal").unwrap_or(&name);
    journal.with_file_name(format!("{stem}inflight"))
}

/// Remove the abort log and the in-flight log beside the journal `journal` (missing ones are fine).
pub(crate) fn remove_logs(journal: &Path) -> Result<(), Error> {
    for (path, what) in [
        (aborts_path(journal), "cannot remove the abort log"),
        (inflight_path(journal), "cannot remove the in-flight log"),
    ] {
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(Error::output(&path, what, &e)),
            _ => {}
        }
    }
    Ok(())
}

fn open_inflight(journal: &Path) -> Result<std::sync::Arc<super::inflight::InflightLog>, Error> {
    let path = inflight_path(journal);
    super::inflight::InflightLog::open(&path)
        .map(std::sync::Arc::new)
        .map_err(|e| Error::output(&path, "cannot open the in-flight log", &e))
}

fn open_aborts(journal: &Path) -> Result<super::memory::AbortLog, Error> {
    let path = aborts_path(journal);
    super::memory::AbortLog::open(&path).map_err(|e| Error::output(&path, "cannot open the abort log", &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_incomplete_lines_are_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("j");
        let mut j = Journal::create(lock(&p, &p).unwrap(), &p, "jsonl", 10).unwrap();
        let e = Entry {
            offset: 99,
            status: Status::Swapped,
            stats: PairStats { sentences: 3, quotes: 1, links: 2, unmatched: 1, bytes: 500 },
            hash: 0xDEAD_BEEF_0123,
            id: "a\tb\n\"c\"".into(),
        };
        j.record(&e).unwrap();
        drop(j);
        // A torn write: half a line.
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"120\tok\t1").unwrap();
        let st = read_state(&p, "jsonl").unwrap().unwrap();
        assert_eq!((st.header_len, st.done, st.offset), (10, 1, 99));
        assert_eq!(st.totals.swapped, 1);
        assert_eq!(st.journal_len as usize, std::fs::read_to_string(&p).unwrap().find("120").unwrap());
        assert_eq!(
            entries(&p).unwrap().collect::<Vec<_>>(),
            vec![("a\tb\n\"c\"".to_string(), 0xDEAD_BEEF_0123)]
        );
        assert!(read_state(&p, "tsv").is_err());
    }
}
